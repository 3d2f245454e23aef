"""Small dialogs used while reviewing: mark a span, search and redact all, strategy per label."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from redactor.core.model import Label
from redactor.core.review_file import SEARCH_MODES


def _buttons(dialog: QDialog, ok_text: str) -> QDialogButtonBox:
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                           | QDialogButtonBox.StandardButton.Cancel)
    box.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    box.button(QDialogButtonBox.StandardButton.Ok).setAccessibleName(ok_text)
    box.button(QDialogButtonBox.StandardButton.Cancel).setAccessibleName("Cancel")
    box.setAccessibleName("Dialog buttons")
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


def label_combo(default: Label | None = None) -> QComboBox:
    combo = QComboBox()
    combo.setAccessibleName("Label")
    for lab in Label:
        combo.addItem(str(lab), lab)
    if default is not None:
        combo.setCurrentIndex(list(Label).index(default))
    return combo


class MarkDialog(QDialog):
    """Choose the label of a span the reviewer selected."""

    def __init__(self, preview: str, default: Label = Label.PERSON,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Mark for redaction")
        self.setAccessibleName("Mark for redaction")
        form = QFormLayout(self)
        shown = QLabel(preview if len(preview) < 120 else preview[:119] + "…")
        shown.setAccessibleName("Selected text")
        shown.setWordWrap(True)
        form.addRow("Selected text:", shown)
        self.label = label_combo(default)
        form.addRow("&Label:", self.label)
        form.addRow(_buttons(self, "Mark"))

    def chosen_label(self) -> Label:
        return Label(self.label.currentData())


class SearchDialog(QDialog):
    """"Search and redact all": a word, a phrase or a regular expression."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Search and redact all")
        self.setAccessibleName("Search and redact all")
        form = QFormLayout(self)
        self.query = QLineEdit()
        self.query.setAccessibleName("Search for")
        self.query.setPlaceholderText("a word, a phrase or a regular expression")
        form.addRow("&Search for:", self.query)
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
        form.addRow("&Label:", self.label)
        form.addRow(_buttons(self, "Redact all"))


class StrategyDialog(QDialog):
    """Change the replacement strategy for every finding of one label."""

    def __init__(self, strategies: Sequence[str], label: Label | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Strategy for a label")
        self.setAccessibleName("Strategy for a label")
        form = QFormLayout(self)
        self.label = label_combo(label)
        form.addRow("&Label:", self.label)
        self.strategy = QComboBox()
        self.strategy.setAccessibleName("Strategy")
        self.strategy.addItems(list(strategies))
        form.addRow("&Strategy:", self.strategy)
        form.addRow(_buttons(self, "Apply"))
