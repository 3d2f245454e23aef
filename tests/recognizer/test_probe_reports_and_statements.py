"""What a police report, an asylum refusal letter and a bank statement (written for the
purpose, session 27) showed of the recognizer: a model span ran across a statement's columns
("STANDING ORDER J NOWAK RENT           -£450"), a date and an amount in a column were CODEs
(a "case number" and a "code"), "999" in "a 999 call" was a count, "Marsden drives" was a
MISC where Jason Lee Marsden was a person. Each is checked through the NER detector's
post-processing with a stand-in for the model's spans, so only the rules are under test."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.recognizer import ner as ner_detector
from redactor_plugins.detectors.recognizer.rules.span_kinds import (
    code_is_date_or_money,
    emergency_number,
)
from redactor_plugins.shared.text_pieces import split_at_breaks
from test_cov_masks_that_hide_no_one import _FakeModel, _ner

from redactor.core.context import RunContext
from redactor.core.settings import Settings
from redactor.plugin_api import Document, Finding, Label, Span

STATEMENT = ("Date        Description                          Amount\n"
             "03/06/2025  DWP UC (Universal Credit)            +£612.10\n"
             "05/06/2025  STANDING ORDER J NOWAK RENT           -£450.00\n"
             "09/06/2025  TFR FROM ANNA NOWAK\t+£50.00\n")
REPORT = ("At 23:40 officers attended following a 999 call from Ms Kelly Brooke, who reported "
          "that her former partner, Jason Lee Marsden, had threatened her. She stated that "
          "Marsden drives a silver car. He later dialled 999 himself; she called 101.")


def test_a_span_stops_at_a_column_gap(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, STATEMENT, [
        ("STANDING ORDER J NOWAK RENT           -£450", "MISC", 0),
        ("TFR FROM ANNA NOWAK\t+£50", "ORG", 0)])
    # (the names inside the capitals are then cut out: test_a_name_in_capitals_…)
    assert [f.text for f in found] == ["J NOWAK", "-£450", "ANNA NOWAK", "+£50"]


def test_column_gaps_split_but_single_spaces_do_not() -> None:
    text = "J NOWAK RENT   -£450 and Mr Tomas  Berg"
    assert [text[s:e] for s, e in split_at_breaks(text, 0, len(text))] == [
        "J NOWAK RENT", "-£450 and Mr Tomas  Berg"]  # two spaces inside a line: no column


def test_a_date_or_an_amount_the_model_calls_a_code(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, STATEMENT, [
        ("05/06/2025", "CODE", 0), ("+£612.10", "CODE", 0), ("UC", "CODE", 0)])
    assert sorted((f.text, f.full_type) for f in found) == [
        ("+£612.10", "QUANTITY/MONEY"), ("05/06/2025", "DATETIME/DATE"), ("UC", "CODE")]


@pytest.mark.parametrize(("text", "kind"), [
    ("05/06/2025", (Label.DATETIME, "DATE")),
    ("5.6.2025", (Label.DATETIME, "DATE")),
    ("2025-06-05", (Label.DATETIME, "DATE")),
    ("+£612.10", (Label.QUANTITY, "MONEY")),
    ("-€ 40", (Label.QUANTITY, "MONEY")),
    ("NOK 1,200.50", (Label.QUANTITY, "MONEY")),
    ("31/02/2025", None),  # no such day: a code
    ("36110/97", None),  # an application number
    ("13/40/2019", None),
    ("£-card 7", None),
])
def test_code_is_date_or_money(text: str, kind: tuple[Label, str] | None) -> None:
    assert code_is_date_or_money(text) == kind


@pytest.mark.parametrize(("word", "nth", "service"), [
    ("999", 0, True),  # "a 999 call"
    ("999", 1, True),  # "dialled 999"
    ("101", 0, True),  # "called 101"
])
def test_emergency_numbers_in_use_name_no_one(word: str, nth: int, service: bool) -> None:
    at = -1
    for _ in range(nth + 1):
        at = REPORT.index(word, at + 1)
    assert emergency_number(REPORT, at, at + len(word)) is service


@pytest.mark.parametrize("text", ["He paid 999 pounds.", "Room 101 was empty.",
                                  "a 9999 call", "call 112233"])
def test_other_numbers_are_not_emergency_numbers(text: str) -> None:
    import re

    m = re.search(r"\d+", text)
    assert m is not None
    assert emergency_number(text, m.start(), m.end()) is False


def test_ner_drops_the_999_of_a_call(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, REPORT, [
        ("999", "QUANTITY", 0), ("999", "CODE", 1), ("101", "CODE", 0),
        ("Ms Kelly Brooke", "PERSON", 0)])
    assert [f.text for f in found] == ["Ms Kelly Brooke"]


def test_a_name_and_lower_case_words_is_the_name(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, REPORT, [
        ("Jason Lee Marsden", "PERSON", 0), ("Marsden drives", "MISC", 0),
        ("silver car", "MISC", 0)])
    assert [(f.text, f.label) for f in found] == [
        ("Jason Lee Marsden", Label.PERSON), ("Marsden", Label.PERSON),
        ("silver car", Label.MISC)]


def test_a_name_no_person_bears_stays_as_tagged(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, REPORT, [("Marsden drives", "MISC", 0)])
    assert [(f.text, f.label) for f in found] == [("Marsden drives", Label.MISC)]


def test_a_name_and_a_noun_stays_as_tagged(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    # the Wikipedia biographies annotate "Sima clan" whole (it had lost "clan": R_quasi fell)
    text = "Sima Yi served the Wei. The Sima clan took power; Sima Yi said little."
    found = _ner(monkeypatch, tmp_path, text, [
        ("Sima Yi", "PERSON", 0), ("Sima clan", "ORG", 0), ("Sima Yi said", "MISC", 0)])
    assert [(f.text, f.label) for f in found] == [
        ("Sima Yi", Label.PERSON), ("Sima clan", Label.ORG), ("Sima Yi", Label.PERSON)]


# -- the asylum letter: a national of a country, a firm of solicitors -------------------------
def _gazetteer(text: str) -> list[tuple[str, Label, str]]:
    from redactor_plugins.detectors.recognizer.gazetteer import find

    return [(text[s:e], label, sub) for s, e, label, sub, _score, _why in find(text)]


@pytest.mark.parametrize(("text", "span"), [
    ("You stated that you are a national of Somalia, born in 1994.", "national of Somalia"),
    ("Both are citizens of the United Kingdom.", "citizens of the United Kingdom"),
    ("He is a Somali national.", "Somali national"),
])
def test_a_national_of_a_country_is_one_nationality(text: str, span: str) -> None:
    assert (span, Label.DEM, "NATIONALITY") in _gazetteer(text)


def test_a_national_number_is_no_nationality() -> None:
    found = _gazetteer("The Belgian national number 85.07.30-033.28 was given.")
    assert ("Belgian", Label.DEM, "NATIONALITY") in found
    assert not [f for f in found if "number" in f[0]]


def test_a_firm_of_solicitors_is_no_person(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    text = "Your representatives, Duncan Lewis Solicitors (ref. DL/AH/9921), wrote."
    found = _gazetteer(text)
    assert ("Duncan Lewis Solicitors", Label.ORG, "COMPANY") in found
    assert not [f for f in found if f[1] == Label.PERSON]
    ner = _ner(monkeypatch, tmp_path, text, [("Duncan Lewis Solicitors", "PERSON", 0)])
    assert [(f.text, f.label) for f in ner] == [("Duncan Lewis Solicitors", Label.ORG)]


# -- the police report: an address, a street the name lists took for a person -----------------
def test_a_house_number_joins_an_address_that_goes_on_after_a_comma() -> None:
    from redactor_plugins.detectors.recognizer.rules.span_edges import house_number_start

    text = "officers attended 14 Crossley Terrace, Halifax HX1 3QW following a call"
    start = text.index("Crossley")
    assert house_number_start(text, start, text.index(" following")) == text.index("14")
    town = "officers attended 14 Halifax, HX1 3QW"  # no street before the comma
    assert house_number_start(town, town.index("Halifax"), len(town)) == town.index("Halifax")


def test_a_street_of_two_surnames_is_no_person() -> None:
    found = _gazetteer("He was arrested at his mother's address on Hanson Lane and taken away.")
    assert not [f for f in found if f[1] == Label.PERSON], found


def test_national_of_a_country_then_national_keeps_the_country_with_its_head() -> None:
    # TAB's official sample: "by a national of the United Kingdom national, Ian Le Petit" —
    # the annotators marked "United Kingdom (national)"; "national of the United Kingdom"
    # left "national" out and cost recall there
    found = _gazetteer("by a national of the United Kingdom national, Ian Le Petit")
    assert ("United Kingdom national", Label.DEM, "NATIONALITY") in found


# -- a bank statement in capitals ------------------------------------------------------------
CAPS = ("Statement for: MR PIOTR NOWAK\n"
        "05/06/2025  STANDING ORDER J NOWAK RENT   -£450.00\n"
        "09/06/2025  TFR FROM ANNA NOWAK REF BIRTHDAY   +£50.00\n"
        "02/06/2025  CARD PAYMENT TESCO STORES 2231   -£23.45\n")


def test_a_name_in_capitals_is_cut_to_the_name(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, CAPS, [
        ("MR PIOTR NOWAK", "PERSON", 0), ("STANDING ORDER J NOWAK RENT", "PERSON", 0),
        ("TFR FROM ANNA NOWAK REF BIRTHDAY", "ORG", 0), ("CARD PAYMENT TESCO STORES", "MISC", 0)])
    assert [(f.text, f.label) for f in found] == [
        ("MR PIOTR NOWAK", Label.PERSON), ("J NOWAK", Label.PERSON),
        ("ANNA NOWAK", Label.PERSON),  # a given name and a surname inside an ORG's span
        ("CARD PAYMENT TESCO STORES", Label.MISC)]  # no name in it: left as tagged
    people = [(f[0], f[1]) for f in _gazetteer(CAPS) if f[1] == Label.PERSON]
    assert ("STANDING ORDER J NOWAK RENT", Label.PERSON) not in people
    assert ("J NOWAK", Label.PERSON) in people


def test_an_organisation_named_after_people_in_capitals_stays(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    text = "Paid to MARKS AND SPENCER PLC and to JOHN LEWIS PARTNERSHIP on Friday."
    found = _ner(monkeypatch, tmp_path, text, [("MARKS AND SPENCER PLC", "ORG", 0)])
    assert [(f.text, f.label) for f in found] == [("MARKS AND SPENCER PLC", Label.ORG)]


# -- a US e-mail: a subject line's code and name, an organisation cut in two -----------------
SUBJECT = ("Subject: RE: Case #2025-CPS-00412 - Daniels, Kayla (DOB 04/19/2016)\n"
           "Cc: Intake Unit <intake@example.gov>\n"
           "She sees Dr. Priya Natarajan at Memorial Pediatrics for her ADHD.")


def test_a_code_stops_at_a_spaced_dash(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, SUBJECT, [("2025-CPS-00412 - Daniels", "CODE", 0)])
    assert [f.text for f in found] == ["2025-CPS-00412"]
    from redactor_plugins.detectors.recognizer.rules.span_numbers import (
        code_end_before_dash,
    )

    text = "Ref. AB - CD, 12-34 - 56"  # no digit before the first dash: the code is kept whole
    assert code_end_before_dash(text, 5, 12) == 12


def test_pieces_of_one_organisation_are_one(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, SUBJECT, [
        ("Intake", "MISC", 0), ("Unit", "ORG", 0), ("Memorial", "MISC", 0),
        ("Pediatrics", "ORG", 0), ("ADHD", "MISC", 0)])
    assert sorted((f.text, f.label) for f in found) == [
        ("ADHD", Label.MISC), ("Intake Unit", Label.ORG), ("Memorial Pediatrics", Label.ORG)]


def test_pieces_apart_or_lower_case_stay_apart(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    text = "the Turkish Government and the Ministry, Justice Department, and health Board"
    found = _ner(monkeypatch, tmp_path, text, [
        ("Turkish", "DEM", 0), ("Government", "ORG", 0), ("Ministry", "ORG", 0),
        ("Justice Department", "ORG", 0), ("health", "MISC", 0), ("Board", "ORG", 0)])
    assert len(found) == 6  # a DEM before, a comma between, a lower-case word: no join


def test_a_span_cut_before_a_cue_does_not_grow_over_it_again(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    text = "She has ADHD. Her Medicaid ID is 1234567890 and her Spanish DNI is 12345678Z."
    found = _ner(monkeypatch, tmp_path, text, [("Medicaid ID", "DEM", 0),
                                               ("Spanish DNI", "DEM", 0)])
    assert [f.text for f in found] == ["Medicaid", "Spanish"]


# -- a family court judgment: children known by letters, "A" among them ------------------------
JUDGMENT = ("Re: A and B (Children: Care Orders)\n"
            "1. This judgment concerns two children: A, a girl born in June 2015, and B, a boy. "
            "A girl at the school saw it. On 14 March 2023 A disclosed to her teacher that the "
            "father had hit A with a belt. Schedule A lists the grade A results.")


@pytest.mark.parametrize(("context", "person"), [
    ("A girl at", False),  # the article
    ("A disclosed", True),  # "On 14 March 2023 A disclosed"
    ("A with a belt", True),  # "hit A with a belt"
    ("A lists", False),  # "Schedule A"
    ("A results", False),  # "grade A"
    ("A, a girl", True),  # "two children: A, a girl" (after a colon: still a name here)
])
def test_which_capital_a_is_the_child(context: str, person: bool) -> None:
    from redactor_plugins.detectors.recognizer.mention_propagation import person_a

    assert person_a(JUDGMENT, JUDGMENT.index(context)) is person


def test_the_child_a_is_masked_in_every_mention(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    # "On 14 March 2023 A disclosed" left the child's letter in clear (label and pseudonym)
    for name in ner_detector.MODEL_FILES:
        (tmp_path / name).write_text("{}")
    monkeypatch.setattr(ner_detector, "load_model", lambda *a, **k: _FakeModel([
        ("A", "PERSON", 0), ("B", "PERSON", 0), ("A with a belt", "MISC", 0)]))
    doc = Document("d", Path("d.txt"), "txt", JUDGMENT)
    found = list(ner_detector.NerDetector(tmp_path).detect(doc, RunContext(
        settings=Settings({}))))
    people = sorted(f.span.start for f in found if f.label == Label.PERSON and f.text == "A")
    disclosed = JUDGMENT.index("A disclosed")
    belt = JUDGMENT.index("A with a belt")
    assert disclosed in people and belt in people
    assert JUDGMENT.index("A girl at") not in people
    assert JUDGMENT.index("Schedule A") + 9 not in people


def test_a_danish_greeting_and_cues_are_no_findings(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    text = ("Kære Mette Sørensen,\nDu har CPR-nummer 030487-1234. Sagsbehandler: Anne Holm, "
            "tlf. 33 66 33 66")
    found = _ner(monkeypatch, tmp_path, text, [
        ("Kære Mette Sørensen", "PERSON", 0), ("Kære", "MISC", 0), ("CPR", "ORG", 0),
        ("tlf", "ORG", 0), ("Anne Holm", "PERSON", 0)])
    assert [f.text for f in found] == ["Mette Sørensen", "Anne Holm"]


@pytest.mark.parametrize(("text", "span", "expected"), [
    ("autism spectrum condition (ASC) and dyslexia", "autism spectrum condition (ASC",
     "autism spectrum condition (ASC)"),  # it read "a medical condition)" generalized
    ("Foo (bar baz) qux", "Foo (bar baz", "Foo (bar baz)"),
    ("Foo (bar baz qux) x", "Foo (bar baz", "Foo (bar baz"),  # the close not right after it
    ("Total Recall (adapted in 1990)", "Total Recall (", "Total Recall"),  # Wikipedia dev
    ("the (ASC) label", "ASC)", "ASC"),
    ("Court (Chamber) x", "Court (Chamber)", "Court (Chamber)"),
    ("a (long aside with no close on its line", "a (long aside", "a (long aside"),  # kept
])
def test_a_span_does_not_leave_half_a_bracket_pair(text: str, span: str, expected: str) -> None:
    from redactor_plugins.detectors.recognizer.rules.span_edges import balance_brackets

    start = text.index(span)
    s, e = balance_brackets(text, start, start + len(span))
    assert text[s:e] == expected


def test_a_nordic_letters_header_field_is_no_name(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    # "Til: Kari Nordmann" read "Øystein: …" ("Til" is a given name in the lists)
    text = "Til: Kari Nordmann, Storgata 5, 0155 Oslo\nFra: NAV Oslo\nThe actor Til Schweiger."
    found = _ner(monkeypatch, tmp_path, text, [("Til", "PERSON", 0), ("Kari Nordmann", "PERSON", 0),
                                               ("Fra", "PERSON", 0)])
    assert [f.text for f in found] == ["Kari Nordmann"]
    names = [f[0] for f in _gazetteer(text) if f[1] == Label.PERSON]
    assert "Til" not in names and "Til Schweiger" in names  # a name, where no colon follows


# -- a responsible clinician's report to a mental health tribunal -------------------------------
MHT = ("Patient: Mr Adebayo Oluwaseun Adeyemi    Hospital No: RX4 772 019\n"
       "Ward: Aspen Ward, Highgate Mental Health Centre\n"
       "3. He is prescribed clozapine 400 mg daily.\n"
       "4. His brother, Tunde, visits every Sunday.\n")


def test_a_column_gap_ends_a_hospitals_name() -> None:
    # "Adeyemi    Hospital No:" had made "Adebayo Oluwaseun Adeyemi    Hospital" a hospital:
    # the patient's name pseudonymised as a town
    found = _gazetteer(MHT)
    assert not [f for f in found if "Adeyemi" in f[0] and f[1] == Label.ORG], found


def test_paragraph_numbers_field_names_and_bare_units_are_no_findings(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, MHT, [
        ("3", "QUANTITY", 0), ("Ward", "ORG", 0), ("clozapine 400", "MISC", 0),
        ("mg", "QUANTITY", 0), ("4", "QUANTITY", 2), ("Tunde", "PERSON", 0)])
    # "4. His brother" was renumbered "3." by the pseudonym; "Ward:" became "Dickinson-Scott:";
    # "mg" alone read "jj"; "clozapine 400" hid the dose in the drug's name
    assert [(f.text, f.label) for f in found] == [("clozapine", Label.MISC),
                                                  ("Tunde", Label.PERSON)]


def test_a_field_name_is_not_carried_from_a_names_word() -> None:
    from redactor_plugins.detectors.recognizer.mention_propagation import propagate

    at = MHT.index("Aspen Ward") + len("Aspen ")
    ward = [Finding(Span(at, at + 4), Label.ORG, "Ward", detector="ner")]
    assert [f.span.start for f in propagate(MHT, ward, "ner")] == []


def test_a_transcripts_speaker_before_a_colon_stays_a_name() -> None:
    from redactor_plugins.detectors.recognizer.ner import _default_gazetteer
    from redactor_plugins.detectors.recognizer.rules.person_rules import field_label_word

    text = "Kari: I was at home.\nWard: Aspen Ward\nCase: 22/48213"
    names = _default_gazetteer().names
    assert not field_label_word(text, 0, 4, names)  # a given name: a speaker
    assert field_label_word(text, text.index("Ward:"), text.index("Ward:") + 4, names)
    assert field_label_word(text, text.index("Case"), text.index("Case") + 4, names)


@pytest.mark.parametrize(("text", "bare"), [
    ("mg", True), ("mg/L", True), ("%", True), ("units", True),
    # TAB's annotators count these (the official sample lost recall when they went)
    ("life imprisonment", False), ("third", False), ("fourth", False), ("400 mg", False),
])
def test_only_a_unit_alone_is_no_quantity(text: str, bare: bool) -> None:
    from redactor_plugins.detectors.recognizer.rules.span_numbers import (
        no_count,
    )

    assert no_count(text) is bare


# -- a German Jobcenter letter -------------------------------------------------------------------
DEUTSCH = ("Sie wohnen mit Ihrer Ehefrau Ayşe Yılmaz und Ihren zwei Kindern in der Venloer "
           "Straße 389, 50825 Köln.")


def test_german_formal_pronouns_and_kin_nouns_are_no_names(monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    # "Sie wohnen" read "George wohnen", "Ihren" a town, "Ihrer Ehefrau Ayşe Yılmaz" one name
    found = _ner(monkeypatch, tmp_path, DEUTSCH, [
        ("Sie", "PERSON", 0), ("Ihrer Ehefrau Ayşe Yılmaz", "PERSON", 0), ("Ihren", "LOC", 0)])
    assert [f.text for f in found] == ["Ayşe Yılmaz"]
    assert not [f for f in _gazetteer(DEUTSCH) if f[0] in ("Sie", "Ihren", "Ihrer")]
    assert not [f for f in _gazetteer(DEUTSCH) if f[1] == Label.PERSON and "Ehefrau" in f[0]]


@pytest.mark.parametrize("word", ["IP", "IP address", "e-mail", "IMEI number", "PIN"])
def test_the_name_of_a_kind_of_identifier_is_no_finding(word: str) -> None:
    from redactor_plugins.detectors.recognizer.rules.no_one_words import names_no_one

    text = f"The {word} of the account was logged."
    assert names_no_one(text, 4, 4 + len(word))
