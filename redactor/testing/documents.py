"""Real documents for tests: an in-memory TXT document, and TXT, DOCX and PDF files.

``build_pdf`` writes a real text layer (reportlab): Helvetica when the text fits its
WinAnsi encoding, else a TrueType font (DejaVu Sans when the system has it, else the Vera
font that ships with reportlab; pass ``font=`` for scripts neither covers).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from pathlib import Path

from redactor.core.model import Document, Segment, Span

PAGE_SIZE = (595.0, 842.0)  # A4 in points
MARGIN = 56.0
FONT_SIZE = 11.0
LEADING = 15.0
_SYSTEM_FONTS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/Library/Fonts/DejaVuSans.ttf",
    "C:/Windows/Fonts/DejaVuSans.ttf",
)


def document_from_text(text: str, name: str = "test.txt") -> Document:
    """An in-memory TXT document (no file needed) for detector and indicator tests."""
    return Document(id=name, source=Path(name), format="txt", text=text,
                    segments=(Segment(Span(0, len(text)), "text"),),
                    metadata={"encoding": "utf-8"},
                    sha256=hashlib.sha256(text.encode()).hexdigest())


def build_txt(path: str | Path, text: str, *, encoding: str = "utf-8") -> Path:
    """Write ``text`` byte for byte (line endings as given) and return the path."""
    path = Path(path)
    path.write_bytes(text.encode(encoding))
    return path


def build_docx(path: str | Path, paragraphs: str | list[str]) -> Path:
    """A Word document with one paragraph per item (a string: one per line)."""
    import docx

    path = Path(path)
    items = paragraphs.split("\n") if isinstance(paragraphs, str) else list(paragraphs)
    document = docx.Document()
    for para in items:
        document.add_paragraph(para.replace("\r", ""))
    document.save(str(path))
    return path


def build_pdf(path: str | Path, text: str | list[str], *,
              font: str | Path | None = None) -> Path:
    """A PDF with a real text layer: one page per item of ``text`` (a string: one page, more
    if it is long); long lines are wrapped to the page width."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen import canvas

    path = Path(path)
    pages = [text] if isinstance(text, str) else list(text) or [""]
    font_name = _font_for("".join(pages), font)
    width = PAGE_SIZE[0] - 2 * MARGIN
    per_page = int((PAGE_SIZE[1] - 2 * MARGIN) // LEADING)
    c = canvas.Canvas(str(path), pagesize=PAGE_SIZE, invariant=1)
    c.setTitle("")
    c.setAuthor("")
    for page in pages:
        lines = list(_wrap(page, lambda s: pdfmetrics.stringWidth(s, font_name, FONT_SIZE),
                           width))
        for start in range(0, max(1, len(lines)), per_page):
            c.setFont(font_name, FONT_SIZE)
            y = PAGE_SIZE[1] - MARGIN
            for line in lines[start:start + per_page]:
                c.drawString(MARGIN, y, line)
                y -= LEADING
            c.showPage()
    c.save()
    return path


def _font_for(text: str, font: str | Path | None) -> str:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if font is None:
        try:
            text.encode("cp1252")
            return "Helvetica"
        except UnicodeEncodeError:
            font = next((p for p in _SYSTEM_FONTS if Path(p).is_file()), None)
            if font is None:
                import reportlab

                font = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
    name = "RT-" + Path(font).stem
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(font)))
    return name


def _wrap(text: str, measure: Callable[[str], float], width: float) -> Iterator[str]:
    """Lines of ``text`` (split on any line break), each wrapped at spaces to ``width``."""
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = ""
        for word in raw.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and measure(candidate) > width:
                yield line
                line = word
            else:
                line = candidate
        yield line
