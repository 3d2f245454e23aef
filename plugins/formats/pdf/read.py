"""PDF reading: text in reading order with one box per character, page by page.

PDFium (pypdfium2) extracts the text: every character of a page's text page becomes one
character of ``doc.text`` with one :class:`Box` (PDF user space, origin bottom-left; the
union of PDFium's tight glyph box and its loose font box, so the box covers both the ink and
the character cell). Pages are separated by ``"\\n\\f"``; each page is one :class:`Segment`
(``locator = "page:N"``, 1-based) whose ``boxes`` has exactly one box per character of its
span. Pages are processed one at a time and their text pages closed, so memory stays bounded
by the text, not by the file. A page's characters are read with PDFium calls that keep the
GIL, in batches, and combined on arrays (:func:`read_chars`): the same text and boxes as one
character at a time (``tests/pdf/test_pdf_read_chars.py``), in about half the time.

Input problems raise :class:`InputError` (one line, no document text); an encrypted file
without the right ``ctx.password`` raises :class:`EncryptedInputError`.
"""

from __future__ import annotations

import ctypes
import hashlib
import re
from array import array
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from itertools import repeat
from pathlib import Path
from typing import Any, overload

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from redactor_plugins.shared.ocr_pdf import OcrNotes, PageOcr, ocr_pdf_page

from redactor.plugin_api import (
    Box,
    Document,
    EncryptedInputError,
    InputError,
    Limits,
    RunContext,
    Segment,
    Span,
    limits_for,
)

PAGE_SEPARATOR = "\n\f"
SNIFF_WINDOW = 1024
_EOF_WINDOW = 2048

#: Stands in for the second UTF-16 half of a character outside the BMP (one box each).
JOINED = "\u2060"
# PDFium marks a hyphen at a line end with U+0002; other C0 controls become spaces.
_CONTROL_MAP = {0x02: "-", 0x09: "\t", 0x0A: "\n"}


def sniff_pdf(head: bytes) -> bool:
    return b"%PDF-" in head[:SNIFF_WINDOW]


def encrypted_message(name: str, wrong: bool) -> str:
    if wrong:
        return f"{name} is encrypted and the password is wrong: give the password with --password"
    return f"{name} is encrypted: give the password with --password"


def open_pikepdf(path: Path, password: str | None) -> pikepdf.Pdf:
    """Open with pikepdf (structure), mapping every failure to a one-line input error."""
    try:
        return pikepdf.open(path, password=password or "")
    except pikepdf.PasswordError as exc:
        raise EncryptedInputError(encrypted_message(path.name, bool(password))) from exc
    except (pikepdf.PdfError, ValueError, RuntimeError) as exc:
        raise InputError(f"{path.name}: not a readable PDF (the file is corrupt)") from exc


def open_pdfium(path: Path, password: str | None) -> pdfium.PdfDocument:
    """Open with PDFium (text and rendering), mapping failures to one-line input errors."""
    try:
        return pdfium.PdfDocument(path, password=password or None)
    except pdfium.PdfiumError as exc:
        if "password" in str(exc).lower():
            raise EncryptedInputError(encrypted_message(path.name, bool(password))) from exc
        raise InputError(f"{path.name}: not a readable PDF (the file is corrupt)") from exc


def check_not_truncated(path: Path) -> None:
    """A complete PDF ends with ``%%EOF`` (allowing trailing junk in the last 2 KB)."""
    size = path.stat().st_size
    with path.open("rb") as fh:
        head = fh.read(SNIFF_WINDOW)
        fh.seek(max(0, size - _EOF_WINDOW))
        tail = fh.read()
    if not sniff_pdf(head):
        raise InputError(f"{path.name}: not a PDF file (no %PDF- header)")
    if b"%%EOF" not in tail:
        raise InputError(f"{path.name}: the PDF is truncated (no end-of-file marker)")


@contextmanager
def opened(path: Path, password: str | None) -> Iterator[tuple[pikepdf.Pdf, pdfium.PdfDocument]]:
    """Both engines on one file, closed on exit."""
    check_not_truncated(path)
    pike = open_pikepdf(path, password)
    try:
        doc = open_pdfium(path, password)
        try:
            yield pike, doc
        finally:
            doc.close()
    finally:
        pike.close()


class PageBoxes(Sequence[Box]):
    """One box per character of a page, stored as 32-bit floats (16 bytes a character, not
    the ~250 of a tuple of :class:`Box`): a 10,000-page document keeps its boxes in
    hundreds of megabytes, not gigabytes. Boxes are made on access, rounded to 0.01 pt."""

    __slots__ = ("_c", "page")

    def __init__(self, page: int, coords: array) -> None:
        self.page = page
        self._c = coords

    def __len__(self) -> int:
        return len(self._c) // 4

    def _box(self, i: int) -> Box:
        c = self._c
        return Box(self.page, round(c[4 * i], 2), round(c[4 * i + 1], 2),
                   round(c[4 * i + 2], 2), round(c[4 * i + 3], 2))

    @overload
    def __getitem__(self, i: int) -> Box: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[Box, ...]: ...

    def __getitem__(self, i: int | slice) -> Box | tuple[Box, ...]:
        n = len(self)
        if isinstance(i, slice):
            return tuple(self._box(k) for k in range(*i.indices(n)))
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("box index out of range")
        return self._box(i)

    def __iter__(self) -> Iterator[Box]:
        return (self._box(k) for k in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PageBoxes):
            return self.page == other.page and self._c == other._c
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash((self.page, self._c.tobytes()))

    def __repr__(self) -> str:
        return f"PageBoxes(page={self.page}, n={len(self)})"

    def centres(self) -> np.ndarray:
        """The centres of the non-empty boxes, an (n, 2) array."""
        c = np.frombuffer(self._c, dtype=np.float32).reshape(-1, 4)
        c = c[c[:, 2] > c[:, 0]]
        return np.column_stack(((c[:, 0] + c[:, 2]) / 2, (c[:, 1] + c[:, 3]) / 2))


@dataclass(frozen=True, slots=True)
class PageText:
    """One page's text with one box per character (page index is 0-based)."""

    index: int
    text: str
    boxes: PageBoxes
    has_objects: bool
    bare_image_share: float = 0.0  # the largest image with no text over it, share of the page
    bare_vector_segments: int = 0  # path segments with no text over them
    unreadable: int = 0  # characters PDFium could not map to text


def _holding_gil(fn: Any, restype: Any, *argtypes: Any) -> Any:
    """PDFium's ``fn`` called without releasing the GIL (pointers passed as integers): a
    per-character query takes microseconds, and releasing and taking back the GIL around each
    of ~3 calls a character cost more than the calls themselves (more still with the GUI
    thread waiting for it). The binding's calling convention is kept (``PYFUNCTYPE`` would
    force cdecl)."""

    class Prototype(ctypes._CFuncPtr):  # type: ignore[name-defined, misc]
        _flags_ = fn._flags_ | ctypes._FUNCFLAG_PYTHONAPI  # type: ignore[attr-defined]
        _argtypes_ = argtypes
        _restype_ = restype

    return Prototype(ctypes.cast(fn, ctypes.c_void_p).value)


_PTR, _INT = ctypes.c_void_p, ctypes.c_int
_get_unicode = _holding_gil(pdfium_c.FPDFText_GetUnicode, ctypes.c_uint, _PTR, _INT)
_get_box = _holding_gil(pdfium_c.FPDFText_GetCharBox, _INT, _PTR, _INT, _PTR, _PTR, _PTR, _PTR)
_get_loose = _holding_gil(pdfium_c.FPDFText_GetLooseCharBox, _INT, _PTR, _INT, _PTR)


def page_chars(codes: Sequence[int]) -> tuple[list[int], str, int]:
    """The text of PDFium's character codes: which codes become characters (``"\\r"`` of a
    generated line break does not), the text (one character each) and how many could not be
    read. A page of plain characters (no surrogate, no control code but line breaks, tabs and
    hyphens) is decoded at once, others one code at a time (:func:`_page_chars_one_by_one`)."""
    c = np.asarray(codes, dtype=np.uint32)
    kept = np.flatnonzero(c != 0x0D)
    c = c[kept]
    plain = ((c >= 0x20) & (c != 0x7F) & ((c < 0xD800) | (c > 0xDFFF)) & (c < 0xFFFD)) | \
        (c == 0x02) | (c == 0x09) | (c == 0x0A)
    if not plain.all():
        return _page_chars_one_by_one(codes)
    text = c.astype("<u4").tobytes().decode("utf-32-le").replace("\x02", "-")
    return kept.tolist(), text, 0


def _page_chars_one_by_one(codes: Sequence[int]) -> tuple[list[int], str, int]:
    """:func:`page_chars` for any codes: surrogate halves, unmapped and control codes."""
    n = len(codes)
    kept: list[int] = []
    chars: list[str] = []
    unreadable = 0
    low_next = False
    for i, code in enumerate(codes):
        if code == 0x0D:  # PDFium writes generated line breaks as "\r\n": keep "\n"
            continue
        if low_next and 0xDC00 <= code <= 0xDFFF:
            ch = JOINED  # the second half of a character outside the BMP (below)
        elif 0xD800 <= code <= 0xDBFF and i + 1 < n and 0xDC00 <= (low := codes[i + 1]) <= 0xDFFF:
            # PDFium gives a character outside the BMP (mathematical letters, tag characters)
            # as two UTF-16 halves, each with a box: the character goes at the first, an
            # invisible word joiner at the second (detection ignores it)
            ch = chr(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
        elif code in _CONTROL_MAP:
            ch = _CONTROL_MAP[code]
        elif code in (0, 0xFFFD, 0xFFFE, 0xFFFF) or 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
            ch = "\ufffd"
            unreadable += 1
        elif code < 0x20 or code == 0x7F:
            ch = " "  # PDFium passes a code it cannot map through as a control code
            unreadable += 1
        else:
            ch = chr(code)
        low_next = 0xD800 <= code <= 0xDBFF and ch != "\ufffd"
        kept.append(i)
        chars.append(ch)
    return kept, "".join(chars), unreadable


def _pick(cond: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.where(cond, a, b)


def char_coords(tight: np.ndarray, tight_ok: np.ndarray, loose: np.ndarray,
                loose_ok: np.ndarray, space: np.ndarray) -> np.ndarray:
    """One box a character, an (n, 4) float32 array of x0, y0, x1, y1, from PDFium's tight
    boxes (n, 4: left, right, bottom, top) and loose boxes (n, 4: left, top, right, bottom).

    A box is the union of both (the loose box alone where the tight one is empty; no loose
    box where it is empty or its call failed). A generated character (a space or line break
    with no width, or one without a box) gets an empty box at the end of the last real box.
    Python's ``min``, ``max`` and ``sorted`` of two are kept exactly (NaN included)."""
    x0, x1, y0, y1 = tight[:, 0], tight[:, 1], tight[:, 2], tight[:, 3]
    left, top, right, bottom = (loose[:, k].astype(np.float64) for k in range(4))
    lx0, lx1 = _pick(right < left, right, left), _pick(right < left, left, right)
    ly0, ly1 = _pick(top < bottom, top, bottom), _pick(top < bottom, bottom, top)
    use = loose_ok & (lx1 > lx0) & (ly1 > ly0)
    union = use & ((x1 > x0) | (y1 > y0))
    only = use & ~union
    x0 = _pick(union, _pick(lx0 < x0, lx0, x0), _pick(only, lx0, x0))
    y0 = _pick(union, _pick(ly0 < y0, ly0, y0), _pick(only, ly0, y0))
    x1 = _pick(union, _pick(lx1 > x1, lx1, x1), _pick(only, lx1, x1))
    y1 = _pick(union, _pick(ly1 > y1, ly1, y1), _pick(only, ly1, y1))
    have = tight_ok & ~(space & (x1 <= x0))
    # an empty box at (x1, y0) of the last real box before it, (0, 0) before the first
    last = np.maximum.accumulate(np.where(have, np.arange(len(have)), -1))
    lx = np.where(last >= 0, x1[last], 0.0)
    ly = np.where(last >= 0, y0[last], 0.0)
    out = np.column_stack((_pick(have, x0, lx), _pick(have, y0, ly),
                           _pick(have, x1, lx), _pick(have, y1, ly)))
    with np.errstate(over="ignore", invalid="ignore"):
        return out.astype(np.float32)


#: PDFium calls made in one go (``map`` in C): the GIL can change hands between batches (a
#: whole page's calls at once held it ~5 ms, for as long as the OS kept the nice job thread
#: off the CPU on a busy machine)
CALL_BATCH = 256


def _each(fn: Any, page: int, indices: Sequence[int], *addresses: range) -> list[int]:
    """``fn(page, i, *addresses of i)`` for each of ``indices``, in batches of
    :data:`CALL_BATCH`."""
    out: list[int] = []
    for s in range(0, len(indices), CALL_BATCH):
        e = s + CALL_BATCH
        batch = indices[s:e]
        out += map(fn, repeat(page, len(batch)), batch, *(a[s:e] for a in addresses))
    return out


def read_chars(raw: Any, n: int) -> tuple[str, array, int]:
    """A text page's text, one box a character (x0, y0, x1, y1 as 32-bit floats) and how many
    characters could not be read: PDFium's code and both boxes of each of its ``n``
    characters, three calls a character holding the GIL, the rest on arrays."""
    page = ctypes.cast(raw, ctypes.c_void_p).value
    codes = _each(_get_unicode, page, range(n))
    kept, text, unreadable = page_chars(codes)
    m = len(kept)
    tight = (ctypes.c_double * (4 * m))()  # left, right, bottom, top
    at = ctypes.addressof(tight)
    tight_ok = _each(_get_box, page, kept, range(at, at + 32 * m, 32),
                     range(at + 8, at + 32 * m, 32), range(at + 16, at + 32 * m, 32),
                     range(at + 24, at + 32 * m, 32))
    loose = (ctypes.c_float * (4 * m))()  # FS_RECTF: left, top, right, bottom
    at = ctypes.addressof(loose)
    loose_ok = _each(_get_loose, page, kept, range(at, at + 16 * m, 16))
    coords = char_coords(
        np.frombuffer(tight, dtype=np.float64).reshape(m, 4),
        np.asarray(tight_ok, dtype=bool).reshape(m),
        np.frombuffer(loose, dtype=np.float32).reshape(m, 4),
        np.asarray(loose_ok, dtype=bool).reshape(m),
        np.fromiter(map(str.isspace, text), dtype=bool, count=m))
    out = array("f")
    out.frombytes(coords.tobytes())
    return text, out, unreadable


def column_gaps(text: str, coords: array) -> str:
    """``text`` with each space that stands for a wide gap on its line — a table's or a
    form's next column ("Name of child      Amelia Rose Hart"; PDFium writes one space) — a
    tab, as the DOCX reader parts cells: a name never runs from one column into the next and
    a form's field names are known. A gap is wide beyond three times the height of the
    character before it; the text keeps its length (one character a box)."""
    spaces = [m.start() for m in re.finditer(r"(?<=\S) (?=\S)", text)]
    if not spaces:
        return text
    box = np.frombuffer(coords, dtype=np.float32).reshape(-1, 4)  # x0, y0, x1, y1
    at = np.asarray(spaces)
    before, after = box[at - 1], box[at + 1]
    height = np.maximum(before[:, 3] - before[:, 1], 1.0)
    wide = (after[:, 0] - before[:, 2] > 3 * height) & (
        np.abs(after[:, 1] - before[:, 1]) < height / 2)
    if not wide.any():
        return text
    chars = list(text)
    for i in at[wide]:
        chars[int(i)] = "\t"
    return "".join(chars)


def extract_page(page: pdfium.PdfPage, index: int) -> PageText:
    """The text of one page, one box per character, from PDFium's text page."""
    textpage = page.get_textpage()
    try:
        n = pdfium_c.FPDFText_CountChars(textpage.raw)
        text, coords, unreadable = read_chars(textpage.raw, max(0, n))
        has_objects = bool(n) or pdfium_c.FPDFPage_CountObjects(page.raw) > 0
        boxes = PageBoxes(index, coords)
        bare = bare_image_share(page, boxes) if text.strip() else 0.0
        vector = bare_vector_segments(page, boxes) if has_objects else 0
        return PageText(index, text, boxes, has_objects, bare, vector, unreadable)
    finally:
        textpage.close()


def _centres(boxes: Sequence[Box]) -> np.ndarray:
    if isinstance(boxes, PageBoxes):
        return boxes.centres()
    return np.array([((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2) for b in boxes if b.x1 > b.x0],
                    dtype=np.float32).reshape(-1, 2)


def _any_inside(centres: np.ndarray, x0: float, y0: float, x1: float, y1: float) -> bool:
    if not len(centres):
        return False
    xs, ys = centres[:, 0], centres[:, 1]
    return bool(np.any((xs >= x0) & (xs <= x1) & (ys >= y0) & (ys <= y1)))


def bare_vector_segments(page: pdfium.PdfPage, boxes: Sequence[Box]) -> int:
    """Path segments drawn where no extracted character lies (text drawn as outlines, a
    signature, a chart): what they show is not read."""
    centres = _centres(boxes)
    total = 0
    for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=4):
        x0, y0, x1, y1 = obj.get_bounds()
        if _any_inside(centres, x0, y0, x1, y1):
            continue
        total += max(0, pdfium_c.FPDFPath_CountSegments(obj.raw))
    return total


def bare_image_share(page: pdfium.PdfPage, boxes: Sequence[Box]) -> float:
    """The share of the page covered by its largest image that no extracted character lies on
    (a scan or photo without OCR text: what it shows is neither found nor redacted)."""
    width, height = page.get_size()
    area = max(width * height, 1.0)
    centres = _centres(boxes)
    best = 0.0
    for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE], max_depth=4):
        x0, y0, x1, y1 = obj.get_bounds()
        share = max(0.0, x1 - x0) * max(0.0, y1 - y0) / area
        if share <= best:
            continue
        if not _any_inside(centres, x0, y0, x1, y1):
            best = min(1.0, share)
    return best


def bare_image_warning(page_number: int, share: float) -> str:
    return (f"page {page_number}: an image covering {round(100 * share)} % of the page has no "
            "text over it — text inside it is not found or redacted")


def iter_pages(doc: pdfium.PdfDocument, ctx: RunContext | None = None) -> Iterator[PageText]:
    for i in range(len(doc)):
        if ctx is not None:
            ctx.check()
            ctx.progress("read", i / max(1, len(doc)))
        page = doc[i]
        try:  # a wide gap on a line is read as a tab (:func:`column_gaps`)
            pt = extract_page(page, i)
            yield replace(pt, text=column_gaps(pt.text, pt.boxes._c))
        finally:
            page.close()


#: A page with text warns when an image at least this share of the page has no text over it.
BARE_IMAGE_WARN = 0.2
#: A page warns when this many path segments have no text over them (about ten glyphs drawn
#: as outlines).
BARE_VECTOR_WARN = 120
#: A page warns when this many of its characters cannot be read.
UNREADABLE_WARN = 3


def vector_warning(page_number: int, segments: int) -> str:
    return (f"page {page_number}: a vector drawing ({segments} path segments) has no text over "
            "it — text drawn as outlines is not found or redacted (review it)")


def annotation_warning(page: pikepdf.Page, page_number: int) -> str:
    """A note for a page with annotations that hold text — filled form fields, comments —
    which the export never carries over and the analysis does not read ("" for none): a
    caseworker is told that the values will be missing rather than finding out from the
    output."""
    fields = comments = 0
    try:
        annots = list(page.obj.get("/Annots", None) or ())
    except (pikepdf.PdfError, AttributeError, TypeError, ValueError):
        annots = []  # a damaged list: nothing of it is carried over either
    for annot in annots:
        try:
            kind = annot.get("/Subtype")
            if kind == pikepdf.Name.Widget and (annot.get("/V") or (annot.get("/Parent") or {})
                                                .get("/V")):
                fields += 1
            elif kind not in (pikepdf.Name.Link, pikepdf.Name.Widget, pikepdf.Name.Popup) and \
                    annot.get("/Contents"):
                comments += 1
        except (pikepdf.PdfError, AttributeError, TypeError, ValueError):
            continue  # a damaged annotation: nothing of it is carried over either
    parts = [f"{n} {what}" for n, what in ((fields, "filled form field(s)"),
                                            (comments, "comment(s)")) if n]
    return (f"page {page_number}: {' and '.join(parts)} not carried over to the export and "
            "not analysed — check the original") if parts else ""


def unreadable_warning(page_number: int, count: int) -> str:
    return (f"page {page_number}: {count} characters cannot be read (a font without a usable "
            "text mapping, e.g. a Type3 font drawing its letters) — what they show is not "
            "found or redacted (review it)")


def check_input(pike: pikepdf.Pdf, pdoc: pdfium.PdfDocument, name: str, limits: Limits,
                ctx: RunContext) -> None:
    """Refuse input over the limits before any page is read (:mod:`.inputs`)."""
    from redactor_plugins.formats.pdf.inputs import check_pages, check_streams

    try:
        dpi = int(str(ctx.settings.get("pdf", "dpi", 200)))
    except ValueError:
        dpi = 200
    check_pages(pdoc, name, limits, max(200, dpi))
    check_streams(pike, name, limits, ctx)


def with_ocr(pt: PageText, ocr: PageOcr) -> tuple[PageText, int]:
    """``pt`` with the OCR'd text after its own (a line break between), one box per
    character; and where the OCR'd text starts in the page's text."""
    sep = "\n" if pt.text else ""
    coords = array("f", pt.boxes._c)
    if sep:
        last = pt.boxes[-1]
        coords.extend((last.x1, last.y0, last.x1, last.y0))
    for b in ocr.boxes:
        coords.extend((b.x0, b.y0, b.x1, b.y1))
    text = pt.text + sep + ocr.text
    return replace(pt, text=text, boxes=PageBoxes(pt.index, coords)), len(pt.text) + len(sep)


def scanned_warning(page_number: int) -> str:
    return f"page {page_number} has no text layer (scanned?) — not analysed"


class PdfReader:
    id = "pdf-reader"
    version = "1.0"
    format = "pdf"
    extensions = (".pdf",)

    def sniff(self, path: Path, head: bytes) -> bool:
        return sniff_pdf(head)

    def read(self, path: Path, ctx: RunContext) -> Document:
        digest = hashlib.sha256()
        with path.open("rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                digest.update(chunk)
        limits = limits_for(ctx)
        with opened(path, ctx.password) as (pike, pdoc):
            encrypted = pike.is_encrypted
            repaired = bool(pike.get_warnings())
            version = str(pike.pdf_version)
            n_pages = len(pdoc)
            if n_pages == 0 or len(pike.pages) == 0:
                raise InputError(f"{path.name}: the PDF has no pages")
            if len(pike.pages) != n_pages:
                raise InputError(f"{path.name}: the PDF page tree is damaged")
            check_input(pike, pdoc, path.name, limits, ctx)
            pieces: list[str] = []
            segments: list[Segment] = []
            warnings: list[str] = []
            scanned: list[str] = []
            notes = OcrNotes(ctx)
            pos = 0
            try:
                for pt in iter_pages(pdoc, ctx):
                    if pt.index:
                        pieces.append(PAGE_SEPARATOR)
                        pos += len(PAGE_SEPARATOR)
                    # OCR: a page without a text layer, or bare images on it (docs/ocr.md)
                    scan = not pt.text.strip() and pt.has_objects
                    ocr = ocr_pdf_page(pdoc, pt.index, () if scan else pt.boxes, ctx) \
                        if scan or pt.bare_image_share >= BARE_IMAGE_WARN else None
                    if ocr is not None and ocr.text:
                        pt, at = with_ocr(pt, ocr)
                        warnings += notes.add(pt.index + 1, ocr, pos + at, scan,
                                              pt.bare_image_share)
                    elif scan:
                        warnings.append(scanned_warning(pt.index + 1))
                        scanned.append(str(pt.index + 1))
                    elif pt.bare_image_share >= BARE_IMAGE_WARN:
                        warnings.append(bare_image_warning(pt.index + 1, pt.bare_image_share))
                    if pt.bare_vector_segments >= BARE_VECTOR_WARN:
                        warnings.append(vector_warning(pt.index + 1, pt.bare_vector_segments))
                    if pt.unreadable >= UNREADABLE_WARN:
                        warnings.append(unreadable_warning(pt.index + 1, pt.unreadable))
                    if (dropped := annotation_warning(pike.pages[pt.index], pt.index + 1)):
                        warnings.append(dropped)
                    limits.check(path.name, "chars", pos + len(pt.text))
                    pieces.append(pt.text)
                    segments.append(Segment(Span(pos, pos + len(pt.text)), f"page:{pt.index + 1}",
                                            pt.boxes))
                    pos += len(pt.text)
            except pdfium.PdfiumError as exc:
                raise InputError(f"{path.name}: a page cannot be read (the file is corrupt)") \
                    from exc
        if repaired:
            warnings.insert(0, "the PDF was damaged and has been repaired while reading")
        return Document(
            id=path.name,
            source=path,
            format=self.format,
            text="".join(pieces),
            segments=tuple(segments),
            metadata={
                "pdf_version": version,
                "encrypted": "yes" if encrypted else "no",
                "scanned_pages": ",".join(scanned),
                **notes.metadata(),
            },
            warnings=tuple(warnings),
            page_count=n_pages,
            sha256=digest.hexdigest(),
        )
