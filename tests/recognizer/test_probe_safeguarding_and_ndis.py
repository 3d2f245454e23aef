"""What a safeguarding-adults referral (financial abuse) and an Australian NDIS plan review
(written for the purpose, session 33) showed: a title in capitals masked as demographics and
organisations ("SAFEGUARDING [DEM 1] [DEM 2] CONCERN", "[ORG 1] - [ORG 2]"), a form's field
names masked ("[DEM 3] at risk:", "[DEM 1] and/or [PERSON 2]: Yes"), an address that took in
the next line's end of line ("[LOC 1]NHS No:" in a hard-wrapped text), "OPG" of "OPG
reference …" masked, "(level 2)" a MISC, and "Wiradjuri" an organisation."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import covers, detected, redacted, uncovered

from redactor.core.model import Label

REFERRAL = """SAFEGUARDING ADULTS REFERRAL - FINANCIAL ABUSE CONCERN

Adult at risk: Mrs Margaret Ellen Whitfield (known as Peggy)
DOB: 2 February 1938 (age 87)
Address: Room 14, Oakwood Lodge Care Home, 3 Chapel Lane, Harrogate HG1 2QT
NHS No: 943 476 5919
Referrer: Sarah Pemberton, Deputy Manager, Oakwood Lodge

Concern
Mrs Whitfield has vascular dementia and lacks capacity to manage her finances. Her nephew,
Gary Whitfield, holds a Lasting Power of Attorney for property and financial affairs
(OPG reference 7000-1234-5678, registered 2019). Bank statements show transfers of £2,500
on 4 September 2025 from her Nationwide account (sort code 07-04-36, account number
12345678) to an account in the name of G Whitfield. Peggy wants to buy Christmas presents.
"""

PLAN = """NDIS PLAN REVIEW - SUPPORT COORDINATOR REPORT

Participant: Jayden Kelly-Watson
NDIS number: 431 234 567
Aboriginal and/or Torres Strait Islander: Yes (Wiradjuri)
Support coordinator: Ms Tamsin O'Rourke

About Jayden
Jayden is a 16-year-old Wiradjuri young man with autism spectrum disorder (level 2) and an
intellectual disability. He lives with his nan, Aunty Pearl Kelly, and his younger brother.
Occupational therapy with Mikaela Ng at Western Plains Therapy, fortnightly.
"""



def test_the_referral(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, REFERRAL)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, [
        "Margaret Ellen Whitfield", "Peggy", "2 February 1938", "Oakwood Lodge", "Harrogate",
        "HG1 2QT", "943 476 5919", "Sarah Pemberton", "Gary Whitfield", "7000-1234-5678",
        "07-04-36", "12345678", "G Whitfield"]), kinds
    for words in ("SAFEGUARDING ADULTS REFERRAL - FINANCIAL ABUSE CONCERN", "Adult at risk",
                  "NHS No", "OPG"):
        assert not covers(covered, text, words), (words, kinds)
    assert not any(f.text.endswith(("\n", " ")) or f.text.startswith(("\n", " "))
                   for f in found), kinds


def test_the_plan(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, PLAN)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, ["Jayden Kelly-Watson", "431 234 567", "Wiradjuri",
                                         "Tamsin O'Rourke", "Pearl Kelly", "Mikaela Ng"]), kinds
    assert kinds["Wiradjuri"] == (Label.DEM, "ETHNICITY"), kinds
    for words in ("NDIS PLAN REVIEW - SUPPORT COORDINATOR REPORT",
                  "Aboriginal and/or Torres Strait Islander:"):
        assert not covers(covered, text, words), (words, kinds)
    assert kinds.get("2", (Label.QUANTITY,))[0] == Label.QUANTITY, kinds  # no MISC "2"


def test_the_replacements_read_right(tmp_path: Path) -> None:
    out = redacted(tmp_path, REFERRAL, "generalize")
    assert "\nNHS No: [number]" in out, out  # the address kept its line's end
    assert "holds a legal authority for" in out and "registered the 2010s" in out, out
    assert "buy gifts" in out, out
    for run in range(3):
        out = redacted(tmp_path, PLAN, "pseudonym", name=f"plan{run}")
        for original in ("Jayden", "Kelly-Watson", "Wiradjuri", "Pearl", "Tamsin", "Mikaela"):
            assert original not in out, out
        assert "Torres Strait Islander: Yes (" in out, out
        assert "Aunty " in out and "an\nunspecified disability" in out, out
        assert "Therapy with" in out or "Occupational therapy with" in out, out
        assert not re.search(r"\ba (?:8|11|18)\d*-year-old", out), out  # not "a 11-year-old"


def test_a_line_in_capitals_that_is_no_title_keeps_its_findings(tmp_path: Path) -> None:
    text, found, covered = detected(
        tmp_path, "RE: AHMED HASSAN (SYRIAN NATIONAL)\n\nDear Sir, we refer to the appeal.\n")
    assert covers(covered, text, "SYRIAN"), [f.text for f in found]
