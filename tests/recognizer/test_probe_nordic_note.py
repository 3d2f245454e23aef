"""A Norwegian NAV case note read by the English recognizer (session 28): "Notat" and
"Neste møte" (a heading, the next meeting) were people and organisations, "Kari møtte" a
person with her verb (so a second entity beside "Kari Nordmann"), "mars" a MISC, "(7 år)" a
count, "kl. 10.00" two codes, "Lindern legesenter" a person, "NAV Grünerløkka" a person (a
pseudonym read "EMMA Strand"), and a pseudonym made Kari a man ("Knut … Hun er gift").
Common words come from ``resources/gazetteers/common_words.json``
(``training/gazetteers/common_words.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.recognizer.rules.institution_rules import care_institutions
from redactor_plugins.detectors.recognizer.rules.language_rules import (
    common_word_span,
    month_word,
    name_without_lower_tail,
)
from redactor_plugins.detectors.recognizer.rules.span_kinds import firm_name
from redactor_plugins.shared.language.detect import language_of
from test_cov_masks_that_hide_no_one import _ner

NOTE = """NAV Grünerløkka
Notat fra samtale

Bruker: Kari Nordmann, fødselsnummer 15076500565
Saksbehandler: Ole Hansen

Kari møtte til samtale 3. november 2026. Hun er gift med Ahmed Nordmann og har to barn,
Sofie (7 år) og Jonas (4 år). Hun har vært sykmeldt siden mars. Fastlegen hennes, dr. Ingrid
Berg ved Lindern legesenter, mener hun kan begynne i 50 prosent stilling fra januar. Vi
avtalte at jeg kontakter Ahmed dersom hun ikke møter.

Neste møte: 17. november 2026 kl. 10.00.
"""
GERMAN = ("Sehr geehrter Herr Yılmaz,\n\nmit Bescheid vom 3. März 2026 wurde Ihnen Bürgergeld "
          "bewilligt. Herr Müller sagte, Sie wohnen mit Ihrer Ehefrau und Ihren zwei Kindern in "
          "der Hauptstraße 5. Die Zahlung erfolgt auf Ihr Konto, und die Leistungen werden für "
          "sechs Monate gewährt. Gegen diesen Bescheid können Sie innerhalb eines Monats "
          "Widerspruch einlegen, wenn Sie mit der Entscheidung nicht einverstanden sind.\n")


def at(text: str, word: str) -> tuple[int, int]:
    start = text.index(word)
    return start, start + len(word)


def test_the_documents_language() -> None:
    assert language_of(NOTE) == "nb" and language_of(GERMAN) == "de"
    assert language_of("The applicant was born in 1970 and lives in Oslo with his wife.") == "en"
    assert language_of("Hun er gift og har to barn.") == "en"  # too short to tell


@pytest.mark.parametrize(("text", "span", "lang", "common"), [
    (NOTE, "Notat", "nb", True),  # a heading's first word
    (NOTE, "Neste møte", "nb", True),
    (NOTE, "NAV Grünerløkka", "nb", False),  # a capital inside: a name
    (NOTE, "Kari", "nb", False),  # a given name of the lists
    (NOTE, "Lindern", "nb", False),
    (GERMAN, "Bescheid", "de", True),
    (GERMAN, "Müller", "de", False),  # a surname of the lists
    (NOTE, "Notat", "en", False),  # an English text: the list is not used
])
def test_common_words_of_the_language(text: str, span: str, lang: str, common: bool) -> None:
    assert common_word_span(text, *at(text, span), lang) is common


def test_a_name_without_the_verb_after_it() -> None:
    start, end = at(NOTE, "Kari møtte")
    assert NOTE[start:name_without_lower_tail(NOTE, start, end, "nb")] == "Kari"
    assert name_without_lower_tail(NOTE, start, end, "en") == end


def test_months_ages_times_places_of_care_and_agencies() -> None:
    assert month_word("mars", "nb") and month_word("März", "de") and not month_word("mars", "en")
    found = {f.text: f.full_type for f in detect_text(NOTE)}
    assert found["7 år"] == found["4 år"] == "DEM/AGE"
    assert found["kl. 10.00"] == "DATETIME/TIME"
    assert "Lindern legesenter" in [NOTE[s:e] for s, e in care_institutions(NOTE)]
    assert firm_name("NAV Grünerløkka") and not firm_name("Kari Nordmann")


def test_the_ner_rules_on_the_note(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, NOTE, [
        ("NAV Grünerløkka", "PERSON", 0), ("Notat", "PERSON", 0), ("Kari møtte", "PERSON", 0),
        ("mars", "MISC", 0), ("Neste møte", "ORG", 0), ("Ahmed dersom", "PERSON", 0)])
    assert sorted((f.text, f.full_type) for f in found) == [
        ("Ahmed", "PERSON"), ("Kari", "PERSON"), ("NAV Grünerløkka", "ORG"),
        ("mars", "DATETIME/DATE")]


@pytest.fixture(scope="module")
def model() -> None:
    from redactor_plugins.detectors.recognizer import ner as ner_detector

    ok, why = ner_detector.model_available()
    if not ok:
        pytest.skip(why)


def test_the_note_through_the_pipeline(model: None, tmp_path: Path) -> None:
    from redactor.testing import run_pipeline

    src = tmp_path / "notat.txt"
    src.write_text(NOTE, encoding="utf-8")
    run = run_pipeline(src, strategy="label", output=tmp_path / "out.txt")
    out = run.output_text
    for name in ("Kari", "Nordmann", "Grünerløkka", "Ahmed", "Sofie", "Lindern", "15076500565"):
        assert name not in out, out
    assert out.startswith("[ORG 1]\nNotat fra samtale") and "Neste møte:" in out, out
    label = out.split("Bruker: ")[1].split(",")[0]  # "Kari Nordmann" and "Kari": one person
    assert f"{label} møtte til samtale" in out, out
    pseudo = run_pipeline(src, strategy="pseudonym", output=tmp_path / "ps.txt").output_text
    first = pseudo.split("Bruker: ")[1].split()[0]
    assert first in _female_names(), pseudo  # Kari is a woman's name in Norwegian


def _female_names() -> set[str]:
    from faker.providers.person.no_NO import Provider

    return set(Provider.first_names_female)


def test_a_diagnosis_after_its_cue_in_a_nordic_or_german_text() -> None:
    from redactor_plugins.detectors.recognizer.rules.institution_rules import diagnoses

    swedish = ("Johanna har en diagnos av bipolär sjukdom och behandlas på Psykiatri Skåne. Hon "
               "uppgav att hon har svårt att få vardagen att fungera sedan hon blev sjukskriven "
               "i maj, och familjen erbjuds nu insatsen familjebehandling från socialtjänsten. "
               "Vid hembesöket den 20 september träffade utredaren Johanna och Elsa hemma.")
    norwegian = NOTE + " Hun har fått diagnosen ADHD og angst, og han er diagnostisert med " \
        "paranoid schizofreni."
    assert [swedish[s:e] for s, e in diagnoses(swedish)] == ["bipolär sjukdom"]
    assert [norwegian[s:e] for s, e in diagnoses(norwegian)] == ["ADHD", "paranoid schizofreni"]
    english = ("The applicant was diagnosed with depression; the doctors had to diagnose the "
               "condition again in 2019 after he moved to Oslo with his wife and children.")
    assert diagnoses(english) == []  # the English model knows English diagnoses
