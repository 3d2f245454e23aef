"""``validated`` means a checksum or format check passed; look-alikes are labelled as what they
are (``…_LIKE``). Codes that no pattern knew (cells, statutes, report references, cue-made
numbers) are one span; span boundaries the patterns fix ("between …", "1990/91 season")."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text

from redactor.plugin_api import Finding, Label


def _covering(text: str, value: str) -> list[Finding]:
    at = text.index(value)
    return [f for f in detect_text(text) if f.span.start < at + len(value) and at < f.span.end]


def _one(text: str, value: str) -> Finding:
    hits = _covering(text, value)
    assert [f.text for f in hits] == [value], [(f.text, f.full_type) for f in hits]
    return hits[0]


# -- part 2: "validated" only when the check passed ----------------------------------------
@pytest.mark.parametrize(("text", "value", "full_type"), [
    # a bare digit run that fails every ID checksum is no validated phone
    ("His number is 15108695089 today.", "15108695089", "CODE/PHONE_LIKE"),
    ("Reference 12345678901 was used.", "12345678901", "CODE/PHONE_LIKE"),
    # an IBAN, a HETU, an SSN whose checks fail: masked, labelled as look-alikes
    ("Paid into NO93 8601 1117 948 last week.", "NO93 8601 1117 948", "CODE/IBAN_LIKE"),
    ("Number: 131052-308U.", "131052-308U", "CODE/NATIONAL_ID_FI_LIKE"),
    ("Number: 078-05-1120.", "078-05-1120", "CODE/NATIONAL_ID_US_LIKE"),
    # card-grouped digits failing the card checks are cards' look-alikes, never phones
    ("Paid with 4111 1111 1111 111 today.", "4111 1111 1111 111", "CODE/PAYMENT_CARD_LIKE"),
    ("Paid with 4111 1111 1111 1112 today.", "4111 1111 1111 1112", "CODE/PAYMENT_CARD_LIKE"),
    # an IPv6 shape that is no address
    ("From 2001:db8:85a3::8a2e::7334 it came.", "2001:db8:85a3::8a2e::7334", "CODE/IP_LIKE"),
    ("Aadhaar 2341 2341 2347 given.", "2341 2341 2347", "CODE/NATIONAL_ID_IN_LIKE"),
])
def test_failed_checks_are_unvalidated_look_alikes(text: str, value: str, full_type: str) -> None:
    f = _one(text, value)
    assert (f.full_type, f.validated) == (full_type, False)
    assert f.label is Label.CODE and f.score < 1.0


@pytest.mark.parametrize(("text", "value", "full_type"), [
    ("Tel 15108695089 after six.", "15108695089", "CODE/PHONE"),  # a phone cue
    ("Call +47 22 33 44 55 now.", "+47 22 33 44 55", "CODE/PHONE"),
    ("His SSN 536.90.4399 is on file.", "536.90.4399", "CODE/NATIONAL_ID_US"),
    ("His SSN 536 90 4399 is on file.", "536 90 4399", "CODE/NATIONAL_ID_US"),
    ("Card 3782 822463 10005 (Amex).", "3782 822463 10005", "CODE/PAYMENT_CARD"),
    ("Card 378282246310005 (Amex).", "378282246310005", "CODE/PAYMENT_CARD"),
])
def test_passed_checks_are_validated(text: str, value: str, full_type: str) -> None:
    f = _one(text, value)
    assert (f.full_type, f.validated) == (full_type, True)


def test_luhn_valid_15_digits_of_no_card_scheme_are_not_a_phone() -> None:
    # Luhn-valid, grouped like a card, but no scheme issues 15 digits starting with 4
    f = _one("Paid with 4111 1111 1111 116 today.", "4111 1111 1111 116")
    assert (f.full_type, f.validated) == ("CODE/PAYMENT_CARD_LIKE", False)
    assert "prefix and length" in f.explanation


def test_no_validated_finding_is_a_look_alike() -> None:
    text = ("Account NO93 8601 1117 948, card 4111 1111 1111 111, number 15108695089, "
            "SSN 078-05-1120, host 2001:db8:::1, IBAN NO93 8601 1117 947.")
    for f in detect_text(text):
        assert f.validated == (not f.subtype.endswith("_LIKE") and "invalid" not in
                               f.explanation), f


# -- part 3: codes no pattern knew, one span each -----------------------------------------
@pytest.mark.parametrize(("text", "value", "subtype"), [
    ("He was placed in cell 11/15W.2 for a week.", "cell 11/15W.2", "ROOM_NUMBER"),
    ("He was later held in cell no. 2 alone.", "cell no. 2", "ROOM_NUMBER"),
    ("The doctor saw him in room 23E, then left.", "room 23E", "ROOM_NUMBER"),
    ("He lived in Block 4/B of the camp.", "Block 4/B", "ROOM_NUMBER"),
    ("under the Act 1962:381 the court", "1962:381", "STATUTE_NUMBER"),
    ("Förvaltningsprocesslagen 1971:291 applies", "1971:291", "STATUTE_NUMBER"),
    ("(Lagen om allmän försäkring, 1962:381; hereinafter", "1962:381", "STATUTE_NUMBER"),
    ("the CPT report CPT/Inf (2002) 8 on Turkey", "CPT/Inf (2002) 8", "DOCUMENT_REFERENCE"),
    ("see CommDH(2009)30 of the Commissioner", "CommDH(2009)30", "DOCUMENT_REFERENCE"),
    ("the Venice Commission's CDL-AD(2016)007 opinion", "CDL-AD(2016)007",
     "DOCUMENT_REFERENCE"),
    ("registered under number 5299 at the office", "5299", "REFERENCE_NUMBER"),
    ("By decision 128/14 of the prosecutor", "128/14", "REFERENCE_NUMBER"),
    ("the records in file 13/40 were lost", "13/40", "REFERENCE_NUMBER"),
    ("he was given no. 68 on arrival", "68", "REFERENCE_NUMBER"),
    ("as prisoner number 5299 he worked", "5299", "REFERENCE_NUMBER"),
    ("file no. 23E-4 was opened", "23E-4", "REFERENCE_NUMBER"),
])
def test_codes_are_one_span(text: str, value: str, subtype: str) -> None:
    f = _one(text, value)
    assert (f.label, f.subtype, f.validated) == (Label.CODE, subtype, False)


@pytest.mark.parametrize(("text", "value"), [
    ("see Law no. 3713 of 12 April 1991", "3713"),
    ("Article 1 of Protocol No. 1 to the Convention", "1"),
    ("(Series A no. 192) that there", "192"),
    ("Figiel v. Poland (no. 2)) and", "2"),
    ("Reports of Judgments and Decisions 1997-I, no. 30).", "30"),
    ("Reports of Judgments and Decisions 1997-I, no. 30).", "1997-I"),
    ("Jean-Pierre (1990) 5 children", "Jean-Pierre (1990) 5"),
    ("the cells 5th floor", "5th"),
    ("the meeting at 12:30 ended", "12:30"),
])
def test_not_codes(text: str, value: str) -> None:
    assert not [f for f in _covering(text, value) if f.subtype in (
        "REFERENCE_NUMBER", "DOCUMENT_REFERENCE", "ROOM_NUMBER", "STATUTE_NUMBER")], text


# -- part 4: span boundaries ----------------------------------------------------------------
@pytest.mark.parametrize(("text", "value", "full_type"), [
    ("In the 1990/91 season he played.", "1990/91 season", "DATETIME/YEAR"),
    ("the 1947–48 season was his last", "1947–48 season", "DATETIME/YEAR"),
    ("in the years 1998/99 and 1999/2000", "years 1998/99", "DATETIME/YEAR"),
    ("for the 2003/04 financial year", "2003/04 financial year", "DATETIME/YEAR"),
    ("Between 29 March and 10 April 1990 he stood trial", "Between 29 March and 10 April 1990",
     "DATETIME/DATE_RANGE"),
])
def test_date_spans_as_annotated(text: str, value: str, full_type: str) -> None:
    assert _one(text, value).full_type == full_type
