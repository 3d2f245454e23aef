"""Reading a PDF page's characters in bulk (``read_chars``) gives exactly what reading them one
by one gave: the same text, the same box (to the bit) for every character, the same count of
unreadable characters — on every PDF the test suites build, on pages of ligatures, characters
outside the BMP, lone surrogates, control codes, hyphenated and right-to-left lines, rotated
pages and text, and on seeded random text layers. The boxes are what an export burns: a
character whose box moved is a character left readable.
"""

from __future__ import annotations

import ctypes
import random
import sys
from array import array
from collections.abc import Callable, Iterator
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from pdf_fixtures import CHANNELS, PASSWORD, simple
from redactor_plugins.formats.pdf import read
from redactor_plugins.formats.pdf.read import JOINED, PageText, extract_page

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "leaks"))
import leaks_pdf_attacks as attacks  # noqa: E402
import leaks_pdf_cid as cid  # noqa: E402

Name = pikepdf.Name
_CONTROL_MAP = {0x02: "-", 0x09: "\t", 0x0A: "\n"}


# -- the reference: one character at a time, as the reader did before (kept verbatim) ---------
def reference_chars(raw: object, n: int) -> tuple[str, array, int]:
    chars: list[str] = []
    coords = array("f")
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    loose = pdfium_c.FS_RECTF()
    get_unicode, get_box = pdfium_c.FPDFText_GetUnicode, pdfium_c.FPDFText_GetCharBox
    get_loose = pdfium_c.FPDFText_GetLooseCharBox
    last = (0.0, 0.0)
    unreadable = 0
    low_next = False
    for i in range(max(0, n)):
        code = get_unicode(raw, i)
        if code == 0x0D:
            continue
        if low_next and 0xDC00 <= code <= 0xDFFF:
            ch = JOINED
        elif 0xD800 <= code <= 0xDBFF and i + 1 < n and \
                0xDC00 <= (low := get_unicode(raw, i + 1)) <= 0xDFFF:
            ch = chr(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
        elif code in _CONTROL_MAP:
            ch = _CONTROL_MAP[code]
        elif code in (0, 0xFFFD, 0xFFFE, 0xFFFF) or 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
            ch = "\ufffd"
            unreadable += 1
        elif code < 0x20 or code == 0x7F:
            ch = " "
            unreadable += 1
        else:
            ch = chr(code)
        have = False
        if get_box(raw, i, left, right, bottom, top):
            x0, x1, y0, y1 = left.value, right.value, bottom.value, top.value
            if get_loose(raw, i, loose):
                lx0, lx1 = sorted((loose.left, loose.right))
                ly0, ly1 = sorted((loose.bottom, loose.top))
                if lx1 > lx0 and ly1 > ly0:
                    if x1 > x0 or y1 > y0:
                        x0, y0 = min(x0, lx0), min(y0, ly0)
                        x1, y1 = max(x1, lx1), max(y1, ly1)
                    else:
                        x0, y0, x1, y1 = lx0, ly0, lx1, ly1
            have = not (ch.isspace() and x1 <= x0)
        if have:
            coords.extend((x0, y0, x1, y1))
            last = (x1, y0)
        else:
            coords.extend((last[0], last[1], last[0], last[1]))
        low_next = 0xD800 <= code <= 0xDBFF and ch != "\ufffd"
        chars.append(ch)
    return "".join(chars), coords, unreadable


def pages_both_ways(path: Path, password: str | None = None
                    ) -> Iterator[tuple[PageText, tuple[str, array, int]]]:
    doc = pdfium.PdfDocument(path, password=password)
    try:
        for i in range(len(doc)):
            page = doc[i]
            try:
                new = extract_page(page, i)
                textpage = page.get_textpage()
                try:
                    old = reference_chars(textpage.raw,
                                          pdfium_c.FPDFText_CountChars(textpage.raw))
                finally:
                    textpage.close()
                yield new, old
            finally:
                page.close()
    finally:
        doc.close()


def assert_same_reading(path: Path, password: str | None = None) -> str:
    texts = []
    for new, (text, coords, unreadable) in pages_both_ways(path, password):
        assert new.text == text, f"page {new.index + 1}: text differs"
        assert new.boxes._c.tobytes() == coords.tobytes(), f"page {new.index + 1}: boxes differ"
        assert new.unreadable == unreadable
        assert len(new.boxes) == len(new.text)
        texts.append(new.text)
    return "\f".join(texts)


# -- PDFs with the characters that take the slow road ------------------------------------------
def _cmap(entries: dict[int, str]) -> bytes:
    body = "\n".join(f"<{c:02X}> <{t.encode('utf-16-be', 'surrogatepass').hex().upper()}>"
                     for c, t in entries.items())
    return (f"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
            f"1 begincodespacerange <00> <FF> endcodespacerange\n"
            f"{len(entries)} beginbfchar\n{body}\nendbfchar\nendcmap end end").encode()


def _font(pdf: pikepdf.Pdf, to_unicode: dict[int, str] | None = None) -> pikepdf.Object:
    font = pikepdf.Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica,
                              Encoding=Name.WinAnsiEncoding)
    if to_unicode:
        font.ToUnicode = pikepdf.Stream(pdf, _cmap(to_unicode))
    return pdf.make_indirect(font)


def _pdf(path: Path, pages: list[tuple[bytes, dict[int, str] | None, int]]) -> Path:
    """One page per (content, ToUnicode map of /F2, /Rotate); /F1 is plain Helvetica."""
    pdf = pikepdf.new()
    plain = _font(pdf)
    for content, to_unicode, rotate in pages:
        fonts = pikepdf.Dictionary(F1=plain, F2=_font(pdf, to_unicode))
        page = pikepdf.Dictionary(Type=Name.Page, MediaBox=[0, 0, 400, 300],
                                  Resources=pikepdf.Dictionary(Font=fonts),
                                  Contents=pikepdf.Stream(pdf, content))
        if rotate:
            page.Rotate = rotate
        pdf.pages.append(pikepdf.Page(page))
    pdf.save(path)
    return path


SPECIAL = {  # codes of /F2 and what its ToUnicode map says they are
    0x41: "\ufb01", 0x42: "\ufb00", 0x43: "\ufb03",  # ligatures: PDFium splits them
    0x44: "\U0001d400", 0x45: "\U000e0041", 0x46: "\U0001f600",  # outside the BMP
    0x47: "\ud835", 0x48: "\udc00",  # lone surrogate halves
    0x49: "\x01", 0x4A: "\x02", 0x4B: "\x7f", 0x4C: "\ufffe", 0x4D: "\ufffd", 0x4E: "\x00",
    0x4F: "\t", 0x50: "\r", 0x51: "\n", 0x52: "\u05d0", 0x53: "\u05d1", 0x54: "(",
    0x55: "\u0627", 0x56: "\u00ad", 0x57: "\u200b", 0x58: "ffi", 0x59: " ", 0x5A: "\u2060",
}


def special_pages(path: Path) -> Path:
    codes = bytes(sorted(SPECIAL)).replace(b"(", b"\\(").replace(b")", b"\\)")
    lines = (b"BT /F1 11 Tf 20 260 Td (An exam-) Tj 0 -14 Td (ple of hyphen- ation) Tj ET\n"
             b"BT /F2 11 Tf 20 220 Td (" + codes + b") Tj ET\n"
             b"BT /F2 11 Tf 20 200 Td (ADGDHHADRSTU) Tj 0 -14 Td (A B   C) Tj ET\n"
             b"BT /F1 11 Tf 20 150 Td (Words) Tj 60 0 Td (far) Tj 90 0 Td (apart) Tj ET\n"
             b"BT /F1 11 Tf 0.7071 0.7071 -0.7071 0.7071 200 60 Tm (Turned text) Tj ET\n"
             b"BT /F1 11 Tf 0 1 -1 0 380 40 Tm (Upwards) Tj ET\n"
             b"BT /F1 11 Tf -1 0 0 1 300 20 Tm (Mirrored) Tj ET\n"
             b"BT /F1 0 Tf 20 20 Td (zero size) Tj ET\n"
             b"BT /F1 11 Tf 3 Tr 20 35 Td (invisible) Tj ET\n"
             b"/Span << /ActualText (Actual) >> BDC BT /F1 11 Tf 200 20 Td (shown) Tj ET EMC\n")
    return _pdf(path, [(lines, SPECIAL, 0), (lines, SPECIAL, 90), (lines, SPECIAL, 270),
                       (b"", None, 0), (b"BT /F2 11 Tf 20 200 Td (GGGHHH) Tj ET", SPECIAL, 180)])


#: what random text layers are made of: plain letters and every kind of code with a rule
POOL = ("abcXYZ019 .,-", "\ufb01\ufb02\ufb00\ufb04", "\U0001d400\U0001d41a\U000e0041\U0001f600",
        "\ud835\udc00\udbff", "\x00\x01\x02\x03\t\n\r\x1f\x7f", "\ufffd\ufffe\uffff",
        "\u05d0\u05d1\u0627\u0628()[]<>", "\u00ad\u200b\u2060\u202e\u0301")


def random_pages(path: Path, seed: int) -> Path:
    rng = random.Random(seed)
    pages = []
    for _ in range(4):
        to_unicode = {}
        for code in range(0x21, 0x7F):
            if rng.random() < 0.85:
                to_unicode[code] = "".join(rng.choice(rng.choice(POOL))
                                           for _ in range(rng.choice((1, 1, 1, 2, 3))))
        content = b""
        for _ in range(rng.randint(5, 25)):
            font, size = rng.choice((b"F1", b"F2", b"F2")), rng.choice((0, 6, 9, 11, 14, 30))
            text = bytes(rng.randint(0x20, 0x7E) for _ in range(rng.randint(1, 40)))
            text = text.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
            if rng.random() < 0.3:
                text += b"-"
            a, b = rng.choice(((1, 0), (0, 1), (0.6, 0.8), (-1, 0), (0.96, -0.28)))
            x, y = rng.uniform(-20, 380), rng.uniform(-20, 300)
            content += (b"BT /%s %d Tf %.3f %.3f %.3f %.3f %.1f %.1f Tm %.1f Tc (%s) Tj ET\n"
                        % (font, size, a, b, -b, a, x, y, rng.choice((0, 0, 2, -1)), text))
        pages.append((content, to_unicode, rng.choice((0, 0, 90, 180, 270))))
    return _pdf(path, pages)


HYPHENATED = (b"BT /F1 11 Tf 20 260 Td (An exam-) Tj 0 -14 Td (ple of hyphen-) Tj 0 -14 Td (ation) Tj"
              b" 0 -14 Td (and a soft hyph\xad) Tj 0 -14 Td (en) Tj ET\n")


def hyphenated(path: Path) -> Path:
    """Plain text only (the page takes the fast road) with hyphens PDFium marks (U+0002)."""
    return _pdf(path, [(HYPHENATED, None, 0)])


def one_code_page(path: Path, shown: str) -> Path:
    """Hyphenated plain text and one code of /F2 whose ToUnicode map says ``shown``."""
    return _pdf(path, [(HYPHENATED + b"BT /F2 11 Tf 20 150 Td (xAx yA) Tj ET\n", {0x41: shown}, 0)])


def _bench_like(path: Path) -> Path:
    lines = [f"Line {n}: Mr Galip Yalman paid EUR 1,200.50 on 12 March 2021, ref AB-{n:04d}."
             for n in range(120)]
    return simple(path, pages=[lines[i:i + 40] for i in range(0, 120, 40)], size=(600, 850))


BUILDERS: dict[str, Callable[[Path], Path]] = {
    **{f"channel-{name}": build for name, build in CHANNELS.items()},
    **{f"attack-{b.__name__}": b for b in (
        attacks.vector_outlines, attacks.lying_tounicode, attacks.type3_letters,
        attacks.type3_opaque, attacks.actual_text, attacks.pattern_split,
        attacks.tounicode_unused, attacks.escaped_names, attacks.octal_shared_form,
        attacks.image_alternates, attacks.custom_keys, attacks.file_names,
        attacks.lookalikes, attacks.attacker_extras, attacks.jpeg_metadata,
        attacks.image_samples)},
    **{f"cid-{kind}-{lying}": (lambda p, k=kind, ly=lying: cid.unreadable_font(p, k, ly, True))
       for kind in cid.KINDS for lying in (True, False)},
    "symbolic-truetype": cid.symbolic_truetype_font,
    "special-characters": special_pages,
    "several-pages": _bench_like,
    "hyphenated": hyphenated,
}


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_reading_in_bulk_gives_what_reading_one_by_one_gave(name: str, tmp_path: Path) -> None:
    src = BUILDERS[name](tmp_path / "in.pdf")
    assert_same_reading(src, PASSWORD if name.startswith("channel-19") else None)


def test_the_special_characters_take_every_rule(tmp_path: Path) -> None:
    text = assert_same_reading(special_pages(tmp_path / "in.pdf"))
    for shown in ("\U0001d400" + JOINED, "\U000e0041" + JOINED, "\ufffd", "f", "-", "\u05d0"):
        assert shown in text, repr(shown)
    assert "\r" not in text


@pytest.mark.parametrize("shown", sorted(set(SPECIAL.values()) | {"\x03", "\x1f", "\uffff",
                                                                  "\udbff", "\U0010fffd"}))
def test_one_special_code_among_plain_text_reads_the_same(shown: str, tmp_path: Path) -> None:
    """Each code that needs a rule, alone on a page of plain text: the page takes the road
    one code at a time, or the bulk road gives the same."""
    assert_same_reading(one_code_page(tmp_path / "in.pdf", shown))


def test_hyphens_pdfium_marks_read_as_hyphens(tmp_path: Path) -> None:
    text = assert_same_reading(hyphenated(tmp_path / "in.pdf"))
    assert "exam-" in text and "hyphen-" in text and "\x02" not in text


@pytest.mark.parametrize("seed", range(12))
def test_random_text_layers_read_the_same(seed: int, tmp_path: Path) -> None:
    assert_same_reading(random_pages(tmp_path / "in.pdf", seed))


def test_a_page_is_read_without_a_gil_round_trip_per_character(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The per-character queries hold the GIL: pypdfium2's bindings release and take it back
    around every call, which made reading ~2–3 times slower (and slower still while the GUI
    thread waits for the GIL)."""
    src = _bench_like(tmp_path / "in.pdf")
    calls = {"n": 0}
    for name in ("FPDFText_GetUnicode", "FPDFText_GetCharBox", "FPDFText_GetLooseCharBox"):
        binding = getattr(pdfium_c, name)

        def counted(*args: object, _binding: object = binding) -> object:
            calls["n"] += 1
            return _binding(*args)  # type: ignore[operator]

        monkeypatch.setattr(pdfium_c, name, counted)
    doc = pdfium.PdfDocument(src)
    try:
        page = doc[0]
        text = extract_page(page, 0).text
        page.close()
    finally:
        doc.close()
    assert "Galip Yalman" in text
    assert calls["n"] == 0


def test_empty_and_failed_pages_read_as_before() -> None:
    assert read.page_chars([]) == ([], "", 0)
    assert read.page_chars([0x0D, 0x0A]) == ([1], "\n", 0)
    assert read.page_chars([0xD835, 0xDC00, 0x0D, 0x41]) == ([0, 1, 3], "\U0001d400" + JOINED + "A",
                                                              0)
