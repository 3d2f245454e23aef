"""Generated test material for OCR: pages of text drawn with Pillow (reportlab's Vera font,
which ships with reportlab), degraded like scans, wrapped in PDF, DOCX, PNG, JPEG and TIFF.
Nothing is downloaded."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import numpy as np
import reportlab
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT = os.path.join(os.path.dirname(reportlab.__file__), "fonts", "Vera.ttf")
#: Debian's fonts-dejavu (other faces for the benchmark and the OCR training script).
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
#: Typographic quotes as ASCII: the recogniser reads “ as ", so text is compared folded.
QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "„": '"'})
NAME = "Ingrid Lindqvist"
ID_NUMBER = "784512-9931"
DATE = "3 May 1971"
CARD_LINES = (f"Name: {NAME}", f"Born {DATE} in Bergen", f"Passport no. {ID_NUMBER}")


def font(px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONT, px)


def text_image(lines: tuple[str, ...] = CARD_LINES, px: int = 34, size: tuple[int, int] = (
        1100, 300), mode: str = "RGB", margin: int = 40) -> Image.Image:
    """White image with ``lines`` in black ``px``-pixel type."""
    img = Image.new(mode, size, "white" if mode != "L" else 255)
    draw = ImageDraw.Draw(img)
    f = font(px)
    for i, line in enumerate(lines):
        draw.text((margin, margin + int(i * px * 1.6)), line, font=f, fill="black" if mode !=
                  "L" else 0)
    return img


def id_card(size: tuple[int, int] = (1000, 420)) -> Image.Image:
    """A 'photo of an ID card': a tinted card with a frame, a portrait box and text."""
    img = Image.new("RGB", size, (214, 226, 240))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle([8, 8, size[0] - 8, size[1] - 8], 24, outline=(40, 60, 110), width=6)
    draw.rectangle([40, 90, 250, 370], fill=(150, 160, 175))
    draw.text((40, 24), "IDENTITY CARD", font=font(40), fill=(20, 30, 90))
    for i, line in enumerate(CARD_LINES):
        draw.text((290, 110 + 80 * i), line, font=font(36), fill=(10, 10, 10))
    return img


def page_lines(seed: int, n: int) -> tuple[list[str], list[str]]:
    """``n`` lines of legal prose with names, case numbers and dates; and those PII words."""
    rng = random.Random(seed)
    first = ["Anna", "Johan", "Maria", "Peter", "Sofia", "Lars", "Ingrid", "Mehmet", "Olga"]
    last = ["Berg", "Lindqvist", "Okafor", "Yilmaz", "Novak", "Schmidt", "Hansen", "Moreau"]
    months = ["January", "March", "May", "July", "October", "December"]
    words = ("the applicant stated that on the said date a letter was sent to the court "
             "regarding the claim and the decision of the tribunal").split()
    lines, pii = [], []
    for _ in range(n):
        name = f"{rng.choice(first)} {rng.choice(last)}"
        date = f"{rng.randint(1, 28)} {rng.choice(months)} {rng.randint(1950, 2023)}"
        code = f"{rng.randint(100000, 999999)}-{rng.randint(1000, 9999)}"
        filler = " ".join(rng.choice(words) for _ in range(rng.randint(3, 6)))
        if rng.random() < 0.5:
            lines.append(f"{name} {filler} on {date}.")
            pii += [*name.split(), *date.split()]
        else:
            lines.append(f"Case no. {code} {filler} {name}.")
            pii += [code, *name.split()]
    return lines, pii


def a4_page(lines: list[str], dpi: int = 200, pt: float = 11.0, face: str = FONT
            ) -> Image.Image:
    """An A4 page (grey) at ``dpi`` with ``lines`` in ``pt``-point type (font file ``face``)."""
    w, h = int(8.27 * dpi), int(11.69 * dpi)
    img = Image.new("L", (w, h), 255)
    draw = ImageDraw.Draw(img)
    f = ImageFont.truetype(face, round(pt * dpi / 72))
    y = int(0.8 * dpi)
    for line in lines:
        draw.text((int(0.8 * dpi), y), line, font=f, fill=0)
        y += round(pt * 1.6 * dpi / 72)
    return img


def degrade(img: Image.Image, seed: int = 0, skew: float = 0.0, noise: float = 10.0,
            blur: float = 0.7, quality: int = 45) -> Image.Image:
    """A scan's defects: skew (degrees), blur, noise and JPEG artefacts."""
    rng = np.random.default_rng(seed)
    out = img.convert("L")
    if skew:
        out = out.rotate(skew, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=255)
    if blur:
        out = out.filter(ImageFilter.GaussianBlur(blur))
    arr = np.asarray(out).astype(np.float32) + rng.normal(0, noise, (out.height, out.width))
    out = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    buf = io.BytesIO()
    out.save(buf, "JPEG", quality=quality)
    return Image.open(io.BytesIO(buf.getvalue())).convert("L")


def pdf_with_pages(path: Path, pages: list[Image.Image | str], size: tuple[float, float] = (
        595.0, 842.0)) -> Path:
    """A PDF whose pages are images (as wide as the page, from its top: a scan) or lines of
    text."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=size)
    for page in pages:
        if isinstance(page, str):
            for i, line in enumerate(page.splitlines()):
                c.drawString(72, size[1] - 72 - 16 * i, line)
        else:
            height = size[0] * page.height / page.width  # the page's width, its own aspect
            c.drawImage(ImageReader(page), 0, size[1] - height, size[0], height)
        c.showPage()
    c.save()
    return path


def docx_with_picture(path: Path, picture: Image.Image, header: Image.Image | None = None
                      ) -> Path:
    """A DOCX with a paragraph, ``picture`` in the body, and ``header`` in the header."""
    import docx
    from docx.shared import Inches

    document = docx.Document()
    document.add_paragraph("Please find the applicant's identity card attached.")
    buf = io.BytesIO()
    picture.save(buf, "JPEG", quality=90)
    buf.seek(0)
    document.add_picture(buf, width=Inches(5.5))
    if header is not None:
        hbuf = io.BytesIO()
        header.save(hbuf, "PNG")
        hbuf.seek(0)
        document.sections[0].header.paragraphs[0].add_run().add_picture(hbuf, width=Inches(4))
    document.save(str(path))
    return path
