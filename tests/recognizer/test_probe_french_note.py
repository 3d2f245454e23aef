"""What a French court note (written for the purpose, session 31) showed, through every
default detector and the shipped models: "Note de synthèse" a DEM, "l'école" an ORG, "de
nationalité française" an ORG, "Centre hospitalier" and "Saint-Joseph" two findings, "2
février" and "2023" two, "le lundi" an ORG, "9 ans" a date, "les années" a place, the e-mail
address with the sentence's full stop; its pseudonyms wrote English months and words."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import detected, uncovered

from redactor.core.model import Label

NOTE = """Tribunal judiciaire de Lyon — Note de synthèse

Madame Claire Dubois, née le 14 mars 1978 à Grenoble, de nationalité française, demeurant
12 rue des Lilas, 69003 Lyon, est infirmière au Centre hospitalier Saint-Joseph depuis 2009.
Son fils, Lucas Dubois, âgé de 9 ans, est scolarisé à l'école primaire Jean Moulin.

Le 2 février 2023, Mme Dubois a saisi le juge aux affaires familiales. L'audience s'est tenue
le lundi 17 avril 2023 à 14h30. Son ancien époux, M. Karim Benali, chauffeur de taxi, réside à
Marseille depuis les années 1990. Téléphone : 06 12 34 56 78. Courriel : claire.dubois@orange.fr.
"""


def test_the_french_note_is_found_whole_and_nothing_else(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, NOTE)
    spans = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, [
        "Claire Dubois", "Lucas Dubois", "Mme Dubois", "Karim Benali", "Grenoble", "Marseille",
        "12 rue des Lilas, 69003 Lyon", "06 12 34 56 78", "claire.dubois@orange.fr"])
    for date in ("14 mars 1978", "2 février 2023", "lundi 17 avril 2023", "les années 1990"):
        assert spans.get(date, (None,))[0] == Label.DATETIME, (date, spans)
    assert spans["14h30"] == (Label.DATETIME, "TIME")
    assert spans["9 ans"] == (Label.DEM, "AGE")
    assert spans["française"] == (Label.DEM, "NATIONALITY")
    assert spans["Centre hospitalier Saint-Joseph"][0] == Label.ORG
    assert spans["claire.dubois@orange.fr"] == (Label.CODE, "EMAIL")  # not its full stop
    for word in ("synthèse", "école", "le lundi", "ancien époux"):
        at = text.index(word)  # "lundi" is the date's, "le " no one's
        assert not covered & set(range(at, at + (3 if word == "le lundi" else len(word)))), (
            word, spans)


def test_the_french_note_through_label_and_pseudonym(tmp_path: Path) -> None:
    from redactor.testing import run_pipeline

    src = tmp_path / "note.txt"
    src.write_text(NOTE, encoding="utf-8")
    out = run_pipeline(src, strategy="label", output=tmp_path / "label.txt").output_text
    first = re.search(r"Madame (\[PERSON \d+\])", out) or re.search(r"(\[PERSON \d+\]), née", out)
    assert first and f"{first.group(1)} a saisi" in out.replace("Mme ", ""), out
    pseudo = run_pipeline(src, strategy="pseudonym", output=tmp_path / "ps.txt").output_text
    months = "janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre"
    assert re.search(rf"née le \d{{1,2}} (?:{months}) \d{{4}} à ", pseudo), pseudo
    assert re.search(r"tenue\nle \w+ \d{1,2} (?:" + months + r") \d{4} à \d\dh\d\d\.", pseudo)
    assert re.search(r"depuis les années \d{4}\.", pseudo) and "Karim" not in pseudo, pseudo
    assert re.search(r"Son ancien époux, M\. \w", pseudo), pseudo
    assert re.search(r"de nationalité \w+e, demeurant", pseudo), pseudo  # feminine, French
    assert "Tribunal judiciaire de " in pseudo and "Lyon" not in pseudo, pseudo
    assert not re.search(r"\b(?:a|an|the) (?:member|organisation|person)\b|something", pseudo)
