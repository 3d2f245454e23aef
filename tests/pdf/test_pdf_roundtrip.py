"""Round trips (pages, sizes, rotation, untouched pages, text layer), options, and a broken
writer that verification must catch."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest
from pdf_fixtures import SECRET, simple
from pdf_helpers import ONLY_TERMS, assert_secret_absent, export, extracted_texts, make_pipeline
from redactor_plugins.formats.pdf import render_redact as pdf_render_redact

from redactor.core.context import RunContext
from redactor.core.errors import VerificationError


def _four_pages(path: Path) -> Path:
    simple(path, pages=[
        [f"Dear {SECRET},", "your appointment is confirmed.", "Kind regards"],
        ["A page without any name.", "It must look the same."],
        [f"Signed: {SECRET}", "Ankara office"],
        ["Appendix: nothing personal here."],
    ])
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.pages[1].MediaBox = [0, 0, 400, 250]
        pdf.pages[2].Rotate = 90
        pdf.pages[3].Rotate = 270
        pdf.pages[3].CropBox = [10, 10, 290, 190]
        pdf.save(path)
    return path


def _render(path: Path, index: int, scale: float = 0.5) -> np.ndarray:
    doc = pdfium.PdfDocument(path)
    try:
        return np.asarray(doc[index].render(scale=scale).to_pil().convert("L"), dtype=np.int16)
    finally:
        doc.close()


def test_geometry_and_untouched_pages(tmp_path: Path) -> None:
    src = _four_pages(tmp_path / "in.pdf")
    out = tmp_path / "out.pdf"
    pipe = make_pipeline()
    ctx = RunContext()
    result = pipe.export(pipe.analyze(pipe.read(src, ctx), ctx), out, ctx)
    assert result.verification.ok
    assert ctx.memo["pdf-writer"]["pages"] == {0: "rendered", 1: "copied", 2: "rendered",
                                               3: "copied"}
    with pikepdf.open(src) as a, pikepdf.open(out) as b:
        assert len(a.pages) == len(b.pages) == 4
        for pa, pb in zip(a.pages, b.pages, strict=True):
            assert [float(v) for v in pa.mediabox] == [float(v) for v in pb.mediabox]
            assert [float(v) for v in pa.cropbox] == [float(v) for v in pb.cropbox]
            assert int(pa.obj.get("/Rotate", 0)) == int(pb.obj.get("/Rotate", 0))
        # untouched pages are copied (fonts kept), redacted ones are images
        assert "/Font" in b.pages[1].Resources and "/XObject" not in b.pages[1].Resources
        assert "/Im0" in b.pages[0].Resources.XObject
    for index in (1, 3):
        diff = np.abs(_render(src, index) - _render(out, index))
        assert diff.mean() < 1.0 and np.percentile(diff, 99.5) < 40
    # the redacted page still looks like the input outside the box
    a, b = _render(src, 0, 1.0), _render(out, 0, 1.0)
    assert a.shape == b.shape
    assert np.abs(a - b)[100:, :].mean() < 2.0
    assert_secret_absent(out)


def test_kept_text_extractable_with_text_layer(tmp_path: Path) -> None:
    src = _four_pages(tmp_path / "in.pdf")
    out = tmp_path / "out.pdf"
    export(src, out, builtins=ONLY_TERMS)  # other detectors must not mask the words checked
    texts = extracted_texts(out)
    for engine in ("pdfplumber", "pypdfium2"):
        flat = " ".join(texts[engine].split())
        for word in ("Dear", "appointment", "confirmed.", "Signed:", "office", "Appendix:"):
            assert word in flat, (engine, word)


def test_text_layer_off_and_overlay(tmp_path: Path) -> None:
    src = _four_pages(tmp_path / "in.pdf")
    out = tmp_path / "out.pdf"
    export(src, out, pdf_text_layer="false", overlay="replacement")
    texts = extracted_texts(out)
    assert "appointment" not in texts["pypdfium2"]  # page 1 is an image with no text layer
    assert "[REDACTED]" in texts["pypdfium2"]  # the replacement is drawn inside the box
    assert_secret_absent(out)
    out2 = tmp_path / "out2.pdf"
    export(src, out2, overlay="code", exemption_code="(b)(6)")
    assert "(b)(6)" in extracted_texts(out2)["pdfplumber"]


def test_untouched_page_with_hidden_text_is_rerendered(tmp_path: Path) -> None:
    from reportlab.pdfgen import canvas

    path = tmp_path / "in.pdf"
    c = canvas.Canvas(str(path), pagesize=(300, 200))
    c.drawString(20, 150, f"Report on {SECRET}")
    c.showPage()
    t = c.beginText(20, 150)
    t.setTextRenderMode(3)
    t.textLine("an OCR layer without names")
    c.drawText(t)
    c.showPage()
    c.save()
    pipe = make_pipeline(builtins=ONLY_TERMS)  # no model may flag page 2
    ctx = RunContext()
    analysis = pipe.analyze(pipe.read(path, ctx), ctx)
    result = pipe.export(analysis, tmp_path / "out.pdf", ctx)
    assert result.verification.ok
    pages = ctx.memo["pdf-writer"]["pages"]
    assert pages[0] == "rendered" and pages[1].startswith("rendered (invisible text")


def test_broken_writer_is_caught_and_leaves_no_file(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    src = _four_pages(tmp_path / "in.pdf")
    original = pdf_render_redact.render_page

    def no_paint(pdoc, index, rects, dpi):  # type: ignore[no-untyped-def]
        return original(pdoc, index, [], dpi)

    monkeypatch.setattr(pdf_render_redact, "render_page", no_paint)
    out = tmp_path / "out.pdf"
    with pytest.raises(VerificationError) as err:
        export(src, out)
    assert "not painted" in str(err.value)
    assert SECRET not in str(err.value) and "Galip" not in str(err.value)
    assert list(tmp_path.iterdir()) == [src]


def test_text_layer_leak_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = _four_pages(tmp_path / "in.pdf")
    original = pdf_render_redact.kept_words
    monkeypatch.setattr(pdf_render_redact, "kept_words",
                        lambda doc, seg, redacted: original(doc, seg, []))
    with pytest.raises(VerificationError) as err:
        export(src, tmp_path / "out.pdf")
    assert "survives" in str(err.value) and "Galip" not in str(err.value)
    assert list(tmp_path.iterdir()) == [src]


def test_metadata_leak_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = _four_pages(tmp_path / "in.pdf")

    def leaky_info(out):  # type: ignore[no-untyped-def]
        out.trailer.Info = out.make_indirect(pikepdf.Dictionary(Author=pikepdf.String(SECRET)))

    monkeypatch.setattr(pdf_render_redact, "neutral_info", leaky_info)
    with pytest.raises(VerificationError) as err:
        export(src, tmp_path / "out.pdf")
    assert "survives" in str(err.value) and "Galip" not in str(err.value)
    assert list(tmp_path.iterdir()) == [src]


def test_short_numeric_secret_does_not_trip_raw_channels(tmp_path: Path) -> None:
    src = simple(tmp_path / "in.pdf", pages=[["Age: 42 years", "Room 7"], ["Nothing here"]],
                 size=(300, 242))
    pipe = make_pipeline("42", builtins=ONLY_TERMS)
    ctx = RunContext()
    result = pipe.export(pipe.analyze(pipe.read(src, ctx), ctx), tmp_path / "out.pdf", ctx)
    assert result.verification.ok
    assert ctx.memo["pdf-writer"]["pages"][1] == "copied"
    assert "42" not in " ".join(extracted_texts(tmp_path / "out.pdf")["pypdfium2"].split())
