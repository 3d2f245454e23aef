"""Round trips through OCR: a scanned PDF page, an image-only page among text pages, a DOCX
with a photo of an ID card (body and header), a PNG and a multi-page TIFF — detected,
redacted (boxes burnt into the pixels), verified by reading the output again; the tests
read the outputs themselves too, with the independent engine where it is installed."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from ocr_fixtures import (
    ID_NUMBER,
    NAME,
    a4_page,
    degrade,
    docx_with_picture,
    id_card,
    page_lines,
    pdf_with_pages,
    text_image,
)
from ocr_helpers import cli, needs_ocr, ocr_text, tesseract_installed
from PIL import Image

pytestmark = needs_ocr
DENY = (NAME, ID_NUMBER)
ENGINES = ("rapidocr", "tesseract") if tesseract_installed() else ("rapidocr",)


def assert_unreadable(img: Image.Image, secrets: tuple[str, ...] = DENY,
                      kept: tuple[str, ...] = ()) -> None:
    """No engine reads a secret in ``img`` (each of its words on its own too); ``kept``
    words are still read."""
    for engine in ENGINES:
        text = " ".join(ocr_text(img, engine).split())
        for secret in secrets:
            assert secret not in text, (engine, secret)
            for word in secret.split():
                if len(word) > 3:
                    assert word not in text, (engine, word)
        if engine == "rapidocr":  # the primary engine still reads what was kept
            for word in kept:
                assert word in text, (engine, word)


def render(path: Path, index: int, dpi: int = 200) -> Image.Image:
    pdf = pdfium.PdfDocument(path)
    try:
        return pdf[index].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        pdf.close()


def test_png_by_the_cli(tmp_path: Path) -> None:
    """A full A4 scan (150 dpi, skewed 2°, noisy, JPEG artefacts) saved as PNG."""
    lines, _ = page_lines(2, 14)
    lines.insert(3, f"Passport no. {ID_NUMBER} belongs to {NAME}.")
    scan = degrade(a4_page(lines, dpi=150), seed=1, skew=2.0)
    src = tmp_path / "scan.png"
    scan.save(src, dpi=(150, 150))
    out, report = tmp_path / "out.png", tmp_path / "report.json"
    res = cli("redact", str(src), "-o", str(out), "--report", str(report),
              *[a for d in DENY for a in ("--deny", d)])
    assert res.returncode == 0, res.stderr[-3000:]
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["verification"]["ok"] is True
    with Image.open(out) as img:
        assert img.format == "PNG" and img.size == scan.size
        assert not img.getexif() and "icc_profile" not in img.info
        assert_unreadable(img.crop((0, 150, img.width, 600)), kept=("Passport", "belongs"))


def test_multi_page_tiff(tmp_path: Path, redact) -> None:  # type: ignore[no-untyped-def]
    first = a4_page([f"Statement of {NAME}", "made on the said date.",
                     f"Reference {ID_NUMBER}."], dpi=100, pt=14).crop((0, 0, 827, 300))
    second = id_card().rotate(90, expand=True)  # a card scanned sideways
    src = tmp_path / "scan.tif"
    first.save(src, save_all=True, append_images=[second.convert("L")], compression="tiff_lzw")
    result = redact(src, tmp_path / "out.tif", deny=DENY)
    assert result.verification.ok
    doc_pages = result.report["input"].get("pages") if "input" in result.report else None
    assert doc_pages in (None, 2)
    with Image.open(tmp_path / "out.tif") as img:
        assert img.n_frames == 2
        img.seek(0)
        assert_unreadable(img.convert("L"), kept=("Statement",))
        img.seek(1)
        assert_unreadable(img.convert("L").rotate(-90, expand=True), kept=("IDENTITY",))


def test_scanned_pdf_full_page(tmp_path: Path, redact) -> None:  # type: ignore[no-untyped-def]
    lines, _ = page_lines(3, 20)
    lines[5] = f"The passport {ID_NUMBER} of {NAME} was seized."
    src = pdf_with_pages(tmp_path / "scan.pdf", [degrade(a4_page(lines, dpi=200), skew=-1.0)])
    result = redact(src, tmp_path / "out.pdf", deny=DENY)
    assert result.verification.ok
    assert any("re-read" in c and "OCR" in c for c in result.verification.checks)
    page = render(tmp_path / "out.pdf", 0)
    assert_unreadable(page.crop((0, 150, page.width, 700)), kept=("passport", "seized"))


def test_image_only_page_among_text_pages(tmp_path: Path, redact) -> None:  # type: ignore[no-untyped-def]
    card = text_image(px=30, size=(900, 260))
    src = pdf_with_pages(tmp_path / "mixed.pdf", [
        f"Cover note: the card of {NAME} follows.", card, "Closing page, nothing to hide."])
    result = redact(src, tmp_path / "out.pdf", deny=DENY)
    assert result.verification.ok
    assert len(result.plan.replacements) >= 3  # the name on page 1, name and number on page 2
    text = pdfium.PdfDocument(tmp_path / "out.pdf")
    try:
        assert NAME.split()[1] not in text[0].get_textpage().get_text_range()
        assert "Closing page" in text[2].get_textpage().get_text_range()
    finally:
        text.close()
    assert_unreadable(render(tmp_path / "out.pdf", 1, dpi=150), kept=("Passport",))


def test_docx_with_a_photo_of_an_id_card(tmp_path: Path, redact) -> None:  # type: ignore[no-untyped-def]
    src = docx_with_picture(tmp_path / "card.docx", id_card(),
                            header=text_image((f"Holder: {NAME}",), px=30, size=(700, 90)))
    result = redact(src, tmp_path / "out.docx", deny=DENY)
    assert result.verification.ok
    assert not any("may show text that was not read" in w for w in result.verification.warnings)
    with zipfile.ZipFile(tmp_path / "out.docx") as zf:
        media = [n for n in zf.namelist() if n.startswith("word/media/")]
        assert len(media) == 2
        body = zf.read("word/document.xml").decode("utf-8")
        assert "identity card attached" in body
        for name in media:
            img = Image.open(io.BytesIO(zf.read(name)))
            assert not img.getexif()
            assert_unreadable(img.convert("RGB"))


def test_a_burn_that_misses_fails_the_export(tmp_path: Path, redact,  # type: ignore[no-untyped-def]
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A writer that leaves the pixels alone is caught by the re-read: exit 4, no file."""
    from redactor_plugins.formats.image import write

    from redactor.core.errors import VerificationError

    monkeypatch.setattr(write, "burn", lambda img, boxes: img)
    src = tmp_path / "card.png"
    text_image(px=30, size=(900, 260)).save(src)
    with pytest.raises(VerificationError) as err:
        redact(src, tmp_path / "out.png", deny=DENY)
    assert err.value.exit_code == 4
    assert not (tmp_path / "out.png").exists()
    assert not list(tmp_path.glob(".out.png.partial-*"))
    found = " ".join(f"{i.where}: {i.what}" for i in err.value.issues)
    assert "not painted" in found and "re-read by OCR" in found
