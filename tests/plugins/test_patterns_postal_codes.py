"""Postal codes of Ireland, Canada, the US, Australia and the Netherlands (session 29: none was
found; only British postcodes were), written from each scheme's published format: valid codes
in their common spellings, invalid look-alikes, and the code inside a sentence — one finding
each — and their pseudonyms, which keep country and layout."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "strategies"))
from test_cov_pseudonym_kinds import replace  # noqa: E402


@pytest.mark.parametrize(("text", "code", "subtype"), [
    ("She lives at 12 Main Street, Dublin 2, D02 X285.", "D02 X285", "POSTCODE_IE"),
    ("Eircode: A65F4E2", "A65F4E2", "POSTCODE_IE"),
    ("Eircode: D6W 1234", "D6W 1234", "POSTCODE_IE"),
    ("24 Sussex Drive, Ottawa, ON K1A 0B1", "K1A 0B1", "POSTCODE_CA"),
    ("Vancouver BC V6B-4Y8", "V6B-4Y8", "POSTCODE_CA"),
    ("1600 Pennsylvania Avenue NW, Washington, DC 20500-0003", "20500-0003", "POSTCODE_US"),
    ("Seattle, WA 98101", "98101", "POSTCODE_US"),
    ("1 Macquarie St, Sydney NSW 2000", "2000", "POSTCODE_AU"),
    ("Melbourne Vic 3000.", "3000", "POSTCODE_AU"),
    ("Damrak 1, 1012 AB Amsterdam", "1012 AB", "POSTCODE_NL"),
    ("Keizersgracht 123, 1015CJ Amsterdam", "1015CJ", "POSTCODE_NL"),
])
def test_a_postal_code_is_one_finding(text: str, code: str, subtype: str) -> None:
    found = [(f.text, f.subtype, f.validated) for f in detect_text(text)
             if f.subtype.startswith("POSTCODE")]
    assert found == [(code, subtype, True)]


@pytest.mark.parametrize("text", [
    "room D02 ACHE",            # an Eircode's identifier needs a digit or its cue
    "the B02 X285 form",         # B is no routing key's letter
    "code D1A 0B1 was wrong",    # D is no Canadian first letter
    "Student ID 12345",          # no state before five digits
    "in 2019 AB Smith came",     # no Dutch address in the text
    "Sydney NSW 200",            # three digits
])
def test_look_alikes_are_no_postal_codes(text: str) -> None:
    assert not [f for f in detect_text(text) if f.subtype.startswith("POSTCODE")]


@pytest.mark.parametrize(("text", "code", "subtype", "shape"), [
    ("Dublin 2, D02 X285.", "D02 X285", "POSTCODE_IE",
     r"[ACDEFHKNPRTVWXY]\d\d [0-9ACDEFHKNPRTVWXY]{4}"),
    ("Ottawa, ON K1A 0B1", "K1A 0B1", "POSTCODE_CA", r"[ABCEGHJ-NPRSTVXY]\d[A-Z] \d[A-Z]\d"),
    ("Washington, DC 20500-0003", "20500-0003", "POSTCODE_US", r"\d{5}-\d{4}"),
    ("Sydney NSW 2000", "2000", "POSTCODE_AU", r"[2-7]\d{3}"),
    ("Damrak 1, 1012 AB Amsterdam", "1012 AB", "POSTCODE_NL", r"[1-9]\d{3} [A-Z]{2}"),
])
def test_a_postal_codes_pseudonym_keeps_country_and_layout(text: str, code: str, subtype: str,
                                                           shape: str) -> None:
    [out] = replace(text, [(code, "LOC", subtype)])
    assert re.fullmatch(shape, out) and out != code, out
