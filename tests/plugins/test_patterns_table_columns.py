"""A CSV export read as text (session 30): its cells typed by their column's name; no model
span runs from one cell into the next; a replacement never adds a column. Before: surnames and
forenames were places, "CP-1041" a DEM, "2012-03-14" two dates, a row's last cell and the next
row's first one finding, and a made-up school "Johnson, Shaw and Jones" a column more."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.patterns.table_columns import column_kind
from redactor_plugins.shared.text_pieces import delimited_table, fit_for_cell, split_at_cells

from redactor.core.model import Label

CSV = """case_id,surname,forename,dob,postcode,school,referral_reason,worker
CP-1041,Hussain,Amira,2012-03-14,BD8 7QT,Lister Primary,neglect,J. Kaur
CP-1042,O'Brien,Callum,2009-11-02,LS9 6PR,Copperfields College,domestic abuse,M. Lowe
CP-1043,Nowak,Zuzanna,2015-07-28,HD1 4LB,"Beaumont Park Primary, Huddersfield",n/a,J. Kaur
CP-1044,Smith,Tyler-James,2011-01-09,WF1 2DG,Outwood Grange Academy,physical abuse,A. Begum
"""


@pytest.mark.parametrize(("name", "kind"), [
    ("surname", (Label.PERSON, "SURNAME")), ("Forename", (Label.PERSON, "GIVEN_NAME")),
    ("child_name", (Label.PERSON, "NAME")), ("school_name", None), ("DOB", (Label.DATETIME, "DATE")),
    ("date_opened", (Label.DATETIME, "DATE")), ("Post code", (Label.LOC, "POSTCODE")),
    ("school", (Label.ORG, "")), ("case_id", (Label.CODE, "")), ("NHS number", (Label.CODE, "")),
    ("ethnicity", (Label.DEM, "ETHNICITY")), ("referral_reason", (Label.MISC, "")),
    ("notes", None), ("amount", None),
])
def test_a_columns_name_says_its_kind(name: str, kind: tuple[Label, str] | None) -> None:
    assert column_kind(name) == kind


def test_a_csv_is_a_delimited_table_and_prose_is_not() -> None:
    assert delimited_table(CSV) == ","
    assert delimited_table(CSV.replace(",", "\t")) == "\t"
    prose = ("The applicant, Mr Berg, was born in Oslo, Norway.\nHe moved, with his wife, to "
             "Bergen, Norway.\nThey have two sons, Ola and Per, and a daughter, Kari.\n")
    assert delimited_table(prose) == ""  # its first line names no columns


def test_every_filled_cell_of_a_known_column_is_one_finding() -> None:
    found = {(f.text, f.full_type) for f in detect_text(CSV)}
    for cell in [("CP-1041", "CODE"), ("Hussain", "PERSON/SURNAME"), ("Amira", "PERSON/GIVEN_NAME"),
                 ("J. Kaur", "PERSON/NAME"), ("Lister Primary", "ORG"), ("neglect", "MISC"),
                 ("Beaumont Park Primary, Huddersfield", "ORG")]:
        assert cell in found, cell
    assert ("BD8 7QT", "LOC/POSTCODE") in found  # the postcode's own pattern, validated
    assert any(t == "2012-03-14" and k.startswith("DATETIME") for t, k in found)
    assert not any(t in ("n/a", "surname", "case_id") for t, _k in found)


def test_a_span_is_cut_at_the_cells() -> None:
    start = CSV.index("J. Kaur")
    assert [CSV[s:e] for s, e in split_at_cells(CSV, start, start + 15, ",")] == [
        "J. Kaur", "CP-1042"]


def test_a_replacement_adds_no_column() -> None:
    assert fit_for_cell(CSV, "Johnson, Shaw and Jones") == "Johnson Shaw and Jones"
    assert fit_for_cell("Mr Berg, the applicant.", "Johnson, Shaw and Jones") == \
        "Johnson, Shaw and Jones"  # not a table: as it was


@pytest.mark.parametrize("strategy", ["label", "pseudonym", "generalize"])
def test_the_redacted_csv_keeps_its_rows_and_columns(tmp_path: Path, strategy: str) -> None:
    from redactor.cli.main import main

    src = tmp_path / "referrals.txt"
    src.write_text(CSV, encoding="utf-8")
    out = tmp_path / f"out-{strategy}.txt"
    assert main(["redact", str(src), "-o", str(out), "--strategy", strategy]) in (0, None)
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert rows[0] == CSV.split("\n")[0].split(",")
    assert [len(r) for r in rows] == [8] * 5
    text = out.read_text(encoding="utf-8")
    for secret in ("Hussain", "Amira", "Nowak", "Zuzanna", "Tyler-James", "J. Kaur", "M. Lowe",
                   "Lister Primary", "CP-1041"):
        assert secret not in text, secret


def test_a_csv_with_windows_line_ends() -> None:
    text = CSV.replace("\n", "\r\n")  # it was read as prose: surnames places again
    assert delimited_table(text) == ","
    found = {(f.text, f.full_type) for f in detect_text(text)}
    assert ("Hussain", "PERSON/SURNAME") in found and ("A. Begum", "PERSON/NAME") in found
    assert not any("\r" in t for t, _k in found)
    start = text.index("J. Kaur")
    assert [text[s:e] for s, e in split_at_cells(text, start, start + 16, ",")] == [
        "J. Kaur", "CP-1042"]


def test_a_table_of_tabs_inside_prose_is_found_and_typed() -> None:
    from redactor_plugins.detectors.patterns.table_columns import find_cells
    from redactor_plugins.shared.text_pieces import tab_tables, table_headers

    text = ("The list below was read out.\nSurname\tForename\tDOB\nHope\tGrace\t12/03/2015\n"
            "Young\tParis\t23/11/2014\nThe panel then met.\nName:\tJohn Smith")
    [(start, end)] = tab_tables(text)
    assert text[start:end] == "Surname\tForename\tDOB\nHope\tGrace\t12/03/2015\nYoung\tParis\t" \
                              "23/11/2014"  # not the field "Name:⇥John Smith", one line alone
    [(hs, he)] = table_headers(text)
    assert text[hs:he] == "Surname\tForename\tDOB"
    kinds = {text[h.start:h.end]: (h.label, h.subtype) for h in find_cells(text)}
    assert kinds["Paris"] == (Label.PERSON, "GIVEN_NAME") and kinds["Young"][1] == "SURNAME"
    assert kinds["12/03/2015"][0] == Label.DATETIME and "John Smith" not in kinds
