"""Raster images for OCR and redaction: opened within the input limits, turned as a viewer
shows them (EXIF orientation), OCR'd text put into document coordinates, boxes burnt into
the pixels, and the result encoded again with no metadata at all.

Coordinates: OCR works in image pixels, origin top left (:data:`PixelBox`); a document's
:class:`~redactor.plugin_api.Box` for an image is in pixels too, origin *bottom* left — the
convention of a PDF page whose size in points is the image's size in pixels — so every box
reads the same way in every format (:func:`to_boxes`, :func:`from_box`).
"""

from __future__ import annotations

import io
import re
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO

import numpy as np
from PIL import Image, ImageDraw, ImageOps, UnidentifiedImageError
from redactor_plugins.shared.ocr_geometry import PixelBox, to_gray
from redactor_plugins.shared.ocr_run import OcrText

from redactor.plugin_api import (
    Box,
    Document,
    InputError,
    Limits,
    RedactionPlan,
    Segment,
)

JPEG_QUALITY = 92
_BOMB_SIZE = re.compile(r"\((\d+) pixels\)")


def open_image(source: Path | bytes, name: str, limits: Limits) -> Image.Image:
    """Open an image lazily (the header only), refusing what cannot be read or is over
    ``limits.image_pixels`` before any pixel is decoded (Pillow's own bomb limit is raised
    to ours where it is lower: our limit is the setting that counts)."""
    if Image.MAX_IMAGE_PIXELS and Image.MAX_IMAGE_PIXELS < limits.image_pixels:
        Image.MAX_IMAGE_PIXELS = limits.image_pixels
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            img = Image.open(io.BytesIO(source) if isinstance(source, bytes) else source)
    except Image.DecompressionBombError as exc:
        found = _BOMB_SIZE.search(str(exc))
        value = int(found.group(1)) if found else limits.image_pixels + 1
        limits.check(name, "image_pixels", max(value, limits.image_pixels + 1))
        raise  # not reached: the check raised
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as exc:
        raise InputError(f"{name}: not a readable image (the file is damaged or of an "
                         "unsupported kind)") from exc
    check_size(img, name, limits)
    return img


def check_size(img: Image.Image, name: str, limits: Limits) -> None:
    width, height = img.size
    if width <= 0 or height <= 0:
        raise InputError(f"{name}: the image has no pixels")
    limits.check(name, "image_pixels", width * height)


def frames(img: Image.Image, name: str, limits: Limits) -> Iterator[Image.Image]:
    """Every frame (page) of ``img``, loaded and turned upright, one at a time; refuses more
    than ``limits.pages`` frames, a frame over the pixel limit, and damaged data."""
    index = 0
    while True:
        limits.check(name, "pages", index + 1)
        try:
            img.seek(index)
        except EOFError:
            return
        except (OSError, ValueError, SyntaxError) as exc:
            raise InputError(f"{name}: page {index + 1} of the image cannot be read "
                             "(the file is damaged)") from exc
        check_size(img, name, limits)
        yield loaded(img, name, index)
        index += 1


def loaded(img: Image.Image, name: str, index: int = 0) -> Image.Image:
    """The current frame decoded and turned as its EXIF orientation says (a copy)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            img.load()
            frame = ImageOps.exif_transpose(img) if index == 0 else img.copy()
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        raise InputError(f"{name}: the image is truncated or damaged (page {index + 1} "
                         "cannot be decoded)") from exc
    return frame if frame is not img else img.copy()


def frame_count(img: Image.Image) -> int:
    return int(getattr(img, "n_frames", 1) or 1)


# -- coordinates -------------------------------------------------------------------------------
def to_boxes(ocr: OcrText, page: int, height: float) -> tuple[Box, ...]:
    """One :class:`Box` per character of ``ocr.text`` (pixels, origin bottom left; a
    separator gets an empty box after the previous character, as in a PDF)."""
    out: list[Box] = []
    last = (0.0, height)
    for box in ocr.boxes:
        if box is None:
            out.append(Box(page, last[0], last[1], last[0], last[1]))
            continue
        x0, y0, x1, y1 = box
        out.append(Box(page, x0, height - y1, x1, height - y0))
        last = (x1, height - y1)
    return tuple(out)


def from_box(box: Box, height: float) -> PixelBox:
    return (box.x0, height - box.y1, box.x1, height - box.y0)


def low_offsets(ocr: OcrText, at: int) -> list[str]:
    """``ocr``'s low-confidence words as ``"start-end"`` offsets of the document text."""
    return [f"{a + at}-{b + at}" for a, b in ocr.low]


def redacted_boxes(doc: Document, plan: RedactionPlan, seg: Segment) -> list[Box]:
    """The distinct boxes of the redacted characters of one segment (words burn whole)."""
    out: dict[tuple[float, float, float, float], Box] = {}
    for rep in plan.replacements:
        lo, hi = max(rep.span.start, seg.span.start), min(rep.span.end, seg.span.end)
        for k in range(lo - seg.span.start, hi - seg.span.start):
            b = seg.boxes[k] if k < len(seg.boxes) else None
            if b is not None and b.x1 > b.x0 and b.y1 > b.y0:
                out.setdefault((b.x0, b.y0, b.x1, b.y1), b)
    return list(out.values())


# -- burning and writing -----------------------------------------------------------------------
def writable(img: Image.Image, fmt: str) -> Image.Image:
    """``img`` in a mode ``fmt`` can hold that keeps its look (16-bit grey becomes 8-bit,
    palettes become RGB(A), exotic colour spaces RGB)."""
    mode = img.mode
    if mode.startswith("I") or mode == "F":
        return to_gray(img)
    if mode == "P" or mode == "PA":
        mode_to = "RGBA" if ("transparency" in img.info or mode == "PA") else "RGB"
        img = img.convert(mode_to)
    elif mode not in ("1", "L", "LA", "RGB", "RGBA", "CMYK"):
        img = img.convert("RGB")
    if fmt == "JPEG" and img.mode not in ("L", "RGB", "CMYK"):
        img = img.convert("RGB") if img.mode in ("RGBA", "LA") else img.convert("L")
    return img


def burn(img: Image.Image, boxes: Sequence[PixelBox]) -> Image.Image:
    """``img`` with every box painted opaque black (a copy; the caller chose the mode)."""
    out = img.copy()
    draw = ImageDraw.Draw(out)
    black = {"1": 0, "L": 0, "LA": (0, 255), "RGB": (0, 0, 0), "RGBA": (0, 0, 0, 255),
             "CMYK": (0, 0, 0, 255)}.get(out.mode, 0)
    for x0, y0, x1, y1 in boxes:
        left, top = max(0, int(np.floor(x0))), max(0, int(np.floor(y0)))
        right, bottom = min(out.width - 1, int(np.ceil(x1))), min(out.height - 1, int(np.ceil(y1)))
        if right >= left and bottom >= top:
            draw.rectangle([left, top, right, bottom], fill=black)
    return out


def _dpi(img: Image.Image) -> tuple[int, int] | None:
    dpi = img.info.get("dpi")
    try:
        x, y = (float(dpi[0]), float(dpi[1])) if dpi else (0.0, 0.0)
    except (TypeError, ValueError, IndexError):
        return None
    return (round(x), round(y)) if 1 <= x <= 10000 and 1 <= y <= 10000 else None


def clean(img: Image.Image, fmt: str, dpi: tuple[int, int] | None = None) -> Image.Image:
    """A copy with no metadata (EXIF, XMP, ICC, comments, text) that ``fmt`` can hold."""
    out = writable(img, fmt).copy()
    out.info = {"dpi": dpi} if dpi else {}
    return out


def save(frames_out: Sequence[Image.Image], fmt: str, dest: Path | IO[bytes]) -> None:
    """Write the (already clean) frames in ``fmt`` with nothing but pixels and resolution."""
    first = frames_out[0]
    dpi = first.info.get("dpi")
    kwargs: dict[str, object] = {"dpi": dpi} if dpi else {}
    if fmt == "JPEG":
        first.save(dest, "JPEG", quality=JPEG_QUALITY, **kwargs)
    elif fmt == "PNG":
        first.save(dest, "PNG", **kwargs)
    elif fmt == "TIFF":
        bilevel = all(f.mode == "1" for f in frames_out)
        first.save(dest, "TIFF", save_all=True, append_images=list(frames_out[1:]),
                   compression="group4" if bilevel else "tiff_deflate", **kwargs)
    else:
        raise ValueError(f"cannot write {fmt}")


def image_dpi(img: Image.Image) -> tuple[int, int] | None:
    return _dpi(img)
