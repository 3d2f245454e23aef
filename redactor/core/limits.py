"""Input limits: how much a reader or writer may decompress, render or keep for one file.

A small hostile file can ask for gigabytes (a compressed stream that inflates a thousandfold,
a page a hundred metres wide, millions of pages, a text built to stress patterns). Every
reader and writer checks its input against these limits *before* doing the expensive work
and refuses, with :class:`LimitError` (an :class:`InputError`, exit 3) whose one-line message
names the limit, never the document's text.

Settings section ``limits`` (a site may raise or lower each value; 0 or a negative number is
not accepted and falls back to the default):

========================  ====================  ==============================================
key                       default               what it bounds
========================  ====================  ==============================================
``stream_bytes``          256 MiB               one stream (PDF stream, zip entry) decompressed
``file_bytes``            2 GiB                 all streams of one file decompressed, together
``page_pixels``           100 million           one page rendered (at the writer's dpi)
``image_pixels``          100 million           one embedded image (width × height)
``pages``                 20 000                pages of one document
``chars``                 50 million            characters of one document's text
========================  ====================  ==============================================

The defaults keep a 2-core laptop with 8 GB responsive: one rendered page or decoded image
stays under about 400 MB, and a file is never inflated beyond 2 GiB in total.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from redactor.core.errors import InputError

SECTION = "limits"

DEFAULTS: dict[str, int] = {
    "stream_bytes": 256 << 20,
    "file_bytes": 2 << 30,
    "page_pixels": 100_000_000,
    "image_pixels": 100_000_000,
    "pages": 20_000,
    "chars": 50_000_000,
}

_WHAT = {
    "stream_bytes": "a stream decompresses to at least",
    "file_bytes": "the file's streams decompress to at least",
    "page_pixels": "a page would render to",
    "image_pixels": "an image has",
    "pages": "the document has",
    "chars": "the text has at least",
}
_UNIT = {"stream_bytes": "bytes", "file_bytes": "bytes", "page_pixels": "pixels",
         "image_pixels": "pixels", "pages": "pages", "chars": "characters"}


class LimitError(InputError):
    """The input is over one of the :class:`Limits` (exit 3)."""

    def __init__(self, source: str, limit: str, value: int, allowed: int) -> None:
        self.limit = limit
        self.value = value
        super().__init__(
            f"{source}: refused, {_WHAT[limit]} {value:,} {_UNIT[limit]}, over "
            f"limits.{limit} = {allowed:,}; raise it in the settings section [limits] for "
            "trusted files")


@dataclass(frozen=True, slots=True)
class Limits:
    """The limits in force for one run (see the module docstring)."""

    stream_bytes: int = DEFAULTS["stream_bytes"]
    file_bytes: int = DEFAULTS["file_bytes"]
    page_pixels: int = DEFAULTS["page_pixels"]
    image_pixels: int = DEFAULTS["image_pixels"]
    pages: int = DEFAULTS["pages"]
    chars: int = DEFAULTS["chars"]

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any] | None) -> Limits:
        """Limits from a settings section; unknown keys ignored, bad values defaulted."""
        chosen: dict[str, int] = {}
        for f in fields(cls):
            raw = (values or {}).get(f.name)
            if isinstance(raw, bool):
                continue
            try:
                value = int(raw) if raw is not None else 0
            except (TypeError, ValueError):
                continue
            if value > 0:
                chosen[f.name] = value
        return cls(**chosen)

    def check(self, source: str, limit: str, value: int) -> None:
        """Raise :class:`LimitError` when ``value`` is over the limit named ``limit``."""
        allowed = getattr(self, limit)
        if value > allowed:
            raise LimitError(source, limit, value, allowed)


def limits_for(ctx: object | None) -> Limits:
    """The limits of a run: the ``limits`` settings section of ``ctx`` over the defaults."""
    settings = getattr(ctx, "settings", None)
    section = settings.section(SECTION) if settings is not None else {}
    return Limits.from_mapping(section)


class Budget:
    """Decompressed bytes counted across one file (``limits.file_bytes``)."""

    def __init__(self, source: str, limits: Limits) -> None:
        self.source = source
        self.limits = limits
        self.used = 0

    def add(self, n: int) -> None:
        self.used += n
        self.limits.check(self.source, "file_bytes", self.used)

    def stream(self, n: int) -> None:
        """Count one stream of ``n`` decompressed bytes (checks both limits)."""
        self.limits.check(self.source, "stream_bytes", n)
        self.add(n)


def inflated_size(data: bytes, cap: int, chunk: int = 1 << 20) -> int:
    """How many bytes zlib data inflates to, counting at most ``cap + 1`` (a bomb is never
    held in memory: output is produced and dropped a chunk at a time). Undecodable data
    counts as what inflated before the error."""
    d = zlib.decompressobj()
    total = 0
    pending = data
    try:
        while pending or not d.eof:
            out = d.decompress(pending, chunk)
            total += len(out)
            if total > cap:
                return total
            pending = d.unconsumed_tail
            if not out and not pending:
                break
        total += len(d.flush())
    except zlib.error:
        pass
    return total


def check_chars(source: str, limits: Limits, texts: Iterable[str]) -> None:
    """Raise when the texts together have more characters than ``limits.chars``."""
    total = 0
    for text in texts:
        total += len(text)
        limits.check(source, "chars", total)
