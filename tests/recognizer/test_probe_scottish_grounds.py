"""What a Scottish Children's Reporter's statement of grounds (written for the purpose, session
33) showed: "P7" (Primary 7) a place (its pseudonym "30 Cox Crescent"), "Children's Hearings
(Scotland) Act 2011" half an unknown MISC ("Statement of something (Scotland) Act 2011"),
"Children's Reporter" an organisation, "Glasgow City HSCP" a company's name."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import detected, redacted, uncovered

from redactor.core.model import Label

GROUNDS = """Statement of Grounds - Children's Hearings (Scotland) Act 2011, section 89

Child: Kayden Robert McAllister
Date of birth: 17 August 2014
CHI: 1708141234

1. Kayden is 11 years old and attends Dalmarnock Primary School, Glasgow, where he is in P7.
2. Glasgow City HSCP allocated a social worker, Ms Roisin Quigley, on 2 October 2025.

Signed: Alasdair Ferguson, Children's Reporter, SCRA Glasgow
Date: 7 November 2025
"""


def test_the_grounds(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, GROUNDS)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, ["Kayden Robert McAllister", "17 August 2014",
                                         "1708141234", "Roisin Quigley", "Alasdair Ferguson",
                                         "Dalmarnock Primary School", "P7"]), kinds
    assert kinds["P7"] == (Label.DEM, "SCHOOL_YEAR"), kinds
    assert kinds.get("Children's Hearings (Scotland) Act 2011", (None, ""))[1] == \
        "LEGAL_PROVISION", kinds
    at = text.index("Children's Reporter")
    assert not covered & set(range(at, at + len("Children's Reporter"))), kinds


def test_the_grounds_pseudonymised(tmp_path: Path) -> None:
    for run in range(3):
        out = redacted(tmp_path, GROUNDS, "pseudonym", name=f"grounds{run}")
        assert re.search(r"he is in P[1-7]\.", out) and "P7." not in out, out
        assert re.search(r"\n2\. \S+(?: \S+)? City HSCP allocated", out), out
        assert "Statement of Grounds - " in out, out  # the Act's name is a provision
        assert "Children's Reporter" in out, out
