"""Small dialogs used while reviewing: mark a span, strategy per label (search and redact all
is :mod:`redactor.gui.search_dialog`); labels are always shown with their meaning."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QWidget,
)

from redactor.core.model import Label
from redactor.gui.explain import label_words


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
    """A label chooser that says what each label means ("DEM — demographic: age, job …")."""
    combo = QComboBox()
    combo.setAccessibleName("Label")
    for lab in Label:
        combo.addItem(label_words(lab), lab)
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
