"""Copying an untouched page: only what it draws, every object rebuilt from an allow-list.

Pages often share one resource dictionary; a page copied with it would carry every Form
XObject, image and font of every page — including what is drawn only on a redacted page.
:class:`Carrier` copies a page with a *new* resource dictionary holding only the resources
its content (and the content of what it draws, recursively) names, and rebuilds each object
from an allow-list of keys per kind (image, form, font, font descriptor, graphics state,
pattern, shading, function, colour space …): custom keys, ``/Alternates``, ``/OPI``,
``/Metadata``, ``/PieceInfo``, ``/Ref`` (reference XObjects and their file specifications),
``/Name``, structure links and anything unknown are left behind. Streams keep their encoded
data, except JPEG data, which loses its metadata segments (EXIF, XMP, IPTC, ICC, comments:
:func:`strip_jpeg`). A font's ``/ToUnicode`` map is rewritten at :meth:`Carrier.finish` to
the codes the written pages show (unused entries can spell anything), and a Type3 font
keeps only the glyph procedures of those codes.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

import pikepdf
from redactor_plugins.formats.pdf.scan.drawn import Drawn
from redactor_plugins.formats.pdf.scan.fonts import tounicode_map

Name = pikepdf.Name
_N = "num"  # numbers, names, booleans and arrays of them: copied as they are
SCHEMAS: dict[str, dict[str, str]] = {
    "image": {"/Type": _N, "/Subtype": _N, "/Width": _N, "/Height": _N, "/ColorSpace": "cs",
              "/BitsPerComponent": _N, "/Decode": _N, "/ImageMask": _N, "/Mask": "mask",
              "/SMask": "image", "/Interpolate": _N, "/Intent": _N, "/SMaskInData": _N,
              "/Matte": _N, "/DecodeParms": "parms"},
    "form": {"/Type": _N, "/Subtype": _N, "/FormType": _N, "/BBox": _N, "/Matrix": _N,
             "/Group": "group", "/DecodeParms": "parms"},
    "group": {"/Type": _N, "/S": _N, "/CS": "cs", "/I": _N, "/K": _N},
    "font": {"/Type": _N, "/Subtype": _N, "/BaseFont": _N, "/FirstChar": _N, "/LastChar": _N,
             "/Widths": _N, "/FontDescriptor": "descriptor", "/Encoding": "encoding",
             "/DescendantFonts": "cidfont", "/FontBBox": _N, "/FontMatrix": _N},
    "cidfont": {"/Type": _N, "/Subtype": _N, "/BaseFont": _N, "/CIDSystemInfo": "sysinfo",
                "/FontDescriptor": "descriptor", "/DW": _N, "/W": _N, "/DW2": _N, "/W2": _N,
                "/CIDToGIDMap": "raw"},
    "sysinfo": {"/Registry": "str", "/Ordering": "str", "/Supplement": _N},
    "descriptor": {"/Type": _N, "/FontName": _N, "/FontStretch": _N, "/FontWeight": _N,
                   "/Flags": _N, "/FontBBox": _N, "/ItalicAngle": _N, "/Ascent": _N,
                   "/Descent": _N, "/Leading": _N, "/CapHeight": _N, "/XHeight": _N,
                   "/StemV": _N, "/StemH": _N, "/AvgWidth": _N, "/MaxWidth": _N,
                   "/MissingWidth": _N, "/FontFile": "fontfile", "/FontFile2": "fontfile",
                   "/FontFile3": "fontfile", "/CIDSet": "raw"},
    "fontfile": {"/Length1": _N, "/Length2": _N, "/Length3": _N, "/Subtype": _N,
                 "/DecodeParms": "parms"},
    "encoding": {"/Type": _N, "/BaseEncoding": _N, "/Differences": _N},
    "gs": {"/Type": _N, "/LW": _N, "/LC": _N, "/LJ": _N, "/ML": _N, "/D": _N, "/RI": _N,
           "/OP": _N, "/op": _N, "/OPM": _N, "/Font": "gsfont", "/BG": "fn", "/BG2": "fn",
           "/UCR": "fn", "/UCR2": "fn", "/TR": "fn", "/TR2": "fn", "/FL": _N, "/SM": _N,
           "/SA": _N, "/BM": _N, "/SMask": "smask", "/CA": _N, "/ca": _N, "/AIS": _N,
           "/TK": _N, "/UseBlackPtComp": _N},
    "smask": {"/Type": _N, "/S": _N, "/G": "form", "/BC": _N, "/TR": "fn"},
    "tiling": {"/Type": _N, "/PatternType": _N, "/PaintType": _N, "/TilingType": _N,
               "/BBox": _N, "/XStep": _N, "/YStep": _N, "/Matrix": _N, "/DecodeParms": "parms"},
    "shpattern": {"/Type": _N, "/PatternType": _N, "/Shading": "shading", "/Matrix": _N,
                  "/ExtGState": "gs"},
    "shading": {"/ShadingType": _N, "/ColorSpace": "cs", "/Background": _N, "/BBox": _N,
                "/AntiAlias": _N, "/Domain": _N, "/Matrix": _N, "/Function": "fn",
                "/Coords": _N, "/Extend": _N, "/BitsPerCoordinate": _N,
                "/BitsPerComponent": _N, "/BitsPerFlag": _N, "/Decode": _N,
                "/VerticesPerRow": _N, "/DecodeParms": "parms"},
    "fn": {"/FunctionType": _N, "/Domain": _N, "/Range": _N, "/Size": _N,
           "/BitsPerSample": _N, "/Order": _N, "/Encode": _N, "/Decode": _N, "/C0": _N,
           "/C1": _N, "/N": _N, "/Functions": "fn", "/Bounds": _N, "/DecodeParms": "parms"},
    "icc": {"/N": _N, "/Alternate": "cs", "/Range": _N, "/DecodeParms": "parms"},
    "cal": {"/WhitePoint": _N, "/BlackPoint": _N, "/Gamma": _N, "/Matrix": _N, "/Range": _N},
    "parms": {"/Predictor": _N, "/Colors": _N, "/BitsPerComponent": _N, "/Columns": _N,
              "/EarlyChange": _N, "/K": _N, "/EndOfLine": _N, "/EncodedByteAlign": _N,
              "/Rows": _N, "/EndOfBlock": _N, "/BlackIs1": _N, "/DamagedRowsBeforeError": _N,
              "/ColorTransform": _N, "/JBIG2Globals": "raw"},
    "raw": {"/DecodeParms": "parms"},
    "devicen": {"/Subtype": _N, "/Colorants": "colorants", "/Process": "process"},
    "process": {"/ColorSpace": "cs", "/Components": _N},
}
PAGE_KEYS = ("/Group", "/UserUnit", "/BleedBox", "/TrimBox", "/ArtBox")
RESOURCE_KINDS = {"/Font": "font", "/XObject": "xobject", "/ExtGState": "gs",
                  "/ColorSpace": "cs", "/Pattern": "pattern", "/Shading": "shading"}
_DEVICE_CS = {"/DeviceGray", "/DeviceRGB", "/DeviceCMYK", "/Pattern", "/G", "/RGB", "/CMYK",
              "/I", "/Indexed"}


# -- JPEG ------------------------------------------------------------------------------------
def strip_jpeg(data: bytes) -> bytes:
    """JPEG data without its metadata segments (APP0–APP13, APP15, COM) and without bytes
    after the end-of-image marker; APP14 (Adobe colour transform) is kept. Data that does
    not parse as JPEG is returned unchanged (the verifier still searches it)."""
    if not data.startswith(b"\xff\xd8"):
        return data
    out = bytearray(b"\xff\xd8")
    i, n = 2, len(data)
    while i + 4 <= n:
        if data[i] != 0xFF:
            return data
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker == 0xD9:
            out += b"\xff\xd9"
            return bytes(out)
        if 0xD0 <= marker <= 0xD7 or marker == 0x01:
            out += data[i:i + 2]
            i += 2
            continue
        (length,) = struct.unpack_from(">H", data, i + 2)
        end = i + 2 + length
        if length < 2 or end > n:
            return data
        if not (0xE0 <= marker <= 0xED or marker in (0xEF, 0xFE)):
            out += data[i:end]
        i = end
        if marker == 0xDA:  # entropy-coded data runs to the next marker that is not RSTn
            j = i
            while j + 1 < n:
                if data[j] == 0xFF and data[j + 1] not in (0x00, *range(0xD0, 0xD8)):
                    break
                j += 1
            out += data[i:j]
            i = j
    out += b"\xff\xd9"
    return bytes(out)


_ICC_TEXT = {b"desc", b"text", b"mluc", b"mlu ", b"dtim"}


def scrub_icc(data: bytes) -> bytes:
    """An ICC profile with the contents of its text tags (description, copyright, device
    maker and model …) zeroed and its profile ID cleared; the colour data is unchanged."""
    if len(data) < 132:
        return data
    buf = bytearray(data)
    buf[84:100] = bytes(16)  # profile ID: "not computed"
    count = int.from_bytes(buf[128:132], "big")
    for k in range(min(count, 512)):
        at = 132 + 12 * k
        if at + 12 > len(buf):
            break
        off = int.from_bytes(buf[at + 4:at + 8], "big")
        size = int.from_bytes(buf[at + 8:at + 12], "big")
        if size >= 8 and off + size <= len(buf) and bytes(buf[off:off + 4]) in _ICC_TEXT:
            buf[off + 8:off + size] = bytes(size - 8)
    return bytes(buf)


def _is_jpeg(stream: pikepdf.Stream) -> bool:
    f = stream.get("/Filter")
    last = f[-1] if isinstance(f, pikepdf.Array) and len(f) else f
    single = not isinstance(f, pikepdf.Array) or len(f) == 1
    return single and str(last) == "/DCTDecode"


# -- the carrier -----------------------------------------------------------------------------
@dataclass
class _FontRecord:
    source: pikepdf.Dictionary
    copy: pikepdf.Dictionary
    codes: set[int] = field(default_factory=set)


class Carrier:
    """Copies pages into ``out`` (see the module docstring). One per written document."""

    def __init__(self, out: pikepdf.Pdf) -> None:
        self.out = out
        self.memo: dict[tuple[tuple[int, int], str], pikepdf.Object] = {}
        self.fonts: dict[tuple[int, int], _FontRecord] = {}
        self._parent: object = None  # the resources of what is being rebuilt
        self._builders: dict[str, Callable[[object], object]] = {
            "xobject": self._xobject, "cs": self._colorspace, "pattern": self._pattern,
            "mask": self._mask, "gsfont": self._gsfont, "colorants": self._colorants,
            "str": lambda v: v if isinstance(v, pikepdf.String) else None,
        }

    # values --------------------------------------------------------------------------------
    def value(self, obj: object, kind: str) -> object:
        """``obj`` rebuilt as ``kind`` (None: left out)."""
        if obj is None:
            return None
        if kind == _N or (kind == "encoding" and isinstance(obj, pikepdf.Name)):
            return _plain(obj)  # a named encoding (/WinAnsiEncoding, /Identity-H …) stays
        indirect = isinstance(obj, pikepdf.Object) and obj.is_indirect
        key = (obj.objgen, kind) if indirect else None  # type: ignore[union-attr]
        if key is not None and key in self.memo:
            return self.memo[key]
        if kind in self._builders:
            made = self._builders[kind](obj)
        elif kind == "font":
            made = self._font(obj)
        elif isinstance(obj, pikepdf.Array):
            # an array of dictionaries of one kind (/DescendantFonts, /Functions,
            # /DecodeParms): nulls keep their place
            items = [self.value(x, kind) if x is not None else None for x in obj]
            if any(x is None for x, o in zip(items, obj, strict=True) if o is not None):
                return None
            made = pikepdf.Array(items)
        else:
            made = self._dict(obj, kind)
        if made is not None and key is not None:
            if not (isinstance(made, pikepdf.Object) and made.is_indirect) and isinstance(
                    made, pikepdf.Dictionary | pikepdf.Array):
                made = self.out.make_indirect(made)
            self.memo[key] = made  # type: ignore[assignment]
        return made

    def _dict(self, obj: object, kind: str, extra: dict[str, str] | None = None
              ) -> pikepdf.Object | None:
        schema = {**SCHEMAS.get(kind, {}), **(extra or {})}
        if isinstance(obj, pikepdf.Stream) and kind == "icc":
            try:
                new: pikepdf.Object = pikepdf.Stream(self.out, scrub_icc(obj.read_bytes()))
            except pikepdf.PdfError:
                return None
            schema = {k: v for k, v in schema.items() if k != "/DecodeParms"}
        elif isinstance(obj, pikepdf.Stream):
            raw = obj.read_raw_bytes()
            if _is_jpeg(obj):
                raw = strip_jpeg(raw)
            new = pikepdf.Stream(self.out, raw)
            if "/Filter" in obj:
                new.Filter = _plain(obj.Filter)
        elif isinstance(obj, pikepdf.Dictionary):
            new = pikepdf.Dictionary()
        else:
            return None
        for k, sub in schema.items():
            if k in obj:
                v = self.value(obj[k], sub)
                if v is not None:
                    new[k] = v
        return new

    def _xobject(self, obj: object) -> object:
        if not isinstance(obj, pikepdf.Stream):
            return None
        if obj.get("/Subtype") == "/Image":
            return self._dict(obj, "image")
        if obj.get("/Subtype") == "/Form":
            return self._content_owner(obj, "form")
        return None

    def _pattern(self, obj: object) -> object:
        if isinstance(obj, pikepdf.Stream):
            return self._content_owner(obj, "tiling")
        return self._dict(obj, "shpattern")

    def _mask(self, obj: object) -> object:
        return _plain(obj) if isinstance(obj, pikepdf.Array) else self._dict(obj, "image")

    def _gsfont(self, obj: object) -> object:
        if isinstance(obj, pikepdf.Array) and len(obj) == 2:
            font = self.value(obj[0], "font")
            return pikepdf.Array([font, obj[1]]) if font is not None else None
        return None

    def _colorants(self, obj: object) -> object:
        if not isinstance(obj, pikepdf.Dictionary):
            return None
        return pikepdf.Dictionary({k: v for k, v in ((k, self.value(v, "cs"))
                                                     for k, v in obj.items()) if v is not None})

    def _colorspace(self, obj: object) -> object:
        if isinstance(obj, pikepdf.Name):
            return obj
        if not isinstance(obj, pikepdf.Array) or not len(obj):
            return None
        family = str(obj[0])
        items = list(obj)
        if family == "/ICCBased" and len(items) == 2:
            icc = self._dict(items[1], "icc")
            return pikepdf.Array([obj[0], icc]) if icc is not None else None
        if family in ("/CalRGB", "/CalGray", "/Lab") and len(items) == 2:
            return pikepdf.Array([obj[0], self._dict(items[1], "cal")])
        if family in ("/Indexed", "/I") and len(items) == 4:
            lookup = items[3]
            table = lookup if isinstance(lookup, pikepdf.String) else self._dict(lookup, "raw")
            return pikepdf.Array([obj[0], self.value(items[1], "cs"), items[2], table])
        if family == "/Pattern":
            return pikepdf.Array([obj[0], *[self.value(x, "cs") for x in items[1:2]]])
        if family in ("/Separation", "/DeviceN") and len(items) >= 4:
            parts = [obj[0], _plain(items[1]), self.value(items[2], "cs"),
                     self.value(items[3], "fn")]
            if family == "/DeviceN" and len(items) > 4:
                parts.append(self._dict(items[4], "devicen"))
            return pikepdf.Array([p for p in parts if p is not None])
        return _plain(obj)

    def _font(self, obj: object) -> object:
        if not isinstance(obj, pikepdf.Dictionary):
            return None
        new = self._dict(obj, "font")
        if not isinstance(new, pikepdf.Dictionary):
            return None
        if str(obj.get("/Subtype", "")) == "/Type3":
            res = obj.get("/Resources", self._parent)
            # a Type3 font's resources serve all its glyph procedures: each entry rebuilt
            new.Resources = self.resources(res, None) if isinstance(
                res, pikepdf.Dictionary) else pikepdf.Dictionary()
            new.CharProcs = pikepdf.Dictionary()  # filled by finish() for the codes used
        new = self.out.make_indirect(new)
        self.fonts[obj.objgen if obj.is_indirect else (id(obj), -1)] = _FontRecord(obj, new)
        return new

    def _content_owner(self, obj: pikepdf.Stream, kind: str) -> pikepdf.Object | None:
        new = self._dict(obj, kind)
        if new is None:
            return None
        res = obj.get("/Resources", self._parent)  # a form without resources uses its page's
        new.Resources = self.resources(res, obj) if isinstance(res, pikepdf.Dictionary) \
            else pikepdf.Dictionary()
        return new

    def resources(self, res: pikepdf.Dictionary, owner: object) -> pikepdf.Dictionary:
        """A resource dictionary with only the entries ``owner``'s content names (all of
        them when ``owner`` is None: a Type3 font's resources serve all its glyphs)."""
        used = used_names(owner) if owner is not None else None
        fresh = pikepdf.Dictionary()
        parent, self._parent = self._parent, res
        try:
            self._fill(fresh, res, used)
        finally:
            self._parent = parent
        return fresh

    def _fill(self, fresh: pikepdf.Dictionary, res: pikepdf.Dictionary,
              used: dict[str, set[str]] | None) -> None:
        for category, kind in RESOURCE_KINDS.items():
            entries = res.get(category)
            if not isinstance(entries, pikepdf.Dictionary):
                continue
            sub = pikepdf.Dictionary()
            for name, value in entries.items():
                if used is not None and name not in used.get(category, ()):
                    continue
                if category == "/ColorSpace" and name in _DEVICE_CS:
                    continue
                built = self.value(value, kind)
                if built is not None:
                    sub[name] = built
            if len(sub):
                fresh[category] = sub

    # pages ---------------------------------------------------------------------------------
    def page(self, src: pikepdf.Dictionary, media: pikepdf.Array, crop: pikepdf.Array | None,
             rotate: int, resources: object) -> pikepdf.Dictionary:
        """A copy of page ``src`` in ``out`` (not yet added to the page tree)."""
        fresh = pikepdf.Dictionary(Type=Name.Page, MediaBox=media)
        if crop is not None:
            fresh.CropBox = crop
        if rotate:
            fresh.Rotate = rotate
        contents = src.get("/Contents")
        streams = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
        data = b"\n".join(s.read_bytes() for s in streams if isinstance(s, pikepdf.Stream))
        fresh.Contents = pikepdf.Stream(self.out, data)
        fresh.Resources = self.resources(resources, fresh.Contents) if isinstance(
            resources, pikepdf.Dictionary) else pikepdf.Dictionary()
        for key in PAGE_KEYS:
            if key in src:
                v = self.value(src[key], "group" if key == "/Group" else _N)
                if v is not None:
                    fresh[key] = v
        return self.out.make_indirect(fresh)

    def commit(self, drawn: Drawn) -> None:
        """Record the codes a written page shows (``drawn`` read from the page in ``out``)."""
        by_copy = {rec.copy.objgen: rec for rec in self.fonts.values()}
        for key, codes in drawn.codes.items():
            font = drawn.fonts.get(key)
            if isinstance(font, pikepdf.Dictionary) and font.is_indirect:
                rec = by_copy.get(font.objgen)
                if rec is not None:
                    rec.codes |= codes

    def finish(self) -> None:
        """Write each carried font's ``/ToUnicode`` (and Type3 glyphs) for its used codes."""
        for rec in self.fonts.values():
            cmap = tounicode_map(rec.source.get("/ToUnicode"))
            if cmap is not None:
                width, table = cmap
                entries = [(c, table[c]) for c in sorted(rec.codes) if table.get(c)]
                rec.copy.ToUnicode = pikepdf.Stream(self.out, cmap_bytes(width, entries))
            if str(rec.source.get("/Subtype", "")) == "/Type3":
                self._type3(rec)

    def _type3(self, rec: _FontRecord) -> None:
        procs = rec.source.get("/CharProcs")
        enc = rec.source.get("/Encoding")
        diffs = enc.get("/Differences") if isinstance(enc, pikepdf.Dictionary) else None
        if not isinstance(procs, pikepdf.Dictionary) or not isinstance(diffs, pikepdf.Array):
            return
        names, code = {}, 0
        for item in diffs:
            if isinstance(item, pikepdf.Name):
                names[code] = str(item)
                code += 1
            else:
                code = int(item)
        kept = pikepdf.Dictionary()
        for c in sorted(rec.codes):
            proc = procs.get(names.get(c, "/.notdef"))
            if isinstance(proc, pikepdf.Stream):
                kept[names[c]] = pikepdf.Stream(self.out, proc.read_bytes())
        rec.copy.CharProcs = kept
        rec.copy.Encoding = pikepdf.Dictionary(
            Type=Name.Encoding, Differences=pikepdf.Array(
                [x for c in sorted(rec.codes) if c in names for x in (c, Name(names[c]))]))
        for key in ("/FontMatrix", "/FontBBox", "/FirstChar", "/LastChar", "/Widths"):
            if key in rec.source:
                rec.copy[key] = _plain(rec.source[key])


def cmap_bytes(width: int, entries: list[tuple[int, str]]) -> bytes:
    """A ToUnicode CMap with one ``bfchar`` entry per (code, text)."""
    lo, hi = "00" * width, "FF" * width
    out = [b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
           b"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
           b"/CMapName /Redactor-UCS def /CMapType 2 def",
           f"1 begincodespacerange <{lo}> <{hi}> endcodespacerange".encode()]
    for i in range(0, len(entries), 100):
        chunk = entries[i:i + 100]
        out.append(f"{len(chunk)} beginbfchar".encode())
        for code, text in chunk:
            out.append(f"<{code:0{2 * width}X}> <{text.encode('utf-16-be').hex().upper()}>"
                       .encode())
        out.append(b"endbfchar")
    out.append(b"endcmap CMapName currentdict /CMap defineresource pop end end")
    return b"\n".join(out)


def _plain(obj: object, depth: int = 0) -> object:
    """Numbers, names, booleans, null and arrays of them; anything else is left out."""
    if depth > 8:
        return None
    if isinstance(obj, pikepdf.Array):
        items = [_plain(x, depth + 1) for x in obj]
        return pikepdf.Array([x for x in items if x is not None])
    if isinstance(obj, pikepdf.Name | bool | int | float | Decimal):
        return obj
    if isinstance(obj, pikepdf.Object) and obj._type_code in (  # noqa: SLF001
            pikepdf.ObjectType.integer, pikepdf.ObjectType.real, pikepdf.ObjectType.boolean,
            pikepdf.ObjectType.null):
        return obj
    return None


def used_names(owner: object) -> dict[str, set[str]]:
    """The resource names a content stream uses, by category (``/Font``, ``/XObject`` …)."""
    used: dict[str, set[str]] = {k: set() for k in RESOURCE_KINDS}
    try:
        ops = pikepdf.parse_content_stream(owner)
    except (pikepdf.PdfError, TypeError, ValueError):
        return used
    for item in ops:
        if isinstance(item, pikepdf.ContentStreamInlineImage):
            cs = item.iimage.obj.get("/ColorSpace")
            if isinstance(cs, pikepdf.Name):
                used["/ColorSpace"].add(str(cs))
            continue
        operands, op = item.operands, str(item.operator)
        first = str(operands[0]) if operands and isinstance(operands[0], pikepdf.Name) else ""
        if op == "Tf":
            used["/Font"].add(first)
        elif op == "Do":
            used["/XObject"].add(first)
        elif op == "gs":
            used["/ExtGState"].add(first)
        elif op in ("cs", "CS"):
            used["/ColorSpace"].add(first)
        elif op == "sh":
            used["/Shading"].add(first)
        elif op in ("scn", "SCN") and operands and isinstance(operands[-1], pikepdf.Name):
            used["/Pattern"].add(str(operands[-1]))
    return used
