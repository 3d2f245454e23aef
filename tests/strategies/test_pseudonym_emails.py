"""An address made of a person's name gets that person's pseudonym in the same shape
(session 32: "telephone Keeley Wood … (keeley.wood@harrowgatelane.co.uk)" became "Alison White
… (bclarke@example.com)")."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from redactor_plugins.strategies.pseudonym_emails import local_part_from_names

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "recognizer"))
from probe_helpers import redacted  # noqa: E402

TOKENS = {"keeley": "Alison", "wood": "White", "søren": "Mikkel", "o'neill": "Da Silva",
          "mensah": "Donald", "bonsu": "Perry"}


@pytest.mark.parametrize(("local", "expected"), [
    ("keeley.wood", "alison.white"),
    ("Keeley.Wood", "alison.white"),
    ("keeleywood", "alisonwhite"),
    ("kwood", "awhite"),
    ("k.wood", "a.white"),
    ("keeleyw", "alisonw"),
    ("wood_keeley", "white_alison"),
    ("soren.oneill", "mikkel.silva"),
    ("kmensahbonsu", "adonaldperry"),  # an initial and a double-barrelled surname run together
    ("keeley.mensah-bonsu", "alison.donald-perry"),
])
def test_a_local_part_of_names_takes_their_pseudonyms(local: str, expected: str) -> None:
    assert local_part_from_names(local, TOKENS, random.Random(1)) == expected


def test_digits_in_it_are_redrawn() -> None:
    out = local_part_from_names("keeley.wood88", TOKENS, random.Random(1))
    assert out is not None and re.fullmatch(r"alison\.white[1-9]\d", out), out


@pytest.mark.parametrize("local", ["info", "keeley.smith", "admin.wood", "k", "12345"])
def test_a_local_part_not_made_of_known_names_is_left_to_the_fake(local: str) -> None:
    assert local_part_from_names(local, TOKENS, random.Random(1)) is None


LETTER = """Please telephone Keeley Wood on 0113 496 0721 (keeley.wood@harrowgatelane.co.uk)
or write to her colleague Tomasz Nowak (tnowak@harrowgatelane.co.uk).

Yours sincerely,

Keeley Wood
"""


def test_the_pseudonymised_letter_spells_each_address_from_its_person(tmp_path: Path) -> None:
    out = redacted(tmp_path, LETTER, "pseudonym")
    assert "keeley" not in out.lower() and "nowak" not in out.lower(), out
    assert "harrowgatelane" not in out, out
    first = re.search(r"telephone (.+?) on", out)
    second = re.search(r"colleague (.+?) \((\S+)@", out)
    address = re.search(r"\((\S+)@", out)
    assert first is not None and second is not None and address is not None, out

    def letters(word: str) -> str:
        return re.sub(r"[^a-z]", "", word.lower())

    one, two = first.group(1).split(), second.group(1).split()
    assert address.group(1) == f"{letters(one[0])}.{letters(one[-1])}", out
    assert second.group(2) == letters(two[0])[0] + letters(two[-1]), out
