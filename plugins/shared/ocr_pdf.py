"""OCR of PDF pages, for the PDF reader and verifier: a page with no text layer is read whole;
on a page with text, every image of at least :data:`BARE_SHARE` of the page that no
extracted character lies on is read (its part of the page, rendered).

Pages are rendered unrotated (the page's own user space, as the v1 writer renders them:
no annotations, no form widgets) at a resolution chosen from the images on the page
(:func:`ocr_dpi`); the words' boxes come back in PDF points, origin bottom left — one
:class:`~redactor.plugin_api.Box` per character, exactly like the text layer, so the
writer burns them like any other redacted character.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image
from redactor_plugins.shared.ocr_images import low_offsets
from redactor_plugins.shared.ocr_run import OcrText, engine_label, engines, read_text, setting
from redactor_plugins.shared.ocr_verify import PixelCheck, reread

from redactor.plugin_api import Box, Document, RedactionPlan, RunContext, limits_for

#: Images at least this share of the page with no text over them are read by OCR.
BARE_SHARE = 0.2
#: Resolution bounds (dpi) for OCR; without images on the page, DEFAULT_DPI.
MIN_DPI, MAX_DPI, DEFAULT_DPI = 150, 400, 300

Bounds = tuple[float, float, float, float]


@dataclass(slots=True)
class PageOcr:
    """OCR'd text of one page, one box (points) per character, the offsets of its
    low-confidence words (relative to ``text``), and the engine that read it."""

    text: str = ""
    boxes: list[Box] = field(default_factory=list)
    low: list[str] = field(default_factory=list)
    words: int = 0
    engine: str = ""
    turns: int | None = None  # quarter turns of a page read whole


def _images(page: pdfium.PdfPage) -> list[tuple[Bounds, tuple[int, int]]]:
    out = []
    for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE], max_depth=4):
        try:
            px = obj.get_px_size()
        except Exception:  # an image PDFium cannot measure: its bounds still count
            px = (0, 0)
        out.append((tuple(obj.get_bounds()), (int(px[0]), int(px[1]))))  # type: ignore[arg-type]
    return out


def ocr_dpi(page: pdfium.PdfPage, ctx: RunContext) -> int:
    """The resolution to render ``page`` at: setting ``ocr.pdf_dpi``, else the resolution of
    its largest image (within 150–400 dpi), within the page-pixel limits."""
    width, height = page.get_size()
    dpi = int(setting(ctx, "pdf_dpi") or 0)
    if dpi <= 0:
        best, dpi = 0.0, DEFAULT_DPI
        for (x0, y0, x1, y1), (pw, _) in _images(page):
            area = max(0.0, x1 - x0) * max(0.0, y1 - y0)
            if area > best and x1 > x0 and pw > 0:
                best, dpi = area, round(pw / ((x1 - x0) / 72.0))
        dpi = min(MAX_DPI, max(MIN_DPI, dpi))
    cap = min(limits_for(ctx).page_pixels, int(setting(ctx, "max_pixels")))
    while dpi > 72 and (abs(width) * dpi / 72) * (abs(height) * dpi / 72) > cap:
        dpi = int(dpi * 0.9)
    return max(36, dpi)


def render(page: pdfium.PdfPage, dpi: int) -> tuple[Image.Image, Bounds]:
    """The page unrotated at ``dpi`` in grey, and its bounding box in points."""
    page.set_rotation(0)  # in memory only: the page's own user space, as the writer renders
    bbox = tuple(page.get_bbox())
    bitmap = page.render(scale=dpi / 72.0, may_draw_forms=False, draw_annots=False,
                         grayscale=True, fill_color=(255, 255, 255, 255))
    try:
        img = bitmap.to_pil().convert("L")
    finally:
        bitmap.close()
    return img, bbox  # type: ignore[return-value]


def page_image(output: object, index: int, ctx: RunContext
               ) -> Callable[[], Image.Image]:
    """A function that renders page ``index`` of the PDF ``output`` for OCR (opened and
    closed on each call, so a long re-read keeps no page in memory)."""
    def make() -> Image.Image:
        pdoc = pdfium.PdfDocument(output)  # type: ignore[arg-type]
        try:
            page = pdoc[index]
            try:
                return render(page, ocr_dpi(page, ctx))[0]  # type: ignore[arg-type]
            finally:
                page.close()
        finally:
            pdoc.close()
    return make


def bare_images(page: pdfium.PdfPage, boxes: Sequence[Box]) -> list[Bounds]:
    """Bounds of the images of at least :data:`BARE_SHARE` of the page that no extracted
    character lies on."""
    width, height = page.get_size()
    area = max(1.0, width * height)
    centres = [((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2) for b in boxes if b.x1 > b.x0]
    out = []
    for (x0, y0, x1, y1), _ in _images(page):
        if max(0.0, x1 - x0) * max(0.0, y1 - y0) / area < BARE_SHARE:
            continue
        if not any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in centres):
            out.append((x0, y0, x1, y1))
    return out


def _boxes(ocr: OcrText, index: int, bbox: Bounds, sx: float, sy: float,
           left: float, top: float) -> list[Box]:
    bx0, _, _, by1 = bbox
    out: list[Box] = []
    last = (bx0, by1)
    for box in ocr.boxes:
        if box is None:
            out.append(Box(index, last[0], last[1], last[0], last[1]))
            continue
        x0, y0, x1, y1 = box
        b = Box(index, round(bx0 + (left + x0) / sx, 2), round(by1 - (top + y1) / sy, 2),
                round(bx0 + (left + x1) / sx, 2), round(by1 - (top + y0) / sy, 2))
        out.append(b)
        last = (b.x1, b.y0)
    return out


def ocr_pdf_page(pdoc: pdfium.PdfDocument, index: int, text_boxes: Sequence[Box],
                 ctx: RunContext) -> PageOcr | None:
    """Read page ``index`` by OCR: the whole page when ``text_boxes`` is empty (no text
    layer), else its bare images (:func:`bare_images`). None when OCR is off or there is
    nothing to read; pieces are joined by line breaks."""
    found = engines(ctx)
    if not found:
        return None
    page = pdoc[index]
    try:
        regions = bare_images(page, text_boxes) if text_boxes else None
        if regions == []:
            return None
        dpi = ocr_dpi(page, ctx)
        img, bbox = render(page, dpi)
    finally:
        page.close()
    sx = img.width / max(1e-6, bbox[2] - bbox[0])
    sy = img.height / max(1e-6, bbox[3] - bbox[1])
    crops: list[tuple[float, float, Image.Image]] = []
    if regions is None:
        crops.append((0.0, 0.0, img))
    else:
        for x0, y0, x1, y1 in regions:
            left, top = max(0, int((x0 - bbox[0]) * sx)), max(0, int((bbox[3] - y1) * sy))
            right, bottom = min(img.width, int((x1 - bbox[0]) * sx) + 1), \
                min(img.height, int((bbox[3] - y0) * sy) + 1)
            if right - left > 4 and bottom - top > 4:
                crops.append((float(left), float(top), img.crop((left, top, right, bottom))))
    out = PageOcr(engine=engine_label(found[0]))
    for left, top, crop in crops:
        ctx.check()
        ocr = read_text(crop, ctx, found[0])
        if not ocr.text:
            continue
        if out.text:
            out.text += "\n"
            out.boxes.append(Box(index, out.boxes[-1].x1, out.boxes[-1].y0,
                                 out.boxes[-1].x1, out.boxes[-1].y0))
        out.low += low_offsets(ocr, len(out.text))
        out.text += ocr.text
        out.boxes += _boxes(ocr, index, bbox, sx, sy, left, top)
        out.words += ocr.words
        out.turns = ocr.turns if regions is None else None
    img.close()
    return out if out.text else PageOcr(engine=out.engine)


def reread_pdf(doc: Document, plan: RedactionPlan, output: object, ctx: RunContext | None
               ) -> PixelCheck:
    """Render every page of ``output`` that was read by OCR (``doc.metadata["ocr_pages"]``)
    and read it again (:func:`~redactor_plugins.shared.ocr_verify.reread`)."""
    out = PixelCheck()
    pages = [int(p) for p in str(doc.metadata.get("ocr_pages", "")).split(",") if p.isdigit()]
    if not pages:
        return out

    def maker(number: int) -> Callable[[], Image.Image]:
        return page_image(output, number - 1, ctx)

    turns = [int(t) if t.isdigit() else None
             for t in str(doc.metadata.get("ocr_turns", "")).split(",")]
    reread([(f"page {n}", maker(n)) for n in pages], doc, plan, ctx, out, turns)
    return out


class OcrNotes:
    """What the PDF reader records about the pages it read by OCR: the metadata
    ``ocr_pages``, ``ocr_spans``, ``ocr_low_confidence``, ``ocr_engine`` (numbers and the
    engine's name only) and one warning per page."""

    def __init__(self, ctx: RunContext) -> None:
        self.threshold = float(setting(ctx, "min_confidence"))
        self.pages: list[str] = []
        self.spans: list[str] = []
        self.low: list[str] = []
        self.engine = ""
        self.turns: list[str] = []

    def add(self, number: int, ocr: PageOcr, at: int, scanned: bool, share: float
            ) -> list[str]:
        """Record page ``number`` (1-based) whose OCR'd text starts at offset ``at`` of the
        document text; returns its warnings."""
        self.pages.append(str(number))
        self.spans.append(f"{at}-{at + len(ocr.text)}")
        self.turns.append("" if ocr.turns is None else str(ocr.turns))
        self.low += [f"{int(a) + at}-{int(b) + at}" for a, b in
                     (item.split("-") for item in ocr.low)]
        self.engine = ocr.engine
        engine = ocr.engine.split(" ", 1)[0]
        what = (f"page {number}: scanned (without a text layer), its text was read by OCR "
                f"({engine})" if scanned else f"page {number}: an image covering "
                f"{round(100 * share)} % of the page has no text over it, its text was read "
                f"by OCR ({engine})")
        out = [what + " — check what was read"]
        if ocr.low:
            out.append(f"page {number}: OCR read {len(ocr.low)} word(s) with low confidence "
                       f"(below {self.threshold:g}): review them")
        return out

    def metadata(self) -> dict[str, str]:
        if not self.pages:
            return {}
        return {"ocr_pages": ",".join(self.pages), "ocr_spans": ",".join(self.spans),
                "ocr_low_confidence": ",".join(self.low), "ocr_engine": self.engine,
                "ocr_turns": ",".join(self.turns)}
