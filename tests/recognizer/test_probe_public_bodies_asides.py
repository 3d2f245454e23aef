"""Session 30's leftovers, checked again in session 31: "UK Visas and Immigration" cut into a
place, a thing and a kept DEM "Immigration", "Capita" a person, and a CV's "Marathon running
(London Marathon 2022, …)" one MISC with its bracket left open."""

from __future__ import annotations

from pathlib import Path

from probe_helpers import detected

from redactor.core.model import Label

TEXT = """The Cafcass officer, Ms Janet Obi, spoke to both parents. Capita handled the PIP assessment.
A letter from UK Visas and Immigration dated 4 May 2023 refused the application.
Hobbies: Marathon running (London Marathon 2022, Manchester Half 2023) and chess.
"""


def test_public_bodies_and_an_open_aside(tmp_path: Path) -> None:
    _text, found, _covered = detected(tmp_path, TEXT)
    kinds = {f.text: f.label for f in found}
    assert kinds["UK Visas and Immigration"] == Label.ORG
    assert kinds["Capita"] == Label.ORG
    assert "Marathon running" in kinds and "London Marathon" in kinds, kinds
    assert not any("(" in f.text and ")" not in f.text for f in found), kinds
