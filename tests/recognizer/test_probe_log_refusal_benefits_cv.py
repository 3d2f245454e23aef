"""What a police incident log, a visa refusal letter, a benefits decision, a mental health
tribunal report and a CV (written for the purpose, session 30) showed: "22:15 PC 4471 NOLAN"
read as a Turkish plate ("15 PC 4471") that took the officer's name down with it ("NOLAN" in
clear); "Dr Sanjay Mehta of Bootle Village Surgery" a place of care that left "Dr Sanjay" in
clear; a child "Yusuf" joined to his mother "Halima Yusuf Ali"; headings in capitals masked
("CURRICULUM VITAE", "INCIDENT LOG", "LANGUAGES"); "seized", "(fluent)" and "Full UK
[driving licence]" masked; "22:14 999" one code; "0417 of" and "of 4 hours" with their "of";
the "Nationality, Immigration and Asylum Act 2002" cut at its comma."""

from __future__ import annotations

from pathlib import Path

import pytest
from probe_helpers import detected, uncovered
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.patterns.regional import find_plates
from redactor_plugins.detectors.recognizer import ner as ner_detector
from redactor_plugins.detectors.recognizer.rules.identifier_cues import names_a_number
from redactor_plugins.detectors.recognizer.rules.institution_rules import care_institutions
from redactor_plugins.detectors.recognizer.rules.legal_rules import legal_provisions
from redactor_plugins.detectors.recognizer.rules.no_one_words import heading_words, names_no_one
from redactor_plugins.detectors.recognizer.rules.span_edges import title_case_run
from test_cov_masks_that_hide_no_one import _ner

from redactor.core.entities import group_entities
from redactor.core.model import Finding, Label, Span
from redactor.core.overlaps import resolve_overlaps

LOG = """MERSEYSIDE POLICE - INCIDENT LOG
Incident no: 0417 of 11/03/2024    Grade: 1 (Emergency)
22:14 999 call received from female caller, mobile 07700 900461.
22:15 PC 4471 NOLAN and PC 2208 ACHEAMPONG (call sign MW21) dispatched.
22:21 MW21 on scene. Two children in the house (ages 4 and 7).
22:40 Vehicle seized under s.165 RTA 1988.
"""

CV = """CURRICULUM VITAE

PROFILE
Chartered accountant with nine years' experience.
LANGUAGES        Polish (native), English (fluent), German (B1)
Full UK driving licence
"""


def _finding(text: str, part: str, label: Label, detector: str, score: float = 0.9,
             validated: bool = False, nth: int = 0) -> Finding:
    start = -1
    for _ in range(nth + 1):
        start = text.index(part, start + 1)
    return Finding(Span(start, start + len(part)), label, part, score=score, detector=detector,
                   validated=validated)


def test_a_person_that_loses_part_of_its_span_keeps_the_rest() -> None:
    text = LOG
    plate = _finding(text, "15 PC 4471", Label.CODE, "patterns", 0.95, validated=True)
    person = _finding(text, "PC 4471 NOLAN", Label.PERSON, "gazetteer", 0.99)
    got = {(f.text, f.label) for f in resolve_overlaps([plate, person])}
    assert ("NOLAN", Label.PERSON) in got
    # another kind of finding that loses part of its span does not keep the rest
    org = _finding(text, "PC 4471 NOLAN", Label.ORG, "ner", 0.99)
    assert [f.text for f in resolve_overlaps([plate, org])] == ["15 PC 4471"]
    # nor does a person beside another person (the name is masked as one already)
    text = "Dr Sanjay Mehta of Bootle"
    a = _finding(text, "Dr Sanjay", Label.PERSON, "ner")
    b = _finding(text, "Sanjay Mehta", Label.PERSON, "gazetteer")
    assert [f.text for f in resolve_overlaps([a, b])] == ["Sanjay Mehta"]


@pytest.mark.parametrize(("text", "plates"), [
    ("22:15 PC 4471 NOLAN and", []),
    ("at 1.34 AB 1234 was", []),
    ("at 15 PC 4471 NOLAN", []),
    ("plaka 34 ABC 123 ve", ["34 ABC 123"]),
    ("araç 06 PC 1234.", ["06 PC 1234"]),
])
def test_a_turkish_plate_is_no_time_nor_an_officers_number(text: str, plates: list[str]) -> None:
    assert [text[h.start:h.end] for h in find_plates(text)] == plates


def test_a_titled_name_before_a_place_of_care_is_not_part_of_it() -> None:
    text = "Your GP, Dr Sanjay Mehta of Bootle Village Surgery, wrote"
    assert [text[s:e] for s, e in care_institutions(text)] == ["Bootle Village Surgery"]
    text = "Sanjay Mehta of Bootle Village Surgery"  # no title: the rule cannot tell
    assert [text[s:e] for s, e in care_institutions(text)] == [
        "Mehta of Bootle Village Surgery"]


def test_a_log_line_through_the_ner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, LOG, [
        ("INCIDENT LOG", "ORG", 0), ("MERSEYSIDE POLICE", "ORG", 0), ("0417 of", "CODE", 0),
        ("22:14 999", "CODE", 0), ("22:21 MW21", "DATETIME", 0), ("seized", "LOC", 0)])
    got = [(f.text, f.full_type) for f in found]
    assert ("MERSEYSIDE POLICE", "ORG") in got
    assert ("0417", "CODE") in got
    assert ("22:14", "DATETIME/TIME") in got and ("22:21", "DATETIME/TIME") in got
    assert ("MW21", "CODE") in got
    texts = [t for t, _ in got]
    assert "INCIDENT LOG" not in texts and "seized" not in texts
    assert not any("999" in t for t in texts)


def test_a_cv_through_the_ner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, CV, [
        ("CURRICULUM VITAE", "ORG", 0), ("PROFILE", "DEM", 0), ("LANGUAGES", "ORG", 0),
        ("Polish", "DEM", 0), ("native", "DEM", 0), ("fluent", "DEM", 0), ("Full UK", "DEM", 0),
        ("licence", "DEM", 0), ("Chartered accountant", "DEM", 0)])
    texts = [f.text for f in found]
    assert "Polish" in texts and "Chartered accountant" in texts
    for gone in ("CURRICULUM VITAE", "PROFILE", "LANGUAGES", "native", "fluent", "Full UK",
                 "licence"):
        assert gone not in texts


@pytest.mark.parametrize(("line", "part", "heading"), [
    ("RESPONSIBLE CLINICIAN'S REPORT", "RESPONSIBLE CLINICIAN'S REPORT", True),
    ("MERSEYSIDE POLICE - INCIDENT LOG", "MERSEYSIDE POLICE", False),  # a name
    ("MENTAL HEALTH TRIBUNAL FOR ENGLAND", "MENTAL HEALTH TRIBUNAL FOR ENGLAND", False),
    ("INTERESTS        Marathon running", "INTERESTS", True),
    ("The INCIDENT LOG was read", "INCIDENT LOG", False),  # not a heading's line
    ("CASE OF KOWALSKI v. POLAND", "KOWALSKI", False),
])
def test_a_heading_in_capitals(line: str, part: str, heading: bool) -> None:
    start = line.index(part)
    assert heading_words(line, start, start + len(part)) is heading


def test_ages_listed_after_ages() -> None:
    text = "Two children in the house (ages 4 and 7)."
    assert [(f.text, f.full_type) for f in detect_text(text) if f.label == Label.DEM] == [
        ("ages 4 and 7", "DEM/AGE")]


@pytest.mark.parametrize(("text", "provision"), [
    ("under section 82 of the Nationality, Immigration and Asylum Act 2002. Your",
     "section 82 of the Nationality, Immigration and Asylum Act 2002"),
    ("the Police, Crime, Sentencing and Courts Act 2022 and",
     "Police, Crime, Sentencing and Courts Act 2022"),
])
def test_a_laws_name_with_a_comma(text: str, provision: str) -> None:
    assert provision in [text[s:e] for s, e in legal_provisions(text)]


@pytest.mark.parametrize(("text", "part", "label"), [
    ("Your Biometric Residence Permit number is ZU1234567.", "Biometric Residence Permit", True),
    ("his Danish passport number is 123456", "Danish", False),
    ("Patient John Smith ID 12345", "John Smith", False),
])
def test_a_documents_name_before_its_number(text: str, part: str, label: bool) -> None:
    start = text.index(part)
    assert names_a_number(text, start, start + len(part)) is label


@pytest.mark.parametrize(("text", "part", "no_one"), [
    ("He was transferred to section 3 on 26 September.", "3", True),
    ("Nearest relative: Mrs Grace Mensah", "Nearest", True),
    ("He has 3 children.", "3", False),
    ("the nearest town", "nearest", False),
])
def test_a_provisions_number_and_a_role_name_no_one(text: str, part: str, no_one: bool) -> None:
    start = text.index(part)
    assert names_no_one(text, start, start + len(part)) is no_one


def test_a_fields_whole_value_is_one_name() -> None:
    text = "Benefit: Personal Independence Payment (PIP)\nDate: 21 August 2023"
    start, end = text.index("Independence"), text.index("\nDate")
    assert text[slice(*title_case_run(text, start, end, set()))] == \
        "Personal Independence Payment (PIP)"
    text = "Benefit: Personal Independence Payment was stopped"
    end = text.index(" was")
    assert text[slice(*title_case_run(text, start, end, set()))] == "Independence Payment"


def _people(text: str, *parts: str) -> list[Finding]:
    return [_finding(text, p, Label.PERSON, "ner", nth=n) for p, n in parts]


def test_a_middle_name_alone_that_is_a_given_name_is_someone_else() -> None:
    text = ("the partner of Ms Halima Yusuf Ali. Ms Ali works. Their children, Amina and Yusuf, "
            "are not British.")
    found = _people(text, ("Ms Halima Yusuf Ali", 0), ("Ms Ali", 0), ("Amina", 0), ("Yusuf", 1))
    ids = {found[i].text: e.id for e in group_entities(found, text) for i in e.mentions}
    assert ids["Ms Ali"] == ids["Ms Halima Yusuf Ali"]
    assert ids["Yusuf"] != ids["Ms Halima Yusuf Ali"]
    # a middle name that is no given name is still the person ("García" of García Márquez)
    text = "Gabriel García Márquez wrote it. García said so."
    found = _people(text, ("Gabriel García Márquez", 0), ("García", 1))
    assert len(group_entities(found, text)) == 1


NER_OK, NER_WHY = ner_detector.model_available()


@pytest.mark.skipif(not NER_OK, reason=NER_WHY or "NER model absent")
def test_no_officers_name_left_in_the_log(tmp_path: Path) -> None:
    text, _found, covered = detected(
        tmp_path, LOG + "Your GP, Dr Sanjay Mehta of Bootle Village Surgery, wrote.\n")
    assert uncovered(text, covered, ["NOLAN", "ACHEAMPONG", "Sanjay", "Mehta"]) == []


def test_an_orders_number_is_a_code(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    text = "breach of non-molestation order (FL401, Liverpool Family Court) and COVID19 tests"
    found = _ner(monkeypatch, tmp_path, text, [("FL401", "DEM", 0), ("COVID19", "MISC", 0)])
    assert [(f.text, f.label) for f in found] == [("FL401", Label.CODE), ("COVID19", Label.MISC)]


def test_a_heritage_is_demographic(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # "of Ghanaian heritage" a MISC: its pseudonym read "a 25-year-old person of something"
    text = "Mr Mensah is a 27-year-old man of Ghanaian heritage with a diagnosis."
    found = _ner(monkeypatch, tmp_path, text, [("Ghanaian heritage", "MISC", 0)])
    assert [(f.text, f.full_type) for f in found] == [("Ghanaian heritage", "DEM/ETHNICITY")]
