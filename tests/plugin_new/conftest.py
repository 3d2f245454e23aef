"""Fixtures of the plugin-kit tests (helpers: plugin_kit_helpers.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from plugin_kit_helpers import redactor_cmd, run


@pytest.fixture
def new_project(tmp_path: Path) -> Callable[..., Path]:
    """``redactor plugin new NAME --kind KIND --dir tmp`` as a subprocess; returns the folder."""
    def make(name: str, kind: str) -> Path:
        res = run([*redactor_cmd(), "plugin", "new", name, "--kind", kind,
                   "--dir", str(tmp_path)])
        assert "next steps" in res.stdout
        return tmp_path / name
    return make
