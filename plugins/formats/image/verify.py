"""Verification of a written image: re-open the file, check its structure, its metadata and
its burnt boxes, and read every page again by OCR.

* the file opens as the format written, with the input's number of pages and page sizes;
* nothing but pixels and resolution: PNG chunks ``IHDR PLTE tRNS pHYs IDAT IEND`` only; JPEG
  markers of the image data only (JFIF ``APP0`` and Adobe's colour ``APP14``, no EXIF/XMP
  ``APP1``, ICC ``APP2``, IPTC or comments); TIFF tags of the image data only (no EXIF, XMP,
  ICC, IPTC, text or thumbnail IFDs);
* every redacted word's box is opaque black in the written pixels;
* every page is read again by OCR (every engine of ``ocr.verify_engines``) and searched for
  every redacted string and its variants (:mod:`redactor_plugins.shared.ocr_verify`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PIL import Image
from redactor_plugins.shared.ocr_images import (
    frames,
    from_box,
    loaded,
    open_image,
    redacted_boxes,
)
from redactor_plugins.shared.ocr_verify import PixelCheck, painted, reread

from redactor.plugin_api import (
    Document,
    InputError,
    Limits,
    RedactionPlan,
    RunContext,
    VerificationIssue,
    VerificationResult,
    hint,
    limits_for,
)

PNG_CHUNKS = {b"IHDR", b"PLTE", b"tRNS", b"pHYs", b"IDAT", b"IEND"}
#: TIFF tags of image data (size, samples, compression, strips/tiles, resolution, colour map).
TIFF_TAGS = {254, 256, 257, 258, 259, 262, 266, 273, 274, 277, 278, 279, 282, 283, 284, 296,
             317, 320, 322, 323, 324, 325, 338, 339}
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
JPEG_MARKERS = {0xE0, 0xEE, 0xDB, 0xC4, 0xDD, 0xDA} | _SOF


def png_chunks(data: bytes) -> list[bytes]:
    out, i = [], 8
    while i + 8 <= len(data):
        length = int.from_bytes(data[i:i + 4], "big")
        out.append(data[i + 4:i + 8])
        i += 12 + length
    return out


def jpeg_markers(data: bytes) -> list[tuple[int, bytes]]:
    """(marker, first bytes of its payload) of every segment before the image data."""
    out, i = [], 2
    while i + 4 <= len(data) and data[i] == 0xFF:
        marker = data[i + 1]
        length = int.from_bytes(data[i + 2:i + 4], "big")
        out.append((marker, data[i + 4:i + 4 + min(16, max(0, length - 2))]))
        if marker == 0xDA:
            break
        i += 2 + length
    return out


def metadata_issues(output: Path, fmt: str) -> list[VerificationIssue]:
    """Anything in the file other than pixels and resolution (see the module docstring)."""
    data = output.read_bytes()
    issues: list[VerificationIssue] = []
    if fmt == "PNG":
        extra = sorted({c.decode("latin-1") for c in png_chunks(data)} -
                       {c.decode() for c in PNG_CHUNKS})
        if extra:
            issues.append(VerificationIssue("file", "metadata chunks: " + ", ".join(extra)))
    elif fmt == "JPEG":
        for marker, payload in jpeg_markers(data):
            ok = marker in JPEG_MARKERS and not (marker == 0xE0 and not payload.startswith(
                b"JFIF")) and not (marker == 0xEE and not payload.startswith(b"Adobe"))
            if not ok:
                issues.append(VerificationIssue("file", f"a metadata segment (marker "
                                                        f"0x{marker:02X})"))
    elif fmt == "TIFF":
        with Image.open(output) as img:
            for n in range(int(getattr(img, "n_frames", 1) or 1)):
                img.seek(n)
                extra = sorted(set(getattr(img, "tag_v2", {}).keys()) - TIFF_TAGS)
                if extra:
                    issues.append(VerificationIssue(f"page {n + 1}", "metadata tags: " +
                                                    ", ".join(str(t) for t in extra)))
    return issues


def verify_image(doc: Document, plan: RedactionPlan, output: Path, ctx: RunContext,
                 fmt: str) -> VerificationResult:
    """Re-open ``output`` and report what survived (see the module docstring)."""
    out = PixelCheck(["re-opened the written file"])
    limits = limits_for(ctx)
    sizes = [s for s in str(doc.metadata.get("sizes", "")).split(",") if s]
    try:
        with open_image(output, output.name, limits) as img:
            if img.format != fmt:
                out.issues.append(VerificationIssue("file", f"written as {img.format}, "
                                                            f"not {fmt}"))
            n = 0
            for n, frame in enumerate(frames(img, output.name, limits), 1):
                if n - 1 < len(sizes) and f"{frame.width}x{frame.height}" != sizes[n - 1]:
                    out.issues.append(VerificationIssue(f"page {n}", "another size than the "
                                                                     "input's"))
                _check_boxes(doc, plan, frame, n, out)
                frame.close()
    except InputError as exc:
        out.issues.append(VerificationIssue("file", f"the output cannot be re-opened ({exc})"))
        return VerificationResult(False, tuple(out.checks), tuple(out.issues))
    out.checks.append("same number of pages and page sizes as the input")
    if n != doc.page_count:
        out.issues.append(VerificationIssue("file", f"{n} pages instead of {doc.page_count}"))
    out.issues += metadata_issues(output, fmt)
    out.checks.append("no metadata: no EXIF, XMP, ICC profile, comments, text or thumbnails")
    out.checks.append("every redacted word's box is opaque black in the written pixels")
    pages = [(f"page {i + 1}", _page_maker(output, i, limits)) for i in range(n)]
    reread(pages, doc, plan, ctx, out, turns_of(doc))
    return VerificationResult(not out.issues, tuple(out.checks), tuple(out.issues))


def turns_of(doc: Document) -> list[int | None]:
    """The quarter turns each page was read with (``None`` where unknown)."""
    return [int(t) if t.isdigit() else None
            for t in str(doc.metadata.get("ocr_turns", "")).split(",")]


def _check_boxes(doc: Document, plan: RedactionPlan, frame: Image.Image, n: int,
                 out: PixelCheck) -> None:
    if n - 1 >= len(doc.segments):
        return
    boxes = redacted_boxes(doc, plan, doc.segments[n - 1])
    bad = painted(frame, [from_box(b, frame.height) for b in boxes])
    if bad:
        rep = next((r for r in plan.replacements if doc.segments[n - 1].span.start <=
                    r.span.start < doc.segments[n - 1].span.end), None)
        what = f" over {rep.label} {hint(rep.secret)}" if rep is not None else ""
        out.issues.append(VerificationIssue(f"page {n}", f"{len(bad)} redaction box(es) not "
                                                         f"painted{what}"))


def _page_maker(output: Path, index: int, limits: Limits) -> Callable[[], Image.Image]:
    def make() -> Image.Image:
        with open_image(output, output.name, limits) as img:
            img.seek(index)
            return loaded(img, output.name, index)
    return make
