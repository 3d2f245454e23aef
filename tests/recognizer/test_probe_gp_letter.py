"""What a GP's referral letter (written for the purpose, session 28) showed: a place of care's
rule took the line above into the name ("Consultant Psychiatrist⏎Harrogate District
Hospital": the job vanished from a pseudonym), a street's name was cut into a LOC and an ORG
("Lancaster" + "Park" + "Road, Harrogate HG2 7SX"), "law student" was a MISC (generalized
"law"), "self-harm (superficial cuts to her forearms)" two MISCs around a bracket (a
replacement left "something matter)"), and "PHQ-9" a quantity (pseudonym "PHQ-12")."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.recognizer.rules.institution_rules import (
    care_institutions,
    street_names,
)
from redactor_plugins.detectors.recognizer.rules.span_edges import house_number_start
from redactor_plugins.detectors.recognizer.rules.span_kinds import occupation_phrase, scale_name
from test_cov_masks_that_hide_no_one import _ner

LETTER = """Dr Aled Morgan
Consultant Psychiatrist
Harrogate District Hospital
Lancaster Park Road, Harrogate HG2 7SX

Thank you for seeing this 22-year-old law student, who presents with low mood,
self-harm (superficial cuts to her forearms) and bulimia nervosa. Her PHQ-9 score was 21.
"""


def at(text: str, word: str) -> tuple[int, int]:
    start = text.index(word)
    return start, start + len(word)


def test_an_address_block_is_one_name_a_line() -> None:
    assert [LETTER[s:e] for s, e in care_institutions(LETTER)] == ["Harrogate District Hospital"]
    assert [LETTER[s:e] for s, e in street_names(LETTER)] == ["Lancaster Park Road"]
    wrapped = ("The casualty was taken by ambulance to the John Radcliffe\nHospital with a "
               "suspected fracture.")
    assert [wrapped[s:e] for s, e in care_institutions(wrapped)] == ["John Radcliffe\nHospital"]


def test_a_street_span_takes_the_streets_name_before_its_word() -> None:
    start, end = at(LETTER, "Road, Harrogate HG2 7SX")
    assert LETTER[house_number_start(LETTER, start, end):end] == (
        "Lancaster Park Road, Harrogate HG2 7SX")


@pytest.mark.parametrize(("span", "yes"), [
    ("law student", True), ("low mood", False), ("student", False),  # one word: occupation_word
])
def test_occupation_phrases(span: str, yes: bool) -> None:
    assert occupation_phrase(LETTER, *at(LETTER, span)) is yes


@pytest.mark.parametrize(("text", "yes"), [
    ("PHQ-9", True), ("GAD-7", True), ("OGRS3", True), ("COVID-19", False), ("21", False),
])
def test_scale_names(text: str, yes: bool) -> None:
    assert scale_name(text) is yes


def test_the_ner_rules_on_the_letter(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, LETTER, [
        ("law student", "MISC", 0), ("self-harm (superficial", "MISC", 0),
        ("cuts to her forearms", "MISC", 0), ("PHQ-9", "QUANTITY", 0),
        ("Road, Harrogate HG2 7SX", "LOC", 0)])
    got = sorted((f.text, f.full_type) for f in found)
    assert ("law student", "DEM/OCCUPATION") in got
    assert ("self-harm (superficial cuts to her forearms)", "MISC") in got
    assert ("Lancaster Park Road, Harrogate HG2 7SX", "LOC") in got
    assert not [t for t, _ in got if "PHQ" in t]
