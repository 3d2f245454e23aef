"""What a homelessness assessment and a school's safeguarding referral (written for the
purpose, session 29) showed: "her left cheek" gave a QUANTITY "cheek", "Council Tax" a place
"Council", "CPOMS (incidents #20231" one MISC that swallowed a bracket and a number, ages in
brackets after a child's name ("Yusuf (6)") were codes, and "has contact every other weekend"
a date (a pseudonym read "has contact a certain date")."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.codes import find_reference_codes
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.recognizer.ner import subtype_for
from redactor_plugins.detectors.recognizer.rules.no_one_words import names_no_one
from redactor_plugins.detectors.recognizer.rules.span_numbers import (
    clear_of_codes,
    no_count,
)
from test_cov_masks_that_hide_no_one import _ner

from redactor.plugin_api import Label

REFERRAL = """Household: applicant, partner Ms Fatima Zahra El Idrissi (29), children Yusuf (6) and Amira (2)
Council Tax account: 40029817
Lily-Mae arrived at 09:40 with a bruise on her left cheek about 3cm across.
Previous concerns are logged on CPOMS (incidents #20231, #20344).
Her father lives in Folkestone and has contact every other weekend.
Referrer: Mrs Joanne Pike, Designated Safeguarding Lead (DSL)
"""


@pytest.mark.parametrize(("text", "yes"), [
    ("cheek", True), ("mg", True), ("two", False), ("third", False), ("Several", False),
    ("forty-four", False), ("life imprisonment", False), ("3cm", False), ("twice", False),
])
def test_a_quantity_with_nothing_that_counts(text: str, yes: bool) -> None:
    assert no_count(text) is yes


def test_council_tax_names_no_place() -> None:
    start = REFERRAL.index("Council")
    assert names_no_one(REFERRAL, start, start + len("Council"))
    text = "She wrote to the Council about it."
    assert not names_no_one(text, text.index("Council"), text.index("Council") + 7)


def test_a_numbered_entry_leaves_the_span_before_it() -> None:
    start = REFERRAL.index("CPOMS")
    end = REFERRAL.index("#20231") + len("#20231")
    assert REFERRAL[slice(*clear_of_codes(REFERRAL, start, end))] == "CPOMS"
    codes = [REFERRAL[h.start:h.end] for h in find_reference_codes(REFERRAL)
             if h.subtype == "REFERENCE_NUMBER"]
    assert "#20231" in codes and "#20344" in codes
    assert not [h for h in find_reference_codes("it&#8217;s on page #12") if "#" in
                "it&#8217;s on page #12"[h.start:h.end]]


def test_an_age_in_brackets_after_a_name() -> None:
    ages = [(f.text, str(f.label), f.subtype) for f in detect_text(REFERRAL.splitlines()[0])]
    assert ages == [("29", "DEM", "AGE"), ("6", "DEM", "AGE"), ("2", "DEM", "AGE")]
    assert [f.subtype for f in detect_text("under Article (2) and Schedule (3)")] == []


def test_the_referral_through_the_ner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, REFERRAL, [
        ("cheek", "QUANTITY", 0), ("Council", "LOC", 0), ("CPOMS (incidents #20231", "MISC", 0),
        ("every other weekend", "DATETIME", 0), ("Folkestone", "LOC", 0),
        ("Designated Safeguarding Lead", "DEM", 0)])
    got = {f.text: (str(f.label), f.subtype) for f in found}
    assert got == {"CPOMS": ("MISC", ""), "Folkestone": ("LOC", ""),
                   "Designated Safeguarding Lead": ("DEM", "OCCUPATION")}


@pytest.mark.parametrize(("text", "kind"), [
    ("Designated Safeguarding Lead", "OCCUPATION"), ("Claims Handler", "OCCUPATION"),
    ("Polish", ""),
])
def test_a_job_title_is_an_occupation(text: str, kind: str) -> None:
    assert subtype_for(Label.DEM, text) == kind
