"""What a payslip (written for the purpose, session 31) showed through every default detector
and the shipped models: "PAYE" a person, "BACS" an organisation, "tax", "Net", "hrs",
"National Insurance" and "Pension (NEST)" masked, "160.00" a date, "12.00 hrs" a time of day,
"hrs @" an e-mail address and the figures "11.44", "1,830.40", "205.92" codes."""

from __future__ import annotations

from pathlib import Path

import pytest
from probe_helpers import detected, uncovered
from redactor_plugins.detectors.patterns.plugin import detect_text

from redactor.core.model import Label

PAYSLIP = """PAYSLIP - March 2024
Employee: Daniel Okafor          Employee No: 004512
Tax code: 1257L                  NI number: QQ 12 34 56 C
Payment method: BACS             Pay date: 28/03/2024

Basic pay          160.00 hrs @ 11.44        1,830.40
Overtime            12.00 hrs @ 17.16          205.92
PAYE tax                                      -201.60
National Insurance                            -123.45
Pension (NEST)                                 -61.02
Student loan (Plan 2)                          £12.00
Net pay                                      1,650.25
Employer: Harlow Logistics Ltd, Unit 4, Pinnacle Park, Harlow CM20 2DA
"""


def test_the_payslip(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, PAYSLIP)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, ["Daniel Okafor", "004512", "QQ 12 34 56 C",
                                         "28/03/2024", "Harlow Logistics Ltd", "CM20 2DA"])
    for figure in ("160.00", "11.44", "1,830.40", "12.00", "17.16", "205.92"):
        assert kinds[figure][0] == Label.QUANTITY, (figure, kinds)
    for words in ("BACS", "PAYE tax", "hrs @", "Net pay", "National Insurance", "Pension",
                  "Student loan (Plan 2)"):  # a row's name (the lists' "Student" had been a job)
        at = text.index(words)
        assert not covered & set(range(at, at + len(words))), (words, kinds)


@pytest.mark.parametrize(("sentence", "time"), [
    ("The officers arrived at 12.00 hrs and left.", True),
    ("Overtime            12.00 hrs @ 17.16          205.92", False),
])
def test_hours_at_a_rate_are_no_time_of_day(sentence: str, time: bool) -> None:
    assert any(f.subtype == "TIME" for f in detect_text(sentence)) is time
