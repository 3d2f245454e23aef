"""What a US police incident report (written for the purpose, session 32) showed through
every default detector and the shipped models: "Ofc." an organisation beside the officer's
name, "03/14/2026 22:47" a case number, "46 y/o Hispanic" a date and an organisation,
"Dirksen Parkway" a place and an organisation, "R/O" (the reporting officer) masked."""

from __future__ import annotations

from pathlib import Path

import pytest
from probe_helpers import detected, uncovered
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.recognizer.rules.span_kinds import code_is_date_or_money

from redactor.core.model import Label

REPORT = """SPRINGFIELD POLICE DEPARTMENT — INCIDENT REPORT
Case No. 2026-004417          Reporting Officer: Ofc. Daniel Reyes #3318
Date/Time Reported: 03/14/2026 22:47

VICTIM: Maria Elena Gutierrez, DOB 07/22/1979, 46 y/o Hispanic female
Address: 1842 N. Maple Ave, Apt 3B, Springfield, IL 62702
Phone: (217) 555-0148   SSN: 321-54-9876

NARRATIVE: On the above date R/O responded to a domestic disturbance at the victim's
residence. Gutierrez stated that her ex-boyfriend Travis Dunn forced entry through the rear
door. Dunn is on probation and works nights at the Walmart Distribution Center on Dirksen
Parkway.
"""


def test_the_report(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, REPORT)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, [
        "Daniel Reyes", "3318", "2026-004417", "03/14/2026 22:47", "Maria Elena Gutierrez",
        "07/22/1979", "46", "Hispanic", "1842 N. Maple Ave", "62702", "(217) 555-0148",
        "321-54-9876", "Travis Dunn", "Dirksen", "Parkway"])
    assert kinds["Ofc. Daniel Reyes"][0] == Label.PERSON, kinds
    assert kinds["03/14/2026 22:47"][0] == Label.DATETIME, kinds
    assert kinds["46 y/o"] == (Label.DEM, "AGE"), kinds
    assert kinds["Hispanic"] == (Label.DEM, "ETHNICITY"), kinds
    assert kinds["Dirksen\nParkway"][0] == Label.LOC, kinds
    at = text.index("R/O")
    assert not covered & set(range(at, at + 3)), kinds


@pytest.mark.parametrize("age", ["46 y/o", "46yo", "7 yrs old", "3 y.o.", "46-yo"])
def test_an_age_written_short(age: str) -> None:
    found = detect_text(f"Seen with a {age} boy at the park.")
    assert [(f.text, f.subtype) for f in found if f.label == Label.DEM] == [(age, "AGE")]


@pytest.mark.parametrize(("text", "date"), [
    ("03/14/2026 22:47", True), ("14/03/2026, 9:30 pm", True), ("2026-03-14T10:05:00", True),
    ("13/14/2026", False), ("36110/97", False), ("03/14/2026 22:47:61x", False),
])
def test_a_code_that_is_a_date_and_a_time(text: str, date: bool) -> None:
    assert (code_is_date_or_money(text) == (Label.DATETIME, "DATE")) is date


def test_a_service_to_a_hospital_is_two_organisations(tmp_path: Path) -> None:
    text = ("The victim was transported by Springfield Fire Dept\nMedic 7 to Memorial Medical "
            "Center with facial injuries. The Leave to Appeal Board refused him.\n")
    _, found, _ = detected(tmp_path, text)
    orgs = [f.text for f in found if f.label == Label.ORG]
    assert "Memorial Medical Center" in orgs and not any(" to " in o for o in orgs
                                                          if "Memorial" in o), orgs
