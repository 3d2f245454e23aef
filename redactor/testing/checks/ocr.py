"""``check_ocr_engine``: the contract of :class:`~redactor.plugin_api.OcrEngine`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from redactor.core.components import OcrWord
from redactor.testing.checks.common import Checker, is_real

LINES = ("ZEBULON QUILLFEATHER", "OSLO 1970")
SIZE = (900, 240)


def render_text_image(lines: Sequence[str] = LINES, size: tuple[int, int] = SIZE,
                      mode: str = "RGB") -> Any:
    """A white page image with ``lines`` in large black type (a PIL image)."""
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new(mode, size, "white")
    draw = ImageDraw.Draw(image)
    try:
        font: Any = ImageFont.load_default(size=56)
    except TypeError:  # Pillow < 10.1: a small bitmap font
        font = ImageFont.load_default()
    for i, line in enumerate(lines):
        draw.text((40, 30 + 100 * i), line, fill="black", font=font)
    return image


def check_ocr_engine(engine: Any, *, settings: Mapping[str, Any] | None = None,
                     context: Mapping[str, Any] | None = None) -> None:
    """Check an OCR engine; raise :class:`ConformanceError` listing every problem.

    Tries: ``id``/``version``; on a rendered RGB page with two lines of large text it returns
    a list of :class:`OcrWord` — at least one — each with non-empty text, a box ``(x0, y0, x1,
    y1)`` inside the image with x0 <= x1 and y0 <= y1, at least one box on the ink, and a
    confidence in [0, 1]; it leaves the image unchanged; the same words for the same page in
    mode L, a blank page and a 1×1 image give well-formed (possibly empty) lists; the same
    words on a second call and from another thread; no network, no recognised text in logs,
    output or exceptions.
    """
    with Checker("OCR engine", engine, settings, context) as c:
        if not c.identity(["recognize"]):
            return
        image = render_text_image()
        before = image.tobytes()
        words = _recognize(c, "a page of text", image)
        c.expect(image.tobytes() == before, "recognize changed the image it was given")
        if words is not None:
            c.expect(words, "recognised no word on a page of large, clear text")
            ink = _ink_box(image)
            c.expect(not words or any(_overlaps(w.box, ink) for w in words
                                      if isinstance(w, OcrWord)),
                     "no word's box lies on the text's ink (boxes are pixels, origin top left)")
            again = _recognize(c, "a page of text (second call)", image)
            if again is not None and _key(again) != _key(words):
                c.problem("a second call on the same page gave other words (not deterministic)")
            thread = c.threads("recognize from another thread",
                               lambda _: engine.recognize(image, c.ctx()), n=1)[0]
            if thread.ok and _key(thread.value or []) != _key(words):
                c.problem("called from another thread it gave other words")
        _recognize(c, "the page in mode L", render_text_image(mode="L"))
        _recognize(c, "a blank page", render_text_image(lines=()))
        _recognize(c, "a 1x1 image", render_text_image(lines=(), size=(1, 1)))


def _recognize(c: Checker, what: str, image: Any) -> list[Any] | None:
    out = c.call(f"recognize on {what}", c.obj.recognize, image, c.ctx())  # type: ignore[attr-defined]
    if not out.ok:
        return None
    if not isinstance(out.value, list | tuple):
        c.problem(f"recognize on {what}: returned a {type(out.value).__name__}, not a list of "
                  "OcrWord")
        return None
    width, height = image.size
    faults: dict[str, str] = {}
    for w in out.value:
        if not isinstance(w, OcrWord):
            faults.setdefault("type", f"returned a {type(w).__name__}, not an OcrWord")
            continue
        if not isinstance(w.text, str) or not w.text.strip():
            faults.setdefault("text", "a word's text is empty or not a str")
        box = w.box
        if not (isinstance(box, tuple) and len(box) == 4 and all(is_real(v) for v in box)):
            faults.setdefault("box", "a box is not a tuple of four numbers (x0, y0, x1, y1)")
        elif not (0 <= box[0] <= box[2] <= width and 0 <= box[1] <= box[3] <= height):
            faults.setdefault("inside", f"a box {tuple(round(v, 1) for v in box)} is not "
                              f"inside the {width}x{height} image with x0 <= x1, y0 <= y1")
        if not (is_real(w.confidence) and 0.0 <= w.confidence <= 1.0):
            faults.setdefault("conf", "a confidence is not a number in [0, 1]")
    for fault in faults.values():
        c.problem(f"recognize on {what}: {fault}")
    return list(out.value)


def _ink_box(image: Any) -> tuple[float, float, float, float]:
    from PIL import ImageOps

    box = ImageOps.invert(image.convert("L")).getbbox() or (0, 0, 0, 0)
    return tuple(float(v) for v in box)  # type: ignore[return-value]


def _overlaps(a: Any, b: tuple[float, float, float, float]) -> bool:
    try:
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    except (TypeError, IndexError):
        return False


def _key(words: Sequence[Any]) -> tuple[Any, ...]:
    return tuple((w.text, tuple(round(v, 1) for v in w.box), round(w.confidence, 3))
                 if isinstance(w, OcrWord) and isinstance(w.box, tuple)
                 and all(is_real(v) for v in w.box)
                 and is_real(w.confidence) else repr(w) for w in words)
