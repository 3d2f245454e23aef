"""What an Upper Tribunal asylum decision (written for the purpose, session 29) showed: the
neutral citation "[2016] UKUT 00443 (IAC)" came out as a MISC "… [2016]", a CODE "UKUT" and a
CODE "00443 (IAC"; "The FtTJ found" masked a judge's abbreviation; "Senior Home Office
Presenting Officer" an ORG with "Officer" in clear."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.codes import find_case_numbers
from redactor_plugins.detectors.recognizer.rules.no_one_words import names_no_one
from test_cov_masks_that_hide_no_one import _ner


@pytest.mark.parametrize(("text", "citations"), [
    ("See MST and Others Eritrea CG [2016] UKUT 00443 (IAC).", ["[2016] UKUT 00443 (IAC)"]),
    ("in [2019] EWCA Civ 123 and [2020] EWHC 1234 (Fam)", ["[2019] EWCA Civ 123",
                                                          "[2020] EWHC 1234 (Fam)"]),
    ("the [2021] UKSC 12 ruling", ["[2021] UKSC 12"]),
    ("[2019] 1 WLR 123", ["[2019] 1 WLR 123"]),   # a law report, as before
    # any court's abbreviation of two capitals or more (session 34: Australian, New Zealand,
    # Singapore courts … "[2024] FedCFamC1F 212"); a word in lower case or one capital is none
    ("[2016] ABCD 12", ["[2016] ABCD 12"]),
    ("[2016] Smith 12", []), ("[2016] page 12", []),
])
def test_a_neutral_citation_is_one_code(text: str, citations: list[str]) -> None:
    assert [text[h.start:h.end] for h in find_case_numbers(text)] == citations


@pytest.mark.parametrize(("word", "yes"), [("FtTJ", True), ("UTJ", True), ("SSHD", True),
                                            ("Khan", False)])
def test_a_tribunals_abbreviations_name_no_one(word: str, yes: bool) -> None:
    text = f"The {word} found that he had not shown it."
    assert names_no_one(text, 4, 4 + len(word)) is yes


def test_an_organisations_words_before_a_jobs_head_are_a_job(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    text = "For the Respondent: Ms A Everett, Senior Home Office Presenting Officer\n"
    found = _ner(monkeypatch, tmp_path, text, [("Ms A Everett", "PERSON", 0),
                                               ("Senior Home Office", "ORG", 0)])
    assert [(f.text, f.full_type) for f in found] == [
        ("Ms A Everett", "PERSON"), ("Senior Home Office Presenting Officer", "DEM/OCCUPATION")]


def test_initials_before_an_anonymity_direction_are_the_person(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    text = "Between\nSH (ANONYMITY DIRECTION MADE)\nAppellant\n\n2. SH arrived in the UK in 2018."
    found = _ner(monkeypatch, tmp_path, text, [("SH", "DEM", 0), ("SH", "PERSON", 1)])
    assert [(f.text, str(f.label)) for f in found] == [("SH", "PERSON"), ("SH", "PERSON")]
    from redactor_plugins.detectors.recognizer.rules.span_kinds import anonymised_initials

    assert not anonymised_initials("the SH unit (anonymous)", 4, 6)
