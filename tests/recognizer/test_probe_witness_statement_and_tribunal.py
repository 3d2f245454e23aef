"""What a police witness statement (MG11) and an employment tribunal judgment (written for the
purpose, session 34) showed: the statement's "HUSSAIN, Imran Tariq" (surname first) and its
signature "I. Hussain" were two people, so `--strategy label` gave the witness two numbers; the
police URN "01 / YX / 04417 / 24" had its tail read as a (validated) Finnish phone number; the
form's citation "(CJ Act 1967, s.9; MC Act 1980, ss.5A(3)(a) and 5B; …)" came out as one span
over two provisions with "and 5B" left over; "Tong Street" was an organisation; the tribunal's
"the respondent's depot" made "respondent's" an organisation."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import detected, kinds_of, redacted, uncovered

STATEMENT = """WITNESS STATEMENT
(CJ Act 1967, s.9; MC Act 1980, ss.5A(3)(a) and 5B; Criminal Procedure Rules 2020, r.16.2)

URN: 01 / YX / 04417 / 24

Statement of: HUSSAIN, Imran Tariq
Age if under 18: Over 18        Occupation: Taxi driver

Signature: I. Hussain                                  Date: 17/02/2024

I am the above named person. I live at 22 Ravensworth Terrace, Bradford, BD3 8NP with my wife \
Saira. I drive a silver Toyota Prius, registration YF19 KXD.

When we reached Tong Street he pulled a knife and demanded my takings. I was told his name is \
Connor James BRADSHAW, date of birth 04/09/1998.
"""

JUDGMENT = """3. The claimant, who is of Tamil heritage and was born in Chennai, worked as a \
night shift warehouse supervisor at the respondent's depot on Trafford Park Road from 2 \
September 2015 until her dismissal on 11 July 2022. Her line manager was Mr Gareth Pilkington.
"""


def test_the_statement_s_identifiers_are_covered(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, STATEMENT)
    assert not uncovered(text, covered, [
        "HUSSAIN, Imran Tariq", "I. Hussain", "01 / YX / 04417 / 24", "17/02/2024",
        "22 Ravensworth Terrace, Bradford, BD3 8NP", "Saira", "YF19 KXD", "Tong Street",
        "Connor James BRADSHAW", "04/09/1998"]), [f.text for f in found]


def test_a_police_urn_is_one_reference_not_a_phone(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, STATEMENT)
    label, subtype = kinds["01 / YX / 04417 / 24"]
    assert str(label) == "CODE" and subtype != "PHONE", kinds


def test_the_witness_has_one_number(tmp_path: Path) -> None:
    out = redacted(tmp_path, STATEMENT, "label")
    statement = re.search(r"Statement of: (\[PERSON \d+\])", out)
    signature = re.search(r"Signature: (\[PERSON \d+\])", out)
    assert statement and signature and statement.group(1) == signature.group(1), out


def test_each_provision_is_one_span_and_a_street_is_a_place(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, STATEMENT)
    for provision in ("CJ Act 1967, s.9", "MC Act 1980, ss.5A(3)(a) and 5B",
                      "Criminal Procedure Rules 2020, r.16.2"):
        label, subtype = kinds[provision]
        assert (str(label), subtype) == ("MISC", "LEGAL_PROVISION"), (provision, kinds)
    assert str(kinds["Tong Street"][0]) == "LOC", kinds


def test_a_party_s_role_in_the_possessive_names_no_one(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, JUDGMENT)
    assert not any("respondent" in f.text for f in found), [f.text for f in found]
    assert not uncovered(text, covered, ["Chennai", "Trafford Park Road", "Gareth Pilkington"])
