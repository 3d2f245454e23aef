"""What a US hospital's discharge summary (written for the purpose, session 34) showed: the
patient "Delgado, Rosa M." came out as two people ("[PERSON 1], [PERSON 2]"); "cell
916-555-0178" was a prison cell's number; "MD" after the attending's name, "ED" in "presented
to ED", "SUMMARY" of the title and Medi-Cal's "CIN" were organisations, places or people; the
diagnoses "T2DM" and "CKD stage 3b" organisations (a pseudonym would have written a company's
name); the age "63 y/o F" a code. Its pseudonym read "DISCHARGE SUMMARY Johnsonchester" (the
title's dash was the hospital's), "(a member of a group)" for the age, "her matter's home" for
"her daughter's home" (a kinship word the model typed MISC) and "hx of something"."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import covers, detected, kinds_of, redacted, uncovered

SUMMARY = """DISCHARGE SUMMARY - Mercy General Hospital, Sacramento, CA

Patient: Delgado, Rosa M.          MRN: 004817263          DOB: 02/17/1961 (63 y/o F)
Attending: Harold Finch-Yates, MD (NPI 1234567893)
Insurance: Medi-Cal, CIN 91234567A
Prescriber DEA: AB1234563

HPI: 63 y/o female with hx of T2DM, CKD stage 3b, presented to ED after a fall at her \
daughter's home in Elk Grove. Her son Miguel Delgado is her emergency contact, cell \
916-555-0178.
"""


def test_the_summary_s_identifiers_are_covered(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, SUMMARY)
    assert not uncovered(text, covered, [
        "Delgado, Rosa M.", "004817263", "02/17/1961", "Harold Finch-Yates", "1234567893",
        "91234567A", "AB1234563", "Elk Grove", "Miguel Delgado", "916-555-0178"]), \
        [f.text for f in found]
    for word in ("SUMMARY", "MD (", "CIN", "ED after"):
        assert not covers(covered, text, word.split()[0]), (word, [f.text for f in found])


def test_kinds(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, SUMMARY)
    assert kinds["916-555-0178"][1] == "PHONE", kinds
    assert kinds["1234567893"][1] == "PROVIDER_ID_US" and kinds["AB1234563"][1] == "DEA_NUMBER_US"
    assert str(kinds["T2DM"][0]) == "MISC", kinds
    assert str(kinds.get("CKD stage 3b", kinds.get("CKD"))[0]) == "MISC", kinds
    assert (str(kinds["63 y/o"][0]), kinds["63 y/o"][1]) == ("DEM", "AGE"), kinds


def test_the_patient_has_one_number(tmp_path: Path) -> None:
    out = redacted(tmp_path, SUMMARY, "label")
    assert re.search(r"Patient: \[PERSON \d+\] {5}", out), out


def test_the_pseudonym_reads_right(tmp_path: Path) -> None:
    out = redacted(tmp_path, SUMMARY, "pseudonym")
    assert out.startswith("DISCHARGE SUMMARY - "), out
    assert re.search(r"\(\d\d y/o F\)", out), out  # an age, its sex letter kept
    assert re.search(r"at her (\w+)'s home", out) and "matter" not in out, out
    assert "hx of something" not in out, out


def test_the_generalization_reads_right(tmp_path: Path) -> None:
    out = redacted(tmp_path, SUMMARY, "generalize")
    assert "hx of a health condition" in out and "matter's" not in out, out
