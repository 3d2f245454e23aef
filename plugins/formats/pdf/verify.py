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
  ``/ToUnicode`` entries no page uses; the raw bytes outside stream data;
* pixels, where no font tells the text: a page whose visible glyphs their fonts' own
  encodings cannot read (CFF-based or ``cmap``-less CID fonts, glyph names outside the
  Adobe Glyph List), where those glyphs could spell a redacted string
  (:class:`~redactor_plugins.formats.pdf.scan.objects.UnreadableGlyphs`; on the output's
  copied pages, and on its rendered pages from what the writer found in the input), is
  rendered and read again by OCR — and without an OCR engine it cannot be proven clean (an
  issue naming the page).

Byte channels search the secrets specific enough for raw PDF syntax (4+ characters with a
letter, or 6+; 6+ in image samples) that the kept text does not write plainly. Structural
checks: exactly one ``%%EOF``, no ``/Prev``, not encrypted, the page count of the input,
and none of the removed document-level or page-level structures. Messages never print a
secret in full (:func:`~redactor.plugin_api.hint`).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import pikepdf
import pypdfium2 as pdfium
from redactor_plugins.formats.pdf.rects import inherited
from redactor_plugins.formats.pdf.render_redact import UNREADABLE_MEMO
from redactor_plugins.formats.pdf.scan.drawn import page_drawn
from redactor_plugins.formats.pdf.scan.engines import pdfium_pages_text, pdfminer_pages_text
from redactor_plugins.formats.pdf.scan.needles import ByteSearch, Needle, needles
from redactor_plugins.formats.pdf.scan.objects import (
    ObjectScan,
    UnreadableGlyphs,
    drawn_hits,
    unused_tounicode_text,
)
from redactor_plugins.shared.ocr_pdf import page_image, reread_pdf
from redactor_plugins.shared.ocr_run import verifiers
from redactor_plugins.shared.ocr_verify import PixelCheck, reread

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

_STREAM_START = re.compile(rb"stream\r?\n")
#: The output file is read this many bytes at a time (never mapped: a mapped file's pages
#: count in the process's resident memory as they are touched — the whole output, about
#: 19 MB per 100 rendered pages, was resident while the raw bytes were searched).
CHUNK = 1 << 20
#: Bytes kept from one chunk to the next, so that a match across a boundary is seen.
OVERLAP = 4096


def file_chunks(fh: BinaryIO, overlap: int = OVERLAP) -> Iterator[bytes]:
    """The file from its start in pieces of about :data:`CHUNK` bytes, each beginning with
    the last ``overlap`` bytes of the one before."""
    fh.seek(0)
    tail = b""
    while True:
        more = fh.read(CHUNK)
        if not more:
            return
        piece = tail + more
        yield piece
        tail = piece[-overlap:] if overlap > 0 else b""


def count_in_file(fh: BinaryIO, token: bytes) -> int:
    """How often ``token`` occurs in the file (read in chunks that overlap by less than the
    token, so that no occurrence is counted twice)."""
    return sum(piece.count(token) for piece in file_chunks(fh, len(token) - 1))


def outside_streams(fh: BinaryIO) -> Iterator[bytes]:
    """The file's bytes between stream data (``stream`` … ``endstream``; stream data is
    searched decoded), read in chunks; a long gap comes in overlapping pieces."""
    fh.seek(0)
    buf = b""
    inside = False
    eof = False
    while not eof:
        more = fh.read(CHUNK)
        eof = not more
        buf += more
        while True:
            if inside:
                end = buf.find(b"endstream")
                if end < 0:
                    buf = buf[-8:]  # "endstream" may be cut by the chunk boundary
                    break
                buf = buf[end + 9:]
                inside = False
            m = _STREAM_START.search(buf)
            if m is None:
                if eof:
                    yield buf
                elif len(buf) > 4 * CHUNK:  # no stream for a long stretch: the next
                    yield buf              # piece starts with this one's last bytes
                    buf = buf[-OVERLAP:]
                break
            yield buf[:m.start()]
            buf = buf[m.end():]
            inside = True


def structural_issues(pdf: pikepdf.Pdf, fh: BinaryIO
                      ) -> tuple[list[str], list[VerificationIssue]]:
    checks: list[str] = []
    issues: list[VerificationIssue] = []
    eofs = count_in_file(fh, b"%%EOF")
    checks.append("exactly one %%EOF (written whole, not incrementally)")
    if eofs != 1:
        issues.append(VerificationIssue("file", f"{eofs} end-of-file markers (incremental update)"))
    checks.append("no /Prev (no earlier revision)")
    if "/Prev" in pdf.trailer or count_in_file(fh, b"/Prev"):
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


def object_issues(pdf: pikepdf.Pdf, search: ByteSearch, ctx: RunContext | None,
                  unreadable: UnreadableGlyphs | None = None
                  ) -> tuple[dict[Needle, str], list[str], list[str], set[int], dict[int, int]]:
    """Needles found in the objects and page contents of ``pdf`` (needle → where), each
    page's glyph text (own encodings) and mapped text, the pages written by rendering, and
    {page index: visible unreadable glyphs} of the pages where those could spell a secret."""
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
    hidden: dict[int, int] = {}
    report = _progress(ctx, 0.65, 0.1, len(pdf.pages))
    for i, page in enumerate(pdf.pages):
        report(i)
        if is_image_page(page):
            rendered.add(i)
        drawn = page_drawn(page, inherited(page.obj, "/Resources"), fonts)
        glyphs.append(drawn.glyph_text())
        mapped.append(drawn.mapped_text())
        if unreadable is not None and unreadable.may_hide(drawn):
            hidden[i] = drawn.unreadable_glyphs
        for needle in drawn_hits(drawn, search):
            found.setdefault(needle, f"page {i + 1} content (strings, names, inline images)")
        for key, codes in drawn.codes.items():
            if isinstance(key, tuple):
                used.setdefault(key, set()).update(codes)
    for needle in search.in_text(unused_tounicode_text(pdf, used)):
        found.setdefault(needle, "unused /ToUnicode entries")
    return found, glyphs, mapped, rendered, hidden


def input_unreadable(doc: Document, unreadable: UnreadableGlyphs, pages: set[int],
                     ctx: RunContext | None) -> dict[int, int]:
    """{page index: visible unreadable glyphs} of ``pages`` of the *input* (a rendered page's
    pixels show what its input's glyphs drew), when the writer did not record them."""
    from redactor_plugins.formats.pdf.read import open_pikepdf
    from redactor_plugins.formats.pdf.scan.drawn import page_drawn as drawn_of

    if not pages or not unreadable:
        return {}
    out: dict[int, int] = {}
    with open_pikepdf(doc.source, ctx.password if ctx is not None else None) as pike:
        fonts: dict = {}
        for i in sorted(pages):
            if i < len(pike.pages):
                page = pike.pages[i]
                drawn = drawn_of(page, inherited(page.obj, "/Resources"), fonts)
                if unreadable.may_hide(drawn):
                    out[i] = drawn.unreadable_glyphs
    return out


def unreadable_without_ocr(hidden: dict[int, int], ctx: RunContext | None
                           ) -> VerificationIssue | None:
    """The issue when pages with unreadable glyphs (index → count) cannot be read by OCR
    because no engine is available (None when one is, or there are no such pages)."""
    if not hidden or verifiers(ctx):
        return None
    pages = sorted(hidden)
    where = f"page {pages[0] + 1}" if len(pages) == 1 else \
        f"pages {', '.join(str(i + 1) for i in pages[:5])}" + \
        (f" (+{len(pages) - 5} more)" if len(pages) > 5 else "")
    return VerificationIssue(
        where, f"{hidden[pages[0]]} visible glyph(s) that their fonts' own encodings cannot "
        "read, and no OCR engine to read the page's pixels: a redacted string drawn there "
        "under another text layer cannot be ruled out (enable OCR)")


def unreadable_pages_check(doc: Document, plan: RedactionPlan, output: Path,
                           hidden: dict[int, int], ctx: RunContext | None) -> PixelCheck:
    """Read the pages of ``hidden`` (index → unreadable glyphs) of ``output`` again by OCR and
    search them for every redacted string; without an OCR engine, one issue naming them."""
    out = PixelCheck()
    by_ocr = {int(p) - 1 for p in str(doc.metadata.get("ocr_pages", "")).split(",")
              if p.isdigit()}  # re-read by reread_pdf already
    pages = sorted(i for i in hidden if i not in by_ocr)
    if not pages or not plan.labelled_secrets():
        return out
    issue = unreadable_without_ocr({i: hidden[i] for i in pages}, ctx)
    if issue is not None:
        out.issues.append(issue)
        return out

    reread([(f"page {i + 1}", page_image(output, i, ctx)) for i in pages], doc, plan, ctx,
           out)
    out.checks.append(f"read {len(pages)} page(s) whose glyphs no font encoding reads again "
                      "by OCR")
    return out


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
    # read in chunks, never mapped: a mapped file's pages count in the resident memory
    with output.open("rb") as fh, \
            pikepdf.open(output, access_mode=pikepdf.AccessMode.stream) as pdf:
        s_checks, s_issues = structural_issues(pdf, fh)
        checks += s_checks
        issues += s_issues
        checks.append("same page count as the input")
        if len(pdf.pages) != doc.page_count:
            issues.append(VerificationIssue(
                "file", f"{len(pdf.pages)} pages instead of {doc.page_count}"))
        n_pages = len(pdf.pages)
        unreadable = UnreadableGlyphs(secrets)
        found, glyphs, mapped, rendered, hidden = object_issues(pdf, search, ctx, unreadable)
        for gap in outside_streams(fh):  # the raw bytes outside stream data
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
    # pages whose glyphs no font encoding reads: copied ones found above; rendered ones from
    # what the writer found in the input (or the input read again)
    written = ctx.memo_for(UNREADABLE_MEMO).pop(str(output), None) if ctx is not None \
        else None
    if written is None:
        written = input_unreadable(doc, unreadable, rendered, ctx)
    hidden = {**{i: k for i, k in written.items() if i < n_pages}, **hidden}
    pixels = unreadable_pages_check(doc, plan, output, hidden, ctx)
    issues += pixels.issues
    checks += pixels.checks
    checks.append(f"looked for pages whose visible glyphs no font encoding reads where they "
                  f"could spell a redacted string ({len(hidden)} found; they are read by OCR)")
    warnings = tuple(w for w in doc.warnings if any(k in w for k in REVIEW_WARNINGS))
    return VerificationResult(not issues, tuple(checks), tuple(issues), warnings)
