"""What a German family court decision (written for the purpose, session 29) showed: "das Kind
Leonie Schulz" took "Kind" into the name; "Richterin am Amtsgericht Dr. Hoffmann" made the judge
an organisation; "seit 2021 arbeitslos" a count; "die 2. Klasse" came out "[REDACTED]. Klasse"
with the label strategy (its label "[QUANTITY 2]" repeated the digit); "Grundschule Mauenheimer
Straße" a place "Mauenheimer" with "Straße" in clear."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.recognizer.rules.institution_rules import schools
from redactor_plugins.detectors.recognizer.rules.span_edges import titled_name_at_end
from test_cov_masks_that_hide_no_one import _ner

from redactor.core.pipeline import keeps_original

TEXT = ("In der Familiensache betreffend das Kind Leonie Schulz, geboren am 14.05.2016, hat das "
        "Amtsgericht Köln durch die Richterin am Amtsgericht Dr. Hoffmann beschlossen. Der Vater "
        "ist seit 2021 arbeitslos. Leonie besucht die 2. Klasse der Grundschule Mauenheimer "
        "Straße.")


def test_the_decision_through_the_ner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, TEXT, [
        ("Kind Leonie Schulz", "PERSON", 0), ("am Amtsgericht Dr. Hoffmann", "ORG", 0)])
    assert sorted((f.text, str(f.label)) for f in found) == [
        ("Amtsgericht", "ORG"), ("Dr. Hoffmann", "PERSON"), ("Leonie Schulz", "PERSON")]


def test_a_titled_name_at_an_organisations_end() -> None:
    start = TEXT.index("am Amtsgericht")
    end = TEXT.index(" beschlossen")
    assert titled_name_at_end(TEXT, start, end) == (TEXT.index("Amtsgericht Dr"),
                                                    TEXT.index("Dr. Hoffmann"))
    assert titled_name_at_end("the Leeds Crown Court", 4, 21) is None


@pytest.mark.parametrize(("text", "found"), [
    ("Der Vater ist seit 2021 arbeitslos.", []),
    ("Leonie besucht die 2. Klasse der Schule.", [("2. Klasse", "SCHOOL_YEAR")]),
    ("han går i 5. klasse", [("5. klasse", "SCHOOL_YEAR")]),
    ("hon går i årskurs 4", [("årskurs 4", "SCHOOL_YEAR")]),
    ("five photos were taken", [("five photos", "COUNT")]),
])
def test_german_and_nordic_school_years_and_no_count(text: str,
                                                     found: list[tuple[str, str]]) -> None:
    assert [(f.text, f.subtype) for f in detect_text(text)] == found


@pytest.mark.parametrize(("text", "names"), [
    (TEXT, ["Grundschule Mauenheimer Straße"]),
    ("Han går på Lindeberg skole og Solsikken barnehage.", ["Lindeberg skole",
                                                            "Solsikken barnehage"]),
    ("die Grundschule Venloer Str. 5", ["Grundschule Venloer Str."]),
    ("Sie geht zur Schule.", []),
])
def test_schools_by_their_form(text: str, names: list[str]) -> None:
    assert [text[a:b] for a, b in schools(text)] == names


@pytest.mark.parametrize(("original", "replacement", "shows"), [
    ("2", "[QUANTITY 2]", False), ("12", "[CODE 12]", False), ("R", "[PERSON 2]", False),
    ("2", "2 items", True), ("Sá", "[PERSON Sá]", True), ("12", "x 12 y", True),
])
def test_a_labels_entity_number_shows_no_original(original: str, replacement: str,
                                                  shows: bool) -> None:
    assert keeps_original(original, replacement) is shows


@pytest.mark.parametrize(("text", "provision"), [
    ("Utredning enligt 11 kap. 1 § socialtjänstlagen (2001:453)",
     "11 kap. 1 § socialtjänstlagen (2001:453)"),
    ("etter barnevernsloven § 4-12 første ledd", "barnevernsloven § 4-12"),
    ("efter § 50 i serviceloven", "§ 50 i serviceloven"),
    ("nach § 1666 BGB entschieden", "§ 1666 BGB"),
])
def test_nordic_and_german_provisions(text: str, provision: str) -> None:
    from redactor_plugins.detectors.recognizer.rules.legal_rules import legal_provisions

    assert [text[a:b] for a, b in legal_provisions(text)] == [provision]


def test_a_common_word_of_the_language_is_no_misc() -> None:
    from redactor_plugins.detectors.recognizer.rules.language_rules import common_function_word

    assert common_function_word("sin", "sv") and not common_function_word("Sin", "sv")
    assert not common_function_word("undersköterska", "sv")


@pytest.mark.parametrize(("text", "name"), [
    ("Mamma arbetar som undersköterska på Skånes universitetssjukhus.",
     "Skånes universitetssjukhus"),
    ("Die Mutter arbeitet im St. Vinzenz Krankenhaus.", "St. Vinzenz Krankenhaus"),
])
def test_nordic_and_german_hospitals(text: str, name: str) -> None:
    from redactor_plugins.detectors.recognizer.rules.institution_rules import care_institutions

    assert [text[a:b] for a, b in care_institutions(text)] == [name]
