"""Reading PNG, JPEG and TIFF images (every page of a multi-page TIFF) by OCR.

Each page (frame) is opened within the input limits (``limits.image_pixels`` per page,
``limits.pages`` pages: refused before any pixel is decoded), turned as its EXIF orientation
says, and read by the primary OCR engine (:mod:`redactor_plugins.shared.ocr_run`: rotation,
skew and scale handled there). Pages are separated by ``"\\n\\f"`` as in a PDF; each page is
one :class:`Segment` (``locator = "page:N"``) with one :class:`Box` per character in pixels,
origin bottom left (:mod:`redactor_plugins.shared.ocr_images`).

Metadata (numbers only): ``image_format``, ``sizes`` (``WxH`` per page), ``ocr_engine``,
``ocr_pages``, ``ocr_spans``, ``ocr_turns`` (the quarter turns that made each page upright)
and ``ocr_low_confidence`` (offsets of the words read below ``ocr.min_confidence``, which
the core puts under review). Without an OCR engine an image
cannot be read at all: :class:`InputError`.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from redactor.plugin_api import (
    Document,
    InputError,
    RunContext,
    Segment,
    Span,
    limits_for,
)

PAGE_SEPARATOR = "\n\f"
MAGIC = {
    "png": (b"\x89PNG\r\n\x1a\n",),
    "jpeg": (b"\xff\xd8\xff",),
    "tiff": (b"II*\x00", b"MM\x00*", b"II+\x00", b"MM\x00+"),
}
PILLOW_FORMAT = {"png": "PNG", "jpeg": "JPEG", "tiff": "TIFF"}
EXTENSIONS = {"png": (".png",), "jpeg": (".jpg", ".jpeg", ".jpe"), "tiff": (".tif", ".tiff")}


def sniff_kind(head: bytes) -> str | None:
    """``png``, ``jpeg`` or ``tiff`` by the file's first bytes, else None."""
    for kind, magics in MAGIC.items():
        if any(head.startswith(m) for m in magics):
            return kind
    return None


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def read_image(path: Path, kind: str, ctx: RunContext) -> Document:
    """The text of every page of an image file, read by OCR (see the module docstring)."""
    # numpy and Pillow are imported here, not when the plugin host registers the reader
    from redactor_plugins.shared.ocr_images import (
        frame_count,
        frames,
        low_offsets,
        open_image,
        to_boxes,
    )
    from redactor_plugins.shared.ocr_run import engine_label, engines, read_text, setting

    name = path.name
    found = engines(ctx)
    if not found:
        raise InputError(f"{name}: an image is read by OCR, and no OCR engine is installed or "
                         "OCR is switched off (setting ocr.enabled)")
    engine = found[0]
    limits = limits_for(ctx)
    threshold = float(setting(ctx, "min_confidence"))
    pieces: list[str] = []
    segments: list[Segment] = []
    warnings: list[str] = []
    low: list[str] = []
    spans: list[str] = []
    sizes: list[str] = []
    turns: list[str] = []
    pos = 0
    with open_image(path, name, limits) as img:
        fmt = img.format or PILLOW_FORMAT[kind]
        total = frame_count(img)
        for n, frame in enumerate(frames(img, name, limits)):
            ctx.check()
            ctx.progress("ocr", n / max(1, total))
            try:
                ocr = read_text(frame, ctx, engine)
                height = frame.height
                sizes.append(f"{frame.width}x{frame.height}")
            finally:
                frame.close()
            if n:
                pieces.append(PAGE_SEPARATOR)
                pos += len(PAGE_SEPARATOR)
            limits.check(name, "chars", pos + len(ocr.text))
            pieces.append(ocr.text)
            segments.append(Segment(Span(pos, pos + len(ocr.text)), f"page:{n + 1}",
                                    to_boxes(ocr, n, height)))
            if ocr.text:
                spans.append(f"{pos}-{pos + len(ocr.text)}")
            low += low_offsets(ocr, pos)
            turns.append(str(ocr.turns))
            if not ocr.words:
                warnings.append(f"page {n + 1}: OCR found no text in the image")
            elif ocr.low:
                warnings.append(f"page {n + 1}: OCR read {len(ocr.low)} word(s) with low "
                                f"confidence (below {threshold:g}): review them")
            pos += len(ocr.text)
    ctx.progress("ocr", 1.0)
    return Document(
        id=name, source=path, format=kind, text="".join(pieces), segments=tuple(segments),
        metadata={"image_format": fmt, "sizes": ",".join(sizes), "ocr_engine":
                  engine_label(engine), "ocr_pages": ",".join(str(i + 1) for i in
                                                                range(len(segments))),
                  "ocr_spans": ",".join(spans), "ocr_low_confidence": ",".join(low),
                  "ocr_turns": ",".join(turns)},
        warnings=tuple(warnings), page_count=len(segments), sha256=_sha256(path))


class ImageReader:
    """One image kind (``png``, ``jpeg`` or ``tiff``): sniffed by its magic bytes."""

    version = "1.0"

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.id = f"{kind}-reader"
        self.format = kind
        self.extensions = EXTENSIONS[kind]

    def sniff(self, path: Path, head: bytes) -> bool:
        return sniff_kind(head) == self.kind

    def read(self, path: Path, ctx: RunContext) -> Document:
        return read_image(path, self.kind, ctx)
