"""What an HR disciplinary-outcome e-mail (written for the purpose, session 32) showed: "Union
Rep" and "Business Partner" organisations (a made-up company's name in the pseudonym), and a
personal address "kmensahbonsu@…" that did not follow its person's pseudonym."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import detected, redacted, uncovered

from redactor.core.model import Label

EMAIL = """From: Naomi Achterberg <naomi.achterberg@brightwell-logistics.co.uk>
To: Kwame Mensah-Bonsu <kmensahbonsu@gmail.com>
Cc: Lee Farrow (Union Rep, GMB) <lee.farrow@gmb.org.uk>
Subject: Outcome of disciplinary hearing – Employee ID BWL-20417

Dear Kwame,

Thank you for attending the hearing on 12 February with your companion Lee.

Kind regards,
Naomi Achterberg (she/her)
HR Business Partner | Brightwell Logistics Ltd | 07700 900 412
"""


def test_the_email(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, EMAIL)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, [
        "Naomi Achterberg", "naomi.achterberg@brightwell-logistics.co.uk", "Kwame Mensah-Bonsu",
        "kmensahbonsu@gmail.com", "Lee Farrow", "lee.farrow@gmb.org.uk", "BWL-20417",
        "Brightwell Logistics Ltd", "07700 900 412"])
    assert kinds["Union Rep"] == (Label.DEM, "OCCUPATION"), kinds
    assert kinds["HR Business Partner"] == (Label.DEM, "OCCUPATION"), kinds


def test_each_address_follows_its_person(tmp_path: Path) -> None:
    out = redacted(tmp_path, EMAIL, "pseudonym")
    sender = re.search(r"From: (.+?) <(\S+)@", out)
    to = re.search(r"To: (.+?) <(\S+)@", out)
    assert sender is not None and to is not None, out

    def letters(word: str) -> str:
        return re.sub(r"[^a-z]", "", word.lower())

    first, *_, last = sender.group(1).split()
    assert sender.group(2) == f"{letters(first)}.{letters(last)}", out
    given, *_, surname = to.group(1).split()
    assert to.group(2) == letters(given)[0] + letters(surname.replace("-", "")), out
