"""What a prison adjudication record and a university's misconduct letter (written for the
purpose, session 29) showed: "WILLIAMS, Jordan Lee" came out a PERSON and an ORG (two
entities), the cell "H-2-17" a date, "Para 51(12)" a DEM and a CODE, "cell H-2-17" and
"reference RM/1" no codes, and "BSc (Hons) Nursing (Adult)" three DEM findings around
brackets left in clear."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.codes import find_reference_codes
from redactor_plugins.detectors.patterns.education import find_courses
from redactor_plugins.detectors.recognizer.rules.no_one_words import names_no_one
from redactor_plugins.detectors.recognizer.rules.span_numbers import (
    code_not_date,
)
from test_cov_masks_that_hide_no_one import _ner

RECORD = """Prisoner: WILLIAMS, Jordan Lee          Prison number: A1234BC          Location: H-2-17
Charge: Para 51(12) — has in his possession any unauthorised article (mobile phone)
Officer Mahmood searched cell H-2-17 and sent the handset under exhibit reference RM/1.
"""


def test_a_surname_first_name_is_one_person(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, RECORD, [("WILLIAMS", "PERSON", 0),
                                                 ("Jordan Lee", "ORG", 0)])
    assert [(f.text, str(f.label)) for f in found] == [("WILLIAMS, Jordan Lee", "PERSON")]
    text = "LEEDS, Yorkshire was cold."  # no given name after the comma: two findings
    found = _ner(monkeypatch, tmp_path, text, [("LEEDS", "PERSON", 0), ("Yorkshire", "LOC", 0)])
    assert [f.text for f in found] == ["LEEDS", "Yorkshire"]


@pytest.mark.parametrize(("text", "yes"), [
    ("H-2-17", True), ("22/48213", True), ("3/2021", False), ("12 May 2020", False),
    ("2020-05-12", False),
])
def test_a_cells_code_is_no_date(text: str, yes: bool) -> None:
    assert code_not_date(text) is yes


@pytest.mark.parametrize(("text", "word", "yes"), [
    (RECORD, "Para 51", True), (RECORD, "(12)", True), ("Rule 39 applies", "Rule 39", True),
    ("under s. 21 of", "s. 21", False),  # "s." is no provision's word here (a name's initial)
    ("children Yusuf (6) and Amira (2)", "(6)", False),
])
def test_a_provisions_number_names_no_one(text: str, word: str, yes: bool) -> None:
    start = text.index(word)
    if word.startswith("("):  # the number inside the brackets
        start, word = start + 1, word[1:-1]
    assert names_no_one(text, start, start + len(word)) is yes


@pytest.mark.parametrize(("text", "code"), [
    (RECORD, "cell H-2-17"), ("under exhibit reference RM/1.", "RM/1"),
    ("ref A-123 was", "A-123"), ("block 23E", "block 23E"),
])
def test_codes_with_a_letter_and_a_hyphen_or_slash(text: str, code: str) -> None:
    assert code in [text[h.start:h.end] for h in find_reference_codes(text)]


@pytest.mark.parametrize(("text", "course"), [
    ("BSc (Hons) Nursing (Adult), Year 2", "BSc (Hons) Nursing (Adult)"),
    ("an MSc in Data Science at", "MSc in Data Science"),
    ("She has a PhD.", "PhD"),
    ("LLB (Hons) Law with French", "LLB (Hons) Law with French"),
    ("lives in MA now", None), ("flew BA to Rome", None),
])
def test_a_degree_is_one_education_finding(text: str, course: str | None) -> None:
    found = [(text[h.start:h.end], h.subtype) for h in find_courses(text)]
    assert found == ([(course, "EDUCATION")] if course else [])
