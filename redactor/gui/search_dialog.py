"""Search and redact all, as Acrobat's Find & Redact: find a word, a phrase or a regular
expression, read every match in its context, tick the ones to redact, then apply.

A match over an existing finding says so ("already PERSON, masked"): applying masks that
finding and never changes its label; any other match becomes a finding of the chosen label,
which defaults to the label of the existing findings of the same text (else MISC).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from redactor.core.analysis import Analysis
from redactor.core.errors import RedactorError
from redactor.core.model import Label
from redactor.core.review_file import SEARCH_MODES, search_spans
from redactor.gui.palette import ACTION_WORDS
from redactor.gui.review_dialogs import label_combo
from redactor.gui.review_edits import Match, label_for, matches_in

#: Matches listed at most (the rest are counted; "Tick all" covers them too).
LISTED = 2000


class SearchDialog(QDialog):
    """Find, review the matches in context, tick, redact (``apply`` carries the query, the
    mode, the label, case sensitivity and the ticked spans)."""

    apply = Signal(str, str, object, bool, list)

    def __init__(self, analysis: Analysis, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.analysis = analysis
        self.matches: list[Match] = []
        self.setWindowTitle("Search and redact all")
        self.setAccessibleName("Search and redact all")
        self.resize(720, 560)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        row = QHBoxLayout()
        self.query = QLineEdit()
        self.query.setAccessibleName("Search for")
        self.query.setPlaceholderText("a word, a phrase or a regular expression")
        self.query.returnPressed.connect(self.find)
        row.addWidget(self.query, 1)
        self.find_button = QPushButton("&Find")
        self.find_button.setAccessibleName("Find the matches")
        self.find_button.clicked.connect(self.find)
        row.addWidget(self.find_button)
        query_label = QLabel("&Search for:")
        query_label.setBuddy(self.query)
        form.addRow(query_label, row)
        self.mode = QComboBox()
        self.mode.setAccessibleName("Match as")
        for m in SEARCH_MODES:
            self.mode.addItem({"word": "Whole word", "phrase": "Phrase (whole words)",
                               "regex": "Regular expression"}[m], m)
        form.addRow("&Match as:", self.mode)
        self.case = QCheckBox("&Case sensitive")
        self.case.setAccessibleName("Case sensitive")
        form.addRow(self.case)
        self.label = label_combo(Label.MISC)
        form.addRow("&Label of new findings:", self.label)
        layout.addLayout(form)
        self.summary = QLabel("Type what to look for and press Find.")
        self.summary.setAccessibleName("Matches found")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.list = QListWidget()
        self.list.setAccessibleName("Matches: tick the ones to redact")
        self.list.setWordWrap(True)
        layout.addWidget(self.list, 1)
        ticks = QHBoxLayout()
        for text, on in (("Tick &all", True), ("&Untick all", False)):
            b = QPushButton(text)
            b.setAccessibleName(text.replace("&", ""))
            b.clicked.connect(lambda _c=False, on=on: self.tick_all(on))
            ticks.addWidget(b)
        ticks.addStretch(1)
        layout.addLayout(ticks)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel)
        self.ok = box.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText("&Redact ticked")
        self.ok.setAccessibleName("Redact the ticked matches")
        self.ok.setEnabled(False)
        box.accepted.connect(self._apply)
        box.rejected.connect(self.reject)
        layout.addWidget(box)

    def find(self) -> list[Match]:
        """List the matches with their context, ticked; choose the label of new findings."""
        self.list.clear()
        try:
            spans = search_spans(self.analysis.document.text, self.query.text(),
                                 self.mode.currentData(), case_sensitive=self.case.isChecked())
        except RedactorError as exc:
            self.summary.setText(f"⚠ {exc}")
            self.matches = []
            self.ok.setEnabled(False)
            return []
        self.matches = matches_in(self.analysis, spans)
        a = self.analysis
        label = label_for(a, [m.text for m in self.matches[:50]]) if self.matches else Label.MISC
        self.label.setCurrentIndex(list(Label).index(label))
        existing = sum(1 for m in self.matches if m.finding is not None)
        self.summary.setText(
            f"{len(self.matches)} match(es); {existing} already found (masking them keeps "
            f"their label), the others become {label} findings. Untick any that should stay.")
        for m in self.matches[:LISTED]:
            note = ""
            if m.finding is not None:
                f, d = a.findings[m.finding], a.decisions[m.finding]
                note = f"   [already {f.label}, {ACTION_WORDS[d.action]}]"
            item = QListWidgetItem(f"…{m.before} ⟦{m.text}⟧ {m.after}…{note}")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            item.setToolTip(html.escape(f"characters {m.span.start}–{m.span.end}"))
            self.list.addItem(item)
        if len(self.matches) > LISTED:
            more = QListWidgetItem(f"… and {len(self.matches) - LISTED} more (redacted with "
                                   "the ticked ones)")
            more.setFlags(Qt.ItemFlag.NoItemFlags)
            self.list.addItem(more)
        self.ok.setEnabled(bool(self.matches))
        return self.matches

    def tick_all(self, on: bool) -> None:
        state = Qt.CheckState.Checked if on else Qt.CheckState.Unchecked
        for row in range(min(self.list.count(), len(self.matches))):
            self.list.item(row).setCheckState(state)

    def ticked(self) -> list[int]:
        """Indices (into :attr:`matches`) of the ticked matches (those not listed count as
        ticked)."""
        listed = min(self.list.count(), len(self.matches))
        out = [r for r in range(listed)
               if self.list.item(r).checkState() == Qt.CheckState.Checked]
        return out + list(range(LISTED, len(self.matches)))

    def _apply(self) -> None:
        spans = [self.matches[r].span for r in self.ticked()]
        if spans:
            self.apply.emit(self.query.text(), self.mode.currentData(),
                            Label(self.label.currentData()), self.case.isChecked(), spans)
        self.accept()
