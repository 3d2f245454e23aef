"""Pattern detector: dates, times, durations (DATETIME), money, percentages, counts, measures
(QUANTITY) and ages (DEM), following the TAB annotation conventions."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.common import number_value
from redactor_plugins.detectors.patterns.plugin import detect_text

from redactor.plugin_api import Label


def _pairs(text: str) -> list[tuple[str, str]]:
    findings = detect_text(text)
    for f in findings:
        assert f.text == text[f.span.start : f.span.end]
        assert not f.validated  # no checksum exists for any of these
        assert 0.0 < f.score < 1.0
    return [(f.full_type, f.text) for f in findings]


@pytest.mark.parametrize(("text", "date"), [
    ("On 6 January 2022 he left.", "6 January 2022"),
    ("On January 6, 2022 he left.", "January 6, 2022"),
    ("On the 6th of January 2022 he left.", "6th of January 2022"),
    ("On 6 Jan. 2022 he left.", "6 Jan. 2022"),
    ("On 6 Sept 2022 he left.", "6 Sept 2022"),
    ("On 2022-01-06 he left.", "2022-01-06"),
    ("On 06/01/2022 he left.", "06/01/2022"),
    ("On 6.1.2022 he left.", "6.1.2022"),
    ("On 12/31/2021 he left.", "12/31/2021"),
    ("In January 2022 he left.", "January 2022"),
    ("On 21 June he left.", "21 June"),
    ("from the 27th day of September 1996 all", "27th day of September 1996"),
    ("On 10, 15 and 21 September 1993 the", "10, 15 and 21 September 1993"),
    ("On 14 or 15 February 1990 two", "14 or 15 February 1990"),
    ("during the autumn of 1999.", "autumn of 1999"),
    ("In early 2000 the", "early 2000"),
    # Scandinavian and German: a full stop after the day ("12. januar" and "2026" were two)
    ("sykmeldt siden 12. januar 2026 på grunn av", "12. januar 2026"),
    ("søknaden din av 3. mars 2026. Du er", "3. mars 2026"),
    ("Ansøgning af 3. marts 2021 om", "3. marts 2021"),
    ("Antrag vom 3. März 2020 wurde", "3. März 2020"),
    # a card's expiry, month/two-digit year after its cue (it was a CASE_NUMBER "exp. 09/27")
    ("the card (exp. 09/27) was", "09/27"),
    ("Valid thru 12/30 only.", "12/30"),
])
def test_dates(text: str, date: str) -> None:
    assert _pairs(text) == [("DATETIME/DATE", date)]


@pytest.mark.parametrize(("text", "expected"), [
    ("He was born in 1998 in Bergen.", [("DATETIME/YEAR", "1998")]),
    ("It happened in the 1990s.", [("DATETIME/YEAR", "1990s")]),
    ("for the tax years 1996/97 and 1999/2000.",
     [("DATETIME/YEAR", "years 1996/97"), ("DATETIME/YEAR", "1999/2000")]),
    ("between 1995 and 1998 he", [("DATETIME/DATE_RANGE", "1995 and 1998")]),
    ("The years 1995-1998 were hard.", [("DATETIME/DATE_RANGE", "1995-1998")]),
    ("The 2020-21 season.", [("DATETIME/YEAR", "2020-21 season")]),
    ("In 12/2019 he moved.", [("DATETIME/DATE", "12/2019")]),
    ("between 1 May and 30 June 1991, during", [("DATETIME/DATE_RANGE", "between 1 May and 30 June 1991")]),
    ("From 31 January to 6 March 2001, the", [("DATETIME/DATE_RANGE", "31 January to 6 March 2001")]),
    ("for the period 1 March – 27 April 1990", [("DATETIME/DATE_RANGE", "1 March – 27 April 1990")]),
    ("from 7 to 12 October 2004, the", [("DATETIME/DATE_RANGE", "7 to 12 October 2004")]),
])
def test_years_and_ranges(text: str, expected: list[tuple[str, str]]) -> None:
    assert _pairs(text) == expected


@pytest.mark.parametrize(("text", "time"), [
    ("He arrived at 10.30 a.m. and", "10.30 a.m."),
    ("The visit is at 14:05 today.", "14:05"),
    ("at approximately 2 p.m. the", "approximately 2 p.m."),
    ("On the same day at 8 p.m., the", "8 p.m."),
])
def test_times(text: str, time: str) -> None:
    assert _pairs(text) == [("DATETIME/TIME", time)]


@pytest.mark.parametrize(("text", "duration"), [
    ("he was sentenced to six years’ imprisonment", "six years"),
    ("to twelve years and six months’ imprisonment", "twelve years and six months"),
    ("within the three-month period laid down", "three-month"),
    ("review should begin after 12 months. In", "12 months"),
    ("for about two years. She", "about two years"),
    ("made in one other case over a year after", "over a year"),
    ("He left within a year of the ruling.", "year"),
    ("He was arrested several weeks later and", "several weeks later"),
    ("The following morning he left.", "following morning"),
])
def test_durations_are_datetime_as_in_tab(text: str, duration: str) -> None:
    assert _pairs(text) == [("DATETIME/DURATION", duration)]


@pytest.mark.parametrize("text", [
    "The ratio was 10.30 overall.",  # a decimal, not a time
    "It was 31/02/2022 on the form.",  # no 31 February, no 31st month
    "under section 25 of the 1994 Act and",  # a statute's name, not a date
    "the Swedish Act (1988:205) applies",
    "Reports 1997-I, p. 12.",
    "He paid EUR 2000 in fines.",
    "It cost 1,998 kroner.",
    "see Law no. 1990 on the matter",
    "Room 2021 is upstairs.",
    "He earned EUR 1,500 a month.",
])
def test_not_dates(text: str) -> None:
    assert not [p for p in _pairs(text) if p[0].startswith("DATETIME")], text


@pytest.mark.parametrize(("text", "money"), [
    ("He was fined EUR 1,500 by", "EUR 1,500"),
    ("He was fined €1,500 by", "€1,500"),
    ("He was fined 1,500 euros by", "1,500 euros"),
    ("a claim of USD 20 for", "USD 20"),
    ("ordered to pay 300,000 Turkish liras in", "300,000 Turkish liras"),
    ("a fine of 68,000 Danish kroner (DKK). In", "68,000 Danish kroner (DKK)"),
    ("worth approximately GBP 150,000. Each", "approximately GBP 150,000"),
    ("totalling SEK 14.6 million in", "SEK 14.6 million"),
    ("two billion Danish kroner were", "two billion Danish kroner"),
    ("a fine of 500 zlotys (PLN) was", "500 zlotys (PLN)"),
    ("rent of £2,340 was owed", "£2,340"),
    # an amount's period is part of it; a year after it is not
    ("child benefit of GBP 70.20 per week.", "GBP 70.20 per week"),
    ("he receives EUR 1,500 a month from", "EUR 1,500 a month"),
    ("300 euros a day", "300 euros a day"),
    ("DKK 2,000 per annum", "DKK 2,000 per annum"),
    ("paid 300 euros a weekend", "300 euros"),
])
def test_money(text: str, money: str) -> None:
    assert _pairs(text) == [("QUANTITY/MONEY", money)]


@pytest.mark.parametrize(("text", "pct"), [
    ("amounting to 20% of the tax", "20%"),
    ("a rise of 15 per cent in", "15 per cent"),
    ("about twenty percent of them", "about twenty percent"),
])
def test_percentages(text: str, pct: str) -> None:
    assert _pairs(text) == [("QUANTITY/PERCENT", pct)]


@pytest.mark.parametrize(("text", "age"), [
    ("Mr Berg, aged 45, lives", "aged 45"),
    ("when he was 45 years old he", "45 years old"),
    ("a 45-year-old man", "45-year-old"),
    ("when he was eight years old. He", "eight years old"),
    ("at the age of sixty-five he", "age of sixty-five"),
    ("fifteen years of age", "fifteen years of age"),
    ("children aged 4, 7 and 11 live", "aged 4, 7 and 11"),
])
def test_ages_are_demographic_as_in_tab(text: str, age: str) -> None:
    assert _pairs(text) == [("DEM/AGE", age)]


@pytest.mark.parametrize(("text", "year"), [
    ("Pupil: Leyla Demir (Year 4, DOB", "Year 4"),     # was "Year" DATETIME and "4" QUANTITY
    ("She is in Year R at Oakfield", "Year R"),
    ("moved up to Yr 10 last", "Yr 10"),
    ("a 4th grade student", "4th grade"),
    ("repeating grade 11 now", "grade 11"),
])
def test_a_school_year_is_one_demographic(text: str, year: str) -> None:
    assert ("DEM/SCHOOL_YEAR", year) in _pairs(text)
    assert not any(t in ("Year", "4", "Yr") for _, t in _pairs(text))


@pytest.mark.parametrize("text", [
    "the year 4 of the plan", "Year 2024 was", "Year 14 of", "Year 4/5 class", "a grade 15 steel",
])
def test_not_school_years(text: str) -> None:
    assert not any(lab == "DEM/SCHOOL_YEAR" for lab, _ in _pairs(text))


@pytest.mark.parametrize(("text", "count"), [
    ("He and his wife had three children, born", "three children"),
    ("together with 16 other suspects, was", "16 other suspects"),
    ("accused fourteen other defendants of", "fourteen other defendants"),
    ("Some 8,500 people were reported", "8,500 people"),
    ("convicted on twenty-five counts of fraud", "twenty-five counts of fraud"),
    # TAB annotates what is counted with the count (issue 15, session 12)
    ("found guilty of four disciplinary offences of conduct", "four disciplinary offences"),
    ("guilty of three counts of common assault contrary to the Act",
     "three counts of common assault"),
    ("sentenced to two concurrent terms of imprisonment", "two concurrent terms"),
    ("charged with four charges of fraud and theft", "four charges of fraud"),
])
def test_counts(text: str, count: str) -> None:
    assert _pairs(text) == [("QUANTITY/COUNT", count)]


@pytest.mark.parametrize("text", [
    "a breach of his Article 8 rights",
    "section 69 provides for a sentence",
    "one of the applicants",
    "He was the first of two.",
    "two of the applicants",
    "five were charged with fraud",
    "The two years of detention",
])
def test_not_counts(text: str) -> None:
    assert [p for p in _pairs(text) if p[0] == "QUANTITY/COUNT"] == []


@pytest.mark.parametrize(("text", "measure"), [
    ("He lived 12 km from the school.", "12 km"),
    ("a plot of 450 square metres in", "450 square metres"),
    ("he weighed 80 kg at", "80 kg"),
])
def test_measures(text: str, measure: str) -> None:
    assert _pairs(text) == [("QUANTITY/MEASURE", measure)]


@pytest.mark.parametrize(("words", "value"), [
    ("three", 3), ("twenty-eight", 28), ("twenty five", 25), ("two hundred and five", 205),
    ("three million", 3_000_000), ("1,500", 1500), ("14.6", 14.6), ("eleven", 11),
    ("fish", None),
])
def test_number_words(words: str, value: float | None) -> None:
    assert number_value(words) == value


def test_labels_are_tab_types() -> None:
    text = ("On 6 January 2022 at 10.30 a.m., Mr Berg, aged 45, paid EUR 1,500 for "
            "three children over 12 months, a 20% rise (no. 36110/97).")
    labels = {f.label for f in detect_text(text)}
    assert labels == {Label.DATETIME, Label.DEM, Label.QUANTITY, Label.CODE}


def test_a_capitalised_nordic_month_word_in_english_is_no_date() -> None:
    assert not [p for p in _pairs("Chapter 3. Mars is red, and the august body met.")
                if p[0].startswith("DATETIME")]


def test_no_expiry_without_a_month() -> None:
    assert not [p for p in _pairs("the card (exp. 13/27) was") if p[0].startswith("DATETIME")]


@pytest.mark.parametrize(("text", "value"), [
    ("Sent: Monday, March 3, 2025 4:17 PM", "4:17 PM"),  # the "PM" was left out
    ("at 9 AM sharp", "9 AM"),
    ("at 10:30 am", "10:30 am"),
])
def test_a_clock_time_keeps_its_am_or_pm(text: str, value: str) -> None:
    assert value in [f.text for f in detect_text(text) if f.subtype == "TIME"]
