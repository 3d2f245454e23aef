"""Help → User guide and Help → Keyboard shortcuts: offline, inside the app.

The guide is ``docs/user-guide.md`` (its screenshots included) when Redactor runs from a
source tree, else the copy installed with the resources (``redactor_resources/docs``); the
shortcut list is built from the window's own actions, so it is never out of date.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import QDialog, QTextBrowser, QVBoxLayout, QWidget

from redactor.core.resources import resource_path

_REPO_GUIDE = Path(__file__).resolve().parents[2] / "docs" / "user-guide.md"


def guide_path() -> Path | None:
    for path in (_REPO_GUIDE, resource_path("docs", "user-guide.md")):
        if path.is_file():
            return path
    return None


def _dialog(parent: QWidget, title: str) -> tuple[QDialog, QTextBrowser]:
    dlg = QDialog(parent)
    dlg.setWindowTitle(title)
    dlg.setAccessibleName(title)
    dlg.resize(820, 680)
    browser = QTextBrowser(dlg)
    browser.setAccessibleName(title)
    browser.setOpenExternalLinks(False)
    browser.anchorClicked.connect(
        lambda url: None if url.scheme() in ("", "file") else QDesktopServices.openUrl(url))
    QVBoxLayout(dlg).addWidget(browser)
    return dlg, browser


def user_guide(parent: QWidget) -> QDialog:
    """Show the user guide (Markdown, rendered; links inside it work offline)."""
    dlg, browser = _dialog(parent, "Redactor user guide")
    path = guide_path()
    if path is None:
        browser.setHtml("<h2>User guide</h2><p>The guide is not installed with this copy of "
                        "Redactor. Help → Keyboard shortcuts lists every shortcut.</p>")
    else:
        browser.setSearchPaths([str(path.parent)])
        browser.document().setBaseUrl(QUrl.fromLocalFile(str(path.parent) + "/"))
        browser.setMarkdown(path.read_text(encoding="utf-8"))
    dlg.show()
    return dlg


def shortcut_rows(actions: Any) -> list[tuple[str, str]]:
    """(what, keys) for every action of the window that has a shortcut."""
    rows = []
    for action in vars(actions).values():
        if isinstance(action, QAction) and action.shortcuts():
            keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                             for k in action.shortcuts())
            rows.append((action.text().replace("&", ""), keys))
    return rows


def shortcuts(parent: QWidget, actions: Any) -> QDialog:
    """Show every keyboard shortcut of the window."""
    dlg, browser = _dialog(parent, "Keyboard shortcuts")
    rows = "".join(f"<tr><td>{html.escape(what)}</td><td><b>{html.escape(keys)}</b></td></tr>"
                   for what, keys in shortcut_rows(actions))
    browser.setHtml("<h2>Keyboard shortcuts</h2><table cellpadding='4'>"
                    f"<tr><th align='left'>Action</th><th align='left'>Keys</th></tr>{rows}"
                    "</table><p>On the Pages tab, click a box to select its finding; with "
                    "<b>D</b> on, drag to draw an area to burn; <b>O</b> draws the words OCR "
                    "read over scanned pages and pictures.</p>")
    dlg.show()
    return dlg
