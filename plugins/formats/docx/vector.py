"""Vector images inside a DOCX: read, scrubbed, or replaced — never copied through unread.

* **SVG** keeps only drawing elements (shapes, groups, gradients, clips, masks, filters,
  internal ``use`` references) and their attributes; scripts, foreign objects, embedded
  images, fonts, links, animations, metadata, titles and descriptions and every attribute in
  a foreign namespace are removed. A ``<text>`` element whose text — joined across its
  ``<tspan>``\\ s — carries a redacted string is removed.
* **EMF/WMF** (also gzip-compressed EMZ/WMZ) are parsed record by record: comment and escape
  records (EMF+ drawing, private data) are dropped, font face names that carry a redacted
  string become ``Arial``, and when the text of all text records together (one character per
  record included) carries a redacted string, every text record is blanked (spaces).
  A file that does not parse is replaced by a blank PNG of its size.

:func:`emf_texts`/:func:`wmf_texts` give the verifier the same text records.
"""

from __future__ import annotations

import gzip
import io
import struct
from collections.abc import Callable
from dataclasses import dataclass, field

from lxml import etree
from PIL import Image

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
SVG_KEEP = frozenset({
    "svg", "g", "defs", "symbol", "use", "path", "rect", "circle", "ellipse", "line",
    "polyline", "polygon", "linearGradient", "radialGradient", "stop", "clipPath", "mask",
    "pattern", "marker", "filter", "feGaussianBlur", "feOffset", "feBlend", "feFlood",
    "feComposite", "feMerge", "feMergeNode", "feColorMatrix", "feDropShadow", "style",
    "text", "tspan", "textPath",
})
MAX_UNPACKED = 64 << 20

# EMF record types
EMR_HEADER, EMR_EOF, EMR_GDICOMMENT = 1, 14, 70
EMR_TEXT_A, EMR_TEXT_W, EMR_POLYTEXT_A, EMR_POLYTEXT_W, EMR_SMALLTEXT = 83, 84, 96, 97, 108
EMR_FONT_W = 82
EMR_BITMAPS = frozenset({76, 77, 78, 79, 80, 81, 114, 116})
# WMF record functions
META_TEXTOUT, META_EXTTEXTOUT, META_ESCAPE, META_FONT = 0x0521, 0x0A32, 0x0626, 0x02FB
META_BITMAPS = frozenset({0x0B41, 0x0F43, 0x0940, 0x0922, 0x0B23, 0x0D33})
WMF_PLACEABLE = 0x9AC6CDD7


class VectorError(ValueError):
    """A vector image that does not parse as its format says."""


@dataclass
class Scrubbed:
    """A processed vector image: its new bytes and what happened to it (counts only)."""

    data: bytes
    text_removed: bool = False
    has_bitmaps: bool = False
    size: tuple[int, int] = (1, 1)
    notes: list[str] = field(default_factory=list)


def _local(tag: object) -> str:
    return tag.split("}", 1)[-1] if isinstance(tag, str) else ""


# -- SVG -------------------------------------------------------------------------------------
def scrub_svg(root: etree._Element, carries: Callable[[str], bool]) -> bool:
    """Sanitise an SVG tree in place (see the module docstring); True when text was
    removed because it carried a redacted string."""
    removed = False
    for el in list(root.iter()):
        if el.getparent() is None and el is not root:
            continue  # inside a subtree already removed
        tag = el.tag
        ns = tag[1:].split("}", 1)[0] if isinstance(tag, str) and tag.startswith("{") else ""
        if not isinstance(tag, str) or ns != SVG or _local(tag) not in SVG_KEEP:
            if el is not root and el.getparent() is not None:
                el.getparent().remove(el)
            continue
        for key in list(el.attrib):
            kns = key[1:].split("}", 1)[0] if key.startswith("{") else ""
            value = el.attrib[key]
            local = _local(key)
            if (kns not in ("", XLINK) or local.lower().startswith("on")
                    or (local == "href" and not value.startswith("#"))):
                del el.attrib[key]
    for text in list(root.iter(f"{{{SVG}}}text")):
        joined = "".join(text.itertext())
        if carries(joined) and text.getparent() is not None:
            text.getparent().remove(text)
            removed = True
    etree.cleanup_namespaces(root)
    return removed


def svg_texts(root: etree._Element) -> list[str]:
    """The text of every ``<text>`` element, joined across its parts, and of the whole."""
    texts = ["".join(t.itertext()) for t in root.iter(f"{{{SVG}}}text")]
    return [*texts, "".join(texts)]


# -- EMF -------------------------------------------------------------------------------------
def _records(data: bytes, start: int, header: Callable[[bytes, int], tuple[int, int]],
             minimum: int, eof: int) -> list[tuple[int, int, int]]:
    """(type, offset, size) of every record up to the end-of-file record, or
    :class:`VectorError`."""
    out = []
    pos = start
    while pos < len(data):
        if pos + minimum > len(data):
            raise VectorError("truncated record")
        rtype, size = header(data, pos)
        if size < minimum or pos + size > len(data):
            raise VectorError("bad record size")
        out.append((rtype, pos, size))
        pos += size
        if rtype == eof:
            break
    return out


def _emf_header(data: bytes, pos: int) -> tuple[int, int]:
    rtype, size = struct.unpack_from("<II", data, pos)
    if size % 4:
        raise VectorError("unaligned record")
    return rtype, size


def _emf_strings(data: bytes, rtype: int, off: int, size: int) -> list[tuple[int, int, int]]:
    """(offset, characters, bytes per character) of the strings of one text record."""
    out = []
    try:
        if rtype in (EMR_TEXT_A, EMR_TEXT_W):
            n, o = struct.unpack_from("<II", data, off + 44)
            out.append((off + o, n, 2 if rtype == EMR_TEXT_W else 1))
        elif rtype in (EMR_POLYTEXT_A, EMR_POLYTEXT_W):
            count = struct.unpack_from("<I", data, off + 36)[0]
            for i in range(min(count, 10_000)):
                n, o = struct.unpack_from("<II", data, off + 40 + i * 40 + 8)
                out.append((off + o, n, 2 if rtype == EMR_POLYTEXT_W else 1))
        elif rtype == EMR_SMALLTEXT:
            n, opts = struct.unpack_from("<II", data, off + 16)
            at = off + 36 + (0 if opts & 0x100 else 16)
            out.append((at, n, 1 if opts & 0x200 else 2))
    except struct.error as exc:
        raise VectorError("truncated text record") from exc
    for at, n, width in out:
        if at < off or at + n * width > off + size:
            raise VectorError("text outside its record")
    return out


def _emf_description(data: bytes, off: int, size: int) -> tuple[int, int] | None:
    """The byte range of the header's description (application and title), if any."""
    if size < 68:
        return None
    n, at = struct.unpack_from("<II", data, off + 60)
    if not n or at < 88 or off + at + 2 * n > off + size:
        return None
    return off + at, off + at + 2 * n


def _decode(raw: bytes, width: int) -> str:
    return raw.decode("utf-16-le" if width == 2 else "latin-1", errors="replace")


def emf_texts(data: bytes) -> list[str]:
    """The strings of every text record and every font face name, in order."""
    if len(data) < 88 or struct.unpack_from("<I", data, 0)[0] != EMR_HEADER or data[40:44] != b" EMF":
        raise VectorError("not an EMF file")
    texts = []
    for rtype, off, size in _records(data, 0, _emf_header, 8, EMR_EOF):
        if rtype == EMR_HEADER and (desc := _emf_description(data, off, size)):
            texts.append(data[desc[0]:desc[1]].decode("utf-16-le", "replace"))
        for at, n, width in _emf_strings(data, rtype, off, size):
            texts.append(_decode(data[at:at + n * width], width))
        if rtype == EMR_FONT_W and size >= 12 + 28 + 64:
            texts.append(data[off + 40:off + 104].decode("utf-16-le", "replace").split("\0")[0])
    return texts


def scrub_emf(data: bytes, carries: Callable[[str], bool]) -> Scrubbed:
    texts = emf_texts(data)
    blank = carries("".join(texts)) or carries(" ".join(texts))
    out = bytearray()
    kept = 0
    result = Scrubbed(b"")
    for rtype, off, size in _records(data, 0, _emf_header, 8, EMR_EOF):
        if rtype == EMR_GDICOMMENT:
            continue
        rec = bytearray(data[off:off + size])
        if rtype == EMR_HEADER and (desc := _emf_description(data, off, size)):
            rec[desc[0] - off:desc[1] - off] = bytes(desc[1] - desc[0])  # the description
        if rtype in EMR_BITMAPS:
            result.has_bitmaps = True
        if blank:
            for at, n, width in _emf_strings(data, rtype, off, size):
                rec[at - off:at - off + n * width] = (" " * n).encode(
                    "utf-16-le" if width == 2 else "latin-1")
                result.text_removed = True
        if rtype == EMR_FONT_W and size >= 104:
            face = bytes(rec[40:104]).decode("utf-16-le", "replace").split("\0")[0]
            if carries(face):
                rec[40:104] = "Arial".encode("utf-16-le").ljust(64, b"\0")
                result.text_removed = True
        out += rec
        kept += 1
    struct.pack_into("<II", out, 48, len(out), kept)  # header: nBytes, nRecords
    left, top, right, bottom = struct.unpack_from("<iiii", data, 24)  # rclFrame, 0.01 mm
    result.data = bytes(out)
    result.size = _pixels((right - left) / 2540, (bottom - top) / 2540)
    return result


# -- WMF -------------------------------------------------------------------------------------
def _wmf_header(data: bytes, pos: int) -> tuple[int, int]:
    words, function = struct.unpack_from("<IH", data, pos)
    return function, words * 2


def _wmf_start(data: bytes) -> tuple[int, tuple[int, int]]:
    """Offset of the first record and the picture size in pixels."""
    size = (1, 1)
    pos = 0
    if len(data) >= 22 and struct.unpack_from("<I", data, 0)[0] == WMF_PLACEABLE:
        left, top, right, bottom, inch = struct.unpack_from("<hhhhH", data, 6)
        if inch:
            size = _pixels(abs(right - left) / inch, abs(bottom - top) / inch)
        pos = 22
    if len(data) < pos + 18:
        raise VectorError("not a WMF file")
    kind, header_words = struct.unpack_from("<HH", data, pos)
    if kind not in (1, 2) or header_words != 9:
        raise VectorError("not a WMF file")
    return pos + 18, size


def _wmf_strings(data: bytes, function: int, off: int, size: int) -> list[tuple[int, int]]:
    try:
        if function == META_TEXTOUT:
            n = struct.unpack_from("<H", data, off + 6)[0]
            out = [(off + 8, n)]
        elif function == META_EXTTEXTOUT:
            n, opts = struct.unpack_from("<HH", data, off + 10)
            out = [(off + 14 + (8 if opts & 0x6 else 0), n)]
        else:
            return []
    except struct.error as exc:
        raise VectorError("truncated text record") from exc
    if out[0][0] + out[0][1] > off + size:
        raise VectorError("text outside its record")
    return out


def wmf_texts(data: bytes) -> list[str]:
    start, _ = _wmf_start(data)
    texts = []
    for function, off, size in _records(data, start, _wmf_header, 6, 0):
        texts += [data[at:at + n].decode("latin-1") for at, n in
                  _wmf_strings(data, function, off, size)]
        if function == META_FONT and size >= 6 + 18:
            texts.append(data[off + 24:off + 56].split(b"\0")[0].decode("latin-1"))
    return texts


def scrub_wmf(data: bytes, carries: Callable[[str], bool]) -> Scrubbed:
    texts = wmf_texts(data)
    blank = carries("".join(texts)) or carries(" ".join(texts))
    start, pixels = _wmf_start(data)
    out = bytearray(data[:start])
    result = Scrubbed(b"", size=pixels)
    for function, off, size in _records(data, start, _wmf_header, 6, 0):
        if function == META_ESCAPE:
            continue
        rec = bytearray(data[off:off + size])
        if function in META_BITMAPS:
            result.has_bitmaps = True
        for at, n in _wmf_strings(data, function, off, size) if blank else []:
            rec[at - off:at - off + n] = b" " * n
            result.text_removed = True
        if function == META_FONT and size >= 24:
            face = bytes(rec[24:56]).split(b"\0")[0].decode("latin-1")
            if carries(face):
                rec[24:56] = b"Arial".ljust(32, b"\0")[:len(rec[24:56])]
                result.text_removed = True
        out += rec
    header = start - 18
    struct.pack_into("<I", out, header + 6, len(out) // 2)  # mtSize, in 16-bit words
    result.data = bytes(out)
    return result


def has_bitmaps(data: bytes, kind: str) -> bool:
    """Whether an EMF or WMF draws a bitmap (which may show text)."""
    if kind == "emf":
        return any(t in EMR_BITMAPS for t, _, _ in _records(data, 0, _emf_header, 8, EMR_EOF))
    start, _ = _wmf_start(data)
    return any(f in META_BITMAPS for f, _, _ in _records(data, start, _wmf_header, 6, 0))


# -- common ----------------------------------------------------------------------------------
def _pixels(width_in: float, height_in: float) -> tuple[int, int]:
    return (max(1, min(4000, round(abs(width_in) * 96))),
            max(1, min(4000, round(abs(height_in) * 96))))


def unpacked(data: bytes) -> bytes:
    """The bytes of a vector image, gunzipped when they are gzip (EMZ, WMZ)."""
    if data[:2] != b"\x1f\x8b":
        return data
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as gz:
            out = gz.read(MAX_UNPACKED + 1)
    except (OSError, EOFError) as exc:
        raise VectorError("damaged gzip data") from exc
    if len(out) > MAX_UNPACKED:
        raise VectorError("too large")
    return out


def kind_of(data: bytes) -> str:
    """``emf``, ``wmf`` or ``""`` from the first bytes (after gunzipping)."""
    if len(data) >= 44 and data[:4] == b"\x01\x00\x00\x00" and data[40:44] == b" EMF":
        return "emf"
    if data[:4] == struct.pack("<I", WMF_PLACEABLE) or data[:6] in (
            b"\x01\x00\x09\x00\x00\x03", b"\x02\x00\x09\x00\x00\x03"):
        return "wmf"
    return ""


def blank_png(size: tuple[int, int]) -> bytes:
    """A white PNG of ``size`` pixels (what an image that cannot be scrubbed becomes)."""
    out = io.BytesIO()
    Image.new("RGB", size, (255, 255, 255)).save(out, "PNG")
    return out.getvalue()
