"""What a Canadian hospital consultation note (written for the purpose, session 32) showed
through every default detector and the shipped models: the heading's "Consultation Note" an
organisation, "(64 yrs)" a code, "Marc\\n(38)" a date, "MD FRCPC" an organisation, "Gatineau
QC" an organisation, and "BID. Allergic to penicillin" one finding across a sentence's end."""

from __future__ import annotations

from pathlib import Path

import pytest
from probe_helpers import detected, uncovered
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.recognizer.rules.no_one_words import names_no_one

from redactor.core.model import Label

NOTE = """Ottawa General Hospital — Consultation Note
Patient: Jean-François Tremblay    MRN: 00483921    OHIP: 4532-281-947-AB
DOB: 1961-09-30 (64 yrs)    SIN: 046 454 286
Referring physician: Dr. Amélie Gagnon, Clinique Familiale Saint-Laurent, Gatineau QC

Reason for consult: 64-year-old francophone man, retired bus driver with OC Transpo, referred
for worsening shortness of breath. Lives with his wife Nicole in Orléans; their son Marc
(38) is a paramedic in Kingston.

History: Type 2 diabetes on metformin 1000 mg BID. Allergic to penicillin.
Dr. Rajesh Venkataraman, MD FRCPC, Respirology — pager 613-555-0199
"""


def test_the_note(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, NOTE)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, [
        "Ottawa General Hospital", "Jean-François Tremblay", "00483921", "4532-281-947-AB",
        "1961-09-30", "64 yrs", "046 454 286", "Amélie Gagnon", "Gatineau", "Nicole",
        "Orléans", "Marc", "38", "Kingston", "Rajesh Venkataraman", "613-555-0199"])
    assert kinds["64 yrs"] == (Label.DEM, "AGE"), kinds
    assert kinds["38"] == (Label.DEM, "AGE"), kinds
    for words in ("Consultation Note", "MD FRCPC", "BID"):
        at = text.index(words)
        assert not covered & set(range(at, at + len(words))), (words, kinds)
    assert not any("\n" in f.text or ". " in f.text for f in found
                   if f.label == Label.MISC), kinds


@pytest.mark.parametrize(("sentence", "age"), [
    ("DOB: 1961-09-30 (64 yrs) SIN: none", "64 yrs"),
    ("DOB: 19/06/1941 (83)", "83"),
    ("their son Marc\n(38) is a paramedic", "38"),
    ("Mrs Okafor (52 years) was seen.", "52 years"),
])
def test_an_age_in_brackets(sentence: str, age: str) -> None:
    assert (age, Label.DEM, "AGE") in [(f.text, f.label, f.subtype)
                                       for f in detect_text(sentence)]


@pytest.mark.parametrize(("word", "no_one"), [("MD FRCPC", True), ("MBBS, MRCP", True),
                                              ("MD Anderson", False), ("QC", True),
                                              ("FRCPC", True), ("MB", False)])
def test_letters_of_degrees_name_no_one(word: str, no_one: bool) -> None:
    assert names_no_one(word, 0, len(word)) is no_one
