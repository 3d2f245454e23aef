"""Identifier formats that used to come out in pieces: each valid value, in its common
spellings and inside a sentence, is exactly ONE finding (one label, one subtype); look-alikes
that fail the format's own rules are not that identifier.

Formats from their specifications: EUI-48 (IEEE 802), IPv6 (RFC 4291 §2.2, RFC 4007 zones,
RFC 4632/4291 prefixes), ISO 8601 date-time, German FZV plates, Turkish plates, British DVLA
plates (2001 scheme), Royal Mail postcodes, UIDAI Aadhaar (Verhoeff), NHS numbers (NHS Data
Dictionary: ten digits, modulus 11, written 3-3-4), DVLA driving licence numbers.
"""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text

from redactor.plugin_api import Finding

SENTENCES = ("{}", "The value {} was recorded.", "Logged ({}), then cleared.",
             "Value: {}.")


def _covering(text: str, value: str) -> list[Finding]:
    at = text.index(value)
    found = detect_text(text)
    for f in found:
        assert f.text == text[f.span.start : f.span.end]
    return [f for f in found if f.span.start < at + len(value) and at < f.span.end]


def _exactly_one(text: str, value: str, full_type: str, validated: bool) -> Finding:
    hits = _covering(text, value)
    assert [(f.text, f.full_type, f.validated) for f in hits] == [
        (value, full_type, validated)], text
    return hits[0]


def _none_of(text: str, value: str, subtype: str) -> None:
    assert not [f for f in _covering(text, value) if f.subtype == subtype], text


# (value, full type, validated)
VALID = [
    # MAC addresses: colon or hyphen groups, either case, Cisco dotted form
    ("00:1A:2B:3C:4D:5E", "CODE/MAC_ADDRESS", True),
    ("00:1a:2b:3c:4d:5e", "CODE/MAC_ADDRESS", True),
    ("00-1A-2B-3C-4D-5E", "CODE/MAC_ADDRESS", True),
    ("00-1a-2b-3c-4d-5e", "CODE/MAC_ADDRESS", True),
    ("001a.2b3c.4d5e", "CODE/MAC_ADDRESS", True),
    ("001A.2B3C.4D5E", "CODE/MAC_ADDRESS", True),
    # IPv6: full form with an IPv4 tail, compressed forms, prefix length, zone
    ("0:0:0:0:0:ffff:192.168.1.1", "CODE/IP", True),
    ("::ffff:192.0.2.128", "CODE/IP", True),
    ("2001:db8:85a3:0:0:8a2e:370:7334", "CODE/IP", True),
    ("2001:db8::1/64", "CODE/IP", True),
    ("2001:db8::/32", "CODE/IP", True),
    ("fe80::1%eth0", "CODE/IP", True),
    ("fe80::200:f8ff:fe21:67cf%en0", "CODE/IP", True),
    ("192.0.2.0/24", "CODE/IP", True),
    # ISO 8601 date and time
    ("2023-04-05T14:30:15.123+02:00", "DATETIME/TIMESTAMP", False),
    ("2023-04-05T14:30:15Z", "DATETIME/TIMESTAMP", False),
    ("2023-04-05T14:30:15,5-0500", "DATETIME/TIMESTAMP", False),
    ("2023-04-05 14:30", "DATETIME/TIMESTAMP", False),
    ("20230405T143015Z", "DATETIME/TIMESTAMP", False),
    # Turkish and British plates (format alone); German plates need a cue (below)
    ("34 ABC 123", "CODE/VEHICLE_PLATE", True),
    ("06 AB 1234", "CODE/VEHICLE_PLATE", True),
    ("35 A 12345", "CODE/VEHICLE_PLATE", True),
    ("AB12 CDE", "CODE/VEHICLE_PLATE", True),
    ("AB12CDE", "CODE/VEHICLE_PLATE", True),
    ("LR69 ZXK", "CODE/VEHICLE_PLATE", True),
    # British postcodes, every outward shape and the special one
    ("SW1A 1AA", "LOC/POSTCODE", True),
    ("M1 1AE", "LOC/POSTCODE", True),
    ("B33 8TH", "LOC/POSTCODE", True),
    ("CR2 6XH", "LOC/POSTCODE", True),
    ("DN55 1PT", "LOC/POSTCODE", True),
    ("W1A 0AX", "LOC/POSTCODE", True),
    ("EC1A 1BB", "LOC/POSTCODE", True),
    ("GIR 0AA", "LOC/POSTCODE", True),
    # Aadhaar: spaces, hyphens, colons (Verhoeff checksum)
    ("2341 2341 2346", "CODE/NATIONAL_ID_IN", True),
    ("2341-2341-2346", "CODE/NATIONAL_ID_IN", True),
    ("2341:2341:2346", "CODE/NATIONAL_ID_IN", True),
    ("4991 1866 5246", "CODE/NATIONAL_ID_IN", True),
    # NHS numbers in the NHS's own 3-3-4 layout (modulus 11; check digit 0 when 11)
    ("943 476 5919", "CODE/NHS_NUMBER", True),
    ("401 023 2137", "CODE/NHS_NUMBER", True),
    ("943\u00a0476\u00a05919", "CODE/NHS_NUMBER", True),
    # British driving licences (DVLA: surname, decade, month (+50 for a woman), day, year,
    # initials, a digit, two check letters), run together or spaced as on the card
    ("MORGA753116SM9IJ", "CODE/DRIVING_LICENCE_UK", True),
    ("MORGA 753116 SM9IJ", "CODE/DRIVING_LICENCE_UK", True),
    ("LI999802130J99AB", "CODE/DRIVING_LICENCE_UK", True),
]


@pytest.mark.parametrize(("value", "full_type", "validated"), VALID)
@pytest.mark.parametrize("sentence", SENTENCES)
def test_valid_value_is_one_finding(value: str, full_type: str, validated: bool,
                                    sentence: str) -> None:
    text = sentence.format(value)
    f = _exactly_one(text, value, full_type, validated)
    assert f.span.start == text.index(value)


@pytest.mark.parametrize(("text", "value"), [
    ("The car B MW 1234 was parked outside.", "B MW 1234"),
    ("Kennzeichen M-AB 123 (Pkw).", "M-AB 123"),
    ("His vehicle, registration HH-AB 1234E, was seized.", "HH-AB 1234E"),
    ("plate B-MW1234", "B-MW1234"),
])
def test_german_plates_after_a_cue(text: str, value: str) -> None:
    _exactly_one(text, value, "CODE/VEHICLE_PLATE", True)


@pytest.mark.parametrize(("text", "value"), [
    ("Her Aadhaar number is 234123412346.", "234123412346"),
    ("Aadhaar: 2341 2341 2346", "2341 2341 2346"),
])
def test_aadhaar_ungrouped_needs_its_cue(text: str, value: str) -> None:
    _exactly_one(text, value, "CODE/NATIONAL_ID_IN", True)
    _none_of("The total was 234123412346 units.", "234123412346", "NATIONAL_ID_IN")


@pytest.mark.parametrize(("text", "value", "full_type", "validated"), [
    ("NHS number 943 476 5919, seen today.", "943 476 5919", "CODE/NHS_NUMBER", True),
    ("NHS No: 9434765919.", "9434765919", "CODE/NHS_NUMBER", True),
    ("NHS no. 943-476-5919 (patient)", "943-476-5919", "CODE/NHS_NUMBER", True),
    ("CHI number 0101011237 on file", "0101011237", "CODE/NHS_NUMBER", True),
    # a cue makes a failed check a look-alike: still one finding, masked, not validated
    ("NHS number 943 476 5918, seen today.", "943 476 5918", "CODE/NHS_NUMBER_LIKE", False),
    # bank details: a sort code came out as a DATETIME range, an account number as a PHONE
    # look-alike
    ("His sort code is 20-00-00, account 55779911.", "20-00-00", "CODE/SORT_CODE", True),
    ("Sort code: 200000 (NatWest)", "200000", "CODE/SORT_CODE", True),
    ("His sort code is 20-00-00, account 55779911.", "55779911", "CODE/ACCOUNT_NUMBER", False),
    ("Account number: 1234 5678 90, closed.", "1234 5678 90", "CODE/ACCOUNT_NUMBER", False),
])
def test_identifiers_after_their_cue(text: str, value: str, full_type: str,
                                     validated: bool) -> None:
    _exactly_one(text, value, full_type, validated)


# look-alikes: the shape is close but the format's own rules say no
@pytest.mark.parametrize(("text", "value", "subtype"), [
    ("The id 00:1A:2B:3C:4D was short.", "00:1A:2B:3C:4D", "MAC_ADDRESS"),  # five groups
    ("The id 00:1A:2B:3C:4D:5E:6F was long.", "00:1A:2B:3C:4D:5E:6F", "MAC_ADDRESS"),
    ("The id 00:1A-2B:3C-4D:5E mixes.", "00:1A-2B:3C-4D:5E", "MAC_ADDRESS"),
    ("Scores 10-12-14-16-18-20 in a row.", "10-12-14-16-18-20", "MAC_ADDRESS"),
    ("The meeting ended at 14:05:00 sharp.", "14:05:00", "IP"),
    ("Section 1.2.3.4 applies.", "1.2.3.4", "IP"),
    ("At 2023-02-30T10:00:00Z nothing.", "2023-02-30T10:00:00Z", "TIMESTAMP"),
    ("At 2023-04-05T25:00 nothing.", "2023-04-05T25:00", "TIMESTAMP"),
    ("Meet UK ID 1234 agents.", "UK ID 1234", "VEHICLE_PLATE"),  # German shape, no cue
    ("It was 99 ABC 123 then.", "99 ABC 123", "VEHICLE_PLATE"),  # no province 99
    ("It was 34 ABCD 12 then.", "34 ABCD 12", "VEHICLE_PLATE"),
    ("It was 10 AM 2020 then.", "10 AM 2020", "VEHICLE_PLATE"),
    ("It was AB01 CDE then.", "AB01 CDE", "VEHICLE_PLATE"),  # age identifier 01 unused
    ("It was QA12 CDE then.", "QA12 CDE", "VEHICLE_PLATE"),  # no Q first
    ("Post QW1 1AA today.", "QW1 1AA", "POSTCODE"),  # no Q first
    ("Post SW1A 1CA today.", "SW1A 1CA", "POSTCODE"),  # no C in the inward code
    ("ID 2341 2341 2347 given.", "2341 2341 2347", "NATIONAL_ID_IN"),  # checksum
    ("ID 0123 4567 8901 given.", "0123 4567 8901", "NATIONAL_ID_IN"),  # starts with 0
    ("Ref 943 476 5918 given.", "943 476 5918", "NHS_NUMBER"),  # check digit
    ("Ref 123 456 7890 given.", "123 456 7890", "NHS_NUMBER"),  # check digit would be 10
    ("Call 943-476-5919 now.", "943-476-5919", "NHS_NUMBER"),  # hyphens need a cue
    ("Total 9434765919 units.", "9434765919", "NHS_NUMBER"),  # so does a bare run
    ("Card MORGA713116SM9IJ here.", "MORGA713116SM9IJ", "DRIVING_LICENCE_UK"),  # month 13
    ("Card MORGA750016SM9IJ here.", "MORGA750016SM9IJ", "DRIVING_LICENCE_UK"),  # day 00
    ("Card 9ORGA753116SM9IJ here.", "9ORGA753116SM9IJ", "DRIVING_LICENCE_UK"),  # no letter
])
def test_look_alikes_are_not_the_identifier(text: str, value: str, subtype: str) -> None:
    _none_of(text, value, subtype)


def test_invalid_ipv6_is_never_cut_to_a_valid_prefix() -> None:
    for text, value in [("Bad 2001:db8::g1 here.", "2001:db8::g1"),
                        ("Bad 2001:db8::1/129 here.", "2001:db8::1/129"),
                        ("Bad 2001:db8:::1 here.", "2001:db8:::1")]:
        assert not [f for f in _covering(text, value) if f.subtype == "IP"], text
    f = _exactly_one("Bad 2001:db8:::1 here.", "2001:db8:::1", "CODE/IP_LIKE", False)
    assert f.score < 1.0


@pytest.mark.parametrize(("text", "value", "full_type"), [
    ("SSN536-90-4399 on file", "536-90-4399", "CODE/NATIONAL_ID_US"),
    ("fnr.15108695088 on file", "15108695088", "CODE/NATIONAL_ID_NO"),
    ("IBAN:NO9386011117947 on file", "NO9386011117947", "CODE/IBAN"),
    ("IBANNO9386011117947 on file", "NO9386011117947", "CODE/IBAN"),
    ("kortnr4111111111111111 on file", "4111111111111111", "CODE/PAYMENT_CARD"),
    ("Aadhaar:2341-2341-2346 on file", "2341-2341-2346", "CODE/NATIONAL_ID_IN"),
    ("MAC:00:1A:2B:3C:4D:5E on file", "00:1A:2B:3C:4D:5E", "CODE/MAC_ADDRESS"),
])
def test_an_id_glued_to_the_word_before_it(text: str, value: str, full_type: str) -> None:
    _exactly_one(text, value, full_type, True)


@pytest.mark.parametrize(("text", "value"), [
    ("She texted from a mobile (07845 112233). Police were told.", "07845 112233"),
    ("Call him (07845 112233) today.", "07845 112233"),
    ("Norway (+47 22 33 44 55) answered.", "+47 22 33 44 55"),
    ("Tel: (0113) 496 0000.", "(0113) 496 0000"),  # an area code's own brackets stay
])
def test_a_bracket_around_a_phone_number_is_not_part_of_it(text: str, value: str) -> None:
    """"mobile (07845 112233)" came out "mobile [CODE 2])": the opening bracket went with it."""
    _exactly_one(text, value, "CODE/PHONE", True)


@pytest.mark.parametrize("text", ["The code 20-00-00 is", "taken into account 2019 figures",
                                  "account 12345 only"])
def test_no_bank_details_without_their_cue(text: str) -> None:
    assert not [f for f in detect_text(text) if f.subtype in ("SORT_CODE", "ACCOUNT_NUMBER")]
