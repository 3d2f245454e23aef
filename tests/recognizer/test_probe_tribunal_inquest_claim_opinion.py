"""What four documents written for the purpose (session 29) showed — an employment tribunal's
judgment, a coroner's record of inquest, an insurer's claim e-mail and a US appeals court's
opinion: "Plaintiff-Appellant", "et al." and "N/A" were masked as if they named someone;
"ARGUED" (after "Judge." on the line above) was a person and "Claims Handler" a person;
"42 U.S.C. § 1983" read "42 [PERSON]. § [DATETIME]"; two of three judges in capitals were
organisations; "Illinois plate AV 38211", "CI-2291" and "cell, A2-14" were cut into pieces or
counted as quantities; "Scaffolder, 27 Hylton Road, …" was one address; "grey 2019" and "Toyota
Corolla" were two demographic words; "Leeds" after "Heard at:" an organisation."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.codes import find_case_numbers, find_reference_codes
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.recognizer.gazetteer import find
from redactor_plugins.detectors.recognizer.rules.legal_rules import legal_provisions
from redactor_plugins.detectors.recognizer.rules.no_one_words import names_no_one
from redactor_plugins.detectors.recognizer.rules.span_kinds import (
    code_shaped,
    county_name,
    judicial_title,
    listed_judge,
    occupation_before_address,
)
from redactor_plugins.detectors.recognizer.rules.span_numbers import (
    code_end_before_dash,
)
from test_cov_masks_that_hide_no_one import _ner

CAPTION = """MARCUS T. DELANEY,
Plaintiff-Appellant,
v.
CITY OF ROCKFORD, et al.,
Defendants-Appellees.

No. 3:20-cv-50218 — Iain D. Johnston, Judge.

ARGUED SEPTEMBER 12, 2023 — DECIDED JANUARY 4, 2024

Before EASTERBROOK, ROVNER, and KIRSCH, Circuit Judges.

ROVNER, Circuit Judge. Delaney sued the City of Rockford under 42 U.S.C. § 1983."""


def at(text: str, word: str, nth: int = 0) -> tuple[int, int]:
    start = -1
    for _ in range(nth + 1):
        start = text.index(word, start + 1)
    return start, start + len(word)


# -- words that name no one ------------------------------------------------------------------
@pytest.mark.parametrize(("text", "word", "yes"), [
    (CAPTION, "Plaintiff-Appellant", True),
    (CAPTION, "Defendants-Appellees", True),
    ("Petitioner-Cross-Appellee.", "Petitioner-Cross-Appellee", True),
    ("Mr Cross-Smith gave evidence.", "Cross-Smith", False),  # a name, not roles
    (CAPTION, "al.", True),
    (CAPTION, "et", True),
    ("Al Smith and Al Jones", "Al", False),
    ("(d) Maiden surname of woman who has married: N/A", "N/A", True),
    ("Previous convictions: None", "None", True),
    ("None of them came.", "None", False),
    ("send us the discharge letter and his NHS number if you want", "NHS", True),
    ("a National Insurance number was never issued", "National Insurance number", True),
    ("She was treated by the NHS for years.", "NHS", False),
    ("Her Medicaid ID is pending.", "Medicaid", False),  # a benefit, kept
])
def test_words_that_name_no_one(text: str, word: str, yes: bool) -> None:
    assert names_no_one(text, *at(text, word)) is yes


def test_a_code_before_a_dash_at_a_spans_end_lets_the_dash_go() -> None:
    text = "Subject: Your claim NSM-2024-0088417 - vehicle damage"
    start = text.index("NSM")
    assert text[start:code_end_before_dash(text, start, start + 18)] == "NSM-2024-0088417"
    assert code_end_before_dash(text, start, start + 16) == start + 16


def test_a_title_on_the_line_above_makes_no_person() -> None:
    persons = [t for s, e, lab, *_ in find(CAPTION) if str(lab) == "PERSON"
               for t in [CAPTION[s:e]]]
    assert "ARGUED" not in persons and "DECIDED" not in persons


def test_a_jobs_title_is_no_person() -> None:
    text = "Kind regards,\nSophie Marlow\nClaims Handler, Motor Claims Team\n"
    persons = [text[s:e] for s, e, lab, *_ in find(text) if str(lab) == "PERSON"]
    assert "Sophie Marlow" in persons and "Claims Handler" not in persons
    text = "The claim was passed to Tom Handler, who rang back."  # a given name: a person
    assert [text[s:e] for s, e, lab, *_ in find(text) if str(lab) == "PERSON"] == [
        "Tom Handler"]


# -- US legal citations ---------------------------------------------------------------------
@pytest.mark.parametrize(("text", "provision"), [
    ("He sued under 42 U.S.C. § 1983, alleging", "42 U.S.C. § 1983"),
    ("jurisdiction under 28 U.S.C. §§ 1331, 1343(a)(3).", "28 U.S.C. §§ 1331, 1343(a)(3)"),
    ("See 8 C.F.R. § 208.13(b)(1).", "8 C.F.R. § 208.13(b)(1)"),
    ("summary judgment under Fed. R. Civ. P. 56(a), the", "Fed. R. Civ. P. 56(a)"),
])
def test_us_code_sections_are_legal_provisions(text: str, provision: str) -> None:
    assert [text[s:e] for s, e in legal_provisions(text)] == [provision]


def test_the_us_as_a_country_is_no_provision() -> None:
    assert legal_provisions("He lived in the U.S. 5 years and left.") == []


@pytest.mark.parametrize(("text", "citations"), [
    ("See Delaney v. Brandt, 2021 WL 4410362, at *2 (N.D. Ill. Sept. 27, 2021).",
     ["2021 WL 4410362, at *2 (N.D. Ill. Sept. 27, 2021)"]),
    ("Twombly, 550 U.S. 544, 555 (2007); Smith, 123 F.3d 456, 460 (7th Cir. 1997)",
     ["550 U.S. 544, 555 (2007)", "123 F.3d 456, 460 (7th Cir. 1997)"]),
    ("Doe, 45 F. Supp. 3d 101 (S.D.N.Y. 2014)", ["45 F. Supp. 3d 101 (S.D.N.Y. 2014)"]),
    ("in the U.S. 5 times", []),
])
def test_law_report_citations_are_one_code(text: str, citations: list[str]) -> None:
    found = [(text[h.start:h.end], h.subtype) for h in find_case_numbers(text)]
    assert found == [(c, "CASE_NUMBER") for c in citations]


def test_judges_listed_before_their_title_are_people() -> None:
    for name in ("EASTERBROOK", "ROVNER", "KIRSCH"):
        assert listed_judge(CAPTION, *at(CAPTION, name)), name
    assert listed_judge(CAPTION, *at(CAPTION, "ROVNER", 1))  # "ROVNER, Circuit Judge."
    assert not listed_judge(CAPTION, *at(CAPTION, "Before"))
    assert not listed_judge(CAPTION, *at(CAPTION, "CITY OF ROCKFORD"))
    assert judicial_title(CAPTION, *at(CAPTION, "Circuit Judges"))
    assert judicial_title(CAPTION, *at(CAPTION, "Judge"))
    assert not judicial_title(CAPTION, *at(CAPTION, "ROVNER"))


def test_an_opinions_caption_through_the_ner(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, CAPTION, [
        ("Plaintiff-Appellant", "ORG", 0), ("al.", "ORG", 0), ("EASTERBROOK", "ORG", 0),
        ("ROVNER", "PERSON", 0), ("KIRSCH", "ORG", 0), ("Circuit Judges", "ORG", 0)])
    assert [(f.text, str(f.label), f.subtype) for f in found] == [
        ("EASTERBROOK", "PERSON", ""), ("ROVNER", "PERSON", ""), ("KIRSCH", "PERSON", ""),
        ("Circuit Judges", "DEM", "TITLE")]


# -- codes, plates, vehicles, places --------------------------------------------------------
@pytest.mark.parametrize(("text", "plate"), [
    ("stopped a silver Chevrolet Impala with Illinois plate AV 38211 on West State Street.",
     "AV 38211"),
    ("registration number 7XYZ123 was seen", "7XYZ123"),
    ("His plate number was ABC-1234.", "ABC-1234"),
    ("registration MA19 XKT.", "MA19 XKT"),  # a British plate: its own, validated
    ("the registration of 2019 births", None),  # no letter
    ("plate 1234", None),
    ("registration HELLO", None),  # no digit
    ("the registration number of his car", None),
])
def test_a_plate_after_its_cue_is_one_code(text: str, plate: str | None) -> None:
    plates = [f.text for f in detect_text(text) if f.subtype == "VEHICLE_PLATE"]
    assert plates == ([plate] if plate else [])


@pytest.mark.parametrize(("text", "code"), [
    ("was found unresponsive in his cell, A2-14, at HMP Durham", "A2-14"),
    ("moved to ward, B4.", "B4"),
    ("the room, 3 of them were empty", None),
    ("a cell, which was cold", None),
])
def test_a_cells_code_after_a_comma(text: str, code: str | None) -> None:
    rooms = [text[h.start:h.end] for h in find_reference_codes(text)
             if h.subtype == "ROOM_NUMBER"]
    assert rooms == ([code] if code else [])


@pytest.mark.parametrize(("text", "yes"), [
    ("CI-2291", True), ("A2-14", True), ("AB/1234", True),
    ("PHQ-9", False), ("COVID-19", False), ("14", False), ("3 kg", False),
])
def test_code_shaped_quantities(text: str, yes: bool) -> None:
    assert code_shaped(text) is yes


INQUEST = """3. Connor Fairbairn was found unresponsive in his cell, A2-14, at HMP Durham.
Informant CI-2291 was not called.
(f) Occupation and usual address: Scaffolder, 27 Hylton Road, Sunderland SR4 7AB
Heard at:    Leeds (by CVP)
Signature of coroner: Jeremy Chipperfield, Senior Coroner for County Durham and Darlington
The claim went through her insurer, Admiral (reference ADM-7734120); the car was a grey 2019
Toyota Corolla, repaired at Gorton Autocentre, Unit 4, Tanyard Lane."""


def test_a_place_that_starts_with_an_occupation() -> None:
    start, end = at(INQUEST, "Scaffolder, 27 Hylton Road, Sunderland SR4 7AB")
    cut = occupation_before_address(INQUEST, start, end)
    assert cut is not None and INQUEST[start:cut] == "Scaffolder"
    start, end = at(INQUEST, "Leeds (by CVP)")
    assert occupation_before_address(INQUEST, start, end) is None


def test_county_names_are_places() -> None:
    assert county_name("County Durham") and county_name("Cook County")
    assert not county_name("Winnebago County Jail") and not county_name("Durham")


def test_an_inquest_and_a_claim_through_the_ner(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, INQUEST, [
        ("A2-14", "QUANTITY", 0), ("CI-2291", "QUANTITY", 0),
        ("Scaffolder, 27 Hylton Road, Sunderland SR4 7AB", "LOC", 0), ("Leeds", "ORG", 0),
        ("County Durham", "ORG", 0), ("Admiral", "DEM", 0), ("grey 2019", "DEM", 0),
        ("Toyota Corolla", "DEM", 0), ("Gorton", "ORG", 0), ("Autocentre", "LOC", 0)])
    got = {f.text: (str(f.label), f.subtype) for f in found}
    assert got["A2-14"][0] == "CODE" and got["CI-2291"][0] == "CODE"
    assert got["Scaffolder"] == ("DEM", "OCCUPATION")
    assert got["27 Hylton Road, Sunderland SR4 7AB"][0] == "LOC"
    assert got["Leeds"] == ("LOC", "")  # "Heard at:" names a place
    assert got["County Durham"] == ("LOC", "")
    assert got["Admiral"] == ("ORG", "")  # after "her insurer,": a company
    assert got["grey 2019\nToyota Corolla"] == ("MISC", "VEHICLE")  # the DEM inside it loses
    assert got["Gorton Autocentre"] == ("ORG", "")
    assert "Toyota Corolla" not in got and "Autocentre" not in got


def test_a_colour_inside_the_models_span_still_makes_a_vehicle() -> None:
    from redactor_plugins.detectors.recognizer.rules.span_kinds import vehicle_start

    text = "Brandt stopped a silver Chevrolet Impala with Illinois plate AV 38211."
    start = text.index("silver")
    assert vehicle_start(text, start, start + len("silver Chevrolet Impala")) == start
    assert vehicle_start(text, start, start + len("silver")) is None
