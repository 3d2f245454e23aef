#!/usr/bin/env python3
"""Build the bundled DOCX and PDF examples from ``examples/case_note.txt``.

    .venv/bin/python scripts/make_examples.py

The DOCX has a header, a footer, a table and formatted runs; the PDF has two pages with a
running header. Both carry the same fictitious identities as the TXT note.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def paragraphs() -> list[str]:
    text = (EXAMPLES / "case_note.txt").read_text(encoding="utf-8")
    return [" ".join(block.split()) for block in text.split("\n\n") if block.strip()]


def make_docx(dest: Path) -> None:
    from docx import Document
    from docx.shared import Pt

    doc = Document()
    doc.core_properties.author = "Example Author"
    section = doc.sections[0]
    section.header.paragraphs[0].text = "Riverside Family Services — CONFIDENTIAL"
    section.footer.paragraphs[0].text = "Case no. 2024-1187"
    paras = paragraphs()
    doc.add_heading(paras[0], level=1)
    for para in paras[1:]:
        p = doc.add_paragraph()
        head, sep, rest = para.partition(":")
        if sep and len(head) < 20:
            run = p.add_run(head + ":")
            run.bold = True
            p.add_run(rest)
        else:
            p.add_run(para)
        for run in p.runs:
            run.font.size = Pt(11)
    table = doc.add_table(rows=3, cols=2)
    table.style = "Table Grid"
    for row, (key, value) in zip(table.rows, [("Client", "Mr Tomas Berg"),
                                                ("Phone", "+47 22 33 44 55"),
                                                ("Account", "NO93 8601 1117 947")], strict=True):
        row.cells[0].text = key
        row.cells[1].text = value
    doc.save(str(dest))


def make_pdf(dest: Path) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer

    styles = getSampleStyleSheet()

    def header(canvas, _doc):  # type: ignore[no-untyped-def]
        canvas.saveState()
        canvas.setFont("Helvetica", 8)
        canvas.drawString(72, A4[1] - 40, "Riverside Family Services — Case no. 2024-1187")
        canvas.restoreState()

    paras = paragraphs()
    story = [Paragraph(paras[0], styles["Heading2"])]
    for i, para in enumerate(paras[1:], start=1):
        story.append(Paragraph(para.replace("&", "&amp;"), styles["BodyText"]))
        story.append(Spacer(1, 8))
        if i == len(paras) // 2:
            story.append(PageBreak())
    pdf = SimpleDocTemplate(str(dest), pagesize=A4, title="Case note", author="Example Author")
    pdf.build(story, onFirstPage=header, onLaterPages=header)


def main() -> None:
    make_docx(EXAMPLES / "case_note.docx")
    make_pdf(EXAMPLES / "case_note.pdf")
    print("wrote examples/case_note.docx and examples/case_note.pdf")


if __name__ == "__main__":
    main()
