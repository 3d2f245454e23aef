"""What a Philippine barangay blotter (written for the purpose, session 35) showed: the
nickname in quotes split the husband in two ('[PERSON 3]" [PERSON 2]'); "Dela Cruz" in
capitals, "Jr." and "Ma." were names to a pseudonym ("DELA CRUZ" → "TABITHA CODY", "Jr." →
"Lopez.", "Ma." → "Kristin."), "Kagawad" and "Tanod" too; "twice" became "pmeik"; "Province
of Cebu" was an organisation ("Leblanc-Huff"); the PhilSys card number a case number."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from probe_helpers import kinds_of, redacted

BLOTTER = """Republic of the Philippines
Province of Cebu

Complainant: MA. CRISTINA DELA CRUZ y SANTOS, 34 years old, vendor
Respondent: JUAN MIGUEL DELA CRUZ Jr., 37 years old, tricycle driver

NARRATIVE:
Complainant Ma. Cristina Dela Cruz reported that her husband Juan Miguel "Jun-Jun" Dela Cruz \
Jr. arrived home drunk and slapped her twice. Kagawad Roberto Villanueva and Tanod Ernesto \
Pacquiao responded.

PhilSys No. 1234-5678-9012-3456.
"""


def test_kinds(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, BLOTTER)
    assert str(kinds["Province of Cebu"][0]) == "LOC", kinds
    assert kinds["1234-5678-9012-3456"][1] == "NATIONAL_ID_PH", kinds
    assert str(kinds['Juan Miguel "Jun-Jun" Dela Cruz Jr.'][0]) == "PERSON", kinds


def test_the_husband_is_one_person(tmp_path: Path) -> None:
    out = redacted(tmp_path, BLOTTER, "label")
    husband = re.search(r"her (?:husband|\[DEM \d+\]) (\[PERSON \d+\]) arrived", out).group(1)
    assert f"Respondent: {husband}," in out, out


def test_a_pseudonym_keeps_particles_suffixes_and_titles(tmp_path: Path) -> None:
    out = redacted(tmp_path, BLOTTER, "pseudonym")
    assert re.search(r"Complainant: MA\. [A-Z]+ DELA [A-Z]+ y [A-Z]+,", out), out
    assert re.search(r"Respondent: [A-Z]+ [A-Z]+ DELA [A-Z]+ Jr\.,", out), out
    assert re.search(r"Complainant Ma\. [A-Z][a-z]+ Dela [A-Z][a-z]+ reported", out), out
    assert re.search(r"Kagawad [A-Z][a-z]+ [A-Z][a-z]+ and Tanod [A-Z]", out), out
    assert re.search(r"slapped her (?:once|three times|four times)\.", out), out


@pytest.mark.parametrize(("sentence", "value"), [
    ("PhilSys No. 1234-5678-9012-3456.", "1234-5678-9012-3456"),  # the card number (PCN)
    ("PSN 123456789012 on file", "123456789012"),  # the PhilSys number
])
def test_philsys_after_its_cue(sentence: str, value: str) -> None:
    from redactor_plugins.detectors.patterns.plugin import detect_text
    from redactor_plugins.strategies.generalization.fakes import fake_identifier

    found = [(f.text, f.subtype, f.validated) for f in detect_text(sentence)
             if str(f.label) == "CODE"]
    assert found == [(value, "NATIONAL_ID_PH", True)], found
    assert not [f for f in detect_text(f"Invoice {value} paid") if f.subtype == "NATIONAL_ID_PH"]
    fake = fake_identifier(value, "NATIONAL_ID_PH", random.Random(3))
    assert fake and fake != value and re.sub(r"\d", "0", fake) == re.sub(r"\d", "0", value)
