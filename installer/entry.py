"""Entry point of the frozen bundle: ``redactor …`` is the CLI; the ``redactor-gui`` launcher
(which sets ``REDACTOR_ENTRY=gui``) opens the desktop app with its own options."""

import os
import sys

if __name__ == "__main__":
    if os.environ.pop("REDACTOR_ENTRY", "") == "gui":
        from redactor.gui.app import main as gui_main

        sys.exit(gui_main())
    from redactor.cli.main import main

    sys.exit(main())
