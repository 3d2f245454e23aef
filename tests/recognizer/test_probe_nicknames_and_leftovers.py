"""What session 34 had left, probed again (session 35): a nickname in brackets, "Miguel
(Mike) Delgado", was three people to the model and made the client's sister and the client
one entity ("[PERSON 3]'s sister, [PERSON 3]"); a nationality before the one scheme of its
country ("Brazilian CPF") got a pseudonym of its own ("Bolivian CPF"); "the 2006 FAI Cup
final" generalized to "the 2000s an event"."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import kinds_of, redacted

NOTE = """Client: Miguel (Mike) Delgado, born 4 May 1980. Mike says he has not drunk since \
March. Mr Delgado's sister, Rosa Delgado, attended.
His Brazilian CPF 111.444.777-35 was checked; her Spanish DNI 12345678Z too.
He played in the 2006 FAI Cup final for Derry City.
"""


def test_a_nickname_is_the_same_person(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, NOTE)
    assert str(kinds["Miguel (Mike) Delgado"][0]) == "PERSON", kinds
    out = redacted(tmp_path, NOTE, "label")
    client = re.search(r"Client: (\[PERSON \d+\]),", out).group(1)
    assert f". {client} says" in out and f"{client}'s sister" in out, out
    sister = re.search(r"sister, (\[PERSON \d+\]),", out).group(1)
    assert sister != client, out
    pseudonym = redacted(tmp_path, NOTE, "pseudonym")
    m = re.search(r"Client: ([A-Z][a-z]+) \(([A-Z][a-z]+)\) ([A-Z][a-z]+),", pseudonym)
    assert m and f". {m.group(2)} says" in pseudonym and f"Mr {m.group(3)}'s" in pseudonym, \
        pseudonym


def test_the_schemes_country_and_a_years_event(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, NOTE)
    assert "Brazilian" not in kinds, kinds  # CPF says Brazil; a mask would add nothing
    assert "Spanish" in kinds, kinds  # DNI is also Argentina's, Peru's …
    out = redacted(tmp_path, NOTE, "generalize")
    assert "an event" not in out and re.search(r"the 2000s event", out), out
