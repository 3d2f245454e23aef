"""What a safeguarding e-mail thread (written for the purpose, session 35) showed: the
officer's signature "PC 2231 D. Ashworth" was a place (its pseudonym "30 Charlton Drive") and
his sign-off "Dan" a town, a third and fourth person beside "Daniel Ashworth"; the surname
alone ("Yes - Marsh has a caution") an organisation ("Webster, Adams and Clark"); the team's
number "3" of "Children's Assessment Team 3" an organisation of its own ("Team [number]")."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import kinds_of, redacted

THREAD = """From: Hannah Whitfield <h.whitfield@northshire.gov.uk>
Sent: 14 October 2025 16:42
Cc: PC 2231 Daniel Ashworth <daniel.ashworth@northshire.police.uk>
Subject: RE: Strategy discussion - Kai Brennan-Lowe (DOB 03/05/2011)

Hi all,

Kai's mum, Shannon Lowe, has agreed to a placement with her sister. Shannon's partner, Reece \
Marsh (DOB 17/12/1996), is not to have contact.

Kind regards,

Hannah Whitfield
Senior Social Worker | Children's Assessment Team 3
Northshire County Council

-----Original Message-----
From: Daniel Ashworth
Sent: 14 October 2025 11:05

Hannah,

> Can you confirm whether Mr Marsh has any previous?

Yes - Marsh has a caution for common assault (2021) against an ex-partner, Jade Fenwick.

Dan

PC 2231 D. Ashworth | Preston Neighbourhood Policing Team
"""


def test_kinds(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, THREAD)
    for person in ("PC 2231 D. Ashworth", "Dan", "Marsh"):
        assert str(kinds[person][0]) == "PERSON", (person, kinds)
    assert str(kinds["Children's Assessment Team 3"][0]) == "ORG", kinds


def test_one_number_a_person(tmp_path: Path) -> None:
    out = redacted(tmp_path, THREAD, "label")
    officer = re.search(r"From: (\[PERSON \d+\])\nSent: \[DATETIME \d+\] \[DATETIME \d+\]\n\n",
                        out).group(1)
    assert f"Cc: {officer} <" in out, out
    assert f"\n\n{officer}\n\n{officer} | [ORG" in out, out
    partner = re.search(r"partner, (\[PERSON \d+\]) \(DOB", out).group(1)
    assert f"whether {partner} has" in out and f"Yes - {partner} has" in out, out


def test_pseudonym_signature(tmp_path: Path) -> None:
    out = redacted(tmp_path, THREAD, "pseudonym")
    assert re.search(r"\nPC \d{4} [A-Z]\. [A-Z][a-z]+ \| ", out), out
    assert "Team [number]" not in out, out
