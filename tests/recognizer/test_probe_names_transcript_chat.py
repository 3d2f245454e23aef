"""What a meeting's list of names from many traditions, a Crown Court transcript, a chat log
and a home visit note written in lower case (written for the purpose, session 30) showed:
every name was found, but "R v DARREN MICHAEL COLE⏎Transcript" was one case name over a
line's end, "27" of "27 Larkhall Rise" a date, "she's nine" a count, the answer's "A." a
person, "Objection", "your Honour" and "Overruled" masked, and a chat's "yh" and "omg"."""

from __future__ import annotations

from pathlib import Path

import pytest
from probe_helpers import detected, uncovered
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.recognizer import ner as ner_detector
from redactor_plugins.detectors.recognizer.rules.institution_rules import case_names
from redactor_plugins.detectors.recognizer.rules.no_one_words import spoken_word
from redactor_plugins.detectors.recognizer.rules.span_edges import house_number_start

from redactor.core.model import Label

NAMES = """Present at the strategy meeting on 14 March 2024:
Siobhán Ní Bhriain (social worker), Pádraig Ó Súilleabháin (team manager), Rhys ap Gwilym
(school nurse), Ewan MacLeod and Morag McKenzie (foster carers), Pieter van der Berg
(interpreter), Fatima bint Khalid al-Harbi (mother), Zhang Wei (father's partner), María José
García Fernández (paternal aunt), Nguyen Thi Thu Ha (health visitor), Oluwaseun Adebayo-Cole
(IRO), D'Arcy O'Neill (police), Jean-Luc Dubois (advocate) and Dr Priya Raghunathan.

The child, Aaliyah-Rose, lives with the foster carers. Her half-brother Kai attends the same
nursery. Ms Ní Bhriain will visit fortnightly. Mr Ó Súilleabháin chaired the meeting. Mrs al-Harbi
asked that Zhang not attend contact. Señora García Fernández offered respite care.
"""

LOWER = """home visit note. spoke to mrs kowalczyk at the door, she said her son jakub (dob 3/4/2011)
had not been to school since half term. dad, tomasz, works nights at the amazon warehouse in
coventry. jakub was upstairs with his friend liam. referred to dr okeke at the foleshill health
centre. next visit booked for 21/3 with sarah from early help.
"""

TRANSCRIPT = """R v DARREN MICHAEL COLE
Transcript of proceedings, Day 3, 14 November 2023

MS OKAFOR: And you live at 27 Larkhall Rise, Clapham?
THE WITNESS: Yes, with my partner Steve and our daughter Jessica, she's nine.
Q. On the night of 2 June, where were you?
A. At the Prince of Wales pub on Clapham Common, with Tasha and her brother Mo.
MR HENDERSON: Objection, your Honour.
JUDGE FITZGERALD: Overruled. Carry on, Ms Okafor.
"""


def test_a_case_name_stays_on_its_line() -> None:
    from redactor_plugins.detectors.recognizer.rules.institution_rules import accused_names

    assert [TRANSCRIPT[s:e] for s, e in accused_names(TRANSCRIPT)] == ["DARREN MICHAEL COLE"]
    text = "Smith v Jones\nTranscript"
    assert [text[s:e] for s, e in case_names(text)] == ["Smith v Jones"]


def test_a_house_number_before_a_rise() -> None:
    start = TRANSCRIPT.index("Larkhall")
    assert TRANSCRIPT[house_number_start(TRANSCRIPT, start, start + len("Larkhall Rise, Clapham")):
                      start] == "27 "


@pytest.mark.parametrize(("text", "age"), [
    ("with our daughter Jessica, she's nine.", "nine"),
    ("He was twelve when they moved.", "twelve"),
    ("The theme is one of loss.", None),
])
def test_an_age_after_a_pronoun_in_words(text: str, age: str | None) -> None:
    found = [f.text for f in detect_text(text) if f.full_type == "DEM/AGE"]
    assert found == ([age] if age else [])


@pytest.mark.parametrize(("text", "part", "spoken"), [
    (TRANSCRIPT, "A", True),                 # the answer's marker
    ("A. Smith was born in 1970.\nA. Jones too.", "A", False),  # no questions: a person
    (TRANSCRIPT, "Objection", True),
    (TRANSCRIPT, "Honour", True),
    (TRANSCRIPT, "Overruled", True),
    ("[12/05/2024, 21:15] Connor B: yh if my mum lets me lol", "yh", True),
    ("omg wait", "omg", True),
    ("The Honour of the family", "Honour", False),
])
def test_the_words_of_speech(text: str, part: str, spoken: bool) -> None:
    start = text.index(part) if part != "A" else text.index("\nA.") + 1
    assert spoken_word(text, start, start + len(part)) is spoken


NER_OK, NER_WHY = ner_detector.model_available()


@pytest.mark.skipif(not NER_OK, reason=NER_WHY or "NER model absent")
@pytest.mark.parametrize(("text", "names"), [
    (NAMES, ["Siobhán Ní Bhriain", "Pádraig Ó Súilleabháin", "Rhys ap Gwilym", "Ewan MacLeod",
             "Morag McKenzie", "Pieter van der Berg", "Fatima bint Khalid al-Harbi", "Zhang Wei",
             "María José García Fernández", "Nguyen Thi Thu Ha", "Oluwaseun Adebayo-Cole",
             "D'Arcy O'Neill", "Jean-Luc Dubois", "Priya Raghunathan", "Aaliyah-Rose", "Kai",
             "Ní Bhriain", "Ó Súilleabháin", "al-Harbi", "García Fernández"]),
    (LOWER, ["kowalczyk", "jakub", "tomasz", "liam", "okeke", "sarah"]),
])
def test_every_name_is_masked(tmp_path: Path, text: str, names: list[str]) -> None:
    doc_text, found, covered = detected(tmp_path, text)
    assert uncovered(doc_text, covered, names) == []
    assert all(f.label == Label.PERSON for f in found if f.text in ("Kai", "jakub"))


@pytest.mark.parametrize(("text", "accused"), [
    ("R v DARREN MICHAEL COLE\nTranscript", "DARREN MICHAEL COLE"),
    ("as held in R v. Smith that", "Smith"),
    ("Regina v Donnelly", "Donnelly"),
    ("Figiel v. Poland (no. 2)", None),  # a case against a state: the case's name
])
def test_the_accused_of_a_criminal_case_is_a_person(text: str, accused: str | None) -> None:
    from redactor_plugins.detectors.recognizer.rules.institution_rules import (
        accused_names,
        case_names,
    )

    assert [text[s:e] for s, e in accused_names(text)] == ([accused] if accused else [])
    assert bool(case_names(text)) is (accused is None)
