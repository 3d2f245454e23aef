"""One rendered page of the page view, with the boxes drawn over it.

A :class:`PageWidget` paints its page and, over it, what the export will do there: masked
findings filled (solid outline), findings to review filled and hatched (dashed outline: they
are burnt too unless the reviewer keeps them), kept findings as a dotted outline only, and the
areas the reviewer drew (signatures, stamps, photos) filled black. Clicking a box selects its
finding; in drawing mode, dragging draws an area. Boxes are computed when the page is first
painted after a change (only pages on screen cost anything).

With the view's OCR overlay on, the words OCR read are drawn over the image first (the word
on a light ground in its box; a word read with low confidence in an orange, dashed box), the
findings' boxes over them; a tooltip says what was read where the mouse rests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from redactor.core.model import Action, Box, Span
from redactor.gui.page_render import RenderedPage
from redactor.gui.palette import box_pen_style, label_colour

if TYPE_CHECKING:
    from redactor.gui.page_view import PdfPageView


@dataclass(frozen=True, slots=True)
class PageBox:
    """A box drawn on a page: a finding's line (``index`` ≥ 0) or a drawn area (``index``
    -1, ``label`` "AREA")."""

    box: Box
    label: str
    action: Action
    current: bool
    index: int

    @property
    def burnt(self) -> bool:
        """Whether the export blacks it out (masked, under review, or a drawn area)."""
        return self.action != Action.KEEP


@dataclass(frozen=True, slots=True)
class OcrWordBox:
    """A word OCR read: its box on the page, its text, whether it was read with low
    confidence, and its span in the document text."""

    box: Box
    text: str
    low: bool
    span: Span


OCR_INK = QColor("#0072B2")  # blue (Okabe–Ito): a word read well
OCR_LOW = QColor("#E69F00")  # orange: read with low confidence


class PageWidget(QWidget):
    """One rendered page and its boxes (see the module docstring)."""

    def __init__(self, page: RenderedPage, view: PdfPageView,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.page = page
        self.view = view
        self._boxes: list[PageBox] | None = None  # as last painted (None: to compute)
        self._drag: tuple[QPointF, QPointF] | None = None
        self.setFixedSize(QSize(page.width, page.height))
        self.setAccessibleName(f"{'Picture' if view.pictures else 'Page'} {page.index + 1}")
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setMouseTracking(False)

    @property
    def boxes(self) -> list[PageBox]:
        if self._boxes is None:
            self._boxes = self.view.boxes_on_page(self.page.index)
        return self._boxes

    def invalidate(self) -> None:
        self._boxes = None
        self.update()

    # -- coordinates ---------------------------------------------------------------------
    def to_pixels(self, box: Box) -> QRectF:
        sx = self.page.width / self.page.width_pt
        sy = self.page.height / self.page.height_pt
        return QRectF(box.x0 * sx, (self.page.height_pt - box.y1) * sy,
                      (box.x1 - box.x0) * sx, (box.y1 - box.y0) * sy)

    def to_points(self, rect: QRectF) -> Box:
        """A rectangle in widget pixels as a box in PDF points (0-based page)."""
        sx = self.page.width_pt / self.page.width
        sy = self.page.height_pt / self.page.height
        r = rect.normalized()
        return Box(self.page.index, round(r.left() * sx, 2),
                   round(self.page.height_pt - r.bottom() * sy, 2),
                   round(r.right() * sx, 2), round(self.page.height_pt - r.top() * sy, 2))

    def box_at(self, pos: QPointF) -> PageBox | None:
        """The finding's box under ``pos`` (the current finding's first, then the smallest)."""
        hits = [b for b in self.boxes if b.index >= 0 and self.to_pixels(b.box).adjusted(
            -2, -2, 2, 2).contains(pos)]
        hits.sort(key=lambda b: (not b.current, (b.box.x1 - b.box.x0) * (b.box.y1 - b.box.y0)))
        return hits[0] if hits else None

    # -- painting ------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        painter.drawImage(0, 0, self.page.image)
        if self.view.ocr_overlay:
            self._paint_ocr(painter)
        for b in self.boxes:
            rect = self.to_pixels(b.box)
            if b.index < 0:  # a drawn area: burnt black
                painter.fillRect(rect, QColor(0, 0, 0, 170))
                painter.setPen(QPen(QColor("#000000"), 2))
                painter.drawRect(rect)
                continue
            colour = label_colour(b.label)
            if b.burnt:
                fill = QColor(colour)
                fill.setAlpha(110 if b.action == Action.MASK else 70)
                painter.fillRect(rect, fill)
                if b.action == Action.REVIEW:  # hatched: burnt, but not decided yet
                    painter.fillRect(rect, QBrush(QColor(0, 0, 0, 120),
                                                  Qt.BrushStyle.BDiagPattern))
            pen = QPen(colour if not b.current else QColor("#000000"), 3 if b.current else 2)
            pen.setStyle(box_pen_style(b.action))
            painter.setPen(pen)
            painter.drawRect(rect)
        if self._drag is not None:
            painter.setPen(QPen(QColor("#D55E00"), 2, Qt.PenStyle.DashLine))
            painter.drawRect(QRectF(*self._drag).normalized())
        painter.end()

    def _paint_ocr(self, painter: QPainter) -> None:
        """The words OCR read, each in its box."""
        font = QFont(painter.font())
        for word in self.view.ocr_words(self.page.index):
            rect = self.to_pixels(word.box)
            painter.fillRect(rect, QColor(255, 255, 255, 215))
            pen = QPen(OCR_LOW if word.low else OCR_INK, 2 if word.low else 1)
            if word.low:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawRect(rect)
            size = max(4.0, rect.height() * 0.7)
            font.setPixelSize(round(size))
            width = QFontMetricsF(font).horizontalAdvance(word.text)
            if width > rect.width() > 0:
                font.setPixelSize(max(4, round(size * rect.width() / width)))
            painter.setFont(font)
            painter.setPen(QColor("#7A4A00") if word.low else QColor("#003A5C"))
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), word.text)

    def ocr_word_at(self, pos: QPointF) -> OcrWordBox | None:
        """The word OCR read under ``pos`` (overlay on), if any."""
        if not self.view.ocr_overlay:
            return None
        return next((w for w in self.view.ocr_words(self.page.index)
                     if self.to_pixels(w.box).contains(pos)), None)

    def event(self, event: QEvent) -> bool:  # noqa: D102
        if event.type() == QEvent.Type.ToolTip:
            assert isinstance(event, QHelpEvent)
            word = self.ocr_word_at(QPointF(event.pos()))
            if word is not None:
                QToolTip.showText(event.globalPos(), f"OCR read “{word.text}”" + (
                    " with low confidence: check what the image shows" if word.low else ""),
                    self)
                return True
            QToolTip.hideText()
        return super().event(event)

    # -- mouse ----------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        pos = event.position()
        if self.view.drawing:
            self._drag = (pos, pos)
            return None
        hit = self.box_at(pos)
        if hit is not None:
            self.view.findingClicked.emit(hit.index)
        return None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._drag is not None:
            self._drag = (self._drag[0], event.position())
            self.update()
        else:
            super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._drag is None:
            return super().mouseReleaseEvent(event)
        rect = QRectF(self._drag[0], event.position()).normalized()
        self._drag = None
        self.update()
        if rect.width() >= 4 and rect.height() >= 4:
            self.view.areaDrawn.emit(self.to_points(rect))
        return None
