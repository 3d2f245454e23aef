"""The verifier reads its output in chunks (never mapped: a mapped file's pages counted in
the resident memory, the whole output while the raw bytes were searched): the chunked
readers see exactly what a search of the whole file saw."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from redactor_plugins.formats.pdf import verify

_WHOLE = re.compile(rb"stream\r?\n.*?endstream", re.S)


def whole_file_gaps(data: bytes) -> list[bytes]:
    pos, out = 0, []
    for m in _WHOLE.finditer(data):
        out.append(data[pos:m.start()])
        pos = m.end()
    return [*out, data[pos:]]


def pdf_like(rng: random.Random) -> bytes:
    parts = []
    for _ in range(rng.randint(0, 8)):
        parts.append(bytes(rng.choice(b"ab /%EOFPrv\n") for _ in range(rng.randint(0, 150))))
        parts.append(b"stream" + rng.choice([b"\n", b"\r\n"]) + bytes(
            rng.choice(b"xyz%EOF\n") for _ in range(rng.randint(0, 200))) + b"endstream")
    return b"".join(parts) + b"\ntrailer %%EOF"


@pytest.mark.parametrize("seed", range(20))
def test_pdf_verify_chunked_reading_sees_what_the_whole_file_shows(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verify, "CHUNK", 64)
    rng = random.Random(seed)
    for _ in range(20):
        data = pdf_like(rng)
        assert b"".join(verify.outside_streams(io.BytesIO(data))) == \
            b"".join(whole_file_gaps(data))
        for token in (b"%%EOF", b"/Prev", b"e"):
            assert verify.count_in_file(io.BytesIO(data), token) == data.count(token)


def test_pdf_verify_a_long_gap_comes_in_overlapping_pieces(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No stream for a long stretch: the pieces overlap, so a name across a piece boundary is
    still whole in one of them."""
    monkeypatch.setattr(verify, "CHUNK", 64)
    monkeypatch.setattr(verify, "OVERLAP", 32)
    data = b"x" * 1000 + b"Kristoffer Haugland" + b"y" * 1000
    pieces = list(verify.outside_streams(io.BytesIO(data)))
    assert len(pieces) > 1
    assert any(b"Kristoffer Haugland" in p for p in pieces)


def test_pdf_verify_never_maps_the_output(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    """Verification reads its output, it does not map it (the whole output counted in the
    export's peak memory: 56 MB at 300 rendered pages)."""
    import mmap

    from pdf_fixtures import simple
    from pdf_helpers import ONLY_TERMS, export

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("the verifier mapped a file")

    monkeypatch.setattr(mmap, "mmap", refuse)
    src = simple(tmp_path / "in.pdf", [["Report on Kristoffer Haugland today"],
                                       ["The weather was fine."]])
    result = export(src, tmp_path / "out.pdf", secret="Kristoffer Haugland",
                    builtins=ONLY_TERMS)
    assert result.verification.ok
