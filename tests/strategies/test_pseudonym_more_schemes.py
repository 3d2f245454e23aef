"""Pseudonyms of the North American, Australian and vehicle numbers and of a place's
coordinates and what3words address (session 28): the same scheme, layout and check, what the
scheme keeps (a SIN's region digit, an EIN's IRS prefix, a routing number's Federal Reserve
district, a Medicare card's state, a VIN's maker and model year), and the same fake for every
mention of one value."""

from __future__ import annotations

import re

import pytest
from redactor_plugins.shared.identifiers.check_digits import (
    medicare_au_valid,
    pnc_check_letter,
    vin_check_digit,
)
from redactor_plugins.shared.identifiers.coordinates import coordinate_spans
from stdnum.au import abn, acn, tfn
from stdnum.ca import bn, sin
from stdnum.us import ein, itin, rtn
from test_cov_pseudonym_kinds import one, replace, same_layout

SIN = "130 692 544"


@pytest.mark.parametrize(("value", "subtype", "valid"), [
    (SIN, "NATIONAL_ID_CA", lambda v: sin.is_valid(v) and v[0] == "1"),
    ("123456782 RT0001", "BUSINESS_NUMBER_CA",
     lambda v: bn.is_valid(v) and v.endswith("RT0001")),
    ("36-4458213", "EIN_US", lambda v: ein.is_valid(v) and v[:2] == "36"),
    ("912-70-1234", "ITIN_US", itin.is_valid),
    ("071000013", "ROUTING_NUMBER_US", lambda v: rtn.is_valid(v) and v[:2] == "07"),
    ("A 087-654-321", "ALIEN_NUMBER_US", lambda v: v.startswith("A ")),
    ("1EG4-TE5-MK73", "MEDICARE_US", lambda v: re.fullmatch(
        r"[1-9][AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y\d]\d-[AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y\d]\d-"
        r"[AC-HJKMNP-RT-Y]{2}\d{2}", v)),
    ("XXX-XX-4821", "LAST_DIGITS", lambda v: v.startswith("XXX-XX-")),
    ("123 456 782", "TAX_ID_AU", tfn.is_valid),
    ("51 824 753 556", "BUSINESS_NUMBER_AU", abn.is_valid),
    ("000 000 019", "COMPANY_NUMBER_AU", acn.is_valid),
    ("2123 45670 1", "MEDICARE_AU", lambda v: medicare_au_valid(v) and v[0] == "2"),
    ("312 456 789K", "CRN_AU", lambda v: v.endswith("K")),
    ("1HGCM82633A004352", "VIN", lambda v: v[:3] == "1HG" and v[9] == "3"
     and v[8] == vin_check_digit(v)),
    ("WF0DXXGAKDFT12345", "VIN", lambda v: v[:3] == "WF0" and v[9] == "D"),
    ("12A3456E", "PROFESSIONAL_REGISTRATION", lambda v: re.fullmatch(r"\d\dA\d{4}E", v)),
    ("7654321", "PROFESSIONAL_REGISTRATION", lambda v: re.fullmatch(r"\d{7}", v)),
    ("4471", "PHONE_EXTENSION", lambda v: re.fullmatch(r"\d{4}", v)),
    ("2013/0123456X", "PNC_ID", lambda v: v.startswith("2013/") and pnc_check_letter(
        "13", v[5:12]) == v[-1]),
    ("123456/13K", "CRO_NUMBER", lambda v: re.fullmatch(r"\d{6}/\d\dK", v)),
    ("A1234BC", "PRISON_NUMBER", lambda v: re.fullmatch(r"[A-Z]\d{4}[A-Z]{2}", v)
     and not (v[0] == "A" and v[-2:] == "BC")),  # its letters drawn anew too
    ("ZU1234567", "BRP_NUMBER", lambda v: re.fullmatch(r"ZU\d{7}", v)),
    ("1212-0001-2345-6789", "UAN", lambda v: re.fullmatch(r"\d{4}(?:-\d{4}){3}", v)),
])
def test_codes_keep_scheme_format_and_checksum(value: str, subtype: str, valid) -> None:  # type: ignore[no-untyped-def]
    out = one(value, subtype)
    assert valid(out), out
    if subtype in ("VIN", "MEDICARE_US"):  # a letter or a digit by the scheme's own places
        assert re.sub(r"\w", "x", out) == re.sub(r"\w", "x", value), out
    else:
        assert same_layout(value, out), out
    assert out != value


@pytest.mark.parametrize("value", ["51.7489, -1.2867", "51.7489° N, 1.2867° W",
                                   "51°44'56\"N 1°17'12\"W", "-33.8688, 151.2093"])
def test_coordinates_stay_coordinates(value: str) -> None:
    out = one(value, "COORDINATES", "LOC", "The phone was at {} that night.")
    assert coordinate_spans(out) == [(0, len(out), coordinate_spans(value)[0][2])], out
    assert same_layout(value, out) and out != value


def test_a_what3words_address_stays_three_words() -> None:
    out = one("///filled.count.soap", "WHAT3WORDS", "LOC", "Meet at {} at noon.")
    assert re.fullmatch(r"///[a-z]+\.[a-z]+\.[a-z]+", out) and out != "///filled.count.soap"


def test_one_value_one_fake_two_values_two() -> None:
    text = "VIN 1HGCM82633A004352 and again 1HGCM82633A004352; the other car 1HGCM82633A004353."
    spans = [("1HGCM82633A004352", "CODE", "VIN"), ("1HGCM82633A004352", "CODE", "VIN"),
             ("1HGCM82633A004353", "CODE", "VIN")]
    first, again, other = replace(text, spans)
    assert first == again and first != other


def test_the_pseudonym_of_initials_is_the_fakes_initials() -> None:
    text = "Sharon Clarke (SC) - mother. SC confirmed it."
    full, bracket, later = replace(text, [("Sharon Clarke", "PERSON", ""),
                                          ("SC", "PERSON", ""), ("SC", "PERSON", "")])
    first, last = full.split()
    initials = first[0] + last[0]
    assert bracket == later
    # the fake's initials — unless they are the original's, then other letters
    assert bracket == initials if initials != "SC" else bracket not in ("SC", initials)


def test_a_name_after_a_kinship_noun_is_a_given_name_of_that_sex() -> None:
    from faker.providers.person.en_US import Provider

    text = ("The appellant's wife, Hodan, and their children remain in Kenya. His brother, "
            "Mohamed, refused to join them.")
    wife, brother = replace(text, [("Hodan", "PERSON", ""), ("Mohamed", "PERSON", "")])
    women = set(Provider.first_names_female)
    men = set(Provider.first_names_male)
    assert wife in women, wife  # a woman's given name: it read "Brown"
    assert brother in men, brother


def test_an_officers_rank_stays_a_rank() -> None:
    text = "CITY OF EVANSTON and OFFICER BRIAN T. KOWALSKI (Star No. 1187), Defendants."
    rank, name = replace(text, [("OFFICER", "DEM", "TITLE"), ("BRIAN T. KOWALSKI", "PERSON", "")])
    assert rank == "OFFICER" and "KOWALSKI" not in name  # it read "ENGINEER"


def test_school_and_tax_numbers_keep_their_scheme() -> None:
    from stdnum.gb import upn, utr

    out = one("H801200001001", "UPN")
    assert upn.is_valid(out) and out[1:4] == "801", out  # the local authority kept
    assert utr.is_valid(one("1955839661", "UTR"))


def test_initials_never_stay_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fake whose initials are the original's ("Dean Clarke" → "Daniel Cooper": "DC") gave
    "DC" back, which the pipeline refused ("[REDACTED]"): other letters then."""
    from redactor_plugins.strategies import pseudonym_people

    monkeypatch.setattr(pseudonym_people, "_map_part", lambda memo, dw, part, *a: memo[
        "tokens"].setdefault(pseudonym_people.fold(part), {"dean": "Daniel", "clarke": "Cooper"}[
            pseudonym_people.fold(part)]))
    text = "Dean Clarke (DC) - father. DC did not agree."
    _full, bracket, later = replace(text, [("Dean Clarke", "PERSON", ""), ("DC", "PERSON", ""),
                                           ("DC", "PERSON", "")])
    assert bracket == later and bracket != "DC" and len(bracket) == 2


@pytest.mark.parametrize(("value", "subtype"), [("ZZZ0016", "HEALTH_ID_NZ"),
                                                ("ZSC21TN", "HEALTH_ID_NZ"),
                                                ("49-091-850", "TAX_ID_NZ"),
                                                ("136 410 132", "TAX_ID_NZ")])
def test_new_zealand_numbers_keep_scheme_format_and_check(value: str, subtype: str) -> None:
    from redactor_plugins.shared.identifiers.check_digits import nhi_nz_valid
    from stdnum.nz import ird

    for _ in range(5):
        out = one(value, subtype)
        assert (nhi_nz_valid(out) if subtype == "HEALTH_ID_NZ" else ird.is_valid(out)), out
        assert same_layout(value, out) and out != value, out
