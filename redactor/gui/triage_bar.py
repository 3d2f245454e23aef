"""The findings list's triage bar: filters (label, decision, how sure, found by), the order
(by entity, or least sure first), "Next to review" and the bulk decisions on what is shown.

:class:`TriageBar` only reports: ``filterChanged`` (a
:class:`~redactor.gui.findings_model.FindingFilter`), ``nextClicked``, ``maskShownClicked``,
``keepShownClicked``. :meth:`TriageBar.set_analysis` fills the detector choice and the count
of findings to review.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QPushButton, QWidget

from redactor.core.analysis import Analysis
from redactor.core.model import Action, Label
from redactor.gui.explain import detector_name, label_words
from redactor.gui.findings_model import FindingFilter


class TriageBar(QWidget):
    """Filters, order, next-to-review and bulk decisions for the findings list."""

    filterChanged = Signal(object)  # FindingFilter
    nextClicked = Signal()
    maskShownClicked = Signal()
    keepShownClicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Triage")
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.label = self._combo("Filter by label", [("All labels", "")] + [
            (label_words(lab), str(lab)) for lab in Label])
        self.decision = self._combo("Filter by decision", [
            ("All decisions", ""), ("To review", str(Action.REVIEW)),
            ("Masked", str(Action.MASK)), ("Kept", str(Action.KEEP))])
        self.band = self._combo("Filter by how sure the detector is", [
            ("Any certainty", ""), ("Less than 50 % sure", "low"),
            ("50–80 % sure", "medium"), ("80 % sure or more", "high")])
        self.detector = self._combo("Filter by what found it", [("Found by anything", "")])
        self.order = self._combo("Order of the list", [
            ("Grouped by entity", False), ("Least sure first", True)])
        for col, w in enumerate((self.label, self.decision, self.band)):
            grid.addWidget(w, 0, col)
        grid.addWidget(self.detector, 1, 0)
        grid.addWidget(self.order, 1, 1)
        self.next_button = QPushButton("&Next to review (N)")
        self.next_button.setAccessibleName("Go to the next finding to review")
        self.next_button.setToolTip("Go to the next finding still to review (N)")
        self.next_button.clicked.connect(lambda: self.nextClicked.emit())
        grid.addWidget(self.next_button, 1, 2)
        self.review_count = QLabel("")
        self.review_count.setAccessibleName("Findings to review")
        grid.addWidget(self.review_count, 2, 0)
        self.mask_shown = QPushButton("Mask all shown")
        self.mask_shown.setAccessibleName("Mask every finding the list shows")
        self.mask_shown.setToolTip("Mask every finding the list shows now (after the filters); "
                                   "one step to undo")
        self.mask_shown.clicked.connect(lambda: self.maskShownClicked.emit())
        self.keep_shown = QPushButton("Keep all shown")
        self.keep_shown.setAccessibleName("Keep every finding the list shows")
        self.keep_shown.setToolTip("Keep in clear every finding the list shows now (after the "
                                   "filters); one step to undo")
        self.keep_shown.clicked.connect(lambda: self.keepShownClicked.emit())
        grid.addWidget(self.mask_shown, 2, 1)
        grid.addWidget(self.keep_shown, 2, 2)
        self._detectors: tuple[str, ...] = ()

    def _combo(self, name: str, items: list[tuple[str, object]]) -> QComboBox:
        combo = QComboBox()
        combo.setAccessibleName(name)
        combo.setToolTip(name)
        for text, data in items:
            combo.addItem(text, data)
        combo.currentIndexChanged.connect(lambda _i: self.filterChanged.emit(self.filter()))
        return combo

    def filter(self) -> FindingFilter:
        return FindingFilter(self.label.currentData() or "", self.decision.currentData() or "",
                             self.band.currentData() or "", self.detector.currentData() or "",
                             bool(self.order.currentData()))

    def set_filter(self, flt: FindingFilter) -> None:
        """Choose ``flt`` in the combos (one ``filterChanged`` at the end)."""
        for combo, value in ((self.label, flt.label), (self.decision, flt.decision),
                             (self.band, flt.band), (self.detector, flt.detector),
                             (self.order, flt.by_confidence)):
            combo.blockSignals(True)
            combo.setCurrentIndex(max(0, combo.findData(value)))
            combo.blockSignals(False)
        self.filterChanged.emit(self.filter())

    def set_analysis(self, analysis: Analysis | None) -> None:
        """The detectors to choose from and the count of findings to review."""
        review = 0 if analysis is None else sum(1 for d in analysis.decisions
                                                if d.action == Action.REVIEW)
        self.review_count.setText(f"{review} to review" if analysis is not None else "")
        self.next_button.setEnabled(review > 0)
        for b in (self.mask_shown, self.keep_shown):
            b.setEnabled(analysis is not None and bool(analysis.findings))
        detectors = tuple(sorted({d for f in (analysis.findings if analysis else ())
                                  for d in (f.detectors or (f.detector,)) if d}))
        if detectors != self._detectors:
            self._detectors = detectors
            current = self.detector.currentData()
            self.detector.blockSignals(True)
            self.detector.clear()
            self.detector.addItem("Found by anything", "")
            for d in detectors:
                self.detector.addItem(f"Found by {detector_name(d)}", d)
            self.detector.setCurrentIndex(max(0, self.detector.findData(current)))
            self.detector.blockSignals(False)
