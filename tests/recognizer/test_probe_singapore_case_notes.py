"""What a Singapore family service centre's case notes (written for the purpose, session 34)
showed: "Mr Tan" and the client "TAN Wei Ming" (surname in capitals, first) were two people,
as were "Mdm Siti" and "Siti Nurhaliza binti Abdullah"; "Rajesh s/o Kumaravel" was an
organisation; "Chinese, Hokkien-speaking" two places; "Case" of the title "Case notes - …" a
description."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import covers, detected, kinds_of, redacted, uncovered

NOTES = """Case notes - Family Service Centre (Bukit Merah)

Client: TAN Wei Ming (NRIC S8812345D), 36, Chinese, Hokkien-speaking. Wife: Siti Nurhaliza \
binti Abdullah, 33, Malay. Children: Tan Jun Hao (8) and Nur Aisyah (5).

Mr Tan works as a Grab driver. His employer at the coffee shop, Rajesh s/o Kumaravel, lent \
him $2,000.

The family lives at Blk 112 Jalan Bukit Merah #07-1234, Singapore 150112. Mdm Siti's HP \
9123 4567.
"""


def test_the_notes(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, NOTES)
    assert not uncovered(text, covered, [
        "TAN Wei Ming", "S8812345D", "Siti Nurhaliza binti Abdullah", "Tan Jun Hao",
        "Nur Aisyah", "Mr Tan", "Rajesh s/o Kumaravel", "9123 4567", "Mdm Siti"]), \
        [f.text for f in found]
    assert not covers(covered, text, "Case notes"), [f.text for f in found]


def test_kinds(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, NOTES)
    assert str(kinds["Rajesh s/o Kumaravel"][0]) == "PERSON", kinds
    assert (str(kinds["Chinese"][0]), str(kinds["Hokkien"][0])) == ("DEM", "DEM"), kinds


def test_each_person_has_one_number(tmp_path: Path) -> None:
    out = redacted(tmp_path, NOTES, "label")
    client = re.search(r"Client: (\[PERSON \d+\])", out).group(1)
    wife = re.search(r"Wife: (\[PERSON \d+\])", out).group(1)
    assert re.search(re.escape(client) + r" works as", out), out  # "Mr Tan"
    assert re.search(re.escape(wife) + r"'s HP|" + re.escape(wife) + r"'s \[CODE", out), out
