"""Pattern detector: UK justice and immigration numbers. A PNC ID's check letter is computed
here from the Police National Computer's rule (the two-digit year and the serial padded to
seven digits, modulo 23, in "ZABCDEFGHJKLMNPQRTUVWXY"); the others are formats after their
cue. Each is one finding with its subtype."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text


def pnc(year: str, serial: str) -> str:
    letter = "ZABCDEFGHJKLMNPQRTUVWXY"[int(year[-2:] + serial.rjust(7, "0")) % 23]
    return f"{year}/{serial}{letter}"


PNC_LONG = pnc("2013", "0123456")
PNC_SHORT = pnc("98", "45678")


def codes(text: str) -> list[tuple[str, str, bool]]:
    return [(f.text, f.subtype, f.validated) for f in detect_text(text)
            if str(f.label) == "CODE"]


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    (f"PNC ID: {PNC_LONG}", PNC_LONG, "PNC_ID"),
    (f"his record ({PNC_SHORT}) shows", PNC_SHORT, "PNC_ID"),
    ("CRO number: 123456/13K", "123456/13K", "CRO_NUMBER"),
    ("Prison number: A1234BC", "A1234BC", "PRISON_NUMBER"),
    ("NOMIS ID: G4729UV", "G4729UV", "PRISON_NUMBER"),
    ("a Tier 4 visa (BRP ZU1234567)", "ZU1234567", "BRP_NUMBER"),
    ("Her UAN is 1212-0001-2345-6789.", "1212-0001-2345-6789", "UAN"),
])
def test_one_validated_finding_each(sentence: str, value: str, subtype: str) -> None:
    assert codes(sentence) == [(value, subtype, True)]


def test_a_pnc_id_with_a_wrong_letter() -> None:
    wrong = PNC_LONG[:-1] + ("A" if PNC_LONG[-1] != "A" else "B")
    assert codes(f"PNC {wrong}") == [(wrong, "PNC_ID_LIKE", False)]
    assert not [c for c in codes(f"see {wrong} above") if c[1].startswith("PNC")]


@pytest.mark.parametrize("sentence", ["in room A1234BC", "code ZU1234567 of the part",
                                      "numbers 1212-0001-2345-6789 in a table"])
def test_formats_without_their_cue_are_not_these_kinds(sentence: str) -> None:
    assert not {s for _v, s, _ok in codes(sentence)} & {"PRISON_NUMBER", "BRP_NUMBER", "UAN"}


def test_a_reference_with_prefixes_is_one_code_and_no_phone() -> None:
    assert codes("Subject: referral (ref LCC-ASC-2026-118734)") == [
        ("LCC-ASC-2026-118734", "REFERENCE_NUMBER", False)]


def upn_letter(body: str) -> str:
    """The DfE's check letter: the twelve characters after it weighted 2 to 13, modulo 23."""
    return "ABCDEFGHJKLMNPQRTUVWXYZ"[sum(int(c) * w for c, w in zip(body, range(2, 14),
                                                                    strict=True)) % 23]


def utr_digit(body: str) -> str:
    """HMRC's check digit of a UTR's nine last digits (weights 6 7 8 9 10 5 4 3 2, mod 11)."""
    return "21987654321"[sum(int(c) * w for c, w in zip(body, (6, 7, 8, 9, 10, 5, 4, 3, 2),
                                                        strict=True)) % 11]


UPN = upn_letter("801200001001") + "801200001001"  # local authority 801 (Bristol)
UTR = utr_digit("955839661") + "955839661"


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    (f"Unique Pupil Number {UPN}", UPN, "UPN"),
    (f"the pupil ({UPN}) moved school", UPN, "UPN"),
    (f"Self assessment UTR: {UTR}", UTR, "UTR"),
    (f"Unique Taxpayer Reference {UTR[:5]} {UTR[5:]}", f"{UTR[:5]} {UTR[5:]}", "UTR"),
])
def test_school_and_tax_numbers(sentence: str, value: str, subtype: str) -> None:
    assert codes(sentence) == [(value, subtype, True)]


def test_a_wrong_check_letter_is_a_look_alike_after_its_cue() -> None:
    wrong = ("B" if UPN[0] != "B" else "C") + UPN[1:]
    assert codes(f"UPN: {wrong}") == [(wrong, "UPN_LIKE", False)]
    assert not [c for c in codes(f"ref {wrong} here") if c[1].startswith("UPN")]
