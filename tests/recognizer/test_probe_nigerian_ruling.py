"""What a Nigerian High Court ruling (written for the purpose, session 35) showed: the titles
"HON.", "Engr.", "Barr." were people of their own or made up ("HON. JUSTICE" → "HALE.
JUSTICE", "Engr. Okonkwo" two people), "Chief (Mrs) Nkechi Okonkwo" was two DEMs and a
person ("a member of a group (members of a group) Noah Cruz"), the child "Chidera" alone an
organisation ("custody of Natalie and Blackburn Ltd"), "Nnewi, Anambra State" two
organisations, the heading's "HOLDEN AT IKEJA", "Exhibit C3" and the signature's "JUDGE"
findings."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import detected, kinds_of, redacted, uncovered

RULING = """IN THE HIGH COURT OF LAGOS STATE
IN THE IKEJA JUDICIAL DIVISION
HOLDEN AT IKEJA

BEFORE HIS LORDSHIP, HON. JUSTICE A. O. ADEYEMI

SUIT NO: ID/2345/2022

BETWEEN:
MRS. FOLASADE ADEBAYO-OKONKWO ........................ CLAIMANT
AND
ENGR. CHUKWUEMEKA OKONKWO ............................ DEFENDANT

RULING

1. The Claimant, Mrs. Folasade Adebayo-Okonkwo, seeks custody of the children of the \
marriage, namely Tolulope Okonkwo (aged 9) and Chidera Okonkwo (aged 6).

2. The Defendant, Engr. Okonkwo, is a civil engineer and an indigene of Nnewi, Anambra State.

3. The bank statement was exhibited as Exhibit C3. Learned counsel for the Claimant, Barr. \
Ngozi Eze, relied on the affidavit. The Defendant's mother, Chief (Mrs) Nkechi Okonkwo, is \
willing to care for the children in Enugu.

4. Custody of Tolulope and Chidera is granted to the Claimant.

HON. JUSTICE A. O. ADEYEMI
JUDGE
"""


def test_names_and_titles(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, RULING)
    assert not uncovered(text, covered, [
        "A. O. ADEYEMI", "FOLASADE ADEBAYO-OKONKWO", "CHUKWUEMEKA OKONKWO", "Okonkwo",
        "Tolulope", "Chidera", "Ngozi Eze", "Nkechi Okonkwo", "Nnewi", "Anambra State"]), [
        f.text for f in found]
    for word in ("HOLDEN AT", "Exhibit C3", "\nJUDGE"):
        at = text.index(word)
        assert not covered & set(range(at, at + len(word))), (word, [f.text for f in found])


def test_kinds(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, RULING)
    for person in ("HON. JUSTICE A. O. ADEYEMI", "Engr. Okonkwo", "Barr. Ngozi Eze",
                   "Chief (Mrs) Nkechi Okonkwo", "Chidera"):
        assert str(kinds[person][0]) == "PERSON", (person, kinds)
    place = kinds.get("Nnewi, Anambra State") or kinds["Anambra State"]  # one span or two
    assert str(place[0]) == "LOC" and str(kinds.get("Nnewi", place)[0]) == "LOC", kinds
    assert not {"HON", "Engr", "Barr", "Chief", "Mrs"} & set(kinds), kinds


def test_one_number_a_person(tmp_path: Path) -> None:
    out = redacted(tmp_path, RULING, "label")
    child = re.search(r"and (\[PERSON \d+\]) \(\[DEM", out).group(1)
    assert re.search(rf"Custody of \[PERSON \d+\] and {re.escape(child)} is", out), out
    judge = re.search(r"HIS LORDSHIP, (\[PERSON \d+\])\n", out).group(1)
    assert f"\n{judge}\nJUDGE" in out, out
    defendant = re.search(r"(\[PERSON \d+\]) \.+ DEFENDANT", out).group(1)
    assert f"The Defendant, {defendant}, is" in out, out


def test_pseudonyms_keep_the_titles(tmp_path: Path) -> None:
    out = redacted(tmp_path, RULING, "pseudonym")
    assert re.search(r"HIS LORDSHIP, HON\. JUSTICE [A-Z]\. [A-Z]\. [A-Z]+\n", out), out
    assert re.search(r"The Defendant, Engr\. [A-Z][a-z]+, is", out), out
    assert re.search(r"counsel for the Claimant, Barr\. [A-Z][a-z]+ [A-Z][a-z]+,", out), out
    mother = re.search(r"mother, Chief \(Mrs\) ([A-Z][a-z]+) ([A-Z][a-z]+),", out)
    defendant = re.search(r"The Defendant, Engr\. ([A-Z][a-z]+), is", out).group(1)
    assert mother and mother.group(2) == defendant, out


def test_holden_in_running_text_is_a_name() -> None:
    from redactor_plugins.detectors.recognizer.rules.no_one_words import names_no_one

    heading = "HOLDEN AT IKEJA"
    assert names_no_one(heading, 0, 6)
    text = "I met Holden at the station."
    assert not names_no_one(text, 6, 12)


def test_an_english_word_is_no_code_but_a_user_name_is() -> None:
    from redactor_plugins.detectors.recognizer.rules.model_spans import mend_model_spans

    from redactor.plugin_api import Finding, Label, Span

    for text, word, kept in [("Ethnicity: (mixed)", "mixed", False),
                             ("Login: (jsmith)", "jsmith", True)]:
        at = text.index(word)
        found = mend_model_spans(text, [Finding(Span(at, at + len(word)), Label.CODE, word,
                                                detector="ner")])
        assert bool(found) is kept, (text, found)
