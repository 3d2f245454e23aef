"""Reading: text and boxes, scanned pages, and bad input (encrypted, corrupt, truncated,
no pages, mislabelled)."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from pdf_fixtures import PASSWORD, SECRET, ch19_encrypted_input, simple, text_image
from pdf_helpers import export, make_pipeline
from redactor_plugins.formats.pdf.read import PAGE_SEPARATOR, PdfReader

from redactor.core.context import RunContext
from redactor.core.errors import EncryptedInputError, InputError


def _read(path: Path, password: str | None = None):  # type: ignore[no-untyped-def]
    return PdfReader().read(path, RunContext(password=password))


def test_text_segments_and_boxes(tmp_path: Path) -> None:
    src = simple(tmp_path / "in.pdf", pages=[[f"Hello {SECRET}", "line two"], ["page two"]])
    doc = _read(src)
    assert doc.page_count == 2 and doc.format == "pdf"
    assert PAGE_SEPARATOR in doc.text
    assert [s.locator for s in doc.segments] == ["page:1", "page:2"]
    for seg in doc.segments:
        assert len(seg.boxes) == len(seg.span)
        assert {b.page for b in seg.boxes} == {int(seg.locator[5:]) - 1}
    start = doc.text.index(SECRET)
    g = doc.segments[0].boxes[start]
    assert 20 <= g.x0 < g.x1 and 140 < g.y0 < g.y1 < 170  # PDF user space, bottom-left origin
    assert doc.text[doc.segments[1].span.start: doc.segments[1].span.end].startswith("page two")
    assert len(doc.sha256) == 64


def test_scanned_page_warning(tmp_path: Path) -> None:
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    img, _ = text_image("scanned")
    path = tmp_path / "scan.pdf"
    c = canvas.Canvas(str(path), pagesize=(300, 200))
    c.drawString(20, 150, "text page")
    c.showPage()
    c.showPage()  # blank: no warning
    c.drawImage(ImageReader(img), 20, 20, 240, 40)
    c.showPage()
    c.save()
    doc = _read(path)
    # without an OCR engine the page is "not analysed"; with one (the pipeline hands the
    # built-in engine to the reader) its text is read and the user is told to check it
    not_read = "page 3 has no text layer (scanned?) — not analysed"
    read = "page 3: scanned (without a text layer), its text was read by OCR (rapidocr)"
    assert len(doc.warnings) == 1 and doc.warnings[0].startswith((not_read, read))
    result = export(path, tmp_path / "out.pdf")
    assert len(result.verification.warnings) == 1
    assert result.verification.warnings[0].startswith((not_read, read))


def test_a_large_image_without_text_over_it_is_warned_about(tmp_path: Path) -> None:
    """A page with some text and a scan (half the page) with no OCR layer: what the scan shows
    is neither found nor redacted. A small image (a logo) and an image with text over it
    (an OCR layer) give no warning."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    img, _ = text_image("scanned")
    path = tmp_path / "mixed.pdf"
    c = canvas.Canvas(str(path), pagesize=(300, 200))
    c.drawString(20, 180, "Attached: the signed form.")
    c.drawImage(ImageReader(img), 0, 0, 300, 100)  # half the page, no text over it
    c.showPage()
    c.drawString(20, 180, "A letterhead.")
    c.drawImage(ImageReader(img), 0, 0, 60, 20)  # 2 % of the page
    c.showPage()
    c.drawImage(ImageReader(img), 0, 0, 300, 100)
    c.drawString(20, 50, "OCR text over the scan")
    c.showPage()
    c.save()
    doc = _read(path)
    assert doc.warnings == ("page 1: an image covering 50 % of the page has no text over it — "
                            "text inside it is not found or redacted",)


def test_sniff(tmp_path: Path) -> None:
    reader = PdfReader()
    assert reader.sniff(tmp_path / "x.pdf", b"\n\n%PDF-1.7\n")
    assert not reader.sniff(tmp_path / "x.pdf", b"hello, this is text")


def test_encrypted_without_password(tmp_path: Path) -> None:
    src = ch19_encrypted_input(tmp_path / "enc.pdf")
    with pytest.raises(EncryptedInputError) as err:
        _read(src)
    assert err.value.exit_code == 3
    assert "is encrypted: give the password with --password" in str(err.value)
    with pytest.raises(EncryptedInputError) as err:
        _read(src, "wrong")
    assert "password" in str(err.value)


def test_encrypted_with_password(tmp_path: Path) -> None:
    src = ch19_encrypted_input(tmp_path / "enc.pdf")
    doc = _read(src, PASSWORD)
    assert SECRET in doc.text and doc.metadata["encrypted"] == "yes"


@pytest.mark.parametrize("kind", ["corrupt", "truncated", "no-pages", "text-file", "garbage"])
def test_bad_input(kind: str, tmp_path: Path) -> None:
    from pdf_helpers import make_pipeline

    path = tmp_path / "bad.pdf"
    if kind == "corrupt":
        good = simple(tmp_path / "good.pdf").read_bytes()
        path.write_bytes(good[:9] + b"\x00garbage\xff" * 40 + b"\n%%EOF\n")
    elif kind == "truncated":
        good = simple(tmp_path / "good.pdf").read_bytes()
        path.write_bytes(good[: len(good) * 2 // 3])
    elif kind == "no-pages":
        pikepdf.new().save(path)
    elif kind == "text-file":
        path.write_text("Just some notes about Galip Yalman.\n", encoding="utf-8")
    else:
        path.write_bytes(bytes(range(256)) * 8)
    if kind != "garbage":
        with pytest.raises(InputError) as err:
            _read(path)
        message = str(err.value)
        assert "\n" not in message and message.startswith("bad.pdf")
        assert SECRET not in message
    pipe = make_pipeline()
    with pytest.raises(InputError) as err:
        pipe.read(path, RunContext())
    if kind == "text-file":
        # a mislabelled file is refused with a message naming what it really is
        assert "looks like TXT" in str(err.value)


@pytest.mark.parametrize("name", ["pdf_as.txt", "pdf_as.docx"])
def test_a_pdf_under_another_extension_is_refused_as_a_pdf(name: str, tmp_path: Path) -> None:
    """A PDF whose streams are all ASCII is printable, but it is not text: it is never
    "redacted" as a TXT file (that wrote mangled PDF source)."""
    from reportlab.pdfgen import canvas

    path = tmp_path / name
    c = canvas.Canvas(str(path), pagesize=(300, 200))
    c.drawString(20, 150, f"Report on {SECRET}.")
    c.showPage()
    c.save()
    with pytest.raises(InputError, match="looks like PDF"):
        make_pipeline().read(path, RunContext())
