"""Verification of a written PDF: re-open the file and look for every redacted string.

Every redacted span and always-mask term is searched in the *whole* output, in every form a
reader or a program could recover it from — never only where the reader's text put it:

* text by two independent engines (:mod:`redactor_plugins.formats.pdf.scan.engines`: pdfminer.six
  in content order, and PDFium) and the glyphs each page draws read by the fonts' *own*
  encodings, patterns and soft masks included (:mod:`redactor_plugins.formats.pdf.scan.drawn`; a
  ``/ToUnicode`` map or ``/ActualText`` is not trusted), all with the core's
  :func:`~redactor.plugin_api.find_survivors` against the planned text (look-alike letters,
  tag and invisible characters seen through; only plainly written kept text is excused);
* every object (:class:`~redactor_plugins.formats.pdf.scan.objects.ObjectScan`): streams decoded
  with all their filters, image samples and JPEG metadata too, strings in any encoding,
  names, keys; content strings joined across operators, names and inline image data;
  ``/ToUnicode`` entries no page uses; the raw bytes outside stream data.

Byte channels search the secrets specific enough for raw PDF syntax (4+ characters with a
letter, or 6+; 6+ in image samples) that the kept text does not write plainly. Structural
checks: exactly one ``%%EOF``, no ``/Prev``, not encrypted, the page count of the input,
and none of the removed document-level or page-level structures. Messages never print a
secret in full (:func:`~redactor.plugin_api.hint`).
"""

from __future__ import annotations

import bisect
import mmap
import re
from collections.abc import Iterator
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
from redactor_plugins.formats.pdf.rects import inherited
from redactor_plugins.formats.pdf.scan.drawn import page_drawn
from redactor_plugins.formats.pdf.scan.engines import pdfium_pages_text, pdfminer_pages_text
from redactor_plugins.formats.pdf.scan.needles import ByteSearch, Needle, needles
from redactor_plugins.formats.pdf.scan.objects import (
    ObjectScan,
    drawn_hits,
    unused_tounicode_text,
)
from redactor_plugins.shared.ocr_pdf import reread_pdf

from redactor.plugin_api import (
    Document,
    RedactionPlan,
    RunContext,
    VerificationIssue,
    VerificationResult,
    find_survivors,
    hint,
)

#: Reader warnings repeated in the verification result: what the export could not check.
REVIEW_WARNINGS = ("no text layer", "vector drawing", "cannot be read", "by OCR")

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


def outside_streams(data: bytes | mmap.mmap) -> Iterator[bytes]:
    """The file's bytes between stream data (stream data is searched decoded)."""
    pos = 0
    for m in _STREAM_DATA.finditer(data):
        yield bytes(data[pos:m.start()])
        pos = m.end()
    yield bytes(data[pos:])


def structural_issues(pdf: pikepdf.Pdf, data: bytes | mmap.mmap
                      ) -> tuple[list[str], list[VerificationIssue]]:
    checks: list[str] = []
    issues: list[VerificationIssue] = []
    eofs = sum(1 for _ in re.finditer(rb"%%EOF", data))
    checks.append("exactly one %%EOF (written whole, not incrementally)")
    if eofs != 1:
        issues.append(VerificationIssue("file", f"{eofs} end-of-file markers (incremental update)"))
    checks.append("no /Prev (no earlier revision)")
    if "/Prev" in pdf.trailer or re.search(rb"/Prev", data):
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


#: PDFium keeps every object it parsed (a rendered page's image data too) until its document
#: is closed: loops over many pages reopen it this often, so memory stays bounded.
REOPEN_PAGES = 64


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
        for n, index in enumerate(sorted(image_pages)):
            if n and n % REOPEN_PAGES == 0:  # PDFium keeps what it parsed until closed
                pdoc.close()
                pdoc = pdfium.PdfDocument(output)
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


_WS = re.compile(r"\s+")


def _squash(text: str) -> str:
    return _WS.sub("", text)


def _progress(ctx: RunContext | None, start: float, share: float, n: int):  # type: ignore[no-untyped-def]
    def report(i: int) -> None:
        if ctx is not None:
            ctx.check()
            ctx.progress("verify", start + share * i / max(1, n))
    return report


def object_issues(pdf: pikepdf.Pdf, search: ByteSearch, ctx: RunContext | None
                  ) -> tuple[dict[Needle, str], list[str], list[str], set[int]]:
    """Needles found in the objects and page contents of ``pdf`` (needle → where), each
    page's glyph text (own encodings) and mapped text, and the pages written by rendering."""
    found: dict[Needle, str] = {}
    scan = ObjectScan(search)  # the input passed its limits; what we wrote is bounded by them
    objects = list(pdf.objects)
    report = _progress(ctx, 0.5, 0.15, len(objects))
    for n, obj in enumerate(objects):
        if n % 500 == 0:
            report(n)
        if isinstance(obj, pikepdf.Object):
            for needle in scan.object(obj):
                found.setdefault(needle, "objects (streams, strings, names)")
    for needle in scan.values(pdf.trailer):
        found.setdefault(needle, "trailer")
    fonts: dict = {}
    used: dict[tuple[int, int], set[int]] = {}
    glyphs: list[str] = []
    mapped: list[str] = []
    rendered: set[int] = set()
    report = _progress(ctx, 0.65, 0.1, len(pdf.pages))
    for i, page in enumerate(pdf.pages):
        report(i)
        if is_image_page(page):
            rendered.add(i)
        drawn = page_drawn(page, inherited(page.obj, "/Resources"), fonts)
        glyphs.append(drawn.glyph_text())
        mapped.append(drawn.mapped_text())
        for needle in drawn_hits(drawn, search):
            found.setdefault(needle, f"page {i + 1} content (strings, names, inline images)")
        for key, codes in drawn.codes.items():
            if isinstance(key, tuple):
                used.setdefault(key, set()).update(codes)
    for needle in search.in_text(unused_tounicode_text(pdf, used)):
        found.setdefault(needle, "unused /ToUnicode entries")
    return found, glyphs, mapped, rendered


#: Texts are searched this many pages at a time, against those pages' planned text (memory
#: stays bounded on long documents; a name is not split across a page break).
TEXT_CHUNK = 100


def page_plan_text(doc: Document, plan: RedactionPlan, start: int, end: int) -> str:
    """The planned output text of ``doc.text[start:end]``."""
    out: list[str] = []
    pos = start
    reps = plan.replacements
    k = bisect.bisect_left([r.span.end for r in reps], start + 1) if reps else 0
    for rep in reps[k:]:
        if rep.span.start >= end:
            break
        if rep.span.end <= start:
            continue
        out.append(doc.text[pos:max(pos, rep.span.start)])
        if rep.span.start >= start:
            out.append(rep.replacement)
        pos = max(pos, min(rep.span.end, end))
    out.append(doc.text[pos:end])
    return "".join(out)


def text_issues(doc: Document, plan: RedactionPlan, secrets: list[tuple[str, str]],
                pages: range, texts: dict[str, list[str]]) -> list[VerificationIssue]:
    """Secrets in the texts of ``pages`` beyond what those pages' planned text keeps (every
    spelling searched; a reading identical to one already searched is skipped)."""
    segs = [doc.segments[i] for i in pages if i < len(doc.segments)]
    expected = page_plan_text(doc, plan, segs[0].span.start, segs[-1].span.end) if segs \
        else ""
    outputs: dict[str, str] = {}
    seen: set[str] = set()
    for where, parts in texts.items():
        text = "\n".join(parts)
        squashed = _squash(text)
        if squashed and squashed not in seen:
            outputs[f"{where}, pages {pages.start + 1}–{pages.stop}"] = text
            seen.add(squashed)
    return find_survivors(secrets, expected, outputs, every_spelling=True) if outputs else []


def verify_pdf(doc: Document, plan: RedactionPlan, output: Path,
               ctx: RunContext | None = None) -> VerificationResult:
    """Re-open ``output`` and report every survivor of ``plan`` and every structural leak."""
    expected = plan.apply_to_text(doc.text)
    secrets = plan.labelled_secrets()
    search = ByteSearch(needles(secrets, expected))
    checks: list[str] = ["re-opened the written file"]
    issues: list[VerificationIssue] = []
    # read, not mapped: a mapped file's pages count in the resident memory as they are read
    with output.open("rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as data, \
            pikepdf.open(output, access_mode=pikepdf.AccessMode.stream) as pdf:
        s_checks, s_issues = structural_issues(pdf, data)
        checks += s_checks
        issues += s_issues
        checks.append("same page count as the input")
        if len(pdf.pages) != doc.page_count:
            issues.append(VerificationIssue(
                "file", f"{len(pdf.pages)} pages instead of {doc.page_count}"))
        n_pages = len(pdf.pages)
        found, glyphs, mapped, rendered = object_issues(pdf, search, ctx)
        for gap in outside_streams(data):  # the raw bytes outside stream data
            for needle in search.in_bytes(gap):
                found.setdefault(needle, "raw bytes")
    issues += [VerificationIssue(where, f"{needle.describe()} survives")
               for needle, where in found.items()]
    checks.append(f"searched {len(search.needles)} redacted strings in every object (streams "
                  "decoded with all filters, image samples and JPEG metadata, strings in any "
                  "encoding, names), every page's content (strings joined, names, inline "
                  "images), unused ToUnicode entries and the raw bytes")
    # pdfminer reads the pages not written by rendering (a rendered page's only text is the
    # kept words this writer wrote; PDFium and the glyph reading check it)
    others = [i for i in range(n_pages) if i not in rendered]
    miner = dict(zip(others, pdfminer_pages_text(
        output, others, progress=_progress(ctx, 0.75, 0.12, n_pages)), strict=True))
    checks.append(f"extracted the text of {len(others)} page(s) not written by rendering with "
                  "pdfminer.six (pdfplumber's engine)")
    pdfium = list(pdfium_pages_text(output, progress=_progress(ctx, 0.87, 0.08, n_pages)))
    checks.append("extracted the text with PDFium")
    for first in range(0, n_pages, TEXT_CHUNK):
        pages = range(first, min(n_pages, first + TEXT_CHUNK))
        issues += text_issues(doc, plan, secrets, pages, {
            "text (pdfminer.six)": [miner.get(i, "") for i in pages],
            "text (PDFium)": [pdfium[i] for i in pages],
            "glyphs drawn (fonts' own encodings)": [glyphs[i] for i in pages],
            "text drawn (patterns, masks, Type3 glyphs)": [mapped[i] for i in pages]})
    checks.append(f"searched {len(secrets)} redacted spans and their variants in both texts "
                  "and in the glyphs drawn, read by the fonts' own encodings")
    issues += unpainted_boxes(doc, plan, output)
    checks.append("every redaction box on a rendered page is opaque black in the pixels")
    ocr = reread_pdf(doc, plan, output, ctx)  # pages read by OCR are read again (docs/ocr.md)
    issues += ocr.issues
    checks += ocr.checks
    warnings = tuple(w for w in doc.warnings if any(k in w for k in REVIEW_WARNINGS))
    return VerificationResult(not issues, tuple(checks), tuple(issues), warnings)
