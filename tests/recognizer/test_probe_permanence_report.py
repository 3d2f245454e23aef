"""What a child's permanence report (written for the purpose, session 35) showed: the
ethnicity field "White British / Black Caribbean (mixed)" was an organisation "White", a
nationality and an organisation "/ Black Caribbean" (its pseudonym "Brown LLC"); the
generalized field read "local a European national / a member of a group"."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import kinds_of, redacted

REPORT = """Child's name: Lily-Mae ROBERTSON          Known as: Lily
Ethnicity: White British / Black Caribbean (mixed)    Religion: None known
Mother: Chantelle Marie ROBERTSON, born 19/07/2002, unemployed
"""


def test_census_categories(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, REPORT)
    for category in ("White British", "Black Caribbean"):
        assert kinds[category] == (kinds[category][0], "ETHNICITY"), kinds
        assert str(kinds[category][0]) == "DEM", kinds
    out = redacted(tmp_path, REPORT, "pseudonym")
    m = re.search(r"Ethnicity: (\w+ \w+) / (\w+ \w+) \(mixed\)", out)
    assert m and "LLC" not in out and "member of a group" not in out, out
    generalized = redacted(tmp_path, REPORT, "generalize")
    assert "Ethnicity: a member of an ethnic group / a member of an ethnic group" in generalized


def test_a_colour_alone_is_no_ethnicity() -> None:
    """"White told me" is a person called White: a colour alone is no census category."""
    from redactor_plugins.detectors.recognizer.rules.span_kinds import peoples_words

    assert peoples_words("White") == "" and peoples_words("Black") == ""
    assert peoples_words("White British") == "ETHNICITY"
