"""Dates, amounts, addresses and references as forms and logs write them (session 29): each a
valid value in its common spellings, look-alikes, and the value inside a sentence — one
finding each. "03-Mar-2024", "Q3 2023", "FY2023/24" and "j.smith [at] gmail [dot] com" were
no findings, "EUR 1.500,00" lost its cents, "Ref. No: ABC/2024/117" was left to the model."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text


def _found(text: str) -> list[tuple[str, str]]:
    return [(f.text, f.subtype) for f in detect_text(text)]


@pytest.mark.parametrize(("text", "found"), [
    ("The order was made on 03-Mar-2024 by consent.", [("03-Mar-2024", "DATE")]),
    ("Logged 7/SEP/23 at reception.", [("7/SEP/23", "DATE")]),
    ("Figures for Q3 2023 and Q1/2024 are attached.", [("Q3 2023", "DATE"), ("Q1/2024", "DATE")]),
    ("The FY2023/24 budget and FY 2022-23 accounts.", [("FY2023/24", "DATE"),
                                                       ("FY 2022-23", "DATE")]),
    ("Article 3-MAR is cited.", []),           # no day, month, year
    ("the 31-Mar-24x code", []),               # glued to a word
])
def test_dates_of_forms_and_logs(text: str, found: list[tuple[str, str]]) -> None:
    assert _found(text) == found


@pytest.mark.parametrize(("text", "amount"), [
    ("EUR 1.500,00 were paid", "EUR 1.500,00"),
    ("NOK 1.250.000 i gjeld", "NOK 1.250.000"),
    ("paid £1,500.00 in May", "£1,500.00"),
    ("a fee of €12,50 was due", "€12,50"),
])
def test_european_amounts_are_one_finding(text: str, amount: str) -> None:
    assert [t for t, sub in _found(text) if sub == "MONEY"] == [amount]


@pytest.mark.parametrize(("text", "address"), [
    ("email j.smith [at] gmail [dot] com please", "j.smith [at] gmail [dot] com"),
    ("write to jsmith AT gmail DOT com today", "jsmith AT gmail DOT com"),
    ("or j.smith (at) gmail.com", "j.smith (at) gmail.com"),
    ("look at the cat", None),
    ("AT THE HEARING ON MONDAY", None),
])
def test_a_spelled_out_email_address(text: str, address: str | None) -> None:
    assert [t for t, sub in _found(text) if sub == "EMAIL"] == ([address] if address else [])


def test_a_reference_after_ref_no_colon() -> None:
    assert ("ABC/2024/117", "REFERENCE_NUMBER") in _found("Ref. No: ABC/2024/117")
