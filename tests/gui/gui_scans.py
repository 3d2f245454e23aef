"""Scans for the GUI's OCR tests, built by the tests: text drawn into images with reportlab's
Vera font (it ships with reportlab), as PNG, multi-page TIFF, a PDF page that is only an
image, and a picture in a DOCX. Nothing is downloaded; the real OCR engine reads them."""

from __future__ import annotations

import io
import os
from pathlib import Path

import reportlab
from PIL import Image, ImageDraw, ImageFont

from redactor.plugin_api import RiskSignal, hookimpl

FONT = os.path.join(os.path.dirname(reportlab.__file__), "fonts", "Vera.ttf")
CARD = ("Client Anna Berg met", "Olaf Lund in Oslo.")


def text_image(lines: tuple[str, ...] = CARD, px: int = 34, size: tuple[int, int] = (900, 200)
               ) -> Image.Image:
    """A white image with ``lines`` in black ``px``-pixel type."""
    img = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(img)
    font = ImageFont.truetype(FONT, px)
    for i, line in enumerate(lines):
        draw.text((30, 30 + int(i * px * 2)), line, font=font, fill="black")
    return img


def tiff(path: Path, pages: int) -> Path:
    """A multi-page TIFF, each page two short lines."""
    frames = [text_image((f"Page {n + 1} of the file", "Olaf Lund signed."), px=30,
                         size=(640, 150)).convert("L") for n in range(pages)]
    frames[0].save(path, save_all=True, append_images=frames[1:])
    return path


def scanned_pdf(path: Path) -> Path:
    """Two pages: one with a text layer, one that is only an image of text (a scan)."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=(450, 300))
    c.drawString(30, 250, "Cover note: the scanned letter follows.")
    c.showPage()
    c.drawImage(ImageReader(text_image()), 0, 200, 450, 100)
    c.showPage()
    c.save()
    return path


def docx_with_picture(path: Path) -> Path:
    import docx
    from docx.shared import Inches

    d = docx.Document()
    d.add_paragraph("The client's card is attached.")
    buf = io.BytesIO()
    text_image().save(buf, "PNG")
    buf.seek(0)
    d.add_picture(buf, width=Inches(5))
    d.save(str(path))
    return path


class SafeIndicator:
    """Says every finding is safe (so that a finding is kept unless OCR doubts it)."""

    id = "always-safe"
    version = "1.0"

    def assess(self, doc, findings, entities, ctx):  # type: ignore[no-untyped-def]
        return [RiskSignal(self.id, 0.1, False, "looks safe") for _ in findings]


class SafePlugin:
    @hookimpl
    def register_risk_indicators(self, register):  # type: ignore[no-untyped-def]
        register(SafeIndicator())
