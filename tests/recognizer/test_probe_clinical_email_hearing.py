"""What a US clinic note, a social worker's e-mail thread and a Scottish children's hearing
statement (written for the purpose, session 30) showed: "Maria E.        MRN" one name over a
form's column gap; "Pt", "hx" and "BID" masked; "at Grandma's" an organisation; the heading
"Children's Hearing - Statement of Grounds" a MISC."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.recognizer import gazetteer as gaz
from redactor_plugins.detectors.recognizer.rules.no_one_words import heading_words, spoken_word
from test_cov_masks_that_hide_no_one import _ner

from redactor.core.model import Label

NOTE = """PATIENT: Rodriguez, Maria E.        MRN: 00482917        DOB: 07/22/1968
HPI: 56 y/o female with hx of T2DM. Pt works as a school bus driver.
Meds: metformin 1000 mg BID, lisinopril 20 mg daily.
"""


def test_a_name_stops_at_a_forms_column_gap() -> None:
    found = [NOTE[s:e] for s, e, label, *_ in gaz.find(NOTE, names=True) if label == Label.PERSON]
    assert "Maria E." in found or not any("Maria" in t for t in found)
    assert not any("MRN" in t for t in found)


@pytest.mark.parametrize(("word", "yes"), [("Pt", True), ("hx", True), ("BID", True),
                                          ("SC", False), ("Patel", False)])
def test_a_clinical_notes_abbreviations_name_no_one(word: str, yes: bool) -> None:
    text = NOTE + "Sharon Clarke (SC) and Dr Patel."
    start = text.index(word)
    assert spoken_word(text, start, start + len(word)) is yes


def test_a_kin_word_with_its_possessive_is_kin(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    text = "she says the bruising happened at Grandma's in Ossett on Sunday."
    found = _ner(monkeypatch, tmp_path, text, [("Grandma's", "ORG", 0)])
    assert [(f.text, f.label) for f in found] == [("Grandma's", Label.DEM)]


def test_a_hearings_heading() -> None:
    text = "SCOTTISH CHILDREN'S REPORTER ADMINISTRATION\nChildren's Hearing - Statement of Grounds\n"
    start = text.index("Hearing")
    assert heading_words(text, start, start + len("Hearing - Statement of Grounds"))
