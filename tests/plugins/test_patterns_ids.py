"""Pattern detector: checksummed identifiers (national IDs, IBAN, payment cards)."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text

from redactor.plugin_api import Finding, Label


def _found(text: str, subtype: str) -> list[Finding]:
    findings = detect_text(text)
    for f in findings:
        assert f.text == text[f.span.start : f.span.end]
    return [f for f in findings if f.subtype == subtype]


def _assert_validated(text: str, value: str, subtype: str) -> Finding:
    hits = _found(text, subtype)
    assert [f.text for f in hits] == [value], hits
    f = hits[0]
    assert f.label is Label.CODE
    assert f.validated is True
    assert f.score == 1.0
    assert f.detector == "patterns"
    assert "valid" in f.explanation and "invalid" not in f.explanation
    return f


VALID_IDS = [
    ("151086 95088", "NATIONAL_ID_NO"),
    ("15108695088", "NATIONAL_ID_NO"),
    ("211062-5629", "NATIONAL_ID_DK"),
    ("880320-0016", "NATIONAL_ID_SE"),
    ("19880320-0016", "NATIONAL_ID_SE"),
    ("131052-308T", "NATIONAL_ID_FI"),
    ("36 574 261 809", "NATIONAL_ID_DE"),
    ("2 95 10 99 126 111 93", "NATIONAL_ID_FR"),
    ("295109912611193", "NATIONAL_ID_FR"),
    ("PW 45 67 89 B", "NATIONAL_ID_UK"),
    ("PW456789B", "NATIONAL_ID_UK"),
    ("536-90-4399", "NATIONAL_ID_US"),
]


@pytest.mark.parametrize(("value", "subtype"), VALID_IDS)
def test_valid_national_ids_are_validated(value: str, subtype: str) -> None:
    text = f"The client's number is {value}, as stated on the form."
    f = _assert_validated(text, value, subtype)
    assert f.span.start == text.index(value)


# Bare digit runs that fail their checksum are not reported at all.
CHECKSUM_FAILURES_SILENT = [
    ("151086 95077", "NATIONAL_ID_NO"),
    ("321062-5629", "NATIONAL_ID_DK"),  # no 32nd day: the CPR date check fails
    ("880320-0018", "NATIONAL_ID_SE"),
    ("36 574 261 808", "NATIONAL_ID_DE"),
    ("295109912611199", "NATIONAL_ID_FR"),
    ("QQ 12 34 56 C", "NATIONAL_ID_UK"),  # Q is never a first letter
    ("GB 12 34 56 A", "NATIONAL_ID_UK"),  # GB is a reserved prefix
]


@pytest.mark.parametrize(("value", "subtype"), CHECKSUM_FAILURES_SILENT)
def test_invalid_national_ids_are_not_reported(value: str, subtype: str) -> None:
    text = f"The client's number is {value}, as stated on the form."
    assert _found(text, subtype) == []
    assert not any(f.validated and f.label is Label.CODE and f.subtype.startswith("NATIONAL")
                   for f in detect_text(text))


# Very specific shapes with a failed check are kept, but unvalidated and low-scored.
@pytest.mark.parametrize(("value", "subtype"), [
    ("131052-308U", "NATIONAL_ID_FI"),
    ("078-05-1120", "NATIONAL_ID_US"),  # the famous Woolworth wallet number, blacklisted
    ("000-12-3456", "NATIONAL_ID_US"),
    ("GB82 WEST 1234 5698 7654 33", "IBAN"),
])
def test_specific_shapes_failing_their_check_are_weak(value: str, subtype: str) -> None:
    hits = _found(f"Number: {value}.", subtype + "_LIKE")  # a look-alike, never validated
    assert [f.text for f in hits] == [value]
    assert hits[0].validated is False
    assert hits[0].score <= 0.5
    assert "invalid" in hits[0].explanation


@pytest.mark.parametrize("value", [
    "NO93 8601 1117 947",
    "GB82 WEST 1234 5698 7654 32",
    "DE89 3704 0044 0532 0130 00",
    "DE89370400440532013000",
])
def test_valid_ibans(value: str) -> None:
    f = _assert_validated(f"Pay into IBAN {value} before Friday.", value, "IBAN")
    assert f.explanation == "IBAN, checksum valid"


def test_iban_does_not_swallow_following_capitals() -> None:
    text = "Account NO93 8601 1117 947 ABCD was closed."
    _assert_validated(text, "NO93 8601 1117 947", "IBAN")


@pytest.mark.parametrize(("value", "brand"), [
    ("4111 1111 1111 1111", "Visa"),
    ("4111-1111-1111-1111", "Visa"),
    ("5555555555554444", "Mastercard"),
    ("3782 822463 10005", "American Express"),
])
def test_valid_payment_cards(value: str, brand: str) -> None:
    f = _assert_validated(f"Card {value} was charged.", value, "PAYMENT_CARD")
    assert brand in f.explanation and "Luhn" in f.explanation


@pytest.mark.parametrize("value", [
    "4111 1111 1111 1112",  # Luhn fails
    "1234 5678 9012 3452",  # Luhn passes, but no card scheme starts with 1
    "4111 11111 111 1111",  # grouped unlike any card
])
def test_invalid_payment_cards(value: str) -> None:
    assert _found(f"Card {value} was charged.", "PAYMENT_CARD") == []


def test_nine_digit_number_without_hyphens_is_not_an_ssn() -> None:
    assert _found("Reference 536904399 was used.", "NATIONAL_ID_US") == []
