"""What an Australian child-protection helpline report (written for the purpose, session 32)
showed through every default detector and the shipped models: the heading's "Child
Protection Helpline Report" an organisation, "Aboriginal" a place, the alias "JW" of
'Jayden Walker (known as "JW")' a code, "Sen Cst Ben O'Sullivan" an organisation."""

from __future__ import annotations

from pathlib import Path

import pytest
from probe_helpers import detected, redacted, uncovered

from redactor.core.coreference import initials_alias
from redactor.core.model import Label

REPORT = """Department of Communities and Justice — Child Protection Helpline Report
Report ID: 2026/118734            Received: Tuesday 3 March 2026, 4:15 pm

Child: Mia Jade Thompson (DOB 12 August 2019, aged 6), Aboriginal
Address: Unit 4/27 Wattle Street, Blacktown NSW 2148
Medicare card: 2123 45670 1    Centrelink CRN: 204 123 456X

Mother's partner: Jayden Walker (known as "JW"), 29, a roofer from Penrith.

Concerns: Mia's grandmother, Lorraine Thompson of Mount Druitt, has cared for Mia on
weekends. JW was not at home. Police (Blacktown PAC, Sen Cst Ben O'Sullivan) were notified.
"""


def test_the_report(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, REPORT)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, [
        "2026/118734", "Mia Jade Thompson", "12 August 2019", "Aboriginal", "4/27 Wattle Street",
        "Blacktown", "2148", "2123 45670 1", "204 123 456X", "Jayden Walker", "JW", "Penrith",
        "Lorraine Thompson", "Mount Druitt", "Ben O'Sullivan"])
    assert kinds["Aboriginal"] == (Label.DEM, "ETHNICITY"), kinds
    assert kinds["JW"][0] == Label.PERSON, kinds
    assert kinds["Sen Cst Ben O'Sullivan"][0] == Label.PERSON, kinds
    at = text.index("Child Protection Helpline Report")
    assert not covered & set(range(at, at + len("Child Protection Helpline Report"))), kinds


def test_the_alias_and_its_person_share_one_label(tmp_path: Path) -> None:
    out = redacted(tmp_path, REPORT, "label")
    person = out.split("Mother's partner: ")[1].split(" ")[0]
    assert person.startswith("[PERSON") and out.count(person) >= 3, out  # name, "JW" twice


@pytest.mark.parametrize(("after", "alias"), [
    (' (known as "JW")', "JW"), (" (aka JW)", "JW"), (" (JW)", "JW"), (" (‘JW’)", "JW"),
    (' (known as "KO")', None),
])
def test_initials_given_as_an_alias(after: str, alias: str | None) -> None:
    text = "Jayden Walker" + after
    span = initials_alias(text, "Jayden Walker", len("Jayden Walker"))
    assert (text[span[0]:span[1]] if span else None) == alias
