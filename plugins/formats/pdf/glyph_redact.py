"""v2 PDF redaction: remove the glyphs themselves and keep the rest of the page as text.

Used when ``keep_text_selectable`` is on (plan option, or setting ``pdf.keep_text_selectable``).
For every page that carries a redaction the page is copied (allow-listed, like an untouched
page) and its content stream is rewritten with pikepdf (``parse_content_stream`` /
``unparse_content_stream``):

* a glyph whose centre lies in a redaction rectangle (union of the redacted characters'
  boxes per line, padded) is removed from its ``Tj``/``TJ``/``'``/``"``; each removed run
  becomes ONE gap of a normalised width (``GAP_EM`` em, whatever the removed text was; the
  removed glyphs' widths, kerning, ``Tc`` and ``Tw`` are all dropped) and a black box of that
  width is drawn there (not for invisible text);
* Form XObjects are interpreted recursively with their matrix and rewritten as copies;
* image XObjects drawn under a rectangle get their pixels overwritten in a new image, and
  their soft mask made opaque there (:mod:`redactor_plugins.formats.pdf.image_paint`; the boxes over
  an image reach every page that draws it through ``share_image_boxes``);
* marked-content properties (``/ActualText``, ``/Alt``, ``/E``) are dropped (``BDC`` → ``BMC``).

Covered: simple fonts (Type1, TrueType, MMType1; one byte per code) with widths from
``/Widths`` or the standard-14 metrics; a removed glyph must come from a font that is not
embedded (a font program would keep the removed glyphs' outlines). Anything else on a page
with a redaction — Type0/CID or Type3 fonts, embedded fonts under a box, inline images or
stencil masks under a box, optional content, a Form XObject drawn twice with different
results — makes that page fall back to v1 (rendered). After writing, each v2 page is proved
clean by the verifier's channels (both text engines and the page's decompressed streams);
a page that is not proved is rendered instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pikepdf
from redactor_plugins.formats.pdf.image_paint import (
    IDENTITY,
    Matrix,
    Unpaintable,
    apply,
    mul,
    paint_image,
    quad_bbox,
    unit_rects,
)
from redactor_plugins.formats.pdf.rects import Rect, redaction_rects, share_image_boxes
from redactor_plugins.formats.pdf.render_redact import write_render
from redactor_plugins.formats.pdf.scan.drawn import page_drawn
from redactor_plugins.formats.pdf.scan.engines import pdfminer_pages_text
from redactor_plugins.formats.pdf.scan.needles import ByteSearch, needles
from redactor_plugins.formats.pdf.scan.objects import ObjectScan, drawn_hits
from redactor_plugins.formats.pdf.untouched import PageCopier
from redactor_plugins.formats.pdf.verify import page_plan_text
from reportlab.pdfbase import pdfmetrics

from redactor.plugin_api import Document, RedactionPlan, RunContext, find_survivors

GAP_EM = 2.0  # every removed run becomes a gap of this many em
SIMPLE_FONTS = ("/Type1", "/TrueType", "/MMType1")
STANDARD_14 = {
    "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman",
    "Times-Bold", "Times-Italic", "Times-BoldItalic", "Courier", "Courier-Bold",
    "Courier-Oblique", "Courier-BoldOblique", "Symbol", "ZapfDingbats",
}
_ALIASES = {"Arial": "Helvetica", "Arial,Bold": "Helvetica-Bold", "TimesNewRoman": "Times-Roman",
            "CourierNew": "Courier"}


PATH_OPS = {"m", "l", "c", "v", "y", "re", "h"}
PAINT_OPS = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"}


class Unsupported(Exception):
    """This page cannot be redacted at glyph level; render it instead."""


def _inside(rects: Sequence[Rect], x: float, y: float) -> bool:
    return any(r.x0 <= x <= r.x1 and r.y0 <= y <= r.y1 for r in rects)


def _intersects(rects: Sequence[Rect], bbox: tuple[float, float, float, float]) -> list[Rect]:
    x0, y0, x1, y1 = bbox
    return [r for r in rects if r.x0 < x1 and x0 < r.x1 and r.y0 < y1 and y0 < r.y1]


class FontInfo:
    """Widths (glyph units / 1000) of a simple font, and whether its program is embedded."""

    def __init__(self, font: pikepdf.Dictionary) -> None:
        subtype = str(font.get("/Subtype", ""))
        if subtype not in SIMPLE_FONTS:
            raise Unsupported(f"font type {subtype}")
        desc = font.get("/FontDescriptor")
        self.embedded = isinstance(desc, pikepdf.Dictionary) and any(
            k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        base = str(font.get("/BaseFont", "/Helvetica"))[1:].split("+")[-1]
        self.standard = _ALIASES.get(base, base) if _ALIASES.get(base, base) in STANDARD_14 \
            else None
        self.widths: dict[int, float] = {}
        widths = font.get("/Widths")
        if isinstance(widths, pikepdf.Array):
            first = int(font.get("/FirstChar", 0))
            for i, w in enumerate(widths):
                self.widths[first + i] = float(w)
        self.missing = float(desc.get("/MissingWidth", 0)) if isinstance(
            desc, pikepdf.Dictionary) else 0.0
        if not self.widths and self.standard is None:
            raise Unsupported("font without widths")

    def width(self, code: int) -> float:
        if code in self.widths:
            return self.widths[code] / 1000.0
        if self.standard is not None:
            try:
                ch = bytes([code]).decode("cp1252")
            except UnicodeDecodeError:
                return self.missing / 1000.0
            return pdfmetrics.stringWidth(ch, self.standard, 1000) / 1000.0
        return self.missing / 1000.0


class Interpreter:
    """Rewrites one content stream; collects gap boxes; recurses into Form XObjects."""

    def __init__(self, out: pikepdf.Pdf, rects: Sequence[Rect]) -> None:
        self.out = out
        self.rects = rects
        self.gaps: list[tuple[float, float, float, float]] = []
        self.removed = 0
        self.shift = 0.0  # how far the rewritten text line has moved from the original
        self.in_gap = False
        self.fonts: dict[tuple[int, int] | int, FontInfo] = {}

    def font(self, res: pikepdf.Dictionary, name: str) -> tuple[FontInfo, pikepdf.Dictionary]:
        fonts = res.get("/Font") if isinstance(res, pikepdf.Dictionary) else None
        font = fonts.get(name) if isinstance(fonts, pikepdf.Dictionary) else None
        if not isinstance(font, pikepdf.Dictionary):
            raise Unsupported("missing font")
        key = font.objgen if font.is_indirect else id(font)
        if key not in self.fonts:
            self.fonts[key] = FontInfo(font)
        return self.fonts[key], font

    def run(self, owner: object, res: pikepdf.Dictionary, ctm0: Matrix, depth: int = 0
            ) -> tuple[list, dict[str, pikepdf.Object]]:
        """New operator list for ``owner`` and the XObjects to replace in ``res``."""
        if depth > 12:
            raise Unsupported("forms nested too deep")
        ops = pikepdf.parse_content_stream(owner)
        out_ops: list = []
        replaced: dict[str, pikepdf.Object] = {}
        ctm = ctm0
        stack: list[tuple] = []
        tc = tw = ts = 0.0
        th, tl, tr = 1.0, 0.0, 0
        fsize = 0.0
        font: FontInfo | None = None
        tm = tlm = IDENTITY
        path: list[tuple[float, float]] = []
        path_drawn = False  # the path has segments other than rectangles
        for item in ops:
            if isinstance(item, pikepdf.ContentStreamInlineImage):
                bbox = quad_bbox(ctm, 0, 0, 1, 1)
                if _intersects(self.rects, bbox):
                    raise Unsupported("inline image under a box")
                out_ops.append(item)
                continue
            operands, op = item.operands, str(item.operator)
            if op in PATH_OPS:
                nums = [float(v) for v in operands]
                if op == "re" and len(nums) == 4:
                    x, y, w, h = nums
                    path += [apply(ctm, x, y), apply(ctm, x + w, y + h),
                             apply(ctm, x + w, y), apply(ctm, x, y + h)]
                else:
                    path_drawn = path_drawn or op != "m"
                    path += [apply(ctm, nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]
            elif op in PAINT_OPS:
                if path and path_drawn:
                    xs, ys = [p[0] for p in path], [p[1] for p in path]
                    if _intersects(self.rects, (min(xs), min(ys), max(xs), max(ys))):
                        raise Unsupported("vector graphics under a box")
                path, path_drawn = [], False
            elif op == "q":
                stack.append((ctm, tc, tw, th, tl, tr, fsize, font, ts))
            elif op == "Q":
                if stack:
                    ctm, tc, tw, th, tl, tr, fsize, font, ts = stack.pop()
            elif op == "cm":
                ctm = mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
            elif op == "BT":
                tm = tlm = IDENTITY
                self.shift, self.in_gap = 0.0, False
            elif op == "Tc":
                tc = float(operands[0])
            elif op == "Tw":
                tw = float(operands[0])
            elif op == "Tz":
                th = float(operands[0]) / 100.0
            elif op == "TL":
                tl = float(operands[0])
            elif op == "Ts":
                ts = float(operands[0])
            elif op == "Tr":
                tr = int(operands[0])
            elif op == "Tf":
                font, _ = self.font(res, str(operands[0]))
                fsize = float(operands[1])
            elif op in ("Td", "TD"):
                tx, ty = float(operands[0]), float(operands[1])
                if op == "TD":
                    tl = -ty
                tlm = mul((1, 0, 0, 1, tx, ty), tlm)
                tm = tlm
                self.shift, self.in_gap = 0.0, False
            elif op == "Tm":
                tlm = tm = tuple(float(v) for v in operands)  # type: ignore[assignment]
                self.shift, self.in_gap = 0.0, False
            elif op == "T*":
                tlm = mul((1, 0, 0, 1, 0, -tl), tlm)
                tm = tlm
                self.shift, self.in_gap = 0.0, False
            elif op in ("Tj", "TJ", "'", '"'):
                if op in ("'", '"'):
                    if op == '"':
                        tw, tc = float(operands[0]), float(operands[1])
                    tlm = mul((1, 0, 0, 1, 0, -tl), tlm)
                    tm = tlm
                    self.shift, self.in_gap = 0.0, False
                if font is None:
                    raise Unsupported("text without a font")
                arr = list(operands[0]) if op == "TJ" else [operands[-1]]
                new_arr, tm, changed = self.show(arr, tm, ctm, font, fsize, tc, tw, th, ts, tr)
                if changed:
                    if op == '"':
                        out_ops.append(pikepdf.ContentStreamInstruction(
                            [operands[0]], pikepdf.Operator("Tw")))
                        out_ops.append(pikepdf.ContentStreamInstruction(
                            [operands[1]], pikepdf.Operator("Tc")))
                    if op in ("'", '"'):
                        out_ops.append(pikepdf.ContentStreamInstruction([], pikepdf.Operator("T*")))
                    out_ops.append(pikepdf.ContentStreamInstruction(
                        [pikepdf.Array(new_arr)], pikepdf.Operator("TJ")))
                    continue
            elif op in ("BDC", "DP"):
                tag = operands[0]
                props = operands[1] if len(operands) > 1 else None
                if isinstance(props, pikepdf.Name) or (
                        isinstance(props, pikepdf.Dictionary) and "/OC" in props) or \
                        str(tag) == "/OC":
                    raise Unsupported("optional content")
                out_ops.append(pikepdf.ContentStreamInstruction(
                    [tag], pikepdf.Operator("BMC" if op == "BDC" else "MP")))
                continue
            elif op == "Do":
                name = str(operands[0])
                new = self.do(res, name, ctm, depth)
                if new is not None:
                    if name in replaced and replaced[name] is not new:
                        raise Unsupported("XObject drawn twice with different redactions")
                    replaced[name] = new
            out_ops.append(item)
        return out_ops, replaced

    def show(self, arr: list, tm: Matrix, ctm: Matrix, font: FontInfo, fsize: float,
             tc: float, tw: float, th: float, ts: float, tr: int
             ) -> tuple[list, Matrix, bool]:
        """Rewrite one text-showing array. ``tm`` follows the ORIGINAL positions (hit tests
        use the original boxes); ``self.shift`` is how far the rewritten line has moved."""
        new: list = []
        kept = bytearray()
        changed = False
        for el in arr:
            if isinstance(el, pikepdf.String):
                for code in bytes(el):
                    w0 = font.width(code)
                    trm = mul((fsize * th, 0, 0, fsize, 0, ts), mul(tm, ctm))
                    cx, cy = apply(trm, w0 / 2.0, 0.35)
                    tx = (w0 * fsize + tc + (tw if code == 32 else 0.0)) * th
                    tm = mul((1, 0, 0, 1, tx, 0), tm)
                    if _inside(self.rects, cx, cy):
                        if font.embedded:
                            raise Unsupported("removed glyph from an embedded font")
                        changed = True
                        self.removed += 1
                        self.shift -= tx
                        if not self.in_gap:
                            if kept:
                                new.append(pikepdf.String(bytes(kept)))
                                kept = bytearray()
                            self.in_gap = True
                            start = mul((1, 0, 0, 1, self.shift, 0), tm)  # where the gap begins now
                            gap_trm = mul((fsize * th, 0, 0, fsize, 0, ts), mul(start, ctm))
                            if tr not in (3, 7):
                                self.gaps.append(quad_bbox(gap_trm, 0, -0.2, GAP_EM, 0.9))
                            new.append(-GAP_EM * 1000.0)
                            self.shift += GAP_EM * fsize * th
                        continue
                    self.in_gap = False
                    kept.append(code)
            else:
                num = float(el)
                tx = -num / 1000.0 * fsize * th
                tm = mul((1, 0, 0, 1, tx, 0), tm)
                if self.in_gap:
                    self.shift -= tx  # kerning inside a removed run is part of its width
                    continue
                if kept:
                    new.append(pikepdf.String(bytes(kept)))
                    kept = bytearray()
                new.append(num)
        if kept:
            new.append(pikepdf.String(bytes(kept)))
        return new, tm, changed

    def do(self, res: pikepdf.Dictionary, name: str, ctm: Matrix, depth: int
           ) -> pikepdf.Object | None:
        xobjs = res.get("/XObject") if isinstance(res, pikepdf.Dictionary) else None
        xo = xobjs.get(name) if isinstance(xobjs, pikepdf.Dictionary) else None
        if not isinstance(xo, pikepdf.Stream):
            return None
        if "/OC" in xo:
            raise Unsupported("optional content")
        if xo.get("/Subtype") == "/Image":
            hits = _intersects(self.rects, quad_bbox(ctm, 0, 0, 1, 1))
            return self.paint_image(xo, ctm, hits) if hits else None
        if xo.get("/Subtype") != "/Form":
            return None
        matrix = tuple(float(v) for v in xo.get("/Matrix", [1, 0, 0, 1, 0, 0]))
        form_ctm = mul(matrix, ctm)  # type: ignore[arg-type]
        bbox = [float(v) for v in xo.get("/BBox", [0, 0, 0, 0])]
        if not _intersects(self.rects, quad_bbox(form_ctm, *bbox)):
            return None
        form_res = xo.get("/Resources", res)
        before = (self.removed, len(self.gaps))
        saved = (self.shift, self.in_gap)
        ops, replaced = self.run(xo, form_res, form_ctm, depth + 1)
        self.shift, self.in_gap = saved
        if (self.removed, len(self.gaps)) == before and not replaced:
            return None
        new = pikepdf.Stream(self.out, pikepdf.unparse_content_stream(ops))
        for key, value in xo.items():
            if key not in ("/Length", "/Filter", "/DecodeParms", "/Resources", "/Metadata",
                           "/PieceInfo", "/StructParent", "/StructParents"):
                new[key] = value
        if isinstance(form_res, pikepdf.Dictionary):
            fresh = pikepdf.Dictionary({k: v for k, v in form_res.items()})
            if replaced:
                xd = fresh.get("/XObject")
                xd = pikepdf.Dictionary({k: v for k, v in xd.items()}) if isinstance(
                    xd, pikepdf.Dictionary) else pikepdf.Dictionary()
                for k, v in replaced.items():
                    xd[k] = v
                fresh.XObject = xd
            new.Resources = fresh
        return new

    def paint_image(self, xo: pikepdf.Stream, ctm: Matrix, hits: Sequence[Rect]
                    ) -> pikepdf.Stream:
        try:
            return paint_image(self.out, xo, unit_rects(ctm, [(r.x0, r.y0, r.x1, r.y1)
                                                              for r in hits]))
        except Unpaintable as exc:
            raise Unsupported(str(exc)) from exc


def glyph_page(copier: PageCopier, src_pdf: pikepdf.Pdf, src_page: pikepdf.Page,
               rects: Sequence[Rect]) -> pikepdf.Dictionary | None:
    """The page redacted at glyph level, or None when it must be rendered."""
    out = copier.out
    page = copier.carry(src_page.obj)
    interp = Interpreter(out, rects)
    try:
        ops, replaced = interp.run(pikepdf.Page(page), page.Resources, IDENTITY)
    except (Unsupported, pikepdf.PdfError, ValueError, TypeError):
        return None
    boxes = b"".join(
        f"{x0:.2f} {y0:.2f} {x1 - x0:.2f} {y1 - y0:.2f} re\n".encode()
        for x0, y0, x1, y1 in interp.gaps)
    body = b"q\n" + pikepdf.unparse_content_stream(ops) + b"\nQ\n"
    if boxes:
        body += b"q 0 g\n" + boxes + b"f Q\n"
    page.Contents = pikepdf.Stream(out, body)
    if replaced:
        xd = page.Resources.get("/XObject")
        xd = pikepdf.Dictionary({k: v for k, v in xd.items()}) if isinstance(
            xd, pikepdf.Dictionary) else pikepdf.Dictionary()
        for k, v in replaced.items():
            xd[k] = v
        page.Resources.XObject = xd
    return page


def unproven_pages(doc: Document, plan: RedactionPlan, output: Path,
                   pages: Sequence[int]) -> dict[int, str]:
    """v2 pages of ``output`` that the verifier's channels cannot prove clean: both text
    engines against the page's planned text, and the page's decompressed streams."""
    import pypdfium2 as pdfium

    secrets = plan.labelled_secrets()
    bad: dict[int, str] = {}
    ordered = sorted(pages)
    miner = dict(zip(ordered, pdfminer_pages_text(output, ordered), strict=True))
    pdoc = pdfium.PdfDocument(output)
    try:
        with pikepdf.open(output) as pike:
            for i in ordered:
                seg = doc.segments[i]
                expected = page_plan_text(doc, plan, seg.span.start, seg.span.end)
                tp = pdoc[i].get_textpage()
                text_a = tp.get_text_range()
                tp.close()
                page = pike.pages[i]
                drawn = page_drawn(page, page.obj.get("/Resources"))
                issues = find_survivors(secrets, expected, {
                    "PDFium": text_a, "pdfminer.six": miner[i],
                    "glyphs drawn": drawn.glyph_text(), "text drawn": drawn.mapped_text()},
                    every_spelling=True)
                search = ByteSearch(needles(secrets, expected))
                if issues:
                    bad[i] = issues[0].where
                elif search and (drawn_hits(drawn, search)
                                 or ObjectScan(search).graph(page.obj)):
                    bad[i] = "the page's content or objects"
    finally:
        pdoc.close()
    return bad


def write_glyph(doc: Document, plan: RedactionPlan, dest: Path, ctx: RunContext
                ) -> dict[int, str]:
    from redactor_plugins.formats.pdf.read import open_pikepdf

    pike = open_pikepdf(doc.source, ctx.password)
    try:  # boxes over an image are carried to every page that draws the same image
        rects = share_image_boxes(pike, redaction_rects(doc, plan))
    finally:
        pike.close()
    refused: dict[int, str] = {}

    def builders() -> dict[int, object]:
        return {i: (lambda copier, pdf, src, r=r: glyph_page(copier, pdf, src, r))
                for i, r in rects.items() if i not in refused}

    how = write_render(doc, plan, dest, ctx, page_builders=builders(), rects=rects)
    glyph = [i for i, h in how.items() if h == "glyph"]
    if glyph:
        refused.update(unproven_pages(doc, plan, dest, glyph))
    if refused:
        dest.unlink()
        how = write_render(doc, plan, dest, ctx, page_builders=builders(), rects=rects)
        for i, where in refused.items():
            how[i] = f"rendered (v2 not proven clean: {where})"
    for i in rects:
        if how.get(i) == "rendered":
            how[i] = "rendered (v2 not supported on this page)"
    return how
