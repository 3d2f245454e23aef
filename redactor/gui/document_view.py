"""Document views: the extracted text with highlighted findings, and PDF pages with boxes.

Offsets: the core's spans index Python strings (code points); Qt's text positions count UTF-16
units and turn ``\\r\\n`` into one block break. :class:`OffsetMap` converts between the two so
highlights and selections always match the spans the pipeline uses.

Long documents are put on screen in slices, one per turn of the event loop, so that no single
step blocks the GUI thread: the text view inserts its text :attr:`TextDocumentView.SLICE_CHARS`
characters at a time, and the page view creates its page widgets a few at a time.
"""

from __future__ import annotations

import bisect
import collections
import operator
import re
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPoint, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QLabel,
    QPlainTextEdit,
    QScrollArea,
    QSizePolicy,
    QTabWidget,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from redactor.core.model import Action, Box, Document, Finding, Span
from redactor.gui.palette import box_pen_style, finding_format, high_contrast, label_colour

_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")


class ShownFindings:
    """The findings a view shows, their actions and the current one, indexed by start offset
    so that the findings overlapping a stretch of text are found by bisection."""

    def __init__(self) -> None:
        self.findings: list[Finding] = []
        self.actions: list[Action] = []
        self.current: int | None = None
        self._start_of: list[int] = []  # start offset by finding index
        self._order: list[int] = []  # finding indices by start offset
        self._starts: list[int] = []  # their start offsets (sorted)
        self._max_len = 0

    def __len__(self) -> int:
        return len(self.findings)

    def set(self, findings: Sequence[Finding], actions: Sequence[Action],
            current: int | None) -> range | None:
        """Show ``findings``. When they are the shown ones plus more (results arriving while
        the analysis runs), only the new ones are indexed and their indices returned;
        otherwise everything is replaced and None returned."""
        if len(findings) != len(actions):
            raise ValueError("one action per finding")
        n = len(self.findings)
        grows = (0 < n < len(findings) and current == self.current
                 and findings[0] is self.findings[0] and findings[n - 1] is self.findings[-1]
                 and list(actions[:n]) == self.actions)
        if not grows:
            n = 0
            self.findings, self.actions, self.current = [], [], current
            self._start_of, self._order, self._max_len = [], [], 0
        self.findings.extend(findings[n:])
        self.actions.extend(actions[n:])
        spans = [f.span for f in findings[n:]]
        start_of = self._start_of
        start_of.extend(sp.start for sp in spans)
        # the new findings sorted, then one merge of two sorted runs (linear in Timsort), not
        # one list insert per finding: inserting 10,000 one by one moves ~50 million slots
        self._order.extend(sorted(range(n, len(start_of)), key=start_of.__getitem__))
        self._order.sort(key=start_of.__getitem__)
        self._starts = [start_of[i] for i in self._order]
        self._max_len = max(self._max_len, max((len(sp) for sp in spans), default=0))
        return range(n, len(self.findings)) if grows else None

    def overlapping(self, lo: int, hi: int) -> list[int]:
        """Indices of the findings that may overlap the offsets [lo, hi], by start (a few
        that end before ``lo`` may be among them)."""
        first = bisect.bisect_left(self._starts, lo - self._max_len)
        last = bisect.bisect_right(self._starts, hi)
        return self._order[first:last]

    def look(self, i: int) -> tuple[str, Action, bool]:
        """What the highlight of finding ``i`` depends on: label, action, whether current."""
        return str(self.findings[i].label), self.actions[i], i == self.current


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


class TextDocumentView(QPlainTextEdit):
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
    MARGIN_CHARS = 1500
    SLICE_CHARS = 32_000  # ~10 ms of Qt's work per slice (inserting and laying out)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                     | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setAccessibleName("Document text")
        self.setAccessibleDescription(
            "The document's text. Findings are highlighted: solid underline masked, "
            "wavy underline to review, dotted underline kept. Select text and press M to mark it.")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._map = OffsetMap("")
        self._text = ""
        self._display = ""  # the text still to be inserted ("" once it is all in)
        self._loaded = 0  # Python offsets (= display characters) in the view so far
        self._pending_scroll: Span | None = None  # a scroll waiting for its text
        self._slice_timer = QTimer(self)
        self._slice_timer.setSingleShot(True)
        self._slice_timer.setInterval(0)
        self._slice_timer.timeout.connect(self._insert_slice)
        self.document().setUndoRedoEnabled(False)  # read-only: no undo history to keep
        self.shown = ShownFindings()
        self._window: tuple[int, int] | None = None
        self.highlight_count = 0  # findings highlighted (painted when scrolled into view)
        self.painted_count = 0  # extra selections currently set
        self.selectionChanged.connect(self._emit_selection)
        self.verticalScrollBar().valueChanged.connect(lambda _v: self._refresh_visible())

    def set_document(self, doc: Document | None) -> None:
        self._slice_timer.stop()
        self._pending_scroll = None
        self._text = doc.text if doc else ""
        self._map = OffsetMap(self._text)
        display = OffsetMap.display_text(self._text)
        first = display[:self.SLICE_CHARS]
        self._loaded = len(first)
        self._display = display if len(first) < len(display) else ""
        self.setPlainText(first)
        self.document().setUndoRedoEnabled(False)
        self.set_findings([], [])
        if self._display:
            self._slice_timer.start()
        else:
            self.loaded.emit()

    @property
    def fully_loaded(self) -> bool:
        """True when the whole text is in the view (see :attr:`SLICE_CHARS`)."""
        return not self._display

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
        else:
            self._slice_timer.start()
        if self._window is not None and self._window[1] >= start:
            self._window = None  # the highlights were cut at the end of the text so far
        pending = self._pending_scroll
        if pending is not None and pending.end <= end:
            self._pending_scroll = None
            self.scroll_to(pending)
        else:
            self._refresh_visible()
        if not self._display:
            self.loaded.emit()

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
        first = self.firstVisibleBlock()
        top = first.position() if first.isValid() else 0
        bottom = self.cursorForPosition(self.viewport().rect().bottomRight()).position()
        lo = max(0, self._map.from_qt(top) - self.MARGIN_CHARS)
        hi = min(self._loaded, self._map.from_qt(bottom) + self.MARGIN_CHARS)
        return lo, hi

    def _refresh_visible(self, force: bool = False) -> None:
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
        self.centerCursor()
        bar.blockSignals(blocked)
        self._refresh_visible()

    def show_current(self, current: int | None, span: Span | None) -> None:
        """Mark another finding as the current one and bring it into view."""
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


class RenderedPage:
    """A page rendered off the GUI thread, and its size in points.

    The pixels are kept zlib-compressed (a text page shrinks many times over: a 500-page colour
    PDF no longer needs ~1.6 GB), and :attr:`image` decompresses them on demand; the last
    :data:`DECODED_PAGES` decoded pages are kept, so repainting the pages on screen costs
    nothing more. Build it in any thread; read :attr:`image` on the GUI thread only.
    """

    __slots__ = ("index", "width_pt", "height_pt", "_size", "_format", "_stride", "_packed",
                 "_image")

    def __init__(self, index: int, image: QImage, width_pt: float, height_pt: float) -> None:
        self.index = index
        self.width_pt = width_pt
        self.height_pt = height_pt
        self._image: QImage | None = None
        self._pack(image.width(), image.height(), image.format(), image.bytesPerLine(),
                   bytes(image.constBits())[: image.sizeInBytes()])

    @classmethod
    def from_pixels(cls, index: int, size: tuple[int, int], fmt: QImage.Format, stride: int,
                    pixels: bytes, page_pt: tuple[float, float]) -> RenderedPage:
        """A page from raw pixel rows (no QImage is built until it is painted)."""
        page = cls.__new__(cls)
        page.index, (page.width_pt, page.height_pt), page._image = index, page_pt, None
        page._pack(size[0], size[1], fmt, stride, pixels)
        return page

    def _pack(self, width: int, height: int, fmt: QImage.Format, stride: int,
              pixels: bytes) -> None:
        self._size = (width, height)
        self._format = fmt
        self._stride = stride
        self._packed = zlib.compress(pixels, 1)

    @property
    def width(self) -> int:
        return self._size[0]

    @property
    def height(self) -> int:
        return self._size[1]

    @property
    def packed_bytes(self) -> int:
        """Bytes the page keeps while it is not decoded."""
        return len(self._packed)

    @property
    def image(self) -> QImage:
        if self._image is None:
            raw = zlib.decompress(self._packed)
            self._image = QImage(raw, self._size[0], self._size[1], self._stride,
                                 self._format).copy()  # a deep copy: ``raw`` is released
            _DECODED.append(self)
            while len(_DECODED) > DECODED_PAGES:
                _DECODED.popleft()._image = None
        return self._image


#: Decoded pages kept in memory (the most recently painted; a screen shows two to four).
DECODED_PAGES = 12
_DECODED: collections.deque[RenderedPage] = collections.deque()


def render_pdf_pages(path: str, scale: float, password: str | None = None,
                     check: Callable[[], object] | None = None,
                     on_pages: Callable[[list[RenderedPage]], object] | None = None,
                     batch: int = 8) -> list[RenderedPage]:
    """Render every page with pypdfium2 (call from a job, never on the GUI thread).
    ``on_pages``, if given, receives the pages in batches of ``batch`` as they are rendered."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(path, password=password)
    pages: list[RenderedPage] = []
    sent = 0  # pages already handed to on_pages
    try:
        for i in range(len(pdf)):
            if check is not None:
                check()
            page = pdf[i]
            pages.append(_rendered_page(i, page.render(scale=scale).to_pil(), page.get_size()))
            page.close()
            if on_pages is not None and (len(pages) - sent == batch or i == len(pdf) - 1):
                on_pages(pages[sent:])
                sent = len(pages)
    finally:
        pdf.close()
    return pages


def _rendered_page(index: int, pil: Any, page_pt: tuple[float, float]) -> RenderedPage:
    """A rendered page: 8-bit grey when it has no colour (most documents: a quarter of the
    pixels; the boxes drawn over it keep their colours), else 32-bit RGB, the format the
    screen paints fastest (pages are opaque)."""
    from PIL import Image

    rgb = pil.convert("RGB")
    r, g, b = rgb.split()
    grey = r.tobytes()
    size = (rgb.width, rgb.height)
    if grey == g.tobytes() == b.tobytes():
        return RenderedPage.from_pixels(index, size, QImage.Format.Format_Grayscale8,
                                        rgb.width, grey, page_pt)
    # QImage.Format_RGB32 is 0xffRRGGBB per pixel: the bytes B, G, R, 255 in memory
    opaque = Image.new("L", size, 255)
    pixels = Image.merge("RGBA", (b, g, r, opaque)).tobytes()
    return RenderedPage.from_pixels(index, size, QImage.Format.Format_RGB32, 4 * rgb.width,
                                    pixels, page_pt)


_page_of = operator.attrgetter("page")


def boxes_for(doc: Document, span: Span) -> list[Box]:
    """The character boxes of a span (one per character, from the document's segments)."""
    out: list[Box] = []
    for seg in doc.segments:
        if not seg.boxes or not seg.span.overlaps(span):
            continue
        lo = max(span.start, seg.span.start) - seg.span.start
        hi = min(span.end, seg.span.end) - seg.span.start
        out.extend(seg.boxes[lo:hi])
    return out


def merge_line_boxes(boxes: Sequence[Box]) -> list[Box]:
    """Join neighbouring character boxes of one line into one rectangle."""
    merged: list[Box] = []
    for b in boxes:
        if merged:
            m = merged[-1]
            same_line = m.page == b.page and abs(m.y0 - b.y0) < 2 and abs(m.y1 - b.y1) < 2
            if same_line and b.x0 - m.x1 < max(3.0, (b.y1 - b.y0)):
                merged[-1] = Box(m.page, min(m.x0, b.x0), min(m.y0, b.y0), max(m.x1, b.x1),
                                 max(m.y1, b.y1))
                continue
        merged.append(b)
    return merged


@dataclass(frozen=True, slots=True, eq=False)
class PageIndex:
    """Where a paged document's segments and pages are, for :class:`PdfPageView`.

    Built by :func:`page_index` from one box per character, so for a long document it is
    built in the job that reads the document, never on the GUI thread."""

    segments: tuple[object, ...]  # the document's segments it was built from (identity)
    page_offset: int  # 1 when the reader counts pages from 1
    segs: tuple[tuple[int, int], ...]  # (start, index in doc.segments), by start
    seg_max_len: int
    page_ranges: dict[int, tuple[int, int]]  # 0-based page -> (lowest start, highest end)

    @property
    def seg_starts(self) -> list[int]:
        return [start for start, _k in self.segs]


def page_index(doc: Document) -> PageIndex:
    """The :class:`PageIndex` of a document (call from a job for a long document)."""
    # one box per character: sets of page numbers are built in C, not box by box
    seg_pages = [(k, seg, set(map(_page_of, seg.boxes)))
                 for k, seg in enumerate(doc.segments) if seg.boxes]
    pages = set().union(*(p for _k, _s, p in seg_pages))
    # Boxes carry 0-based page numbers; accept a reader that counts from 1.
    offset = 1 if pages and min(pages) >= 1 and max(pages) == max(doc.page_count, 1) else 0
    segs: list[tuple[int, int]] = []
    seg_max_len = 0
    ranges: dict[int, tuple[int, int]] = {}
    for k, seg, seg_pages_of in seg_pages:
        segs.append((seg.span.start, k))
        seg_max_len = max(seg_max_len, len(seg.span))
        for page in {p - offset for p in seg_pages_of}:
            lo, hi = ranges.get(page, (seg.span.start, seg.span.end))
            ranges[page] = (min(lo, seg.span.start), max(hi, seg.span.end))
    segs.sort()
    return PageIndex(doc.segments, offset, tuple(segs), seg_max_len, ranges)


class PageWidget(QWidget):
    """One rendered page with the findings' boxes drawn over it. The boxes are computed when
    the page is first painted after a change (only pages on screen cost anything)."""

    def __init__(self, page: RenderedPage, view: PdfPageView,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.page = page
        self.view = view
        self._boxes: list[tuple[Box, str, Action, bool]] | None = None
        self.setFixedSize(QSize(page.width, page.height))
        self.setAccessibleName(f"Page {page.index + 1}")
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    @property
    def boxes(self) -> list[tuple[Box, str, Action, bool]]:
        if self._boxes is None:
            self._boxes = self.view.boxes_on_page(self.page.index)
        return self._boxes

    def invalidate(self) -> None:
        self._boxes = None
        self.update()

    def to_pixels(self, box: Box) -> QRectF:
        sx = self.page.width / self.page.width_pt
        sy = self.page.height / self.page.height_pt
        return QRectF(box.x0 * sx, (self.page.height_pt - box.y1) * sy,
                      (box.x1 - box.x0) * sx, (box.y1 - box.y0) * sy)

    def paintEvent(self, event: object) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        painter.drawImage(0, 0, self.page.image)
        for box, label, action, current in self.boxes:
            colour = label_colour(label)
            rect = self.to_pixels(box)
            if action == Action.MASK:
                fill = QColor(colour)
                fill.setAlpha(110)
                painter.fillRect(rect, fill)
            pen = QPen(colour if not current else QColor("#000000"), 3 if current else 2)
            pen.setStyle(box_pen_style(action))
            painter.setPen(pen)
            painter.drawRect(rect)
        painter.end()


class PdfPageView(QScrollArea):
    """Rendered PDF pages with the boxes where masked findings will be burnt.

    Page widgets are created in time-boxed slices (:attr:`SLICE_S` of GUI-thread time per
    turn of the event loop); a scroll to a page not created yet is done once it is."""

    SLICE_S = 0.008
    # Page widgets made per slice, at most: each new widget brings a handful of events (show,
    # layout, paint) handled later in the same turn of the event loop, and while a job runs
    # each of those may wait for the GIL — 17 pages made in one 8 ms slice cost ~60 ms of
    # events in one turn. Four keep a turn near 10–20 ms.
    SLICE_PAGES = 4

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Page view")
        self.setAccessibleDescription("Rendered pages; boxes show where text will be burnt out")
        self.setWidgetResizable(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._inner = QWidget()
        self._inner.setAccessibleName("Pages")
        self._layout = QVBoxLayout(self._inner)
        self._layout.setSpacing(12)
        self._layout.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.setWidget(self._inner)
        self.pages: list[PageWidget] = []
        self._doc: Document | None = None
        self._page_offset = 0
        self._page_ranges: dict[int, tuple[int, int]] = {}
        self._boxes: dict[Span, list[Box]] = {}
        # the segments with boxes, by start offset (see _span_boxes)
        self._segs: list[tuple[int, int]] = []  # (start, index in doc.segments)
        self._seg_starts: list[int] = []
        self._seg_max_len = 0
        self.shown = ShownFindings()
        self.placeholder = QLabel("Rendering pages…")
        self.placeholder.setAccessibleName("Page rendering status")
        self._layout.addWidget(self.placeholder)
        self._waiting: list[RenderedPage] = []  # pages whose widgets are still to be made
        self._pending_scroll: tuple[Span, int] | None = None  # (span, 0-based page)
        self._slice_timer = QTimer(self)
        self._slice_timer.setSingleShot(True)
        self._slice_timer.setInterval(0)
        self._slice_timer.timeout.connect(self._add_slice)

    def set_document(self, doc: Document | None, index: PageIndex | None = None) -> None:
        """Show ``doc``'s pages (once :meth:`set_pages` brings them). ``index`` is its
        :func:`page_index` if already built (in a job); otherwise it is built here."""
        self._doc = doc
        self._boxes = {}
        self._slice_timer.stop()
        self._waiting = []
        self._pending_scroll = None
        for w in self.pages:
            w.deleteLater()
        self.pages = []
        self._inner.setMinimumHeight(0)
        self.placeholder.setText("Rendering pages…" if doc else "")
        self.placeholder.show()
        self.set_findings([], [])
        if doc is None:
            index = None
        elif index is None or index.segments is not doc.segments:
            index = page_index(doc)  # none given, or one of another document
        self._page_offset = index.page_offset if index else 0
        self._page_ranges = dict(index.page_ranges) if index else {}
        self._segs = list(index.segs) if index else []
        self._seg_starts = index.seg_starts if index else []
        self._seg_max_len = index.seg_max_len if index else 0

    def _span_boxes(self, span: Span) -> list[Box]:
        """:func:`boxes_for` without a pass over every segment (it runs on the GUI thread,
        when a page is painted)."""
        doc = self._doc
        if doc is None:
            return []
        first = bisect.bisect_left(self._seg_starts, span.start - self._seg_max_len)
        last = bisect.bisect_left(self._seg_starts, span.end)
        out: list[Box] = []
        for k in sorted(k for _start, k in self._segs[first:last]):
            seg = doc.segments[k]
            if not seg.span.overlaps(span):
                continue
            lo = max(span.start, seg.span.start) - seg.span.start
            hi = min(span.end, seg.span.end) - seg.span.start
            out.extend(seg.boxes[lo:hi])
        return out

    def set_pages(self, pages: Sequence[RenderedPage]) -> None:
        """Add a widget per page: the first slice now, the rest in later turns."""
        self.placeholder.hide()
        self._waiting.extend(pages)
        # the pages' full height at once: positions and the scroll range are final even
        # before every page's widget is made
        heights = [w.page.height for w in self.pages] + [p.height for p in self._waiting]
        m = self._layout.contentsMargins()
        self._inner.setMinimumHeight(sum(heights) + self._layout.spacing() * (len(heights) - 1)
                                     + m.top() + m.bottom())
        self._add_slice()

    @property
    def settled(self) -> bool:
        """True when every page given to :meth:`set_pages` has its widget."""
        return not self._waiting

    def _add_slice(self) -> None:
        t0 = time.perf_counter()
        added = 0
        while self._waiting and added < self.SLICE_PAGES and (
                added == 0 or time.perf_counter() - t0 < self.SLICE_S):
            w = PageWidget(self._waiting.pop(0), self, self._inner)
            self._layout.addWidget(w)
            self.pages.append(w)
            added += 1
        if self._waiting:
            self._slice_timer.start()
        if self._pending_scroll is not None and self._pending_scroll[1] < len(self.pages):
            # its page is made: scroll in the next turn, once the scroll area has taken the
            # new pages' size into account
            QTimer.singleShot(0, self, self._scroll_pending)

    def _scroll_pending(self) -> None:
        if self._pending_scroll is not None and self._pending_scroll[1] < len(self.pages):
            span, _page = self._pending_scroll
            self._pending_scroll = None
            self.scroll_to(span)

    def show_error(self, message: str) -> None:
        self.placeholder.setText(f"The pages could not be rendered: {message}")
        self.placeholder.show()

    def set_findings(self, findings: Sequence[Finding], actions: Sequence[Action],
                     current: int | None = None) -> None:
        self.shown.set(findings, actions, current)
        self.findings_changed()

    def findings_changed(self, _new: range | None = None) -> None:
        """Repaint after :attr:`shown` changed (see :meth:`TextDocumentView.findings_changed`)."""
        self._invalidate_pages()

    def _invalidate_pages(self) -> None:
        """Forget every page's boxes (computed again when, and if, a page is painted) and
        repaint the pages on screen: one call into Qt, not one per page — with the worker
        thread busy, each call may wait for the GIL."""
        for w in self.pages:
            w._boxes = None
        self.viewport().update()

    def set_current(self, current: int | None) -> None:
        self.shown.current = current
        self._invalidate_pages()

    def boxes_on_page(self, index: int) -> list[tuple[Box, str, Action, bool]]:
        """The merged boxes of the findings on one page (0-based), computed on demand."""
        if self._doc is None or index not in self._page_ranges:
            return []
        lo, hi = self._page_ranges[index]
        out = []
        shown = self.shown
        for i in shown.overlapping(lo, hi):
            f = shown.findings[i]
            merged = self._boxes.get(f.span)
            if merged is None:
                merged = self._boxes[f.span] = merge_line_boxes(self._span_boxes(f.span))
            for b in merged:
                if b.page - self._page_offset == index:
                    out.append((b, *shown.look(i)))
        return out

    def box_count(self) -> int:
        return sum(len(w.boxes) for w in self.pages)

    def scroll_to(self, span: Span) -> None:
        if self._doc is None:
            return
        boxes = self._span_boxes(span)
        if not boxes:
            return
        page = boxes[0].page - self._page_offset
        if len(self.pages) <= page < len(self.pages) + len(self._waiting):
            self._pending_scroll = (span, page)  # done when the page's widget is made
        elif 0 <= page < len(self.pages):
            self._pending_scroll = None
            self._layout.activate()  # place the pages added since the last layout
            w = self.pages[page]
            rect = w.to_pixels(boxes[0]).toRect()
            pos = w.mapTo(self._inner, QPoint(rect.x(), rect.y()))
            self.ensureVisible(pos.x(), pos.y(), 50, 120)


class DocumentView(QTabWidget):
    """The text view, plus a page view for paged formats (PDF)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Document")
        self.text_view = TextDocumentView()
        self.page_view = PdfPageView()
        # one index of the findings for both views: sorted once, not once per view
        self.shown = self.page_view.shown = self.text_view.shown
        self.addTab(self.text_view, "&Text")
        self.setTabVisible(0, True)
        self._page_tab = -1
        self.doc: Document | None = None

    @property
    def is_paged(self) -> bool:
        return self._page_tab >= 0

    def set_document(self, doc: Document | None, index: PageIndex | None = None) -> None:
        """Show ``doc`` (``index``: its :func:`page_index`, when a job has built it)."""
        self.doc = doc
        self.text_view.set_document(doc)
        paged = doc is not None and (index is not None or any(s.boxes for s in doc.segments))
        if paged and self._page_tab < 0:
            self._page_tab = self.insertTab(0, self.page_view, "&Pages")
        elif not paged and self._page_tab >= 0:
            self.removeTab(self._page_tab)
            self._page_tab = -1
        self.page_view.set_document(doc if paged else None, index)
        self.setCurrentIndex(0)

    def set_findings(self, findings: Sequence[Finding], actions: Sequence[Action],
                     current: int | None = None) -> None:
        new = self.shown.set(findings, actions, current)
        self.text_view.findings_changed(new)
        if self.is_paged:
            self.page_view.findings_changed(new)

    def scroll_to(self, span: Span) -> None:
        self.text_view.scroll_to(span)
        if self.is_paged:
            self.page_view.scroll_to(span)

    def show_current(self, current: int | None, span: Span | None) -> None:
        self.text_view.show_current(current, span)
        if self.is_paged:
            self.page_view.set_current(current)
            if span is not None:
                self.page_view.scroll_to(span)
