"""Page-image geometry for OCR: grey levels, ink, skew, text-line direction, text height, and
the one affine transform that puts a page upright at a good scale (and maps boxes back).

Everything here is engine-independent and cheap: the analysis runs on a copy at most
:data:`ANALYSIS_SIDE` pixels long, on a subsample of the ink pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PIL import Image

#: The analysis copy's longest side (pixels).
ANALYSIS_SIDE = 1000
#: At most this many ink pixels are projected per angle.
MAX_POINTS = 40_000
#: Side (analysis pixels) of a block of ink too solid to be a letter.
SOLID = 6
#: Lines are vertical when their profile beats the horizontal one by this factor.
VERTICAL_MARGIN = 1.05
#: Skew angles tried (degrees), both directions.
MAX_SKEW, SKEW_STEP = 5.0, 0.25
#: Below this skew (degrees) the page is not turned.
MIN_SKEW = 0.3
#: Text lines lower than SMALL pixels are enlarged to SMALL_TARGET, higher than LARGE reduced
#: to LARGE_TARGET (recognition reads lines at 48 pixels); the scale stays within bounds.
SMALL, SMALL_TARGET, LARGE, LARGE_TARGET = 14.0, 22.0, 72.0, 48.0
MIN_SCALE, MAX_SCALE = 0.25, 3.0

Affine = tuple[float, float, float, float, float, float]
"""``(a, b, c, d, e, f)``: x' = a·x + b·y + c, y' = d·x + e·y + f (pixels, origin top left)."""
IDENTITY: Affine = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)
PixelBox = tuple[float, float, float, float]


def to_gray(img: Image.Image) -> Image.Image:
    """An 8-bit grey copy of any Pillow mode: transparency over white, 16- and 32-bit
    samples scaled (not clipped), palette, CMYK and colour converted."""
    mode = img.mode
    if mode == "L":
        return img.copy()
    if mode in ("I;16", "I;16L", "I;16B", "I;16N", "I", "F"):
        arr = np.asarray(img, dtype=np.float64)
        top = 65535.0 if mode.startswith("I;16") else max(1.0, float(arr.max()))
        top = max(top, 255.0) if float(arr.max()) > 255 else 255.0
        return Image.fromarray(np.clip(arr * (255.0 / top), 0, 255).astype(np.uint8), "L")
    if mode in ("RGBA", "LA", "PA") or (mode == "P" and "transparency" in img.info):
        rgba = img.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(white, rgba).convert("L")
    return img.convert("RGB").convert("L") if mode not in ("RGB", "1") else img.convert("L")


def ink_mask(gray: np.ndarray) -> np.ndarray:
    """Dark-on-light ink by Otsu's threshold (light text on a dark ground is inverted)."""
    hist = np.bincount(gray.ravel(), minlength=256).astype(np.float64)
    total = hist.sum()
    if total == 0:
        return np.zeros_like(gray, dtype=bool)
    used = np.flatnonzero(hist)
    levels = np.arange(256)
    w0 = np.cumsum(hist)
    m0 = np.cumsum(hist * levels)
    w1 = total - w0
    mean_all = m0[-1]
    with np.errstate(divide="ignore", invalid="ignore"):
        between = (mean_all * w0 / total - m0) ** 2 / (w0 * w1)
    between[~np.isfinite(between)] = 0
    threshold = int(np.argmax(between))
    if float(used[-1]) - float(used[0]) < 40:  # a blank or uniform page (max − min grey)
        return np.zeros_like(gray, dtype=bool)
    mask = gray <= threshold
    return ~mask if w0[threshold] / total > 0.5 else mask  # more ink than ground: inverted


def _box_sum(a: np.ndarray, k: int) -> np.ndarray:
    """The sum of ``a`` over the k×k window whose top left corner is each pixel."""
    c = np.pad(a.astype(np.int32), ((1, 0), (1, 0))).cumsum(0).cumsum(1)
    h, w = a.shape
    out = np.zeros((h, w), dtype=np.int32)
    if h >= k and w >= k:
        out[:h - k + 1, :w - k + 1] = c[k:, k:] - c[:-k, k:] - c[k:, :-k] + c[:-k, :-k]
    return out


def near_solid(mask: np.ndarray, k: int = SOLID) -> np.ndarray:
    """Ink within ``k`` pixels of a solid k×k block of ink (a burnt box, a photo, a thick
    rule): letters are strokes, never solid blocks, at the analysis scale."""
    solid = _box_sum(mask, k) >= k * k
    if not solid.any():
        return np.zeros_like(mask)
    grown = _box_sum(np.pad(solid, ((k, 0), (k, 0)))[: mask.shape[0], : mask.shape[1]], 2 * k)
    return grown > 0


@dataclass(frozen=True, slots=True)
class Layout:
    """What the analysis found: ``skew``, the clockwise turn (degrees) that straightens the
    lines; whether lines run vertically (a page turned by 90° or 270°); the height of a text
    line in the image's pixels (None: no lines found)."""

    skew: float = 0.0
    vertical: bool = False
    text_height: float | None = None


def _small(gray: Image.Image) -> tuple[np.ndarray, float]:
    scale = min(1.0, ANALYSIS_SIDE / max(1, max(gray.size)))
    if scale < 1.0:
        size = (max(1, round(gray.width * scale)), max(1, round(gray.height * scale)))
        gray = gray.resize(size, Image.Resampling.BOX)
    return np.asarray(gray, dtype=np.uint8), scale


def _profile_score(coord: np.ndarray) -> tuple[float, np.ndarray]:
    lo = math.floor(float(coord.min()))
    hist = np.bincount((coord - lo).astype(np.int64))
    return float((hist.astype(np.float64) ** 2).sum()) / max(1, coord.size) ** 2, hist


def analyse(gray: Image.Image) -> Layout:
    """Skew, line direction and text height of a grey page image (see :class:`Layout`)."""
    arr, scale = _small(gray)
    mask = ink_mask(arr)
    mask &= ~near_solid(mask)  # burnt boxes, photos, rules: not text lines
    ys, xs = np.nonzero(mask)
    if ys.size < 20:
        return Layout()
    if ys.size > MAX_POINTS:
        step = ys.size // MAX_POINTS + 1
        ys, xs = ys[::step], xs[::step]
    ys, xs = ys.astype(np.float64), xs.astype(np.float64)
    best = {False: (-1.0, 0.0, np.zeros(1)), True: (-1.0, 0.0, np.zeros(1))}
    for deg in np.arange(-MAX_SKEW, MAX_SKEW + 1e-9, SKEW_STEP):
        t = math.radians(float(deg))
        c, s = math.cos(t), math.sin(t)
        for vertical, coord in ((False, ys * c - xs * s), (True, xs * c + ys * s)):
            score, hist = _profile_score(coord)
            if score > best[vertical][0] * (1 + 1e-6):  # a tie goes to no skew
                best[vertical] = (score, float(deg), hist)
    # columns of aligned words (a form, a redacted page) also make a peaky profile: lines
    # are taken as vertical only when they are clearly so
    vertical = best[True][0] > VERTICAL_MARGIN * best[False][0]
    _, skew, hist = best[vertical]
    return Layout(-skew if abs(skew) >= MIN_SKEW else 0.0, vertical,
                  _line_height(hist) / scale if scale else None)


def _line_height(hist: np.ndarray) -> float | None:
    """The median height of the runs of ink rows in a projection profile."""
    if not hist.size or hist.max() <= 0:
        return None
    on = hist > 0.08 * hist.max()
    runs: list[int] = []
    n = 0
    for v in on:
        if v:
            n += 1
        elif n:
            runs.append(n)
            n = 0
    if n:
        runs.append(n)
    runs = [r for r in runs if r >= 2]
    return float(np.median(runs)) if runs else None


# -- transforms ------------------------------------------------------------------------------
def compose(m: Affine, n: Affine) -> Affine:
    """``m`` after ``n`` (apply ``n`` first)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * d2, a * b2 + b * e2, a * c2 + b * f2 + c,
            d * a2 + e * d2, d * b2 + e * e2, d * c2 + e * f2 + f)


def invert(m: Affine) -> Affine:
    a, b, c, d, e, f = m
    det = a * e - b * d
    if abs(det) < 1e-12:
        raise ValueError("degenerate transform")
    ia, ib, id_, ie = e / det, -b / det, -d / det, a / det
    return (ia, ib, -(ia * c + ib * f), id_, ie, -(id_ * c + ie * f))


def apply(m: Affine, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]


def map_box(m: Affine, box: PixelBox) -> PixelBox:
    """The axis-aligned box around ``box``'s four corners mapped by ``m``."""
    x0, y0, x1, y1 = box
    pts = [apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    return (min(p[0] for p in pts), min(p[1] for p in pts),
            max(p[0] for p in pts), max(p[1] for p in pts))


def upright(size: tuple[int, int], quarter_turns: int, skew: float, scale: float
            ) -> tuple[Affine, tuple[int, int]]:
    """The transform that turns an image of ``size`` by ``quarter_turns`` × 90° (clockwise,
    the turns that make its text upright), undoes ``skew`` degrees and scales it; and the
    size of the result (everything of the image kept)."""
    w, h = size
    t = math.radians(90.0 * (quarter_turns % 4) + skew)
    c, s = math.cos(t), math.sin(t)
    # rotate clockwise on screen (y down) by t, then scale
    m: Affine = (scale * c, -scale * s, 0.0, scale * s, scale * c, 0.0)
    corners = [apply(m, x, y) for x, y in ((0, 0), (w, 0), (0, h), (w, h))]
    x0, y0 = min(p[0] for p in corners), min(p[1] for p in corners)
    x1, y1 = max(p[0] for p in corners), max(p[1] for p in corners)
    m = (m[0], m[1], m[2] - x0, m[3], m[4], m[5] - y0)
    return m, (max(1, round(x1 - x0)), max(1, round(y1 - y0)))


def warp(img: Image.Image, m: Affine, size: tuple[int, int]) -> Image.Image:
    """``img`` transformed by ``m`` into an image of ``size`` (white where nothing maps)."""
    if m == IDENTITY and size == img.size:
        return img
    exact = all(abs(v - round(v)) < 1e-9 for v in m[:2] + m[3:5])
    resample = Image.Resampling.NEAREST if exact else Image.Resampling.BICUBIC
    return img.transform(size, Image.Transform.AFFINE, invert(m), resample=resample,
                         fillcolor=255)


def scale_for(text_height: float | None, size: tuple[int, int], max_pixels: int) -> float:
    """The scale for recognition: small text enlarged, very large text reduced (see
    :data:`SMALL`), within bounds and ``max_pixels``."""
    scale = 1.0
    if text_height and 0 < text_height < SMALL:
        scale = min(MAX_SCALE, SMALL_TARGET / text_height)
    elif text_height and text_height > LARGE:
        scale = max(MIN_SCALE, LARGE_TARGET / text_height)
    pixels = size[0] * size[1] * scale * scale
    if pixels > max_pixels > 0:
        scale *= math.sqrt(max_pixels / pixels)
    return scale
