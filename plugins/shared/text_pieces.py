"""Long texts cut into paragraph-aligned pieces for C-level searches.

Python's ``re`` holds the interpreter lock (GIL) for a whole search, so one search over a
300-page text freezes every other thread — the desktop app's GUI thread included — for a
tenth of a second or more. Detectors search pieces of :data:`CHUNK_CHARS` characters instead,
cut at paragraph breaks so that no match is cut.
"""

from __future__ import annotations

__all__ = ["CHUNK_CHARS", "paragraph_chunks", "wrap_width"]

#: Characters per piece: a search of one piece takes a few milliseconds.
CHUNK_CHARS = 20_000


def paragraph_chunks(text: str, size: int = CHUNK_CHARS) -> list[tuple[int, int]]:
    """Cut ``text`` into pieces of at most about ``size`` characters at paragraph breaks
    (a blank line; else a line break; else a space), so that no pattern match is cut."""
    out, start, n = [], 0, len(text)
    while n - start > size:
        limit = start + size
        lo = start + size // 2
        cut = text.rfind("\n\n", lo, limit - 1)
        if cut >= 0:
            cut += 2
        else:
            newline = text.rfind("\n", lo, limit)
            cut = newline if newline >= 0 else text.rfind(" ", lo, limit)
            cut = limit if cut < 0 else cut + 1
        out.append((start, cut))
        start = cut
    out.append((start, n))
    return out


def wrap_width(text: str) -> int:
    """The length from which a line of ``text`` reads as wrapped prose, so that its line break
    is a wrap and not the end of a paragraph, a heading or a form's field: 80 % of the width
    that nine in ten lines of 60 characters or more stay within; 0 when fewer than three lines
    are that long (a form, a list, a text without hard wraps)."""
    long = sorted(n for n in (len(line.rstrip()) for line in text.split("\n")) if n >= 60)
    if len(long) < 3:
        return 0
    return int(0.8 * long[min(len(long) - 1, int(0.9 * len(long)))])
