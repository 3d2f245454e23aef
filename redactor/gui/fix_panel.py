"""What to do after a refused export: the findings whose text survived, and the fixes.

The verifier names each finding whose text was still found in the output (id, label, page,
offsets — never the text; :mod:`redactor.core.issue_refs`). :class:`FixPanel` lists them;
choosing one selects it in the main window (``fix("show", i)``), and the buttons keep it in
clear, widen its mask to the whole word, or select its text to mark it again.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from redactor.core.model import FindingRef

ROLE = 0x0100 + 7  # Qt.UserRole + 7: the finding's index


class FixPanel(QWidget):
    """The findings of a refused export and what can be done about each."""

    fix = Signal(str, int)  # "show", "keep", "widen" or "mark"; the finding's index

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Findings to fix")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel("These findings are still in the output. Choose one to see it, "
                            "then keep it, widen its mask or mark it again, and export again:")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.list = QListWidget()
        self.list.setAccessibleName("Findings whose text survived")
        self.list.currentItemChanged.connect(lambda item, _old: self._chosen(item))
        layout.addWidget(self.list)
        row = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for what, text, tip in (
                ("keep", "&Keep it in clear", "Leave this mention unmasked (a fragment that "
                 "identifies no one)"),
                ("widen", "&Widen the mask", "Mask the whole word it is part of"),
                ("mark", "Mark &again…", "Select its text in the document and mark it anew")):
            b = QPushButton(text)
            b.setAccessibleName(text.replace("&", ""))
            b.setToolTip(tip)
            b.clicked.connect(lambda _c=False, what=what: self._act(what))
            row.addWidget(b)
            self.buttons[what] = b
        row.addStretch(1)
        layout.addLayout(row)
        self.refs: list[FindingRef] = []
        self.hide()

    def show_issues(self, issues: Sequence[object]) -> list[FindingRef]:
        """List the findings the issues point at (shown only when there are some); the first
        is chosen, which selects it in the main window."""
        self.list.clear()
        seen: dict[int, tuple[FindingRef, str]] = {}
        for issue in issues:
            for ref in getattr(issue, "findings", ()):
                seen.setdefault(ref.index, (ref, f"{getattr(issue, 'where', '')}: "
                                                  f"{getattr(issue, 'what', '')}"))
        self.refs = [ref for ref, _ in seen.values()]
        for ref, why in seen.values():
            item = QListWidgetItem(f"{ref.describe()} — {why}")
            item.setData(ROLE, ref.index)
            self.list.addItem(item)
        self.setVisible(bool(self.refs))
        if self.refs:
            self.list.setCurrentRow(0)
        return self.refs

    def current_index(self) -> int | None:
        item = self.list.currentItem()
        return None if item is None else int(item.data(ROLE))

    def _chosen(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.fix.emit("show", int(item.data(ROLE)))

    def _act(self, what: str) -> None:
        """Fix the chosen finding; it leaves the list (the others' ids may have moved: a
        widened mask renumbers them — export again for a fresh list)."""
        i = self.current_index()
        if i is None:
            return
        self.fix.emit(what, i)
        row = self.list.currentRow()
        self.list.blockSignals(True)
        self.list.takeItem(row)
        self.list.blockSignals(False)
        self.refs = [r for r in self.refs if r.index != i]
        if what == "widen" or not self.refs:
            self.list.clear()
            self.refs = []
            self.title.setText("Fixed. Press Export again (the verifier checks the new "
                               "output and lists anything still left).")
