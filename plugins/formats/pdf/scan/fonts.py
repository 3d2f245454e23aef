"""How a PDF font's codes read: by the font's own encoding, and by its ``/ToUnicode`` map.

A text layer can lie: a ``/ToUnicode`` map (or ``/ActualText``) may say ``Xxxxx`` while the
glyphs drawn spell a name. Extractors trust the map; leak search must not. :func:`own_decoder`
reads codes the way the font *draws* them, without the map:

* simple fonts (Type1, TrueType, MMType1, Type3): the base encoding (``/WinAnsiEncoding``,
  ``/MacRomanEncoding``, ``/StandardEncoding``, or an embedded Type1 program's built-in
  ``dup N /name put`` encoding) corrected by ``/Differences``, glyph names read through the
  Adobe Glyph List (``uniXXXX``, ``uXXXXX``, ``f_i``, ``a.sc`` too);
* embedded TrueType simple fonts without a base encoding (symbolic): code → glyph through
  the program's symbol cmap, glyph → character through its Unicode cmap; a glyph that no
  Unicode cmap names is unreadable (the font may draw any letter for an honest-looking code);
* composite fonts (Type0) with an ``Identity`` encoding: CID → glyph (``/CIDToGIDMap``) →
  character through the embedded TrueType program's own ``cmap`` table; ``UCS2``/``UTF16``
  CMaps by their code values.

Codes that cannot be read become U+FFFD (they break a match rather than invent one).
:func:`tounicode_map` parses a ``/ToUnicode`` CMap (one code width) into a table.
"""

from __future__ import annotations

import io
import re
import struct
from collections.abc import Callable, Mapping

import pikepdf
from pdfminer.encodingdb import EncodingDB, name2unicode
from pdfminer.pdffont import TrueTypeFont

UNKNOWN = "\ufffd"
#: (bytes per code, {code: text})
Decoder = tuple[int, Mapping[int, str]]

_BASE = {"/WinAnsiEncoding": "WinAnsiEncoding", "/MacRomanEncoding": "MacRomanEncoding",
         "/StandardEncoding": "StandardEncoding", "/PDFDocEncoding": "PDFDocEncoding"}
_DUP = re.compile(rb"dup\s+(\d{1,3})\s*/([^\s/\[\]<>(){}%]+)\s+put")
_BASE_TABLES: dict[str, dict[int, str]] = {}


def glyph_char(name: str) -> str | None:
    """The text a glyph name stands for (Adobe Glyph List conventions), or None."""
    try:
        text = name2unicode(name)
    except Exception:  # pdfminer raises its own KeyError subclass for unknown names
        return None
    return text or None


def _base(name: str) -> dict[int, str]:
    if name not in _BASE_TABLES:
        _BASE_TABLES[name] = dict(EncodingDB.get_encoding(name))
    return _BASE_TABLES[name]


def tounicode_map(cmap: object) -> Decoder | None:
    """A ``/ToUnicode`` CMap as (code width in bytes, {code: text}); None when its codes are
    of mixed widths or it cannot be read."""
    if not isinstance(cmap, pikepdf.Stream):
        return None
    try:
        data = cmap.read_bytes().decode("latin-1")
    except pikepdf.PdfError:
        return None
    table: dict[int, str] = {}
    widths: set[int] = set()

    def text(hexed: str) -> str:
        raw = bytes.fromhex(hexed + "0" * (len(hexed) % 2))
        return raw.decode("utf-16-be", errors="replace") if len(raw) % 2 == 0 else ""

    for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f\s]*)>", block):
            widths.add((len(src) + 1) // 2)
            table[int(src, 16)] = text(re.sub(r"\s", "", dst))
    for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, dst in re.findall(
                r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f\s]+>|\[[^\]]*\])", block):
            widths.add((len(lo) + 1) // 2)
            first, last = int(lo, 16), min(int(hi, 16), int(lo, 16) + 65535)
            if dst.startswith("["):
                for k, item in enumerate(re.findall(r"<([0-9A-Fa-f\s]*)>", dst)):
                    if first + k > last:
                        break
                    table[first + k] = text(re.sub(r"\s", "", item))
                continue
            base = text(re.sub(r"\s", "", dst[1:-1]))
            if not base:
                continue
            head, tail = base[:-1], ord(base[-1])
            for k, code in enumerate(range(first, last + 1)):
                table[code] = head + chr(tail + k) if tail + k < 0x110000 else ""
    if len(widths) != 1:
        return None
    return widths.pop(), table


def _builtin_type1(font: pikepdf.Dictionary) -> dict[int, str]:
    """The built-in encoding of an embedded Type1 program (``dup 65 /A put`` lines)."""
    desc = font.get("/FontDescriptor")
    prog = desc.get("/FontFile") if isinstance(desc, pikepdf.Dictionary) else None
    if not isinstance(prog, pikepdf.Stream):
        return {}
    try:
        length1 = int(prog.get("/Length1", 0))
        clear = prog.read_bytes()[:length1 or 65536]
    except (pikepdf.PdfError, ValueError, TypeError):
        return {}
    table: dict[int, str] = {}
    for code, name in _DUP.findall(clear):
        table[int(code)] = glyph_char(name.decode("latin-1")) or UNKNOWN
    return table


def _simple(font: pikepdf.Dictionary) -> Decoder:
    enc = font.get("/Encoding")
    base_name = ""
    if isinstance(enc, pikepdf.Name):
        base_name = _BASE.get(str(enc), "")
    elif isinstance(enc, pikepdf.Dictionary):
        base_name = _BASE.get(str(enc.get("/BaseEncoding", "")), "")
    table: dict[int, str] = {}
    symbolic = None if base_name else _symbolic_truetype(font)
    if base_name:
        table.update(_base(base_name))
    elif symbolic is not None:
        table.update(symbolic)
    else:
        builtin = _builtin_type1(font) if str(font.get("/Subtype", "")) == "/Type1" else {}
        table.update(builtin or _base("StandardEncoding"))
        if not builtin:  # symbolic or unknown built-in encodings: codes as Latin-1
            for c in range(0x20, 0x7F):
                table.setdefault(c, chr(c))
    if isinstance(enc, pikepdf.Dictionary) and isinstance(enc.get("/Differences"),
                                                          pikepdf.Array):
        code = 0
        for item in enc.Differences:
            if isinstance(item, pikepdf.Name):
                if 0 <= code < 256:
                    table[code] = glyph_char(str(item)[1:]) or UNKNOWN
                code += 1
            else:
                try:
                    code = int(item)
                except (TypeError, ValueError):
                    code = 0
    return 1, table


def _symbolic_truetype(font: pikepdf.Dictionary) -> dict[int, str] | None:
    """How an embedded TrueType simple font without a base encoding draws its codes: code →
    glyph through the program's symbol cmap ((3,0), codes at 0xF000 + code, or (1,0)), glyph →
    character through its Unicode cmap; a glyph no Unicode cmap names is unreadable (U+FFFD),
    however honest its code looks — the font may draw any letter there. None when the program
    has no symbol cmap (codes then read as their Latin-1 values, as viewers do)."""
    if str(font.get("/Subtype", "")) != "/TrueType":
        return None
    desc = font.get("/FontDescriptor")
    prog = desc.get("/FontFile2") if isinstance(desc, pikepdf.Dictionary) else None
    if not isinstance(prog, pikepdf.Stream):
        return None
    data = prog.read_bytes()
    cmaps = truetype_cmaps(data)
    symbol = cmaps.get((3, 0)) or {}
    mac = cmaps.get((1, 0)) or {}
    flags = desc.get("/Flags", 4)
    nonsymbolic = isinstance(flags, int) and not int(flags) & 4 and (3, 1) in cmaps
    if nonsymbolic or (not symbol and not mac):  # drawn through (3,1) by glyph name
        return None
    glyphs = truetype_glyph_chars(data)
    table: dict[int, str] = {}
    for code in range(256):
        gid = symbol.get(0xF000 + code) or symbol.get(code) if symbol else mac.get(code)
        if gid:
            table[code] = glyphs.get(gid, UNKNOWN)
    return table


def truetype_cmaps(data: bytes) -> dict[tuple[int, int], dict[int, int]]:
    """{(platform, encoding): {code: glyph id}} of every ``cmap`` subtable of a TrueType
    program (pdfminer's subtable parsers; empty when there is none or it is damaged)."""
    font = TrueTypeFont("", io.BytesIO(data))
    if b"cmap" not in font.tables:
        return {}
    base = font.tables[b"cmap"][0]
    out: dict[tuple[int, int], dict[int, int]] = {}
    try:
        fp = font.fp
        fp.seek(base)
        count = struct.unpack(">HH", fp.read(4))[1]
        records = [struct.unpack(">HHL", fp.read(8)) for _ in range(min(count, 32))]
        for pid, eid, offset in records:
            fp.seek(base + offset)
            parse = getattr(font, f"parse_cmap_format_{struct.unpack('>H', fp.read(2))[0]}",
                            None)
            if parse is None:
                continue
            table: dict[int, int] = {}
            parse(fp, table)
            out.setdefault((pid, eid), table)
    except (struct.error, ValueError, IndexError, AssertionError):
        return out
    return out


# -- TrueType cmap (composite fonts) ---------------------------------------------------------
def _cmap_subtable(data: bytes, offset: int) -> dict[int, int]:
    """{character: glyph id} of one cmap subtable (formats 4 and 12)."""
    fmt = struct.unpack_from(">H", data, offset)[0]
    out: dict[int, int] = {}
    if fmt == 4:
        segs = struct.unpack_from(">H", data, offset + 6)[0] // 2
        ends = struct.unpack_from(f">{segs}H", data, offset + 14)
        starts = struct.unpack_from(f">{segs}H", data, offset + 16 + 2 * segs)
        deltas = struct.unpack_from(f">{segs}h", data, offset + 16 + 4 * segs)
        ro_at = offset + 16 + 6 * segs
        ranges = struct.unpack_from(f">{segs}H", data, ro_at)
        for i in range(segs):
            for ch in range(starts[i], min(ends[i], 0xFFFE) + 1):
                if ranges[i] == 0:
                    gid = (ch + deltas[i]) & 0xFFFF
                else:
                    at = ro_at + 2 * i + ranges[i] + 2 * (ch - starts[i])
                    if at + 2 > len(data):
                        continue
                    gid = struct.unpack_from(">H", data, at)[0]
                    gid = (gid + deltas[i]) & 0xFFFF if gid else 0
                if gid:
                    out[ch] = gid
    elif fmt == 12:
        groups = struct.unpack_from(">I", data, offset + 12)[0]
        for g in range(min(groups, 65536)):
            lo, hi, gid = struct.unpack_from(">III", data, offset + 16 + 12 * g)
            for k, ch in enumerate(range(lo, min(hi, lo + 65535) + 1)):
                out[ch] = gid + k
    return out


def truetype_glyph_chars(data: bytes) -> dict[int, str]:
    """{glyph id: character} from a TrueType program's Unicode ``cmap`` (empty if none)."""
    try:
        tables = struct.unpack_from(">H", data, 4)[0]
        cmap_at = None
        for t in range(min(tables, 64)):
            tag, _, off, _ = struct.unpack_from(">4sIII", data, 12 + 16 * t)
            if tag == b"cmap":
                cmap_at = off
        if cmap_at is None:
            return {}
        count = struct.unpack_from(">H", data, cmap_at + 2)[0]
        best: tuple[int, int] | None = None
        for s in range(min(count, 32)):
            pid, eid, off = struct.unpack_from(">HHI", data, cmap_at + 4 + 8 * s)
            rank = {(3, 10): 0, (0, 4): 1, (3, 1): 2, (0, 3): 3}.get((pid, eid),
                                                                      9 if pid == 0 else 99)
            if best is None or rank < best[0]:
                best = (rank, cmap_at + off)
        if best is None or best[0] == 99:
            return {}
        chars = _cmap_subtable(data, best[1])
    except struct.error:
        return {}
    out: dict[int, str] = {}
    for ch, gid in sorted(chars.items()):
        if 0 < ch < 0x110000 and not 0xD800 <= ch <= 0xDFFF:
            out.setdefault(gid, chr(ch))
    return out


def _composite(font: pikepdf.Dictionary) -> Decoder:
    enc = str(font.get("/Encoding", ""))
    if enc.startswith("/Uni") and ("UCS2" in enc or "UTF16" in enc):
        return 2, _Ucs2()
    if enc not in ("/Identity-H", "/Identity-V"):
        return 2, {}
    kids = font.get("/DescendantFonts")
    cid = kids[0] if isinstance(kids, pikepdf.Array) and len(kids) else None
    if not isinstance(cid, pikepdf.Dictionary):
        return 2, {}
    desc = cid.get("/FontDescriptor")
    prog = desc.get("/FontFile2") if isinstance(desc, pikepdf.Dictionary) else None
    if not isinstance(prog, pikepdf.Stream):
        return 2, {}
    try:
        glyphs = truetype_glyph_chars(prog.read_bytes())
        gid_map = cid.get("/CIDToGIDMap")
        if isinstance(gid_map, pikepdf.Stream):
            raw = gid_map.read_bytes()
            return 2, {c: glyphs.get(int.from_bytes(raw[2 * c:2 * c + 2], "big"), UNKNOWN)
                       for c in range(len(raw) // 2)}
    except pikepdf.PdfError:
        return 2, {}
    return 2, glyphs


class _Ucs2(dict):  # type: ignore[type-arg]
    """Codes that are UTF-16 code units (``Uni…-UCS2-H`` CMaps)."""

    def get(self, key: int, default: str | None = None) -> str:  # type: ignore[override]
        return chr(key) if not 0xD800 <= key <= 0xDFFF else UNKNOWN


def own_decoder(font: object) -> Decoder:
    """How ``font`` draws its codes, ignoring ``/ToUnicode`` (see the module docstring)."""
    if not isinstance(font, pikepdf.Dictionary):
        return 1, {}
    try:
        if str(font.get("/Subtype", "")) == "/Type0":
            return _composite(font)
        return _simple(font)
    except (pikepdf.PdfError, ValueError, TypeError, RecursionError):
        return 1, {}


def mapped_decoder(font: object, own: Decoder) -> Decoder:
    """How extractors read ``font``: its ``/ToUnicode`` map over its own encoding."""
    mapped = tounicode_map(font.get("/ToUnicode")) if isinstance(font, pikepdf.Dictionary) \
        else None
    if mapped is None or mapped[0] != own[0]:
        return own
    table = dict(own[1]) if not isinstance(own[1], _Ucs2) else {}
    table.update(mapped[1])
    return own[0], table


def decode(decoder: Decoder, raw: bytes) -> str:
    """``raw`` string bytes as text through ``decoder`` (unreadable codes → U+FFFD)."""
    return translator(decoder)(raw)


def translator(decoder: Decoder) -> Callable[[bytes], str]:
    """A fast ``raw → text`` function for ``decoder`` (one-byte codes: ``str.translate``)."""
    width, table = decoder
    if width == 1:
        trans = {c: table.get(c, UNKNOWN) or UNKNOWN for c in range(256)}
        return lambda raw: raw.decode("latin-1").translate(trans)
    return lambda raw: "".join(table.get(int.from_bytes(raw[i:i + 2], "big"), UNKNOWN)
                               or UNKNOWN for i in range(0, len(raw) - 1, 2))


def codes_of(decoder: Decoder, raw: bytes) -> list[int]:
    width = decoder[0]
    if width == 1:
        return list(raw)
    return [int.from_bytes(raw[i:i + 2], "big") for i in range(0, len(raw) - 1, 2)]
