"""A PDF form (a field's name, a wide gap, its value: session 33's referral form): PDFium
writes one space for the gap, so "Name of child Amelia Rose Hart⏎Date" was one line of words,
a name ran into the next line's field ("Amelia Rose Hart⏎Date" one PERSON) and field names
were masked ("Gender Female⏎Ethnicity" one DEM, "School St Mary's …" one ORG). A wide gap is
read as a tab, as a DOCX table's cells are, and a PDF's line beside such a row ends there."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from redactor.testing import run_pipeline

ROWS = [("Name of child", "Amelia Rose Hart"), ("Date of birth", "04/05/2016 (age 9)"),
        ("Gender", "Female"), ("Ethnicity", "White British"), ("First language", "English"),
        ("School", "St Mary's Catholic Primary School, Year 4"),
        ("Parent/carer", "Ms Donna Hart (mother), 07700 900877"),
        ("Interpreter needed?", "No")]


def _form(path: Path) -> Path:
    c = canvas.Canvas(str(path), pagesize=A4)
    _, height = A4
    c.setFont("Helvetica", 10)
    y = height - 60
    for name, value in ROWS:
        c.drawString(40, y, name)
        c.drawString(200, y, value)
        y -= 18
    c.drawString(40, y - 10, "Amelia arrived at school with bruising to her left cheek.")
    c.save()
    return path


def test_a_wide_gap_is_a_column_and_the_form_reads_as_one(tmp_path: Path) -> None:
    from redactor.core.context import RunContext
    from redactor.core.pipeline import Pipeline
    from redactor.core.settings import Settings
    from redactor.pluginhost.manager import PluginHost

    host = PluginHost(Settings({}), load_entrypoints=False, load_user_folder=False)
    pipeline = Pipeline(host)
    ctx = RunContext(settings=host.settings)
    doc = pipeline.read(_form(tmp_path / "form.pdf"), ctx)
    assert "Name of child\tAmelia Rose Hart\nDate of birth\t04/05/2016" in doc.text
    assert "at school with bruising" in doc.text  # one space between words stays a space
    texts = [f.text for f in pipeline.detect(doc, ctx)]
    assert "Amelia Rose Hart" in texts, texts
    assert not any("\n" in t or "\t" in t for t in texts), texts


def test_the_form_keeps_its_field_names(tmp_path: Path) -> None:
    out = run_pipeline(_form(tmp_path / "form.pdf"), strategy="label",
                       output=tmp_path / "form_label.pdf").output_text
    for original in ("Amelia", "Rose", "Hart", "04/05/2016", "Donna", "07700 900877"):
        assert original not in out, (original, out)
    for field in ("Name of child", "Date of birth", "Gender", "Ethnicity", "First language",
                  "School", "Parent/carer", "Interpreter needed?"):
        assert field in out, (field, out)
