"""What an Indian First Information Report (written for the purpose, session 34) showed: the
titles "Smt." and "Shri" were unknown ("Smt" a person apart, "Smt. Saroja Narayanaswamy W/o
Late" one organisation), the relation marks "W/o", "S/o" were taken into the names ("Lakshmi
Devi W"), the accused's item number "(2)" an organisation, the field "P.S.:" a "P" of an
organisation, and the provisions "Section 154 Cr.P.C.", "IPC 1860 u/s 498A, 406" codes and
counts ("154 [CODE 1].[CODE 2]")."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import detected, kinds_of, redacted, uncovered

FIR = """FIRST INFORMATION REPORT (Under Section 154 Cr.P.C.)

District: Bengaluru Urban    P.S.: Jayanagar    FIR No.: 0123/2024    Date: 14/02/2024
Acts & Sections: IPC 1860 u/s 498A, 406; Dowry Prohibition Act 1961 u/s 3, 4

Complainant: Smt. Lakshmi Devi W/o Shri Ravi Shankar, aged 29 years, R/o No. 45, 3rd Cross, \
9th Block, Jayanagar, Bengaluru - 560069. Mobile: 98450 12345.

Accused: (1) Ravi Shankar S/o Late Shri K. Narayanaswamy, aged 34; (2) Smt. Saroja \
Narayanaswamy W/o Late Shri K. Narayanaswamy (mother-in-law).
"""


def test_the_report(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, FIR)
    assert not uncovered(text, covered, [
        "Lakshmi Devi", "Ravi Shankar", "K. Narayanaswamy", "Saroja Narayanaswamy",
        "0123/2024", "14/02/2024", "98450 12345", "Jayanagar"]), [f.text for f in found]
    for phrase in ("W/o Shri", "S/o Late", "(2) Smt", "P.S.:"):
        at = text.index(phrase)
        assert not covered & set(range(at, at + len(phrase.split()[0]))), (phrase, [
            f.text for f in found])


def test_titles_and_provisions(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, FIR)
    assert (str(kinds["Smt. Saroja Narayanaswamy"][0])) == "PERSON", kinds
    for provision in ("Section 154 Cr.P.C.", "IPC 1860 u/s 498A, 406"):
        assert kinds[provision][1] == "LEGAL_PROVISION", kinds


def test_the_husband_has_one_number(tmp_path: Path) -> None:
    out = redacted(tmp_path, FIR, "label")
    husband = re.search(r"W/o (\[PERSON \d+\])", out).group(1)
    assert f"(1) {husband} S/o Late" in out, out
    assert "(Under Section 154 Cr.P.C.)" in out and "IPC 1860 u/s 498A, 406;" in out, out
