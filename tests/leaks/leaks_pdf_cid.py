"""PDF fixtures with fonts whose glyphs their own encoding cannot read, behind a lying (or an
honest) ``/ToUnicode`` map.

The font program is reportlab's Vera (a TrueType file shipped inside the reportlab wheel),
embedded as a composite font (``Identity-H``, codes are glyph ids) with its ``cmap`` table
renamed, so nothing but the pixels says which letter a glyph is:

* ``cid-truetype``: a ``CIDFontType2`` with ``/FontFile2`` (a subset without a usable
  ``cmap``, as many producers write them);
* ``cid-type0``: the same program declared ``CIDFontType0`` with ``/FontFile3`` (the
  CFF-based CID fonts of Word and InDesign exports; the font's own encoding gives no
  characters either way — PDFium renders it from the program's own format).

Page 1 shows ``NAME`` plainly (so the export redacts something); page 2 shows ``KEPT`` and
draws ``text`` in the unreadable font, its ``/ToUnicode`` map saying ``shows``.
"""

from __future__ import annotations

import struct
from pathlib import Path

import pikepdf
import reportlab
from leaks_pdf_attacks import PAGE1, PAGE2_KEPT, _cmap, _hex, helvetica, save_pages
from leaks_pdf_scan import KEPT, NAME
from redactor_plugins.formats.pdf.scan.fonts import truetype_glyph_chars

Name = pikepdf.Name
VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
KINDS = ("cid-truetype", "cid-type0")


def _without_cmap(data: bytes) -> bytes:
    """The TrueType program with its ``cmap`` table renamed (unreadable by character)."""
    tables = struct.unpack_from(">H", data, 4)[0]
    out = bytearray(data)
    for t in range(tables):
        if data[12 + 16 * t: 16 + 16 * t] == b"cmap":
            out[12 + 16 * t: 16 + 16 * t] = b"xmap"
    return bytes(out)


def _table(data: bytes, tag: bytes) -> int:
    for t in range(struct.unpack_from(">H", data, 4)[0]):
        if data[12 + 16 * t: 16 + 16 * t] == tag:
            return struct.unpack_from(">I", data, 20 + 16 * t)[0]
    raise KeyError(tag)


def advance(data: bytes, gid: int) -> int:
    """The advance width of glyph ``gid`` in thousandths of the em."""
    upem = struct.unpack_from(">H", data, _table(data, b"head") + 18)[0]
    metrics = struct.unpack_from(">H", data, _table(data, b"hhea") + 34)[0]
    width = struct.unpack_from(">H", data, _table(data, b"hmtx") + 4 * min(gid, metrics - 1))[0]
    return round(width * 1000 / upem)


def cid_font(pdf: pikepdf.Pdf, kind: str, shows: str | None, text: str
             ) -> tuple[pikepdf.Dictionary, bytes]:
    """(a Type0 font of ``kind``, the codes that draw ``text``); its ``/ToUnicode`` map
    says ``shows`` for those codes (None: the truth)."""
    program = VERA.read_bytes()
    gids = {ch: gid for gid, ch in truetype_glyph_chars(program).items()}
    codes = b"".join(struct.pack(">H", gids[ch]) for ch in text)
    if kind == "cid-truetype":
        file_key, extra = "/FontFile2", {}
        subtype = Name.CIDFontType2
    else:
        file_key, extra = "/FontFile3", {"/Subtype": Name.CIDFontType0C}
        subtype = Name.CIDFontType0
    stream = pikepdf.Stream(pdf, _without_cmap(program))
    for k, v in extra.items():
        stream[k] = v
    desc = pikepdf.Dictionary(Type=Name.FontDescriptor, FontName=Name("/ABCDEF+Face"),
                              Flags=4, FontBBox=[-200, -250, 1100, 950], ItalicAngle=0,
                              Ascent=760, Descent=-240, CapHeight=730, StemV=80)
    desc[file_key] = stream
    cid = pikepdf.Dictionary(Type=Name.Font, Subtype=subtype, BaseFont=Name("/ABCDEF+Face"),
                             CIDSystemInfo=pikepdf.Dictionary(
                                 Registry=pikepdf.String("Adobe"),
                                 Ordering=pikepdf.String("Identity"), Supplement=0),
                             FontDescriptor=desc, DW=600,
                             W=[x for ch in sorted(set(text))
                                for x in (gids[ch], [advance(program, gids[ch])])])
    if kind == "cid-truetype":
        cid.CIDToGIDMap = Name.Identity
    truth = shows if shows is not None else text
    entries = sorted({int.from_bytes(codes[i:i + 2], "big"): truth[(i // 2) % len(truth)]
                      for i in range(0, len(codes), 2)}.items())
    font = pdf.make_indirect(pikepdf.Dictionary(
        Type=Name.Font, Subtype=Name.Type0, BaseFont=Name("/ABCDEF+Face"),
        Encoding=Name("/Identity-H"), DescendantFonts=[pdf.make_indirect(cid)],
        ToUnicode=pikepdf.Stream(pdf, _cmap(entries, width=2))))
    return font, codes


def unreadable_font(path: Path, kind: str, lying: bool = True, same_page: bool = False
                    ) -> Path:
    """Page 2 draws ``NAME`` (``lying``: its map says other letters) or, honestly, ``KEPT``
    in an unreadable font; ``same_page``: page 1 draws it too, under the plain name."""
    pdf = pikepdf.new()
    text = NAME if lying else KEPT
    special, codes = cid_font(pdf, kind, "zqxwvjk" if lying else None, text)
    res = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=helvetica(pdf), F2=special))
    hidden = b"BT /F2 12 Tf 20 100 Td " + _hex(codes) + b" Tj ET\n"
    contents = [PAGE1 + (hidden if same_page else b""), PAGE2_KEPT + hidden]
    return save_pages(pdf, [(content, res) for content in contents], path)


def _rot13(text: str) -> str:
    return text.translate(str.maketrans(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
        "NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm"))


def _mac_cmap_over(data: bytes, gid_of_code: dict[int, int]) -> bytes:
    """The TrueType program with its ``cmap`` table overwritten in place by one (1,0)
    format 0 subtable (code → glyph id)."""
    at = _table(data, b"cmap")
    array = bytes(min(gid_of_code.get(c, 0), 255) for c in range(256))
    table = struct.pack(">HHHHIHHH", 0, 1, 1, 0, 12, 0, 262, 0) + array
    out = bytearray(data)
    out[at:at + len(table)] = table
    return bytes(out)


def symbolic_truetype_font(path: Path, lying: bool = True) -> Path:
    """Page 2 draws ``NAME`` in a simple TrueType font without ``/Encoding`` (symbolic) whose
    only cmap sends each code of another string (``NAME`` in ROT13) to the glyph of the
    name's letter: codes, ``/ToUnicode`` and every extractor read the other string, the
    pixels show the name. ``lying=False``: the font draws what its codes say (``KEPT``)."""
    program = VERA.read_bytes()
    gids = {ch: gid for gid, ch in truetype_glyph_chars(program).items()}
    shown = NAME if lying else KEPT
    codes_text = _rot13(NAME) if lying else KEPT
    gid_of_code = {ord(c): gids[ch] for c, ch in zip(codes_text, shown, strict=True)}
    assert all(g < 256 for g in gid_of_code.values())
    pdf = pikepdf.new()
    desc = pikepdf.Dictionary(Type=Name.FontDescriptor, FontName=Name("/GHIJKL+Face"),
                              Flags=4, FontBBox=[-200, -250, 1100, 950], ItalicAngle=0,
                              Ascent=760, Descent=-240, CapHeight=730, StemV=80,
                              FontFile2=pikepdf.Stream(pdf, _mac_cmap_over(program,
                                                                           gid_of_code)))
    font = pdf.make_indirect(pikepdf.Dictionary(
        Type=Name.Font, Subtype=Name.TrueType, BaseFont=Name("/GHIJKL+Face"), FirstChar=0,
        LastChar=255, FontDescriptor=desc,
        Widths=[advance(program, gid_of_code.get(c, 0)) for c in range(256)],
        ToUnicode=pikepdf.Stream(pdf, _cmap(sorted({(ord(c), c) for c in codes_text})))))
    res = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=helvetica(pdf), F2=font))
    hidden = b"BT /F2 12 Tf 20 100 Td " + _hex(codes_text.encode("latin-1")) + b" Tj ET\n"
    return save_pages(pdf, [(content, res) for content in (PAGE1, PAGE2_KEPT + hidden)], path)

