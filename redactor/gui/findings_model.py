"""The findings list's item model: entities and their mentions, filtered and sorted.

:class:`FindingsModel` is a read-only model that answers from the immutable
:class:`~redactor.core.analysis.Analysis` on demand (thousands of findings cost no item
objects; a new decision only repaints). A :class:`FindingFilter` keeps the findings of one
label, decision, confidence band or detector; grouped, the rows are the entities with a
matching mention (their matching mentions below), or — sorted by confidence — one flat row per
matching finding, least sure first. While an analysis runs the model lists the findings found
so far (see :mod:`redactor.gui.findings_panel`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt

from redactor.core.analysis import Analysis
from redactor.core.model import Action, Finding
from redactor.gui.explain import detector_words, label_words, sure
from redactor.gui.palette import ACTION_SYMBOLS, ACTION_WORDS, label_colour

COLUMNS = ("Label", "Text", "Mentions", "Decision", "Sure", "Risk")
ROLE_FINDING = Qt.ItemDataRole.UserRole + 1
#: the roles :meth:`FindingsModel.data` answers (any other returns None at once)
_ROLES = frozenset({Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ForegroundRole,
                    Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole,
                    ROLE_FINDING})
_TOP = 0  # internal id of a top-level row; a mention row stores its parent's row + 1
#: Confidence bands of the filter: (name, lowest score, highest score excluded).
BANDS = {"low": (0.0, 0.5), "medium": (0.5, 0.8), "high": (0.8, 1.01)}

Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True, slots=True)
class FindingFilter:
    """Which findings the list shows ("" everywhere: all of them)."""

    label: str = ""
    decision: str = ""  # an Action value
    band: str = ""  # a key of BANDS
    detector: str = ""
    by_confidence: bool = False  # one row per finding, least sure first

    def keeps(self, analysis: Analysis, i: int) -> bool:
        f = analysis.findings[i]
        if self.label and str(f.label) != self.label:
            return False
        if self.decision and str(analysis.decisions[i].action) != self.decision:
            return False
        if self.band:
            lo, hi = BANDS[self.band]
            if not lo <= f.score < hi:
                return False
        return not self.detector or self.detector in (f.detectors or (f.detector,))

    @property
    def active(self) -> bool:
        return bool(self.label or self.decision or self.band or self.detector)


def entity_decision(analysis: Analysis, mentions: Sequence[int]) -> str:
    actions = {analysis.decisions[i].action for i in mentions}
    if len(actions) == 1:
        a = actions.pop()
        return f"{ACTION_SYMBOLS[a]} {ACTION_WORDS[a]}"
    if Action.REVIEW in actions:
        return f"{ACTION_SYMBOLS[Action.REVIEW]} some to review"
    return "◩ mixed"


def risk_summary(analysis: Analysis, i: int) -> str:
    signals = [s for s in analysis.signals[i] if not s.abstained]
    if not signals:
        return "—"
    fired = sum(1 for s in signals if s.risky)
    return f"{fired}/{len(signals)} risky"


def one_line(text: str, limit: int = 80) -> str:
    """``text`` on one line, cut to ``limit`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class FindingsModel(QAbstractItemModel):
    """Entities (top level) and their mentions, or one row per finding by confidence; or,
    while analysing, a flat list of the findings found so far."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.analysis: Analysis | None = None
        self.partial: list[Finding] = []
        self.filter = FindingFilter()
        self.top: list[int] = []  # entity indices (grouped) or finding indices (by confidence)
        self.children: dict[int, list[int]] = {}  # entity index -> its mentions shown
        self._row_of: dict[int, int] = {}  # entity or finding index -> its top-level row

    # -- content ---------------------------------------------------------------------------
    def set_analysis(self, analysis: Analysis | None) -> None:
        old = self.analysis
        same_shape = (old is not None and analysis is not None and not self.partial
                      and old.findings is analysis.findings
                      and old.entities is analysis.entities and not self.filter.decision)
        if same_shape:
            self.analysis = analysis
            self._repaint_all()
            return
        self.beginResetModel()
        self.analysis, self.partial = analysis, []
        self._build()
        self.endResetModel()

    def set_filter(self, flt: FindingFilter) -> None:
        self.beginResetModel()
        self.filter = flt
        self._build()
        self.endResetModel()

    def _build(self) -> None:
        a, flt = self.analysis, self.filter
        self.top, self.children = [], {}
        if a is None:
            self._row_of = {}
            return
        if flt.by_confidence:
            kept = [i for i in range(len(a.findings)) if flt.keeps(a, i)]
            self.top = sorted(kept, key=lambda i: (a.findings[i].score, a.findings[i].span.start))
        else:
            for e, entity in enumerate(a.entities):
                shown = ([m for m in entity.mentions if flt.keeps(a, m)] if flt.active
                         else list(entity.mentions))
                if shown:
                    self.top.append(e)
                    self.children[e] = shown
        self._row_of = {x: row for row, x in enumerate(self.top)}

    def shown_findings(self) -> list[int]:
        """Every finding the list shows now (what a bulk decision applies to)."""
        if self.filter.by_confidence:
            return list(self.top)
        return [m for e in self.top for m in self.children[e]]

    def set_partial(self, findings: Sequence[Finding]) -> None:
        if self.analysis is not None or len(findings) < len(self.partial):
            self.beginResetModel()
            self.analysis, self.partial, self.top, self.children = None, [], [], {}
            self.endResetModel()
        new = list(findings[len(self.partial):])
        if new:
            self.beginInsertRows(QModelIndex(), len(self.partial),
                                 len(self.partial) + len(new) - 1)
            self.partial.extend(new)
            self.endInsertRows()

    def clear(self) -> None:
        self.beginResetModel()
        self.analysis, self.partial, self.top, self.children = None, [], [], {}
        self.endResetModel()

    def _repaint_all(self) -> None:
        # Same entities, new decisions: a layout change keeps expansion and selection.
        self.layoutAboutToBeChanged.emit()
        self.layoutChanged.emit()

    # -- mapping ---------------------------------------------------------------------------
    def finding_at(self, index: Index) -> int | None:
        if not index.isValid() or self.analysis is None:
            return None
        parent_id = int(index.internalId())
        if parent_id == _TOP:
            x = self.top[index.row()]
            return x if self.filter.by_confidence else self.children[x][0]
        return self.children[self.top[parent_id - 1]][index.row()]

    def index_of_finding(self, i: int) -> QModelIndex:
        a = self.analysis
        if a is None or not (0 <= i < len(a.findings)):
            return QModelIndex()
        if self.filter.by_confidence:
            row = self._row_of.get(i)
            return QModelIndex() if row is None else self.index(row, 0)
        e = a.entity_of[i]
        row = self._row_of.get(e)
        if row is None or i not in self.children[e]:
            return QModelIndex()
        return self.index(self.children[e].index(i), 0, self.index(row, 0))

    # -- QAbstractItemModel ----------------------------------------------------------------
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        # checked here, not by hasIndex(): that calls rowCount() and columnCount() back
        # through Qt (a repaint asks for hundreds of indexes)
        if not (0 <= column < len(COLUMNS) and 0 <= row < self.rowCount(parent)):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _TOP)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or int(index.internalId()) == _TOP:
            return QModelIndex()
        return self.createIndex(int(index.internalId()) - 1, 0, _TOP)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        if not parent.isValid():
            return len(self.top) if self.analysis is not None else len(self.partial)
        if (self.analysis is None or self.filter.by_confidence
                or int(parent.internalId()) != _TOP or parent.column() != 0):
            return 0
        return len(self.children[self.top[parent.row()]])

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return ("", "", "", "", "How sure the detector is that this is what its label "
                    "says", "How many risk checks say it could identify someone")[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # a repaint asks each cell for a dozen roles: those not answered return at once
        if role not in _ROLES or not index.isValid():
            return None
        a = self.analysis
        if a is None:
            return self._partial_data(self.partial[index.row()], index.column(), role)
        parent_id = int(index.internalId())
        if parent_id == _TOP and not self.filter.by_confidence:
            return self._entity_data(a, self.top[index.row()], index.column(), role)
        i = self.finding_at(index)
        assert i is not None
        return self._finding_data(a, i, index.column(), role)

    def _partial_data(self, f: Finding, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return (str(f.full_type), one_line(f.text), f"@{f.span.start}", "pending",
                    sure(f.score), "")[column]
        if role == Qt.ItemDataRole.ForegroundRole and column == 0:
            return label_colour(f.label)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{label_words(f.label)}: {one_line(f.text)}, not yet decided"
        return None

    def _entity_data(self, a: Analysis, e: int, column: int, role: int) -> Any:
        entity = a.entities[e]
        shown = self.children[e]
        first = shown[0]
        if role == Qt.ItemDataRole.DisplayRole:  # only the cell's column is computed
            if column == 0:
                return str(entity.label)
            if column == 1:
                return one_line(entity.canonical)
            if column == 2:
                return str(len(shown))
            if column == 3:
                return entity_decision(a, shown)
            return sure(a.findings[first].score) if column == 4 else risk_summary(a, first)
        if role == Qt.ItemDataRole.ForegroundRole and column == 0:
            return label_colour(entity.label)
        if role == Qt.ItemDataRole.ToolTipRole:
            return (f"{label_words(entity.label)} — {entity.id}, {len(entity.mentions)} "
                    "mention(s), masked together")
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return (f"{label_words(entity.label)}: {one_line(entity.canonical)}, "
                    f"{len(shown)} mentions, {entity_decision(a, shown)}")
        if role == ROLE_FINDING:
            return first
        return None

    def _finding_data(self, a: Analysis, i: int, column: int, role: int) -> Any:
        f, d = a.findings[i], a.decisions[i]
        if role == Qt.ItemDataRole.DisplayRole:  # only the cell's column is computed
            if column == 0:
                return f.full_type
            if column == 1:
                return one_line(f.text)
            if column == 2:
                return f"@{f.span.start}"
            if column == 3:
                return f"{ACTION_SYMBOLS[d.action]} {ACTION_WORDS[d.action]}"
            return sure(f.score) if column == 4 else risk_summary(a, i)
        if role == Qt.ItemDataRole.ForegroundRole and column == 0:
            return label_colour(f.label)
        if role == Qt.ItemDataRole.ToolTipRole:
            return (f"{label_words(f.label)}; found by {detector_words(f)}"
                    + (f" — {d.reason}" if d.action == Action.REVIEW else ""))
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{label_words(f.label)}: {one_line(f.text)}, {ACTION_WORDS[d.action]}"
        if role == ROLE_FINDING:
            return i
        return None

    # flags(): Qt's own answer (enabled and selectable) — a Python override was called twice
    # per cell painted, ~15 % of the Python calls of a repaint of the list
