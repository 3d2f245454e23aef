"""Helpers for the plugin-kit tests: the CLI as a subprocess and offline installs into a
private target folder (the shared virtualenv is never touched)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "plugins"
TIMEOUT = 600


def redactor_cmd() -> list[str]:
    """The ``redactor`` console script next to this Python, else ``python -m``."""
    script = Path(sys.executable).with_name("redactor")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-m", "redactor.cli.main"]


def env(site: Path | None = None) -> dict[str, str]:
    """This process's environment (the isolated REDACTOR_* folders of tests/conftest.py),
    with ``site`` as the only PYTHONPATH entry, or none."""
    out = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PIP_TARGET")}
    out.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", PYTHONDONTWRITEBYTECODE="1")
    out.pop("REDACTOR_STRICT_PLUGINS", None)
    if site is not None:
        out["PYTHONPATH"] = str(site)
    return out


def run(cmd: Sequence[str], *, site: Path | None = None, cwd: Path | None = None,
        check: bool = True) -> subprocess.CompletedProcess[str]:
    res = subprocess.run(list(cmd), cwd=cwd, env=env(site), capture_output=True, text=True,
                         timeout=TIMEOUT)
    if check and res.returncode != 0:
        pytest.fail(f"{' '.join(map(str, cmd))} exited {res.returncode}\n"
                    f"{res.stdout[-4000:]}\n{res.stderr[-4000:]}")
    return res


def install(project: Path, site: Path) -> None:
    """``pip install`` a project into ``site`` with no network, no build isolation and no
    dependencies (setuptools comes from this virtualenv)."""
    run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation",
         "--no-index", "--quiet", "--target", str(site), str(project)])


def copy_project(src: Path, dest: Path) -> Path:
    """A clean copy (pip builds in the source tree: keep the repository's examples clean)."""
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns(
        "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache"))
    return dest


def run_project_tests(project: Path, site: Path) -> subprocess.CompletedProcess[str]:
    return run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                str(project / "tests")], site=site, cwd=project)
