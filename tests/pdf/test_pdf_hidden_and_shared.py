"""Leaks beyond the checklist's single-channel fixtures: text inside soft masks and patterns
(where no extractor looks), one image object drawn on several pages, and a name carried by an
image's transparency."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest
from pdf_fixtures import IMAGE_RECT, SECRET, SIZE, _font, text_image, visible_page
from pdf_helpers import ONLY_TERMS, export
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas

from redactor.core.errors import VerificationError

V2 = {"keep_text_selectable": "true"}
FIRST, LAST = SECRET.split()


def _ocr_layer(c: canvas.Canvas, ink: tuple[int, int, int, int], img_width: int) -> None:
    """Invisible (render mode 3) text over the scanned name, as OCR software writes it."""
    x, y, w, h = IMAGE_RECT
    px = w / img_width
    left, top, right, bottom = ink
    size = (bottom - top) * px / 0.93
    t = c.beginText(x + left * px, y + h - bottom * px + 0.21 * size)
    t.setFont("Helvetica", size)
    t.setHorizScale(100 * (right - left) * px / pdfmetrics.stringWidth(SECRET, "Helvetica", size))
    t.setTextRenderMode(3)
    t.textLine(SECRET)
    c.drawText(t)


def _image_area(path: Path, page: int) -> np.ndarray:
    """Grey pixels of the image's place on ``page``, rendered at 2×."""
    pdf = pdfium.PdfDocument(str(path))
    img = pdf[page].render(scale=2).to_pil().convert("L")
    pdf.close()
    x, y, w, h = IMAGE_RECT
    top = SIZE[1] - y - h
    return np.asarray(img.crop((int(2 * x), int(2 * top), int(2 * (x + w)), int(2 * (top + h)))))


def _shared_image_pdf(path: Path) -> Path:
    """One scanned name drawn on two pages; only page 1 has the OCR text over it."""
    img, ink = text_image()
    buf = io.BytesIO()
    img.save(buf, "PNG")
    c = canvas.Canvas(str(path), pagesize=SIZE)
    for n in range(2):
        buf.seek(0)
        c.drawImage(ImageReader(buf), *IMAGE_RECT)  # reportlab draws ONE image object twice
        if n == 0:
            _ocr_layer(c, ink, img.width)
        c.setFont("Helvetica", 12)
        c.drawString(20, 150, f"Scan {n + 1}: the signed statement")
        c.showPage()
    c.save()
    with pikepdf.open(path) as pdf:
        objs = {xo.objgen for p in pdf.pages for _, xo in p.Resources.XObject.items()}
    assert len(objs) == 1  # the premise: one shared image object
    return path


@pytest.mark.parametrize("options", [{}, V2], ids=["v1-rendered", "v2-glyph"])
def test_an_image_redacted_on_one_page_is_redacted_wherever_it_is_drawn(
        options: dict[str, str], tmp_path: Path) -> None:
    src = _shared_image_pdf(tmp_path / "in.pdf")
    out = tmp_path / "out.pdf"
    assert _image_area(src, 1).mean() > 150  # page 2 shows the scanned name on white
    result = export(src, out, builtins=ONLY_TERMS, **options)
    assert result.verification.ok
    for page in (0, 1):
        area = _image_area(out, page)
        # the name's ink is under a black box on both pages
        assert (area < 60).mean() > 0.3, page
        assert area[area.shape[0] // 2].min() < 30


def test_a_name_carried_by_an_image_transparency_is_boxed_opaque(tmp_path: Path) -> None:
    """Black pixels everywhere, the name drawn by the soft mask: painting the colour pixels
    alone would leave the name's shape on the page (v2 keeps the page as text)."""
    scan, ink = text_image()
    alpha = Image.eval(scan.convert("L"), lambda v: 255 - v)  # opaque where the ink is
    rgba = Image.new("RGBA", scan.size, (0, 0, 0, 0))
    rgba.putalpha(alpha)
    buf = io.BytesIO()
    rgba.save(buf, "PNG")
    src, out = tmp_path / "in.pdf", tmp_path / "out.pdf"
    c = canvas.Canvas(str(src), pagesize=SIZE)
    buf.seek(0)
    c.drawImage(ImageReader(buf), *IMAGE_RECT, mask="auto")
    _ocr_layer(c, ink, scan.width)
    c.setFont("Helvetica", 12)
    c.drawString(20, 150, "Signed by the applicant:")
    c.showPage()
    c.save()
    with pikepdf.open(src) as pdf:
        assert any("/SMask" in xo for _, xo in pdf.pages[0].Resources.XObject.items())
    before = _image_area(src, 0)
    assert (before < 60).mean() < 0.25  # the name's strokes on white
    result = export(src, out, builtins=ONLY_TERMS, **V2)
    assert result.verification.ok
    area = _image_area(out, 0)
    left, top, right, bottom = ink
    sy, sx = area.shape[0] / scan.height, area.shape[1] / scan.width
    box = area[int(top * sy) + 2:int(bottom * sy) - 2, int(left * sx) + 2:int(right * sx) - 2]
    assert box.max() < 60  # a solid box over the whole name, not its outline


def _hidden_pdf(path: Path, kind: str, mode: int = 0, font: pikepdf.Dictionary | None = None,
                shown: bytes = b"") -> Path:
    """Page 1 names the person (so there is something to redact); page 2 draws the name,
    split over two operators, inside a soft mask's group or a tiling pattern's cell (or
    ``shown``, the bytes of one string, in ``font``)."""
    c = canvas.Canvas(str(path), pagesize=SIZE)
    visible_page(c)
    c.showPage()
    c.setFont("Helvetica", 12)
    c.drawString(20, 150, "A page with a decoration.")
    c.showPage()
    c.save()
    text = f"BT /F1 14 Tf {mode} Tr 10 20 Td ({FIRST}) Tj ( {LAST}) Tj ET".encode()
    if shown:
        text = b"BT /F1 14 Tf 10 20 Td <" + shown.hex().encode() + b"> Tj ET"
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        page = pdf.pages[1]
        font = pikepdf.Dictionary(F1=pdf.make_indirect(font) if font is not None else _font(pdf))
        if kind == "soft mask":
            group = pikepdf.Stream(pdf, text, Type=pikepdf.Name.XObject,
                                   Subtype=pikepdf.Name.Form, BBox=[0, 0, 300, 200],
                                   Group=pikepdf.Dictionary(S=pikepdf.Name.Transparency,
                                                            CS=pikepdf.Name.DeviceGray),
                                   Resources=pikepdf.Dictionary(Font=font))
            gs = pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, SMask=pikepdf.Dictionary(
                Type=pikepdf.Name.Mask, S=pikepdf.Name.Luminosity, G=group))
            page.Resources.ExtGState = pikepdf.Dictionary(GS1=gs)
            page.contents_add(pikepdf.Stream(pdf, b"q /GS1 gs 0 g 0 0 300 100 re f Q"))
        else:
            pat = pikepdf.Stream(pdf, text, Type=pikepdf.Name.Pattern, PatternType=1,
                                 PaintType=1, TilingType=1, BBox=[0, 0, 300, 60], XStep=300,
                                 YStep=60, Resources=pikepdf.Dictionary(Font=font))
            page.Resources.Pattern = pikepdf.Dictionary(P1=pat)
            page.contents_add(pikepdf.Stream(pdf, b"q /Pattern cs /P1 scn 0 0 300 100 re f Q"))
        pdf.save(path)
    return path


@pytest.mark.parametrize("kind", ["soft mask", "pattern"])
@pytest.mark.parametrize("options", [{}, V2], ids=["v1-rendered", "v2-glyph"])
def test_a_name_drawn_inside_a_soft_mask_or_pattern_fails_loudly(
        kind: str, options: dict[str, str], tmp_path: Path) -> None:
    src = _hidden_pdf(tmp_path / "in.pdf", kind)
    out = tmp_path / "out.pdf"
    with pytest.raises(VerificationError, match="page 2 draws redacted text inside a soft mask"):
        export(src, out, builtins=ONLY_TERMS, **options)
    assert not out.exists()


def test_invisible_text_in_a_pattern_makes_the_page_rendered(tmp_path: Path) -> None:
    from pdf_helpers import assert_secret_absent, make_pipeline

    from redactor.core.context import RunContext

    src = _hidden_pdf(tmp_path / "in.pdf", "pattern", mode=3)
    out = tmp_path / "out.pdf"
    pipe = make_pipeline(SECRET, ONLY_TERMS)
    ctx = RunContext()
    result = pipe.export(pipe.analyze(pipe.read(src, ctx), ctx), out, ctx)
    assert result.verification.ok
    assert "pattern" in ctx.memo["pdf-writer"]["pages"][1]  # rendered, not copied
    assert_secret_absent(out)


def test_clipping_text_in_a_pattern_counts_as_visible(tmp_path: Path) -> None:
    """Render mode 7 draws nothing itself but clips what is painted next to the letters'
    shape: the name shows."""
    src = _hidden_pdf(tmp_path / "in.pdf", "pattern", mode=7)
    with pytest.raises(VerificationError, match="page 2 draws redacted text"):
        export(src, tmp_path / "out.pdf", builtins=ONLY_TERMS)


def test_a_name_in_a_font_with_a_differences_encoding_is_read(tmp_path: Path) -> None:
    """Every byte one below its letter, mapped back by /Differences: read as glyph names."""
    names = [pikepdf.Name("/space" if ch == " " else "/" + ch) for ch in SECRET]
    codes = bytes(ord(ch) - 1 for ch in SECRET)
    diffs = pikepdf.Array()
    for code, name in zip(codes, names, strict=True):
        diffs.append(code)
        diffs.append(name)
    font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                              BaseFont=pikepdf.Name.Helvetica,
                              Encoding=pikepdf.Dictionary(Differences=diffs))
    src = _hidden_pdf(tmp_path / "in.pdf", "soft mask", font=font, shown=codes)
    with pytest.raises(VerificationError, match="page 2 draws redacted text"):
        export(src, tmp_path / "out.pdf", builtins=ONLY_TERMS)


def test_text_in_a_font_that_cannot_be_decoded_there_fails_loudly(tmp_path: Path) -> None:
    font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type0,
                              BaseFont=pikepdf.Name("/SomeCID"), Encoding=pikepdf.Name("/Identity-H"))
    src = _hidden_pdf(tmp_path / "in.pdf", "pattern", font=font, shown=b"\x00\x2a\x00\x2b")
    out = tmp_path / "out.pdf"
    with pytest.raises(VerificationError, match="cannot be decoded"):
        export(src, out, builtins=ONLY_TERMS)
    assert not out.exists()


def test_a_name_drawn_by_a_type3_glyph_fails_loudly(tmp_path: Path) -> None:
    """The text engines read the glyph's character ("a"); its procedure draws the name."""
    src = tmp_path / "in.pdf"
    c = canvas.Canvas(str(src), pagesize=SIZE)
    visible_page(c)
    c.showPage()
    c.drawString(20, 150, "A page with one odd glyph.")
    c.showPage()
    c.save()
    with pikepdf.open(src, allow_overwriting_input=True) as pdf:
        proc = pikepdf.Stream(pdf, f"1000 0 0 0 0 0 d1 BT /F1 100 Tf 0 0 Td ({SECRET}) Tj ET"
                              .encode())
        t3 = pikepdf.Dictionary(
            Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type3, FontBBox=[0, 0, 1000, 1000],
            FontMatrix=[0.001, 0, 0, 0.001, 0, 0], FirstChar=97, LastChar=97, Widths=[1000],
            Encoding=pikepdf.Dictionary(Differences=[97, pikepdf.Name.a]),
            CharProcs=pikepdf.Dictionary(a=proc),
            Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=_font(pdf))))
        page = pdf.pages[1]
        page.Resources.Font = pikepdf.Dictionary(T3=pdf.make_indirect(t3))
        page.contents_add(pikepdf.Stream(pdf, b"BT /T3 12 Tf 20 60 Td (a) Tj ET"))
        pdf.save(src)
    with pytest.raises(VerificationError, match="Type3"):
        export(src, tmp_path / "out.pdf", builtins=ONLY_TERMS)


def test_an_image_redacted_on_one_page_and_drawn_in_a_pattern_elsewhere_fails(
        tmp_path: Path) -> None:
    src = _shared_image_pdf(tmp_path / "in.pdf")
    with pikepdf.open(src, allow_overwriting_input=True) as pdf:
        page = pdf.pages[1]
        (name, image), = page.Resources.XObject.items()
        pat = pikepdf.Stream(pdf, f"q 140 0 0 20 0 0 cm {name} Do Q".encode(),
                             Type=pikepdf.Name.Pattern, PatternType=1, PaintType=1,
                             TilingType=1, BBox=[0, 0, 140, 20], XStep=140, YStep=20,
                             Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(
                                 {name: image})))
        page.Resources.XObject = pikepdf.Dictionary()
        page.Resources.Pattern = pikepdf.Dictionary(P1=pat)
        page.Contents = pikepdf.Stream(pdf, b"q /Pattern cs /P1 scn 20 60 140 20 re f Q")
        pdf.save(src)
    out = tmp_path / "out.pdf"
    with pytest.raises(VerificationError, match="page 2 uses an image that is redacted"):
        export(src, out, builtins=ONLY_TERMS)
    assert not out.exists()


def test_a_background_image_on_every_page_does_not_carry_boxes(tmp_path: Path) -> None:
    """A letterhead or paper image drawn on every page is blank under the text printed over
    it: a redaction on page 1 must not black out the same place on page 2."""
    from pdf_helpers import make_pipeline

    from redactor.core.context import RunContext

    paper = Image.new("RGB", (300, 200), (250, 247, 240))
    paper.paste((30, 70, 140), (0, 0, 300, 20))  # a coloured band at the top
    buf = io.BytesIO()
    paper.save(buf, "PNG")
    src, out = tmp_path / "in.pdf", tmp_path / "out.pdf"
    c = canvas.Canvas(str(src), pagesize=SIZE)
    for text in (f"Report on {SECRET} today", "Assessment findings are normal"):
        buf.seek(0)
        c.drawImage(ImageReader(buf), 0, 0, *SIZE)  # one image object, drawn on both pages
        c.setFont("Helvetica", 12)
        c.drawString(20, 150, text)
        c.showPage()
    c.save()
    pipe = make_pipeline(SECRET, ONLY_TERMS)
    ctx = RunContext()
    result = pipe.export(pipe.analyze(pipe.read(src, ctx), ctx), out, ctx)
    assert result.verification.ok
    assert ctx.memo["pdf-writer"]["pages"][1] == "copied"  # no box was carried to page 2
    pdf = pdfium.PdfDocument(str(out))
    assert "Assessment findings are normal" in pdf[1].get_textpage().get_text_range()
    pdf.close()


def test_a_composite_font_with_a_two_byte_map_is_read() -> None:
    """Word and LibreOffice write text in Type0 fonts (Identity-H): a watermark in one, inside
    a soft mask, is read through its ToUnicode map — not refused as undecodable."""
    from redactor_plugins.formats.pdf.hidden_text import hidden_text

    pdf = pikepdf.new()
    word = "DRAFT " + SECRET
    codes = {ch: 0x20 + i for i, ch in enumerate(dict.fromkeys(word))}
    cmap = "\n".join(f"<{c:04X}> <{ord(ch):04X}>" for ch, c in codes.items())
    to_unicode = pikepdf.Stream(pdf, (f"begincmap\n{len(codes)} beginbfchar\n{cmap}\n"
                                      "endbfchar\nendcmap").encode())
    font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type0,
                              BaseFont=pikepdf.Name("/DejaVuSans"),
                              Encoding=pikepdf.Name("/Identity-H"), ToUnicode=to_unicode)
    shown = b"".join(codes[ch].to_bytes(2, "big") for ch in word)
    group = pikepdf.Stream(pdf, b"BT /F1 40 Tf 10 10 Td <" + shown.hex().encode() + b"> Tj ET",
                           Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                           BBox=[0, 0, 300, 200],
                           Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)))
    res = pikepdf.Dictionary(ExtGState=pikepdf.Dictionary(GS1=pikepdf.Dictionary(
        SMask=pikepdf.Dictionary(S=pikepdf.Name.Luminosity, G=pdf.make_indirect(group)))))
    visible, invisible, unreadable = hidden_text(res)
    assert not unreadable and not invisible
    assert word in visible
