"""Built-in plugin ``image``: PNG, JPEG and TIFF (multi-page too) read by OCR, redacted by
burning the boxes of the redacted words into the pixels, verified by reading the output
again (docs/ocr.md). One reader and one writer per kind: an image may be written as another
kind (``-o out.png`` for a JPEG input); several pages only as TIFF."""

from __future__ import annotations

from pathlib import Path

from redactor_plugins.formats.image.read import ImageReader

from redactor.plugin_api import (
    Document,
    RedactionPlan,
    RunContext,
    VerificationResult,
    hookimpl,
)

KINDS = ("png", "jpeg", "tiff")
PILLOW = {"png": "PNG", "jpeg": "JPEG", "tiff": "TIFF"}


class ImageWriter:
    """Writes any image document as ``kind`` with the redacted boxes burnt in."""

    version = "1.0"

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.id = f"{kind}-writer"
        self.format = kind

    # the writer and the verifier (numpy, Pillow) are imported when an image is written
    def write(self, doc: Document, plan: RedactionPlan, dest: Path, ctx: RunContext) -> None:
        from redactor_plugins.formats.image.write import write_image

        write_image(doc, plan, dest, ctx, self.kind)

    def verify(self, doc: Document, plan: RedactionPlan, output: Path,
               ctx: RunContext) -> VerificationResult:
        from redactor_plugins.formats.image.verify import verify_image

        return verify_image(doc, plan, output, ctx, PILLOW[self.kind])


@hookimpl
def register_readers(register):  # type: ignore[no-untyped-def]
    for kind in KINDS:
        register(ImageReader(kind))


@hookimpl
def register_writers(register):  # type: ignore[no-untyped-def]
    for kind in KINDS:
        register(ImageWriter(kind))
