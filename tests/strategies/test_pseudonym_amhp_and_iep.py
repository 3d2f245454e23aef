"""Replacements in an AMHP's assessment report and a US school's IEP (session 33): "one
brother" read "two cousin" (pseudonym) and "something sibling" (generalize), "Stanage Ward" a
surname, "a seventh grader" a "naval architect", "approximately £6,000" lost its pound sign,
"British Indian woman" read "European national Asian woman", "soccer" and "goalkeeper"
"something", "section 136" "something", and "the⏎Longley Centre at 16:45" was capitalised as
if a field's name ("16:" its colon)."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from redactor_plugins.strategies.generalization.demographics import dem_pseudonym
from redactor_plugins.strategies.generalization.fakes import count_bounds
from redactor_plugins.strategies.generalization.org_names import org_like, org_parts
from redactor_plugins.strategies.generalization.text import at_sentence_start, is_field_label
from redactor_plugins.strategies.generalize import generalize_mention

from redactor.plugin_api import Label

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "recognizer"))
from probe_helpers import redacted  # noqa: E402

REPORT = """Background
Ms Priya Raghunathan is a 37-year-old British Indian woman who works as a pharmacy technician
in Crookes. She lives alone and has one brother, Vikram, who lives in Leicester. She spent
approximately £6,000 on online purchases. She was admitted to Stanage Ward at the
Longley Centre at 16:45.

Daniel Okafor
Approved Mental Health Professional, Sheffield City Council
"""


def _generalized(label: Label, doc: str, phrase: str, level: str = "") -> str:
    at = doc.index(phrase)
    return generalize_mention(label, phrase, phrase, level, doc_text=doc, start=at,
                              end=at + len(phrase))


def test_a_bare_count_keeps_the_number_of_its_noun() -> None:
    doc = "She has one brother and two sisters; one of the three children is adopted."
    one, two = doc.index("one brother"), doc.index("two sisters")
    assert count_bounds(doc, one, one + 3) == (1, 1)
    assert count_bounds(doc, two, two + 3)[0] >= 2
    assert _generalized(Label.QUANTITY, doc, "one") == "a"
    assert _generalized(Label.QUANTITY, "He has one uncle.", "one") == "an"


@pytest.mark.parametrize(("text", "want"), [
    ("approximately £6,000", "£"), ("about $3,200", "$"),
    ("approximately 3 million Swedish kronor", "Swedish kronor"),
])
def test_an_approximate_amount_keeps_its_currency(text: str, want: str) -> None:
    out = generalize_mention(Label.QUANTITY, text, text, "range")
    assert out.count(want) >= 1 and "kronors" not in out, out
    assert re.search(r"\d", out), out


def test_a_grade_is_another_grade_or_a_pupil() -> None:
    for seed in range(20):
        out = dem_pseudonym("seventh grader", random.Random(seed))
        assert re.fullmatch(r"(fifth|sixth|eighth|ninth) grader", out), out
        assert re.fullmatch(r"\d+(st|nd|rd|th) grader", dem_pseudonym("7th grader",
                                                                       random.Random(seed)))
    doc = "Mateo is a 12-year-old seventh grader who enjoys soccer and plays goalkeeper."
    assert _generalized(Label.DEM, doc, "seventh grader", "broader") == "middle school pupil"
    assert _generalized(Label.MISC, doc, "soccer") == "a sport"
    assert _generalized(Label.MISC, doc, "goalkeeper") == "a playing position"


def test_a_ward_stays_a_ward() -> None:
    before, name, after = org_parts("Stanage Ward")
    assert (before, name, after) == ("", "Stanage", " Ward")
    assert org_like(before, after, random.Random(3), "en_GB")  # a town before " Ward"


def test_a_demonym_before_another_is_an_adjective() -> None:
    doc = "She is a 37-year-old British Indian woman."
    assert _generalized(Label.DEM, doc, "British", "broader") == "European"
    assert _generalized(Label.DEM, doc, "Indian", "broader") == "Asian"


def test_a_provision_and_an_occupation_say_their_kind() -> None:
    doc = "Police removed her to a place of safety under section 136."
    assert _generalized(Label.MISC, doc, "section 136") == "a law"
    doc = "Daniel Okafor\nApproved Mental Health Professional, Sheffield City Council"
    assert "health professional" in _generalized(
        Label.DEM, doc, "Approved Mental Health Professional", "broader").casefold()


def test_a_line_under_a_heading_starts_a_sentence_and_a_clock_is_no_field() -> None:
    assert at_sentence_start(REPORT, REPORT.index("Ms Priya"))
    at = REPORT.index("Longley Centre")
    assert not at_sentence_start(REPORT, at)
    assert not is_field_label(REPORT, at, at + len("Longley Centre"))
    assert is_field_label("Author: Ms Lee", 0, 6)


def test_the_report_end_to_end(tmp_path: Path) -> None:
    out = redacted(tmp_path, REPORT, "generalize")
    for original in ("Priya", "Raghunathan", "Vikram", "Leicester", "Stanage", "Longley"):
        assert original not in out, out
    assert re.search(r"^A person is ", out, re.M), out
    assert "has a sibling" in out, out
    assert re.search(r"between £[\d,]+ and £[\d,]+", out, re.I), out
    assert "at the\nplace" in out or "at the\norganisation" in out or "at the\nhospital" in out, out
    for run in range(3):
        out = redacted(tmp_path, REPORT, "pseudonym", name=f"report{run}")
        assert re.search(r"has an? \w+, \w+, who", out), out  # "one brother" → "a brother"
        assert re.search(r"admitted to \S+(?: \S+)? Ward at the", out), out


def test_kinship_and_peoples_of_a_support_plan() -> None:
    doc = "He lives with his nan, Aunty Pearl Kelly. Yes (Wiradjuri)."
    assert _generalized(Label.DEM, doc, "nan", "broader") == "grandparent"
    seen = {dem_pseudonym("Wiradjuri", random.Random(seed), doc, doc.index("Wiradjuri"))
            for seed in range(20)}
    assert seen and all(w[:1].isupper() and w != "Wiradjuri" for w in seen), seen
    from redactor_plugins.strategies.generalization.kinds import ABORIGINAL_NATIONS
    assert {w.casefold() for w in seen} <= ABORIGINAL_NATIONS, seen
    doc = "Jayden is a 16-year-old young man."
    for seed in range(30):
        out = dem_pseudonym("16-year-old", random.Random(seed), doc, doc.index("16"))
        assert not re.match(r"(?:8|11|18)\d*-", out), out  # "a 11-year-old" reads wrong


@pytest.mark.parametrize(("text", "kind"), [
    ("Lasting Power of Attorney", "legal authority"), ("Nationwide account", "bank account"),
    ("Occupational therapy", "Therapy"), ("Christmas presents", "gifts"),
])
def test_more_kinds_of_misc(text: str, kind: str) -> None:
    doc = f"Notes.\n{text} was mentioned."
    assert _generalized(Label.MISC, doc, text).casefold().endswith(kind.casefold())


LIST = """Adult at risk: Mrs Margaret Whitfield
DOB: 2 February 1938 (age 87)
Date of referral: 3 November 2025

Mrs Whitfield is an 87-year-old widow. Her grandson Liam (16) is in Year 11 and her
granddaughter Mia, aged 12, is a seventh grader.
"""


def test_ages_school_years_and_birth_dates_move_together(tmp_path: Path) -> None:
    import datetime as dt

    def when(s: str) -> dt.date:
        return dt.datetime.strptime(s, "%d %B %Y").date()

    for run in range(4):
        out = redacted(tmp_path, LIST, "pseudonym", name=f"list{run}")
        m = re.search(r"DOB: (\d+ \w+ \d{4}) \(age (\d+)\)\nDate of referral: (\d+ \w+ \d{4})",
                      out)
        assert m is not None, out
        born, age, on = when(m.group(1)), int(m.group(2)), when(m.group(3))
        assert age != 87, out
        assert age == on.year - born.year - ((on.month, on.day) < (born.month, born.day)), out
        shift = age - 87
        widow = re.search(r"is an? (\d+)-year-old", out)  # as near as "an" allows
        assert widow is not None and abs(int(widow.group(1)) - 87 - shift) <= 2, out
        young = re.search(r"\((\d+)\) is in Year (\d+) .* aged (\d+), is an? (\w+) grader",
                          out.replace("\n", " "))
        assert young is not None, out
        assert int(young.group(1)) == 16 + shift and int(young.group(3)) == 12 + shift, out
        assert int(young.group(2)) == 11 + shift or 11 + shift > 13, out  # Year 1–13
        from redactor_plugins.strategies.generalization.kinds import GRADE_WORDS
        assert GRADE_WORDS.index(young.group(4)) + 1 == 7 + shift, out


US_CASE = """Intake Date: 03/02/2025
Alleged Victim: Sofia Martinez-Garcia, female, age 7, DOB 06/14/2017
Mr. Martinez, a 36-year-old foreman, DOB 11/30/1988.
"""


def test_a_us_texts_ambiguous_dates_are_month_first_and_ages_stay_consistent(
        tmp_path: Path) -> None:
    """"03/02/2025" in a text whose other dates are month first ("06/14/2017") is 2 March: it
    had been read as 3 February, moved on its own and written day first, so the shifted
    intake date and birth date no longer gave the shifted age."""
    import datetime as dt

    from redactor_plugins.strategies.generalization.time import month_first

    assert month_first(US_CASE) and not month_first("DOB 14/06/2017, seen 03/02/2025.")
    assert generalize_mention(Label.DATETIME, "03/02/2025", "03/02/2025", "month",
                              doc_text=US_CASE, start=13, end=23) == "March 2025"
    for run in range(4):
        out = redacted(tmp_path, US_CASE, "pseudonym", name=f"us{run}")
        m = re.search(r"Intake Date: (\d\d)/(\d\d)/(\d{4})\n.* age (\d+), DOB (\d\d)/(\d\d)/"
                      r"(\d{4})", out)
        assert m is not None, out
        on = dt.date(int(m.group(3)), int(m.group(1)), int(m.group(2)))  # month first
        born = dt.date(int(m.group(7)), int(m.group(5)), int(m.group(6)))
        age = on.year - born.year - ((on.month, on.day) < (born.month, born.day))
        assert int(m.group(4)) == age != 7, out


def test_a_forms_sex_field_says_not_stated() -> None:
    from redactor_plugins.strategies.generalization.kinds import neutral_person_noun

    form = "Name of child\tAmelia Hart\nGender\tFemale\nSex: MALE\n"
    assert neutral_person_noun("Female", form, form.index("Female")) == "Not stated"
    assert neutral_person_noun("MALE", form, form.index("MALE")) == "NOT STATED"
    prose = "She is a female aged 7."
    assert neutral_person_noun("female", prose, prose.index("female")) == "person"
