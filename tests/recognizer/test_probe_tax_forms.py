"""A UK tax form's name ("Your sponsor's P60 for the year ending 5 April 2024", "his P45")
names no one; a visa refusal (session 34) had it a QUANTITY whose pseudonym read "P53"."""

from __future__ import annotations

from pathlib import Path

from probe_helpers import covers, detected, uncovered

LETTER = ("You have applied for entry clearance as the partner of Ms Funmilayo Okafor-Banjo. "
          "Your sponsor's P60 for the year ending 5 April 2024 shows employment income of "
          "£27,850 with NHS North East London, and her P45 from Barts Health shows she left "
          "on 3 March 2023.\n")


def test_tax_forms_name_no_one(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, LETTER)
    assert not covers(covered, text, "P60") and not covers(covered, text, "P45"), [
        f.text for f in found]
    assert not uncovered(text, covered, ["Funmilayo Okafor-Banjo", "3 March 2023"])
