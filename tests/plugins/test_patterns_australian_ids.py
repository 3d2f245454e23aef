"""Pattern detector: Australian numbers. Valid values are checked here by each scheme's
published rule (the ATO's weights for TFN and ABN, ASIC's for the ACN, Services Australia's
for Medicare cards); each is one validated finding with its subtype, alone and in a
sentence; after its cue a failed check is a look-alike."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text


def tfn_ok(v: str) -> bool:
    d = [int(c) for c in v if c.isdigit()]
    w = (1, 4, 3, 7, 5, 8, 6, 9, 10) if len(d) == 9 else (10, 7, 8, 4, 6, 3, 5, 1)
    return sum(a * b for a, b in zip(w, d, strict=True)) % 11 == 0


def abn_ok(v: str) -> bool:
    d = [int(c) for c in v if c.isdigit()]
    d[0] -= 1
    w = (10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19)
    return sum(a * b for a, b in zip(w, d, strict=True)) % 89 == 0


def acn_ok(v: str) -> bool:
    d = [int(c) for c in v if c.isdigit()]
    rest = sum(a * b for a, b in zip((8, 7, 6, 5, 4, 3, 2, 1), d[:8], strict=True)) % 10
    return (10 - rest) % 10 == d[8]


def medicare_ok(v: str) -> bool:
    d = [int(c) for c in v if c.isdigit()]
    return d[0] in (2, 3, 4, 5, 6) and sum(
        a * b for a, b in zip((1, 3, 7, 9, 1, 3, 7, 9), d[:8], strict=True)) % 10 == d[8]


def codes(text: str) -> list[tuple[str, str, bool]]:
    return [(f.text, f.subtype, f.validated) for f in detect_text(text)
            if str(f.label) == "CODE"]


@pytest.mark.parametrize(("sentence", "value", "subtype", "check"), [
    ("Tax file number: 123 456 782", "123 456 782", "TAX_ID_AU", tfn_ok),
    ("his TFN 123456782 was", "123456782", "TAX_ID_AU", tfn_ok),
    ("Supplier: Acme Pty Ltd, ABN 51 824 753 556.", "51 824 753 556", "BUSINESS_NUMBER_AU",
     abn_ok),
    ("paid to 51 824 753 556 on", "51 824 753 556", "BUSINESS_NUMBER_AU", abn_ok),
    ("ABN: 51824753556", "51824753556", "BUSINESS_NUMBER_AU", abn_ok),
    ("Acme Pty Ltd (ACN 000 000 019)", "000 000 019", "COMPANY_NUMBER_AU", acn_ok),
    ("Medicare card: 2123 45670 1", "2123 45670 1", "MEDICARE_AU", medicare_ok),
    ("her Medicare number 2123456701/1 is", "2123456701/1", "MEDICARE_AU", medicare_ok),
])
def test_valid_numbers_are_one_validated_finding(sentence: str, value: str, subtype: str,
                                                 check: object) -> None:
    assert check(value)  # type: ignore[operator]
    assert codes(sentence) == [(value, subtype, True)]


def test_a_customer_reference_number_after_its_cue() -> None:
    assert codes("Customer reference number: 312 456 789K") == [
        ("312 456 789K", "CRN_AU", True)]
    assert codes("CRN 312456789K") == [("312456789K", "CRN_AU", True)]


@pytest.mark.parametrize(("sentence", "value", "subtype", "check"), [
    ("TFN 123 456 783", "123 456 783", "TAX_ID_AU_LIKE", tfn_ok),
    ("ABN 51 824 753 557", "51 824 753 557", "BUSINESS_NUMBER_AU_LIKE", abn_ok),
    ("Medicare card 2123 45671 1", "2123 45671 1", "MEDICARE_AU_LIKE", medicare_ok),
])
def test_failed_checks_after_a_cue_are_look_alikes(sentence: str, value: str, subtype: str,
                                                   check: object) -> None:
    assert not check(value)  # type: ignore[operator]
    assert codes(sentence) == [(value, subtype, False)]


@pytest.mark.parametrize("sentence", [
    "She counted 123 456 782 stars.",  # a TFN needs its cue
    "The ratio 2123 45671 1 was noted.",  # grouped like a Medicare card, check failed
])
def test_without_a_cue_nothing_of_these_kinds(sentence: str) -> None:
    assert not {s for _v, s, _ok in codes(sentence)} & {"TAX_ID_AU", "MEDICARE_AU",
                                                         "MEDICARE_AU_LIKE", "TAX_ID_AU_LIKE"}
