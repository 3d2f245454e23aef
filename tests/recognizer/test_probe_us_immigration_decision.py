"""What a US immigration judge's decision (written for the purpose, session 35) showed: the
heading's "DEPARTMENT OF JUSTICE⏎EXECUTIVE" read a title and a name (a person "EXECUTIVE"),
"SAN ANTONIO, TEXAS" a person "SAN" and a place; "Esq." a place ("South Donna."); "DHS" a
DEM ("XUC"); the section headings "I. Procedural History", "II", "III" findings ("X",
"QHZ."); "Colonia Rivera Hernández." an organisation that took the sentence's full stop
("lives in Rogers Inc" — no stop)."""

from __future__ import annotations

from pathlib import Path

from probe_helpers import detected, kinds_of, redacted

DECISION = """UNITED STATES DEPARTMENT OF JUSTICE
EXECUTIVE OFFICE FOR IMMIGRATION REVIEW
IMMIGRATION COURT
SAN ANTONIO, TEXAS

In the Matter of:
María José RODRÍGUEZ-HERNÁNDEZ, Respondent

ON BEHALF OF RESPONDENT: Ana Lucía Gómez, Esq., RAICES, 1305 N. Flores St., San Antonio, TX \
78212
ON BEHALF OF DHS: Kevin O'Brien, Assistant Chief Counsel

I. Procedural History
The respondent, a 29-year-old native and citizen of Honduras, entered the United States \
near Hidalgo, Texas on or about June 3, 2021.

II. Testimony
Her mother, Doña Carmen Hernández de Rodríguez, still lives in Colonia Rivera Hernández.

III. Order
The application is GRANTED.
"""


def test_heading_and_sections(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, DECISION)
    for words in ("EXECUTIVE", "I. Procedural History", "II. Testimony", "III. Order", "Esq."):
        at = text.index(words)
        assert not covered & set(range(at, at + len(words))), (words, [f.text for f in found])
    _, kinds, _ = kinds_of(tmp_path, DECISION)
    assert str(kinds["SAN ANTONIO, TEXAS"][0]) == "LOC", kinds
    assert str(kinds["DHS"][0]) == "ORG", kinds
    assert str(kinds["Colonia Rivera Hernández"][0]) == "LOC", kinds


def test_the_sentence_keeps_its_full_stop(tmp_path: Path) -> None:
    out = redacted(tmp_path, DECISION, "pseudonym")
    line = next(x for x in out.splitlines() if x.startswith("Her mother"))
    assert line.endswith(".") and "Colonia Rivera" not in line, line
