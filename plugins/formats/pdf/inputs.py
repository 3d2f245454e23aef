"""Input limits for PDF files, checked before any page is read or rendered.

:func:`check_input` refuses (:class:`~redactor.plugin_api.LimitError`, exit 3) a file with
more pages than ``limits.pages``, a page that would render to more than
``limits.page_pixels`` at the writer's dpi, an image with more than ``limits.image_pixels``,
or a stream that decompresses to more than ``limits.stream_bytes`` (all streams together:
``limits.file_bytes``). Sizes are *measured* without holding a bomb in memory: Flate data is
inflated a megabyte at a time and dropped (:func:`~redactor.plugin_api.inflated_size`);
LZW and run-length data are decoded with a cap; ASCIIHex/ASCII85 only shrink. Image codecs
(DCT, JPX, JBIG2, CCITT) are bounded by the image's pixel count instead.
"""

from __future__ import annotations

import base64
import re
import zlib
from collections.abc import Callable

import pikepdf
import pypdfium2 as pdfium

from redactor.plugin_api import Budget, Limits, RunContext, inflated_size

_CODECS = {"/DCTDecode", "/DCT", "/JPXDecode", "/JBIG2Decode", "/CCITTFaxDecode", "/CCF",
           "/Crypt"}
_WS = re.compile(rb"\s+")


class Over(Exception):
    """Decoding stopped at the cap."""


def _inflate(data: bytes, cap: int) -> bytes:
    d = zlib.decompressobj()
    try:
        out = d.decompress(data, cap + 1)
    except zlib.error:
        return b""
    if len(out) > cap or d.unconsumed_tail:
        raise Over
    return out


def _lzw(data: bytes, cap: int, early: int = 1) -> bytes:
    """LZW (PDF flavour, MSB first, 9–12 bit codes), stopping past ``cap`` bytes."""
    out = bytearray()
    table = [bytes([i]) for i in range(256)] + [b"", b""]
    width, bits, nbits, prev = 9, 0, 0, b""
    for byte in data:
        bits = (bits << 8) | byte
        nbits += 8
        while nbits >= width:
            nbits -= width
            code = (bits >> nbits) & ((1 << width) - 1)
            if code == 256:
                table, width, prev = table[:258], 9, b""
                continue
            if code == 257:
                return bytes(out)
            if code < len(table):
                entry = table[code]
                if prev:
                    table.append(prev + entry[:1])
            elif prev:
                entry = prev + prev[:1]
                table.append(entry)
            else:
                return bytes(out)
            out += entry
            if len(out) > cap:
                raise Over
            prev = entry
            if len(table) + early >= (1 << width) and width < 12:
                width += 1
    return bytes(out)


def _runlength(data: bytes, cap: int) -> bytes:
    out = bytearray()
    i, n = 0, len(data)
    while i < n:
        length = data[i]
        if length == 128:
            break
        if length < 128:
            out += data[i + 1:i + 2 + length]
            i += 2 + length
        else:
            out += data[i + 1:i + 2] * (257 - length)
            i += 2
        if len(out) > cap:
            raise Over
    return bytes(out)


def _ascii85(data: bytes) -> bytes:
    body = _WS.sub(b"", data)
    body = body[2:] if body.startswith(b"<~") else body
    body = body.split(b"~>")[0]
    try:
        return base64.a85decode(body)
    except ValueError:
        return b""


def _asciihex(data: bytes) -> bytes:
    body = _WS.sub(b"", data).split(b">")[0]
    if len(body) % 2:
        body += b"0"
    try:
        return bytes.fromhex(body.decode("ascii", "replace"))
    except ValueError:
        return b""


_STAGES: dict[str, Callable[[bytes, int], bytes]] = {
    "/FlateDecode": _inflate, "/Fl": _inflate, "/LZWDecode": _lzw, "/LZW": _lzw,
    "/RunLengthDecode": _runlength, "/RL": _runlength,
    "/ASCII85Decode": lambda d, c: _ascii85(d), "/A85": lambda d, c: _ascii85(d),
    "/ASCIIHexDecode": lambda d, c: _asciihex(d), "/AHx": lambda d, c: _asciihex(d),
}


def decoded_size(stream: pikepdf.Stream, cap: int) -> int:
    """How many bytes ``stream`` decodes to (``cap + 1`` when more than ``cap``)."""
    f = stream.get("/Filter")
    chain = [str(x) for x in f] if isinstance(f, pikepdf.Array) else [str(f)] if f else []
    try:
        data = stream.read_raw_bytes()
    except pikepdf.PdfError:
        return 0
    for n, name in enumerate(chain):
        if name in _CODECS:
            return len(data)
        if name in ("/FlateDecode", "/Fl") and n == len(chain) - 1:
            return inflated_size(data, cap)
        stage = _STAGES.get(name)
        if stage is None:
            return len(data)
        try:
            data = stage(data, cap)
        except Over:
            return cap + 1
    return len(data)


def check_streams(pike: pikepdf.Pdf, name: str, limits: Limits, ctx: RunContext | None) -> None:
    """Every stream of the file within ``limits.stream_bytes``, all of them within
    ``limits.file_bytes``, every image within ``limits.image_pixels``."""
    budget = Budget(name, limits)
    for n, obj in enumerate(pike.objects):
        if not isinstance(obj, pikepdf.Stream):
            continue
        if ctx is not None and n % 200 == 0:
            ctx.check()
        if obj.get("/Subtype") == "/Image":
            try:
                pixels = int(obj.get("/Width", 0)) * int(obj.get("/Height", 0))
            except (TypeError, ValueError):
                pixels = 0
            limits.check(name, "image_pixels", pixels)
        budget.stream(decoded_size(obj, limits.stream_bytes))


def check_pages(pdoc: pdfium.PdfDocument, name: str, limits: Limits, dpi: int) -> None:
    """The page count, and every page's pixels when rendered at ``dpi``."""
    n = len(pdoc)
    limits.check(name, "pages", n)
    scale = max(72, dpi) / 72.0
    for i in range(n):
        width, height = pdoc.get_page_size(i)
        limits.check(name, "page_pixels", int(abs(width) * scale) * int(abs(height) * scale))
