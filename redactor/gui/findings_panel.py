"""The findings panel: the findings grouped by entity, filtered or sorted by confidence (the
model is :mod:`redactor.gui.findings_model`, the detail pane :mod:`redactor.gui.detail_pane`).

The panel is a ``QTreeView`` over :class:`FindingsModel`, a read-only item model that answers
from the immutable :class:`~redactor.core.analysis.Analysis` on demand: showing thousands of
findings costs no item objects, and a new decision only repaints (the entity structure is
unchanged) instead of rebuilding the tree.

While an analysis runs, the findings found so far are shown as a flat list in a C++
``QStandardItemModel`` filled in time-boxed slices from a zero timer. A Python model there
would cost the GUI thread one Python call (and, with the worker thread busy, one wait for the
GIL) per row every time the tree lays itself out after rows arrive: about a second for 2,000
findings. :attr:`FindingsPanel.settled` says when every finding received is in the list.
When the list is replaced, its rows are deleted in time-boxed slices too (deleting tens of
thousands of items at once would block the GUI thread for a good part of a second), starting
:attr:`FindingsPanel.DRAIN_DELAY_MS` later: not in the turn that paints the list replacing it.
The list holds at most :attr:`FindingsPanel.PARTIAL_ROWS` findings and one last row counting
the rest: every cost of the list (filling, laying out, painting, deleting it) then stays
bounded however long the document; the text view highlights every finding meanwhile, and the
whole list, grouped by entity, replaces it when the analysis ends.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTreeView, QWidget

from redactor.core.analysis import Analysis
from redactor.core.model import Finding
from redactor.gui.explain import label_words
from redactor.gui.findings_model import (
    COLUMNS,
    FindingFilter,
    FindingsModel,
    one_line,
)
from redactor.gui.palette import label_colour

__all__ = ["FindingsPanel", "FindingsModel", "one_line"]

_DISPLAY = Qt.ItemDataRole.DisplayRole
_ACCESSIBLE = Qt.ItemDataRole.AccessibleTextRole
_FOREGROUND = Qt.ItemDataRole.ForegroundRole
_TOOLTIP = Qt.ItemDataRole.ToolTipRole
#: the role under which QStandardItem keeps an item's flags (``QStandardItem::setFlags``)
_FLAGS = Qt.ItemDataRole.UserRole - 1

class FindingsPanel(QTreeView):
    """Entities with their mentions; choosing a row selects a finding (by index)."""

    findingSelected = Signal(int)
    settledChanged = Signal()  # every finding received so far is shown (see ``settled``)
    SLICE_S = 0.008  # GUI-thread time budget of one slice filling the partial list
    SLICE_ROWS = 4  # rows added between two looks at the clock (the worker may hold the GIL)
    DRAIN_ROWS = 20  # rows of a discarded list deleted between two looks at the clock
    PARTIAL_ROWS = 1000  # findings listed while analysing (the rest counted in one last row)
    DRAIN_DELAY_MS = 100  # before a discarded list is emptied (then one slice per turn)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Findings")
        self.setAccessibleDescription(
            "Findings grouped by entity. Enter or click scrolls the document to a finding; "
            "A masks, R keeps, J and K move to the next or previous finding.")
        self.model_ = FindingsModel(self)
        self.partial_model = self._new_partial_model()
        self._partial: list[Finding] = []  # every finding received while analysing
        self._filled = 0  # how many of them are rows of partial_model
        self._more: int | None = None  # the row counting findings not listed
        self._more_n = 0  # the count that row shows
        self._fill_timer = QTimer(self)
        self._fill_timer.setSingleShot(True)
        self._fill_timer.setInterval(0)
        self._fill_timer.timeout.connect(self._fill_slice)
        self._discarded: list[QStandardItemModel] = []  # old lists, emptied in slices
        self._drain_timer = QTimer(self)
        self._drain_timer.setSingleShot(True)
        self._drain_timer.setInterval(0)
        self._drain_timer.timeout.connect(self._drain_slice)
        self._suppress = False
        self.setModel(self.model_)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._setup_header()
        self.selectionModel().currentChanged.connect(self._on_current)
        self.activated.connect(lambda index: self._on_current(index, QModelIndex()))

    def _setup_header(self) -> None:
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for col, width in ((0, 110), (2, 70), (3, 110), (4, 50), (5, 70)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(col, width)

    def _use(self, model: QAbstractItemModel) -> None:
        """Show ``model`` (the analysis model or the list of partial findings)."""
        if self.model() is model:
            return
        old = self.selectionModel()
        sizes = [self.header().sectionSize(c) for c in range(len(COLUMNS))]
        self.setModel(model)
        if old is not None:
            old.currentChanged.disconnect(self._on_current)
            old.deleteLater()
        self.selectionModel().currentChanged.connect(self._on_current)
        self._setup_header()
        for col in (0, 2, 3, 4, 5):
            self.header().resizeSection(col, sizes[col])

    def _new_partial_model(self) -> QStandardItemModel:
        model = QStandardItemModel(0, len(COLUMNS), self)
        model.setHorizontalHeaderLabels(list(COLUMNS))
        return model

    def _reset_partial(self) -> None:
        self._fill_timer.stop()
        was_pending = not self.settled
        self._partial, self._filled, self._more, self._more_n = [], 0, None, 0
        if self.partial_model.rowCount():
            # a fresh model: removing thousands of rows from a shown one costs the GUI thread
            old, self.partial_model = self.partial_model, self._new_partial_model()
            if self.model() is old:
                self._use(self.partial_model)
            self._discarded.append(old)
            if not self._drain_timer.isActive():
                # not in the turn that paints the list replacing it (the end of an analysis)
                self._drain_timer.start(self.DRAIN_DELAY_MS)
        if was_pending:
            self.setUpdatesEnabled(True)
            self.settledChanged.emit()

    def _drain_slice(self) -> None:
        """Delete rows of discarded lists until the slice's time budget is spent."""
        t0 = time.perf_counter()
        first = True
        while self._discarded and (first or time.perf_counter() - t0 < self.SLICE_S):
            first = False
            model = self._discarded[0]
            rows = model.rowCount()
            if rows:
                # taken, not removed: the items' Python wrappers go with them, instead of
                # all at once when the model is deleted; from the end, so nothing moves
                for row in range(rows - 1, max(-1, rows - 1 - self.DRAIN_ROWS), -1):
                    model.takeRow(row)
            else:
                self._discarded.pop(0).deleteLater()
        if self._discarded:
            self._drain_timer.start(0)

    @property
    def settled(self) -> bool:
        """True when no finding received is still waiting to be added to the list (or to
        its count of the findings not listed)."""
        return self._filled >= min(len(self._partial), self.PARTIAL_ROWS) and (
            self._more_n == self._unlisted())

    def _unlisted(self) -> int:
        return max(0, len(self._partial) - self.PARTIAL_ROWS)

    # -- content ---------------------------------------------------------------------------
    def clear_all(self) -> None:
        self._reset_partial()
        self.model_.clear()
        self._use(self.model_)

    def show_partial(self, findings: Sequence[Finding]) -> None:
        """Findings as they arrive, before the analysis (entities, decisions) is complete.
        Only new findings are added, in slices (``settled`` tells when all are shown)."""
        self._suppress = True
        if (self.model() is not self.partial_model or len(findings) < len(self._partial)
                or (self._partial and findings and findings[0] is not self._partial[0])):
            self._reset_partial()
            self.model_.clear()
            self._use(self.partial_model)
        self._partial.extend(findings[len(self._partial):])
        self._suppress = False
        if not self.settled and not self._fill_timer.isActive():
            # one repaint when the batch is in, not one per slice: with the worker busy,
            # every paint may wait for the GIL
            self.setUpdatesEnabled(False)
            self._fill_timer.start()

    def _fill_slice(self) -> None:
        """Add rows for waiting findings until the slice's time budget is spent.

        The rows' cells are made by the model itself (``insertRows`` + ``setItemData``), not
        as ``QStandardItem`` objects from Python: the view asks a Python-made item for its
        data and flags through PySide's override look-up, which takes the GIL, so painting a
        screenful of new rows waited for the worker's GIL once per cell (stalls of 100 ms and
        more while the analysis ran); cells made in C++ paint without Python."""
        t0 = time.perf_counter()
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        model = self.partial_model
        listed = min(len(self._partial), self.PARTIAL_ROWS)
        while self._filled < listed and time.perf_counter() - t0 < self.SLICE_S:
            batch = self._partial[self._filled:min(listed, self._filled + self.SLICE_ROWS)]
            row = self._filled
            model.insertRows(row, len(batch))
            for n, f in enumerate(batch, row):
                text = one_line(f.text)
                spoken = f"{f.label} {text}, not yet decided"
                cells = (str(f.full_type), text, f"@{f.span.start}", "pending", "", "")
                for col, value in enumerate(cells):
                    data = {_DISPLAY: value, _ACCESSIBLE: spoken, _FLAGS: flags.value}
                    if col == 0:
                        data[_FOREGROUND] = label_colour(f.label)
                        data[_TOOLTIP] = label_words(f.label)
                    model.setItemData(model.index(n, col), data)
            self._filled += len(batch)
        if self._filled >= listed and self._unlisted():
            self._count_unlisted(model, flags)
        if self.settled:
            self.setUpdatesEnabled(True)
            self.settledChanged.emit()
        else:
            self._fill_timer.start()

    def _count_unlisted(self, model: QStandardItemModel, flags: Qt.ItemFlag) -> None:
        """Add or update the last row: how many findings the list does not show."""
        n = self._unlisted()
        text = f"… and {n} more found so far (listed when the analysis ends)"
        if self._more is None:
            self._more = model.rowCount()
            model.insertRows(self._more, 1)
            for col in range(len(COLUMNS)):
                model.setItemData(model.index(self._more, col), {_DISPLAY: "", _FLAGS: flags.value})
        model.setItemData(model.index(self._more, 1),
                          {_DISPLAY: text, _ACCESSIBLE: text, _FLAGS: flags.value})
        self._more_n = n

    def set_analysis(self, analysis: Analysis | None, current: int | None = None) -> None:
        self._suppress = True
        self._reset_partial()
        self._use(self.model_)
        self.model_.set_analysis(analysis)
        if current is not None:
            self.select_finding(current)
        self._suppress = False

    def set_filter(self, flt: FindingFilter, current: int | None = None) -> None:
        """Show only the findings ``flt`` keeps (sorted by confidence if it says so)."""
        self._suppress = True
        self.model_.set_filter(flt)
        if current is not None:
            self.select_finding(current)
        self._suppress = False

    def shown_findings(self) -> list[int]:
        """The findings the list shows (after the filter)."""
        return self.model_.shown_findings() if self.model() is self.model_ else []

    def summary(self) -> str:
        m = self.model_
        if m.analysis is not None:
            a = m.analysis
            review = sum(1 for d in a.decisions if d.action == "REVIEW")
            shown = (f"; {len(m.shown_findings())} shown by the filter"
                     if m.filter.active else "")
            return (f"{len(a.entities)} entities, {len(a.findings)} mentions, "
                    f"{len(a.masked_indices) - review} masked, {review} to review{shown}")
        if self._partial:
            return f"found so far: {len(self._partial)} (analysing…)"
        if m.partial:
            return f"found so far: {len(m.partial)} (analysing…)"
        return ""

    def top_level_count(self) -> int:
        if self.model() is self.partial_model:
            return len(self._partial)
        return self.model_.rowCount()

    def mention_count(self) -> int:
        a = self.model_.analysis
        return len(a.findings) if a is not None else 0

    def index_for(self, i: int) -> QModelIndex:
        return self.model_.index_of_finding(i)

    def select_finding(self, i: int) -> None:
        index = self.model_.index_of_finding(i)
        if not index.isValid():
            return
        suppress, self._suppress = self._suppress, True
        self.expand(index.parent())
        self.setCurrentIndex(index)
        self.scrollTo(index)
        self._suppress = suppress

    def _on_current(self, index: QModelIndex, _previous: QModelIndex) -> None:
        if self._suppress or self.model() is not self.model_:
            return
        i = self.model_.finding_at(index)
        if i is not None:
            self.findingSelected.emit(i)
