"""The app is split by concern: small modules, and a main window that delegates to parts with
one job each (actions and menus, the file queue, the review, the background jobs …)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import ast
from pathlib import Path

import redactor.gui

GUI = Path(redactor.gui.__file__).parent
MAX_LINES = 600


def test_every_gui_module_is_small_and_says_what_it_does() -> None:
    modules = sorted(GUI.glob("*.py"))
    assert len(modules) > 10
    too_long = {p.name: n for p in modules
                if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert too_long == {}, f"over {MAX_LINES} lines: {too_long}"
    undocumented = [p.name for p in modules
                    if not ast.get_docstring(ast.parse(p.read_text(encoding="utf-8")))]
    assert undocumented == []


def test_the_main_window_is_composed_of_separate_parts(make_window) -> None:  # type: ignore[no-untyped-def]
    from redactor.gui.actions import Actions
    from redactor.gui.analysis_controller import AnalysisController
    from redactor.gui.background import BackgroundJobs
    from redactor.gui.export_controller import ExportController
    from redactor.gui.file_queue import FileQueue
    from redactor.gui.review_controller import ReviewController
    from redactor.gui.session import Session
    from redactor.gui.workspace import Workspace

    w = make_window()
    parts = {"actions": Actions, "queue": FileQueue, "review": ReviewController,
             "jobs": BackgroundJobs, "analysis": AnalysisController, "export": ExportController,
             "workspace": Workspace, "session": Session}
    for name, cls in parts.items():
        assert type(getattr(w, name)) is cls, name
    assert len({id(getattr(w, name)) for name in parts}) == len(parts)
    assert len(set(parts.values())) == len(parts)
    # the window's own widgets and state are its parts'
    assert w.centralWidget() is w.workspace
    assert w.view is w.workspace.view and w.runner is w.jobs.runner
    assert w.undo_group is w.review.undo_group and w.entries is w.queue.entries


def test_parts_do_not_import_the_main_window() -> None:
    """The window composes the parts; no part depends on it (or on the actions)."""
    for path in sorted(GUI.glob("*.py")):
        if path.name in ("main_window.py", "app.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and node.module}
        assert "redactor.gui.main_window" not in imported, path.name
        if path.name != "actions.py":
            assert "redactor.gui.actions" not in imported, path.name
