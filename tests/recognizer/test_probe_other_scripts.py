"""Names quoted in another script in an English note (session 33): "王芳 her mother" was left in
clear and "who signs her name as 王秀英" typed a demographic (which the risk vote may keep);
words in another script in a text written in Latin letters are a person's name now, and a
text mostly in another script is left alone."""

from __future__ import annotations

from pathlib import Path

from probe_helpers import detected, uncovered
from redactor_plugins.detectors.recognizer.rules.person_rules import other_script_names

from redactor.core.model import Label

NOTE = ("Interpreter notes\n\nThe client, who signs her name as 王秀英, arrived with her son. "
        "王芳 is her mother. Her husband signed as محمد الأحمد on the form. The neighbour, "
        "Γιώργος Παπαδόπουλος, was present. Her sister Ольга Иванова called.\n")


def test_names_in_other_scripts_are_people(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, NOTE)
    kinds = {f.text: f.label for f in found}
    names = ["王秀英", "王芳", "محمد الأحمد", "Γιώργος Παπαδόπουλος", "Ольга Иванова"]
    assert not uncovered(text, covered, names), kinds
    assert all(kinds.get(n) == Label.PERSON for n in names), kinds


def test_a_text_in_another_script_is_left_to_its_readers() -> None:
    assert other_script_names("Письмо. Ольга Иванова пришла домой с сыном в понедельник.") == []
    assert other_script_names("Her name is 王芳.") == [(12, 14)]
