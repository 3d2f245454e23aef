"""What a South African High Court judgment (written for the purpose, session 35) showed: the
parties' names in the capitals of the heading were cut ("THANDIWE PRECIOUS" masked,
"MOKOENA" in clear; "SIPHO" of "SIPHO JABULANI NKOSI"; "DER MERWE" of the judge's "VAN DER
MERWE AJ"), so the applicant was two people; an advocate's "Adv." was an organisation and
"SC" became a surname; the heading's "CASE NO: 2023/045871" was a phone number, a police
docket's "CAS 412/06/2023" a MISC, the paragraph numbers "[2]", "[6]" a count and a MISC; a
pseudonym made "VAN DER MERWE" three names and "by 12h00" read "by in the afternoon"."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import detected, kinds_of, redacted, uncovered

JUDGMENT = """IN THE HIGH COURT OF SOUTH AFRICA
GAUTENG DIVISION, JOHANNESBURG

CASE NO: 2023/045871

In the matter between:

THANDIWE PRECIOUS MOKOENA                                        Applicant

and

SIPHO JABULANI NKOSI                                             First Respondent

JUDGMENT

VAN DER MERWE AJ:

[1] The applicant, Ms Mokoena, is the mother of two minor children. The first respondent, \
Mr Nkosi, is their father.

[2] Ms Mokoena is a 38-year-old nurse. She resides at 17 Vilakazi Street, Orlando West, \
Soweto. Her identity number is 8703150234087.

[3] Mr Nkosi was represented by Adv. P. de Villiers SC, instructed by Mabuza Attorneys Inc.

[5] On 18 June 2023 Mr Nkosi removed the children. The applicant reported the matter at \
Moroka SAPS under CAS 412/06/2023.

[6] In Mpofu v Mpofu 2019 (4) SA 221 (GJ) this Court held that the best interests of the \
child are paramount.

ORDER

1. The first respondent shall return the minor children to the applicant by 12h00 on 30 June \
2023.

_______________________
J. VAN DER MERWE
ACTING JUDGE OF THE HIGH COURT
"""


def test_names_in_the_heading_are_whole(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, JUDGMENT)
    assert not uncovered(text, covered, [
        "THANDIWE PRECIOUS MOKOENA", "SIPHO JABULANI NKOSI", "VAN DER MERWE", "Mokoena",
        "Nkosi", "P. de Villiers", "8703150234087", "2023/045871", "412/06/2023"]), [
        f.text for f in found]
    for word in ("Applicant", "First Respondent", "AJ:", "[2]", "[6]", "SC,"):
        at = text.index(word)
        assert not covered & set(range(at, at + len(word))), (word, [f.text for f in found])


def test_kinds(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, JUDGMENT)
    assert kinds["2023/045871"] == (kinds["412/06/2023"][0], "CASE_NUMBER"), kinds
    assert kinds["412/06/2023"][1] == "CASE_NUMBER", kinds
    assert kinds["8703150234087"][1] == "NATIONAL_ID_ZA", kinds
    assert str(kinds["Adv. P. de Villiers"][0]) == "PERSON", kinds
    assert "Adv" not in kinds, kinds


def test_one_number_a_person(tmp_path: Path) -> None:
    out = redacted(tmp_path, JUDGMENT, "label")
    applicant = re.search(r"(\[PERSON \d+\]) +Applicant", out).group(1)
    respondent = re.search(r"(\[PERSON \d+\]) +First Respondent", out).group(1)
    judge = re.search(r"(\[PERSON \d+\]) AJ:", out).group(1)
    assert f"The applicant, {applicant}, is" in out, out
    assert f"respondent, {respondent}, is" in out, out
    assert out.rstrip().endswith(f"{judge}\nACTING JUDGE OF THE HIGH COURT"), out
    assert "\n[2] " in out and "\n[6] In " in out, out


def test_pseudonyms_read_right(tmp_path: Path) -> None:
    out = redacted(tmp_path, JUDGMENT, "pseudonym")
    judge = re.search(r"\n([A-Z' -]+) AJ:", out).group(1)
    assert judge.startswith("VAN DER ") and judge != "VAN DER MERWE", out
    assert f"\nJ. {judge}\n" not in out and re.search(rf"\n[A-Z]\. {judge}\n", out), out
    assert re.search(r"represented by Adv\. [A-Z]\. de [A-Z][a-z]+ SC,", out), out
    generalized = redacted(tmp_path, JUDGMENT, "generalize")
    assert "by a time in the afternoon" in generalized, generalized


def test_a_heading_name_does_not_grow_over_english_words(tmp_path: Path) -> None:
    text = ("BETWEEN:\nJOHN SMITH CONSTRUCTION LTD                    Claimant\nand\n"
            "MARY ELIZABETH JONES                            Defendant\n")
    _, kinds, _ = kinds_of(tmp_path, text)
    assert not any("CONSTRUCTION" in t and str(k[0]) == "PERSON" for t, k in kinds.items()), kinds
    assert "MARY ELIZABETH JONES" in kinds, kinds
