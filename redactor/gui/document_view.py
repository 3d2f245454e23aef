"""Document views: the extracted text with highlighted findings, and PDF pages with boxes.

Offsets: the core's spans index Python strings (code points); Qt's text positions count UTF-16
units and turn ``\\r\\n`` into one block break. :class:`OffsetMap` converts between the two so
highlights and selections always match the spans the pipeline uses.
"""

from __future__ import annotations

import bisect
import operator
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPoint, QRectF, QSize, Qt, Signal
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


class OffsetMap:
    """Python offsets ↔ positions in a QTextDocument built from :meth:`display_text`."""

    def __init__(self, text: str) -> None:
        self._astral = [i for i, ch in enumerate(text) if ord(ch) > 0xFFFF]
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
    """

    selectionChangedToSpan = Signal(object)  # Span or None
    MARGIN_CHARS = 1500

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
        self._findings: list[Finding] = []
        self._actions: list[Action] = []
        self._order: list[int] = []
        self._starts: list[int] = []
        self._max_len = 0
        self._current: int | None = None
        self._window: tuple[int, int] | None = None
        self.highlight_count = 0  # findings highlighted (painted when scrolled into view)
        self.painted_count = 0  # extra selections currently set
        self.selectionChanged.connect(self._emit_selection)
        self.verticalScrollBar().valueChanged.connect(lambda _v: self._refresh_visible())

    def set_document(self, doc: Document | None) -> None:
        self._text = doc.text if doc else ""
        self._map = OffsetMap(self._text)
        self.setPlainText(OffsetMap.display_text(self._text))
        self.set_findings([], [])

    def set_findings(self, findings: Sequence[Finding], actions: Sequence[Action],
                     current: int | None = None) -> None:
        if len(findings) != len(actions):
            raise ValueError("one action per finding")
        if self._extends(findings, actions, current):
            self._add_findings(findings, actions)
            return
        self._findings, self._actions, self._current = list(findings), list(actions), current
        self._order = sorted(range(len(findings)), key=lambda i: findings[i].span.start)
        self._starts = [findings[i].span.start for i in self._order]
        self._max_len = max((len(f.span) for f in findings), default=0)
        self.highlight_count = len(findings)
        self._window = None
        self._refresh_visible()

    def _extends(self, findings: Sequence[Finding], actions: Sequence[Action],
                 current: int | None) -> bool:
        """True when ``findings`` are the shown ones plus more (results arriving while the
        analysis runs): only the new ones need work."""
        n = len(self._findings)
        return (0 < n < len(findings) and current == self._current
                and findings[0] is self._findings[0] and findings[n - 1] is self._findings[-1]
                and list(actions[:n]) == self._actions)

    def _add_findings(self, findings: Sequence[Finding], actions: Sequence[Action]) -> None:
        n = len(self._findings)
        new = range(n, len(findings))
        self._findings.extend(findings[n:])
        self._actions.extend(actions[n:])
        visible = False
        window = self._window
        for i in new:
            span = findings[i].span
            k = bisect.bisect_right(self._starts, span.start)
            self._starts.insert(k, span.start)
            self._order.insert(k, i)
            self._max_len = max(self._max_len, len(span))
            if window is None or (span.end >= window[0] and span.start <= window[1]):
                visible = True
        self.highlight_count = len(self._findings)
        if visible:  # otherwise the extra selections on screen stay as they are
            self._window = None
            self._refresh_visible()

    def visible_range(self) -> tuple[int, int]:
        """Python offsets of the text on screen, widened by a margin on both sides."""
        first = self.firstVisibleBlock()
        top = first.position() if first.isValid() else 0
        bottom = self.cursorForPosition(self.viewport().rect().bottomRight()).position()
        lo = max(0, self._map.from_qt(top) - self.MARGIN_CHARS)
        hi = min(len(self._text), self._map.from_qt(bottom) + self.MARGIN_CHARS)
        return lo, hi

    def _refresh_visible(self, force: bool = False) -> None:
        lo, hi = self.visible_range()
        if (not force and self._window is not None and self._window[0] <= lo
                and hi <= self._window[1]):
            return
        # widen so that small scrolls need no recomputation
        lo, hi = max(0, lo - self.MARGIN_CHARS), hi + self.MARGIN_CHARS
        self._window = (lo, hi)
        first = bisect.bisect_left(self._starts, lo - self._max_len)
        last = bisect.bisect_right(self._starts, hi)
        selections = []
        doc = self.document()
        contrast = high_contrast()
        formats: dict[tuple[str, Action, bool], QTextCharFormat] = {}
        for k in range(first, last):
            i = self._order[k]
            f = self._findings[i]
            if f.span.end < lo:
                continue
            sel = QTextEdit.ExtraSelection()
            cur = QTextCursor(doc)
            cur.setPosition(self._map.to_qt(f.span.start))
            cur.setPosition(self._map.to_qt(f.span.end), QTextCursor.MoveMode.KeepAnchor)
            sel.cursor = cur
            key = (str(f.label), self._actions[i], i == self._current)
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
        bar = self.verticalScrollBar()
        blocked = bar.blockSignals(True)
        cur = QTextCursor(self.document())
        cur.setPosition(self._map.to_qt(span.start))
        self.setTextCursor(cur)
        self.centerCursor()
        bar.blockSignals(blocked)
        self._refresh_visible()

    def show_current(self, current: int | None, span: Span | None) -> None:
        """Mark another finding as the current one and bring it into view."""
        self._current = current
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
        cur.setPosition(self._map.to_qt(span.start))
        cur.setPosition(self._map.to_qt(span.end), QTextCursor.MoveMode.KeepAnchor)
        self.setTextCursor(cur)

    def _emit_selection(self) -> None:
        self.selectionChangedToSpan.emit(self.selected_span())


@dataclass(frozen=True, slots=True)
class RenderedPage:
    """A page rendered off the GUI thread (QImage is safe to build in any thread) and the
    page size in points."""

    index: int
    image: QImage
    width_pt: float
    height_pt: float

    @property
    def width(self) -> int:
        return self.image.width()

    @property
    def height(self) -> int:
        return self.image.height()


def render_pdf_pages(path: str, scale: float, password: str | None = None,
                     check: object = None) -> list[RenderedPage]:
    """Render every page with pypdfium2 (call from a job, never on the GUI thread)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(path, password=password)
    pages = []
    try:
        for i in range(len(pdf)):
            if check is not None:
                check()  # type: ignore[operator]
            page = pdf[i]
            w_pt, h_pt = page.get_size()
            pil = page.render(scale=scale).to_pil().convert("RGBA")
            image = QImage(pil.tobytes(), pil.width, pil.height, 4 * pil.width,
                           QImage.Format.Format_RGBA8888)
            # a deep copy in the format the screen paints fastest (pages are opaque)
            pages.append(RenderedPage(i, image.convertToFormat(QImage.Format.Format_RGB32),
                                      w_pt, h_pt))
            page.close()
    finally:
        pdf.close()
    return pages


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


class PageWidget(QWidget):
    """One rendered page with the findings' boxes drawn over it. The boxes are computed when
    the page is first painted after a change (only pages on screen cost anything)."""

    def __init__(self, page: RenderedPage, view: PdfPageView,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.page = page
        self.view = view
        self.image = page.image
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
        painter.drawImage(0, 0, self.image)
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
    """Rendered PDF pages with the boxes where masked findings will be burnt."""

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
        self._findings: list[Finding] = []
        self._actions: list[Action] = []
        self._order: list[int] = []
        self._starts: list[int] = []
        self._max_len = 0
        self._current: int | None = None
        self.placeholder = QLabel("Rendering pages…")
        self.placeholder.setAccessibleName("Page rendering status")
        self._layout.addWidget(self.placeholder)

    def set_document(self, doc: Document | None) -> None:
        self._doc = doc
        self._boxes = {}
        self._page_ranges = {}
        self._segs, self._seg_starts, self._seg_max_len = [], [], 0
        for w in self.pages:
            w.deleteLater()
        self.pages = []
        self.placeholder.setText("Rendering pages…" if doc else "")
        self.placeholder.show()
        self._page_offset = 0
        self.set_findings([], [])
        if doc is not None:
            # one box per character: sets of page numbers are built in C, not box by box
            seg_pages = [(k, seg, set(map(_page_of, seg.boxes)))
                         for k, seg in enumerate(doc.segments) if seg.boxes]
            pages = set().union(*(p for _k, _s, p in seg_pages))
            # Boxes carry 0-based page numbers; accept a reader that counts from 1.
            if pages and min(pages) >= 1 and max(pages) == max(doc.page_count, 1):
                self._page_offset = 1
            for k, seg, seg_pages_of in seg_pages:
                self._segs.append((seg.span.start, k))
                self._seg_max_len = max(self._seg_max_len, len(seg.span))
                for page in {p - self._page_offset for p in seg_pages_of}:
                    lo, hi = self._page_ranges.get(page, (seg.span.start, seg.span.end))
                    self._page_ranges[page] = (min(lo, seg.span.start), max(hi, seg.span.end))
            self._segs.sort()
            self._seg_starts = [start for start, _k in self._segs]

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
        self.placeholder.hide()
        for p in pages:
            w = PageWidget(p, self, self._inner)
            self._layout.addWidget(w)
            self.pages.append(w)
        self._layout.activate()

    def show_error(self, message: str) -> None:
        self.placeholder.setText(f"The pages could not be rendered: {message}")
        self.placeholder.show()

    def set_findings(self, findings: Sequence[Finding], actions: Sequence[Action],
                     current: int | None = None) -> None:
        self._findings, self._actions, self._current = list(findings), list(actions), current
        self._order = sorted(range(len(findings)), key=lambda i: findings[i].span.start)
        self._starts = [findings[i].span.start for i in self._order]
        self._max_len = max((len(f.span) for f in findings), default=0)
        for w in self.pages:
            w.invalidate()

    def set_current(self, current: int | None) -> None:
        self._current = current
        for w in self.pages:
            w.invalidate()

    def boxes_on_page(self, index: int) -> list[tuple[Box, str, Action, bool]]:
        """The merged boxes of the findings on one page (0-based), computed on demand."""
        if self._doc is None or index not in self._page_ranges:
            return []
        lo, hi = self._page_ranges[index]
        first = bisect.bisect_left(self._starts, lo - self._max_len)
        last = bisect.bisect_right(self._starts, hi)
        out = []
        for k in range(first, last):
            i = self._order[k]
            f = self._findings[i]
            merged = self._boxes.get(f.span)
            if merged is None:
                merged = self._boxes[f.span] = merge_line_boxes(self._span_boxes(f.span))
            for b in merged:
                if b.page - self._page_offset == index:
                    out.append((b, str(f.label), self._actions[i], i == self._current))
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
        if 0 <= page < len(self.pages):
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
        self.addTab(self.text_view, "&Text")
        self.setTabVisible(0, True)
        self._page_tab = -1
        self.doc: Document | None = None

    @property
    def is_paged(self) -> bool:
        return self._page_tab >= 0

    def set_document(self, doc: Document | None) -> None:
        self.doc = doc
        self.text_view.set_document(doc)
        paged = doc is not None and any(s.boxes for s in doc.segments)
        if paged and self._page_tab < 0:
            self._page_tab = self.insertTab(0, self.page_view, "&Pages")
        elif not paged and self._page_tab >= 0:
            self.removeTab(self._page_tab)
            self._page_tab = -1
        self.page_view.set_document(doc if paged else None)
        self.setCurrentIndex(0)

    def set_findings(self, findings: Sequence[Finding], actions: Sequence[Action],
                     current: int | None = None) -> None:
        self.text_view.set_findings(findings, actions, current)
        if self.is_paged:
            self.page_view.set_findings(findings, actions, current)

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
