"""v1 PDF redaction, the always-correct path: redacted pages become images.

Every page that carries a redaction is rendered with PDFium (annotations and form widgets
not drawn), the boxes of the redacted characters (union per span per line, padded) are
painted opaque black into the pixels, and the page is replaced by that image in a NEW
document. An invisible text layer rebuilt from the kept text only (option ``pdf_text_layer``,
default on) keeps the page searchable; with ``overlay = "replacement"`` or ``"code"`` the
replacement (or ``exemption_code``) is drawn in white inside the box.

Untouched pages are copied only when that is provably clean
(:mod:`redactor_plugins.formats.pdf.untouched`): a copy carries only the resources it draws,
each rebuilt from an allow-list (:mod:`redactor_plugins.formats.pdf.carry`), and a page is
rendered instead when its content uses invisible text (render mode 3 or 7), marked-content
properties (/ActualText, /Alt, /E, optional content), patterns with their own content, or
when a redacted string occurs in anything the copy carries. Before anything is written, a
page that draws a redacted string its text layer does not show (a lying /ToUnicode map or
/ActualText) makes the export fail. Pages whose visible glyphs no font encoding reads, where
they could spell a redacted string, are recorded for the verifier, which reads them by OCR
(:data:`UNREADABLE_MEMO`); without an OCR engine the export is refused before writing. A
page that would render to more than ``limits.page_pixels`` is refused (exit 3).

Boxes over an image are carried to every page that draws the same image object
(:func:`redactor_plugins.formats.pdf.rects.share_image_boxes`). A redacted string drawn visibly inside
a soft mask, a pattern or a Type3 glyph, where no extractor sees it, makes the export fail; in
invisible text there, the page is rendered (:mod:`redactor_plugins.formats.pdf.hidden_text`).

Nothing at document level is carried over (outlines, names, attachments, forms, JavaScript,
open actions, layers, structure tree, XMP, /Info); a neutral /Info (Producer "Redactor") is
written; the file is written whole (no incremental update, no /Prev, one %%EOF).
"""

from __future__ import annotations

import tempfile
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium
from PIL import Image, ImageDraw
from redactor_plugins.formats.pdf.hidden_text import hidden_secret_pages, refuse_hidden_images
from redactor_plugins.formats.pdf.rects import (
    Rect,
    redaction_rects,
    same_line,
    share_image_boxes,
)
from redactor_plugins.formats.pdf.scan.needles import needles
from redactor_plugins.formats.pdf.untouched import (
    PageCopier,
    page_geometry,
    refuse_lying_pages,
)
from reportlab.pdfbase.pdfmetrics import stringWidth

from redactor.plugin_api import (
    Box,
    Document,
    Limits,
    RedactionPlan,
    RunContext,
    Segment,
    VerificationError,
    limits_for,
)

DEFAULT_DPI = 200
MIN_DPI = 200
TEXT_FONT = "Helvetica"
TRUE_WORDS = ("1", "true", "yes", "on")
#: ``ctx.memo_for(UNREADABLE_MEMO)[str(dest)]``: {input page index: visible glyphs that no
#: font encoding reads, where a redacted string could be} of the file written to ``dest``
UNREADABLE_MEMO = "pdf-writer:unreadable"


def option_on(plan: RedactionPlan, ctx: RunContext, name: str, default: bool) -> bool:
    value = plan.options.get(name)
    if value is None:
        value = plan.options.get(f"pdf_{name}") if not name.startswith("pdf_") else None
    if value is None:
        setting = ctx.settings.get("pdf", name.removeprefix("pdf_"), None)
        if setting is None:
            return default
        value = setting
    return str(value).strip().lower() in TRUE_WORDS


def dpi_of(plan: RedactionPlan, ctx: RunContext) -> int:
    raw = plan.options.get("pdf_dpi") or ctx.settings.get("pdf", "dpi", DEFAULT_DPI)
    try:
        return max(MIN_DPI, int(str(raw)))
    except ValueError:
        return DEFAULT_DPI


def redacted_offsets(plan: RedactionPlan) -> list[tuple[int, int]]:
    return [(r.span.start, r.span.end) for r in plan.replacements]


# -- kept text layer -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Word:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float


def kept_words(doc: Document, seg: Segment, redacted: Sequence[tuple[int, int]]) -> list[Word]:
    """Runs of kept, non-space characters on one line, with their union box."""
    text = doc.text[seg.span.start: seg.span.end]
    blocked = bytearray(len(text))
    for a, b in redacted:
        lo, hi = max(a, seg.span.start), min(b, seg.span.end)
        if lo < hi:
            blocked[lo - seg.span.start: hi - seg.span.start] = b"\x01" * (hi - lo)
    words: list[Word] = []
    cur: list[tuple[str, Box]] = []

    def flush() -> None:
        if cur:
            words.append(Word("".join(c for c, _ in cur), min(b.x0 for _, b in cur),
                              min(b.y0 for _, b in cur), max(b.x1 for _, b in cur),
                              max(b.y1 for _, b in cur)))
            cur.clear()

    for i, ch in enumerate(text):
        box = seg.boxes[i] if i < len(seg.boxes) else None
        if blocked[i] or ch.isspace() or box is None or box.x1 <= box.x0 or box.y1 <= box.y0:
            flush()
            continue
        if cur:
            last = cur[-1][1]
            if not same_line(last, box) or box.x0 < last.x0 or box.x0 > last.x1 + \
                    0.5 * (box.y1 - box.y0):
                flush()
        cur.append((ch, box))
    flush()
    return words


def _pdf_literal(raw: bytes) -> bytes:
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") \
        .replace(b"\r", b"\\r").replace(b"\n", b"\\n") + b")"


def _encodable_runs(text: str) -> list[tuple[int, str]]:
    """Split ``text`` into (offset, run) pieces that WinAnsi (cp1252) can encode."""
    runs: list[tuple[int, str]] = []
    start = None
    for i, ch in enumerate(text):
        try:
            ch.encode("cp1252")
            ok = True
        except UnicodeEncodeError:
            ok = False
        if ok and start is None:
            start = i
        elif not ok and start is not None:
            runs.append((start, text[start:i]))
            start = None
    if start is not None:
        runs.append((start, text[start:]))
    return runs


def _fmt(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return s if s not in ("", "-0") else "0"


def text_ops(words: Iterable[Word], font: str = "/F1", invisible: bool = True) -> bytes:
    """Content-stream operators that place each word (Helvetica, fitted to its box)."""
    out: list[bytes] = []
    for w in words:
        height = w.y1 - w.y0
        size = max(1.0, height / 1.2)
        baseline = w.y0 + 0.22 * height
        width = w.x1 - w.x0
        for offset, run in _encodable_runs(w.text):
            natural = stringWidth(run, TEXT_FONT, size)
            if natural <= 0:
                continue
            share = width * (stringWidth(w.text[:offset], TEXT_FONT, size) /
                             max(1e-6, stringWidth(w.text, TEXT_FONT, size)))
            run_width = width * natural / max(1e-6, stringWidth(w.text, TEXT_FONT, size))
            scale = max(1.0, min(1000.0, 100.0 * run_width / natural))
            mode = b"3 Tr " if invisible else b""
            out.append(b"BT " + mode + f"{font} {_fmt(size)} Tf {_fmt(scale)} Tz "
                       f"1 0 0 1 {_fmt(w.x0 + share)} {_fmt(baseline)} Tm ".encode()
                       + _pdf_literal(run.encode("cp1252")) + b" Tj ET\n")
    return b"".join(out)


def overlay_ops(rects: Iterable[Rect], labels: Mapping[int, str], font: str = "/F1") -> bytes:
    """White text fitted inside the first rectangle of each span."""
    out: list[bytes] = []
    for r in rects:
        label = labels.get(r.span_index, "")
        if not r.first or not label:
            continue
        run = "".join(c if c.encode("cp1252", "ignore") else "?" for c in label)
        natural = stringWidth(run, TEXT_FONT, 1.0)
        if natural <= 0:
            continue
        size = min(r.height * 0.7, 0.92 * r.width / natural)
        if size < 2:
            continue
        x = r.x0 + (r.width - natural * size) / 2
        y = r.y0 + (r.height - 0.7 * size) / 2
        out.append(f"BT 0 Tr 1 g /{font.lstrip('/')} {_fmt(size)} Tf 1 0 0 1 {_fmt(x)} {_fmt(y)} Tm "
                   .encode() + _pdf_literal(run.encode("cp1252", "replace")) + b" Tj ET\n")
    return b"".join(out)


def overlay_labels(plan: RedactionPlan) -> dict[int, str]:
    mode = str(plan.options.get("overlay", "") or "").strip().lower()
    if mode == "replacement":
        return {n: r.replacement for n, r in enumerate(plan.replacements)}
    if mode == "code":
        code = str(plan.options.get("exemption_code", "") or "")
        return {n: code for n in range(len(plan.replacements))} if code else {}
    return {}


# -- pages ---------------------------------------------------------------------------------
def helvetica(out: pikepdf.Pdf) -> pikepdf.Dictionary:
    return out.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica,
        Encoding=pikepdf.Name.WinAnsiEncoding))


def render_page(pdoc: pdfium.PdfDocument, index: int, rects: Sequence[Rect], dpi: int
                ) -> tuple[Image.Image, tuple[float, float, float, float]]:
    """Render one page unrotated (no annotations, no form widgets) and paint ``rects``."""
    page = pdoc[index]
    try:
        page.set_rotation(0)  # in memory only: render the page's own user space
        bx0, by0, bx1, by1 = page.get_bbox()
        scale = dpi / 72.0
        bitmap = page.render(scale=scale, may_draw_forms=False, draw_annots=False,
                             fill_color=(255, 255, 255, 255))
        try:
            img = bitmap.to_pil().convert("RGB")
        finally:
            bitmap.close()
    finally:
        page.close()
    sx = img.width / max(1e-6, bx1 - bx0)
    sy = img.height / max(1e-6, by1 - by0)
    draw = ImageDraw.Draw(img)
    for r in rects:
        left = (r.x0 - bx0) * sx
        right = (r.x1 - bx0) * sx
        top = (by1 - r.y1) * sy
        bottom = (by1 - r.y0) * sy
        if right < 0 or bottom < 0 or left > img.width or top > img.height:
            continue
        draw.rectangle([int(left) - 1, int(top) - 1, int(right) + 1, int(bottom) + 1],
                       fill=(0, 0, 0))
    return img, (bx0, by0, bx1, by1)


def image_xobject(out: pikepdf.Pdf, img: Image.Image) -> pikepdf.Stream:
    data, gray = image_samples(img)
    return pikepdf.Stream(out, data, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
                          Width=img.width, Height=img.height,
                          ColorSpace=pikepdf.Name.DeviceGray if gray else pikepdf.Name.DeviceRGB,
                          BitsPerComponent=8, Filter=pikepdf.Name.FlateDecode)


class ImageSpool:
    """Rendered page images wait on disk, not in memory, until the output is saved, so that
    memory stays bounded however many pages are rendered (it grew by each page's compressed
    image, about 25 MB per 100 pages at 200 dpi).

    Each image is appended, as soon as it is rendered, to a PDF file written here by hand in
    a temporary folder (image objects only, written and forgotten); the page that draws it
    gets an ``/XObject`` dictionary that waits for it (marked ``/RedactorSpool k``). At the
    end :meth:`finish` opens that file with pikepdf, moves the output's pages into it and
    points each waiting dictionary at its image: an image read from a file stays there until
    qpdf writes the output (copying between two pikepdf documents would read it into memory).
    :meth:`close` removes the folder (it holds only rendered, already redacted pixels)."""

    def __init__(self) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="redactor-pdf-")
        self.path = Path(self.folder.name) / "images.pdf"
        self.fh = self.path.open("wb")
        self.fh.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        self.offsets: list[int] = []  # of objects 3, 4, … (1: catalog, 2: page tree)
        self.final: pikepdf.Pdf | None = None

    def xobjects(self, out: pikepdf.Pdf, img: Image.Image) -> pikepdf.Dictionary:
        """The ``/XObject`` dictionary (in ``out``) of a page that draws ``img`` as ``/Im0``."""
        data, gray = image_samples(img)
        number = 3 + len(self.offsets)
        self.offsets.append(self.fh.tell())
        self.fh.write(
            f"{number} 0 obj\n<< /Type /XObject /Subtype /Image /Width {img.width} "
            f"/Height {img.height} /ColorSpace /{'DeviceGray' if gray else 'DeviceRGB'} "
            f"/BitsPerComponent 8 /Filter /FlateDecode /Length {len(data)} >>\nstream\n"
            .encode() + data + b"\nendstream\nendobj\n")
        return out.make_indirect(pikepdf.Dictionary(RedactorSpool=len(self.offsets) - 1))

    def finish(self, out: pikepdf.Pdf) -> pikepdf.Pdf:
        """The document to save: ``out`` itself when nothing was rendered, else the spool
        file with ``out``'s pages moved into it and every image in place."""
        if not self.offsets:
            return out
        n = len(self.offsets)
        catalog = self.fh.tell()
        self.fh.write(b"1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")
        tree = self.fh.tell()
        self.fh.write(b"2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n")
        xref = self.fh.tell()
        self.fh.write(f"xref\n0 {n + 3}\n0000000000 65535 f \n".encode())
        for offset in (catalog, tree, *self.offsets):
            self.fh.write(f"{offset:010d} 00000 n \n".encode())
        self.fh.write(f"trailer\n<< /Size {n + 3} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
                      .encode())
        self.fh.close()
        final = self.final = pikepdf.open(self.path)
        final.pages.extend(out.pages)
        for page in final.pages:
            xobjs = page.obj.get("/Resources", {}).get("/XObject") \
                if isinstance(page.obj.get("/Resources"), pikepdf.Dictionary) else None
            if isinstance(xobjs, pikepdf.Dictionary) and "/RedactorSpool" in xobjs:
                xobjs.Im0 = final.get_object((3 + int(xobjs.RedactorSpool), 0))
                del xobjs["/RedactorSpool"]
        return final

    def close(self) -> None:
        if not self.fh.closed:
            self.fh.close()
        if self.final is not None:
            self.final.close()
        self.folder.cleanup()


def image_samples(img: Image.Image) -> tuple[bytes, bool]:
    """The Flate-compressed samples of ``img``, and whether they are grey (one channel)."""
    arr = np.asarray(img)
    if arr.ndim == 3 and np.array_equal(arr[..., 0], arr[..., 1]) and \
            np.array_equal(arr[..., 1], arr[..., 2]):
        return zlib.compress(arr[..., 0].tobytes(), 6), True
    return zlib.compress(arr.tobytes(), 6), arr.ndim == 2


def image_page(out: pikepdf.Pdf, src_page: pikepdf.Dictionary, xobjects: pikepdf.Dictionary,
               bbox: tuple[float, float, float, float], extra: bytes,
               font: pikepdf.Dictionary | None) -> pikepdf.Dictionary:
    """A page that draws ``/Im0`` of ``xobjects`` over ``bbox``, then ``extra``."""
    media, crop, rot = page_geometry(src_page)
    bx0, by0, bx1, by1 = bbox
    content = (f"q {_fmt(bx1 - bx0)} 0 0 {_fmt(by1 - by0)} {_fmt(bx0)} {_fmt(by0)} cm /Im0 Do Q\n"
               .encode() + extra)
    resources = pikepdf.Dictionary(XObject=xobjects)
    if font is not None and extra:
        resources.Font = pikepdf.Dictionary(F1=font)
    page = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=media, Resources=resources,
                              Contents=pikepdf.Stream(out, content))
    if crop is not None:
        page.CropBox = crop
    if rot:
        page.Rotate = rot
    return page


# -- the writer ----------------------------------------------------------------------------
def neutral_info(out: pikepdf.Pdf) -> None:
    out.trailer.Info = out.make_indirect(pikepdf.Dictionary(Producer=pikepdf.String("Redactor")))


def save_whole(out: pikepdf.Pdf, dest: Path) -> None:
    out.save(dest, linearize=False, object_stream_mode=pikepdf.ObjectStreamMode.generate,
             compress_streams=True, fix_metadata_version=False, deterministic_id=True)


def page_text_words(doc: Document, index: int, redacted: Sequence[tuple[int, int]]
                    ) -> list[Word]:
    if index >= len(doc.segments):
        return []
    return kept_words(doc, doc.segments[index], redacted)


def build_render_page(out: pikepdf.Pdf, spool: ImageSpool, doc: Document,
                      pdoc: pdfium.PdfDocument, src_page: pikepdf.Dictionary, index: int,
                      rects: Sequence[Rect], plan: RedactionPlan, ctx: RunContext,
                      font: pikepdf.Dictionary) -> pikepdf.Dictionary:
    img, bbox = render_page(pdoc, index, rects, dpi_of(plan, ctx))
    extra = b""
    if option_on(plan, ctx, "pdf_text_layer", True):
        extra += text_ops(page_text_words(doc, index, redacted_offsets(plan)))
    labels = overlay_labels(plan)
    if labels:
        extra += overlay_ops(rects, labels)
    page = image_page(out, src_page, spool.xobjects(out, img), bbox, extra, font)
    img.close()
    return page


def write_render(doc: Document, plan: RedactionPlan, dest: Path, ctx: RunContext,
                 page_builders: Mapping[int, object] | None = None,
                 rects: Mapping[int, list[Rect]] | None = None) -> dict[int, str]:
    """Write ``dest`` with the v1 method; returns {page index: how it was written}.

    ``page_builders`` (used by v2) maps a page index to a callable
    ``(copier, src_pdf, src_page) -> pikepdf.Dictionary | None`` tried before rendering;
    ``rects`` are the redaction rectangles with the shared-image boxes already added (v2
    computes them once for both), else they are computed here.
    """
    from redactor_plugins.formats.pdf.read import opened

    if doc.format != "pdf":
        from redactor.plugin_api import UsageError

        raise UsageError(f"the PDF writer writes PDF input only (this document is "
                         f"{doc.format.upper()})")
    secrets = sorted({n.normed for n in needles(plan.labelled_secrets(), "")})
    limits = limits_for(ctx)
    how: dict[int, str] = {}
    with opened(doc.source, ctx.password) as (pike, pdoc):
        if rects is None:
            rects = share_image_boxes(pike, redaction_rects(doc, plan))
        refuse_hidden_images(pike, rects)
        must_render = hidden_secret_pages(pike, secrets)
        # pages whose glyphs no font encoding reads: the verifier reads them by OCR
        hidden = refuse_lying_pages(pike, doc, plan, ctx)
        refuse_unreadable_without_ocr(hidden, ctx)
        ctx.memo_for(UNREADABLE_MEMO)[str(dest)] = hidden
        out = pikepdf.new()
        font = helvetica(out)
        copier = PageCopier(out, doc, plan)
        spool = ImageSpool()
        dpi = dpi_of(plan, ctx)
        try:
            _write_pages(doc, plan, ctx, pike, pdoc, out, rects, page_builders, must_render,
                         copier, spool, font, dpi, limits, how)
            copier.finish()
            final = spool.finish(out)
            neutral_info(final)
            save_whole(final, dest)
        finally:
            out.close()
            spool.close()
    return how


def refuse_unreadable_without_ocr(hidden: dict[int, int], ctx: RunContext) -> None:
    """Refuse before writing when pages with unreadable glyphs (index → count) could not be
    read by OCR in verification (no engine): the export would be refused after all the work."""
    from redactor_plugins.formats.pdf.verify import unreadable_without_ocr

    issue = unreadable_without_ocr(hidden, ctx)
    if issue is not None:
        raise VerificationError(f"{issue.where}: {issue.what}; nothing was written", (issue,))


def _write_pages(doc: Document, plan: RedactionPlan, ctx: RunContext, pike: pikepdf.Pdf,
                 pdoc: pdfium.PdfDocument, out: pikepdf.Pdf, rects: Mapping[int, list[Rect]],
                 page_builders: Mapping[int, object] | None, must_render: set[int],
                 copier: PageCopier, spool: ImageSpool, font: pikepdf.Dictionary, dpi: int,
                 limits: Limits, how: dict[int, str]) -> None:
    """Each page of ``pike`` into ``out``: built by ``page_builders`` (v2), copied, or
    rendered; ``how`` records which."""
    n = len(pike.pages)
    for i in range(n):
        ctx.check()
        ctx.progress("write", i / max(1, n))
        src = pike.pages[i]
        page_rects = rects.get(i, [])
        built = None
        builder = (page_builders or {}).get(i)
        if i in must_render:
            builder = None
            how[i] = "rendered (a redacted string in a pattern's or soft mask's text)"
        if builder is not None:
            built = builder(copier, pike, src)  # type: ignore[operator]
            if built is not None:
                how[i] = "glyph"
        if built is None and not page_rects and i not in must_render:
            built, reason = copier.copy(src)
            how[i] = "copied" if built is not None else f"rendered ({reason})"
        if built is None:
            check_render_size(doc.source.name, pdoc, i, dpi, limits)
            built = build_render_page(out, spool, doc, pdoc, src.obj, i, page_rects, plan,
                                      ctx, font)
            how.setdefault(i, "rendered")
        out.pages.append(pikepdf.Page(built))


def check_render_size(name: str, pdoc: pdfium.PdfDocument, index: int, dpi: int,
                      limits: Limits) -> None:
    """Refuse (exit 3) a page that would render to more than ``limits.page_pixels``."""
    page = pdoc[index]
    try:
        width, height = page.get_size()
    finally:
        page.close()
    scale = dpi / 72.0
    limits.check(name, "page_pixels", int(abs(width) * scale) * int(abs(height) * scale))


class RenderRedactor:
    """The v1 writer strategy (see module docs)."""

    def write(self, doc: Document, plan: RedactionPlan, dest: Path, ctx: RunContext
              ) -> dict[int, str]:
        return write_render(doc, plan, dest, ctx)
