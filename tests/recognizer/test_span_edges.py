"""Edges of a model's span that no annotator draws (``span_edges``): a leading preposition,
an edge inside a code, half of a title-case phrase. Model-free: the functions get the spans
a model gave in the cases that went wrong."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.recognizer.rules.identifier_cues import (
    names_a_number,
    trim_identifier_cue,
)
from redactor_plugins.detectors.recognizer.rules.span_edges import (
    drop_leading_function_word,
    drop_trailing_function_word,
    title_case_run,
)
from redactor_plugins.detectors.recognizer.rules.span_numbers import (
    clear_of_codes,
)


def cut(text: str, tagged: str) -> tuple[int, int]:
    start = text.index(tagged)
    return start, start + len(tagged)


@pytest.mark.parametrize(("text", "tagged", "want"), [
    ("Under Act 1962:381 the court held.", "Under Act 1962:381", "Act 1962:381"),
    ("In 2019 he moved.", "In 2019", "2019"),
    ("and Mr Berg said", "and Mr Berg", "Mr Berg"),
    # TAB annotates these openings of ranges and descriptions: they stay
    ("Between 1 May and 30 June 1991 he", "Between 1 May and 30 June 1991",
     "Between 1 May and 30 June 1991"),
    ("from 14 April 1983 until 1 December 1988", "from 14 April 1983 until 1 December 1988",
     "from 14 April 1983 until 1 December 1988"),
    ("with his wife", "with his wife", "with his wife"),
    ("Under", "Under", "Under"),  # nothing after it: left alone
])
def test_a_leading_preposition_is_dropped(text: str, tagged: str, want: str) -> None:
    start, end = cut(text, tagged)
    assert text[drop_leading_function_word(text, start, end):end] == want


@pytest.mark.parametrize(("text", "tagged", "want"), [
    # "Förvaltningsprocesslagen 1971" of "… 1971:291": the statute number stays whole
    ("Under Förvaltningsprocesslagen 1971:291 the court", "Förvaltningsprocesslagen 1971",
     "Förvaltningsprocesslagen"),
    ("cell 11/15 and", "15 and", "and"),  # starts inside "11/15"
    ("Act 1962:381 applies", "Act 1962:381", "Act 1962:381"),  # the whole code: unchanged
    ("in 1990/91 season", "1990", ""),  # nothing outside the code is left
])
def test_an_edge_inside_a_code_is_moved_out_of_it(text: str, tagged: str, want: str) -> None:
    s, e = clear_of_codes(text, *cut(text, tagged))
    assert text[s:e] == want


@pytest.mark.parametrize(("text", "tagged", "want"), [
    ("The Designated Safeguarding Lead, Mr Paul Ashworth, phoned", "Safeguarding",
     "Designated Safeguarding Lead"),
    ("He also held the National Insurance number PW 45", "Insurance", "National Insurance"),
    # a capital that only starts a sentence, "The", a title: no part of the phrase
    ("It rained. Norwegian officials came.", "Norwegian", "Norwegian"),
    ("The Norwegian lawyer", "Norwegian", "Norwegian"),
    ("met Mr Berg's lawyer", "Berg's", "Berg's"),
    ("a lower-case span stays", "span", "span"),
])
def test_half_a_title_case_phrase_takes_the_rest(text: str, tagged: str, want: str) -> None:
    s, e = title_case_run(text, *cut(text, tagged), taken=set())
    assert text[s:e] == want


def test_another_finding_stops_a_title_case_run() -> None:
    text = "the Norwegian Labour Party said"
    party = cut(text, "Labour Party")
    s, e = title_case_run(text, *cut(text, "Norwegian"), taken=set(range(*party)))
    assert text[s:e] == "Norwegian"


@pytest.mark.parametrize("noun", ["lorry", "van", "car", "vehicle"])
def test_a_vehicle_before_its_plate_is_a_cue(noun: str) -> None:
    """"The lorry 34 ABC 123 crossed." came out as the plate "lorry 34 ABC 123"."""
    text = f"The {noun} 34 ABC 123 crossed."
    [(s, e)] = trim_identifier_cue(text, [cut(text, f"{noun} 34 ABC 123")])
    assert text[s:e] == "34 ABC 123"
    [(s, e)] = trim_identifier_cue(text, [cut(text, noun)])
    assert s >= e  # the cue alone is no finding


def test_a_titled_name_of_an_organisation_is_a_person_and_the_organisation() -> None:
    """"Her GP, Dr Owen Price of Harehills Medical Practice" was one ORG (the name typed as
    an organisation: "Dr an organisation" in a generalized copy)."""
    from redactor_plugins.detectors.recognizer.rules.institution_rules import care_institutions
    from redactor_plugins.detectors.recognizer.rules.span_edges import name_of_org

    text = "Her GP, Dr Owen Price of Harehills Medical Practice, should review her."
    start, end = cut(text, "Owen Price of Harehills Medical Practice")
    name_end, org_start = name_of_org(text, start, end)
    assert text[start:name_end] == "Owen Price"
    assert text[org_start:end] == "Harehills Medical Practice"
    assert [text[s:e] for s, e in care_institutions(text)] == ["Harehills Medical Practice"]
    plain = "He went to Harehills Medical Practice."  # no title: nothing to split
    assert name_of_org(plain, *cut(plain, "Harehills Medical Practice")) is None


@pytest.mark.parametrize(("word", "want"), [
    ("us", True), ("we", True), ("her", True),  # "worked for us" tagged ORG as "US"
    ("US", False), ("Us", False), ("Usk", False),
])
def test_a_lower_case_pronoun_is_no_entity(word: str, want: bool) -> None:
    from redactor_plugins.detectors.recognizer.rules.no_one_words import names_no_one

    text = f"who has worked for {word} since 2009"
    assert names_no_one(text, *cut(text, word)) is want


@pytest.mark.parametrize(("span", "want"), [
    ("Tue", True), ("Thurs.", True), ("Friday", True), ("Sundays", True), ("Sun.", True),
    ("Sun", False), ("Sat", False), ("Wed", False),  # words too ("The Sun")
    ("Monaco", False), ("tue", False),
    ("Easter", True), ("Christmas", True), ("Eid", True), ("easter", False),  # session 35
])
def test_a_weekday_is_a_time(span: str, want: bool) -> None:
    """"Date: Tue, 4 Nov 2025 09:12" gave LOC "Tue" (generalized "a place")."""
    from redactor_plugins.detectors.recognizer.rules.span_numbers import weekday_name

    assert weekday_name(span) is want


def test_a_greeting_is_not_part_of_the_name() -> None:
    """"Hi Sarah," was the name "Hi Sarah" (the greeting masked, "Hi" gone from the copy)."""
    from redactor_plugins.detectors.recognizer.gazetteer import find

    for text in ("Hi Sarah,\nFollowing our call", "Dear Anna Berg,\nThank you"):
        names = [text[s:e] for s, e, lab, *_ in find(text) if str(lab) == "PERSON"]
        assert names and not any(n.split()[0] in ("Hi", "Dear") for n in names), names


@pytest.mark.parametrize(("text", "tagged", "want"), [
    ("a Norwegian national living at 12 Harbour Lane", "Norwegian national living",
     "Norwegian national"),
    ("Turkish nationals residing in Germany", "Turkish nationals residing", "Turkish nationals"),
    ("a man of Kurdish origin", "Kurdish origin", "Kurdish origin"),
    ("his nose had been bleeding", "nose had been bleeding", "nose had been bleeding"),
])
def test_a_participle_after_a_nationality_is_not_part_of_it(text: str, tagged: str,
                                                             want: str) -> None:
    from redactor_plugins.detectors.recognizer.rules.span_edges import trailing_participle

    start, end = cut(text, tagged)
    assert text[start:trailing_participle(text, start, end)] == want


def test_a_house_number_belongs_to_its_street() -> None:
    """"at 38 Princes Street" came out as DATETIME "38" and LOC "Princes Street"."""
    from redactor_plugins.detectors.recognizer.rules.span_edges import house_number_start

    text = "kick the door of the bank at 38 Princes Street. He"
    start, end = cut(text, "Princes Street")
    assert text[house_number_start(text, start, end):end] == "38 Princes Street"
    other = "in 2019 Edinburgh"  # no street: the year stays apart
    s, e = cut(other, "Edinburgh")
    assert house_number_start(other, s, e) == s


@pytest.mark.parametrize(("text", "value", "want"), [
    ("Occupation: Bus driver", "Bus driver", "OCCUPATION"),
    ("Nationality: Polish", "Polish", "NATIONALITY"),
    ("Religion:  Sikh", "Sikh", ""),
    ("Address: Bus Station", "Bus Station", None),
])
def test_a_form_field_types_its_value(text: str, value: str, want: str | None) -> None:
    """"Occupation: Bus driver" was MISC (generalized "something")."""
    from redactor_plugins.detectors.recognizer.rules.span_edges import field_dem

    assert field_dem(text, text.index(value)) == want


def test_a_name_before_a_comma_is_not_part_of_the_organisation() -> None:
    """"PC 4417 Lynn Sinclair, Police Scotland" gave ORG "Sinclair, Police Scotland", which
    beat the officer's name (PERSON "PC 4417 Lynn Sinclair") by length."""
    from redactor_plugins.detectors.recognizer.rules.span_edges import word_before_comma

    text = "Witnessed by: PC 4417 Lynn Sinclair, Police Scotland"
    start, end = cut(text, "Sinclair, Police Scotland")
    assert text[start:word_before_comma(text, start, end)] == "Sinclair"
    plain = "the Ministry of Justice, which"
    assert word_before_comma(plain, *cut(plain, "Ministry of Justice")) is None


@pytest.mark.parametrize(("text", "tagged", "want"), [
    # a biography's direct identifier: "Lt" left readable (out of fold, session 25)
    ("in 1971. Lt Gen Bilimoria, while he was", "Gen Bilimoria", "Lt Gen Bilimoria"),
    ("Lt Gen Bilimoria, while", "Bilimoria", "Lt Gen Bilimoria"),
    ("said Dr Darby.", "Darby", "Dr Darby"),
    ("Detective Sergeant Okoro said", "Okoro", "Detective Sergeant Okoro"),
    ("the General Assembly met Anna Berg", "Anna Berg", "Anna Berg"),  # no title right before
    ("He met Major", "Major", "Major"),  # nothing before it
])
def test_a_title_before_a_name_joins_it(text: str, tagged: str, want: str) -> None:
    from redactor_plugins.detectors.recognizer.rules.span_edges import title_start

    start, end = cut(text, tagged)
    assert text[title_start(text, start):end] == want


@pytest.mark.parametrize(("text", "tagged", "want"), [
    ("Age if under 18: Over 18 Occupation: Bus driver", "Over 18 Occupation", "Over 18"),
    ("Statement of: Daniel McAllister Address: 4 Leith Walk", "Daniel McAllister Address",
     "Daniel McAllister"),
    ("heard by the Court of Appeal: the appeal", "Court of Appeal", "Court of Appeal"),
    ("the Occupation: a film", "Occupation", "Occupation"),  # nothing before it: left alone
])
def test_the_next_fields_label_is_not_part_of_a_value(text: str, tagged: str,
                                                      want: str) -> None:
    """A PDF's line "Age if under 18: Over 18   Occupation: Bus driver" gave MISC "Over 18
    Occupation" (the label masked)."""
    from redactor_plugins.detectors.recognizer.rules.span_edges import field_label_tail

    start, end = cut(text, tagged)
    assert text[start:field_label_tail(text, start, end)] == want


def test_a_title_case_run_stops_at_the_next_fields_label() -> None:
    """MISC "Over 18" grew into "Over 18 Occupation" (the label masked in a PDF's line)."""
    text = "Age if under 18: Over 18 Occupation: Bus driver"
    s, e = title_case_run(text, *cut(text, "Over 18"), taken=set())
    assert text[s:e] == "Over 18"


@pytest.mark.parametrize(("text", "tagged", "want"), [
    # "a retired primary school teacher of Bangladeshi origin": the occupation took "of", and
    # its pseudonym left "… headmaster Kurdish origin"
    ("a primary school teacher of Bangladeshi origin", "primary school teacher of",
     "primary school teacher"),
    ("the TIKB (the party) said", "TIKB (the", "TIKB"),
    ("hereinafter “the 1971 Act”", "hereinafter “the", "hereinafter"),
    ("the Crown Court in Leeds", "Crown Court in", "Crown Court"),
    ("Radio 5 Live and BBC", "Radio 5 Live and", "Radio 5 Live"),
    # a capital letter is a name's part, and a lone word stays
    ("he played in Serie A for", "Serie A", "Serie A"),
    ("of", "of", "of"),
])
def test_a_trailing_function_word_is_dropped(text: str, tagged: str, want: str) -> None:
    start, end = cut(text, tagged)
    assert text[start:drop_trailing_function_word(text, start, end)] == want


def test_a_piece_of_a_longer_name_keeps_its_function_word() -> None:
    """The model cut "5th Chamber of the | Ankara Civil Court" in two: trimming "of the" would
    leave those words in clear between the two findings (TAB's official sample lost recall)."""
    from redactor_plugins.detectors.recognizer.rules.span_edges import name_follows

    text = "the 5th Chamber of the Ankara Civil Court, and a teacher of Bangladeshi origin"
    assert name_follows(text, text.index(" Ankara"))
    assert name_follows(text, text.index(" Bangladeshi"))  # a DEM is trimmed anyway
    assert not name_follows("conspiracy to murder", len("conspiracy to"))
    assert not name_follows("a member of\nAnkara", len("a member of"))


@pytest.mark.parametrize(("text", "tagged", "label"), [
    # a case record's "Unique Pupil Number" was an ORG, masked and made a company's name
    ("Child: K (born 2019), Unique Pupil Number H801200001001", "Unique Pupil Number", True),
    ("Case Reference: CP/2026/04417", "Case Reference", True),
    ("Hospital number: SM0048213", "Hospital number", True),
    ("Staff ID 40021 signed", "Staff ID", True),
    # a name, or a number field with no value after it, stays a finding
    ("the Home Office reference number was lost", "reference number", False),
    ("Northmoor Borough Council 2021 report", "Northmoor Borough Council", False),
])
def test_the_name_of_a_number_field_is_no_finding(text: str, tagged: str, label: bool) -> None:
    start, end = cut(text, tagged)
    assert names_a_number(text, start, end) is label


@pytest.mark.parametrize(("text", "code"), [
    ("22/48213", True),   # "Saksnummer: 22/48213" was a DATETIME
    ("5/123", True),
    ("3/2021", False),    # a month and a year
    ("12/31", False),
    ("1990/91", False),   # a season
])
def test_digits_slash_digits_that_no_date_ends_with_are_a_code(text: str, code: bool) -> None:
    from redactor_plugins.detectors.recognizer.rules.span_numbers import (
        code_not_date,
    )

    assert code_not_date(text) is code
