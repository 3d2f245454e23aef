"""Random texts made of the pieces the session-35 rules read (titles from abroad, names in
capitals, particles, nicknames, honorifics, wrapped words, census categories, case numbers,
post office boxes …) through every strategy: the export writes a file and its own check
passes (a kept "-sensei" beside a masked "sensei", and a masked "well" of "Halli-⏎well",
had failed it)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from probe_helpers import redacted

PIECES = ["Mr", "MRS.", "Dr", "Hon.", "Adv.", "Chief (Mrs)", "Ma.", "VAN DER", "de", "Ó", "Ní",
          "y", "JOHN", "Smith", "SIPHO", "Okonkwo-Bennett", "Halli-\nwell", "(Mike)", '"Jun-Jun"',
          "Jr.", "SC", "Tanaka-sensei", "Dela Cruz", "P.O. Box 12", "KRA PIN A123456789B",
          "NIN 12345678901", "CASE NO: 2023/0458", "CAS 412/06/2023", "[2]", "II.",
          "I. Background", "White British /", "Black Caribbean", "Easter", "12h00", "twice",
          "HCMP 1234/2023", "(Lam Wai Kin)\nJudge of the Court", "Exhibit C3", "HOLDEN AT",
          "Colonia Rivera", "SAN ANTONIO, TEXAS", "Province of Cebu", "Rang a Dó", "Daideo",
          "Scoil Bhríde", "Tusla", ",", ".", "\n", "\n\n", "said", "the", "and", "'s", "(", ")",
          "-", "/"]


#: two texts the fuzz drew that had failed the export's check (kept here whole)
FAILED_BEFORE = [
    'SC said HCMP 1234/2023 \n\n de Tanaka-sensei CAS 412/06/2023 Smith (Mike) Rang a Dó Ma. and KRA PIN A123456789B twice Dela Cruz / ) and Rang a Dó 12h00 White British / \n 12h00 Okonkwo-Bennett Adv. Tusla Dr Chief (Mrs) de Ní Ní / 12h00 Smith (Mike) . Tanaka-sensei Exhibit C3 Black Caribbean and Halli-\nwell P.O. Box 12 Tanaka-sensei Tanaka-sensei VAN DER "Jun-Jun" Okonkwo-Bennett ( Exhibit C3 \n Scoil Bhríde ) White British / de (Lam Wai Kin)\nJudge of the Court twice \n Ma. SC\n',
    "'s Halli-\nwell Easter P.O. Box 12 / Ní Dela Cruz \n SIPHO 12h00 12h00 \n Black Caribbean Tanaka-sensei Colonia Rivera SIPHO HOLDEN AT said \n\n . 's JOHN said Okonkwo-Bennett the NIN 12345678901 , said SIPHO JOHN Easter White British / Dela Cruz Tusla MRS. MRS. \n\n (Mike) I. Background Halli-\nwell JOHN Daideo Exhibit C3 Dela Cruz [2] said Tusla Dela Cruz P.O. Box 12\n",
]


@pytest.mark.parametrize("text", FAILED_BEFORE)
def test_texts_that_failed_export_and_verify(tmp_path: Path, text: str) -> None:
    for strategy in ("label", "pseudonym", "generalize"):
        out = redacted(tmp_path, text, strategy, name="fuzz")
        assert out.strip(), strategy


@pytest.mark.parametrize("seed", [1, 7])
def test_random_pieces_export_and_verify(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    text = " ".join(rng.choice(PIECES) for _ in range(60)) + "\n"
    for strategy in ("label", "pseudonym", "generalize"):
        out = redacted(tmp_path, text, strategy, name=f"fuzz{seed}")
        assert out.strip(), strategy
