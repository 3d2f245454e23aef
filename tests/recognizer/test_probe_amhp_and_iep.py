"""What an AMHP's Mental Health Act assessment report and a US school's IEP (written for the
purpose, session 33) showed: report headings ("Services", "Accommodations") masked as
organisations, "section" of "the section 136 suite" a place and "section 136" a finding of its
own, "cat" a demographic, "Approved Mental Health Professional" cut to a MISC, "a branch of
Boots" one organisation."""

from __future__ import annotations

from pathlib import Path

from probe_helpers import covers, detected, uncovered

from redactor.core.model import Label

REPORT = """AMHP REPORT - ASSESSMENT UNDER THE MENTAL HEALTH ACT 1983

Service user: Priya Raghunathan
Date of birth: 09/11/1987
NHS number: 485 777 3456
Nearest relative: Mr Suresh Raghunathan (father)

Background
Ms Raghunathan is a 37-year-old British Indian woman who works part-time as a pharmacy
technician at a branch of Boots in Crookes. She lives alone and has one brother, Vikram, who
lives in Leicester.

Reason for referral
South Yorkshire Police removed her to a place of safety under section 136. The assessment took
place at 10:30 in the section 136 suite with Dr Farah Siddiqui. Priya was admitted to Stanage
Ward at the Longley Centre at 16:45. Her brother will look after her cat.

Daniel Okafor
Approved Mental Health Professional, Sheffield City Council
"""

IEP = """INDIVIDUALIZED EDUCATION PROGRAM (IEP)

Student: Mateo Alvarez-Quinn          Student ID: 204417893
Parent/Guardian: Rosa Alvarez (mother), (209) 555-0148

Present Levels of Performance
Mateo is a 12-year-old seventh grader. He enjoys soccer and plays goalkeeper for the Stockton
Cougars U13 team.

Services
Specialized academic instruction, 240 minutes weekly, provided by Ms. Karen Feld.

Accommodations
Extended time on tests; preferential seating; audiobooks.
"""



def test_the_report(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, REPORT)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, [
        "Priya Raghunathan", "09/11/1987", "485 777 3456", "Suresh Raghunathan", "Vikram",
        "Leicester", "Boots", "Crookes", "Farah Siddiqui", "Stanage Ward", "Longley Centre",
        "Daniel Okafor", "Sheffield City Council"]), kinds
    assert kinds["Boots"][0] == Label.ORG, kinds  # not "branch of Boots"
    assert "branch of Boots" not in kinds, kinds
    assert kinds["Approved Mental Health Professional"] == (Label.DEM, "OCCUPATION"), kinds
    assert kinds["section 136"] == (Label.MISC, "LEGAL_PROVISION"), kinds
    assert "section" not in kinds and "cat" not in kinds, kinds
    assert not covers(covered, text, "her cat"), kinds


def test_report_headings_name_no_one(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, IEP)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, ["Mateo Alvarez-Quinn", "204417893", "Rosa Alvarez",
                                         "(209) 555-0148", "Karen Feld"]), kinds
    for heading in ("\nServices\n", "\nAccommodations\n", "Present Levels of Performance"):
        assert not covers(covered, text, heading), (heading, kinds)


def test_a_lone_capitalised_line_atop_a_letter_is_still_a_name(tmp_path: Path) -> None:
    letter = ("Riverside Surgery\n12 High Street, Leeds LS1 4AB\n\nAcme Lettings\nThe tenant "
              "has been told that the rent is due on the first of each month.\n")
    text, found, covered = detected(tmp_path, letter)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert covers(covered, text, "Riverside Surgery"), kinds


def test_a_name_or_place_alone_on_a_line_is_no_heading(tmp_path: Path) -> None:
    for line in ("Leeds", "Barnardo's", "St Anne's Hospice"):
        text, found, covered = detected(
            tmp_path, f"Ref 2291\n\n{line}\nDear Mrs Smith, we write to you about your son.\n")
        assert covers(covered, text, line), (line, [f.text for f in found])
