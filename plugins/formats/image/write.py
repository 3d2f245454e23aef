"""Writing a redacted image: the boxes of the redacted words burnt into the pixels.

The source is opened again (and must be the file that was read: SHA-256), each page turned
as when it was read, every redacted word's box (padded when it was read) painted opaque
black, and the pixels encoded anew as PNG, JPEG or TIFF (several pages: TIFF only) with
nothing else: no EXIF, XMP, ICC profile, comments, text chunks or thumbnails — only the
resolution is kept. No text layer is written. 16-bit grey pages become 8-bit, palette
pages RGB.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from PIL import Image
from redactor_plugins.shared.ocr_images import (
    burn,
    clean,
    frames,
    from_box,
    image_dpi,
    open_image,
    redacted_boxes,
    save,
)

from redactor.plugin_api import (
    Document,
    InputError,
    RedactionPlan,
    RunContext,
    UsageError,
    limits_for,
)

IMAGE_FORMATS = ("png", "jpeg", "tiff")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def burnt_pages(doc: Document, plan: RedactionPlan, fmt: str, ctx: RunContext
                ) -> list[Image.Image]:
    """Every page of ``doc``'s source with its redacted boxes burnt in, clean for ``fmt``."""
    if doc.format not in IMAGE_FORMATS:
        raise UsageError(f"a {doc.format.upper()} document cannot be written as an image; "
                         "choose the input's own format for the output")
    if doc.sha256 and _sha256(doc.source) != doc.sha256:
        raise InputError(f"{doc.source.name}: the file changed since it was read; open it "
                         "again before exporting")
    limits = limits_for(ctx)
    out: list[Image.Image] = []
    with open_image(doc.source, doc.source.name, limits) as img:
        dpi = image_dpi(img)
        for n, frame in enumerate(frames(img, doc.source.name, limits)):
            ctx.check()
            ctx.progress("write", n / max(1, doc.page_count))
            if n >= len(doc.segments):
                raise InputError(f"{doc.source.name}: the image has more pages than when "
                                 "it was read")
            boxes = [from_box(b, frame.height)
                     for b in redacted_boxes(doc, plan, doc.segments[n])]
            page = clean(frame, fmt, dpi)
            frame.close()
            out.append(burn(page, boxes) if boxes else page)
    if len(out) != len(doc.segments):
        raise InputError(f"{doc.source.name}: the image has fewer pages than when it was read")
    return out


def write_image(doc: Document, plan: RedactionPlan, dest: Path, ctx: RunContext,
                kind: str) -> None:
    """Write ``dest`` as ``kind`` (``png``, ``jpeg``, ``tiff``; see the module docstring)."""
    fmt = {"png": "PNG", "jpeg": "JPEG", "tiff": "TIFF"}[kind]
    if doc.page_count > 1 and fmt != "TIFF":
        raise UsageError(f"an image of {doc.page_count} pages can only be written as TIFF; "
                         "name the output .tif or .tiff")
    pages = burnt_pages(doc, plan, fmt, ctx)
    try:
        with dest.open("w+b") as fh:  # a multi-page TIFF is written by seeking back
            save(pages, fmt, fh)
    finally:
        for page in pages:
            page.close()
