"""Pictures in a DOCX export: every image part is re-made, none is copied through unread.

* raster images (PNG, JPEG, GIF, BMP, TIFF, WebP — whatever the package calls them) are
  re-encoded with Pillow without metadata (EXIF, XMP, ICC, comments, text chunks);
* SVG, EMF and WMF are scrubbed (:mod:`docx_vector`);
* anything else (PICT, an image that does not parse, an SVG with a DTD …) becomes a blank
  PNG of the same size, and the export says so.

Every kept image gets a neutral name ``word/media/image<n>.<ext>`` with the extension and
content type of what was written, never of what the input claimed.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass, field

from PIL import Image, ImageOps
from redactor_plugins.formats.docx.package import Package, parse_xml, to_bytes
from redactor_plugins.formats.docx.scrub import Needles, scrub_values
from redactor_plugins.formats.docx.vector import (
    VectorError,
    blank_png,
    kind_of,
    scrub_emf,
    scrub_svg,
    scrub_wmf,
    unpacked,
)

from redactor.plugin_api import InputError

IMAGE_FORMATS = {"image/png": "PNG", "image/x-png": "PNG", "image/jpeg": "JPEG",
                 "image/jpg": "JPEG", "image/pjpeg": "JPEG", "image/gif": "GIF",
                 "image/bmp": "BMP", "image/x-bmp": "BMP", "image/tiff": "TIFF",
                 "image/tif": "TIFF", "image/webp": "WEBP"}
FORMAT_TYPES = {"PNG": ("image/png", ".png"), "JPEG": ("image/jpeg", ".jpeg"),
                "GIF": ("image/gif", ".gif"), "BMP": ("image/bmp", ".bmp"),
                "TIFF": ("image/tiff", ".tiff"), "WEBP": ("image/webp", ".webp")}
VECTOR_TYPES = {"svg": ("image/svg+xml", ".svg"), "emf": ("image/x-emf", ".emf"),
                "wmf": ("image/x-wmf", ".wmf")}
#: Every content type an exported image can have.
OUTPUT_IMAGE_TYPES = frozenset(t for t, _ in [*FORMAT_TYPES.values(), *VECTOR_TYPES.values()])
#: A picture at least this many pixels high and wide may show readable text.
TEXT_MIN_SIDE, TEXT_MIN_LONG = 12, 32


@dataclass
class ImageOut:
    """An image as exported: bytes, content type, extension, and notes for the user."""

    data: bytes
    content_type: str
    ext: str
    notes: list[str] = field(default_factory=list)


def reencode_image(data: bytes, content_type: str) -> bytes:
    """The image without metadata (EXIF, XMP, text chunks, ICC); a blank one if unreadable."""
    fmt = IMAGE_FORMATS[content_type]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as im:
                im.load()
                img = ImageOps.exif_transpose(im)
                img = img.copy()
    except Exception:
        img = Image.new("RGB", (1, 1), (255, 255, 255))
    # Pillow writes some of ``info`` back (JPEG comments, ICC, EXIF): keep transparency only
    img.info = {k: v for k, v in img.info.items() if k == "transparency"}
    if fmt == "JPEG" and img.mode not in ("RGB", "L", "CMYK"):
        img = img.convert("RGB")
    if fmt == "BMP" and img.mode not in ("RGB", "L", "P", "1"):
        img = img.convert("RGB")
    out = io.BytesIO()
    kwargs: dict[str, object] = {"quality": 95} if fmt == "JPEG" else {}
    try:
        img.save(out, fmt, **kwargs)
    except (OSError, ValueError):  # a mode the format cannot hold (a CMYK JPEG called .png)
        out = io.BytesIO()
        img.convert("RGB").save(out, fmt, **kwargs)
    return out.getvalue()


def raster_type(data: bytes) -> str | None:
    """The content type of a raster image Pillow recognises, whatever the package says."""
    try:
        with Image.open(io.BytesIO(data)) as im:
            fmt = im.format
    except Exception:
        return None
    return {"PNG": "image/png", "JPEG": "image/jpeg", "GIF": "image/gif", "BMP": "image/bmp",
            "TIFF": "image/tiff", "WEBP": "image/webp"}.get(fmt or "")


def raster_size(data: bytes) -> tuple[int, int] | None:
    try:
        with Image.open(io.BytesIO(data)) as im:
            return im.size
    except Exception:
        return None


def may_hold_text(size: tuple[int, int] | None) -> bool:
    """Whether a picture of ``size`` pixels is large enough to show readable text."""
    if size is None:
        return False
    return min(size) >= TEXT_MIN_SIDE and max(size) >= TEXT_MIN_LONG


def _blank(data: bytes, note: str) -> ImageOut:
    size = raster_size(data) or (1, 1)  # Pillow reads the frame of many metafiles
    size = (max(1, min(4000, size[0])), max(1, min(4000, size[1])))
    return ImageOut(blank_png(size), "image/png", ".png", [note])


def export_image(pkg: Package, part: str, needles: Needles) -> ImageOut:
    """The exported form of one image part (see the module docstring)."""
    data = pkg.parts[part]
    key = pkg.content_type(part).lower()
    raster = key if key in IMAGE_FORMATS else raster_type(data)
    if raster:
        content_type, ext = FORMAT_TYPES[IMAGE_FORMATS[raster]]
        return ImageOut(reencode_image(data, raster), content_type, ext)
    if key.startswith("image/svg") or data.lstrip()[:200].lower().find(b"<svg") >= 0:
        try:
            root = parse_xml(data, part)
        except InputError:
            return _blank(data, "images replaced by a blank picture (could not be scrubbed)")
        notes = ["text removed from vector images"] if scrub_svg(root, needles.found_in) else []
        if scrub_values(root, needles):
            notes = ["text removed from vector images"]
        content_type, ext = VECTOR_TYPES["svg"]
        return ImageOut(to_bytes(root), content_type, ext, notes)
    try:
        raw = unpacked(data)
        kind = kind_of(raw)
        if kind:
            done = (scrub_emf if kind == "emf" else scrub_wmf)(raw, needles.found_in)
            content_type, ext = VECTOR_TYPES[kind]
            notes = ["text removed from vector images"] if done.text_removed else []
            return ImageOut(done.data, content_type, ext, notes)
    except VectorError:
        pass
    return _blank(data, "images replaced by a blank picture (could not be scrubbed)")
