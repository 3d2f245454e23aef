"""Pseudonyms in an Irish letter (session 32): "Ms Siobhán Ní Bhriain" read "Ms Jodi Andrea
Austin" and "Dear Ms Andrea Austin" (the particle "Ní" taken for a given name), "your son Oisín
Ó Súilleabháin" read "Katherine H Rangel" (the "Ó" an initial, the son a girl), "2nd class"
read "3nd class"."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from redactor_plugins.strategies.generalization.fakes import quantity_like

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "recognizer"))
from probe_helpers import redacted  # noqa: E402

LETTER = """Ms Siobhán Ní Bhriain
Apartment 12, Harbour View, Blackrock Road, Cork

Dear Ms Ní Bhriain,

I am writing about your son Oisín Ó Súilleabháin, who is in 2nd class. Your GP, Dr Cathal
Mac Cárthaigh, has been invited.
"""


@pytest.mark.parametrize(("text", "shape"), [
    ("2nd", r"(\d+)(st|nd|rd|th)"), ("2nd class", r"(\d+)(st|nd|rd|th) class"),
    ("21ST floor", r"(\d+)(ST|ND|RD|TH) floor"), ("the 11th", r"the (\d+)(st|nd|rd|th)"),
])
def test_an_ordinal_number_takes_its_new_suffix(text: str, shape: str) -> None:
    for seed in range(40):
        out = quantity_like(text, random.Random(seed))
        m = re.fullmatch(shape, out)
        assert m is not None, out
        n = int(m.group(1))
        want = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        assert m.group(2).lower() == want, out


def test_irish_names_keep_their_particles_and_the_son_stays_a_son(tmp_path: Path) -> None:
    from redactor_plugins.strategies.generalization.names import gender_table

    for run in range(3):
        out = redacted(tmp_path, LETTER, "pseudonym", name=f"letter{run}")
        for original in ("Siobhán", "Bhriain", "Oisín", "Súilleabháin", "Cathal", "Cárthaigh"):
            assert original not in out, out
        addressee = re.search(r"^Ms (\S+) Ní (\S+)$", out, re.M)
        assert addressee is not None, out
        assert f"Dear Ms Ní {addressee.group(2)}," in out, out
        son = re.search(r"your son (\S+) Ó \S", out)
        assert son is not None, out
        assert gender_table().get(son.group(1).casefold()) in ("male", None), out
        assert re.search(r"Dr \S+\s+Mac \S+,", out), out
        assert re.search(r"in \d+(?:st|nd|rd|th) class", out), out
