"""The bundled example case note: every direct identifier in it is found by the pattern
detector, with exact offsets."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.plugin import PatternDetector

from redactor.plugin_api import Document, Label, RunContext

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "case_note.txt"

EXPECTED: list[tuple[str, str, bool]] = [
    # (text, subtype, validated)
    ("ingrid.solberg@riverside-family.example", "EMAIL", True),
    ("laura.mitchell@mailbox.example", "EMAIL", True),
    ("amir.haddad@riverside-family.example", "EMAIL", True),
    ("+47 22 33 44 55", "PHONE", True),
    ("07911 123456", "PHONE", True),
    ("020 7946 0958", "PHONE", True),
    ("NO93 8601 1117 947", "IBAN", True),
    ("4111 1111 1111 1111", "PAYMENT_CARD", True),
    ("151086 95088", "NATIONAL_ID_NO", True),
    ("PW 45 67 89 B", "NATIONAL_ID_UK", True),
    ("536-90-4399", "NATIONAL_ID_US", True),
    ("2024-1187", "CASE_NUMBER", False),
    ("36110/97", "CASE_NUMBER", False),
]


@pytest.fixture(scope="module")
def example() -> tuple[str, list]:
    data = EXAMPLE.read_bytes()
    assert b"\r" not in data  # LF line endings only
    text = data.decode("utf-8")
    doc = Document("case_note.txt", EXAMPLE, "txt", text)
    return text, list(PatternDetector().detect(doc, RunContext()))


def test_example_offsets_are_exact(example: tuple[str, list]) -> None:
    text, findings = example
    assert findings
    for f in findings:
        assert f.text == text[f.span.start : f.span.end]
    spans = sorted((f.span.start, f.span.end) for f in findings)
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:], strict=False))  # no overlaps


@pytest.mark.parametrize(("value", "subtype", "validated"), EXPECTED)
def test_example_identifier_is_found(example: tuple[str, list], value: str, subtype: str,
                                     validated: bool) -> None:
    text, findings = example
    assert text.count(value) == 1
    hits = [f for f in findings if f.text == value]
    assert len(hits) == 1, f"{value!r} not found"
    f = hits[0]
    assert f.label is Label.CODE and f.subtype == subtype
    assert f.validated is validated
    assert f.span.start == text.index(value)


def test_example_dates_and_quantities(example: tuple[str, list]) -> None:
    _, findings = example
    found = {(f.full_type, f.text) for f in findings}
    for item in [
        ("DATETIME/DATE", "14 March 2024"),
        ("DATETIME/TIME", "10.30 a.m."),
        ("DATETIME/DATE", "6 January 2022"),
        ("DATETIME/DATE", "28/02/2024"),
        ("DATETIME/DATE", "15.03.2024"),
        ("DATETIME/TIME", "14:05"),
        ("DATETIME/DATE_RANGE", "Between\n1 March and 12 March 2024"),
        ("DATETIME/YEAR", "2019"),
        ("DEM/AGE", "aged 38"),
        ("QUANTITY/MONEY", "EUR 1,500 a month"),  # its period is part of it
        ("QUANTITY/MONEY", "£2,340"),
        ("QUANTITY/MONEY", "USD 20"),
        ("QUANTITY/PERCENT", "60%"),
        ("QUANTITY/COUNT", "three children"),
    ]:
        assert item in found, item
    # the year inside the case number and the card's digits are not dates or phones
    assert not any(f.label is Label.DATETIME and f.text in ("2024-1187", "2024") for f in findings)
    assert sum(f.subtype == "PHONE" for f in findings) == 3
