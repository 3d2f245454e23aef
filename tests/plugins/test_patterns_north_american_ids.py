"""Pattern detector: United States and Canadian numbers. Valid values are made and checked
here by each scheme's published rule (Luhn for the SIN and business number, the ABA's 3-7-1
weights, the IRS's ITIN groups, CMS's Medicare identifier layout), not by the library the
detector uses; each valid value is one finding, alone and in a sentence, with its subtype;
after its cue a failed check is a look-alike, never validated."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text


def luhn_digit(body: str) -> str:
    """The Luhn check digit that completes ``body``."""
    total = 0
    for i, c in enumerate(reversed(body)):
        d = int(c) * (2 if i % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return str((10 - total % 10) % 10)


def aba_ok(digits: str) -> bool:
    d = [int(c) for c in digits]
    return sum(w * x for w, x in zip((3, 7, 1) * 3, d, strict=True)) % 10 == 0


SIN = "130692544"  # region 1 (Atlantic provinces), Luhn digit below
BN9 = "123456782"
assert luhn_digit(SIN[:-1]) == SIN[-1] and luhn_digit(BN9[:-1]) == BN9[-1]
ROUTING = "071000013"
assert aba_ok(ROUTING)


def codes(text: str) -> list[tuple[str, str, bool]]:
    return [(f.text, f.subtype, f.validated) for f in detect_text(text)
            if str(f.label) == "CODE"]


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    (f"Social Insurance Number: {SIN[:3]} {SIN[3:6]} {SIN[6:]}", f"{SIN[:3]} {SIN[3:6]} {SIN[6:]}",
     "NATIONAL_ID_CA"),
    (f"her SIN is {SIN[:3]}-{SIN[3:6]}-{SIN[6:]}.", f"{SIN[:3]}-{SIN[3:6]}-{SIN[6:]}",
     "NATIONAL_ID_CA"),
    (f"NAS : {SIN}", SIN, "NATIONAL_ID_CA"),
    (f"the employer ({BN9} RT0001) deducted", f"{BN9} RT0001", "BUSINESS_NUMBER_CA"),
    (f"Business number: {BN9}RP0002", f"{BN9}RP0002", "BUSINESS_NUMBER_CA"),
    (f"Business Number {BN9}", BN9, "BUSINESS_NUMBER_CA"),
    ("The employer (EIN 36-4458213) paid", "36-4458213", "EIN_US"),
    ("Employer Identification Number: 364458213", "364458213", "EIN_US"),
    ("ITIN 912-70-1234 was issued", "912-70-1234", "ITIN_US"),
    (f"to routing number {ROUTING}, account", ROUTING, "ROUTING_NUMBER_US"),
    (f"ABA {ROUTING}", ROUTING, "ROUTING_NUMBER_US"),
    ("A-Number A 087-654-321 and", "A 087-654-321", "ALIEN_NUMBER_US"),
    ("Alien Registration Number: A087654321", "A087654321", "ALIEN_NUMBER_US"),
    ("A# 87654321 on the notice", "87654321", "ALIEN_NUMBER_US"),
    ("Medicare number 1EG4-TE5-MK73 on file", "1EG4-TE5-MK73", "MEDICARE_US"),
    ("MBI: 1EG4TE5MK73", "1EG4TE5MK73", "MEDICARE_US"),
])
def test_valid_values_are_one_validated_finding(sentence: str, value: str, subtype: str) -> None:
    assert codes(sentence) == [(value, subtype, True)]


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    ("her SSN ending 4821 was", "4821", "LAST_DIGITS"),
    ("the card ending in 0042 was", "0042", "LAST_DIGITS"),
    ("last four digits of his Social Security number: 7731", "7731", "LAST_DIGITS"),
    ("SSN XXX-XX-4821 (redacted)", "XXX-XX-4821", "LAST_DIGITS"),
    ("Case No. 1:24-cv-05512 is before", "1:24-cv-05512", "CASE_NUMBER"),
    ("in 2:19-cr-00123-JAM-DB the court", "2:19-cr-00123-JAM-DB", "CASE_NUMBER"),
])
def test_partial_and_docket_numbers_are_one_code(sentence: str, value: str,
                                                 subtype: str) -> None:
    assert codes(sentence) == [(value, subtype, False)]


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    (f"SIN {SIN[:-1]}{(int(SIN[-1]) + 1) % 10}", f"{SIN[:-1]}{(int(SIN[-1]) + 1) % 10}",
     "NATIONAL_ID_CA_LIKE"),
    ("routing number 071000014", "071000014", "ROUTING_NUMBER_US_LIKE"),
    ("EIN 07-1234567", "07-1234567", "EIN_US_LIKE"),  # 07 is no IRS prefix
    ("business number 123456789 RT0001", "123456789 RT0001", "BUSINESS_NUMBER_CA_LIKE"),
])
def test_failed_checks_after_a_cue_are_look_alikes(sentence: str, value: str,
                                                   subtype: str) -> None:
    assert codes(sentence) == [(value, subtype, False)]


@pytest.mark.parametrize("sentence", [
    f"We counted {SIN} grains.",  # a SIN needs its cue
    f"the total was {ROUTING} units",  # so does a routing number
    "Dkt. No. 57 was filed",  # a filing's entry number identifies no one
    "ITIN 912-40-1234",  # group 40 is no ITIN group (and no valid SSN area either)
])
def test_look_alikes_without_their_cue_are_not_these_kinds(sentence: str) -> None:
    subtypes = {s for _v, s, _ok in codes(sentence)}
    assert not subtypes & {"NATIONAL_ID_CA", "ROUTING_NUMBER_US", "ITIN_US",
                           "REFERENCE_NUMBER"}
