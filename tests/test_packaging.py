"""Packaging: every package folder is listed in pyproject, resources are found, and the
architecture contract (PySide6 only under redactor.gui) holds."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAPPING = {"redactor": ROOT / "redactor", "redactor_plugins": ROOT / "plugins",
           "redactor_resources": ROOT / "resources"}


def test_every_package_folder_is_listed() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(config["tool"]["setuptools"]["packages"])
    found = set()
    for name, folder in MAPPING.items():
        for init in folder.rglob("__init__.py"):
            rel = init.parent.relative_to(folder)
            found.add(".".join((name, *rel.parts)))
    assert found <= listed, f"add to pyproject packages: {sorted(found - listed)}"


def test_resources_are_found() -> None:
    from redactor.core.resources import resource_path

    assert (resource_path("policies") / "default.toml").is_file()


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_pyside6_only_under_gui() -> None:
    offenders = []
    for folder in (ROOT / "redactor", ROOT / "plugins"):
        for py in folder.rglob("*.py"):
            if (ROOT / "redactor" / "gui") in py.parents:
                continue
            if "PySide6" in _imports(py):
                offenders.append(str(py.relative_to(ROOT)))
    assert offenders == []


def test_import_linter_contract() -> None:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if exe is None:
        pytest.skip("import-linter is not installed")
    res = subprocess.run([exe, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-2000:]
