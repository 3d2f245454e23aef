"""Redaction rectangles: where the redacted characters lie on each page, and the same boxes
carried to every page that draws an image they cover.

Shared by both PDF writers (:mod:`pdf_render_redact`, :mod:`pdf_glyph_redact`) and the
verifier. Coordinates are PDF user space (points, origin bottom left), page indices 0-based.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pikepdf
from PIL import Image
from redactor_plugins.formats.pdf.image_paint import (
    UnitRect,
    Unpaintable,
    decoded,
    drawn_images,
    images_under,
    quad_bbox,
)

from redactor.plugin_api import Box, Document, RedactionPlan, Segment

PAD = 1.0  # points added around each redaction rectangle
INHERITABLE = ("/MediaBox", "/CropBox", "/Rotate", "/Resources")


@dataclass(frozen=True, slots=True)
class Rect:
    page: int
    x0: float
    y0: float
    x1: float
    y1: float
    span_index: int
    first: bool  # the first rectangle of its span (where overlay text goes)

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0


def inherited(page: pikepdf.Dictionary, key: str) -> object | None:
    node: object = page
    for _ in range(64):
        if not isinstance(node, pikepdf.Dictionary):
            return None
        if key in node:
            return node[key]
        node = node.get("/Parent")
    return None


# -- mapping spans to boxes ----------------------------------------------------------------
def _segment_for(segments: Sequence[Segment], offset: int) -> Segment | None:
    lo, hi = 0, len(segments)
    while lo < hi:
        mid = (lo + hi) // 2
        if segments[mid].span.end <= offset:
            lo = mid + 1
        else:
            hi = mid
    if lo < len(segments) and segments[lo].span.start <= offset < segments[lo].span.end:
        return segments[lo]
    return None


def char_boxes(doc: Document, start: int, end: int) -> list[Box]:
    """The boxes of the characters in ``[start, end)`` that have one (separators have none)."""
    out: list[Box] = []
    pos = start
    while pos < end:
        seg = _segment_for(doc.segments, pos)
        if seg is None:
            pos += 1
            continue
        stop = min(end, seg.span.end)
        if seg.boxes:
            out.extend(seg.boxes[pos - seg.span.start: stop - seg.span.start])
        pos = stop
    return out


def same_line(a: Box, b: Box) -> bool:
    overlap = min(a.y1, b.y1) - max(a.y0, b.y0)
    return a.page == b.page and overlap > 0.5 * min(a.y1 - a.y0, b.y1 - b.y0)


def line_unions(boxes: Iterable[Box], pad: float = PAD) -> list[tuple[int, float, float, float,
                                                                      float]]:
    """Union the (non-empty) boxes per line: (page, x0, y0, x1, y1), padded."""
    groups: list[list[Box]] = []
    for b in boxes:
        if b.x1 <= b.x0 and b.y1 <= b.y0:
            continue
        if groups:
            cur = groups[-1]
            u = Box(cur[0].page, min(c.x0 for c in cur), min(c.y0 for c in cur),
                    max(c.x1 for c in cur), max(c.y1 for c in cur))
            if same_line(u, b) and b.x0 >= u.x0 - 2 * (u.y1 - u.y0):
                cur.append(b)
                continue
        groups.append([b])
    out = []
    for g in groups:
        x0, y0 = min(c.x0 for c in g), min(c.y0 for c in g)
        x1, y1 = max(c.x1 for c in g), max(c.y1 for c in g)
        p = pad + 0.05 * (y1 - y0)
        out.append((g[0].page, x0 - p, y0 - p, x1 + p, y1 + p))
    return out


def redaction_rects(doc: Document, plan: RedactionPlan) -> dict[int, list[Rect]]:
    """Rectangles to black out, by page index (the areas a reviewer drew included)."""
    by_page: dict[int, list[Rect]] = {}
    for n, rep in enumerate(plan.replacements):
        unions = line_unions(char_boxes(doc, rep.span.start, rep.span.end))
        for k, (page, x0, y0, x1, y1) in enumerate(unions):
            by_page.setdefault(page, []).append(Rect(page, x0, y0, x1, y1, n, k == 0))
    for page, x0, y0, x1, y1 in drawn_areas(plan):  # -- areas drawn in the app (GUI) --
        by_page.setdefault(page, []).append(Rect(page, x0, y0, x1, y1, -1, False))
    return by_page


def drawn_areas(plan: RedactionPlan) -> list[tuple[int, float, float, float, float]]:
    """The areas a reviewer drew over a page (a signature, a stamp, a photo): the plan option
    ``redact_areas``, ``page,x0,y0,x1,y1`` (0-based page, PDF points) separated by ``;``."""
    out = []
    for item in str(plan.options.get("redact_areas", "") or "").split(";"):
        parts = item.split(",")
        try:
            page, x0, y0, x1, y1 = int(parts[0]), *map(float, parts[1:])
        except ValueError:
            continue
        if page >= 0 and x1 > x0 and y1 > y0:
            out.append((page, x0, y0, x1, y1))
    return out


def share_image_boxes(pike: pikepdf.Pdf, rects: Mapping[int, list[Rect]]
                      ) -> dict[int, list[Rect]]:
    """``rects`` plus, on every page, the boxes over images that a redaction box covers on
    another page (or elsewhere on the same page): an image object drawn on several pages —
    a scanned name or signature with OCR text over it on one page only — is redacted wherever
    it is drawn. Only the parts of an image that show something under a box are carried
    (:func:`shows_ink`): a letterhead or paper background drawn on every page is blank under
    the text printed over it, and its boxes must not black out other pages' text. The added
    boxes have ``span_index`` -1."""
    out = {i: list(r) for i, r in rects.items()}
    cache: dict[tuple[int, int], object] = {}
    for _ in range(3):  # boxes added over an image may cover another image: a few rounds
        hits: dict[tuple[int, int], list[UnitRect]] = {}
        for i, page_rects in out.items():
            if page_rects and i < len(pike.pages):
                src = pike.pages[i]
                boxes = [(r.x0, r.y0, r.x1, r.y1) for r in page_rects]
                for key, found in images_under(src, inherited(src.obj, "/Resources"),
                                               boxes).items():
                    inked = [u for u in found if shows_ink(pike, key, u, cache)]
                    if inked:
                        hits.setdefault(key, []).extend(inked)
        added = 0
        if hits:
            for i, src in enumerate(pike.pages):
                have = {(r.x0, r.y0, r.x1, r.y1) for r in out.get(i, [])}
                for xo, ctm in drawn_images(src, inherited(src.obj, "/Resources")):
                    for u in hits.get(xo.objgen, []) if xo.is_indirect else []:
                        box = quad_bbox(ctm, *u)
                        if not any(_covers(h, box) for h in have):
                            out.setdefault(i, []).append(Rect(i, *box, -1, False))
                            have.add(box)
                            added += 1
        if not added:
            break
    return out


def _covers(outer: tuple[float, float, float, float], inner: tuple[float, float, float, float]
            ) -> bool:
    return (outer[0] <= inner[0] + 0.01 and outer[1] <= inner[1] + 0.01
            and outer[2] >= inner[2] - 0.01 and outer[3] >= inner[3] - 0.01)


#: A part of an image "shows ink" when more than this share of its pixels stand out from the
#: part's median grey level by more than :data:`INK_CONTRAST` (of 255).
INK_SHARE = 0.02
INK_CONTRAST = 32


def shows_ink(pike: pikepdf.Pdf, key: tuple[int, int], part: UnitRect,
              cache: dict[tuple[int, int], object]) -> bool:
    """Whether the image object ``key`` shows anything (a scanned name, a signature) inside
    ``part`` of its unit square, rather than a blank or uniform background. An image that
    cannot be decoded counts as showing ink (its boxes are carried: the safe side)."""
    if key not in cache:
        try:
            pil = decoded(pike.get_object(key)).convert("L")
            pil.thumbnail((1024, 1024), Image.Resampling.BOX)  # enough to see ink, bounded
            cache[key] = pil
        except Unpaintable:
            cache[key] = None
    img = cache[key]
    if img is None:
        return True
    u0, v0, u1, v1 = part
    w, h = img.width, img.height  # type: ignore[attr-defined]
    box = (int(u0 * w), int((1 - v1) * h), max(int(u0 * w) + 1, int(u1 * w)),
           max(int((1 - v1) * h) + 1, int((1 - v0) * h)))
    pixels = np.asarray(img.crop(box), dtype=np.int16)  # type: ignore[attr-defined]
    if not pixels.size:
        return False
    standing_out = np.abs(pixels - np.median(pixels)) > INK_CONTRAST
    return bool(standing_out.mean() > INK_SHARE)
