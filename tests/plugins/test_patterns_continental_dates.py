"""Pattern detector: dates, times, decades and ages written in French, Spanish, Italian,
Portuguese, Dutch and Polish, and the French NIR (numéro de sécurité sociale). A French court
note (written for the purpose, session 31) had "2 février" and "2023" as two findings, "14h30"
a DATE, "les années" a place and "1990" a year, "9 ans" a date, and its NIR an unknown CODE
whose pseudonym read month 79."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text

from redactor.plugin_api import Label


def _one(sentence: str, value: str) -> tuple[Label, str]:
    at = sentence.index(value)
    hits = [f for f in detect_text(sentence) if f.span.start < at + len(value)
            and f.span.end > at]
    assert [f.text for f in hits] == [value], [(f.text, f.subtype) for f in hits]
    return hits[0].label, hits[0].subtype


@pytest.mark.parametrize(("sentence", "value"), [
    ("Le 2 février 2023, Mme Dubois a saisi le juge.", "2 février 2023"),
    ("L'audience s'est tenue le lundi 17 avril 2023 à midi.", "lundi 17 avril 2023"),
    ("Née le 1er mars 1978 à Grenoble.", "1er mars 1978"),
    ("Depuis août 2019 elle travaille.", "août 2019"),
    ("El 12 de marzo de 2021 se celebró la vista.", "12 de marzo de 2021"),
    ("Desde marzo de 2021 vive en Sevilla.", "marzo de 2021"),
    ("Il 5 maggio 2019 è stato sentito.", "5 maggio 2019"),
    ("No dia 5 de março de 2019 foi ouvido.", "5 de março de 2019"),
    ("Op 12 maart 2020 is de zitting gehouden.", "12 maart 2020"),
    ("Dnia 3 maja 2020 r. odbyła się rozprawa.", "3 maja 2020"),
])
def test_a_continental_date_is_one_finding(sentence: str, value: str) -> None:
    assert _one(sentence, value) == (Label.DATETIME, "DATE")


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    ("L'audience s'est tenue à 14h30 au tribunal.", "14h30", "TIME"),
    ("Rendez-vous à 9 h 05 devant la porte.", "9 h 05", "TIME"),
    ("Il est arrivé à 9h pour l'audience.", "9h", "TIME"),
    ("Il réside à Marseille depuis les années 1990 avec sa mère.", "les années 1990", "YEAR"),
    ("Vive en Madrid desde los años 80 con su madre.", "los años 80", "YEAR"),
    ("Cresciuto negli anni '90, poi partito.", "anni '90", "YEAR"),
    ("Mieszka w Warszawie od lat 90. z ojcem.", "lat 90", "YEAR"),
])
def test_continental_times_and_decades(sentence: str, value: str, subtype: str) -> None:
    assert _one(sentence, value) == (Label.DATETIME, subtype)


@pytest.mark.parametrize(("sentence", "value"), [
    ("Son fils, âgé de 9 ans, est scolarisé.", "9 ans"),
    ("Sa fille (12 ans) vit avec elle.", "12 ans"),
    ("Marta, 45 años, es enfermera.", "45 años"),
    ("El padre tiene 52 años y trabaja.", "52 años"),
    ("Il ragazzo di 14 anni di età è a scuola.", "14 anni di età"),
    ("Jan is 45 jaar oud en woont in Delft.", "45 jaar oud"),
    ("Jej syn ma 9 lat i chodzi do szkoły.", "9 lat"),
])
def test_a_continental_age_is_a_dem_age(sentence: str, value: str) -> None:
    assert _one(sentence, value) == (Label.DEM, "AGE")


@pytest.mark.parametrize("sentence", [
    "Il travaille ici depuis 9 ans.",  # a duration, not an age
    "Un bail de 12 ans a été signé.",
    "Trabajó allí durante 3 años.",
])
def test_no_age_where_a_period_is_meant(sentence: str) -> None:
    assert not [f for f in detect_text(sentence) if f.subtype == "AGE"]


@pytest.mark.parametrize("sentence", ["Le score était 24h30 au total.", "Le modèle 3h9 est",
                                      "Il a payé 12h de ménage."])
def test_no_french_time_without_an_hour_and_its_minutes(sentence: str) -> None:
    assert not [f for f in detect_text(sentence) if f.subtype == "TIME"]


# -- the French NIR -----------------------------------------------------------------------
def nir_ok(value: str) -> bool:
    """The key is 97 − (the 13 characters as a number mod 97), Corsica's 2A/2B read as 19/18
    (the scheme's own rule, not the library's)."""
    v = value.replace(" ", "").replace(".", "")
    body = v[:13].replace("2A", "19").replace("2B", "18")
    return 97 - int(body) % 97 == int(v[13:15])


def _key(body: str) -> str:
    n = int(body.replace("2A", "19").replace("2B", "18"))
    return f"{97 - n % 97:02d}"


NIRS = ["2 78 03 38 185 042 " + _key("2780338185042"), "2780338185042" + _key("2780338185042"),
        "1 85 12 2A 123 456 " + _key("185122A123456")]


@pytest.mark.parametrize("value", NIRS)
def test_a_valid_nir_is_one_validated_finding(value: str) -> None:
    assert nir_ok(value)
    for sentence in (f"Numéro de sécurité sociale : {value}.", f"{value}",
                     f"Il a donné le numéro {value} au guichet."):
        at = sentence.index(value)
        [f] = [f for f in detect_text(sentence) if f.span.start < at + len(value)
               and f.span.end > at]
        assert (f.text, f.subtype, f.validated) == (value, "NATIONAL_ID_FR", True)


@pytest.mark.parametrize(("sentence", "value"), [
    ("Numéro de sécurité sociale : 2 78 03 38 185 042 17.", "2 78 03 38 185 042 17"),
    ("NIR 278033818504217", "278033818504217"),
])
def test_a_nir_with_a_wrong_key_is_a_look_alike(sentence: str, value: str) -> None:
    assert not nir_ok(value)
    [f] = [f for f in detect_text(sentence) if f.text == value]
    assert (f.label, f.subtype, f.validated) == (Label.CODE, "NATIONAL_ID_FR_LIKE", False)


def test_fifteen_digits_with_a_wrong_key_and_no_cue_are_no_nir() -> None:
    for f in detect_text("Le total était 278033818504217 unités."):
        assert not f.subtype.startswith("NATIONAL_ID_FR"), f
