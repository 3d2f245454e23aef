"""What an adult social care needs assessment (written for the purpose, session 29) showed: the
age after a date of birth, "(83)", was a CODE; "HbA1c" of "HbA1c 68 mmol/mol" a CODE; "OPG ref
7000-1234-5678" a validated Aadhaar number (its digits pass Verhoeff's check by chance); "the
Lundwood Centre" a place and an organisation."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text
from test_cov_masks_that_hide_no_one import _ner

TEXT = """Mosaic ID: 1174529     DOB: 19/06/1941 (83)
He has type 2 diabetes (HbA1c 68 mmol/mol) and chronic kidney disease stage 3.
His daughter holds a Lasting Power of Attorney (OPG ref 7000-1234-5678).
Day centre twice a week at the Lundwood Centre.
"""


@pytest.mark.parametrize(("text", "found"), [
    ("DOB: 19/06/1941 (83)", [("19/06/1941", "DATE"), ("83", "AGE")]),
    ("born 3 May 1990 (34)", [("3 May 1990", "DATE"), ("34", "AGE")]),
    ("see the letter of 12/05/2020 (3)", [("12/05/2020", "DATE")]),  # no birth: no age
])
def test_an_age_in_brackets_after_a_date_of_birth(text: str, found: list[tuple[str, str]]
                                                 ) -> None:
    assert [(f.text, f.subtype) for f in detect_text(text)] == found


@pytest.mark.parametrize(("text", "subtype"), [
    ("a Lasting Power of Attorney (OPG ref 7000-1234-5678).", "REFERENCE_NUMBER"),
    ("Aadhaar: 2345 6789 0124", "NATIONAL_ID_IN"),
])
def test_a_reference_cue_wins_over_a_chance_aadhaar(text: str, subtype: str) -> None:
    assert [f.subtype for f in detect_text(text) if f.label == "CODE"] == [subtype]


def test_the_assessment_through_the_ner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, TEXT, [
        ("HbA1c", "CODE", 0), ("Lundwood", "LOC", 0), ("Centre", "ORG", 0),
        ("type 2 diabetes", "MISC", 0)])
    assert sorted((f.text, str(f.label)) for f in found) == [
        ("Lundwood Centre", "ORG"), ("type 2 diabetes", "MISC")]
