"""The encoder reads a long document in windows cut at sentence ends: no sentence that fits a
window is split, no piece is read twice there, and a run-on text falls back to overlapping
windows."""

from __future__ import annotations

import re

import pytest
from redactor_plugins.shared.encoders.windows import (
    overlapping_windows,
    sentence_breaks,
    sentence_windows,
)


def _words(text: str) -> list[tuple[int, int]]:
    """Word-and-punctuation offsets, standing in for a tokenizer's pieces."""
    return [m.span() for m in re.finditer(r"\w+|[^\w\s]", text)]


def _starts(text: str, offsets: list[tuple[int, int]], breaks: list[int]) -> list[str]:
    return [text[offsets[i][0]: offsets[i][1]] for i in breaks]


def test_breaks_follow_sentence_ends_and_line_breaks_not_abbreviations():
    text = ("Mr. Berg lodged application no. 5 in 1999. Then he left!\n"
            "Dr. Darby agreed. The court met on 3 May. It ruled? Yes")
    offsets = _words(text)
    starts = _starts(text, offsets, sentence_breaks(text, offsets))
    # after "1999." (a number), "left!" + line break, "agreed.", "ruled?"
    assert starts == ["Then", "Dr", "The", "Yes"]
    # "Mr.", "no.", "Dr." and "May." (a short word) do not end a sentence here
    assert "Berg" not in starts and "5" not in starts


def test_a_full_stop_without_a_following_space_is_no_break():
    text = "See www.example.org/case.html and e.g.the file"
    offsets = _words(text)
    assert sentence_breaks(text, offsets) == []


def _check_cover(n: int, size: int, wins: list[tuple[int, int]]) -> None:
    assert wins[0][0] == 0 and wins[-1][1] == n
    for (s0, e0), (s1, e1) in zip(wins, wins[1:], strict=False):
        assert s0 < s1 <= e0 < e1  # contiguous or overlapping, always moving on
    assert all(0 < e - s <= size for s, e in wins)


@pytest.mark.parametrize("n", [1, 50, 126, 127, 400, 1000])
def test_windows_cover_everything_and_respect_the_size(n):
    breaks = list(range(7, n, 23))  # a sentence every 23 pieces
    wins = sentence_windows(n, 126, 32, breaks)
    _check_cover(n, 126, wins)
    for (_s0, e0), (s1, _e1) in zip(wins, wins[1:], strict=False):
        assert e0 == s1 and e0 in breaks  # cut at a sentence end, nothing read twice
    # the last break of the window's second half is taken (the longest window)
    for s, e in wins[:-1]:
        assert not [b for b in breaks if e < b <= s + 126]


def test_run_on_text_falls_back_to_overlapping_windows():
    n = 700
    assert sentence_windows(n, 126, 32, []) == overlapping_windows(n, 126, 32)
    # a break in the first half of a window is not used: it would waste half a window
    wins = sentence_windows(n, 126, 32, [10, 140, 200])
    _check_cover(n, 126, wins)
    assert wins[0] == (0, 126) and wins[1] == (94, 200) and wins[2][0] == 200


def test_sentence_windows_read_fewer_pieces_on_a_real_document():
    from redactor_plugins.detectors.recognizer.ner_runtime import NerModel

    text = (
        "The applicant, Mr Jan Kowalski, was born in 1961 and lives in Gdansk. On 3 May 2004 "
        "the Regional Court in Gdansk ordered him to pay PLN 12,000. His lawyer, Ms A. Nowak, "
        "lodged application no. 36110/97 with the Court.\n\n"
    ) * 12
    ner = NerModel(threads=1)
    pieces, _ = ner.token_probabilities(text)
    offsets = [(p.start, p.end) for p in pieces]
    breaks = sentence_breaks(text, offsets)
    wins = sentence_windows(len(pieces), ner.window - 2, ner.overlap, breaks)
    old = overlapping_windows(len(pieces), ner.window - 2, ner.overlap)
    _check_cover(len(pieces), ner.window - 2, wins)
    assert sum(e - s for s, e in wins) == len(pieces) < sum(e - s for s, e in old)
    # every cut lies before a sentence's first word
    for _s, e in wins[:-1]:
        assert text[offsets[e][0]:].startswith(("The ", "On ", "His "))
    # and the person is found whole in every repetition
    names = [text[s:e] for s, e, label, _ in ner.predict(text) if label == "PERSON"]
    assert names.count("Mr Jan Kowalski") == names.count("Ms A. Nowak") == 12
