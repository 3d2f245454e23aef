"""What a bank statement, a payslip, a possession notice, a family court order and a school
report (written for the purpose, session 30) showed: a statement's amounts cut into pieces
("1,165.67" read "1", "165" and a place "67"; "153.53⏎11" one code over a line's end; "01
Mar" a measure); "THE CHILDREN ACT 1989" a Canberra postcode; "father of Tyler" a town beside
"Tyler Thompson"; "Harvey and Amelia" one organisation; "our SENCo" a person; a pseudonym of a
British statement with American addresses ("North Garrett 80041")."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.patterns.schemes.postal_codes import find as find_postcodes
from redactor_plugins.detectors.recognizer.rules.no_one_words import names_no_one
from redactor_plugins.detectors.recognizer.rules.person_rules import one_label_per_name
from redactor_plugins.shared.language.detect import detect_locale
from redactor_plugins.shared.text_pieces import split_between_numbers
from test_cov_masks_that_hide_no_one import _ner

from redactor.core.model import Finding, Label, Span

STATEMENT = """Date        Description                                  Paid out    Paid in    Balance
01 Mar      Start balance                                                      1,204.17
01 Mar      DD THAMES WATER UTILITIES                      38.50                1,165.67
06 Mar      FPI S WALSH MUM BIRTHDAY                                  50.00     1,153.53
11 Mar      SO ISLINGTON COUNCIL CT 4417201                132.00               1,021.53
"""


def test_a_tables_amounts_are_one_finding_each() -> None:
    amounts = [f.text for f in detect_text(STATEMENT) if f.label == Label.QUANTITY]
    assert amounts == ["1,204.17", "38.50", "1,165.67", "50.00", "1,153.53", "132.00",
                       "1,021.53"]
    # not in running text, nor where fewer than three stand in columns
    assert not [f for f in detect_text("The fee rose to 38.50 and then 41.20 in May, 43.10 "
                                       "in June.") if f.label == Label.QUANTITY and not f.subtype]
    assert not [f for f in detect_text("Total      38.50\n") if f.label == Label.QUANTITY]


def test_no_number_runs_over_a_lines_end() -> None:
    text = "balance 1,153.53\n11 Mar"
    start = text.index("153")
    assert [text[s:e] for s, e in split_between_numbers(text, start, text.index(" Mar"))] == [
        "153.53", "11"]
    text = "the sum of\n12 pounds"
    assert split_between_numbers(text, 0, len(text)) == [(0, len(text))]


def test_a_statement_through_the_ner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, STATEMENT, [
        ("01 Mar", "QUANTITY", 0), ("153.53\n11", "CODE", 0)])
    got = [(f.text, f.full_type) for f in found]
    assert ("01 Mar", "DATETIME/DATE") in got
    assert ("153.53", "CODE") in got and ("11", "CODE") in got
    assert not any("\n" in t for t, _ in got)


@pytest.mark.parametrize(("text", "codes"), [
    ("THE CHILDREN ACT 1989", []),
    ("Canberra ACT 2600", ["2600"]),
    ("Sydney NSW 2000", ["2000"]),
    ("Adelaide SA 5000", ["5000"]),
    ("the company X SA 1998 accounts", []),
    ("Darwin NT 0800", ["0800"]),
])
def test_an_australian_postcode_lies_in_its_states_ranges(text: str, codes: list[str]) -> None:
    assert [text[h.start:h.end] for h in find_postcodes(text)] == codes


def _at(text: str, part: str, label: Label, score: float, nth: int = 0) -> Finding:
    start = -1
    for _ in range(nth + 1):
        start = text.index(part, start + 1)
    return Finding(Span(start, start + len(part)), label, part, score=score, detector="ner")


def test_a_given_name_the_document_names_a_person_is_sure() -> None:
    text = "Lily-Mae Thompson and Tyler Thompson. Ryan Carter (the father of Tyler), in person."
    found = [_at(text, "Tyler Thompson", Label.PERSON, 0.99),
             _at(text, "Tyler", Label.PERSON, 0.53, nth=1)]

    class _Info:
        given = True

    out = one_label_per_name(found, {"Tyler": _Info()})
    assert out[1].label == Label.PERSON and out[1].score == 0.9


def test_two_given_names_are_two_people(monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    text = "He has been a kind friend to Harvey and Amelia this year, and to Marks and Spencer."
    found = _ner(monkeypatch, tmp_path, text, [("Harvey and Amelia", "ORG", 0),
                                               ("Marks and Spencer", "ORG", 0)])
    got = [(f.text, f.label) for f in found]
    assert ("Harvey", Label.PERSON) in got and ("Amelia", Label.PERSON) in got
    assert ("Marks and Spencer", Label.ORG) in got  # "Marks" is no given name


@pytest.mark.parametrize("role", ["SENCo", "DSL", "LADO", "IRO"])
def test_a_schools_and_a_councils_roles_name_no_one(role: str) -> None:
    text = f"since he began sessions with our {role}, Mr Ibrahim, in January."
    start = text.index(role)
    assert names_no_one(text, start, start + len(role))


def test_a_british_table_gets_british_pseudonyms() -> None:
    text = ("Mr Kieran J Walsh\nFlat 4, 19 Holloway Road\nLondon N7 8JE\n\nSort code 20-32-06\n"
            + STATEMENT)
    assert detect_locale(text) == "en_GB"


@pytest.mark.parametrize(("text", "part", "heading"), [
    ("Notice Seeking Possession (Section 8 Notice)\nHousing Act", "Seeking Possession (Section 8 "
     "Notice)", True),  # a title-case heading
    ("PAYSLIP - Greenfield Care Homes Ltd\n", "PAYSLIP", True),
    ("Gross pay                                  £1,888.00\n", "Gross pay", True),  # a row's name
    ("Net pay                                    £1,590.92\n", "Net pay", True),
    ("The Basic pay was low.", "Basic pay", False),
    ("Leeds City Council\n", "Leeds City Council", False),
    ("He met Social Services.", "Social Services", False),
])
def test_a_heading_or_a_rows_name(text: str, part: str, heading: bool) -> None:
    from redactor_plugins.detectors.recognizer.rules.no_one_words import heading_words

    start = text.index(part)
    assert heading_words(text, start, start + len(part)) is heading


@pytest.mark.parametrize(("text", "part", "heading"), [
    ("WHITE v BLACK\nJudgment", "WHITE v BLACK", False),  # words of the name lists: maybe names
    ("GREEN\n", "GREEN", False),
    ("Gross pay        £1,888.00\n", "Gross pay", True),  # "Gross" a surname, a form's word too
])
def test_a_headings_words_that_are_names(text: str, part: str, heading: bool) -> None:
    from redactor_plugins.detectors.recognizer.rules.no_one_words import heading_words
    from redactor_plugins.detectors.recognizer.rules.span_kinds import _default_gazetteer

    start = text.index(part)
    assert heading_words(text, start, start + len(part), _default_gazetteer().names) is heading


@pytest.mark.parametrize(("text", "names"), [
    ("He attends Copperfields College and Lister Primary School.",
     ["Copperfields College", "Lister Primary School"]),
    ("Outwood Grange Academy is near St Bede's Catholic Primary School.",
     ["Outwood Grange Academy", "St Bede's Catholic Primary School"]),
    ("at the Secondary School and at Sunday School", []),  # no school's own name
])
def test_an_english_school_by_its_form(text: str, names: list[str]) -> None:
    from redactor_plugins.detectors.recognizer.rules.institution_rules import schools

    assert [text[s:e] for s, e in schools(text)] == names
