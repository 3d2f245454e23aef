"""What a witness statement as a scan's text layer reads (written for the purpose, session 35:
double spaces, a surname hyphenated over a line's end, O for 0) showed: "Mr Derek Halli-⏎well"
and "Mr Halliwell" were two people, and a pseudonym gave each its own surname; the signature
"S.  Okoye-Bennett" (two spaces) an organisation; the plate "YD18  XKP" an address ("30 CARLY
SHORE")."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import kinds_of, redacted

STATEMENT = """Name  of  witness:  Mrs  Sandra  Okoye-Bennett
Tel:  07700  9OO  123

I  have  known  Mr  Derek  Halli-
well  for  about  six  years.  I  saw  him  hit  his  son  Jayden  (aged  9).  Mr  \
Halliwell's  car,  a  silver  Vauxhall  Astra  reg  YD18  XKP,  was  parked  outside.

Signed:  S.  Okoye-Bennett
"""


def test_one_number_a_person(tmp_path: Path) -> None:
    out = redacted(tmp_path, STATEMENT, "label")
    witness = re.search(r"witness:  (\[PERSON \d+\])", out).group(1)
    assert out.rstrip().endswith(f"Signed:  {witness}"), out
    man = re.search(r"known  (\[PERSON \d+\])  for", out).group(1)
    assert f"{man}'s  car" in out, out


def test_kinds_and_pseudonym(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, STATEMENT)
    assert kinds["YD18  XKP"][1] == "VEHICLE_PLATE", kinds
    out = redacted(tmp_path, STATEMENT, "pseudonym")
    surname = re.search(r"known  Mr  [A-Z][a-z]+  ([A-Z][a-z]+)  for", out).group(1)
    assert f"Mr  {surname}'s  car" in out and "Halli" not in out, out


def test_a_wrapped_words_second_half_takes_its_first() -> None:
    """A fuzz of session 35: a model's MISC "well" of "Halli-⏎well" failed the export's check
    (the other half joined to it elsewhere), so no file was written."""
    from redactor_plugins.detectors.recognizer.rules.span_edges import whole_words

    text = "I know Mr Halli-\nwell and the well."
    at = text.index("well")
    assert text[slice(*whole_words(text, at, at + 4))] == "Halli-\nwell"
    at = text.rindex("well")
    assert text[slice(*whole_words(text, at, at + 4))] == "well"
