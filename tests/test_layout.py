"""The house rules of the layout: plugins/ by kind, small modules, one registering module per
built-in, rooms for OCR engines and search providers."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from redactor.pluginhost.builtins import BUILTINS

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("formats", "detectors", "indicators", "strategies", "ocr", "search", "shared")
MAX_LINES = 600


def _modules(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*.py") if "__pycache__" not in p.parts]


@pytest.mark.parametrize("folder", ["redactor", "plugins"])
def test_no_module_over_600_lines(folder: str) -> None:
    long = {str(p.relative_to(ROOT)): n for p in _modules(ROOT / folder)
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"split these modules (over {MAX_LINES} lines): {long}"


def test_plugins_are_laid_out_by_kind() -> None:
    top = {p.name for p in (ROOT / "plugins").iterdir()
           if p.is_dir() and p.name != "__pycache__"}
    assert top == set(KINDS)
    loose = [p.name for p in (ROOT / "plugins").glob("*.py") if p.name != "__init__.py"]
    assert not loose, f"modules belong in a kind's folder: {loose}"


def test_no_folder_top_holds_more_than_a_dozen_modules() -> None:
    for folder in (ROOT / "plugins").rglob("*"):
        if folder.is_dir() and folder.name != "__pycache__":
            count = len([p for p in folder.glob("*.py") if p.name != "__init__.py"])
            assert count <= 12, f"{folder.relative_to(ROOT)} holds {count} modules"


def test_every_builtin_is_the_plugin_module_of_its_kind() -> None:
    for name, module in BUILTINS.items():
        assert module.startswith("redactor_plugins.") and module.endswith(".plugin"), name
        kind = module.split(".")[1]
        assert kind in KINDS, module
        mod = importlib.import_module(module)
        hooks = [a for a in dir(mod) if getattr(getattr(mod, a), "redactor_impl", None)]
        assert hooks, f"built-in {name} registers nothing"


def test_every_package_says_what_it_holds() -> None:
    for init in (ROOT / "plugins").rglob("__init__.py"):
        doc = init.read_text(encoding="utf-8").strip()
        assert doc.startswith('"""') and len(doc) > 40, f"{init.relative_to(ROOT)}: docstring"
