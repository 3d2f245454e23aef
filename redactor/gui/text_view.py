"""The text view: a document's extracted text with its findings highlighted.

Offsets: the core's spans index Python strings (code points); Qt's text positions count UTF-16
units and turn ``\\r\\n`` into one block break. :class:`OffsetMap` converts between the two so
highlights and selections always match the spans the pipeline uses.

A long text is put on screen in slices, one per turn of the event loop, so that no single step
blocks the GUI thread: :class:`TextDocumentView` inserts its text
:attr:`TextDocumentView.SLICE_CHARS` characters at a time.

Text from a DOCX header, footer, footnote, endnote or comment is marked: a tinted, indented
block, and a tooltip naming the part (:func:`part_regions`). A DOCX with tables is shown by
:class:`~redactor.gui.table_view.TableTextView`, which draws them as tables; both views share
the behaviour here (:class:`TextViewLogic`) and differ only in how the text is put in.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QHelpEvent, QTextBlockFormat, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QToolTip, QWidget

from redactor.core.model import Action, Document, Finding, Span
from redactor.gui.docx_tables import TextTable
from redactor.gui.palette import finding_format, high_contrast
from redactor.gui.shown_findings import ShownFindings

_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")
#: DOCX parts whose text is marked in the view: (file name prefix, what a reader calls it).
PART_KINDS = (("header", "Header"), ("footer", "Footer"), ("footnotes", "Footnote"),
              ("endnotes", "Endnote"), ("comments", "Comment"))


def part_regions(doc: Document | None) -> list[tuple[int, int, str]]:
    """(start, end, kind) of the text that comes from a header, footer, footnote, endnote
    or comment (by the segments' locators, ``word/header1.xml#0``), neighbours joined."""
    out: list[tuple[int, int, str]] = []
    for seg in doc.segments if doc is not None else ():
        name = seg.locator.split("#", 1)[0].rsplit("/", 1)[-1]
        kind = next((k for prefix, k in PART_KINDS if name.startswith(prefix)), None)
        if kind is None or not len(seg.span):
            continue
        if out and out[-1][2] == kind and seg.span.start - out[-1][1] <= 2:
            out[-1] = (out[-1][0], seg.span.end, kind)
        else:
            out.append((seg.span.start, seg.span.end, kind))
    return out


class OffsetMap:
    """Python offsets ↔ positions in a QTextDocument built from :meth:`display_text`."""

    def __init__(self, text: str) -> None:
        # found by the regular expression engine: a loop in Python over a long text would
        # cost the GUI thread ~0.2 s per million characters
        self._astral = ([] if text.isascii()
                        else [m.start() for m in _ASTRAL.finditer(text)])
        self._length = len(text)

    @staticmethod
    def display_text(text: str) -> str:
        # One display character per code point: CRLF keeps two characters (" \n").
        return text.replace("\r\n", " \n").replace("\r", "\n")

    def to_qt(self, offset: int) -> int:
        return offset + bisect.bisect_left(self._astral, offset)

    def from_qt(self, pos: int) -> int:
        lo, hi = 0, self._length
        while lo < hi:  # smallest offset whose Qt position is >= pos
            mid = (lo + hi) // 2
            if self.to_qt(mid) < pos:
                lo = mid + 1
            else:
                hi = mid
        return lo


class TextViewLogic:
    """What the text views share (see :class:`TextDocumentView`); a concrete view derives from
    this and a Qt text widget, calls :meth:`_setup` from its ``__init__`` and implements
    :meth:`_start` and :meth:`_insert_slice`."""

    MARGIN_CHARS = 1500
    SLICE_CHARS = 32_000  # ~10 ms of Qt's work per slice (inserting and laying out)

    def _setup(self) -> None:
        self.setReadOnly(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                     | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.setAccessibleName("Document text")
        self.setAccessibleDescription(
            "The document's text. Findings are highlighted: solid underline masked, "
            "wavy underline to review, dotted underline kept. Select text and press M to mark it.")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._map: OffsetMap = OffsetMap("")
        self._text = ""
        self._display = ""  # the text still to be inserted ("" once it is all in)
        self._loaded = 0  # Python offsets (= display characters) in the view so far
        self._pending_scroll: Span | None = None  # a scroll waiting for its text
        self._slice_timer = QTimer(self)
        self._slice_timer.setSingleShot(True)
        self._slice_timer.setInterval(0)
        self._slice_timer.timeout.connect(self._insert_slice)
        self._parts: list[tuple[int, int, str]] = []  # headers, footers … (part_regions)
        self._parts_marked = 0  # how many of them are marked so far
        self.viewport().installEventFilter(self)
        self.document().setUndoRedoEnabled(False)  # read-only: no undo history to keep
        self.shown = ShownFindings()
        self._window: tuple[int, int] | None = None
        self.highlight_count = 0  # findings highlighted (painted when scrolled into view)
        self.painted_count = 0  # extra selections currently set
        self.selectionChanged.connect(self._emit_selection)
        self.verticalScrollBar().valueChanged.connect(lambda _v: self._refresh_visible())

    def set_document(self, doc: Document | None, tables: Sequence[TextTable] = ()) -> None:
        """Show ``doc`` (``tables``: where its tables are, for a view that draws them)."""
        self._slice_timer.stop()
        self._pending_scroll = None
        self._text = doc.text if doc else ""
        self._map = OffsetMap(self._text)
        self._parts, self._parts_marked = part_regions(doc), 0
        self._start(OffsetMap.display_text(self._text), tables)
        self.document().setUndoRedoEnabled(False)
        self._mark_parts()
        self.set_findings([], [])
        if self._display:
            self._slice_timer.start()
        else:
            self.loaded.emit()

    def _start(self, display: str, tables: Sequence[TextTable]) -> None:
        """Put the first slice of ``display`` in; keep the rest in :attr:`_display`."""
        raise NotImplementedError

    def _insert_slice(self) -> None:
        """Put the next slice in (one turn of the event loop), then :meth:`_sliced`."""
        raise NotImplementedError

    def _sliced(self, start: int) -> None:
        """After a slice from Python offset ``start`` to :attr:`_loaded` went in."""
        self._mark_parts()
        if self._display:
            self._slice_timer.start()
        if self._window is not None and self._window[1] >= start:
            self._window = None  # the highlights were cut at the end of the text so far
        pending = self._pending_scroll
        if pending is not None and pending.end <= self._loaded:
            self._pending_scroll = None
            self.scroll_to(pending)
        else:
            self._refresh_visible()
        if not self._display:
            self.loaded.emit()

    def _first_visible_position(self) -> int:
        return self.cursorForPosition(QPoint(0, 0)).position()

    def _center_cursor(self) -> None:
        self.centerCursor()

    @property
    def fully_loaded(self) -> bool:
        """True when the whole text is in the view (see :attr:`SLICE_CHARS`)."""
        return not self._display

    def _mark_parts(self) -> None:
        """Tint the blocks of header, footer, footnote … text inserted so far."""
        while self._parts_marked < len(self._parts):
            start, end, kind = self._parts[self._parts_marked]
            if end > self._loaded:
                return
            fmt = QTextBlockFormat()
            fmt.setBackground(QColor(120, 120, 120, 40))
            fmt.setLeftMargin(18)
            cur = QTextCursor(self.document())
            cur.setPosition(self._qt(start))
            cur.setPosition(self._qt(end), QTextCursor.MoveMode.KeepAnchor)
            cur.mergeBlockFormat(fmt)
            self._parts_marked += 1

    def part_at(self, offset: int) -> str:
        """"Header", "Footer" … when ``offset`` lies in such a part's text, else ""."""
        return next((k for s, e, k in self._parts if s <= offset < e), "")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.viewport() and event.type() == QEvent.Type.ToolTip:
            assert isinstance(event, QHelpEvent)
            offset = self._map.from_qt(self.cursorForPosition(event.pos()).position())
            kind = self.part_at(offset)
            if kind:
                QToolTip.showText(event.globalPos(), f"{kind} of the document", self)
                return True
            QToolTip.hideText()
        return super().eventFilter(watched, event)

    def _qt(self, offset: int) -> int:
        """The Qt position of a Python offset, kept within the text inserted so far."""
        return self._map.to_qt(min(offset, self._loaded))

    def set_findings(self, findings: Sequence[Finding], actions: Sequence[Action],
                     current: int | None = None) -> None:
        self.findings_changed(self.shown.set(findings, actions, current))

    def findings_changed(self, new: range | None) -> None:
        """Highlight after :attr:`shown` changed (``new``: as :meth:`ShownFindings.set`
        returned; a view sharing its index with another is told by their owner)."""
        self.highlight_count = len(self.shown)
        window = self._window
        findings = self.shown.findings
        if new is not None and window is not None and not any(
                findings[i].span.end >= window[0] and findings[i].span.start <= window[1]
                for i in new):
            return  # new findings off screen: the extra selections on screen stay as they are
        self._window = None
        self._refresh_visible()

    def visible_range(self) -> tuple[int, int]:
        """Python offsets of the text on screen, widened by a margin on both sides."""
        top = self._first_visible_position()
        bottom = self.cursorForPosition(self.viewport().rect().bottomRight()).position()
        lo = max(0, self._map.from_qt(top) - self.MARGIN_CHARS)
        hi = min(self._loaded, self._map.from_qt(bottom) + self.MARGIN_CHARS)
        return lo, hi

    def _hidden_in_window(self) -> bool:
        """True when the window is on screen but this view is not (another tab, e.g. a
        PDF's pages): its highlights are computed when it is shown (:meth:`showEvent`)."""
        win = self.window()
        return win is not self and win.isVisible() and not self.isVisible()

    def showEvent(self, event: object) -> None:  # noqa: N802
        super().showEvent(event)  # type: ignore[misc]
        self._refresh_visible()  # highlights skipped while it was hidden

    def _refresh_visible(self, force: bool = False) -> None:
        if self._hidden_in_window():
            self._window = None  # computed again when shown
            return
        lo, hi = self.visible_range()
        if (not force and self._window is not None and self._window[0] <= lo
                and hi <= self._window[1]):
            return
        # widen so that small scrolls need no recomputation (not past the text so far)
        lo, hi = max(0, lo - self.MARGIN_CHARS), min(self._loaded, hi + self.MARGIN_CHARS)
        self._window = (lo, hi)
        selections = []
        doc = self.document()
        contrast = high_contrast()
        formats: dict[tuple[str, Action, bool], QTextCharFormat] = {}
        shown = self.shown
        for i in shown.overlapping(lo, hi):
            f = shown.findings[i]
            if f.span.end < lo or f.span.start >= self._loaded:
                continue
            sel = QTextEdit.ExtraSelection()
            cur = QTextCursor(doc)
            cur.setPosition(self._qt(f.span.start))
            cur.setPosition(self._qt(f.span.end), QTextCursor.MoveMode.KeepAnchor)
            sel.cursor = cur
            key = shown.look(i)
            fmt = formats.get(key)
            if fmt is None:
                fmt = formats[key] = finding_format(key[0], key[1], current=key[2],
                                                    contrast=contrast)
            sel.format = fmt
            selections.append(sel)
        self.setExtraSelections(selections)
        self.painted_count = len(selections)

    def resizeEvent(self, event: object) -> None:  # noqa: N802
        super().resizeEvent(event)  # type: ignore[arg-type]
        self._refresh_visible()  # recomputed only if more text came into view

    def scroll_to(self, span: Span) -> None:
        """Bring ``span`` into view (once its text is in, for a long text still loading)."""
        if span.end > self._loaded and self._display:
            self._pending_scroll = span
            return
        self._pending_scroll = None
        bar = self.verticalScrollBar()
        blocked = bar.blockSignals(True)
        cur = QTextCursor(self.document())
        cur.setPosition(self._qt(span.start))
        self.setTextCursor(cur)
        self._center_cursor()
        bar.blockSignals(blocked)
        self._refresh_visible()

    def show_current(self, current: int | None, span: Span | None) -> None:
        """Mark another finding as the current one and bring it into view."""
        if current != self.shown.current:  # else the highlights on screen stay right
            self.shown.current = current
            self._window = None
        if span is not None:
            self.scroll_to(span)
        else:
            self._refresh_visible()

    def selected_span(self) -> Span | None:
        cur = self.textCursor()
        if not cur.hasSelection():
            return None
        start = self._map.from_qt(cur.selectionStart())
        end = self._map.from_qt(cur.selectionEnd())
        return Span(start, end) if end > start else None

    def select_span(self, span: Span) -> None:
        cur = QTextCursor(self.document())
        cur.setPosition(self._qt(span.start))
        cur.setPosition(self._qt(span.end), QTextCursor.MoveMode.KeepAnchor)
        self.setTextCursor(cur)

    def _emit_selection(self) -> None:
        self.selectionChangedToSpan.emit(self.selected_span())


class TextDocumentView(TextViewLogic, QPlainTextEdit):
    """Read-only text of a document, every finding highlighted by label and decision.

    Only the findings in and near the visible part of the text become extra selections
    (recomputed on scroll and resize), so thousands of findings never stall the GUI thread.

    A long text is inserted in slices of :attr:`SLICE_CHARS` characters, one per turn of the
    event loop (``loaded`` is emitted when all of it is in; :attr:`fully_loaded`). Offsets
    never change meaning: findings beyond the part inserted so far are highlighted, and a
    scroll to them is done, as soon as their text is in.
    """

    selectionChangedToSpan = Signal(object)  # Span or None
    loaded = Signal()  # the whole text of the document is in the view

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self._setup()

    def _start(self, display: str, tables: Sequence[TextTable]) -> None:
        first = display[:self.SLICE_CHARS]
        self._loaded = len(first)
        self._display = display if len(first) < len(display) else ""
        self.setPlainText(first)

    def _insert_slice(self) -> None:
        """Append the next slice of a long text (one turn of the event loop)."""
        display = self._display
        if not display:
            return
        start = self._loaded
        end = min(len(display), start + self.SLICE_CHARS)
        cur = QTextCursor(self.document())
        cur.movePosition(QTextCursor.MoveOperation.End)
        cur.insertText(display[start:end])  # "\n" becomes a block break, as in setPlainText
        self._loaded = end
        if end >= len(display):
            self._display = ""
        self._sliced(start)

    def _first_visible_position(self) -> int:
        first = self.firstVisibleBlock()
        return first.position() if first.isValid() else 0
