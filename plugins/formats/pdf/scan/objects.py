"""Every place of a PDF where a redacted string could hide, and how each is read.

Shared by the writers (may an untouched page be copied? does a page draw text its text layer
hides?) and the verifier (does the written file carry anything?):

* :class:`ObjectScan` — objects: every stream decoded with all its filters (image samples
  too, for long secrets; JPEG data raw and its metadata segments as text), every string
  (UTF-16 with or without a byte-order mark, UTF-8, Latin-1) and every name (``#xx``
  decoded), keys included; memoised per object, so a font or image shared by many pages is
  read once; decompressed sizes counted against the input limits;
* :func:`drawn_hits` — content: strings joined across operators, names, marked-content
  properties and inline image data (:mod:`redactor_plugins.formats.pdf.scan.drawn`);
* :func:`unused_tounicode_text` — ``/ToUnicode`` entries for codes no page shows;
* :func:`lying_text` — glyphs drawn (read by the fonts' own encodings, patterns and soft
  masks included) that the reader's text does not show;
* :class:`UnreadableGlyphs` — whether a page's visible glyphs that their fonts' own
  encodings cannot read (CFF-based and ``cmap``-less CID fonts, glyph names outside the
  Adobe Glyph List) could spell a redacted string, each such glyph standing for any
  character: only pixels (OCR) can tell what such a page shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import pikepdf
from redactor_plugins.formats.pdf.scan.drawn import Drawn
from redactor_plugins.formats.pdf.scan.fonts import UNKNOWN, tounicode_map
from redactor_plugins.formats.pdf.scan.needles import ByteSearch, Needle

from redactor.plugin_api import Budget, VerificationIssue, find_survivors, norm_text

_CODEC_IMAGES = {"/DCTDecode", "/JPXDecode", "/JBIG2Decode", "/CCITTFaxDecode"}


def filters(stream: pikepdf.Stream) -> list[str]:
    f = stream.get("/Filter")
    if f is None:
        return []
    if isinstance(f, pikepdf.Array):
        return [str(x) for x in f]
    return [str(f)]


def decode_pdf_string(raw: bytes) -> str:
    """A PDF text string as text: UTF-16 with a BOM, UTF-8 with a BOM, else Latin-1."""
    if raw.startswith(b"\xfe\xff"):
        return raw[2:].decode("utf-16-be", errors="replace")
    if raw.startswith(b"\xff\xfe"):
        return raw[2:].decode("utf-16-le", errors="replace")
    if raw.startswith(b"\xef\xbb\xbf"):
        return raw[3:].decode("utf-8", errors="replace")
    return raw.decode("latin-1")


def jpeg_metadata(data: bytes) -> bytes:
    """The APPn and COM segments of JPEG data (EXIF, XMP, IPTC, ICC, comments) and any
    bytes after its end marker, concatenated."""
    out = bytearray()
    i, n = 2, len(data)
    while i + 4 <= n and data[i] == 0xFF:
        marker = data[i + 1]
        if marker == 0xDA or marker == 0xD9:
            break
        length = int.from_bytes(data[i + 2:i + 4], "big")
        if 0xE0 <= marker <= 0xEF or marker == 0xFE:
            out += data[i + 4:i + 2 + length]
        i += 2 + length
    end = data.rfind(b"\xff\xd9")
    if end >= 0:
        out += data[end + 2:]
    return bytes(out)


class ObjectScan:
    """Which needles each object carries (see the module docstring)."""

    def __init__(self, search: ByteSearch, budget: Budget | None = None) -> None:
        self.search = search
        self.budget = budget
        self.memo: dict[tuple[int, int], tuple[Needle, ...]] = {}

    def stream(self, stream: pikepdf.Stream) -> list[Needle]:
        found: list[Needle] = []
        chain = filters(stream)
        codec = next((f for f in chain if f in _CODEC_IMAGES), None)
        try:
            data = stream.read_bytes() if codec is None else stream.read_bytes(
                pikepdf.StreamDecodeLevel.generalized)
        except (pikepdf.PdfError, RuntimeError, ValueError):
            data = stream.read_raw_bytes()
        if self.budget is not None:
            self.budget.stream(len(data))
        image = stream.get("/Subtype") == "/Image"
        if codec == "/DCTDecode" or data.startswith(b"\xff\xd8\xff"):
            found += self.search.in_views(jpeg_metadata(data))
        found += self.search.in_bytes(data, binary=image or codec is not None)
        if not image and codec is None:
            found += self.search.in_views(data) if len(data) <= (1 << 20) else []
        return found

    def values(self, obj: object, depth: int = 0) -> Iterator[Needle]:
        """Needles in the strings and names (keys too) of one object, not following
        indirect references."""
        if depth > 64:
            return
        if isinstance(obj, pikepdf.String):
            raw = bytes(obj)
            yield from self.search.in_views(raw)
            yield from self.search.in_text(decode_pdf_string(raw))
        elif isinstance(obj, pikepdf.Name):
            yield from self.search.in_text(str(obj)[1:])
        elif isinstance(obj, pikepdf.Array):
            for item in obj:
                if not (isinstance(item, pikepdf.Object) and item.is_indirect):
                    yield from self.values(item, depth + 1)
        elif isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
            for key, value in obj.items():
                yield from self.search.in_text(key[1:])
                if not (isinstance(value, pikepdf.Object) and value.is_indirect):
                    yield from self.values(value, depth + 1)

    def object(self, obj: pikepdf.Object) -> tuple[Needle, ...]:
        """Needles in one object (its stream data and its own strings and names)."""
        key = obj.objgen if obj.is_indirect else None
        if key is not None and key in self.memo:
            return self.memo[key]
        found: list[Needle] = []
        if isinstance(obj, pikepdf.Stream):
            found += self.stream(obj)
        found += self.values(obj)
        result = tuple(dict.fromkeys(found))
        if key is not None:
            self.memo[key] = result
        return result

    def graph(self, root: pikepdf.Object, skip: Iterable[str] = ("/Parent",)) -> list[Needle]:
        """Needles in everything reachable from ``root`` (memoised per indirect object)."""
        found: dict[Needle, None] = {}
        seen: set[tuple[int, int]] = set()
        stack: list[object] = [root]
        banned = set(skip)
        while stack:
            obj = stack.pop()
            if not isinstance(obj, pikepdf.Object):
                continue
            if obj.is_indirect:
                if obj.objgen in seen:
                    continue
                seen.add(obj.objgen)
                found.update(dict.fromkeys(self.object(obj)))
            elif obj is root:
                found.update(dict.fromkeys(self.object(obj)))
            if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
                stack += [v for k, v in obj.items() if k not in banned]
            elif isinstance(obj, pikepdf.Array):
                stack += list(obj)
        return list(found)


def drawn_hits(drawn: Drawn, search: ByteSearch) -> list[Needle]:
    """Needles in what content carries besides its glyphs: string operands joined across
    operators, names, marked-content properties, inline image data."""
    if not search or not drawn.raw:
        return []
    return search.in_views(b"".join(drawn.raw))


def unused_tounicode_text(pdf: pikepdf.Pdf, used: dict[tuple[int, int], set[int]]) -> str:
    """What the ``/ToUnicode`` entries of codes no page shows read, per font, joined in code
    order (a name can be spelled by entries that no text uses)."""
    parts: list[str] = []
    for obj in pdf.objects:
        if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != "/Font":
            continue
        cmap = tounicode_map(obj.get("/ToUnicode"))
        if cmap is None:
            continue
        shown = used.get(obj.objgen, set())
        parts.append("".join(t for c, t in sorted(cmap[1].items()) if c not in shown))
    return "\n".join(parts)


def lying_text(secrets: list[tuple[str, str]], reader_text: str, drawn: Drawn,
               prefilter: ByteSearch) -> list[VerificationIssue]:
    """Secrets the page's visible glyphs draw (read by the fonts' own encodings, or through
    its maps including patterns and soft masks) more often than the reader's text shows
    them. Invisible text is left to the writers (a rendered page draws none of it; a copied
    page is searched byte by byte)."""
    glyphs, mapped = drawn.glyph_text(visible_only=True), drawn.mapped_text(visible_only=True)
    if not prefilter.in_text(glyphs + "\n" + mapped):
        return []
    return find_survivors(secrets, reader_text, {"glyphs drawn": glyphs,
                                                 "text in patterns and masks": mapped})


class UnreadableGlyphs:
    """Which pages draw glyphs their fonts' own encodings cannot read *where a redacted
    string could be*: the page's visible glyph text (whitespace dropped, case folded) matches
    a secret when every unreadable glyph (U+FFFD) may stand for any character. A page whose
    readable glyphs rule every secret out needs no further check; one of a font that nothing
    reads (a CID font without a usable ``cmap``) always may."""

    def __init__(self, secrets: Iterable[tuple[str, str]]) -> None:
        forms: set[str] = set()
        for _, secret in secrets:
            for text in (secret, norm_text(secret)):
                squashed = "".join(text.split()).casefold()
                if squashed:
                    forms.add(squashed)
        self.patterns = [re.compile("".join(f"[{re.escape(c)}{UNKNOWN}]" for c in form))
                         for form in sorted(forms)]

    def __bool__(self) -> bool:
        return bool(self.patterns)

    def may_hide(self, drawn: Drawn) -> bool:
        """Whether ``drawn`` has visible unreadable glyphs that could spell a secret."""
        if not drawn.unreadable_glyphs or not self.patterns:
            return False
        text = "".join(drawn.glyph_text(visible_only=True).split()).casefold()
        return any(p.search(text) for p in self.patterns)
