"""A shifted date never shows a year the document names elsewhere: a child's birth date moved
into a sibling's year ("02/11/2021" → "23/09/2019" beside "born 2019") made the export's check
find that year in another spelling and write no file (about one pseudonym run in seven of a
permanence report). Twenty runs, each with its own fixed draws."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "recognizer"))

TEXT = ("Child's name: Lily-Mae ROBERTSON          Known as: Lily\n"
        "Date of birth: 02/11/2021\n"
        "Mother: Chantelle Marie ROBERTSON, born 19/07/2002\n"
        "Father: Tyrone Akeem WALCOTT, born 30/01/1999\n"
        "Maternal grandmother: Donna Robertson (aged 51)\n"
        "Half-sibling: Kai Robertson-Hughes (born 2019), placed with his paternal aunt.\n"
        "Lily was removed on 3 March 2023 and has lived with foster carers since 4 March 2023.\n"
        "Placement Order made on 14/06/2024.\n")


def test_shifted_dates_show_no_other_year(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    from probe_helpers import redacted
    from redactor_plugins.strategies import pseudonym_choice

    for run in range(20):
        draws = random.Random(run)
        monkeypatch.setattr(pseudonym_choice.secrets, "randbits", draws.getrandbits)
        redacted(tmp_path, TEXT, "pseudonym", name=f"run{run}")  # raises if the check fails
