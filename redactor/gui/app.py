"""Entry point of the desktop app: ``redactor-gui [FILE...]`` or ``redactor gui [FILE...]``.

The app quits within seconds on SIGTERM, SIGHUP or SIGINT (a session logout, ``kill``,
Ctrl-C in a terminal), saving first the review of every file with unsaved decisions
(:func:`quit_on_termination`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="redactor-gui",
        description="Review and redact personal identifiers in DOCX, PDF and TXT files.")
    parser.add_argument("files", nargs="*", type=Path, help="files to open in the queue")
    parser.add_argument("--policy", help="policy preset name or TOML file")
    parser.add_argument("--analyse", "--analyze", action="store_true", dest="analyse",
                        help="start analysing the files at once")
    parser.add_argument("--quit-after", type=float, metavar="SECONDS",
                        help="close the app after SECONDS (a smoke test for installers)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Start the app with ``argv`` (file paths and options, without the program name)."""
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        from PySide6.QtWidgets import QApplication
    except ImportError:
        print("redactor-gui needs PySide6: pip install 'redactor[gui]'", file=sys.stderr)
        return 2

    from redactor.core.errors import RedactorError
    from redactor.core.policy import load_policy
    from redactor.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "redactor-gui"])
    app.setApplicationName("Redactor")
    app.setOrganizationName("redactor")
    app.setApplicationDisplayName("Redactor")
    policy = None
    if args.policy:
        try:
            policy = load_policy(args.policy)
        except RedactorError as exc:
            print(f"redactor-gui: {exc}", file=sys.stderr)
            return 2
    from redactor.core.settings import Settings

    try:
        settings = Settings.load()
    except RedactorError as exc:  # never start without the user's always-mask terms
        from PySide6.QtWidgets import QMessageBox

        print(f"redactor-gui: {exc}", file=sys.stderr)
        QMessageBox.critical(None, "Redactor", f"{exc}.\n\nThe settings may hold your always-"
                             "mask terms and blocked plugins, so Redactor does not start "
                             "without them.")
        return 2
    window = MainWindow(settings=settings, policy=policy)
    missing = [p for p in args.files if not p.is_file()]
    for p in missing:
        print(f"redactor-gui: {p}: file not found", file=sys.stderr)
    present = [p for p in args.files if p.is_file()]
    if present:
        window.open_files(present, analyse=args.analyse)
    window.show()
    quit_on_termination(window)
    if args.quit_after is not None:
        from PySide6.QtCore import QTimer

        def smoke_quit() -> None:
            print(f"redactor-gui: window shown with {len(present)} file(s); quitting",
                  flush=True)
            app.quit()

        QTimer.singleShot(int(args.quit_after * 1000), smoke_quit)
    return run_event_loop(app)


def quit_on_termination(window: Any) -> None:
    """On SIGTERM, SIGHUP or SIGINT: save the unsaved reviews, then close the window and
    quit. Qt's event loop runs in C++, where a Python signal handler would wait for the next
    Python call, so the signal is delivered through a socket the loop watches
    (``signal.set_wakeup_fd`` and a ``QSocketNotifier``)."""
    import signal
    import socket

    from PySide6.QtCore import QSocketNotifier

    try:
        reader, writer = socket.socketpair()
        reader.setblocking(False)
        writer.setblocking(False)
        signal.set_wakeup_fd(writer.fileno())
    except (OSError, ValueError):  # not the main thread, or no socket pair here
        return
    for name in ("SIGTERM", "SIGHUP", "SIGINT"):
        sig = getattr(signal, name, None)
        if sig is not None:
            signal.signal(sig, lambda _signum, _frame: None)  # the socket carries it
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read, window)

    def terminated() -> None:
        try:
            reader.recv(64)
        except OSError:
            pass
        written = window.end_session()
        print(f"redactor-gui: terminated; {len(written)} review(s) saved", file=sys.stderr,
              flush=True)

    notifier.activated.connect(terminated)
    window._termination = (reader, writer, notifier)  # kept alive with the window


def run_event_loop(app: object) -> int:
    """Run Qt's event loop until the last window closes (tests replace this)."""
    return int(app.exec())  # type: ignore[attr-defined]


if __name__ == "__main__":
    raise SystemExit(main())
