"""The ``generalize`` strategy: every level of every type, and the sentence fixes."""

from __future__ import annotations

import pytest
from redactor_plugins.strategies.generalization.text import at_sentence_start, indefinite_article
from redactor_plugins.strategies.generalize import LEVELS, GeneralizeStrategy, generalize_mention
from strategy_helpers import make_doc, replace_all

from redactor.plugin_api import Label, RunContext, UsageError


def gen(label: str, text: str, level: str = "", sentence: str = "") -> str:
    """Generalize ``text`` placed in ``sentence`` (where ``{}`` marks it)."""
    doc_text = (sentence or "We saw {} there.").replace("{}", text)
    start = doc_text.index(text)
    return generalize_mention(Label(label), text, text, level, doc_text=doc_text, start=start,
                              end=start + len(text))


@pytest.mark.parametrize(("text", "level", "expected"), [
    ("6 January 2022", "month", "January 2022"),
    ("6 January 2022", "year", "2022"),
    ("6 January 2022", "decade", "the 2020s"),
    ("6 January 2022", "", "2022"),
    ("January 6, 2022", "month", "January 2022"),
    ("2022-01-06", "year", "2022"),
    ("06.01.2022", "decade", "the 2020s"),
    ("March 1996", "month", "1996"),  # already month-level: the next coarser one
    ("1987", "year", "the 1980s"),  # a bare year is never returned as it is
    ("the 1990s", "decade", "the 20th century"),
    ("6 January", "month", "January"),
    ("6 January", "year", "a certain day"),
])
def test_datetime_levels(text: str, level: str, expected: str) -> None:
    assert gen("DATETIME", text, level) == expected


@pytest.mark.parametrize(("text", "level", "expected"), [
    ("42 years old", "range", "in their forties"),
    ("aged 42", "range", "in their forties"),
    ("42 years old", "magnitude", "an adult"),
    ("16 years old", "magnitude", "a teenager"),
    ("3,200 euros", "range", "between 1,000 and 5,000 euros"),
    ("3,200 euros", "magnitude", "thousands of euros"),
    ("€3,200", "range", "between €1,000 and €5,000"),
    ("NOK 25 000", "range", "between 10,000 and 50,000 kroner"),
    ("$3 million", "magnitude", "millions of dollars"),
    ("1,000", "range", "between 500 and 5,000"),  # a bound never equals the original
    ("six", "range", "fewer than ten"),
    ("45%", "range", "between 40 and 50 percent"),
    ("155 lb", "range", "between 100 and 500 lb"),
])
def test_quantity_levels(text: str, level: str, expected: str) -> None:
    assert gen("QUANTITY", text, level) == expected


def test_age_given_as_datetime_and_bare_number_in_context() -> None:
    assert gen("DATETIME", "42 years old", "year") == "in their forties"
    assert gen("QUANTITY", "42", "range", "He was {} years old.") == "40–49"
    assert gen("QUANTITY", "42-year-old", "range", "a {} man") == "40-to-49-year-old"


@pytest.mark.parametrize(("text", "level", "expected"), [
    ("Oslo", "country", "a city in Norway"),
    ("Oslo", "region", "a city in Europe"),
    ("Oslo", "place", "a city"),
    ("Oslo", "", "a city in Norway"),
    ("Norway", "country", "a country in Europe"),
    ("Illinois", "country", "a state in the United States"),
    ("Karl Johans gate", "country", "a street"),
    ("Storgata 5", "country", "an address"),
    ("Qwxyzville", "country", "a place"),
])
def test_loc_levels(text: str, level: str, expected: str) -> None:
    assert gen("LOC", text, level) == expected


@pytest.mark.parametrize(("text", "level", "expected"), [
    ("St. Olav Hospital", "kind", "a hospital"),
    ("Gulating Court of Appeal", "kind", "a court"),
    ("University of Oslo", "kind", "a university"),
    ("Ministry of Justice", "kind", "a government ministry"),
    ("Oslo Police District", "kind", "a police authority"),
    ("DNB Bank ASA", "kind", "a bank"),
    ("Acme Widgets Ltd", "kind", "a company"),
    ("Bharatiya Janata Party", "kind", "a political party"),
    ("Frobnicators", "kind", "an organisation"),
    ("St. Olav Hospital", "generic", "an organisation"),
])
def test_org_levels(text: str, level: str, expected: str) -> None:
    assert gen("ORG", text, level) == expected


def test_dem_levels_and_forms() -> None:
    assert gen("DEM", "Norwegian", "broader", "He is {}.") == "a European national"
    assert gen("DEM", "Norwegian", "broader", "a {} citizen") == "European"
    assert gen("DEM", "Norwegians", "broader", "Many {} left.") == "European nationals"
    assert gen("DEM", "Norwegian", "broader", "She speaks {} well.") == "a European language"
    assert gen("DEM", "lawyer", "broader", "She is a {}.") == "legal professional"
    assert gen("DEM", "lawyer", "broader", "Two {} came.") == "a legal professional"
    assert gen("DEM", "Norwegian", "generic", "He is {}.") == "a person"


def test_code_person_misc() -> None:
    assert gen("CODE", "36110/97", "") == "[number]"
    assert gen("PERSON", "Galip Yalman", "") == "a person"
    assert gen("PERSON", "Yalman", "", "We met Mr {} there.") == "X"
    assert gen("MISC", "mesothelioma", "kind", "He had {}.") == "a medical condition"
    assert gen("MISC", "Gujarat riots", "kind", "During {} many died.") == "an event"
    assert gen("MISC", "Grammy Awards", "kind", "He won {}.") == "an award"
    assert gen("MISC", "Zorblax", "kind", "He saw {}.") == "something"
    assert gen("MISC", "Figiel v. Poland (no. 2)", "kind", "His complaint ({}) failed.") == "a case"
    assert gen("MISC", "co-accused", "kind", "He and five {} were charged.") == "other accused"
    assert gen("MISC", "Harry v", "kind", "He saw {}.") == "something"   # no party after "v"


def test_every_level_of_every_type_gives_something_new() -> None:
    samples = {Label.DATETIME: "6 January 2022", Label.QUANTITY: "3,200 euros",
               Label.LOC: "Oslo", Label.ORG: "St. Olav Hospital", Label.DEM: "Norwegian",
               Label.CODE: "12345678", Label.PERSON: "Galip Yalman", Label.MISC: "Gujarat riots"}
    for label, text in samples.items():
        for level in LEVELS[label]:
            out = gen(str(label), text, level)
            assert out and text.casefold() not in out.casefold(), (label, level, out)


def test_unknown_level_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown level"):
        gen("LOC", "Oslo", "planet")


# -- sentence fixes ------------------------------------------------------------------------
def test_articles_a_an() -> None:
    assert indefinite_article("organisation") == "an"
    assert indefinite_article("university") == "a"
    assert indefinite_article("European national") == "a"
    assert indefinite_article("hour") == "an"
    assert indefinite_article("hospital") == "a"
    assert gen("ORG", "Frobnicators", "kind", "She joined {} in May.") == "an organisation"


def test_article_dropped_after_a_determiner() -> None:
    assert gen("ORG", "St. Olav Hospital", "kind", "He was taken to the {} at night.") == \
        "hospital"
    assert gen("ORG", "St. Olav Hospital", "kind", "It was his {}.") == "hospital"
    assert gen("DATETIME", "1990s", "decade", "In the {} it grew.") == "20th century"


def test_capitalised_at_sentence_start_only() -> None:
    doc = make_doc("St. Olav Hospital is big. He went to St. Olav Hospital. Mr. Oslo said.\n\n"
                   "Oslo is far.", [("St. Olav Hospital is", "ORG"),
                                    ("to [St. Olav Hospital].", "ORG"),
                                    ("Mr. [Oslo] said", "LOC"), ("[Oslo] is far", "LOC")])
    doc.findings[0] = doc.findings[0].with_(text="St. Olav Hospital")
    out, reps = replace_all(GeneralizeStrategy(), doc, RunContext())
    assert reps[0] == "A hospital"
    assert reps[1] == "a hospital"
    assert reps[2] == "a city in Norway"  # "Mr." is no sentence end
    assert reps[3] == "A city in Norway"
    assert at_sentence_start("Hello. x", 7)
    assert not at_sentence_start("Dr. x", 4)


def test_possessive_kept() -> None:
    assert gen("PERSON", "Yalman's", "", "{} car") == "A person's"
    assert gen("ORG", "St. Olav Hospital's", "kind", "in {} garden") == "a hospital's"


def test_strategy_uses_policy_level() -> None:
    doc = make_doc("Born on 6 January 2022 in Oslo.", [("6 January 2022", "DATETIME"),
                                                        ("Oslo", "LOC")])
    out, _ = replace_all(GeneralizeStrategy(), doc, RunContext(),
                         levels={"DATETIME": "month", "LOC": "region"})
    assert out == "Born on a day in January 2022 in a city in Europe."
