"""Verification of a written PDF: re-open the file and look for every redacted span.

Channels searched (each with :func:`find_survivors`, so case, whitespace, hyphenation,
ligatures, diacritics and digit-only variants all count):

* text extracted by two independent engines, pdfminer.six (pdfplumber's engine) and PDFium,
  compared
  with the planned output text (kept text never counts as a leak);
* every stream of the file, decompressed (pikepdf ``read_bytes``), with hex strings decoded;
  image pixel data is skipped, but JPEG/JPEG 2000 data is searched raw (EXIF/XMP);
* every string and name object in the file, including unreferenced objects;
* the raw file bytes outside stream data.

For the byte channels a secret is searched only where it does not also occur in the kept
text. Structural checks: exactly one ``%%EOF``, no ``/Prev``, not encrypted, the page count
of the input, and none of the removed document-level or page-level structures.
Messages never print a secret in full (:func:`redactor.core.verify.hint`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium

from redactor.plugin_api import (
    Document,
    RedactionPlan,
    RunContext,
    VerificationIssue,
    VerificationResult,
    find_survivors,
    hint,
    norm_text,
)

# Keys that must not appear in an output's catalog (/Root).
FORBIDDEN_ROOT_KEYS = (
    "/Outlines", "/Names", "/AcroForm", "/OpenAction", "/AA", "/OCProperties",
    "/StructTreeRoot", "/Metadata", "/PageLabels", "/Dests", "/Threads", "/Collection",
    "/SpiderInfo", "/Perms", "/Legal", "/URI", "/PieceInfo", "/MarkInfo", "/Lang",
)
# Keys that must not appear on an output page.
FORBIDDEN_PAGE_KEYS = ("/Annots", "/AA", "/PieceInfo", "/Metadata", "/Thumb", "/B",
                       "/StructParents", "/SeparationInfo")
# Keys that must not appear in any dictionary of an output.
FORBIDDEN_ANY_KEYS = ("/JS", "/JavaScript", "/EmbeddedFiles", "/EmbeddedFile", "/EF",
                      "/XFA", "/ActualText", "/Alt", "/OCGs", "/URI", "/Launch")

_STREAM_DATA = re.compile(rb"stream\r?\n.*?endstream", re.S)
_HEX = re.compile(rb"(?<!<)<([0-9A-Fa-f\s]{4,})>(?!>)")
_PIXEL_FILTERS = {"/FlateDecode", "/LZWDecode", "/RunLengthDecode", "/CCITTFaxDecode",
                  "/JBIG2Decode", "/ASCIIHexDecode", "/ASCII85Decode"}


def decode_pdf_string(raw: bytes) -> str:
    """A PDF text string as text: UTF-16 with a BOM, UTF-8 with a BOM, else Latin-1."""
    if raw.startswith(b"\xfe\xff"):
        return raw[2:].decode("utf-16-be", errors="replace")
    if raw.startswith(b"\xff\xfe"):
        return raw[2:].decode("utf-16-le", errors="replace")
    if raw.startswith(b"\xef\xbb\xbf"):
        return raw[3:].decode("utf-8", errors="replace")
    return raw.decode("latin-1")


def bytes_as_text(data: bytes) -> str:
    """Bytes as searchable text: Latin-1, UTF-16BE guess and decoded hex strings."""
    parts = [data.decode("latin-1")]
    if b"\x00" in data[:4096]:
        parts.append(data.decode("utf-16-be", errors="ignore"))
        parts.append(data.decode("utf-16-le", errors="ignore"))
    for m in _HEX.finditer(data):
        hexed = re.sub(rb"\s", b"", m.group(1))
        if len(hexed) % 2:
            hexed += b"0"
        try:
            parts.append(decode_pdf_string(bytes.fromhex(hexed.decode("ascii"))))
        except ValueError:
            continue
    return "\n".join(parts)


def _filters(stream: pikepdf.Stream) -> list[str]:
    f = stream.get("/Filter")
    if f is None:
        return []
    if isinstance(f, pikepdf.Array):
        return [str(x) for x in f]
    return [str(f)]


def stream_text(stream: pikepdf.Stream) -> str:
    """A stream's content as searchable text (images: only JPEG/JPX data, raw)."""
    filters = _filters(stream)
    if stream.get("/Subtype") == "/Image":
        if any(f in ("/DCTDecode", "/JPXDecode") for f in filters):
            return stream.read_raw_bytes().decode("latin-1")
        if all(f in _PIXEL_FILTERS for f in filters):
            return ""
    try:
        data = stream.read_bytes()
    except pikepdf.PdfError:
        data = stream.read_raw_bytes()
    return bytes_as_text(data)


def _walk_strings(obj: object, out: list[str], depth: int = 0) -> None:
    if depth > 64:
        return
    if isinstance(obj, pikepdf.String):
        out.append(decode_pdf_string(bytes(obj)))
    elif isinstance(obj, pikepdf.Name):
        out.append(str(obj)[1:])
    elif isinstance(obj, pikepdf.Array):
        for item in obj:
            if not (isinstance(item, pikepdf.Object) and item.is_indirect):
                _walk_strings(item, out, depth + 1)
    elif isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
        for key, value in obj.items():
            out.append(key[1:])
            if not (isinstance(value, pikepdf.Object) and value.is_indirect):
                _walk_strings(value, out, depth + 1)


def object_texts(pdf: pikepdf.Pdf) -> tuple[str, str]:
    """(decompressed streams, strings and names) of every object in the file."""
    streams: list[str] = []
    strings: list[str] = []
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream):
            streams.append(stream_text(obj))
        _walk_strings(obj, strings)
    _walk_strings(pdf.trailer, strings)
    return "\n".join(streams), "\n".join(strings)


def page_object_texts(page: pikepdf.Dictionary) -> str:
    """Decompressed streams and strings reachable from one page (for copy decisions)."""
    seen: set[tuple[int, int]] = set()
    parts: list[str] = []

    def visit(obj: object, depth: int) -> None:
        if depth > 32 or not isinstance(obj, pikepdf.Object):
            _walk_strings(obj, parts)
            return
        if obj.is_indirect:
            if obj.objgen in seen:
                return
            seen.add(obj.objgen)
        if isinstance(obj, pikepdf.Stream):
            parts.append(stream_text(obj))
        if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
            for key, value in obj.items():
                if key == "/Parent":
                    continue
                parts.append(key[1:])
                visit(value, depth + 1)
        elif isinstance(obj, pikepdf.Array):
            for item in obj:
                visit(item, depth + 1)
        else:
            _walk_strings(obj, parts)

    visit(page, 0)
    return "\n".join(parts)


def searchable_in_bytes(needle: str) -> bool:
    """Whether a normalised secret is specific enough to search in raw PDF syntax, where
    numbers (coordinates, sizes) are everywhere: 4+ characters with a letter, or 6+."""
    return len(needle) >= 6 or (len(needle) >= 4 and any(c.isalpha() for c in needle))


def byte_channel_secrets(plan: RedactionPlan, expected: str) -> list[tuple[str, str]]:
    """Secrets searched in raw channels: specific enough, and not also in the kept text."""
    kept = norm_text(expected)
    out = []
    for label, secret in plan.labelled_secrets():
        needle = norm_text(secret)
        if searchable_in_bytes(needle) and needle not in kept:
            out.append((label, secret))
    return out


def find_in_bytes(secrets: Iterable[tuple[str, str]], outputs: dict[str, str]
                  ) -> list[VerificationIssue]:
    """Like :func:`find_survivors` with nothing allowed, for raw PDF syntax: only the
    normalised text variant (a digits-only variant would match runs of coordinates)."""
    issues: list[VerificationIssue] = []
    normed = {where: norm_text(text) for where, text in outputs.items()}
    seen: set[str] = set()
    for label, secret in secrets:
        needle = norm_text(secret)
        if needle in seen:
            continue
        seen.add(needle)
        for where, text in normed.items():
            found = text.count(needle)
            if found:
                issues.append(VerificationIssue(where, f"{label} {hint(secret)} survives "
                                                       f"({found}×)"))
                break
    return issues


def pdfium_pages_text(path: Path, password: str | None = None) -> Iterator[str]:
    doc = pdfium.PdfDocument(path, password=password)
    try:
        for i in range(len(doc)):
            page = doc[i]
            tp = page.get_textpage()
            try:
                yield tp.get_text_range()
            finally:
                tp.close()
                page.close()
    finally:
        doc.close()


def pdfminer_pages_text(path: Path, pages: Iterable[int] | None = None) -> Iterator[str]:
    """Each page's characters in content order, by pdfminer.six (the engine of pdfplumber).

    No layout analysis: leak search ignores whitespace, and content order keeps the order
    of the written text, so this is both faster and closer to the planned text.
    """
    import io

    from pdfminer.converter import TextConverter
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    wanted = set(pages) if pages is not None else None
    manager = PDFResourceManager(caching=True)
    with path.open("rb") as fh:
        for n, page in enumerate(PDFPage.get_pages(fh)):
            if wanted is not None and n not in wanted:
                continue
            buf = io.StringIO()
            device = TextConverter(manager, buf, laparams=None)
            try:
                PDFPageInterpreter(manager, device).process_page(page)
            finally:
                device.close()
            yield buf.getvalue()


def structural_issues(pdf: pikepdf.Pdf, data: bytes) -> tuple[list[str], list[VerificationIssue]]:
    checks: list[str] = []
    issues: list[VerificationIssue] = []
    eofs = data.count(b"%%EOF")
    checks.append("exactly one %%EOF (written whole, not incrementally)")
    if eofs != 1:
        issues.append(VerificationIssue("file", f"{eofs} end-of-file markers (incremental update)"))
    checks.append("no /Prev (no earlier revision)")
    if "/Prev" in pdf.trailer or b"/Prev" in data:
        issues.append(VerificationIssue("file", "a /Prev pointer to an earlier revision"))
    checks.append("not encrypted")
    if pdf.is_encrypted or "/Encrypt" in pdf.trailer:
        issues.append(VerificationIssue("file", "the output is encrypted"))
    checks.append("no document-level structures (outlines, names, forms, actions, layers, "
                  "structure tree, XMP)")
    for key in FORBIDDEN_ROOT_KEYS:
        if key in pdf.Root:
            issues.append(VerificationIssue("catalog", f"{key} was carried over"))
    checks.append("no annotations, actions, thumbnails or per-page metadata on pages")
    for n, page in enumerate(pdf.pages, 1):
        for key in FORBIDDEN_PAGE_KEYS:
            if key in page.obj:
                issues.append(VerificationIssue(f"page {n}", f"{key} was carried over"))
    checks.append("no JavaScript, attachments, XFA, alternate text or link actions anywhere")
    found: set[str] = set()
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
            keys = set(obj.keys())
            for key in FORBIDDEN_ANY_KEYS:
                if key in keys:
                    found.add(key)
            if obj.get("/S") in ("/JavaScript", "/Launch", "/URI", "/GoToR", "/SubmitForm"):
                found.add(str(obj.get("/S")))
    for key in sorted(found):
        issues.append(VerificationIssue("objects", f"{key} present"))
    return checks, issues


def is_image_page(page: pikepdf.Page) -> bool:
    """A page written by rendering: its content starts by drawing one image, /Im0, over the
    whole page, and it has no other XObject."""
    res = page.obj.get("/Resources")
    if not isinstance(res, pikepdf.Dictionary):
        return False
    xobjs = res.get("/XObject")
    if not isinstance(xobjs, pikepdf.Dictionary) or set(xobjs.keys()) != {"/Im0"}:
        return False
    if xobjs.Im0.get("/Subtype") != "/Image":
        return False
    try:
        ops = [str(op) for _, op in pikepdf.parse_content_stream(page)[:4]]
    except pikepdf.PdfError:
        return False
    return ops == ["q", "cm", "Do", "Q"]


def unpainted_boxes(doc: Document, plan: RedactionPlan, output: Path,
                    dpi: float = 72.0) -> list[VerificationIssue]:
    """On rendered pages, every redaction box must be opaque black in the output pixels."""
    import numpy as np
    from redactor_plugins.formats.pdf.rects import PAD, redaction_rects

    rects = redaction_rects(doc, plan)
    if not rects:
        return []
    issues: list[VerificationIssue] = []
    with pikepdf.open(output) as pdf:
        image_pages = {i for i in rects if i < len(pdf.pages) and is_image_page(pdf.pages[i])}
    pdoc = pdfium.PdfDocument(output)
    try:
        for index in sorted(image_pages):
            page = pdoc[index]
            try:
                page.set_rotation(0)
                bx0, by0, bx1, by1 = page.get_bbox()
                bitmap = page.render(scale=dpi / 72.0, draw_annots=False, grayscale=True,
                                     fill_color=(255, 255, 255, 255))
                img = np.asarray(bitmap.to_pil().convert("L"))
                bitmap.close()
            finally:
                page.close()
            k = dpi / 72.0
            for r in rects[index]:
                x0, x1 = max(r.x0 + PAD, bx0), min(r.x1 - PAD, bx1)
                y0, y1 = max(r.y0 + PAD, by0), min(r.y1 - PAD, by1)
                left, right = int((x0 - bx0) * k) + 1, int((x1 - bx0) * k) - 1
                top, bottom = int((by1 - y1) * k) + 1, int((by1 - y0) * k) - 1
                if right <= left or bottom <= top:
                    continue
                region = img[top:bottom, left:right]
                if region.size and (region < 96).mean() < 0.55:
                    issues.append(VerificationIssue(
                        f"page {index + 1}", f"a redaction box is not painted over "
                        f"{plan.replacements[r.span_index].label} "
                        f"{hint(plan.replacements[r.span_index].secret)}"))
                    break
    finally:
        pdoc.close()
    return issues


def verify_pdf(doc: Document, plan: RedactionPlan, output: Path,
               ctx: RunContext | None = None) -> VerificationResult:
    """Re-open ``output`` and report every survivor of ``plan`` and every structural leak."""
    expected = plan.apply_to_text(doc.text)
    secrets = plan.labelled_secrets()
    checks: list[str] = ["re-opened the written file"]
    issues: list[VerificationIssue] = []
    data = output.read_bytes()
    with pikepdf.open(output) as pdf:
        s_checks, s_issues = structural_issues(pdf, data)
        checks += s_checks
        issues += s_issues
        checks.append("same page count as the input")
        if len(pdf.pages) != doc.page_count:
            issues.append(VerificationIssue(
                "file", f"{len(pdf.pages)} pages instead of {doc.page_count}"))
        streams, strings = object_texts(pdf)
    del data  # the raw bytes are searched below through a Latin-1 view
    miner = "\n".join(pdfminer_pages_text(output))
    checks.append("extracted the text with pdfminer.six (pdfplumber's engine)")
    pdfium_text = "\n".join(pdfium_pages_text(output))
    checks.append("extracted the text with PDFium")
    issues += find_survivors(secrets, expected,
                             {"text (pdfminer.six)": miner, "text (PDFium)": pdfium_text})
    raw_secrets = byte_channel_secrets(plan, expected)
    # the raw bytes outside stream data (stream data is searched decompressed above)
    raw_file = _STREAM_DATA.sub(b"stream endstream", output.read_bytes()).decode("latin-1")
    issues += find_in_bytes(raw_secrets, {"decompressed streams": streams,
                                          "string objects": strings, "raw bytes": raw_file})
    checks.append(f"searched {len(secrets)} redacted spans and their variants in both texts, "
                  "every decompressed stream, every string object and the raw bytes")
    issues += unpainted_boxes(doc, plan, output)
    checks.append("every redaction box on a rendered page is opaque black in the pixels")
    warnings = tuple(w for w in doc.warnings if "no text layer" in w)
    return VerificationResult(not issues, tuple(checks), tuple(issues), warnings)

