"""Pattern detector: Canadian provincial health numbers. The checks are written here from the
schemes' own rules — Ontario's health number: ten digits whose last is the Luhn check digit of
the nine before it, maybe a two-letter version code; British Columbia's Personal Health
Number: ten digits, the first 9, digits 2–9 weighted 2, 4, 8, 5, 10, 9, 7, 3 (each product
modulo 11), the check digit 11 minus the sum modulo 11. Each valid value is one validated
finding in its common spellings and in a sentence; after its cue a failed check is a
look-alike; without a cue nothing is reported; a pseudonym keeps the scheme."""

from __future__ import annotations

import random

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.strategies.generalization.fakes import fake_identifier


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, c in enumerate(reversed(digits)):
        d = int(c) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def phn_ok(digits: str) -> bool:
    if len(digits) != 10 or digits[0] != "9":
        return False
    total = sum(int(c) * w % 11 for c, w in zip(digits[1:9], (2, 4, 8, 5, 10, 9, 7, 3),
                                                 strict=True))
    return 11 - total % 11 == int(digits[9])


def codes(text: str) -> list[tuple[str, str, bool]]:
    return [(f.text, f.subtype, f.validated) for f in detect_text(text)
            if str(f.label) == "CODE"]


def test_the_checks_written_here_agree_with_the_examples() -> None:
    assert luhn_ok("1234567897") and not luhn_ok("1234567890")
    assert phn_ok("9698658215") and not phn_ok("9698648215")


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    ("OHIP: 1234-567-897-AB", "1234-567-897-AB", "HEALTH_ID_CA_ON"),
    ("Her health card number is 1234 567 897 and she lives in Ottawa.", "1234 567 897",
     "HEALTH_ID_CA_ON"),
    ("HCN 1234567897 (version AB)", "1234567897", "HEALTH_ID_CA_ON"),
    ("PHN 9698 658 215, DOB 1980-03-04", "9698 658 215", "HEALTH_ID_CA_BC"),
    ("Personal Health Number: 9698658215.", "9698658215", "HEALTH_ID_CA_BC"),
    ("BC Services Card 9698-658-215 on file", "9698-658-215", "HEALTH_ID_CA_BC"),
])
def test_a_valid_number_is_one_validated_finding(sentence: str, value: str,
                                                 subtype: str) -> None:
    assert codes(sentence) == [(value, subtype, True)]


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    ("OHIP: 1234-567-890", "1234-567-890", "HEALTH_ID_CA_ON_LIKE"),
    ("PHN 9698 648 215", "9698 648 215", "HEALTH_ID_CA_BC_LIKE"),
])
def test_a_failed_check_after_the_cue_is_a_look_alike(sentence: str, value: str,
                                                      subtype: str) -> None:
    found = codes(sentence)
    assert (value, subtype, False) in found and not any(v for _, _, v in found), found


def test_no_cue_no_health_number() -> None:
    assert not any(s.startswith("HEALTH_ID_CA") for _, s, _ in codes("Ref 1234-567-897 today"))


@pytest.mark.parametrize(("value", "subtype", "check"), [
    ("1234-567-897-AB", "HEALTH_ID_CA_ON", luhn_ok), ("1234 567 897", "HEALTH_ID_CA_ON", luhn_ok),
    ("9698 658 215", "HEALTH_ID_CA_BC", phn_ok),
])
def test_a_pseudonym_keeps_the_scheme_and_the_layout(value: str, subtype: str, check) -> None:
    for seed in range(20):
        out = fake_identifier(value, subtype, random.Random(seed))
        assert out is not None and out != value and len(out) == len(value), out
        assert [c.isdigit() for c in out] == [c.isdigit() for c in value], out
        assert check("".join(c for c in out if c.isdigit())), out
