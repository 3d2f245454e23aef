"""Identifiers outside the text of a DOCX (found by an adversarial probe): part names, values
written with other separators, drop-down choices, date pickers, ``--deny`` terms that occur
only in such values, images whose content type is written in capitals, compressed vector
images."""

from __future__ import annotations

import gzip
import io
import re
import zipfile
from pathlib import Path

import pytest
from docx_fixtures import WML, Pkg, base, p
from docx_helpers import export
from PIL import Image
from redactor_plugins.formats.docx import sanitize as docx_sanitize

from redactor.core.errors import VerificationError

NAME = "Kristoffer Haugland"
ID = "12038412345"


def _squashed_in(out: Path, *needles: str) -> list[str]:
    """Where a needle survives anywhere (entry names and bytes), compared on letters and
    digits only."""
    found = []
    flat = [re.sub(r"[\W_]+", "", n.lower()) for n in needles]
    with zipfile.ZipFile(out) as zf:
        for info in zf.infolist():
            views = [info.filename, zf.read(info).decode("latin-1"),
                     zf.read(info).decode("utf-16-le", "ignore")]
            for view in views:
                squashed = re.sub(r"[\W_]+", "", view.lower())
                found += [f"{info.filename}: {n}" for n in flat if n in squashed]
    return found


def _hidden_values_docx(path: Path) -> Path:
    pkg = Pkg(base(f"Statement of {NAME}, id {ID}, born 12.03.1984."))
    # a header part named after the person
    header = "word/header_Kristoffer_Haugland.xml"
    pkg.set(header, f'<w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/'
                    f'main">{p("Case file")}</w:hdr>', WML + "header+xml")
    pkg.relate("word/document.xml", "rIdHdr", "header", "header_Kristoffer_Haugland.xml")
    # a drop-down whose choices carry the name and the id number, written otherwise
    pkg.add('<w:sdt><w:sdtPr><w:dropDownList>'
            '<w:listItem w:displayText="Other" w:value="other"/>'
            '<w:listItem w:displayText="kristoffer_haugland" w:value="120384-12345"/>'
            '</w:dropDownList></w:sdtPr><w:sdtContent><w:p><w:r><w:t>Other</w:t></w:r></w:p>'
            '</w:sdtContent></w:sdt>')
    # a date picker storing the date of birth in another format
    pkg.add('<w:sdt><w:sdtPr><w:date w:fullDate="1984-03-12T00:00:00Z">'
            '<w:dateFormat w:val="dd.MM.yyyy"/></w:date></w:sdtPr><w:sdtContent>'
            '<w:p><w:r><w:t>Signed on a date.</w:t></w:r></w:p></w:sdtContent></w:sdt>')
    # a table whose caption and description name the person
    pkg.add('<w:tbl><w:tblPr><w:tblCaption w:val="Kristoffer-Haugland income"/>'
            f'<w:tblDescription w:val="Income of {NAME}"/></w:tblPr>'
            '<w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid><w:tr><w:tc><w:p><w:r><w:t>1</w:t>'
            '</w:r></w:p></w:tc></w:tr></w:tbl>')
    # a list definition named after the person
    numbering = ('<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/'
                 '2006/main"><w:abstractNum w:abstractNumId="0"><w:name '
                 'w:val="Kristoffer.Haugland list"/><w:lvl w:ilvl="0"><w:numFmt '
                 'w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum>'
                 '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>')
    if "word/numbering.xml" in pkg.entries:
        pkg.set("word/numbering.xml", numbering)
    else:
        pkg.set("word/numbering.xml", numbering, WML + "numbering+xml")
        pkg.relate("word/document.xml", "rIdNum", "numbering", "numbering.xml")
    return pkg.save(path)


def test_values_and_part_names_outside_the_text_are_scrubbed(tmp_path: Path) -> None:
    src = _hidden_values_docx(tmp_path / "in.docx")
    assert _squashed_in(src, NAME, ID)  # the premise: they are there
    out = tmp_path / "out.docx"
    result, _ = export(src, out, NAME, ID, "12.03.1984")
    assert result.verification.ok
    assert not _squashed_in(out, NAME, ID)
    with zipfile.ZipFile(out) as zf:
        names = zf.namelist()
        document = zf.read("word/document.xml").decode()
    assert all(re.fullmatch(r"[A-Za-z_\[\]./]+\d*(\.\w+)?(\.rels)?", n) for n in names), names
    assert "word/document.xml" in names
    assert "fullDate" not in document and "1984-03-12" not in document
    assert 'w:displayText="Other"' in document  # choices without the name are kept


def test_a_denied_term_is_scrubbed_where_the_text_does_not_show_it(tmp_path: Path) -> None:
    """--deny NAME, and NAME occurs only in a drop-down's unselected choice and a table
    description: nothing to replace in the text, yet it must not survive."""
    pkg = Pkg(base("A statement that names nobody."))
    pkg.add('<w:sdt><w:sdtPr><w:dropDownList><w:listItem w:displayText="Nobody" w:value="n"/>'
            f'<w:listItem w:displayText="{NAME}" w:value="kh"/></w:dropDownList></w:sdtPr>'
            '<w:sdtContent><w:p><w:r><w:t>Nobody</w:t></w:r></w:p></w:sdtContent></w:sdt>')
    pkg.add(f'<w:tbl><w:tblPr><w:tblDescription w:val="Signed by {NAME}"/></w:tblPr>'
            '<w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid><w:tr><w:tc><w:p><w:r><w:t>1</w:t>'
            '</w:r></w:p></w:tc></w:tr></w:tbl>')
    src = pkg.save(tmp_path / "in.docx")
    out = tmp_path / "out.docx"
    result, _ = export(src, out, NAME)
    assert result.verification.ok
    assert not _squashed_in(out, NAME)


def test_the_verifier_finds_a_name_written_with_other_separators(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(docx_sanitize, "scrub_values", lambda root, needles: 0)
    src = _hidden_values_docx(tmp_path / "in.docx")
    out = tmp_path / "out.docx"
    with pytest.raises(VerificationError, match="other separators"):
        export(src, out, NAME, ID)
    assert not out.exists()


def _with_image(path: Path, data: bytes, part: str, content_type: str) -> Path:
    pkg = Pkg(base(f"Photo of {NAME}."))
    pkg.set(part, data, content_type)
    pkg.relate("word/document.xml", "rIdImg", "image", part.removeprefix("word/"))
    pkg.add('<w:p><w:r><w:drawing><wp:inline><wp:extent cx="9144" cy="9144"/>'
            '<wp:docPr id="1" name="Picture"/><a:graphic><a:graphicData '
            'uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>'
            '<pic:nvPicPr><pic:cNvPr id="1" name="Picture"/><pic:cNvPicPr/></pic:nvPicPr>'
            '<pic:blipFill><a:blip r:embed="rIdImg"/></pic:blipFill><pic:spPr/></pic:pic>'
            '</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>')
    return pkg.save(path)


def _exported_image(src: Path, out: Path) -> Image.Image:
    """Export ``src`` (verified) and open the one image of the output."""
    result, _ = export(src, out, NAME)
    assert result.verification.ok
    with zipfile.ZipFile(out) as zf:
        media = [n for n in zf.namelist() if n.startswith("word/media/")]
        return Image.open(io.BytesIO(zf.read(media[0])))


def test_an_image_whose_content_type_is_in_capitals_loses_its_metadata(tmp_path: Path) -> None:
    img = Image.new("RGB", (16, 16), (10, 120, 200))
    exif = Image.Exif()
    exif[0x013B] = NAME  # Artist
    buf = io.BytesIO()
    img.save(buf, "JPEG", exif=exif.tobytes())
    src = _with_image(tmp_path / "in.docx", buf.getvalue(), "word/media/photo.jpg", "image/JPEG")
    with _exported_image(src, tmp_path / "out.docx") as im:
        assert not len(im.getexif())
    assert not _squashed_in(tmp_path / "out.docx", NAME)


def test_a_compressed_vector_image_that_does_not_parse_becomes_a_blank_picture(
        tmp_path: Path) -> None:
    """An EMZ (gzip-compressed EMF) whose records do not parse is never copied as it is: it
    becomes a blank PNG, and the export says so."""
    record = b"\x54\x00\x00\x00" + "Ola Ek".encode("utf-16-le") + b"\x00" * 16
    src = _with_image(tmp_path / "in.docx", gzip.compress(b"\x01\x00\x00\x00" + record),
                      "word/media/image1.emz", "image/x-emz")
    out = tmp_path / "out.docx"
    result, _ = export(src, out, "Ola Ek")
    assert result.verification.ok
    assert any("blank picture" in w for w in result.verification.warnings)
    assert not _squashed_in(out, "Ola Ek")
    with zipfile.ZipFile(out) as zf:
        assert [n for n in zf.namelist() if n.startswith("word/media/")] == [
            "word/media/image1.png"]


def test_a_name_in_a_vector_image_copied_through_fails_loudly(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Should the sanitiser copy a vector image unread, its UTF-16 text is found."""
    from redactor_plugins.formats.docx.images import ImageOut

    monkeypatch.setattr(docx_sanitize, "export_image", lambda pkg, part, needles: ImageOut(
        pkg.parts[part], "image/x-emf", ".emf"))
    record = b"\x54\x00\x00\x00" + "Ola Ek".encode("utf-16-le") + b"\x00" * 16
    src = _with_image(tmp_path / "in.docx", b"\x01\x00\x00\x00" + record,
                      "word/media/image1.emf", "image/x-emf")
    out = tmp_path / "out.docx"
    with pytest.raises(VerificationError, match=r"image1\.emf"):
        export(src, out, "Ola Ek")
    assert not out.exists()


def test_a_cmyk_jpeg_stored_as_png_is_re_encoded(tmp_path: Path) -> None:
    buf = io.BytesIO()
    Image.new("CMYK", (16, 16), (0, 100, 200, 0)).save(buf, "JPEG")
    src = _with_image(tmp_path / "in.docx", buf.getvalue(), "word/media/scan.png", "image/png")
    with _exported_image(src, tmp_path / "out.docx") as im:
        assert im.format == "PNG" and im.mode == "RGB"


def _styles_docx(path: Path) -> Path:
    """Two built-in-looking (not custom) styles named after the person, one based on the
    other, a run in Times New Roman, and a header reached through a relationship id that
    carries the name."""
    pkg = Pkg(base(f"The applicant {NAME} was heard."))
    styles = pkg.xml("word/styles.xml")
    from docx_fixtures import frag

    styles.append(frag('<w:style w:type="paragraph" w:styleId="KristofferHaugland">'
                       f'<w:name w:val="{NAME}"/><w:rPr><w:b/></w:rPr></w:style>'))
    styles.append(frag('<w:style w:type="paragraph" w:styleId="KristofferHauglandQuote">'
                       f'<w:name w:val="{NAME} Quote"/><w:basedOn w:val="KristofferHaugland"/>'
                       '<w:rPr><w:i/></w:rPr></w:style>'))
    pkg.add('<w:p><w:pPr><w:pStyle w:val="KristofferHauglandQuote"/></w:pPr><w:r><w:rPr>'
            '<w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman"/></w:rPr>'
            '<w:t>Italic paragraph in a Roman font.</w:t></w:r></w:p>')
    pkg.set("word/header9.xml", '<w:hdr xmlns:w="http://schemas.openxmlformats.org/'
            f'wordprocessingml/2006/main">{p("Header stays")}</w:hdr>', WML + "header+xml")
    pkg.relate("word/document.xml", "rId_Kristoffer_Haugland_7", "header", "header9.xml")
    sect = pkg.body.find("{http://schemas.openxmlformats.org/wordprocessingml/2006/main}sectPr")
    sect.insert(0, frag('<w:headerReference w:type="default" r:id="rId_Kristoffer_Haugland_7"/>'))
    return pkg.save(path)


def test_styles_fonts_and_relationship_ids_that_carry_the_name(tmp_path: Path) -> None:
    import docx

    src = _styles_docx(tmp_path / "in.docx")
    out = tmp_path / "out.docx"
    result, _ = export(src, out, NAME, "Roman", terms_only=True)
    assert result.verification.ok
    assert not _squashed_in(out, NAME)
    d = docx.Document(str(out))
    para = next(x for x in d.paragraphs if x.text.startswith("Italic paragraph"))
    assert para.style.font.italic and para.style.base_style.font.bold  # formatting kept
    ids = [s.style_id for s in d.styles]
    assert len(ids) == len(set(ids))  # no two styles collapsed into one id
    assert para.runs[0].font.name == "Times New Roman"  # a typeface is not a redacted word
    assert "Roman font" not in para.text  # the word itself is redacted in the text
    assert [x.text for x in d.sections[0].header.paragraphs] == ["Header stays"]


def test_a_photo_does_not_make_a_short_value_look_like_a_leak(tmp_path: Path) -> None:
    """The compressed bytes of a photo contain every short token by chance ("7", "li"): a
    raster image (re-encoded, metadata checked) is not searched for words."""
    import random

    rnd = random.Random(7)
    img = Image.new("RGB", (320, 240))
    img.putdata([(rnd.randrange(256), rnd.randrange(256), rnd.randrange(256))
                 for _ in range(320 * 240)])
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=90)
    pkg_path = _with_image(tmp_path / "in.docx", buf.getvalue(), "word/media/photo.jpg",
                           "image/jpeg")
    out = tmp_path / "out.docx"
    result, _ = export(pkg_path, out, "Li", "7", terms_only=True)
    assert result.verification.ok
