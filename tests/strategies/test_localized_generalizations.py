"""Generalizations in the document's language (session 28): a Norwegian note had read "har to
something" and "sykmeldt på something av something"; now the kind or the generic word of the
document's language, with its article. Dates, numbers and ages stay as the English generalizer
writes them; English and short texts are unchanged."""

from __future__ import annotations

import pytest
from redactor_plugins.strategies.generalization.localized import localized
from test_natural_sentences import gen

NOTE = ("Kari møtte til samtale 3. november 2026. Hun er gift med Ahmed og har to barn. Hun har "
        "vært sykmeldt siden mars på grunn av depresjon og ryggsmerter, og hun mottar "
        "arbeidsavklaringspenger fra NAV Grünerløkka. Fastlegen hennes ved Lindern legesenter "
        "mener at hun kan begynne i en deltidsstilling fra januar, og vi avtalte et nytt møte.")
DANISH = ("Vi har den 3. marts 2025 modtaget din ansøgning om kontanthjælp. Du bor på "
          "Nørrebrogade 45 og er gift med Mette. Du får udbetalt 12.000 kr. om måneden til din "
          "konto, og vi har talt med din læge om din sygdom, som er diabetes, og om dine børn. "
          "Hvis du er uenig i afgørelsen, kan du klage inden fire uger fra i dag.")


@pytest.mark.parametrize(("text", "span", "label", "want"), [
    (NOTE, "depresjon", "MISC", "noe"),  # no kind known for the Norwegian word
    (NOTE, "arbeidsavklaringspenger", "MISC", "en ytelse"),  # a benefit
    (NOTE, "NAV Grünerløkka", "ORG", "en organisasjon"),
    (NOTE, "Lindern legesenter", "ORG", "en organisasjon"),
    (DANISH, "Nørrebrogade 45", "LOC", "et sted"),
    (DANISH, "diabetes", "MISC", "en sygdom"),  # a medical condition
])
def test_a_nordic_text_gets_its_own_words(text: str, span: str, label: str, want: str) -> None:
    assert gen(text, span, label) == want


def test_at_a_sentence_start_the_word_is_capitalised() -> None:
    text = "Ahmed " + NOTE.split("Kari ", 1)[1]
    assert gen(text, "Ahmed", "PERSON") == "En person"


def test_english_and_short_texts_keep_the_english_words() -> None:
    english = ("The applicant was diagnosed with diabetes in 2019 and has received Universal "
               "Credit since then; the assessment found that he could return to work.")
    assert gen(english, "diabetes", "MISC") == "a medical condition"
    assert gen("Hun har diabetes.", "diabetes", "MISC") == "a medical condition"


def test_ages_and_dates_stay_english_generalizations() -> None:
    text = NOTE + " Sofie (7 år) og Jonas (4 år) bor hos henne."
    assert "en person" not in gen(text, "7 år", "DEM", "AGE")
    assert gen(text, "3. november 2026", "DATETIME", "DATE") == "2026"


@pytest.mark.parametrize(("phrase", "language", "want"), [
    ("medical condition", "de", "eine Krankheit"), ("benefit", "sv", "en förmån"),
    ("something", "da", "noget"), ("medical condition", "en", None), ("lamp", "nb", None),
])
def test_the_table(phrase: str, language: str, want: str | None) -> None:
    assert localized(phrase, language) == want


def test_german_and_nordic_kin_words_and_school_years_and_forms() -> None:
    """A German decision: "Mutter" read "Arboriculturist", "2. Klasse" read "local",
    "Grundschule Mauenheimer Straße" a company."""
    import random

    from redactor_plugins.strategies.generalization.demographics import dem_pseudonym
    from redactor_plugins.strategies.generalization.localized import other_kin
    from redactor_plugins.strategies.generalization.org_names import org_parts

    assert other_kin("Mutter", "de", 0) in ("Tante", "Schwester", "Großmutter", "Oma")
    assert other_kin("far", "nb", 1) in ("onkel", "bror", "bestefar")
    assert other_kin("Mutter", "en", 0) is None and other_kin("Haus", "de", 0) is None
    for seed in range(5):
        out = dem_pseudonym("2. Klasse", random.Random(seed))
        assert out.endswith(". Klasse") and out != "2. Klasse", out
    assert org_parts("Grundschule Mauenheimer Straße")[0] == "Grundschule "
    assert org_parts("Lindeberg skole")[2] == " skole"


def test_a_german_school_year_generalizes_in_german() -> None:
    from redactor_plugins.strategies.generalize import generalize_mention

    from redactor.plugin_api import Label

    # it raised (the stage of "2. Klasse" was no number), and the export fell back to
    # "[REDACTED]"
    text = ("Leonie besucht die 2. Klasse der Grundschule. Die Mutter arbeitet als "
            "Pflegehelferin im Krankenhaus und der Vater ist seit dem Jahr 2021 arbeitslos und "
            "bezieht Bürgergeld, und die Eltern leben getrennt, und das Kind wohnt bei der "
            "Mutter in der Wohnung. Das Jugendamt hat die Familie seit dem Frühjahr begleitet und "
            "wird den Bericht dem Gericht vorlegen.")
    start = text.index("2. Klasse")
    assert generalize_mention(Label.DEM, "2. Klasse", "2. Klasse", "", doc_text=text,
                              start=start, end=start + 9, subtype="SCHOOL_YEAR") == "Grundschule"
