"""A DOCX table reads as rows of cells parted by tabs, so that its columns type its cells (a
case list's "Grace", "Will", "Summer" in a "Forename" column had been left in clear, "Hope⏎Grace"
one person over two cells, "Paris" a city and the header "Forename⏎DOB⏎Postcode⏎School" an
organisation; session 31)."""

from __future__ import annotations

from pathlib import Path

import docx

ROWS = [["Surname", "Forename", "DOB", "Postcode", "School"],
        ["Hope", "Grace", "12/03/2015", "LS12 4QT", "Lister Primary School"],
        ["Will", "Summer", "01/09/2016", "BD7 1AA", "Heaton Moor Primary"],
        ["Young", "Paris", "23/11/2014", "M14 5RT", "Copperfields College"]]


def _case_list(path: Path, two_paragraph_cell: bool = False) -> Path:
    d = docx.Document()
    d.add_paragraph("Case list for the children's services panel, read by the chair.")
    table = d.add_table(rows=len(ROWS), cols=len(ROWS[0]))
    for r, row in enumerate(ROWS):
        for c, value in enumerate(row):
            table.cell(r, c).text = value
    if two_paragraph_cell:
        table.cell(1, 4).add_paragraph("(moved in May)")
    d.add_paragraph("The panel met after the list was read.")
    d.save(str(path))
    return path


def _read(path: Path) -> str:
    from redactor.core.context import RunContext
    from redactor.core.pipeline import Pipeline
    from redactor.core.settings import Settings
    from redactor.pluginhost.manager import PluginHost

    host = PluginHost(Settings({}), load_entrypoints=False, load_user_folder=False)
    return Pipeline(host).read(path, RunContext(settings=host.settings)).text


def test_a_tables_row_reads_as_one_line_of_cells(tmp_path: Path) -> None:
    text = _read(_case_list(tmp_path / "list.docx"))
    for row in ROWS:
        assert "\t".join(row) in text.split("\n"), text
    assert text.startswith("Case list") and text.endswith("The panel met after the list was read.")


def test_a_cell_of_two_paragraphs_keeps_its_line_break(tmp_path: Path) -> None:
    text = _read(_case_list(tmp_path / "list.docx", two_paragraph_cell=True))
    assert "Hope\tGrace\t12/03/2015\tLS12 4QT\tLister Primary School\n(moved in May)\tWill" \
        not in text  # the next row starts on its own line
    assert "Lister Primary School\n(moved in May)\nWill\tSummer" in text, text


def test_the_columns_type_the_cells_and_the_export_masks_each(tmp_path: Path) -> None:
    from redactor.testing import run_pipeline

    src = _case_list(tmp_path / "list.docx")
    run = run_pipeline(src, strategy="label", output=tmp_path / "out.docx")
    table = docx.Document(str(run.output)).tables[0]
    cells = [[c.text for c in r.cells] for r in table.rows]
    assert cells[0] == ROWS[0]  # the column names stay
    for row in cells[1:]:
        assert row[0].startswith("[PERSON") and row[1].startswith("[PERSON"), cells
        assert row[0] != row[1]  # a surname and a given name: two findings, not one
        assert row[2].startswith("[DATETIME") and row[3].startswith("[LOC"), cells
    for value in ("Grace", "Summer", "Paris", "Hope", "Young"):
        assert value not in str(cells[1:]), cells


def test_a_generalized_cell_starts_with_a_capital(tmp_path: Path) -> None:
    from redactor.testing import run_pipeline

    src = _case_list(tmp_path / "list.docx")
    run = run_pipeline(src, strategy="generalize", output=tmp_path / "out.docx")
    table = docx.Document(str(run.output)).tables[0]
    for row in table.rows[1:]:
        for cell in (row.cells[0], row.cells[1], row.cells[3]):
            assert cell.text[:1].isupper(), [c.text for c in row.cells]  # "A person", not "a …"


def test_a_french_tables_columns_type_its_cells(tmp_path: Path) -> None:
    # "Nom" (a surname) had read an organisation ("Grégoire Carlier SARL"): the header check
    # knew only unaccented English letters, the columns only English names
    from redactor.testing import run_pipeline

    d = docx.Document()
    d.add_paragraph("Le tribunal a entendu la mère et le père de l'enfant dans le cadre de la "
                    "procédure, et la liste des enfants suivis par le service est jointe.")
    rows = [["Nom", "Prénom", "Date de naissance"], ["Dubois", "Lucas", "02/05/2015"],
            ["Benali", "Yanis", "11/09/2018"]]
    table = d.add_table(rows=3, cols=3)
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            table.cell(r, c).text = value
    d.save(str(tmp_path / "liste.docx"))
    run = run_pipeline(tmp_path / "liste.docx", strategy="label", output=tmp_path / "out.docx")
    cells = [[c.text for c in r.cells] for r in docx.Document(str(run.output)).tables[0].rows]
    assert cells[0] == rows[0]
    for row in cells[1:]:
        assert row[0].startswith("[PERSON") and row[1].startswith("[PERSON"), cells
        assert row[2].startswith("[DATETIME"), cells


def test_a_column_name_in_a_cell_of_its_own_names_no_one(tmp_path: Path) -> None:
    # a merged header ("Surname and forename" over two columns) keeps the table from being
    # typed by its columns; its "DOB" had read a person
    from redactor.testing import run_pipeline

    d = docx.Document()
    d.add_paragraph("The list of the children seen by the team this week, read by the chair.")
    table = d.add_table(rows=2, cols=3)
    table.cell(0, 0).merge(table.cell(0, 1)).text = "Surname and forename"
    table.cell(0, 2).text = "DOB"
    for c, value in enumerate(["Hope", "Grace", "12/03/2015"]):
        table.cell(1, c).text = value
    d.save(str(tmp_path / "merged.docx"))
    run = run_pipeline(tmp_path / "merged.docx", strategy="label", output=tmp_path / "out.docx")
    cells = [[c.text for c in r.cells] for r in docx.Document(str(run.output)).tables[0].rows]
    assert cells[0][2] == "DOB" and "Hope" not in str(cells) and "Grace" not in str(cells), cells
