"""Pattern detector: a US clinician's National Provider Identifier and DEA registration number.
The checks are written here from CMS's and the DEA's rules: an NPI is ten digits, the first 1
or 2, whose last is the Luhn check digit of "80840" followed by the first nine; a DEA number
is a registrant's letter, a letter and seven digits whose last is (d1 + d3 + d5 + 2 × (d2 +
d4 + d6)) mod 10. After its cue each valid value is one validated finding, a failed check a
look-alike; without the cue nothing; a pseudonym keeps the scheme."""

from __future__ import annotations

import random

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.strategies.generalization.fakes import fake_identifier


def npi_ok(value: str) -> bool:
    digits = "80840" + value.replace(" ", "").replace("-", "")
    total = 0
    for i, c in enumerate(reversed(digits)):
        d = int(c) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0 and value[0] in "12"


def dea_ok(value: str) -> bool:
    d = [int(c) for c in value[2:]]
    return value[0] in "ABCDEFGHJKLMPRSTUX" and (
        d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 == d[6]


def codes(text: str) -> list[tuple[str, str, bool]]:
    return [(f.text, f.subtype, f.validated) for f in detect_text(text)
            if str(f.label) == "CODE"]


def test_the_checks_written_here_accept_the_examples() -> None:
    assert npi_ok("1234567893") and not npi_ok("1234567890")
    assert dea_ok("AB1234563") and not dea_ok("AB1234564")


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    ("Attending: Harold Finch-Yates, MD (NPI 1234567893)", "1234567893", "PROVIDER_ID_US"),
    ("National Provider Identifier: 1234567893.", "1234567893", "PROVIDER_ID_US"),
    ("Prescriber DEA: AB1234563", "AB1234563", "DEA_NUMBER_US"),
    ("DEA registration number FG9876547 on the script", "FG9876547", "DEA_NUMBER_US"),
])
def test_a_valid_number_is_one_validated_finding(sentence: str, value: str,
                                                 subtype: str) -> None:
    found = codes(sentence)
    assert found == [(value, subtype, True)], found


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    ("NPI: 1234567890", "1234567890", "PROVIDER_ID_US_LIKE"),
    ("DEA # AB1234564", "AB1234564", "DEA_NUMBER_US_LIKE"),
])
def test_a_failed_check_after_the_cue_is_a_look_alike(sentence: str, value: str,
                                                      subtype: str) -> None:
    assert codes(sentence) == [(value, subtype, False)]


def test_no_cue_no_provider_number() -> None:
    assert not any(s.startswith(("PROVIDER_ID", "DEA")) for _, s, _ in codes(
        "Order 1234567893 and part AB1234563 shipped"))


@pytest.mark.parametrize(("value", "subtype", "check"), [
    ("1234567893", "PROVIDER_ID_US", npi_ok), ("AB1234563", "DEA_NUMBER_US", dea_ok),
])
def test_a_pseudonym_keeps_the_scheme(value: str, subtype: str, check) -> None:
    for seed in range(20):
        out = fake_identifier(value, subtype, random.Random(seed))
        assert out and out != value and len(out) == len(value) and check(out), out
        assert out[0] == value[0]  # a person's NPI stays a person's; the registrant's kind
