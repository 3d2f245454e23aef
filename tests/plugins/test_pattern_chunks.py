"""Long texts are searched piece by piece (the GUI thread is never held for a whole search),
with the same findings as a search of the whole text."""

from __future__ import annotations

from redactor_plugins.detectors.patterns import plugin as patterns
from redactor_plugins.detectors.patterns.plugin import detect_text, paragraph_chunks

PARAGRAPH = ("On 6 January 2022 Ms Laura Mitchell (laura.mitchell@mailbox.example, +47 22 33 44 55) "
             "paid EUR 1,500, i.e. 60% of the amount, between\n1 March and 12 March 2024.")


def test_chunks_cover_the_text_and_end_at_paragraph_breaks() -> None:
    text = "\n\n".join(f"{n}. {PARAGRAPH}" for n in range(400))
    pieces = paragraph_chunks(text, 5_000)
    assert pieces[0][0] == 0 and pieces[-1][1] == len(text)
    assert all(a[1] == b[0] for a, b in zip(pieces, pieces[1:], strict=False))
    assert all(e - s <= 5_000 for s, e in pieces)
    assert all(text[e - 2:e] == "\n\n" for _, e in pieces[:-1])
    assert paragraph_chunks("short") == [(0, 5)]
    # no break at all: cut at a space, or hard at the limit
    assert all(e - s <= 100 for s, e in paragraph_chunks("word " * 100, 100))
    assert paragraph_chunks("x" * 250, 100) == [(0, 100), (100, 200), (200, 250)]


def test_pieces_find_what_the_whole_text_finds(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    text = "\n\n".join(f"{n}. {PARAGRAPH}" for n in range(60))
    whole = [(f.span.start, f.span.end, f.label, f.subtype) for f in detect_text(text)]
    monkeypatch.setattr(patterns, "CHUNK_CHARS", 700)
    assert len(paragraph_chunks(text, patterns.CHUNK_CHARS)) > 10
    pieces = [(f.span.start, f.span.end, f.label, f.subtype) for f in detect_text(text)]
    assert pieces == whole
    found = {text[s:e] for s, e, _, _ in pieces}
    assert {"6 January 2022", "laura.mitchell@mailbox.example", "between\n1 March and 12 March 2024"} <= found
