"""What an asylum interview record and a scanned letter with OCR errors and hyphenated line
ends (written for the purpose, session 30) showed: the numbered "Q12."/"A12." markers masked
as persons and dates; "(Kurdish Sorani)", an interpreter's language, and "I am Kurdish" a
PERSON; "Etela'at" cut at its apostrophe; "From Calais I came" took the "I"; "writ-⏎ing" and
"atten-⏎dance" masked, "Heaton Moor Pri-⏎mary School" two organisations."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.recognizer.rules.no_one_words import (
    hyphen_wrapped_word,
    spoken_word,
)
from redactor_plugins.detectors.recognizer.rules.span_edges import (
    before_pronoun_i,
    drop_trailing_function_word,
    whole_words,
)
from redactor_plugins.detectors.recognizer.rules.span_kinds import peoples_words
from redactor_plugins.shared.text_pieces import split_at_breaks
from test_cov_masks_that_hide_no_one import _ner

from redactor.core.model import Label

RECORD = """Q12. What is your ethnicity and religion?
A12. I am Kurdish, from Mahabad.
Q13. Why did you leave Iran?
A13. The Etela'at raided the house church. From Calais I came by small boat.
"""

LETTER = """I am writ-
ing regarding your daughter's school atten-
dance at Heaton Moor Pri-
mary School.
"""


@pytest.mark.parametrize("marker", ["Q12", "A12.", "Q13", "A13."])
def test_numbered_question_and_answer_markers(marker: str) -> None:
    start = RECORD.index(marker)
    assert spoken_word(RECORD, start, start + len(marker))


@pytest.mark.parametrize(("text", "kind"), [
    ("Kurdish Sorani", "LANGUAGE"), ("Kurdish", "ETHNICITY"), ("Farhad Rostami", ""),
])
def test_a_peoples_words_are_demographic(text: str, kind: str) -> None:
    assert peoples_words(text) == kind


def test_a_word_glued_by_an_apostrophe_stays_whole() -> None:
    start = RECORD.index("Etela")
    s, e = whole_words(RECORD, start, start + 5)
    assert RECORD[s:e] == "Etela'at"
    assert RECORD[s:drop_trailing_function_word(RECORD, s, e)] == "Etela'at"  # not "Etela"
    text = "Phil Ivey's poker"
    assert text[slice(*whole_words(text, 0, 9))] == "Phil Ivey"  # a possessive stays out


@pytest.mark.parametrize(("text", "name"), [
    ("From Calais I came by small boat.", "Calais"),
    ("in World War I was", "World War I"),
    ("King Charles I said", "King Charles I"),  # no verb of the speaker's after it: kept
])
def test_the_speakers_i_leaves_a_place(text: str, name: str) -> None:
    start = text.index(name.split()[0])
    end = text.index(" I") + 2  # the model's span took the "I" in
    assert text[start:before_pronoun_i(text, start, end)] == name


def test_a_hyphenated_line_end_is_no_break() -> None:
    start = LETTER.index("Heaton")
    end = LETTER.index(".\n", start)
    assert [LETTER[s:e] for s, e in split_at_breaks(LETTER, start, end)] == [
        "Heaton Moor Pri-\nmary School"]
    assert hyphen_wrapped_word("writ-\ning") and not hyphen_wrapped_word("Pri-\nmary")


def test_a_scanned_letter_through_the_ner(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, LETTER, [
        ("writ-\ning", "MISC", 0), ("atten-\ndance", "MISC", 0),
        ("Heaton Moor Pri-\nmary School", "ORG", 0)])
    assert [(f.text, f.label) for f in found] == [("Heaton Moor Pri-\nmary School", Label.ORG)]


def test_the_speakers_i_at_a_lines_end() -> None:
    text = "then Italy and France. From Calais I\ncame by small boat"
    start = text.index("Calais")
    assert text[start:before_pronoun_i(text, start, text.index(" I\n") + 2)] == "Calais"
