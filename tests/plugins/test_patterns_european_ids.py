"""Pattern detector: national ID numbers of PL, NL, TR, IT, ES, BE and IE, and the identifiers
a cue names (IMEI, BIC, EU VAT, passport). Valid values are computed here from each scheme's
own rules (not from the library the detector uses); each is exactly one finding, in its common
spellings and inside a sentence; look-alikes are never validated."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text

from redactor.plugin_api import Label


# -- the schemes' own check rules ---------------------------------------------------------
def pesel_ok(v: str) -> bool:  # weights 1 3 7 9 1 3 7 9 1 3, check = (10 − sum mod 10) mod 10
    d = [int(c) for c in v]
    return (10 - sum(w * x for w, x in zip((1, 3, 7, 9) * 3, d[:10], strict=False)) % 10) % 10 \
        == d[10]


def bsn_ok(v: str) -> bool:  # the "11-test": 9·d1 + 8·d2 + … + 2·d8 − d9 ≡ 0 (mod 11)
    d = [int(c) for c in v if c.isdigit()]
    return (sum((9 - i) * x for i, x in enumerate(d[:8])) - d[8]) % 11 == 0


def tckn_ok(v: str) -> bool:  # d10 = (7·odd − even) mod 10, d11 = sum(d1..d10) mod 10
    d = [int(c) for c in v]
    return d[0] != 0 and (7 * sum(d[0:9:2]) - sum(d[1:8:2])) % 10 == d[9] and \
        sum(d[:10]) % 10 == d[10]


_CF_ODD = dict(zip("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", (
    1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3,
    6, 8, 12, 14, 16, 10, 22, 25, 24, 23), strict=True))


def cf_ok(v: str) -> bool:  # odd positions by the table, even ones by value; sum mod 26
    total = sum(_CF_ODD[c] if i % 2 == 0 else (int(c) if c.isdigit() else ord(c) - 65)
                for i, c in enumerate(v[:15]))
    return chr(65 + total % 26) == v[15]


def dni_ok(v: str) -> bool:  # the number mod 23 picks the letter; NIE: X/Y/Z → 0/1/2
    v = v.replace("-", "").replace(" ", "")
    number = str("XYZ".index(v[0])) + v[1:8] if v[0] in "XYZ" else v[:8]
    return "TRWAGMYFPDXBNJZSQVHLCKE"[int(number) % 23] == v[8]


def be_ok(v: str) -> bool:  # 97 − (first nine digits mod 97), "2" in front from 2000 on
    d = "".join(c for c in v if c.isdigit())
    return 97 - int(d[:9]) % 97 == int(d[9:]) or 97 - int("2" + d[:9]) % 97 == int(d[9:])


def pps_ok(v: str) -> bool:  # weights 8..2, mod 23, 0 → W, 1 → A …
    total = sum((8 - i) * int(c) for i, c in enumerate(v[:7]))
    if len(v) == 9 and v[8] in "ABH":
        total += 9 * (ord(v[8]) - 64)
    return "WABCDEFGHIJKLMNOPQRSTUV"[total % 23] == v[7]


def luhn_ok(v: str) -> bool:
    d = [int(c) for c in v if c.isdigit()][::-1]
    return sum(x if i % 2 == 0 else (2 * x - 9 if x > 4 else 2 * x) for i, x in enumerate(d)) \
        % 10 == 0


VALID = [  # (value as written, subtype, the scheme's check)
    ("44051401359", "NATIONAL_ID_PL", pesel_ok),
    ("02270803624", "NATIONAL_ID_PL", pesel_ok),  # born 2002: month + 20
    ("10000000146", "NATIONAL_ID_TR", tckn_ok),
    ("RSSMRA85T10A562S", "NATIONAL_ID_IT", cf_ok),
    ("RSSMRA85T10A56NH", "NATIONAL_ID_IT", lambda v: True),  # omocodia: letters for digits
    ("12345678Z", "NATIONAL_ID_ES", dni_ok),
    ("12345678-Z", "NATIONAL_ID_ES", dni_ok),
    ("X1234567L", "NATIONAL_ID_ES", dni_ok),
    ("Y-1234567-X", "NATIONAL_ID_ES", dni_ok),
    ("85.07.30-033.28", "NATIONAL_ID_BE", be_ok),
    ("1234567T", "NATIONAL_ID_IE", pps_ok),
    ("1234567TW", "NATIONAL_ID_IE", pps_ok),  # the old "W" (a wife's number)
    ("49-015420-323751-8", "IMEI", luhn_ok),  # the reporting body's own layout
]


def _only(text: str, value: str, subtype: str) -> None:
    findings = [f for f in detect_text(text) if f.span.start < text.index(value) + len(value)
                and f.span.end > text.index(value)]
    assert [(f.text, f.subtype, f.validated) for f in findings] == [(value, subtype, True)], \
        findings
    assert findings[0].label is Label.CODE and findings[0].score == 1.0


@pytest.mark.parametrize(("value", "subtype", "check"), VALID)
def test_valid_values_are_one_validated_finding(value: str, subtype: str, check) -> None:  # type: ignore[no-untyped-def]
    assert check(value)
    _only(f"The client's number is {value}, as stated on the form.", value, subtype)
    _only(f"{value}", value, subtype)  # alone
    _only(f"Number:\n{value}\n", value, subtype)


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    ("Her BSN is 111222333 (checked).", "111222333", "NATIONAL_ID_NL"),
    ("burgerservicenummer: 1112.22.333", "1112.22.333", "NATIONAL_ID_NL"),
    ("T.C. Kimlik No: 10000000146.", "10000000146", "NATIONAL_ID_TR"),
    ("IMEI 490154203237518 was logged.", "490154203237518", "IMEI"),
    ("IMEISV: 3568680000414120", "3568680000414120", "IMEI"),
    ("Pay to IBAN DE89370400440532013000, BIC DEUTDEFF.", "DEUTDEFF", "BIC"),
    ("SWIFT code: NEDSZAJJXXX", "NEDSZAJJXXX", "BIC"),
    ("VAT no. DE136695976 (the firm)", "DE136695976", "VAT_NUMBER"),
    ("Registered as FR40303265045.", "FR40303265045", "VAT_NUMBER"),
    ("Austrian UID ATU13585627 on the invoice", "ATU13585627", "VAT_NUMBER"),
])
def test_values_named_by_their_cue(sentence: str, value: str, subtype: str) -> None:
    assert subtype != "IMEI" or len(value) == 16 or luhn_ok(value)
    assert subtype != "NATIONAL_ID_NL" or bsn_ok(value)
    _only(sentence, value, subtype)


def test_a_number_valid_in_two_schemes_is_the_one_its_cue_names() -> None:
    # 44051401359 is a PESEL only; 10000000146 a T.C. Kimlik No only (its PESEL check digit
    # fits, but month 00 is no date): after the other's cue each stays what its check says
    assert pesel_ok("44051401359") and not tckn_ok("44051401359")
    _only("T.C. Kimlik No 44051401359", "44051401359", "NATIONAL_ID_PL")
    assert tckn_ok("10000000146")
    _only("PESEL 10000000146", "10000000146", "NATIONAL_ID_TR")
    # valid in both (PESEL of 12 March 1972 and T.C. Kimlik No): the cue decides
    both = next(f"7203120{n:03d}{c}" for n in range(1000) for c in "0123456789"
                if pesel_ok(f"7203120{n:03d}{c}") and tckn_ok(f"7203120{n:03d}{c}"))
    _only(f"PESEL {both}", both, "NATIONAL_ID_PL")
    _only(f"TCKN {both}", both, "NATIONAL_ID_TR")


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    ("PESEL 44051401358", "44051401358", "NATIONAL_ID_PL_LIKE"),  # check digit off by one
    ("BSN 111222334", "111222334", "NATIONAL_ID_NL_LIKE"),
    ("TCKN 10000000147", "10000000147", "NATIONAL_ID_TR_LIKE"),
    ("Code RSSMRA85T10A562T here", "RSSMRA85T10A562T", "NATIONAL_ID_IT_LIKE"),  # no cue needed
    ("DNI 12345678A", "12345678A", "NATIONAL_ID_ES_LIKE"),
    ("Number X1234567A here", "X1234567A", "NATIONAL_ID_ES_LIKE"),  # the NIE shape
    ("It read 85.07.30-033.29 there", "85.07.30-033.29", "NATIONAL_ID_BE_LIKE"),
    ("PPS 1234567A", "1234567A", "NATIONAL_ID_IE_LIKE"),
    ("IMEI 490154203237519", "490154203237519", "IMEI_LIKE"),
    ("BIC DEUTQQFF", "DEUTQQFF", "BIC_LIKE"),  # QQ: no such country
    ("VAT DE136695977", "DE136695977", "VAT_NUMBER_LIKE"),
])
def test_look_alikes_after_their_cue_are_masked_but_never_validated(
        sentence: str, value: str, subtype: str) -> None:
    [f] = [f for f in detect_text(sentence) if f.text == value]
    assert (f.subtype, f.validated, f.label) == (subtype, False, Label.CODE)
    assert f.score <= 0.5 and "invalid" in f.explanation


@pytest.mark.parametrize("text", [
    "The total was 44051401358 units.",  # PESEL shape, check fails, no cue
    "Reference 111222333 was filed.",  # a valid 11-test, but no BSN cue
    "Order 10000000147 shipped.",
    "Item 12345678A in stock.",  # DNI shape, wrong letter, no cue
    "See 1234567A for details.",
    "The code 490154203237518 was printed.",  # IMEI digits without the cue
    "The BUILDING and HOSPITAL wings.",  # capitals that look like a BIC, no cue
    "DE136695977 was the answer.",  # VAT shape, check fails, no cue
])
def test_no_validated_national_id_without_its_check(text: str) -> None:
    for f in detect_text(text):
        assert not (f.validated and f.subtype.startswith(("NATIONAL_ID", "IMEI", "BIC", "VAT"))), f
        assert not f.subtype.startswith(("NATIONAL_ID_NL", "IMEI", "BIC", "VAT_NUMBER_LIKE")), f


@pytest.mark.parametrize(("sentence", "value"), [
    ("Passport no. C03005988, issued 2018.", "C03005988"),
    ("passport number: 123456789", "123456789"),
    ("His passport is PA1234567.", "PA1234567"),
])
def test_passport_numbers_after_their_cue(sentence: str, value: str) -> None:
    [f] = [f for f in detect_text(sentence) if f.text == value]
    assert (f.label, f.subtype, f.validated) == (Label.CODE, "PASSPORT", False)


def test_passport_cue_needs_a_digit() -> None:
    assert not [f for f in detect_text("Her passport EXPIRED last year.")
                if f.subtype == "PASSPORT"]
