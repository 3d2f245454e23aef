"""Searching PDF bytes for redacted strings, whatever encodes them.

Raw PDF data carries text in many byte forms: Latin-1 or UTF-8 strings, UTF-16 (big or
little endian, at any alignment) in XMP, EXIF ``XP*`` tags or custom keys, with spaces,
NULs or soft hyphens between the letters. :func:`fold` maps bytes to one canonical form —
ASCII and Latin-1 letters lower-cased; whitespace, NUL, soft hyphen and no-break space
dropped — so UTF-16 text of Latin letters folds to the same bytes as its Latin-1 form. A
secret is searched as each of its encodings folded the same way (:class:`Needle`), with
``bytes.find`` (C speed: pixel data can be searched too).

Decoded text (string objects, names, glyph text) is searched through the core's
:func:`~redactor.plugin_api.norm_text` as well, which sees through look-alike letters
(fullwidth, mathematical alphanumerics) and invisible characters.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from redactor.plugin_api import hint, norm_text, plain_only

_UPPER = bytes(range(0x41, 0x5B)) + bytes(c for c in range(0xC0, 0xDF) if c != 0xD7)
_LOWER = bytes(c + 0x20 for c in _UPPER)
_TABLE = bytes.maketrans(_UPPER, _LOWER)
_DROP = b" \t\n\r\f\v\x00\xad\xa0"
_CODECS = ("latin-1", "cp1252", "utf-8", "utf-16-le", "utf-16-be", "mac_roman")
#: Pixel data (and other binary data) is searched only for secrets at least this long once
#: normalised: a short secret occurs in megabytes of samples by chance.
PIXEL_MIN = 6
#: Decoded texts larger than this are searched by bytes only (no look-alike folding).
TEXT_FOLD_MAX = 1 << 20


def fold(data: bytes) -> bytes:
    """Bytes in the canonical form both haystack and needles are searched in."""
    return data.translate(_TABLE, _DROP)


def searchable_in_bytes(needle: str) -> bool:
    """Whether a normalised secret is specific enough to search in raw PDF syntax, where
    numbers (coordinates, sizes) are everywhere: 4+ characters with a letter, or 6+."""
    return len(needle) >= 6 or (len(needle) >= 4 and any(c.isalpha() for c in needle))


@dataclass(frozen=True, slots=True)
class Needle:
    """One secret and its folded byte forms."""

    label: str
    secret: str
    normed: str
    forms: tuple[bytes, ...]

    @property
    def long(self) -> bool:
        return len(self.normed) >= PIXEL_MIN

    def describe(self) -> str:
        return f"{self.label} {hint(self.secret)}"


def _forms(secret: str, normed: str) -> tuple[bytes, ...]:
    plain = "".join(unicodedata.normalize("NFC", secret).split())
    texts = {normed, plain.casefold(), plain.lower(), plain.upper(), plain}
    out: set[bytes] = set()
    for text in texts:
        for codec in _CODECS:
            try:
                folded = fold(text.encode(codec))
            except (UnicodeEncodeError, LookupError):
                continue
            if len(folded) >= 4:
                out.add(folded)
    return tuple(sorted(out, key=len))


def kept_plain(expected: str) -> str:
    """The kept text as the byte search excuses it: only plainly written mentions."""
    return norm_text(plain_only(expected))


def needles(secrets: Iterable[tuple[str, str]], expected: str) -> list[Needle]:
    """Secrets searched in raw channels: specific enough (:func:`searchable_in_bytes`), and
    not written plainly in the kept text (kept text is in the content streams too)."""
    kept = kept_plain(expected)
    out: list[Needle] = []
    seen: set[str] = set()
    for label, secret in secrets:
        normed = norm_text(secret)
        if normed in seen or not searchable_in_bytes(normed) or normed in kept:
            continue
        seen.add(normed)
        out.append(Needle(label, secret, normed, _forms(secret, normed)))
    return out


class ByteSearch:
    """Finds which needles occur in data (bytes or decoded text)."""

    def __init__(self, found_in: Iterable[Needle]) -> None:
        self.needles = list(found_in)

    def __bool__(self) -> bool:
        return bool(self.needles)

    def in_bytes(self, data: bytes, binary: bool = False) -> list[Needle]:
        """Needles in ``data``; ``binary`` (pixel samples): only the long ones."""
        if not data or not self.needles:
            return []
        folded = fold(data)
        return [n for n in self.needles if (n.long or not binary)
                and any(f in folded for f in n.forms)]

    def in_text(self, text: str) -> list[Needle]:
        """Needles in decoded text, seen through look-alike letters and invisible marks."""
        if not text or not self.needles:
            return []
        hits = self.in_bytes(text.encode("utf-8", "surrogatepass"))
        rest = [n for n in self.needles if n not in hits]
        if rest and len(text) <= TEXT_FOLD_MAX and not text.isascii():
            normed = norm_text(text)
            hits += [n for n in rest if n.normed in normed]
        return hits

    def in_views(self, data: bytes) -> list[Needle]:
        """Needles in ``data`` read as bytes and, when small, as UTF-8/UTF-16 text (so
        look-alike letters in metadata are seen too)."""
        hits = self.in_bytes(data)
        rest = [n for n in self.needles if n not in hits]
        if not rest or len(data) > TEXT_FOLD_MAX or data.isascii():
            return hits
        sub = ByteSearch(rest)
        views = [data.decode("utf-8", "ignore")]
        if b"\x00" in data:
            views += [data.decode("utf-16-le", "ignore"), data[1:].decode("utf-16-le", "ignore")]
        for view in views:
            for n in sub.in_text(view):
                if n not in hits:
                    hits.append(n)
        return hits
