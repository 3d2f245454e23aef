"""What a hospital discharge summary, a police collision report, a US court opinion and
Australian and Canadian benefit letters (written for the purpose, session 28) showed of the
recognizer: a patient's name ran over the line break into "Hospital number:" and became a
hospital, "Mrs Holloway" joined her son Daniel Holloway, the defendant officer's surname
after "BRIAN T." stayed in clear, "Plaintiff", "v." and "Bates" (of "Bates No.") were
findings, a car's make and model was a person, a licence number was split in two, an age
after a name was a count, "Social Insurance" (of "Social Insurance Number:") an
organisation. The rules are checked one by one (the NER's post-processing with a stand-in
for the model's spans), and the documents through the whole pipeline with the shipped model."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.recognizer.rules.identifier_cues import names_a_number
from redactor_plugins.detectors.recognizer.rules.institution_rules import (
    care_institutions,
    past_a_field,
)
from redactor_plugins.detectors.recognizer.rules.no_one_words import names_no_one
from redactor_plugins.detectors.recognizer.rules.span_kinds import (
    vehicle_name,
)
from test_cov_masks_that_hide_no_one import _ner

from redactor.core.coreference import person_links
from redactor.plugin_api import Finding, Label, Span

DISCHARGE = """St Mary's Hospital NHS Foundation Trust
Discharge Summary

Patient: Margaret Anne Holloway
Hospital number: RJ7-4481920
NHS number: 943 476 5919
Date of birth: 14/02/1951

Presenting complaint: Mrs Holloway, a 75-year-old retired teacher, was found on the floor
of her kitchen by her son Daniel after a fall.

Next of kin: Daniel Holloway (son), 07700 900461.
"""

COLLISION = """Thames Valley Police — Road Traffic Collision Report
GPS: 51.7489, -1.2867 (what3words ///filled.count.soap)

Vehicle 2: Toyota Prius (private hire, Oxford City Council licence PH 2231), registration
OX70 RTY, VIN JTDKB20U803123456, driven by Mr Farid Rahimi, 47, of 12 Cowley Road, Oxford.
Casualty: Mrs Helen Rahimi, taken by ambulance to the John Radcliffe
Hospital with a suspected fractured sternum.
"""

OPINION = """JANE DOE, a minor, by her mother and next friend MARIA GONZALEZ, Plaintiff,
v.
CITY OF EVANSTON and OFFICER BRIAN T. KOWALSKI (Star No. 1187), Defendants.

Plaintiff Maria Gonzalez (SSN ending 4821; A-Number A 087-654-321) brings this action. She
testified at her deposition (Bates No. EVN-000412) that Officer Kowalski struck her.
"""


def at(text: str, word: str, nth: int = 0) -> tuple[int, int]:
    start = -1
    for _ in range(nth + 1):
        start = text.index(word, start + 1)
    return start, start + len(word)


def test_a_name_does_not_run_out_of_a_forms_field() -> None:
    assert past_a_field(DISCHARGE, *at(DISCHARGE, "Margaret Anne Holloway\nHospital"))
    assert "Margaret Anne Holloway\nHospital" not in [
        DISCHARGE[s:e] for s, e in care_institutions(DISCHARGE)]
    # a name wrapped in running text is still one hospital
    assert "John Radcliffe\nHospital" in [COLLISION[s:e] for s, e in care_institutions(COLLISION)]


def test_the_surname_after_an_initial_joins_the_name(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, OPINION, [("BRIAN T", "PERSON", 0),
                                                  ("OFFICER", "ORG", 0)])
    assert sorted((f.text, f.full_type) for f in found) == [
        ("BRIAN T. KOWALSKI", "PERSON"), ("OFFICER", "DEM/TITLE")]


def test_a_partys_role_is_no_part_of_a_name(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, OPINION, [
        ("Plaintiff", "PERSON", 0), ("v.", "ORG", 0), ("Plaintiff Maria Gonzalez", "PERSON", 0),
        ("Bates", "PERSON", 0), ("Star No", "MISC", 0)])
    assert [f.text for f in found] == ["Maria Gonzalez"]


@pytest.mark.parametrize(("word", "nth", "no_one"), [
    ("Plaintiff", 0, True), ("v.", 0, True), ("Bates", 0, True), ("Kowalski", 0, False),
    ("MARIA", 0, False),
])
def test_names_no_one(word: str, nth: int, no_one: bool) -> None:
    assert names_no_one(OPINION, *at(OPINION, word, nth)) is no_one


def test_mr_bates_with_a_number_is_still_a_person() -> None:
    text = "Mr Bates No. 2 was called."
    assert not names_no_one(text, *at(text, "Bates"))


@pytest.mark.parametrize(("span", "vehicle"), [
    ("Toyota Prius", True), ("Ford Fiesta", True), ("Mercedes-Benz Sprinter", True),
    ("Mercedes Garcia", False), ("Harrison Ford", False), ("Tesla Model 3", True),
])
def test_a_cars_make_and_model(span: str, vehicle: bool) -> None:
    assert vehicle_name(span) is vehicle


def test_the_first_words_of_a_number_field_are_no_name() -> None:
    text = "Canada Revenue Agency\nSocial Insurance Number: 046 454 286\n"
    assert names_a_number(text, *at(text, "Social Insurance"))
    assert not names_a_number(text, *at(text, "Canada Revenue Agency"))


def test_a_licence_number_an_age_and_a_place_are_one_finding_each() -> None:
    found = {f.text: f.full_type for f in detect_text(COLLISION)}
    assert found["PH 2231"] == "CODE/REFERENCE_NUMBER"
    assert found["47"] == "DEM/AGE"
    assert found["51.7489, -1.2867"] == "LOC/COORDINATES"
    assert found["///filled.count.soap"] == "LOC/WHAT3WORDS"


def test_a_surname_alone_joins_the_person_whose_given_name_fits_the_title() -> None:
    def person(text: str, nth: int = 0) -> Finding:
        s, e = at(DISCHARGE, text, nth)
        return Finding(Span(s, e), Label.PERSON, text, detector="test")
    findings = [person("Margaret Anne Holloway"), person("Mrs Holloway"),
                person("Daniel Holloway")]
    assert person_links(findings) == [(0, 1)]


@pytest.fixture(scope="module")
def model() -> None:
    from redactor_plugins.detectors.recognizer import ner as ner_detector

    ok, why = ner_detector.model_available()
    if not ok:
        pytest.skip(why)


@pytest.mark.parametrize(("name", "text", "gone", "kept"), [
    ("discharge", DISCHARGE, ["Holloway", "RJ7-4481920", "943 476 5919", "Daniel"],
     ["Hospital number:", "NHS number:"]),
    ("collision", COLLISION, ["51.7489", "filled.count", "Prius", "PH 2231", "Rahimi", "47,",
                              "JTDKB20U803123456"], ["GPS:", "licence"]),
    ("opinion", OPINION, ["KOWALSKI", "Kowalski", "GONZALEZ", "Gonzalez", "4821", "087-654",
                          "EVN-000412"], ["Plaintiff,", "\nv.\n", "Bates No.", "Star No."]),
])
def test_the_probe_documents_through_the_pipeline(model: None, tmp_path: Path, name: str,
                                                  text: str, gone: list[str],
                                                  kept: list[str]) -> None:
    from redactor.testing import run_pipeline

    src = tmp_path / f"{name}.txt"
    src.write_text(text, encoding="utf-8")
    out = run_pipeline(src, strategy="label", output=tmp_path / "out.txt").output_text
    assert not [g for g in gone if g in out], out
    assert all(k in out for k in kept), out
    if name == "discharge":  # Margaret Anne Holloway is Mrs Holloway; her son is not
        patient = out.split("Patient: ")[1].split("\n")[0]
        assert f"complaint: {patient}," in out and f"kin: {patient} " not in out
    if name == "collision":
        assert "Vehicle 2: [MISC" in out and re.search(r"\], \[DEM \d+\], of ", out), out


def test_a_signatures_codes_are_codes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    text = "Signed: Dr Tomás Ferreira, FY2, bleep 4471, GMC 7654321\n"
    assert {f.text: f.full_type for f in detect_text(text)} == {
        "4471": "CODE/PHONE_EXTENSION", "7654321": "CODE/PROFESSIONAL_REGISTRATION"}
    # the model's one LOC over the grade, the bleep and the GMC number stops at the first cue
    found = _ner(monkeypatch, tmp_path, text, [("FY2, bleep 4471, GMC 7654321", "LOC", 0)])
    assert [f.text for f in found] == ["FY2"]


@pytest.mark.parametrize(("text", "value"), [
    ("NMC PIN 12A3456E", "12A3456E"), ("HCPC registration no. PA123456", "PA123456"),
    ("GMC number: 7654321", "7654321"), ("Social Work England SW123456", "SW123456"),
])
def test_professional_registrations(text: str, value: str) -> None:
    assert [(f.text, f.subtype, f.validated) for f in detect_text(text)] == [
        (value, "PROFESSIONAL_REGISTRATION", True)]


@pytest.mark.parametrize(("span", "group"), [
    ("al-Shabaab", True), ("Al Qaeda", True), ("Boko Haram", True), ("Alan Shabaab", False),
])
def test_armed_groups_are_no_people(span: str, group: bool) -> None:
    from redactor_plugins.detectors.recognizer.rules.span_kinds import firm_name

    assert firm_name(span) is group


def test_a_rank_word_in_an_insurers_field_is_the_insurer(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    text = "Insurer: Admiral, policy number P/88219034/01.\nOccupation: Admiral\n"
    found = _ner(monkeypatch, tmp_path, text, [("Admiral", "DEM", 0), ("Admiral", "DEM", 1)])
    assert [(f.text, str(f.label)) for f in found] == [("Admiral", "ORG"), ("Admiral", "DEM")]
