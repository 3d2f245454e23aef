"""Decoding and encoding plain text as its file was written (BOM, UTF-8, cp1252, Latin-1).

Shared by the TXT format and by strategies that rewrite text files (``reveal``)."""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from redactor.plugin_api import InputError

# (BOM, our encoding name, codec for the bytes after the BOM) — longest BOMs first.
BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig", "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le-bom", "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be-bom", "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le-bom", "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be-bom", "utf-16-be"),
)
# Bytes that never occur in text (C0 controls other than tab, LF, VT, FF, CR, ESC).
BINARY = set(range(0, 9)) | {14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31}


@dataclass(frozen=True, slots=True)
class Decoded:
    text: str
    encoding: str


def decode_text(data: bytes) -> Decoded:
    """Decode bytes of a text file, or raise :class:`InputError` for binary content."""
    for bom, name, codec in BOMS:
        if data.startswith(bom):
            try:
                return Decoded(data[len(bom):].decode(codec), name)
            except UnicodeDecodeError as exc:
                raise InputError("the text file is not valid " + codec.upper()) from exc
    if looks_utf16_without_bom(data):
        raise InputError("UTF-16 text without a byte-order mark is not supported")
    if any(b in BINARY for b in data[:65536]):
        raise InputError("the file is binary, not text")
    try:
        return Decoded(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return Decoded(data.decode("cp1252"), "cp1252")
    except UnicodeDecodeError:
        return Decoded(data.decode("latin-1"), "latin-1")


def looks_utf16_without_bom(data: bytes) -> bool:
    sample = data[:4096]
    if len(sample) < 8:
        return False
    zeros_odd = sum(1 for b in sample[1::2] if b == 0)
    zeros_even = sum(1 for b in sample[0::2] if b == 0)
    half = len(sample) // 2
    return zeros_odd > 0.4 * half or zeros_even > 0.4 * half


def encode_text(text: str, encoding: str) -> bytes:
    """Encode as the input was (same BOM); characters a legacy codepage lacks become ``?``."""
    for bom, name, codec in BOMS:
        if encoding == name:
            return bom + text.encode(codec, errors="replace")
    return text.encode(encoding, errors="replace")
