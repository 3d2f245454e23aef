"""What a multi-agency referral form in DOCX (written for the purpose, session 33) showed: the
form's table (two cells a row: a field's name, its value) was read as a table whose first row
named its columns, so "Name of child⏎Amelia Rose Hart" was a row of column names, no finding
covered the name whole and the middle name "Rose" stayed in clear in every strategy's export;
field names were findings ("First" of "First language" a DEM, "Parent/carer" an occupation,
"Interpreter" of "Interpreter needed?"); the title "Multi-Agency Referral Form (MARF)" was
two MISC findings, and the export stopped because "Multi" survived in the header's
"MULTI-AGENCY"; "Page 1" of the footer was a count."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from redactor_plugins.shared.text_pieces import form_fields, tab_tables, table_headers

ROWS = [("Name of child", "Amelia Rose Hart"), ("Date of birth", "04/05/2016 (age 9)"),
        ("Gender", "Female"), ("Ethnicity", "White British"), ("First language", "English"),
        ("Address", "22 Fernside Avenue, Huddersfield HD5 8QT"),
        ("School", "St Mary's Catholic Primary School, Year 4"),
        ("Parent/carer", "Ms Donna Hart (mother), 07700 900877"),
        ("Referrer", "Mrs Alison Greaves, Designated Safeguarding Lead"),
        ("Interpreter needed?", "No")]


def _form(path: Path) -> Path:
    from docx import Document

    doc = Document()
    doc.sections[0].header.paragraphs[0].text = "CONFIDENTIAL – MULTI-AGENCY REFERRAL FORM"
    doc.sections[0].footer.paragraphs[0].text = "Kirklees Council Children's Services – Page 1"
    doc.add_heading("Multi-Agency Referral Form (MARF)", level=1)
    table = doc.add_table(rows=0, cols=2)
    for name, value in ROWS:
        cells = table.add_row().cells
        cells[0].text, cells[1].text = name, value
    doc.add_heading("Reason for referral", level=2)
    doc.add_paragraph("On 12 November 2025 Amelia arrived at school with bruising to her left "
                      "cheek. Amelia has an older brother, Josh (14).")
    doc.save(path)
    return path


def test_a_forms_first_cells_are_field_names_and_no_column_names() -> None:
    text = "\n".join(f"{a}\t{b}" for a, b in ROWS) + "\n"
    assert tab_tables(text) == ()
    assert [text[s:e] for s, e in form_fields(text)] == [a for a, _ in ROWS]
    people = "Name\tRole\nAmelia Hart\tPupil\nJohn Smith\tTeacher\nMary Jones\tHead\n"
    assert form_fields(people) == () and table_headers(people) == ((0, 9),)  # names: no fields


@pytest.mark.parametrize("strategy", ["label", "pseudonym"])
def test_the_form_exports_and_leaves_no_name(tmp_path: Path, strategy: str) -> None:
    from redactor.testing import run_pipeline

    run = run_pipeline(_form(tmp_path / "marf.docx"), strategy=strategy,
                       output=tmp_path / f"marf_{strategy}.docx")
    out = run.output_text
    for original in ("Amelia", "Rose", "Hart", "04/05/2016", "Fernside", "HD5 8QT", "Donna",
                     "07700 900877", "Greaves", "Josh", "Kirklees"):
        # a whole word: a made-up town may be built on any first name ("Ameliafort")
        assert re.search(rf"(?<!\w){re.escape(original)}(?!\w)", out) is None, (original, out)
    for kept in ("Multi-Agency Referral Form (MARF)", "First language", "Parent/carer",
                 "Interpreter needed?", "Page 1", "MULTI-AGENCY REFERRAL FORM"):
        assert kept in out, (kept, out)


def test_a_table_of_people_without_column_names_leaves_no_name(tmp_path: Path) -> None:
    """Its first row ("Amelia Hart | Pupil") reads like column names; the names in it are
    people all the same (they had been left in clear)."""
    from docx import Document

    from redactor.testing import run_pipeline

    doc = Document()
    doc.add_paragraph("Present at the meeting:")
    table = doc.add_table(rows=0, cols=2)
    for name, role in [("Amelia Hart", "Pupil"), ("Okonkwo Adebayo", "Father"),
                       ("John Smith", "Class teacher"), ("Mary Jones", "Headteacher")]:
        cells = table.add_row().cells
        cells[0].text, cells[1].text = name, role
    doc.add_paragraph("The meeting agreed the plan.")
    doc.save(tmp_path / "present.docx")
    out = run_pipeline(tmp_path / "present.docx", strategy="label",
                       output=tmp_path / "present_label.docx").output_text
    for name in ("Amelia", "Hart", "Okonkwo", "Adebayo", "Smith", "Jones"):
        assert name not in out, (name, out)


def test_a_name_with_a_particle_in_a_first_cell_is_no_field_name() -> None:
    rows = "Amelia van Hart\tPupil\nJohn de Souza\tFather\nMary bin Ali\tMother\n"
    assert form_fields(rows) == ()
