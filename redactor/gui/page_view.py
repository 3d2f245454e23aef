"""The page view: rendered PDF pages with boxes where the export will burn.

The character boxes of a paged document are indexed by :func:`page_index` (built in the job
that reads the document, never on the GUI thread for a long one); :class:`PdfPageView` creates
its page widgets (:mod:`redactor.gui.page_widget`) a few at a time, one slice per turn of the
event loop, and computes a page's boxes only when the page is painted. Every change of the
findings, their decisions or the drawn areas repaints the pages on screen at once, so the
view always shows what the export will burn (:meth:`PdfPageView.burn_boxes`).

The same view shows an image file's pages and a DOCX's pictures that OCR read. With the OCR
overlay on (:meth:`PdfPageView.set_ocr_overlay`) every word OCR read is drawn over the image
where it was read, those read with low confidence marked (:meth:`PdfPageView.ocr_words`), so
the reviewer can compare what was read with what the image shows.
"""

from __future__ import annotations

import bisect
import operator
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPoint, QRect, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from redactor.core.model import Action, Box, Document, Finding, Span
from redactor.gui.explain import offset_ranges
from redactor.gui.page_render import RenderedPage
from redactor.gui.page_widget import OcrWordBox, PageBox, PageWidget
from redactor.gui.shown_findings import ShownFindings

_page_of = operator.attrgetter("page")
_WORD = re.compile(r"\S+")


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
    pending: bool = False  # a stand-in: the job sends the real index later (set_index)

    @property
    def seg_starts(self) -> list[int]:
        return [start for start, _k in self.segs]


def pending_index(doc: Document) -> PageIndex:
    """A stand-in for :func:`page_index` (no boxes yet) while the job builds the real one
    after the fast detectors have reported; :meth:`PdfPageView.set_index` replaces it."""
    return PageIndex(doc.segments, 0, (), 0, {}, pending=True)


def page_index(doc: Document) -> PageIndex:
    """The :class:`PageIndex` of a document (call from a job for a long document)."""
    # one box per character: sets of page numbers are built in C, not box by box
    seg_pages = [(k, seg, set(map(_page_of, seg.boxes)))
                 for k, seg in enumerate(doc.segments) if seg.boxes]
    pages = set().union(*(p for _k, _s, p in seg_pages))
    # Boxes carry 0-based page numbers; accept a reader that counts from 1 (not the DOCX
    # reader's pictures, numbered from 0 whatever the document's page count)
    pictures = any(seg.locator.startswith("ocr:") for _k, seg, _p in seg_pages)
    offset = 1 if (pages and not pictures and min(pages) >= 1
                   and max(pages) == max(doc.page_count, 1)) else 0
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


class PdfPageView(QScrollArea):
    """Rendered PDF pages with the boxes where masked findings will be burnt.

    Page widgets are created in time-boxed slices (:attr:`SLICE_S` of GUI-thread time per
    turn of the event loop); a scroll to a page not created yet is done once it is.
    ``findingClicked`` carries the index of a finding whose box was clicked; with
    :attr:`drawing` on, a rectangle dragged on a page comes as ``areaDrawn`` (a :class:`Box`
    in PDF points, 0-based page)."""

    findingClicked = Signal(int)
    areaDrawn = Signal(object)

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
        self.areas: list[Box] = []  # drawn areas, burnt like findings (0-based pages)
        self.drawing = False  # a drag on a page draws an area
        self.ocr_overlay = False  # the words OCR read are drawn over the pages
        self._ocr_spans: list[tuple[int, int]] = []  # the OCR'd ranges of the text
        self._ocr_low: list[tuple[int, int]] = []  # words read with low confidence
        self._ocr_words: dict[int, list[OcrWordBox]] = {}  # by page, computed when painted

    def set_document(self, doc: Document | None, index: PageIndex | None = None) -> None:
        """Show ``doc``'s pages (once :meth:`set_pages` brings them). ``index`` is its
        :func:`page_index` if already built (in a job); otherwise it is built here."""
        self._doc = doc
        self._boxes = {}
        self._ocr_words = {}
        meta = doc.metadata if doc is not None else {}
        self._ocr_spans = offset_ranges(meta.get("ocr_spans"))
        self._ocr_low = offset_ranges(meta.get("ocr_low_confidence"))
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
        self._use_index(index)

    def set_index(self, index: PageIndex) -> None:
        """The real index of the document shown, after a :func:`pending_index`: the pages
        on screen are painted again with their boxes."""
        if self._doc is None or index.segments is not self._doc.segments:
            return
        self._use_index(index)
        self._boxes = {}
        self._invalidate_pages()

    def _use_index(self, index: PageIndex | None) -> None:
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
        if self._pending_scroll is not None and self.widget_for(self._pending_scroll[1]):
            # its page is made: scroll in the next turn, once the scroll area has taken the
            # new pages' size into account
            QTimer.singleShot(0, self, self._scroll_pending)

    def widget_for(self, index: int) -> PageWidget | None:
        """The widget of page ``index`` (0-based; a DOCX's pictures may skip numbers)."""
        if 0 <= index < len(self.pages) and self.pages[index].page.index == index:
            return self.pages[index]
        return next((w for w in self.pages if w.page.index == index), None)

    def _scroll_pending(self) -> None:
        if self._pending_scroll is not None and self.widget_for(self._pending_scroll[1]):
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
        repaint the pages on screen. Each page on screen is updated itself: updating the
        viewport alone does not repaint the page widgets inside it (the boxes stayed as
        first painted until the tab was shown again); pages off screen are painted, with
        fresh boxes, when they scroll in."""
        for w in self.pages:
            w._boxes = None
        for w in self.visible_pages():
            w.update()

    def visible_pages(self) -> list[PageWidget]:
        """The page widgets that intersect the viewport (found by bisection on their tops)."""
        if not self.pages:
            return []
        top = self.verticalScrollBar().value()
        seen = QRect(0, top, self.viewport().width(), self.viewport().height())
        tops = [w.y() for w in self.pages]
        if len(tops) > 1 and min(tops[1:]) <= 0:  # pages not laid out yet: all of them
            return list(self.pages)
        first = max(0, bisect.bisect_right(tops, seen.top()) - 1)
        out = []
        for w in self.pages[first:]:
            if w.y() > seen.bottom():
                break
            out.append(w)
        return out

    def set_areas(self, areas: Sequence[Box]) -> None:
        """The areas the reviewer drew (burnt on export like findings)."""
        if list(areas) != self.areas:
            self.areas = list(areas)
            self._invalidate_pages()

    # -- the words OCR read ---------------------------------------------------------------
    @property
    def pictures(self) -> bool:
        """Whether the pages are a DOCX's pictures (read by OCR) rather than pages."""
        return self._doc is not None and self._doc.format == "docx"

    @property
    def has_ocr(self) -> bool:
        """Whether OCR read any of the document's text."""
        return bool(self._ocr_spans)

    def set_ocr_overlay(self, on: bool) -> None:
        """Draw the words OCR read over the pages (or not)."""
        if on != self.ocr_overlay:
            self.ocr_overlay = on
            for w in self.visible_pages():
                w.update()

    def ocr_words(self, index: int) -> list[OcrWordBox]:
        """The words OCR read on page ``index`` (0-based), each with its box (the union of
        its characters' boxes there) and whether it was read with low confidence."""
        words = self._ocr_words.get(index)
        if words is not None:
            return words
        words = []
        doc = self._doc
        if doc is not None and index in self._page_ranges:
            lo, hi = self._page_ranges[index]
            for a, b in self._ocr_spans:
                if b <= lo or a >= hi:
                    continue
                start = max(a, lo)
                for m in _WORD.finditer(doc.text, start, min(b, hi)):
                    span = Span(m.start(), m.end())
                    boxes = [x for x in self._span_boxes(span)
                             if x.page - self._page_offset == index and x.x1 > x.x0]
                    if not boxes:
                        continue
                    box = Box(index, min(x.x0 for x in boxes), min(x.y0 for x in boxes),
                              max(x.x1 for x in boxes), max(x.y1 for x in boxes))
                    low = any(s < span.end and span.start < e for s, e in self._ocr_low)
                    words.append(OcrWordBox(box, m.group(), low, span))
        self._ocr_words[index] = words
        return words

    def set_drawing(self, on: bool) -> None:
        self.drawing = on
        cursor = Qt.CursorShape.CrossCursor if on else Qt.CursorShape.ArrowCursor
        self.viewport().setCursor(cursor)

    def set_current(self, current: int | None) -> None:
        self.shown.current = current
        self._invalidate_pages()

    def boxes_on_page(self, index: int) -> list[PageBox]:
        """The merged boxes of the findings on one page (0-based), then the areas drawn on
        it; computed on demand."""
        out: list[PageBox] = []
        if self._doc is not None and index in self._page_ranges:
            lo, hi = self._page_ranges[index]
            shown = self.shown
            for i in shown.overlapping(lo, hi):
                f = shown.findings[i]
                merged = self._boxes.get(f.span)
                if merged is None:
                    merged = self._boxes[f.span] = merge_line_boxes(self._span_boxes(f.span))
                for b in merged:
                    if b.page - self._page_offset == index:
                        label, action, current = shown.look(i)
                        out.append(PageBox(Box(index, b.x0, b.y0, b.x1, b.y1), label, action,
                                           current, i))
        out += [PageBox(a, "AREA", Action.MASK, False, -1) for a in self.areas
                if a.page == index]
        return out

    def burn_boxes(self, index: int) -> list[Box]:
        """What the export burns on one page (0-based), as drawn: the boxes of the masked
        findings and of those under review, and the drawn areas."""
        return [b.box for b in self.boxes_on_page(index) if b.burnt]

    def box_count(self) -> int:
        return sum(len(w.boxes) for w in self.pages)

    def scroll_to(self, span: Span) -> None:
        if self._doc is None:
            return
        boxes = self._span_boxes(span)
        if not boxes:
            return
        page = boxes[0].page - self._page_offset
        w = self.widget_for(page)
        if w is None and any(p.index == page for p in self._waiting):
            self._pending_scroll = (span, page)  # done when the page's widget is made
        elif w is not None:
            self._pending_scroll = None
            self._layout.activate()  # place the pages added since the last layout
            rect = w.to_pixels(boxes[0]).toRect()
            pos = w.mapTo(self._inner, QPoint(rect.x(), rect.y()))
            self.ensureVisible(pos.x(), pos.y(), 50, 120)
