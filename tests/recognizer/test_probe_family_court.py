"""What an English Family Court judgment (written for the purpose, session 33) showed: "HHJ
Ormerod" alone an organisation and a place ("[ORG 6] [LOC 2]", "MEN South Kateside"), "who is
now 6" a count (its pseudonym not moving with the dates), "Children's Guardian" a DEM and the
pseudonym "Young people's Cousin", "of counsel" an organisation, a neutral citation's year
"1910" and court "SQEP", "her maternal grandmother" → "her local great-aunt", and "This case
concerns B" → "This case concerns person"."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import detected, redacted, uncovered

from redactor.core.model import Label

JUDGMENT = """IN THE FAMILY COURT AT LEEDS                                Case No: LS24C00417

Neutral Citation Number: [2025] EWFC 112 (B)

Before: HHJ Catherine Ormerod

Between:
LEEDS CITY COUNCIL                                                   Applicant
- and -
KERRY ANNE BRADSHAW                                                  First Respondent
- and -
B (by her Children's Guardian, Ms Priti Sandhu)                      Third Respondent

1. This case concerns B, a girl born on 9 March 2019, who is now 6. Her mother is Kerry
Bradshaw (35). B has lived with her maternal grandmother, Mrs Irene Bradshaw, since 2024.

2. The mother was represented by Mr Gareth Lloyd of counsel. The Guardian was represented by
Miss Joanna Pike.

HHJ Ormerod
20 May 2025
"""


def test_the_judgment(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, JUDGMENT)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, [
        "LS24C00417", "[2025] EWFC 112", "Catherine Ormerod", "KERRY ANNE BRADSHAW",
        "Priti Sandhu", "9 March 2019", "Irene Bradshaw", "Gareth Lloyd", "Joanna Pike",
        "HHJ Ormerod"]), kinds
    assert kinds["HHJ Ormerod"][0] == Label.PERSON, kinds
    assert kinds["6"] == (Label.DEM, "AGE"), kinds
    for role in ("Children's Guardian", "The Guardian", "of counsel"):
        at = text.index(role)
        assert not covered & set(range(at, at + len(role))), (role, kinds)


def test_the_judgment_pseudonymised_and_generalized(tmp_path: Path) -> None:
    import datetime as dt

    for run in range(3):
        out = redacted(tmp_path, JUDGMENT, "pseudonym", name=f"judgment{run}")
        for original in ("Ormerod", "Bradshaw", "Sandhu", "Lloyd", "Pike", "LS24C00417"):
            assert original not in out, out
        cite = re.search(r"\[(\d{4})\] EWFC \d+ \(B\)", out)
        assert cite is not None and abs(int(cite.group(1)) - 2025) <= 2, out
        assert "Children's Guardian, Ms " in out and "The Guardian was" in out, out
        assert "of counsel" in out and re.search(r"her (?:maternal|paternal) ", out), out
        judge = re.search(r"^Before: HHJ \S+ (\S+)$", out, re.M)
        assert judge is not None and f"\nHHJ {judge.group(1)}\n" in out, out
        m = re.search(r"born on (\d+ \w+ \d{4}), who is now (\d+)\.", out)
        signed = re.search(r"\n(\d+ \w+ \d{4})\n\Z", out)
        assert m is not None and signed is not None, out
        born = dt.datetime.strptime(m.group(1), "%d %B %Y").date()
        on = dt.datetime.strptime(signed.group(1), "%d %B %Y").date()
        age = on.year - born.year - ((on.month, on.day) < (born.month, born.day))
        assert int(m.group(2)) == age != 6, out
    out = redacted(tmp_path, JUDGMENT, "generalize", name="judgment_g")
    assert "This case concerns a person," in out, out
