"""Pattern detector: New Zealand numbers. The checks are written here from the schemes' own
rules (HISO 10046 for the National Health Index: letters A–Z without I and O valued 1–24,
weights 7–2, modulus 11 for the old format, 24 (2022) or 23 (2023) for the new one; Inland
Revenue's weights 3-2-7-6-5-4-3-2, then 7-4-3-2-5-2-7-6 when the first set gives 10); each
valid value is one validated finding, in its common spellings and in a sentence; after its cue
a failed check is a look-alike; without a cue nothing is reported."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text

LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def value_of(c: str) -> int:
    return int(c) if c.isdigit() else LETTERS.index(c) + 1


def nhi_ok(v: str) -> bool:
    v = v.upper()
    total = sum(value_of(c) * w for c, w in zip(v[:6], (7, 6, 5, 4, 3, 2), strict=True))
    if v[3:].isdigit():
        return total % 11 != 0 and (11 - total % 11) % 10 == int(v[6])
    return v[6] in {LETTERS[m - total % m - 1] for m in (24, 23)}


def ird_ok(v: str) -> bool:
    d = [int(c) for c in v if c.isdigit()]
    if not 10_000_000 < int("".join(map(str, d))) < 150_000_000:
        return False
    base = ([0] * (9 - len(d)) + d)[:8]
    for weights in ((3, 2, 7, 6, 5, 4, 3, 2), (7, 4, 3, 2, 5, 2, 7, 6)):
        r = sum(a * b for a, b in zip(base, weights, strict=True)) % 11
        check = 0 if r == 0 else 11 - r
        if check != 10:
            return check == d[-1]
    return False


def codes(text: str) -> list[tuple[str, str, bool]]:
    return [(f.text, f.subtype, f.validated) for f in detect_text(text)
            if str(f.label) == "CODE"]


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    ("NHI: ZZZ0016", "ZZZ0016", "HEALTH_ID_NZ"),
    ("Her NHI is ZAC5361 and she lives in Hamilton.", "ZAC5361", "HEALTH_ID_NZ"),
    ("NHI number JBX3656, DOB 3/4/1980", "JBX3656", "HEALTH_ID_NZ"),
    ("National Health Index: ZVU27KZ", "ZVU27KZ", "HEALTH_ID_NZ"),  # new format, 2022 routine
    ("NHI ZSC21TN (new format)", "ZSC21TN", "HEALTH_ID_NZ"),  # new format, HISO 10046:2023
    ("IRD number 49-091-850", "49-091-850", "TAX_ID_NZ"),
    ("his IRD no. 136 410 132 was quoted", "136 410 132", "TAX_ID_NZ"),
    ("Inland Revenue number: 49091850.", "49091850", "TAX_ID_NZ"),
    ("tax number 136410132", "136410132", "TAX_ID_NZ"),
])
def test_a_valid_number_after_its_cue_is_one_validated_finding(sentence: str, value: str,
                                                               subtype: str) -> None:
    assert (nhi_ok if subtype == "HEALTH_ID_NZ" else ird_ok)(value)
    assert codes(sentence) == [(value, subtype, True)]


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    ("NHI: ZZZ0017", "ZZZ0017", "HEALTH_ID_NZ_LIKE"),
    ("NHI ZZZ0044", "ZZZ0044", "HEALTH_ID_NZ_LIKE"),  # a remainder of 0: no check digit fits
    ("NHI: ZZZ00AA", "ZZZ00AA", "HEALTH_ID_NZ_LIKE"),
    ("IRD 49-091-851", "49-091-851", "TAX_ID_NZ_LIKE"),
])
def test_a_failed_check_after_its_cue_is_a_look_alike(sentence: str, value: str,
                                                      subtype: str) -> None:
    assert not (nhi_ok if subtype.startswith("HEALTH") else ird_ok)(value)
    assert codes(sentence) == [(value, subtype, False)]


@pytest.mark.parametrize(("sentence", "value"), [("NHI number ZZZ00AA", "ZZZ00AA"),
                                                 ("IRD number 49-091-851", "49-091-851")])
def test_a_failed_check_after_number_is_still_one_unvalidated_code(sentence: str,
                                                                   value: str) -> None:
    # "number" makes it a reference number of the generic patterns: masked, not validated
    assert [(v, ok) for v, _s, ok in codes(sentence)] == [(value, False)]


@pytest.mark.parametrize("sentence", [
    "Booking ZZZ0016 confirmed.",  # a valid NHI's shape without its cue: a product's code too
    "Flight ABC1234 departs at noon.",
    "NHI IBX3656",  # I and O are never used
    "Order 49-091-850 shipped.",
])
def test_no_cue_no_finding(sentence: str) -> None:
    assert not [c for c in codes(sentence) if "NZ" in c[1]]
