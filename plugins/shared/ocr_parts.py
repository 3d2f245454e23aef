"""Pictures inside a package (a DOCX's image parts): read by OCR into the document's text,
burnt where their text was redacted, read again in the export.

The reader appends each picture's text after the document's own text (a line break before
each picture): one :class:`~redactor.plugin_api.Segment` per picture, ``locator =
"ocr:<part name>"``, one :class:`~redactor.plugin_api.Box` per character (pixels, origin
bottom left; ``page`` is the picture's number). ``doc.metadata["ocr_text_from"]`` is where
the pictures' text starts, so the writer knows which text its markup holds. The writer
replaces a picture whose text was redacted by a PNG of its pixels with the boxes burnt in
(the package's writer re-encodes it in the picture's own type, without metadata).
"""

from __future__ import annotations

import io
from collections.abc import Mapping

from redactor_plugins.shared.ocr_images import (
    burn,
    clean,
    from_box,
    loaded,
    low_offsets,
    open_image,
    redacted_boxes,
    to_boxes,
)
from redactor_plugins.shared.ocr_run import engine_label, engines, read_text, setting
from redactor_plugins.shared.ocr_verify import PixelCheck, reread

from redactor.plugin_api import (
    Document,
    InputError,
    RedactionPlan,
    RunContext,
    Segment,
    Span,
    limits_for,
)

PREFIX = "ocr:"
FROM_KEY = "ocr_text_from"
#: Pictures smaller than this (pixels, each side) are not read.
MIN_SIDE = 16


def text_from(doc: Document) -> int:
    """Where the pictures' text starts in ``doc.text`` (its length when there is none)."""
    try:
        return int(doc.metadata.get(FROM_KEY, len(doc.text)))
    except ValueError:
        return len(doc.text)


def with_picture_text(doc: Document, pictures: Mapping[str, bytes], ctx: RunContext
                      ) -> Document:
    """``doc`` with the text of ``pictures`` (part name -> bytes) appended (see module)."""
    found = engines(ctx)
    if not found or not pictures or not setting(ctx, "docx_images"):
        return doc
    engine, limits = found[0], limits_for(ctx)
    threshold = float(setting(ctx, "min_confidence"))
    text, segments = doc.text, list(doc.segments)
    spans: list[str] = []
    low: list[str] = []
    read = unreadable = 0
    for k, (part, data) in enumerate(pictures.items()):
        ctx.check()
        ctx.progress("ocr", k / len(pictures))
        try:
            with open_image(data, part, limits) as img:
                if min(img.size) < MIN_SIDE:
                    continue
                page = loaded(img, part)
        except InputError:
            unreadable += 1  # the package's writer replaces what it cannot decode
            continue
        try:
            ocr = read_text(page, ctx, engine)
            height = page.height
        finally:
            page.close()
        read += 1
        if not ocr.text:
            continue
        if text:
            text += "\n"
        limits.check(doc.source.name, "chars", len(text) + len(ocr.text))
        segments.append(Segment(Span(len(text), len(text) + len(ocr.text)), PREFIX + part,
                                to_boxes(ocr, k, height)))
        spans.append(f"{len(text)}-{len(text) + len(ocr.text)}")
        low += low_offsets(ocr, len(text))
        text += ocr.text
    ctx.progress("ocr", 1.0)
    warnings = list(doc.warnings)
    if read:
        warnings.append(f"{read} picture(s) read by OCR ({engine.id}): check what was read")
    if low:
        warnings.append(f"OCR read {len(low)} word(s) in pictures with low confidence (below "
                        f"{threshold:g}): review them")
    if unreadable:
        warnings.append(f"{unreadable} picture(s) could not be decoded for OCR")
    metadata = {**doc.metadata, FROM_KEY: str(len(doc.text)), "ocr_engine": engine_label(engine),
                "ocr_pictures": str(read), "ocr_spans": ",".join(spans),
                "ocr_low_confidence": ",".join(low)}
    return Document(doc.id, doc.source, doc.format, text, tuple(segments), metadata,
                    tuple(warnings), doc.page_count, doc.sha256)


def burnt_pictures(doc: Document, plan: RedactionPlan, parts: Mapping[str, bytes]
                   ) -> dict[str, bytes]:
    """{part: PNG bytes} for every picture with redacted text, the boxes burnt in."""
    out: dict[str, bytes] = {}
    limits = limits_for(None)
    for seg in doc.segments:
        if not seg.locator.startswith(PREFIX):
            continue
        part = seg.locator[len(PREFIX):]
        boxes = redacted_boxes(doc, plan, seg)
        if not boxes or part not in parts:
            continue
        with open_image(parts[part], part, limits) as img:
            page = loaded(img, part)
        pixels = clean(page, "PNG")
        page.close()
        burnt = burn(pixels, [from_box(b, pixels.height) for b in boxes])
        buf = io.BytesIO()
        burnt.save(buf, "PNG")
        out[part] = buf.getvalue()
    return out


def reread_pictures(doc: Document, plan: RedactionPlan, pictures: Mapping[str, bytes],
                    ctx: RunContext | None) -> PixelCheck:
    """Read every picture of an export again and search it for what was redacted."""
    out = PixelCheck()
    limits = limits_for(ctx)

    def maker(part: str, data: bytes):  # type: ignore[no-untyped-def]
        def make():  # type: ignore[no-untyped-def]
            with open_image(data, part, limits) as img:
                return loaded(img, part)
        return make

    readable = []
    for part, data in pictures.items():
        try:
            with open_image(data, part, limits) as img:
                if min(img.size) < MIN_SIDE:
                    continue
        except InputError:
            continue
        readable.append((part, maker(part, data)))
    reread(readable, doc, plan, ctx, out)
    return out
