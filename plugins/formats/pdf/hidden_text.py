"""What a PDF draws where text extractors do not look: soft masks, patterns, Type3 glyphs.

PDFium and pdfminer read the text of a page's content and of its Form XObjects, but not what
is drawn inside a soft mask's transparency group (``/ExtGState`` → ``/SMask`` → ``/G``), a
tiling pattern's cell, or a Type3 font's glyph procedure (``/CharProcs``; the extractors see
the glyph's character, not what its procedure draws). Text there is visible on the page, yet
no box can be placed over it (no character positions): a redacted name there would survive
both rendering and copying. Likewise an image drawn there cannot be boxed.

:func:`hidden_text` returns what such content shows, joined the ways a word split over
several operators reads (``(Kristoffer) Tj ( Haugland) Tj``), decoded through the font's
``/ToUnicode`` map or ``/Differences`` glyph names where there is one; text it cannot decode
(composite fonts, unknown glyph names) is reported as unreadable, so the writer can refuse
rather than guess. :func:`hidden_images` lists the image objects drawn there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import pikepdf
from redactor_plugins.formats.pdf.image_paint import images_under
from redactor_plugins.formats.pdf.rects import Rect, inherited
from redactor_plugins.formats.pdf.scan.objects import decode_pdf_string

from redactor.plugin_api import VerificationError, norm_text

_SHOW = {"Tj", "TJ", "'", '"'}
_SPACE_KERN = -200  # a TJ adjustment wider than this (thousandths of an em) reads as a space
_INVISIBLE = 3  # render mode 3 draws nothing; 7 (clip) shapes what is painted next: visible
_GLYPHS = {"space": " ", "hyphen": "-", "period": ".", "comma": ",", "slash": "/",
           "colon": ":", "quoteright": "'", "quotesingle": "'", "underscore": "_",
           **{name: str(d) for d, name in enumerate(
               "zero one two three four five six seven eight nine".split())}}
_DIACRITIC = re.compile(r"^([A-Za-z])(acute|grave|dieresis|circumflex|tilde|ring|cedilla|caron"
                        r"|slash|macron|breve|ogonek|dotaccent)$")


@dataclass
class Shown:
    """What hidden content draws: visible text, invisible text, whether some was unreadable."""

    visible: list[str] = field(default_factory=list)
    invisible: list[str] = field(default_factory=list)
    unreadable: bool = False


def _glyph_char(name: str) -> str | None:
    if len(name) == 1 and name.isalnum():
        return name
    if name in _GLYPHS:
        return _GLYPHS[name]
    if name.startswith("uni") and len(name) == 7:
        try:
            return chr(int(name[3:], 16))
        except ValueError:
            return None
    m = _DIACRITIC.match(name)
    return m.group(1) if m else None  # the base letter: the search ignores diacritics


def _to_unicode(cmap: pikepdf.Stream) -> tuple[int, dict[int, str]] | None:
    """A ``/ToUnicode`` CMap as (code width in bytes, {code: text}), or None when its codes
    are of mixed widths or it cannot be read."""
    try:
        data = cmap.read_bytes().decode("latin-1")
    except pikepdf.PdfError:
        return None
    table: dict[int, str] = {}
    widths: set[int] = set()

    def text(hexed: str) -> str:
        raw = bytes.fromhex(hexed)
        return raw.decode("utf-16-be", errors="replace") if len(raw) % 2 == 0 else ""

    for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>", block):
            widths.add(len(src) // 2)
            table[int(src, 16)] = text(dst)
    for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>",
                                      block):
            widths.add(len(lo) // 2)
            base = int(dst, 16)
            for k, code in enumerate(range(int(lo, 16), min(int(hi, 16), int(lo, 16) + 65535) + 1)):
                table[code] = chr(base + k) if base + k < 0x110000 else ""
    if len(widths) != 1:
        return None
    return widths.pop(), table


#: How a font's string bytes become text: (bytes per code, {code: text}).
Decoder = tuple[int, dict[int, str]]


def font_decoder(font: object) -> Decoder | None:
    """How to read a font's strings: a simple font by its Latin-1 bytes, corrected by
    ``/Differences`` or replaced by ``/ToUnicode``; a composite (Type0) font with an
    ``Identity`` encoding through its two-byte ``/ToUnicode`` map. None when its text cannot
    be read (other composite encodings, no map, unknown glyph names)."""
    if not isinstance(font, pikepdf.Dictionary):
        return None
    cmap = font.get("/ToUnicode")
    mapped = _to_unicode(cmap) if isinstance(cmap, pikepdf.Stream) else None
    if str(font.get("/Subtype", "")) == "/Type0":
        if str(font.get("/Encoding", "")) not in ("/Identity-H", "/Identity-V"):
            return None
        return mapped if mapped is not None and mapped[0] == 2 else None
    table = {c: chr(c) for c in range(256)}
    enc = font.get("/Encoding")
    if isinstance(enc, pikepdf.Dictionary) and "/Differences" in enc:
        code = 0
        for item in enc.Differences:
            if isinstance(item, pikepdf.Name):
                char = _glyph_char(str(item)[1:])
                if char is None:
                    return None
                table[code] = char
                code += 1
            else:
                code = int(item)
    if isinstance(cmap, pikepdf.Stream):
        if mapped is None or mapped[0] != 1:
            return None
        table.update(mapped[1])
    return 1, table


def shown_strings(owner: object, resources: object) -> Shown:
    """What one content stream's text-showing operators draw, in order, decoded with the
    fonts of ``resources``. A ``TJ`` array's pieces are joined, with a space where it moves
    right by more than a fifth of an em."""
    shown = Shown()
    try:
        ops = pikepdf.parse_content_stream(owner)
    except (pikepdf.PdfError, TypeError, ValueError):
        shown.unreadable = True
        return shown
    fonts = resources.get("/Font") if isinstance(resources, pikepdf.Dictionary) else None
    decoders: dict[str, Decoder | None] = {}
    decoder: Decoder | None = (1, {c: chr(c) for c in range(256)})
    mode, saved = 0, []

    def decode(raw: bytes) -> str:
        if decoder is None:
            shown.unreadable = True
            return ""
        width, table = decoder
        if width == 1:
            if raw[:2] in (b"\xfe\xff", b"\xff\xfe", b"\xef\xbb"):
                return decode_pdf_string(raw)
            return "".join(table.get(b, "") for b in raw)
        return "".join(table.get(int.from_bytes(raw[i:i + 2], "big"), "")
                       for i in range(0, len(raw) - 1, 2))

    for item in ops:
        if isinstance(item, pikepdf.ContentStreamInlineImage):
            continue
        op = str(item.operator)
        if op == "q":
            saved.append((mode, decoder))
        elif op == "Q":
            mode, decoder = saved.pop() if saved else (0, decoder)
        elif op == "Tr" and item.operands:
            mode = int(item.operands[0])
        elif op == "Tf" and item.operands:
            name = str(item.operands[0])
            if name not in decoders:
                decoders[name] = font_decoder(fonts.get(name) if isinstance(
                    fonts, pikepdf.Dictionary) else None)
            decoder = decoders[name]
        if op not in _SHOW:
            continue
        arg = item.operands[-1] if item.operands else None
        piece = ""
        if isinstance(arg, pikepdf.Array):
            for x in arg:
                if isinstance(x, pikepdf.String):
                    piece += decode(bytes(x))
                elif float(x) < _SPACE_KERN:
                    piece += " "
        elif isinstance(arg, pikepdf.String):
            piece = decode(bytes(arg))
        (shown.invisible if mode == _INVISIBLE else shown.visible).append(piece)
    return shown


def _hidden_streams(res: object, hidden: bool, seen: set[tuple[int, int, bool]],
                    depth: int = 0) -> Iterator[tuple[pikepdf.Stream, object]]:
    """(content stream, its resources) reachable from ``res`` that draw inside a soft mask,
    a pattern or a Type3 glyph (``hidden``: ``res`` already belongs to one)."""
    if depth > 16 or not isinstance(res, pikepdf.Dictionary):
        return
    children: list[tuple[pikepdf.Stream, object, bool]] = []
    xobjs = res.get("/XObject")
    if isinstance(xobjs, pikepdf.Dictionary):
        children += [(xo, xo.get("/Resources", res), hidden) for _, xo in xobjs.items()
                     if isinstance(xo, pikepdf.Stream) and xo.get("/Subtype") == "/Form"]
    patterns = res.get("/Pattern")
    if isinstance(patterns, pikepdf.Dictionary):
        children += [(p, p.get("/Resources"), True) for _, p in patterns.items()
                     if isinstance(p, pikepdf.Stream)]
    states = res.get("/ExtGState")
    if isinstance(states, pikepdf.Dictionary):
        for _, gs in states.items():
            smask = gs.get("/SMask") if isinstance(gs, pikepdf.Dictionary) else None
            group = smask.get("/G") if isinstance(smask, pikepdf.Dictionary) else None
            if isinstance(group, pikepdf.Stream):
                children.append((group, group.get("/Resources"), True))
    fonts = res.get("/Font")
    if isinstance(fonts, pikepdf.Dictionary):
        for _, font in fonts.items():
            procs = font.get("/CharProcs") if isinstance(font, pikepdf.Dictionary) else None
            if str(font.get("/Subtype", "")) == "/Type3" and isinstance(procs, pikepdf.Dictionary):
                own = font.get("/Resources", res)
                children += [(proc, own, True) for _, proc in procs.items()
                             if isinstance(proc, pikepdf.Stream)]
    for stream, stream_res, inside in children:
        if stream.is_indirect:
            key = (*stream.objgen, inside)
            if key in seen:
                continue
            seen.add(key)  # type: ignore[arg-type]
        if inside:
            yield stream, stream_res
        if stream_res is not res:
            yield from _hidden_streams(stream_res, inside, seen, depth + 1)


def hidden_text(resources: object, cache: dict[tuple[int, int], Shown] | None = None
                ) -> tuple[str, str, bool]:
    """What the soft masks, patterns and Type3 glyphs reachable from a page's ``resources``
    show: (visible text, invisible text, whether some text there could not be decoded); each
    stream's strings joined without and with spaces. ``cache`` (one per document) keeps each
    shared stream's reading, so fonts and patterns used on every page are parsed once."""
    visible: list[str] = []
    invisible: list[str] = []
    unreadable = False
    for stream, res in _hidden_streams(resources, False, set()):
        key = stream.objgen if stream.is_indirect else None
        if cache is not None and key is not None and key in cache:
            shown = cache[key]
        else:
            shown = shown_strings(stream, res)
            if cache is not None and key is not None:
                cache[key] = shown
        unreadable = unreadable or (shown.unreadable and bool(shown.visible))
        for strings, out in ((shown.visible, visible), (shown.invisible, invisible)):
            if any(strings):
                out += ["".join(strings), " ".join(strings)]
    return "\n".join(visible), "\n".join(invisible), unreadable


def hidden_images(resources: object) -> set[tuple[int, int]]:
    """The image objects drawn inside the soft masks, patterns and Type3 glyphs reachable
    from a page's ``resources``."""
    found: set[tuple[int, int]] = set()
    for _stream, res in _hidden_streams(resources, False, set()):
        xobjs = res.get("/XObject") if isinstance(res, pikepdf.Dictionary) else None
        if isinstance(xobjs, pikepdf.Dictionary):
            found |= {xo.objgen for _, xo in xobjs.items() if isinstance(xo, pikepdf.Stream)
                      and xo.get("/Subtype") == "/Image" and xo.is_indirect}
    return found


def hidden_secret_pages(pike: pikepdf.Pdf, secrets: Sequence[str]) -> set[int]:
    """Pages whose soft masks, patterns or Type3 glyphs carry a redacted string in invisible
    text (render mode 3): they are rendered, which draws nothing of it, never copied or
    rewritten. Raises when such a string is drawn *visibly* there, or when visible text there
    cannot be decoded (:mod:`redactor_plugins.formats.pdf.hidden_text`): no box can be placed over
    it, so neither rendering nor copying would remove it."""
    pages: set[int] = set()
    if not secrets:
        return pages
    cache: dict = {}
    for i, src in enumerate(pike.pages):
        visible, invisible, unreadable = hidden_text(inherited(src.obj, "/Resources"), cache)
        visible, invisible = norm_text(visible), norm_text(invisible)
        if visible and any(s in visible for s in secrets):
            raise VerificationError(
                f"page {i + 1} draws redacted text inside a soft mask, a pattern or a Type3 "
                "glyph, where it cannot be located and removed; nothing was written")
        if unreadable:
            raise VerificationError(
                f"page {i + 1} draws text inside a soft mask, a pattern or a Type3 glyph in a "
                "font that cannot be decoded, so it cannot be checked for redacted text; "
                "nothing was written")
        if invisible and any(s in invisible for s in secrets):
            pages.add(i)
    return pages


def refuse_hidden_images(pike: pikepdf.Pdf, rects: Mapping[int, list[Rect]]) -> None:
    """Raise when an image under a redaction box is also drawn inside a pattern, a soft mask
    or a Type3 glyph on some page, where no box can be carried to it."""
    hidden = {i: found for i, src in enumerate(pike.pages)
              if (found := hidden_images(inherited(src.obj, "/Resources")))}
    if not hidden:  # the usual case: no content is parsed at all
        return
    boxed: set[tuple[int, int]] = set()
    for i, page_rects in rects.items():
        if page_rects and i < len(pike.pages):
            src = pike.pages[i]
            boxed |= set(images_under(src, inherited(src.obj, "/Resources"),
                                      [(r.x0, r.y0, r.x1, r.y1) for r in page_rects]))
    for i, found in hidden.items():
        if found & boxed:
            raise VerificationError(
                f"page {i + 1} uses an image that is redacted elsewhere inside a pattern or a "
                "soft mask, where it cannot be boxed; nothing was written")
