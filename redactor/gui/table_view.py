"""The text view of a DOCX with tables: its tables drawn as tables, findings highlighted in
their cells.

:class:`TableTextView` is a :class:`QTextEdit` (a plain text edit cannot lay out tables) with
the behaviour of every text view (:class:`~redactor.gui.text_view.TextViewLogic`): highlights
of the findings on screen, a selection that maps back to the core's offsets, header and footer
text marked, a long text put in in slices. Where the tables are comes from
:func:`redactor.gui.docx_tables.docx_tables`.

Offsets: a Qt table puts a marker character before each cell and after the table, where the
extracted text has the line break between two paragraphs — the same number of characters,
except at the very start of the document and between two tables. :class:`PieceMap` therefore
records, for every piece put in (a run of text, a cell's paragraph), where it starts in both,
and converts between them piece by piece.
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtGui import QTextCursor, QTextFrameFormat, QTextLength, QTextTableFormat
from PySide6.QtWidgets import QTextEdit, QWidget

from redactor.gui.docx_tables import TextTable
from redactor.gui.text_view import OffsetMap, TextViewLogic


class PieceMap(OffsetMap):
    """Python offsets ↔ positions in a document with tables: an :class:`OffsetMap` plus a
    shift that changes at the start of each piece (:meth:`add`)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._starts: list[int] = [0]  # Python offsets where a shift starts
        self._shifts: list[int] = [0]

    def add(self, offset: int, position: int) -> None:
        """The piece starting at Python ``offset`` starts at Qt ``position``."""
        shift = position - super().to_qt(offset)
        if offset == self._starts[-1]:
            self._shifts[-1] = shift
        elif offset > self._starts[-1]:
            self._starts.append(offset)
            self._shifts.append(shift)

    def to_qt(self, offset: int) -> int:
        k = bisect.bisect_right(self._starts, offset) - 1
        return super().to_qt(offset) + self._shifts[max(0, k)]


class TableTextView(TextViewLogic, QTextEdit):
    """A document's text with its tables drawn as tables (see the module docstring)."""

    selectionChangedToSpan = Signal(object)  # Span or None
    loaded = Signal()  # the whole text of the document is in the view
    SLICE_CHARS = 4_000  # a rich text document costs more to fill than a plain one …
    SLICE_S = 0.008  # … so a slice also ends after this much GUI-thread time

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setLineWrapMode(QTextEdit.LineWrapMode.WidgetWidth)
        self.setAcceptRichText(False)
        self._setup()
        self.setAccessibleDescription(
            "The document's text; its tables are shown as tables. Findings are highlighted: "
            "solid underline masked, wavy underline to review, dotted underline kept. Select "
            "text and press M to mark it.")
        self.tables: tuple[TextTable, ...] = ()
        self.qt_tables: list[object] = []  # the QTextTable of each table put in so far
        self._pieces: list[tuple[int, int] | TextTable] = []  # still to put in

    def _start(self, display: str, tables: Sequence[TextTable]) -> None:
        self.clear()
        self._map = PieceMap(self._text)
        self.tables = tuple(t for t in tables if 0 <= t.start <= t.end <= len(display))
        self.qt_tables = []
        pieces: list[tuple[int, int] | TextTable] = []
        pos = 0
        for table in self.tables:
            if table.start < pos:
                continue  # overlapping tables cannot be: keep the text as text
            pieces += self._runs(pos, table.start - 1 if table.start else 0)
            pieces.append(table)
            pos = min(len(display), table.end + 1)  # the line break after the last cell
        pieces += self._runs(pos, len(display))
        self._pieces = pieces
        self._display = display
        self._loaded = 0
        self._insert_slice(first=True)

    def _runs(self, start: int, end: int) -> list[tuple[int, int]]:
        return [(a, min(end, a + self.SLICE_CHARS)) for a in range(start, end, self.SLICE_CHARS)]

    def _insert_slice(self, first: bool = False) -> None:
        """Put in the next pieces: text up to :attr:`SLICE_CHARS` characters, or a table."""
        if not self._pieces:
            self._display = ""
            return
        start = self._loaded
        budget = self.SLICE_CHARS
        t0 = time.perf_counter()
        edit = self._end_cursor()
        edit.beginEditBlock()  # one layout pass for the slice, not one per cell
        try:
            while self._pieces and budget > 0 and (
                    budget == self.SLICE_CHARS or time.perf_counter() - t0 < self.SLICE_S):
                piece = self._pieces.pop(0)
                if isinstance(piece, TextTable):
                    self._put_table(piece)
                    budget -= piece.end - piece.start + 1
                    self._loaded = piece.end
                else:
                    self._put_text(*piece)
                    budget -= piece[1] - piece[0]
                    self._loaded = piece[1]
        finally:
            edit.endEditBlock()
        if not self._pieces:
            self._loaded = len(self._text)
            self._display = ""
        if not first:
            self._sliced(start)

    def _end_cursor(self) -> QTextCursor:
        cur = QTextCursor(self.document())
        cur.movePosition(QTextCursor.MoveOperation.End)
        return cur

    def _put_text(self, start: int, end: int) -> None:
        cur = self._end_cursor()
        self._map.add(start, cur.position())  # type: ignore[attr-defined]
        cur.insertText(self._display[start:end])

    def _put_table(self, table: TextTable) -> None:
        cur = self._end_cursor()
        fmt = QTextTableFormat()
        fmt.setBorder(1)
        fmt.setBorderStyle(QTextFrameFormat.BorderStyle.BorderStyle_Solid)
        fmt.setBorderCollapse(True)
        fmt.setCellPadding(4)
        fmt.setCellSpacing(0)
        fmt.setWidth(QTextLength(QTextLength.Type.PercentageLength, 100))
        qt = cur.insertTable(len(table.rows), table.columns, fmt)
        for r, row in enumerate(table.rows):  # merge first: merged cells lose their markers
            for k, cell in enumerate(row):  # a short row's last cell reaches the grid's end
                span = table.columns - cell.column if k == len(row) - 1 else cell.columns
                if span > 1:
                    qt.mergeCells(r, cell.column, 1, span)
        for r, row in enumerate(table.rows):
            for cell in row:
                cur = qt.cellAt(r, cell.column).firstCursorPosition()
                for n, para in enumerate(cell.paragraphs):
                    if n:
                        cur.insertBlock()
                    self._map.add(para.start, cur.position())  # type: ignore[attr-defined]
                    cur.insertText(self._display[para.start:para.end])
        self.qt_tables.append(qt)

    def _center_cursor(self) -> None:
        rect = self.cursorRect()
        bar = self.verticalScrollBar()
        bar.setValue(bar.value() + rect.center().y() - self.viewport().height() // 2)

    def table_cell_at(self, offset: int) -> tuple[int, int, int] | None:
        """(table, row, column) of the cell that shows Python ``offset``, if any."""
        cur = QTextCursor(self.document())
        cur.setPosition(self._qt(offset))
        qt = cur.currentTable()
        if qt is None or qt not in self.qt_tables:
            return None
        cell = qt.cellAt(cur)
        return self.qt_tables.index(qt), cell.row(), cell.column()
