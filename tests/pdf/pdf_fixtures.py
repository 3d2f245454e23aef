"""Builders for small PDF fixtures, one per leak channel of REDACTION_CHECKLIST.md (PDF 1–20).

Every builder writes a PDF to a path and plants ``SECRET`` in its channel; the secret is also
in the visible text, so the page is redacted, and the channel must be gone from the output.
Pages are small (300 × 200 pt) to keep rendering cheap.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pikepdf
from PIL import Image, ImageDraw
from reportlab.lib.colors import black, white
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

SECRET = "Galip Yalman"
PASSWORD = "s3cret-pw"
SIZE = (300.0, 200.0)
Name = pikepdf.Name


def visible_page(c: canvas.Canvas, extra: str = "", y: float = 150) -> None:
    c.setFont("Helvetica", 12)
    c.drawString(20, y, f"Report on {SECRET} today")
    c.drawString(20, y - 20, "The weather was fine." + extra)


def simple(path: Path, pages: list[list[str]] | None = None, size: tuple[float, float] = SIZE
           ) -> Path:
    """Plain text pages (default: one page with the secret)."""
    c = canvas.Canvas(str(path), pagesize=size)
    for lines in pages or [[f"Report on {SECRET} today", "The weather was fine."]]:
        c.setFont("Helvetica", 12)
        for n, line in enumerate(lines):
            c.drawString(20, size[1] - 50 - 20 * n, line)
        c.showPage()
    c.save()
    return path


def _font(pdf: pikepdf.Pdf) -> pikepdf.Dictionary:
    return pdf.make_indirect(pikepdf.Dictionary(Type=Name.Font, Subtype=Name.Type1,
                                                BaseFont=Name.Helvetica,
                                                Encoding=Name.WinAnsiEncoding))


def raw_page_pdf(path: Path, content: bytes, extra_resources: dict | None = None,
                 pages: int = 1) -> Path:
    """A PDF whose first page has exactly ``content`` (font /F1 = Helvetica)."""
    pdf = pikepdf.new()
    font = _font(pdf)
    for i in range(pages):
        res = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
        for k, v in (extra_resources or {}).items():
            res[k] = v
        body = content if i == 0 else b"BT /F1 12 Tf 20 150 Td (Second page) Tj ET"
        page = pikepdf.Dictionary(Type=Name.Page, MediaBox=[0, 0, *SIZE], Resources=res,
                                  Contents=pikepdf.Stream(pdf, body))
        pdf.pages.append(pikepdf.Page(page))
    pdf.save(path)
    return path


VISIBLE = f"BT /F1 12 Tf 20 150 Td (Report on {SECRET} today) Tj ET\n".encode()


def _annot(pdf: pikepdf.Pdf, **kw: object) -> pikepdf.Dictionary:
    return pdf.make_indirect(pikepdf.Dictionary(Type=Name.Annot, **kw))


def _ap(pdf: pikepdf.Pdf, content: bytes, bbox: list[float]) -> pikepdf.Dictionary:
    stream = pikepdf.Stream(pdf, content, Type=Name.XObject, Subtype=Name.Form, BBox=bbox,
                            Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=_font(pdf))))
    return pikepdf.Dictionary(N=stream)


# -- 1 … 20 ---------------------------------------------------------------------------------
def ch01_annotation_box(path: Path) -> Path:
    simple(path)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        rect = [70, 140, 150, 165]
        ap = _ap(pdf, b"0 g 0 0 80 25 re f", [0, 0, 80, 25])
        sq = _annot(pdf, Subtype=Name.Square, Rect=rect, IC=[0, 0, 0], C=[0, 0, 0],
                    Contents=pikepdf.String(SECRET), T=pikepdf.String(SECRET), AP=ap)
        hl = _annot(pdf, Subtype=Name.Highlight, Rect=rect, QuadPoints=[70, 165, 150, 165, 70,
                                                                          140, 150, 140],
                    Contents=pikepdf.String(f"highlight {SECRET}"))
        pdf.pages[0].Annots = pdf.make_indirect(pikepdf.Array([sq, hl]))
        pdf.save(path)
    return path


def ch02_filled_rectangle(path: Path) -> Path:
    c = canvas.Canvas(str(path), pagesize=SIZE)
    visible_page(c)
    c.setFillColor(black)
    c.rect(15, 140, 200, 25, fill=1, stroke=0)
    c.showPage()
    c.save()
    return path


def ch03_tj_kerning(path: Path) -> Path:
    body = (b"BT /F1 12 Tf 20 150 Td [(Report on Gal) -20 (ip Yal) 15 (man) -250 (today)] TJ "
            b"ET\nBT /F1 12 Tf 20 120 Td (The weather was fine.) Tj ET\n")
    return raw_page_pdf(path, body)


def ch04_repeated_elsewhere(path: Path) -> Path:
    c = canvas.Canvas(str(path), pagesize=SIZE)
    for n in range(3):
        c.setFont("Helvetica", 8)
        c.drawString(20, 185, f"Case of {SECRET} - confidential")  # running header
        c.drawString(20, 8, f"{SECRET} / page {n + 1}")  # running footer
        c.setFont("Helvetica", 12)
        c.drawString(20, 120, f"Body {n + 1}: {SECRET} said so.")
        c.showPage()
    c.setFont("Helvetica", 12)
    c.drawString(20, 120, "An untouched page.")
    c.showPage()
    c.save()
    return path


def ch05_xobject_pattern_appearance(path: Path) -> Path:
    c = canvas.Canvas(str(path), pagesize=SIZE)
    c.beginForm("stamp")
    c.setFont("Helvetica", 10)
    c.drawString(0, 0, f"Form XObject {SECRET}")
    c.endForm()
    visible_page(c)
    c.doForm("stamp")
    c.showPage()
    c.save()
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        page = pdf.pages[0]
        pat = pikepdf.Stream(pdf, f"BT /F1 6 Tf 0 2 Td 3 Tr ({SECRET}) Tj ET".encode(),
                             Type=Name.Pattern, PatternType=1, PaintType=1, TilingType=1,
                             BBox=[0, 0, 60, 10], XStep=60, YStep=10,
                             Resources=pikepdf.Dictionary(
                                 Font=pikepdf.Dictionary(F1=_font(pdf))))
        page.Resources.Pattern = pikepdf.Dictionary(P1=pat)
        page.contents_add(pikepdf.Stream(pdf, b"q /Pattern cs /P1 scn 200 20 60 20 re f Q"))
        ap = _ap(pdf, f"BT /F1 8 Tf 0 2 Td ({SECRET} appearance) Tj ET".encode(),
                 [0, 0, 100, 12])
        page.Annots = pdf.make_indirect(pikepdf.Array([_annot(
            pdf, Subtype=Name.Stamp, Rect=[180, 60, 280, 72], AP=ap)]))
        pdf.save(path)
    return path


def ch06_invisible_text(path: Path) -> Path:
    c = canvas.Canvas(str(path), pagesize=SIZE)
    visible_page(c)
    t = c.beginText(20, 90)
    t.setFont("Helvetica", 10)
    t.setTextRenderMode(3)
    t.textLine(f"OCR {SECRET} layer")
    t.setTextRenderMode(0)
    c.drawText(t)
    c.setFillColor(white)
    c.setFont("Helvetica", 10)
    c.drawString(20, 70, f"white {SECRET} on white")
    c.setFillColor(black)
    c.setFont("Helvetica", 0.2)
    c.drawString(20, 60, f"tiny {SECRET} text")
    c.saveState()
    p = c.beginPath()
    p.rect(0, 0, 5, 5)
    c.clipPath(p, stroke=0, fill=0)
    c.setFont("Helvetica", 10)
    c.drawString(100, 40, f"clipped {SECRET} text")
    c.restoreState()
    c.setFont("Helvetica", 10)
    c.drawString(-400, 30, f"off-page {SECRET} text")
    c.showPage()
    c.save()
    return path


def text_image(text: str = SECRET) -> tuple[Image.Image, tuple[int, int, int, int]]:
    """A 'scan' of ``text`` and its ink box in pixels (left, top, right, bottom)."""
    img = Image.new("RGB", (240, 40), "white")
    draw = ImageDraw.Draw(img)
    draw.text((5, 8), text, fill="black", font_size=22)
    return img, draw.textbbox((5, 8), text, font_size=22)


IMAGE_RECT = (20.0, 60.0, 140.0, 20.0)  # x, y, width, height on the page


def ch07_image_text(path: Path) -> Path:
    buf = io.BytesIO()
    img, (left, top, right, bottom) = text_image()
    img.save(buf, "PNG")
    x, y, w, h = IMAGE_RECT
    px = w / img.width  # points per pixel
    ink_x0, ink_w = x + left * px, (right - left) * px
    ink_y0, ink_h = y + h - bottom * px, (bottom - top) * px
    size = ink_h / 0.93
    scale = 100 * ink_w / pdfmetrics.stringWidth(SECRET, "Helvetica", size)
    c = canvas.Canvas(str(path), pagesize=SIZE)
    for n in range(2):
        from reportlab.lib.utils import ImageReader

        buf.seek(0)
        c.drawImage(ImageReader(buf), x, y, w, h)
        t = c.beginText(ink_x0, ink_y0 + 0.21 * size)  # the OCR layer over the scanned name
        t.setFont("Helvetica", size)
        t.setHorizScale(scale)
        t.setTextRenderMode(3)
        t.textLine(SECRET)
        t.setTextRenderMode(0)
        t.setHorizScale(100)
        c.drawText(t)
        c.setFont("Helvetica", 12)
        c.drawString(20, 150, f"Scan {n + 1} of {SECRET}")
        c.showPage()
    c.save()
    return path


def ch08_vector_signature(path: Path) -> Path:
    c = canvas.Canvas(str(path), pagesize=SIZE)
    visible_page(c)
    c.setLineWidth(1.5)
    p = c.beginPath()
    p.moveTo(75, 145)
    p.curveTo(90, 175, 110, 130, 125, 160)
    p.curveTo(135, 140, 150, 170, 165, 150)
    c.drawPath(p, stroke=1, fill=0)
    c.showPage()
    c.save()
    return path


def ch09_metadata(path: Path) -> Path:
    c = canvas.Canvas(str(path), pagesize=SIZE)
    c.setAuthor(SECRET)
    c.setTitle(f"Notes about {SECRET}")
    c.setSubject(SECRET)
    c.setKeywords([SECRET])
    visible_page(c)
    c.showPage()
    c.save()
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            meta["dc:creator"] = [SECRET]
            meta["xmpMM:History"] = [f"saved by {SECRET}"]
            meta["pdf:Keywords"] = SECRET
        page = pdf.pages[0]
        page.PieceInfo = pikepdf.Dictionary(App=pikepdf.Dictionary(
            LastModified=pikepdf.String("D:20240101"),
            Private=pikepdf.String(f"edited by {SECRET}")))
        page.Metadata = pdf.make_stream(f"<x:xmpmeta>{SECRET}</x:xmpmeta>".encode())
        pdf.save(path)
    return path


def ch10_incremental_update(path: Path) -> Path:
    """Revision 1 says more than revision 2; an unreferenced object keeps a note."""
    base = path.with_suffix(".base.pdf")
    raw_page_pdf(base, VISIBLE + f"BT /F1 10 Tf 20 100 Td (Draft: {SECRET} lives in Ankara) "
                 "Tj ET\n".encode())
    with pikepdf.open(base, allow_overwriting_input=True) as pdf:
        pdf.docinfo = pdf.make_indirect(pikepdf.Dictionary(Author=pikepdf.String(SECRET)))
        pdf.save(base.with_suffix(".v1.pdf"), object_stream_mode=pikepdf.ObjectStreamMode.disable,
                 compress_streams=False)
    base.unlink()
    base = base.with_suffix(".v1.pdf")
    with pikepdf.open(base) as pdf:
        page_ref = pdf.pages[0].obj.objgen
        info_ref = pdf.trailer.Info.objgen
        root_ref = pdf.Root.objgen
        size = int(pdf.trailer.Size)
        page_src = pdf.pages[0].obj.unparse(resolved=True)
    data = base.read_bytes()
    old_xref = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    content_no, note_no = size, size + 1
    new_content = VISIBLE + b"BT /F1 10 Tf 20 100 Td (Final version) Tj ET\n"
    page_new = re.sub(rb"/Contents \d+ 0 R", f"/Contents {content_no} 0 R".encode(), page_src)
    objs = {
        content_no: b"<< /Length %d >>\nstream\n" % len(new_content) + new_content
        + b"\nendstream",
        note_no: f"({SECRET} - private note)".encode(),
        page_ref[0]: page_new,
        info_ref[0]: b"<< /Author (Clerk) >>",
    }
    out = bytearray(data)
    offsets = {}
    for num, body in objs.items():
        offsets[num] = len(out)
        out += b"\n%d 0 obj\n" % num + body + b"\nendobj\n"
        offsets[num] += 1
    xref_at = len(out)
    out += b"xref\n"
    for num in sorted(offsets):
        out += b"%d 1\n%010d 00000 n \n" % (num, offsets[num])
    out += (b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n"
            % (note_no + 1, root_ref[0], info_ref[0], old_xref, xref_at))
    path.write_bytes(bytes(out))
    base.unlink()
    return path


def ch11_annotations(path: Path) -> Path:
    simple(path)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        s = pikepdf.String
        popup = _annot(pdf, Subtype=Name.Popup, Rect=[150, 50, 280, 100], Open=True)
        text = _annot(pdf, Subtype=Name.Text, Rect=[10, 10, 30, 30], Contents=s(SECRET),
                      T=s(SECRET), Popup=popup)
        popup.Parent = text
        free = _annot(pdf, Subtype=Name.FreeText, Rect=[20, 20, 200, 40],
                      Contents=s(f"note on {SECRET}"), DA=s("/Helv 10 Tf 0 g"),
                      AP=_ap(pdf, f"BT /F1 10 Tf 2 4 Td (note on {SECRET}) Tj ET".encode(),
                             [0, 0, 180, 20]))
        stamp = _annot(pdf, Subtype=Name.Stamp, Rect=[200, 20, 280, 40], Name=Name.Approved,
                       Contents=s(SECRET))
        link = _annot(pdf, Subtype=Name.Link, Rect=[20, 140, 200, 160], A=pikepdf.Dictionary(
            S=Name.URI, URI=s(f"https://example.org/people/{SECRET}")))
        launch = _annot(pdf, Subtype=Name.Link, Rect=[20, 100, 200, 120], A=pikepdf.Dictionary(
            S=Name.Launch, F=s(f"C:\\Users\\{SECRET}\\letter.doc")))
        pdf.pages[0].Annots = pdf.make_indirect(pikepdf.Array([text, popup, free, stamp, link,
                                                                launch]))
        pdf.save(path)
    return path


def ch12_form_fields(path: Path) -> Path:
    simple(path)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        s = pikepdf.String
        js = pikepdf.Dictionary(S=Name.JavaScript, JS=s(f"app.alert('{SECRET}')"))
        field = _annot(pdf, Subtype=Name.Widget, FT=Name.Tx, T=s("name"), V=s(SECRET),
                       DV=s(SECRET), TU=s(f"Enter {SECRET}"), Rect=[20, 40, 200, 60],
                       AA=pikepdf.Dictionary(K=js),
                       AP=_ap(pdf, f"BT /F1 10 Tf 2 4 Td ({SECRET}) Tj ET".encode(),
                              [0, 0, 180, 20]))
        choice = _annot(pdf, Subtype=Name.Widget, FT=Name.Ch, T=s("who"), Rect=[20, 10, 200, 30],
                        Opt=pikepdf.Array([s(SECRET), s("Someone else")]), V=s("Someone else"))
        page = pdf.pages[0]
        field.P = page.obj
        choice.P = page.obj
        page.Annots = pdf.make_indirect(pikepdf.Array([field, choice]))
        xfa = pdf.make_stream(f"<xdp:xdp><field name='n'><value>{SECRET}</value></field>"
                              "</xdp:xdp>".encode())
        pdf.Root.AcroForm = pdf.make_indirect(pikepdf.Dictionary(
            Fields=pikepdf.Array([field, choice]), XFA=xfa,
            DA=s("/Helv 0 Tf 0 g")))
        pdf.save(path)
    return path


def ch13_outlines(path: Path) -> Path:
    simple(path, pages=[[f"Report on {SECRET} today"], ["Second page"]])
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        with pdf.open_outline() as outline:
            outline.root.append(pikepdf.OutlineItem(f"Chapter on {SECRET}", 1))
        dest = pikepdf.Array([pdf.pages[0].obj, Name.Fit])
        pdf.Root.Names = pikepdf.Dictionary(Dests=pikepdf.Dictionary(
            Names=pikepdf.Array([pikepdf.String(SECRET), dest])))
        pdf.Root.PageLabels = pikepdf.Dictionary(Nums=pikepdf.Array([
            0, pikepdf.Dictionary(S=Name.D, P=pikepdf.String(f"{SECRET}-"))]))
        pdf.save(path)
    return path


def ch14_attachments(path: Path) -> Path:
    simple(path)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        xml = f"<Invoice><Buyer>{SECRET}</Buyer></Invoice>".encode()
        pdf.attachments["factur-x.xml"] = pikepdf.AttachedFileSpec(
            pdf, xml, description=f"invoice for {SECRET}", filename="factur-x.xml")
        spec = pikepdf.AttachedFileSpec(pdf, f"{SECRET} CV".encode(), filename="cv.txt").obj
        annot = _annot(pdf, Subtype=Name.FileAttachment, Rect=[250, 10, 270, 30], FS=spec,
                       Contents=pikepdf.String(SECRET))
        pdf.pages[0].Annots = pdf.make_indirect(pikepdf.Array([annot]))
        pdf.Root.Collection = pikepdf.Dictionary(View=Name.D)
        pdf.save(path)
    return path


def ch15_optional_content(path: Path) -> Path:
    pdf = pikepdf.new()
    ocg = pdf.make_indirect(pikepdf.Dictionary(Type=Name.OCG,
                                               Name=pikepdf.String(f"Layer {SECRET}")))
    body = VISIBLE + f"/OC /oc1 BDC BT /F1 10 Tf 20 100 Td (hidden {SECRET} layer) Tj ET EMC\n" \
        .encode()
    res = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=_font(pdf)),
                             Properties=pikepdf.Dictionary(oc1=ocg))
    pdf.pages.append(pikepdf.Page(pikepdf.Dictionary(
        Type=Name.Page, MediaBox=[0, 0, *SIZE], Resources=res,
        Contents=pikepdf.Stream(pdf, body))))
    pdf.Root.OCProperties = pikepdf.Dictionary(
        OCGs=pikepdf.Array([ocg]),
        D=pikepdf.Dictionary(OFF=pikepdf.Array([ocg]), Order=pikepdf.Array([ocg])))
    pdf.save(path)
    return path


def ch16_tagged_pdf(path: Path) -> Path:
    pdf = pikepdf.new()
    body = VISIBLE + (
        f"/Span << /ActualText ({SECRET}) /MCID 0 >> BDC BT /F1 10 Tf 20 100 Td (G. Y.) Tj ET "
        f"EMC\n/Figure << /Alt (photo of {SECRET}) /MCID 1 >> BDC 0 0 0 rg 20 40 30 30 re f EMC\n"
        f"/Span << /E ({SECRET}) >> BDC BT /F1 10 Tf 60 40 Td (GY) Tj ET EMC\n").encode()
    page = pdf.make_indirect(pikepdf.Dictionary(
        Type=Name.Page, MediaBox=[0, 0, *SIZE], StructParents=0,
        Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=_font(pdf))),
        Contents=pikepdf.Stream(pdf, body)))
    pdf.pages.append(pikepdf.Page(page))
    page = pdf.pages[0].obj
    s = pikepdf.String
    elem = pdf.make_indirect(pikepdf.Dictionary(
        Type=Name.StructElem, S=Name.Figure, Alt=s(f"photo of {SECRET}"), T=s(SECRET),
        ActualText=s(SECRET), Pg=page, K=1))
    root = pdf.make_indirect(pikepdf.Dictionary(Type=Name.StructTreeRoot,
                                                K=pikepdf.Array([elem])))
    elem.P = root
    pdf.Root.StructTreeRoot = root
    pdf.Root.MarkInfo = pikepdf.Dictionary(Marked=True)
    pdf.save(path)
    return path


def ch17_javascript_actions(path: Path) -> Path:
    simple(path)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        s = pikepdf.String
        js = pdf.make_indirect(pikepdf.Dictionary(S=Name.JavaScript,
                                                  JS=s(f"var who = '{SECRET}';")))
        pdf.Root.Names = pikepdf.Dictionary(JavaScript=pikepdf.Dictionary(
            Names=pikepdf.Array([s("init"), js])))
        pdf.Root.OpenAction = pikepdf.Dictionary(S=Name.JavaScript,
                                                 JS=pdf.make_stream(f"app.alert('{SECRET}')"
                                                                    .encode()))
        page = pdf.pages[0]
        page.AA = pikepdf.Dictionary(O=pikepdf.Dictionary(S=Name.JavaScript,
                                                          JS=s(f"console.println('{SECRET}')")))
        thumb = f"{SECRET} thumbnail".encode().ljust(64, b" ")
        page.Thumb = pikepdf.Stream(pdf, thumb, Width=8, Height=8, ColorSpace=Name.DeviceGray,
                                    BitsPerComponent=8)
        pdf.Root.SpiderInfo = pikepdf.Dictionary(V=1.0, Index=s(f"index: {SECRET}"))
        pdf.save(path)
    return path


def ch18_subset_font(path: Path) -> Path:
    from reportlab import rl_config

    vera = Path(rl_config.__file__).parent / "fonts" / "Vera.ttf"
    if "Vera" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("Vera", str(vera)))
    c = canvas.Canvas(str(path), pagesize=SIZE)
    c.setFont("Vera", 12)
    c.drawString(20, 150, f"Report on {SECRET} today")
    c.drawString(20, 130, "Çok güzel: the weather was fine.")
    c.showPage()
    c.save()
    return path


def ch19_encrypted_input(path: Path) -> Path:
    plain = path.with_suffix(".plain.pdf")
    simple(plain, pages=[[f"Report on {SECRET} today"], ["Nothing to hide here"]])
    with pikepdf.open(plain) as pdf:
        pdf.save(path, encryption=pikepdf.Encryption(user=PASSWORD, owner="owner-" + PASSWORD,
                                                     R=6))
    plain.unlink()
    return path


def ch20_output_incremental(path: Path) -> Path:
    return simple(path, pages=[[f"Report on {SECRET} today"], ["Nothing to hide here"]])


CHANNELS: dict[str, Callable[[Path], Path]] = {
    "01-annotation-box-over-text": ch01_annotation_box,
    "02-filled-rectangle-over-text": ch02_filled_rectangle,
    "03-glyph-gap-width-tj-kerning": ch03_tj_kerning,
    "04-same-string-elsewhere-headers-footers": ch04_repeated_elsewhere,
    "05-form-xobject-pattern-appearance-stream": ch05_xobject_pattern_appearance,
    "06-invisible-white-tiny-clipped-offpage-text": ch06_invisible_text,
    "07-text-in-shared-raster-image": ch07_image_text,
    "08-vector-graphics-signature": ch08_vector_signature,
    "09-metadata-info-xmp-pieceinfo": ch09_metadata,
    "10-incremental-update-unreferenced-object": ch10_incremental_update,
    "11-annotations-comments-links-launch": ch11_annotations,
    "12-form-fields-xfa-javascript": ch12_form_fields,
    "13-outlines-named-dests-page-labels": ch13_outlines,
    "14-embedded-files-attachments": ch14_attachments,
    "15-optional-content-hidden-layer": ch15_optional_content,
    "16-tagged-pdf-actualtext-alt-structtree": ch16_tagged_pdf,
    "17-javascript-openaction-thumbnail-index": ch17_javascript_actions,
    "18-subset-font-tounicode": ch18_subset_font,
    "19-encrypted-input": ch19_encrypted_input,
    "20-output-written-whole-not-onto-input": ch20_output_incremental,
}
