"""What an Irish social work report to the District Court (written for the purpose, session 35)
showed: the child's name in the "Re:" line, "Oisín Ó Súilleabháin", was an organisation
(its pseudonym "Martin PLC", a second entity beside "Oisín"); "Tusla" and "Garda Síochána"
were people; "Daideo" (grandad) a person; "Principal" of "Principal Social Worker" a DEM apart
("A member of a group Social Worker"); "left" and "cheek" two findings ("his certain
matter"); "Rang a Dó" (second class) a place and an organisation; "Scoil Bhríde" an
organisation of no kind."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import kinds_of, redacted

REPORT = """CHILD AND FAMILY AGENCY (TUSLA)
SOCIAL WORK REPORT TO THE DISTRICT COURT

Re: Oisín Ó Súilleabháin (D.O.B. 09/08/2014) and Saoirse Ní Bhriain (D.O.B. 21/01/2017)
Social Worker: Caoimhe Mac Giolla Phádraig

1. Background
Oisín and Saoirse live with their mother, Ms Aoife Ní Bhriain, at 14 Bóthar na Trá, \
Salthill, Galway H91 X2Y3. Their father, Mr Pádraig Ó Súilleabháin, lives in Ballymun.

2. Concerns
On 3 March 2024 Garda Síochána attended the family home following a report from a \
neighbour. Garda Niamh Kearney noted that Oisín had a bruise to his left cheek.

3. Views of the children
Oisín (9) told me he "misses Daideo". Saoirse attends Scoil Bhríde in Shantalla and is in \
Rang a Dó.

4. Recommendation
Tusla recommends a Supervision Order under section 19 of the Child Care Act 1991.

Caoimhe Mac Giolla Phádraig
Principal Social Worker
Tusla, Galway/Roscommon Area
"""


def test_kinds(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, REPORT)
    assert str(kinds["Oisín Ó Súilleabháin"][0]) == "PERSON", kinds
    for body in ("Tusla", "Garda Síochána"):
        assert str(kinds[body][0]) == "ORG", (body, kinds)
    assert str(kinds["Daideo"][0]) == "DEM", kinds
    assert kinds["Rang a Dó"] == (kinds["Rang a Dó"][0], "SCHOOL_YEAR"), kinds
    assert kinds["Scoil Bhríde"][1] == "SCHOOL", kinds
    assert "Principal Social Worker" in kinds, kinds


def test_the_child_has_one_number(tmp_path: Path) -> None:
    out = redacted(tmp_path, REPORT, "label")
    child = re.search(r"Re: (\[PERSON \d+\]) \(D\.O\.B\.", out).group(1)
    assert f"\n{child} and [PERSON" in out and f"{child} ([QUANTITY" in out, out


def test_replacements_read_right(tmp_path: Path) -> None:
    out = redacted(tmp_path, REPORT, "generalize")
    assert "misses a grandparent" in out and "attends a school" in out, out
    assert "is in primary school" in out, out
    pseudonym = redacted(tmp_path, REPORT, "pseudonym")
    assert re.search(r"is in Rang a (?:hAon|Trí|Ceathair)\.", pseudonym), pseudonym
    assert "member of a group" not in pseudonym and "PLC (D.O.B." not in pseudonym, pseudonym


def test_pieces_the_model_cut_are_joined() -> None:
    from redactor_plugins.detectors.recognizer.rules.span_edges import (
        join_org_pieces,
        join_title_pieces,
    )

    from redactor.plugin_api import Finding, Label, Span

    def piece(text: str, word: str, label: Label) -> Finding:
        at = text.index(word)
        return Finding(Span(at, at + len(word)), label, word, detector="ner")

    text = "a bruise to his left cheek"
    joined = join_org_pieces(text, [piece(text, "left", Label.MISC),
                                    piece(text, "cheek", Label.MISC)])
    assert [f.text for f in joined] == ["left cheek"]
    text = "Principal Social Worker, an English World War I ace"
    found = [piece(text, w, Label.DEM) for w in ("Principal", "Social", "English", "World")]
    joined = join_title_pieces(text, found, lambda s, e: text[s:e] == "English")
    assert [f.text for f in joined] == ["Principal Social", "English", "World"]
