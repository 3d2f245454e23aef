"""Images under redaction boxes: find them, paint the boxes into their pixels, and use the
painted image wherever the same image object is drawn.

A scanned name or signature may be one image XObject drawn on several pages, with the
recognised (OCR) text over it on only one of them. Rendering or rewriting that one page is
not enough: every other page that draws the same object would still show the name. So the
boxes found on one page are mapped into the image's own coordinates (its unit square), painted
black into its pixels — and into its soft mask (``/SMask``), made opaque there, so that a
name carried by the transparency is gone too — and every page of the output that draws the
object gets the painted copy.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator, Sequence

import numpy as np
import pikepdf
from PIL import Image, ImageDraw

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
UnitRect = tuple[float, float, float, float]  # u0, v0, u1, v1 in the image's unit square (y up)


class Unpaintable(Exception):
    """The image cannot be decoded or painted (stencil mask, /Decode array, unknown codec)."""


def mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def invert(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        raise Unpaintable("degenerate matrix")
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(e * ia + f * ic), -(e * ib + f * id_))


def quad_bbox(m: Matrix, x0: float, y0: float, x1: float, y1: float
              ) -> tuple[float, float, float, float]:
    pts = [apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def unit_rects(ctm: Matrix, boxes: Iterable[tuple[float, float, float, float]]
               ) -> list[UnitRect]:
    """Page-space boxes (x0, y0, x1, y1) in the unit square of an image drawn at ``ctm``,
    clipped to it; boxes that miss the image are left out."""
    inv = invert(ctm)
    out = []
    for box in boxes:
        u0, v0, u1, v1 = quad_bbox(inv, *box)
        u0, v0, u1, v1 = max(0.0, u0), max(0.0, v0), min(1.0, u1), min(1.0, v1)
        if u1 > u0 and v1 > v0:
            out.append((u0, v0, u1, v1))
    return out


def _draw(img: Image.Image, rects: Sequence[UnitRect], fill: int | tuple[int, ...]) -> None:
    draw = ImageDraw.Draw(img)
    for u0, v0, u1, v1 in rects:
        draw.rectangle([int(u0 * img.width) - 1, int((1 - v1) * img.height) - 1,
                        int(u1 * img.width) + 1, int((1 - v0) * img.height) + 1], fill=fill)


def decoded(xo: pikepdf.Stream) -> Image.Image:
    """The image's pixels; :class:`Unpaintable` for stencil masks, ``/Decode`` arrays and
    anything pikepdf or Pillow cannot decode."""
    if xo.get("/ImageMask") or "/Decode" in xo:
        raise Unpaintable("stencil or decoded image")
    try:
        return pikepdf.PdfImage(xo).as_pil_image()
    except Exception as exc:  # anything PIL or pikepdf cannot decode
        raise Unpaintable("image cannot be decoded") from exc


def _stream(out: pikepdf.Pdf, img: Image.Image) -> pikepdf.Stream:
    return pikepdf.Stream(out, zlib.compress(np.asarray(img).tobytes(), 6),
                          Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
                          Width=img.width, Height=img.height, BitsPerComponent=8,
                          Filter=pikepdf.Name.FlateDecode,
                          ColorSpace=pikepdf.Name.DeviceGray if img.mode == "L"
                          else pikepdf.Name.DeviceRGB)


def paint_image(out: pikepdf.Pdf, xo: pikepdf.Stream, rects: Sequence[UnitRect]
                ) -> pikepdf.Stream:
    """A new image: ``xo`` with ``rects`` painted black, and opaque in its soft mask."""
    img = decoded(xo)
    img = img.convert("L" if img.mode in ("1", "L") else "RGB")
    _draw(img, rects, 0 if img.mode == "L" else (0, 0, 0))
    new = _stream(out, img)
    smask = xo.get("/SMask")
    if isinstance(smask, pikepdf.Stream):
        alpha = decoded(smask).convert("L")
        _draw(alpha, rects, 255)
        new.SMask = _stream(out, alpha)
    if "/Interpolate" in xo:
        new.Interpolate = xo.Interpolate
    return new


def _intersects(boxes: Sequence[tuple[float, float, float, float]],
                bbox: tuple[float, float, float, float]) -> list[tuple[float, float, float, float]]:
    x0, y0, x1, y1 = bbox
    return [b for b in boxes if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]]


def drawn_images(owner: object, resources: object, ctm: Matrix = IDENTITY, depth: int = 0
                 ) -> Iterator[tuple[pikepdf.Stream, Matrix]]:
    """(image XObject, matrix it is drawn with) for every image ``owner``'s content (a page or
    a Form XObject) draws, through nested forms (inline images are not shared; left out)."""
    if depth > 16 or not has_images(resources):
        return  # nothing to find: the content is not even parsed
    try:
        ops = pikepdf.parse_content_stream(owner)
    except (pikepdf.PdfError, TypeError, ValueError):
        return
    stack: list[Matrix] = []
    xobjs = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
    for item in ops:
        if isinstance(item, pikepdf.ContentStreamInlineImage):
            continue
        operands, op = item.operands, str(item.operator)
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop() if stack else ctm
        elif op == "cm" and len(operands) == 6:
            ctm = mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif op == "Do" and isinstance(xobjs, pikepdf.Dictionary):
            xo = xobjs.get(str(operands[0]))
            if not isinstance(xo, pikepdf.Stream):
                continue
            if xo.get("/Subtype") == "/Image":
                yield xo, ctm
            elif xo.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in xo.get("/Matrix", [1, 0, 0, 1, 0, 0]))
                yield from drawn_images(xo, xo.get("/Resources", resources),
                                        mul(matrix, ctm), depth + 1)  # type: ignore[arg-type]


def has_images(resources: object, depth: int = 0) -> bool:
    """Whether ``resources`` (or a form's, through nested forms) hold an image XObject."""
    xobjs = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
    if depth > 16 or not isinstance(xobjs, pikepdf.Dictionary):
        return False
    for _, xo in xobjs.items():
        if not isinstance(xo, pikepdf.Stream):
            continue
        if xo.get("/Subtype") == "/Image":
            return True
        if xo.get("/Subtype") == "/Form" and has_images(xo.get("/Resources"), depth + 1):
            return True
    return False


def images_under(owner: object, resources: object,
                 boxes: Sequence[tuple[float, float, float, float]]
                 ) -> dict[tuple[int, int], list[UnitRect]]:
    """{image object: its parts under ``boxes``} for the images ``owner`` draws."""
    found: dict[tuple[int, int], list[UnitRect]] = {}
    if not boxes:
        return found
    for xo, ctm in drawn_images(owner, resources):
        if not xo.is_indirect:
            continue
        hits = _intersects(boxes, quad_bbox(ctm, 0, 0, 1, 1))
        if hits:
            try:
                found.setdefault(xo.objgen, []).extend(unit_rects(ctm, hits))
            except Unpaintable:
                continue  # drawn with a degenerate matrix: invisible
    return found
