"""What a Texas CPS investigation summary (written for the purpose, session 33) showed: the
title "Investigation Summary - Child Protective Services" had "Investigation Summary" as an
organisation, and a pseudonym wrote "Disposition: something for something" for a kind of
abuse."""

from __future__ import annotations

from pathlib import Path

from probe_helpers import covers, detected, redacted, uncovered

SUMMARY = """Investigation Summary - Child Protective Services

Case Name: MARTINEZ-GARCIA, Sofia          Case #: 47291836
Alleged Victim: Sofia Martinez-Garcia, female, age 7, DOB 06/14/2017
Household Address: 1423 W. Commerce St., Apt 4B, San Antonio, TX 78207

Disposition: Reason to Believe (RTB) for Physical Abuse.
"""


def test_the_summary(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, SUMMARY)
    assert not uncovered(text, covered, ["MARTINEZ-GARCIA, Sofia", "47291836",
                                         "Sofia Martinez-Garcia", "06/14/2017",
                                         "1423 W. Commerce St., Apt 4B, San Antonio, TX 78207"]
                         ), [f.text for f in found]
    assert not covers(covered, text, "Investigation Summary"), [f.text for f in found]


def test_a_kind_of_abuse_reads_as_one(tmp_path: Path) -> None:
    out = redacted(tmp_path, SUMMARY, "generalize")
    assert "for a form of abuse." in out or "for Physical Abuse." in out, out
