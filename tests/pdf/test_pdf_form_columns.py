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


def test_filled_form_fields_and_comments_are_named_in_a_warning(tmp_path: Path) -> None:
    """A PDF's filled form fields and comments are never carried over (docs/formats-pdf.md)
    and were dropped without a word; the reader now says so, page by page, without their
    text."""
    import pikepdf

    from redactor.core.context import RunContext
    from redactor.core.pipeline import Pipeline
    from redactor.core.settings import Settings
    from redactor.pluginhost.manager import PluginHost

    src = tmp_path / "acro.pdf"
    c = canvas.Canvas(str(src), pagesize=A4)
    c.drawString(40, 780, "Name of child:")
    c.acroForm.textfield(name="child", value="Amelia Rose Hart", x=150, y=775, width=200,
                         height=18)
    c.showPage()
    c.drawString(40, 780, "Page two has no form.")
    c.save()
    with pikepdf.open(src, allow_overwriting_input=True) as pdf:
        note = pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Text, Rect=[10, 10, 30, 30],
            Contents=pikepdf.String("Ask Amelia's aunt")))
        pdf.pages[1].obj.Annots = pdf.make_indirect(pikepdf.Array([note]))
        pdf.save(src)
    host = PluginHost(Settings({}), load_entrypoints=False, load_user_folder=False)
    doc = Pipeline(host).read(src, RunContext(settings=host.settings))
    assert any(w.startswith("page 1: 1 filled form field(s) not carried over")
               for w in doc.warnings), doc.warnings
    assert any(w.startswith("page 2: 1 comment(s) not carried over") for w in doc.warnings)
    assert not any("Amelia" in w for w in doc.warnings)
