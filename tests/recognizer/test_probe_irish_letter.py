"""What an Irish social-work letter (written for the purpose, session 32) showed through every
default detector and the shipped models: "Gardaí" (the police) a person, "Garda Station" a
person's name, "Le" of the closing "Le meas" a person, "Eircode" a DEM, and "a Child
Protection Conference" an organisation."""

from __future__ import annotations

from pathlib import Path

import pytest
from probe_helpers import detected, uncovered
from redactor_plugins.detectors.recognizer.rules.no_one_words import names_no_one

from redactor.core.model import Label

LETTER = """Dear Ms Ní Bhriain,

I am writing following our meeting on 9 January 2026 about your son Oisín Ó Súilleabháin
(PPSN 1234567TA), who attends Scoil Mhuire, Ballinlough. As discussed, a
Child Protection Conference will take place at Tusla offices, Model Farm Road, on 28 January
2026 at 10.30am. Gardaí from Anglesea Street Garda Station have been informed, and Garda
Aoife Kearney will attend. Your Eircode is noted on file.

If you have any questions please phone me on 021 492 3000 or 087 123 4567.

Le meas,
Deirdre O'Callaghan
Senior Social Worker
"""


def test_the_letter(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, LETTER)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, [
        "Ní Bhriain", "Oisín Ó Súilleabháin", "1234567TA", "Scoil Mhuire", "Ballinlough",
        "Model Farm Road", "28 January", "Anglesea Street", "Aoife\nKearney", "021 492 3000",
        "087 123 4567", "Deirdre O'Callaghan"])
    for words in ("Gardaí", "Eircode", "Le meas", "Child Protection Conference"):
        at = text.index(words)
        assert not covered & set(range(at, at + len(words))), (words, kinds)
    assert not any(f.label == Label.PERSON and "Station" in f.text for f in found), kinds
    assert any(f.label == Label.PERSON and f.text.endswith("Kearney") for f in found), kinds


@pytest.mark.parametrize(("text", "word", "no_one"), [
    ("As agreed, a Child Protection Conference was held.", "Child Protection Conference", True),
    ("We met at a Core Group meeting.", "Core Group", True),
    ("He appealed to a Crown Court.", "Crown Court", False),
    ("She joined the Family Group Conference Service.", "Family Group Conference Service", False),
])
def test_a_kind_of_meeting_after_a_names_no_one(text: str, word: str, no_one: bool) -> None:
    start = text.index(word)
    assert names_no_one(text, start, start + len(word)) is no_one
