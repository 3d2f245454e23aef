"""What a page draws, read without trusting its text layer.

:func:`page_drawn` interprets a page's content the way a renderer reaches it — Form
XObjects at their ``Do``, a tiling pattern's cell where it is selected, a soft mask's group
at its ``gs``, a Type3 glyph's procedure at each glyph shown — and collects, in drawing
order:

* ``glyphs``: the text of every text-showing operator decoded by the font's *own* encoding
  (:func:`~redactor_plugins.formats.pdf.scan.fonts.own_decoder`; ``/ToUnicode`` and
  ``/ActualText`` are not trusted), a ``TJ`` array's pieces joined, so text split between
  operators, or between a page and a pattern, reads whole;
* ``mapped``: the same through the ``/ToUnicode`` maps (what extractors show);
* ``raw``: every string operand (octal and hex escapes decoded), every name operand (``#xx``
  decoded), marked-content tags and property lists, and the decoded data of inline images
  (ASCIIHex, ASCII85, Flate … all filters) — for the byte search;
* ``codes``: the codes shown per font, so unused ``/ToUnicode`` entries can be told apart.

Work is bounded: each stream is expanded at most :data:`MAX_EXPANSIONS` times per page,
nesting at most :data:`MAX_DEPTH` deep, and at most :data:`MAX_OPS` operators are read per
page (``complete`` is False beyond).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pikepdf
from redactor_plugins.formats.pdf.scan.fonts import (
    UNKNOWN,
    Decoder,
    codes_of,
    mapped_decoder,
    own_decoder,
    translator,
)

MAX_DEPTH = 16
MAX_EXPANSIONS = 64
MAX_OPS = 2_000_000
SHOW = {"Tj", "TJ", "'", '"'}
#: Operators that take only numbers or strings (any other may carry names or dictionaries,
#: unknown operators included).
UNNAMED = {"Td", "TD", "Tm", "T*", "Tc", "Tw", "Tz", "TL", "Ts", "Tr", "Tj", "TJ", "'", '"',
           "m", "l", "c", "v", "y", "re", "h", "S", "s", "f", "F", "f*", "B", "B*", "b", "b*",
           "n", "W", "W*", "q", "Q", "cm", "w", "J", "j", "M", "d", "i", "g", "G", "rg", "RG",
           "k", "K", "sc", "SC", "BT", "ET", "EMC", "d0", "d1"}
FontKey = tuple[int, int] | int


@dataclass
class FontUse:
    font: pikepdf.Dictionary
    own: Decoder
    mapped: Decoder
    type3: bool

    def __post_init__(self) -> None:
        self.read_own = translator(self.own)
        self.read_mapped = translator(self.mapped)


@dataclass
class Drawn:
    """What one page draws (see the module docstring)."""

    glyphs: list[str] = field(default_factory=list)
    mapped: list[str] = field(default_factory=list)
    visible: list[bool] = field(default_factory=list)  # per piece: render mode other than 3
    raw: list[bytes] = field(default_factory=list)
    codes: dict[FontKey, set[int]] = field(default_factory=dict)
    fonts: dict[FontKey, pikepdf.Dictionary] = field(default_factory=dict)
    unreadable_glyphs: int = 0  # visible glyphs the font's own encoding cannot read
    inline_pixels: int = 0  # the largest inline image, width × height
    ops: int = 0
    complete: bool = True

    def glyph_text(self, visible_only: bool = False) -> str:
        return "\n".join(t for t, v in zip(self.glyphs, self.visible, strict=True)
                         if v or not visible_only)

    def mapped_text(self, visible_only: bool = False) -> str:
        return "\n".join(t for t, v in zip(self.mapped, self.visible, strict=True)
                         if v or not visible_only)


def _key(obj: pikepdf.Object) -> FontKey:
    return obj.objgen if obj.is_indirect else id(obj)


def _get(res: object, category: str, name: str) -> object:
    d = res.get(category) if isinstance(res, pikepdf.Dictionary) else None
    return d.get(name) if isinstance(d, pikepdf.Dictionary) else None


def walk_values(obj: object, depth: int = 0) -> Iterator[bytes]:
    """Every string and name (keys too) inside a direct object, as bytes."""
    if depth > 32:
        return
    if isinstance(obj, pikepdf.String):
        yield bytes(obj)
    elif isinstance(obj, pikepdf.Name):
        yield str(obj)[1:].encode("utf-8", "surrogateescape")
    elif isinstance(obj, pikepdf.Array):
        for item in obj:
            yield from walk_values(item, depth + 1)
    elif isinstance(obj, pikepdf.Dictionary):
        for key, value in obj.items():
            yield key[1:].encode("utf-8", "surrogateescape")
            if not (isinstance(value, pikepdf.Object) and value.is_indirect):
                yield from walk_values(value, depth + 1)


def inline_image_data(item: pikepdf.ContentStreamInlineImage, scratch: pikepdf.Pdf
                      ) -> tuple[bytes, int]:
    """(decoded data, width × height) of an inline image; undecodable data is returned raw."""
    image = item.iimage
    try:
        raw = image.read_raw_bytes()
        head = image.obj
        pixels = int(head.get("/Width", 0)) * int(head.get("/Height", 0))
    except (pikepdf.PdfError, ValueError, TypeError):
        return b"", 0
    stream = pikepdf.Stream(scratch, raw)
    for key in ("/Filter", "/DecodeParms"):
        if key in head:
            stream[key] = head[key]
    try:
        return stream.read_bytes(), pixels
    except (pikepdf.PdfError, ValueError, RuntimeError):
        return raw, pixels


class Interpreter:
    """Walks one page (see :func:`page_drawn`); font decoders are cached per document."""

    def __init__(self, fonts: dict[FontKey, FontUse] | None = None) -> None:
        self.font_cache = fonts if fonts is not None else {}
        self.scratch = pikepdf.new()
        self.drawn = Drawn()
        self.expanded: dict[tuple[int, int] | int, int] = {}

    def font_use(self, font: object) -> FontUse | None:
        if not isinstance(font, pikepdf.Dictionary):
            return None
        key = _key(font)
        if key not in self.font_cache:
            own = own_decoder(font)
            self.font_cache[key] = FontUse(font, own, mapped_decoder(font, own),
                                           str(font.get("/Subtype", "")) == "/Type3")
        return self.font_cache[key]

    def enter(self, stream: object) -> bool:
        """Whether ``stream`` may be expanded once more on this page."""
        if not isinstance(stream, pikepdf.Stream):
            return False
        key = stream.objgen if stream.is_indirect else id(stream)
        n = self.expanded.get(key, 0)
        if n >= MAX_EXPANSIONS:
            return False
        self.expanded[key] = n + 1
        return True

    def run(self, owner: object, res: object, depth: int = 0) -> None:
        d = self.drawn
        if depth > MAX_DEPTH or not d.complete:
            d.complete = False
            return
        try:
            ops = pikepdf.parse_content_stream(owner)
        except (pikepdf.PdfError, TypeError, ValueError):
            d.complete = False
            return
        font: FontUse | None = None
        mode = 0
        saved: list[tuple[FontUse | None, int]] = []
        for item in ops:
            d.ops += 1
            if d.ops > MAX_OPS:
                d.complete = False
                return
            if isinstance(item, pikepdf.ContentStreamInlineImage):
                data, pixels = inline_image_data(item, self.scratch)
                d.raw.append(data)
                d.inline_pixels = max(d.inline_pixels, pixels)
                continue
            operands, op = item.operands, str(item.operator)
            if op not in UNNAMED:
                for value in operands:
                    if isinstance(value, pikepdf.Name):
                        d.raw.append(str(value)[1:].encode("utf-8", "surrogateescape"))
                    elif isinstance(value, pikepdf.Dictionary):
                        d.raw.extend(walk_values(value))
            if op == "q":
                saved.append((font, mode))
            elif op == "Q":
                font, mode = saved.pop() if saved else (font, mode)
            elif op == "Tr" and operands:
                try:
                    mode = int(operands[0])
                except (TypeError, ValueError):
                    mode = 0
            elif op == "Tf" and operands:
                font = self.font_use(_get(res, "/Font", str(operands[0])))
            elif op in SHOW:
                self.show(operands, font, mode, res, depth)
            elif op == "Do" and operands:
                xo = _get(res, "/XObject", str(operands[0]))
                if isinstance(xo, pikepdf.Stream) and xo.get("/Subtype") == "/Form" \
                        and self.enter(xo):
                    self.run(xo, xo.get("/Resources", res), depth + 1)
            elif op == "gs" and operands:
                gs = _get(res, "/ExtGState", str(operands[0]))
                if isinstance(gs, pikepdf.Dictionary):
                    smask = gs.get("/SMask")
                    group = smask.get("/G") if isinstance(smask, pikepdf.Dictionary) else None
                    if isinstance(group, pikepdf.Stream) and self.enter(group):
                        self.run(group, group.get("/Resources", res), depth + 1)
                    gfont = gs.get("/Font")
                    if isinstance(gfont, pikepdf.Array) and len(gfont):
                        font = self.font_use(gfont[0])
            elif op in ("scn", "SCN") and operands and isinstance(operands[-1], pikepdf.Name):
                pat = _get(res, "/Pattern", str(operands[-1]))
                if isinstance(pat, pikepdf.Stream) and self.enter(pat):
                    self.run(pat, pat.get("/Resources", res), depth + 1)
            elif op in ("BDC", "DP") and len(operands) > 1 and \
                    isinstance(operands[1], pikepdf.Name):
                props = _get(res, "/Properties", str(operands[1]))
                if isinstance(props, pikepdf.Dictionary):
                    d.raw.extend(walk_values(props))

    def show(self, operands: list, font: FontUse | None, mode: int, res: object,
             depth: int) -> None:
        d = self.drawn
        arg = operands[-1] if operands else None
        pieces = [bytes(x) for x in arg if isinstance(x, pikepdf.String)] \
            if isinstance(arg, pikepdf.Array) else \
            [bytes(arg)] if isinstance(arg, pikepdf.String) else []
        if not pieces:
            return
        d.raw.extend(pieces)
        d.visible.append(mode != 3)
        if font is None:
            d.glyphs.append("".join(p.decode("latin-1") for p in pieces))
            d.mapped.append(d.glyphs[-1])
            return
        glyphs = "".join(font.read_own(p) for p in pieces)
        d.glyphs.append(glyphs)
        d.mapped.append("".join(font.read_mapped(p) for p in pieces))
        key = _key(font.font)
        d.fonts[key] = font.font
        used = d.codes.setdefault(key, set())
        for p in pieces:
            used.update(codes_of(font.own, p))
        if mode != 3:
            d.unreadable_glyphs += glyphs.count(UNKNOWN)
        if font.type3:
            self.type3_glyphs(font, pieces, res, depth)

    def type3_glyphs(self, font: FontUse, pieces: list[bytes], res: object, depth: int
                     ) -> None:
        procs = font.font.get("/CharProcs")
        enc = font.font.get("/Encoding")
        diffs = enc.get("/Differences") if isinstance(enc, pikepdf.Dictionary) else None
        if not isinstance(procs, pikepdf.Dictionary) or not isinstance(diffs, pikepdf.Array):
            return
        names: dict[int, str] = {}
        code = 0
        for item in diffs:
            if isinstance(item, pikepdf.Name):
                names[code] = str(item)
                code += 1
            else:
                try:
                    code = int(item)
                except (TypeError, ValueError):
                    code = 0
        own_res = font.font.get("/Resources", res)
        for code in sorted({c for p in pieces for c in p}):
            proc = procs.get(names.get(code, "/.notdef"))
            if self.enter(proc):
                self.run(proc, own_res, depth + 1)


def page_drawn(page: pikepdf.Dictionary | pikepdf.Page, resources: object,
               fonts: dict[FontKey, FontUse] | None = None) -> Drawn:
    """What ``page`` draws, decoded as described in the module docstring. ``fonts`` is a
    per-document cache of font decoders."""
    interp = Interpreter(fonts)
    owner = page if isinstance(page, pikepdf.Page) else page.get("/Contents")
    if owner is not None:
        interp.run(owner, resources)
    return interp.drawn
