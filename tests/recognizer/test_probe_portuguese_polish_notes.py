"""What a Portuguese social report and a Polish community interview note (written for the
purpose, session 31) showed through every default detector and the shipped models: "Escola
Básica⏎de Alvalade" a MISC (its pseudonym "algo"); the Polish note left "Tarnowie" and
"Warszawie" (places in the locative case, which neither the model nor the lists know) in
clear, "obywatelstwo polskie" read "obywatelstwo an organisation", "Notatka" an organisation,
"ma 9 lat" and "od lat 90." no findings, and "we wtorek" the original weekday beside a shifted
date."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import kinds_of, redacted, uncovered

from redactor.core.model import Label

PORTUGUESE = """Tribunal de Família e Menores de Lisboa — Relatório social

A Sra. Ana Sofia Ferreira, nascida em 21 de agosto de 1987 em Braga, de nacionalidade portuguesa,
residente na Rua Augusta 45, 1100-048 Lisboa, trabalha como empregada de limpeza no Hospital de
Santa Maria desde 2016. O filho, Tiago Ferreira Costa, tem 10 anos e frequenta a Escola Básica
de Alvalade.

Em 3 de abril de 2023 a mãe apresentou o requerimento. A audiência realizou-se na quinta-feira,
25 de maio de 2023, às 14h00. O pai, Sr. João Costa, motorista, vive no Porto desde os anos 90.
Email: ana.ferreira@sapo.pt.
"""

POLISH = """Sąd Rejonowy w Krakowie — Notatka z wywiadu środowiskowego

Pani Anna Kowalska, urodzona 14 marca 1986 r. w Tarnowie, obywatelstwo polskie, zamieszkała
przy ul. Długiej 12, 31-147 Kraków, pracuje jako pielęgniarka w Szpitalu Uniwersyteckim od 2011
roku. Jej syn, Jakub Nowak, ma 9 lat i uczęszcza do Szkoły Podstawowej nr 5.

Dnia 3 maja 2023 r. matka złożyła wniosek. Rozprawa odbyła się we wtorek 20 czerwca 2023 r. o
godz. 10:00. Ojciec, Pan Piotr Nowak, kierowca, mieszka w Warszawie od lat 90. E-mail:
anna.kowalska@wp.pl.
"""


def test_the_portuguese_report(tmp_path: Path) -> None:
    text, kinds, covered = kinds_of(tmp_path, PORTUGUESE)
    assert not uncovered(text, covered, [
        "Ana Sofia Ferreira", "Tiago Ferreira Costa", "João Costa", "Braga", "Porto",
        "Rua Augusta 45, 1100-048 Lisboa", "Hospital de\nSanta Maria", "ana.ferreira@sapo.pt"])
    assert kinds["Escola Básica\nde Alvalade"][0] == Label.ORG
    assert kinds["Tribunal de Família e Menores de Lisboa"][0] == Label.ORG
    assert kinds["portuguesa"] == (Label.DEM, "NATIONALITY")
    assert kinds["10 anos"] == (Label.DEM, "AGE")
    assert kinds["14h00"] == (Label.DATETIME, "TIME")


def test_the_polish_note(tmp_path: Path) -> None:
    text, kinds, covered = kinds_of(tmp_path, POLISH)
    assert not uncovered(text, covered, [
        "Anna Kowalska", "Jakub Nowak", "Piotr Nowak", "Tarnowie", "Warszawie", "Krakowie",
        "ul. Długiej 12, 31-147 Kraków", "anna.kowalska@wp.pl"])
    assert kinds["polskie"] == (Label.DEM, "NATIONALITY")
    assert kinds["9 lat"] == (Label.DEM, "AGE")
    assert kinds["lat 90"][0] == Label.DATETIME
    assert kinds["wtorek 20 czerwca 2023"][0] == Label.DATETIME  # the weekday with its date
    at = text.index("Notatka")
    assert not covered & set(range(at, at + len("Notatka")))


def test_the_notes_pseudonyms(tmp_path: Path) -> None:
    pt = redacted(tmp_path, PORTUGUESE, "pseudonym", "pt")
    assert re.search(r"frequenta a Escola Básica\s+de \w", pt) and not re.search(r"\balgo\b", pt), pt
    assert re.search(r"A Sra\. [^,]+, nascida em \d{1,2} de \w+ de \d{4}", pt), pt
    pl = redacted(tmp_path, POLISH, "pseudonym", "pl")
    assert re.search(r"obywatelstwo \w+[sc]kie, zamieszkała", pl), pl  # neuter: "niemieckie"
    assert "Tarnowie" not in pl and "Warszawie" not in pl, pl
    assert re.search(r"ma \d+ lat", pl) and re.search(r"od lat \d0\.", pl), pl
