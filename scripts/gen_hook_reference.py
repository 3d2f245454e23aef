#!/usr/bin/env python3
"""Regenerate ``docs/hook-reference.md`` from the hook specifications and the plugin API.

    .venv/bin/python scripts/gen_hook_reference.py          # rewrite the file
    .venv/bin/python scripts/gen_hook_reference.py --check  # exit 1 when it is stale

The renderer is :mod:`redactor.pluginhost.reference` (also ``python -m`` runnable).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from redactor.pluginhost.reference import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
