"""What an Australian family law judgment (written for the purpose, session 34) showed: the
neutral citations "[2024] FedCFamC1F 212", "[2006] FamCA 1346" and the report "(2006) 206 FLR
212" were no codes (the case name "Mansfield & Mansfield [2024]" swallowed the year, the rest
was a MISC "FedCFamC1F 212"; the pseudonym left "(something" without its bracket and tagged
a random suffix on a citation whose every nearby year was one of the document's); the file
number "SYF 4417 of 2022" three findings; "(now 11)" after "born in 2013" a date; a pseudonym
gave the family's surname alone ("Mansfield & Mansfield") a given name ("Darren & Darren")
while "Mr Shane Mansfield" became "Mr … Hardy"."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import kinds_of, redacted, uncovered

JUDGMENT = """Mansfield & Mansfield [2024] FedCFamC1F 212

File number: SYF 4417 of 2022
Date of judgment: 19 March 2024

1. The applicant mother, Ms Rebecca Mansfield, and the respondent father, Mr Shane Mansfield, \
married in Wollongong in 2011 and separated on 2 February 2021. There are two children: X, \
born in 2013 (now 11), and Y, born in 2016 (now 7).

2. In Mansfield & Mansfield (No 2) [2023] FedCFamC2F 88, Judge Whitlam made interim orders. \
See also Goode & Goode (2006) 206 FLR 212; [2006] FamCA 1346.
"""


def test_citations_file_numbers_and_ages(tmp_path: Path) -> None:
    text, kinds, covered = kinds_of(tmp_path, JUDGMENT)
    for code in ("[2024] FedCFamC1F 212", "SYF 4417 of 2022", "[2023] FedCFamC2F 88",
                 "(2006) 206 FLR 212", "[2006] FamCA 1346"):
        assert kinds.get(code, ("", ""))[1] == "CASE_NUMBER", (code, kinds)
    assert kinds["11"] == kinds["7"] and str(kinds["11"][0]) == "DEM", kinds
    assert not uncovered(text, covered, ["Rebecca Mansfield", "Shane Mansfield", "Wollongong"])


def test_the_pseudonym_keeps_one_family_name_and_whole_brackets(tmp_path: Path) -> None:
    out = redacted(tmp_path, JUDGMENT, "pseudonym")
    family = re.search(r"Mr \w+ (\w+), married", out).group(1)
    assert out.startswith(f"{family} & {family} ["), out  # the family's surname, not a given name
    assert re.search(r"\(\w+\) \[(?:19|20)\d\d\] FedCFamC2F \d+, Judge", out), out
    assert re.search(r"\[(?:19|20)\d\d\] FedCFamC1F \d+\n", out), out  # no random suffix
