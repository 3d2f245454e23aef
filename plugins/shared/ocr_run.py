"""Running OCR engines on page images, for every format: which engines (settings ``ocr``),
the page put upright (rotation 0/90/180/270, skew, scale: :mod:`.ocr_geometry`), the words
mapped back to the image's own pixels, and the words made into text with one box per
character (:class:`OcrText`) — the form every reader hands on, like a PDF's text layer.

Engines come from ``ctx.ocr_engines`` (the pipeline fills it from ``register_ocr_engines``);
a format never imports an engine. Progress goes to ``ctx.progress("ocr", …)``; cancellation
is honoured between pages and engine calls. Nothing here logs or raises document text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from PIL import Image
from redactor_plugins.shared.ocr_geometry import (
    IDENTITY,
    Affine,
    PixelBox,
    analyse,
    ink_mask,
    invert,
    map_box,
    scale_for,
    to_gray,
    upright,
    warp,
)
from redactor_plugins.shared.ocr_settings import DEFAULTS, LINE_HEIGHT, SECTION

from redactor.plugin_api import OcrWord, RunContext

#: A page read at this mean confidence (and with enough words) is taken as upright.
UPRIGHT_CONFIDENCE = 0.85
UPRIGHT_WORDS = 3
#: Snapping a word's box to its ink: the blank run that ends a word, and the farthest an
#: end may move, as shares of the line's ink height.
WORD_GAP, MAX_SNAP = 0.2, 0.6
#: Two readings closer than this share of the line's usual word space are one word.
SPLIT_GAP = 0.5
#: A reading with a blank this share of the line's usual word space inside is two words.
GLUED_GAP = 0.7
#: Padding of a word's box, as shares of its height (along the line, across it).
PAD_ALONG, PAD_ACROSS = 0.06, 0.06


def setting(ctx: RunContext | None, key: str) -> Any:
    default = DEFAULTS[key]
    value = ctx.settings.get(SECTION, key, default) if ctx is not None else default
    if isinstance(default, bool):
        return value if isinstance(value, bool) else str(value).strip().lower() in (
            "1", "true", "yes", "on")
    if isinstance(default, int | float) and not isinstance(value, int | float):
        try:
            return type(default)(str(value))
        except ValueError:
            return default
    return value


def engines(ctx: RunContext | None) -> list[Any]:
    """The OCR engines to read with, the chosen one (setting ``ocr.engine``) first; empty when
    OCR is switched off or none is installed."""
    if ctx is None or not setting(ctx, "enabled"):
        return []
    found = list((getattr(ctx, "ocr_engines", None) or {}).values())
    chosen = str(setting(ctx, "engine") or "")
    return sorted(found, key=lambda e: getattr(e, "id", "") != chosen)


def verifiers(ctx: RunContext | None) -> list[Any]:
    """The engines that re-read an export: all of them, or the primary one only."""
    found = engines(ctx)
    return found if str(setting(ctx, "verify_engines")).lower() == "all" else found[:1]


@dataclass(frozen=True, slots=True)
class PageRead:
    """The words of one page image in its own pixels (reading order), where each line
    starts, and how the page was turned to be read."""

    words: tuple[OcrWord, ...]
    line_starts: frozenset[int]
    quarter_turns: int = 0
    skew: float = 0.0
    scale: float = 1.0
    engine: str = ""
    upright_boxes: tuple[PixelBox, ...] = ()
    to_image: Affine = IDENTITY

    @property
    def confidence(self) -> float:
        return sum(w.confidence for w in self.words) / len(self.words) if self.words else 0.0


def _score(words: Sequence[OcrWord]) -> float:
    return sum(w.confidence * sum(c.isalnum() for c in w.text) for w in words)


def _read_upright(engine: Any, gray: Image.Image, turns: int, skew: float, scale: float,
                  ctx: RunContext, line_height: float | None = None) -> PageRead:
    m, size = upright(gray.size, turns, skew, scale)
    page = warp(gray, m, size)
    ctx.check()
    token = LINE_HEIGHT.set(line_height * scale if line_height else None)
    try:
        raw = [w for w in engine.recognize(page, ctx)
               if isinstance(w, OcrWord) and w.text.strip()]
    finally:
        LINE_HEIGHT.reset(token)
    back = invert(m)
    ink = ink_mask(np.asarray(page, dtype=np.uint8)) if raw else None
    merged: list[tuple[str, PixelBox, float, bool]] = []  # text, upright box, conf, new line
    for w in raw:
        box = snap(ink, tuple(float(v) for v in w.box))  # type: ignore[arg-type]
        conf = min(1.0, max(0.0, float(w.confidence)))
        new_line = not merged or not _same_line(merged[-1][1], box)
        merged.append((w.text.strip(), box, conf, new_line))
    merged = _join_split_words(merged, ink)
    words, starts = [], set()
    for text, box, conf, new_line in merged:
        if new_line:
            starts.add(len(words))
        x0, y0, x1, y1 = map_box(back, box)
        x0, y0 = max(0.0, x0), max(0.0, y0)
        x1, y1 = min(float(gray.width), x1), min(float(gray.height), y1)
        words.append(OcrWord(text, (x0, y0, max(x0, x1), max(y0, y1)), conf))
    return PageRead(tuple(words), frozenset(starts), turns, skew, scale,
                    str(getattr(engine, "id", "")), tuple(b for _, b, _, _ in merged), back)


def _blank_run(ink: np.ndarray, a: PixelBox, b: PixelBox) -> int:
    """The widest run of blank columns between the middles of two words of a line."""
    y0, y1 = int(min(a[1], b[1])), int(np.ceil(max(a[3], b[3])))
    x0, x1 = int((a[0] + a[2]) / 2), int(np.ceil((b[0] + b[2]) / 2))
    blank = ~ink[max(0, y0):max(0, y1), max(0, x0):max(0, x1)].any(axis=0)
    if not blank.any():
        return 0
    edges = np.diff(np.concatenate(([0], blank.view(np.int8), [0])))
    return int((np.flatnonzero(edges == -1) - np.flatnonzero(edges == 1)).max())


def _join_split_words(words: list[tuple[str, PixelBox, float, bool]], ink: np.ndarray | None
                      ) -> list[tuple[str, PixelBox, float, bool]]:
    """Word breaks the engine got wrong, judged by the ink against the line's usual word
    space (the median blank between its readings; 3+ needed): a reading that glued two
    words ("AnnaYilmaz") is split (:func:`_split_glued`); two readings of one printed word
    ("Yilm az") are joined when the second goes on in lower case (or digits after digits)
    and the blank between them is under :data:`SPLIT_GAP` of the usual space. A false join
    would hide a name ("Okafor the"), so everything else stays as read."""
    if ink is None:
        return words
    out: list[tuple[str, PixelBox, float, bool]] = []
    line: list[tuple[str, PixelBox, float, bool]] = []
    for w in [*words, ("", (0.0, 0.0, 0.0, 0.0), 0.0, True)]:  # a sentinel ends the last line
        if w[3] and line:
            gaps = [_blank_run(ink, x[1], y[1]) for x, y in zip(line, line[1:], strict=False)]
            usual = float(np.median(gaps)) if len(gaps) >= 3 else 0.0
            if usual > 0:
                line = [piece for w2 in line for piece in _split_glued(w2, ink, usual)]
                gaps = [_blank_run(ink, x[1], y[1]) for x, y in zip(line, line[1:], strict=False)]
            joined = [line[0]]
            for gap, nxt in zip(gaps, line[1:], strict=True):
                prev = joined[-1]
                if usual > 0 and gap < SPLIT_GAP * usual and _continues(prev[0], nxt[0]):
                    box = (min(prev[1][0], nxt[1][0]), min(prev[1][1], nxt[1][1]),
                           max(prev[1][2], nxt[1][2]), max(prev[1][3], nxt[1][3]))
                    joined[-1] = (prev[0] + nxt[0], box, min(prev[2], nxt[2]), prev[3])
                else:
                    joined.append(nxt)
            out += joined
            line = []
        line.append(w)
    return out


_GLUED = re.compile(r"(?<=[a-z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z]{2})")


def _split_glued(word: tuple[str, PixelBox, float, bool], ink: np.ndarray, usual: float
                 ) -> list[tuple[str, PixelBox, float, bool]]:
    """A reading that glued two words ("AnnaYilmaz") split where its text changes case or
    kind and the ink shows a word space (at least :data:`GLUED_GAP` of the line's usual one)
    — only when there is exactly one such place, so the split is unambiguous."""
    text, (x0, y0, x1, y1), conf, new_line = word
    cuts = [m.start() for m in _GLUED.finditer(text)]
    if len(cuts) != 1:
        return [word]
    cols = ink[max(0, int(y0)):max(0, int(np.ceil(y1))), max(0, int(x0)):max(0, int(x1))]
    if not cols.size:
        return [word]
    filled = cols.any(axis=0)
    best, at, run = 0, 0, 0
    for i, f in enumerate(filled):
        run = 0 if f else run + 1
        if run > best and filled[:i - run + 1].any():
            best, at = run, i - run + 1
    if best < GLUED_GAP * usual or not filled[at + best:].any():
        return [word]
    cut = cuts[0]
    mid = x0 + at + best / 2
    return [(text[:cut], (x0, y0, mid, y1), conf, new_line),
            (text[cut:], (mid, y0, x1, y1), conf, False)]


def _continues(first: str, second: str) -> bool:
    a, b = first[-1:], second[:1]
    return bool(a and b) and ((a.isalpha() and b.islower()) or
                              ((a.isdigit() or a == "-") and b.isdigit()))


def snap(ink: np.ndarray | None, box: PixelBox) -> PixelBox:
    """``box`` widened to the ink of its word: an engine places a word's ends only roughly
    (a box may start inside its first letter), so each end moves outwards to the last ink
    column before a gap of :data:`WORD_GAP` × the line height (at most :data:`MAX_SNAP` ×
    the height)."""
    if ink is None:
        return box
    x0, y0, x1, y1 = box
    h = ink_height(ink, box)
    rows = ink[max(0, int(y0)):max(0, int(np.ceil(y1)))]
    if not rows.size:
        return box
    cols = rows.any(axis=0)
    gap, reach = max(2, round(WORD_GAP * h)), int(MAX_SNAP * h)

    def outward(x: int, step: int) -> int:
        best, blank, moved = x, 0, 0
        while 0 <= x + step < cols.size and blank < gap and moved < reach:
            x += step
            moved += 1
            if cols[x]:
                best, blank = x, 0
            else:
                blank += 1
        return best

    left = outward(min(cols.size - 1, max(0, int(x0))), -1)
    right = outward(min(cols.size - 1, max(0, int(np.ceil(x1)) - 1)), 1) + 1
    return (float(min(left, x0)), y0, float(max(right, x1)), y1)


def ink_height(ink: np.ndarray | None, box: PixelBox) -> float:
    """The height of the ink of the line around ``box`` (letters without the engine's
    margins; neighbours included, so a word of small letters measures like its line), or
    the box's height where there is none: the measure of word and letter gaps."""
    x0, y0, x1, y1 = (int(v) for v in box)
    if ink is None:
        return max(1.0, float(y1 - y0))
    wide = 3 * max(1, y1 - y0)
    rows = np.nonzero(ink[max(0, y0):max(0, y1 + 1),
                          max(0, x0 - wide):max(0, x1 + wide + 1)].any(axis=1))[0]
    return float(rows[-1] - rows[0] + 1) if rows.size > 1 else max(1.0, float(y1 - y0))


def _same_line(a: PixelBox, b: PixelBox) -> bool:
    overlap = min(a[3], b[3]) - max(a[1], b[1])
    return overlap > 0.5 * min(a[3] - a[1], b[3] - b[1]) and b[0] >= a[0]


def recognize_page(image: Image.Image, ctx: RunContext, engine: Any,
                   turns: int | None = None) -> PageRead:
    """Read one page image with ``engine``: analysed (:func:`analyse`), turned upright,
    deskewed and scaled for recognition, read, and the boxes mapped back to ``image``.
    ``turns`` (quarter turns clockwise) skips the search for the upright orientation: a
    verifier re-reads an export the way its input was read."""
    gray = to_gray(image)
    if min(gray.size) < 4:
        return PageRead((), frozenset(), engine=str(getattr(engine, "id", "")))
    layout = analyse(gray)
    skew = layout.skew if setting(ctx, "deskew") else 0.0
    scale = scale_for(layout.text_height, gray.size, int(setting(ctx, "max_pixels")))
    first = turns % 4 if turns is not None else 1 if layout.vertical else 0
    height = layout.text_height
    best = _read_upright(engine, gray, first, skew, scale, ctx, height)
    if turns is not None or not setting(ctx, "detect_orientation") or _upright_enough(best):
        return best
    for turns in (first + 2, first + 1, first + 3):  # 180°, then the other axis
        other = _read_upright(engine, gray, turns % 4, skew, scale, ctx, height)
        if _score(other.words) > 1.15 * _score(best.words):
            best = other
        if _upright_enough(best):
            break
    return best


def _upright_enough(read: PageRead) -> bool:
    return len(read.words) >= UPRIGHT_WORDS and read.confidence >= UPRIGHT_CONFIDENCE or (
        0 < len(read.words) < UPRIGHT_WORDS and read.confidence >= 0.95)


# -- text ---------------------------------------------------------------------------------
@dataclass(slots=True)
class OcrText:
    """OCR'd text with one box per character (image pixels, padded, origin top left; ``None``
    for the separators the words are joined with) and the offsets of low-confidence words."""

    text: str = ""
    boxes: list[PixelBox | None] = field(default_factory=list)
    low: list[tuple[int, int]] = field(default_factory=list)
    words: int = 0
    engine: str = ""
    turns: int = 0  # the quarter turns (clockwise) that made the page upright


def padded(read: PageRead, i: int) -> PixelBox:
    """Word ``i``'s box padded (OCR boxes hug the ink): by :data:`PAD_ALONG` of the line
    height along the line and :data:`PAD_ACROSS` across it (plus 2 pixels), measured upright,
    then mapped back to the image."""
    x0, y0, x1, y1 = read.upright_boxes[i] if i < len(read.upright_boxes) else read.words[i].box
    h = max(1.0, y1 - y0)
    px, py = PAD_ALONG * h + 2, PAD_ACROSS * h + 2
    box = (x0 - px, y0 - py, x1 + px, y1 + py)
    if i < len(read.upright_boxes):
        box = map_box(read.to_image, box)
    return box


def assemble(read: PageRead, min_confidence: float) -> OcrText:
    """The words of ``read`` as text: words of a line joined by a space, lines by a line
    break; every character of a word gets the word's padded box (a finding inside a word
    burns the whole word: a box never splits letters)."""
    out = OcrText(engine=read.engine, words=len(read.words), turns=read.quarter_turns)
    parts: list[str] = []
    pos = 0
    for i, w in enumerate(read.words):
        if i:
            sep = "\n" if i in read.line_starts else " "
            parts.append(sep)
            out.boxes.append(None)
            pos += 1
        box = padded(read, i)
        parts.append(w.text)
        out.boxes.extend([box] * len(w.text))
        if w.confidence < min_confidence:
            out.low.append((pos, pos + len(w.text)))
        pos += len(w.text)
    out.text = "".join(parts)
    return out


def read_text(image: Image.Image, ctx: RunContext, engine: Any | None = None,
              turns: int | None = None) -> OcrText:
    """:func:`recognize_page` then :func:`assemble` with the primary engine (or ``engine``);
    an empty :class:`OcrText` when no engine is available."""
    engine = engine if engine is not None else next(iter(engines(ctx)), None)
    if engine is None:
        return OcrText()
    read = recognize_page(image, ctx, engine, turns)
    return assemble(read, float(setting(ctx, "min_confidence")))


def engine_label(engine: Any) -> str:
    return f"{getattr(engine, 'id', '?')} {getattr(engine, 'version', '')}".strip()
