"""DOCX export leaks, second round: each channel an attacker used to make a redacted name
survive while `redact --deny NAME` said "verification passed". Every fixture is exported with
every strategy; the output must be clean under an independent scan (kit) with the kept text
still there — or the export is refused with a reason (exit 4, no file).
"""

from __future__ import annotations

import base64
import gzip
import io
import struct
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from leaks_docx_txt_kit import (
    DECL,
    KEPT,
    NAME,
    STRATEGIES,
    WML,
    Pkg,
    base,
    clean_or_refused,
    docx_leaks,
    docx_text,
    export,
    frag,
    keys,  # noqa: F401  (fixture)
    p,
    png,
    run,
)
from lxml import etree

from redactor.core.errors import VerificationError

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def _doc(*paras: str) -> Pkg:
    pkg = Pkg(base(KEPT + "."))
    for para in paras:
        pkg.add(para)
    return pkg


def _picture(rid: str, pid: int) -> str:
    return ('<w:p><w:r><w:drawing><wp:inline><wp:extent cx="914400" cy="457200"/>'
            f'<wp:docPr id="{pid}" name="Picture {pid}"/><a:graphic><a:graphicData '
            'uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>'
            f'<pic:nvPicPr><pic:cNvPr id="{pid}" name="Picture {pid}"/><pic:cNvPicPr/>'
            f'</pic:nvPicPr><pic:blipFill><a:blip r:embed="{rid}"/></pic:blipFill><pic:spPr/>'
            '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>')


def _image(pkg: Pkg, part: str, data: bytes, ctype: str, rid: str, pid: int) -> None:
    pkg.set(part, data, ctype)
    pkg.relate("word/document.xml", rid, "image", part.removeprefix("word/"))
    pkg.add(_picture(rid, pid))


# -- fixtures --------------------------------------------------------------------------------
def symbols(path: Path) -> Path:
    """The name spelled with ``w:sym`` characters (plain and symbol-font F0xx codes)."""
    syms = "".join(f'<w:sym w:font="{font}" w:char="{code}"/>' for font, code in (
        ("Arial", "0059"), ("Symbol", "F061"), ("Arial", "006C"), ("Wingdings", "F06D"),
        ("Arial", "0061"), ("Arial", "006E")))
    return _doc(f'<w:p>{run("Client ")}<w:r>{syms}</w:r>{run(" was heard.")}</w:p>').save(path)


def font_names(path: Path) -> Path:
    """The name as a font: run fonts, the font table, the theme's font scheme."""
    pkg = _doc(f'<w:p><w:r><w:rPr><w:rFonts w:ascii="{NAME}" w:hAnsi="{NAME} Sans" '
               f'w:cs="Times New Roman"/></w:rPr><w:t>Plain words.</w:t></w:r></w:p>')
    fonts = pkg.xml("word/fontTable.xml")
    fonts.append(frag(f'<w:font w:name="{NAME} Sans"><w:altName w:val="{NAME}"/>'
                      '<w:family w:val="swiss"/></w:font>'))
    theme = pkg.xml("word/theme/theme1.xml")
    a = "http://schemas.openxmlformats.org/drawingml/2006/main"
    for latin in theme.iter(f"{{{a}}}latin"):
        latin.set("typeface", f"{NAME} Display")
        break
    for font in theme.iter(f"{{{a}}}font"):
        font.set("typeface", NAME)
        break
    return pkg.save(path)


def ignorable_namespace(path: Path) -> Path:
    """Text split by elements of a namespace the file marks ignorable (Word skips them with
    their content; a naive reader shows them), one that is not even ignorable, a namespace
    URI that carries the name, and an ``mc:AlternateContent`` whose branches differ."""
    x, z = f"urn:{NAME.lower()}-ignorable", "urn:z"
    pkg = _doc(
        f'<w:p>{run("Met Yal")}<x:junk xmlns:x="{x}"><w:r><w:t>QQQ</w:t></w:r></x:junk>'
        f'{run("man today.")}</w:p>',
        f'<w:p>{run("Saw Yal")}<z:pad xmlns:z="{z}" z:who="{NAME}"><w:r><w:t>WW</w:t></w:r>'
        f'</z:pad>{run("man again.")}</w:p>',
        f'<w:p><w:r><mc:AlternateContent><mc:Choice Requires="x" xmlns:x="{x}"><w:t>{NAME} '
        'chosen</w:t></mc:Choice><mc:Fallback><w:t>Fallback words</w:t></mc:Fallback>'
        '</mc:AlternateContent></w:r></w:p>')
    data = etree.tostring(pkg.xml("word/document.xml"), encoding="unicode")
    data = data.replace("<w:document ", f'<w:document xmlns:x="{x}" xmlns:q="urn:q-{NAME}" ', 1)
    data = data.replace('mc:Ignorable="', 'mc:Ignorable="x q ', 1)
    pkg.set("word/document.xml", data)
    return pkg.save(path)


def encoded_payloads(path: Path) -> Path:
    """Field data (``w:fldData``), ``w:binData`` and a VML shape's ``o:gfxdata``, all base64
    of text that names the person."""
    secret = base64.b64encode(f"Name: {NAME} Galip".encode("utf-16-le")).decode()
    stored = io.BytesIO()
    with zipfile.ZipFile(stored, "w", zipfile.ZIP_STORED) as zf:
        zf.writestr("drs/shape.xml", f"<a>{NAME}</a>")
    gfx = base64.b64encode(stored.getvalue()).decode()
    return _doc(
        f'<w:p><w:fldSimple w:instr=" DATE "><w:fldData xml:space="preserve">{secret}'
        f'</w:fldData>{run("1 May")}</w:fldSimple></w:p>',
        f'<w:p><w:r><w:pict><w:binData w:name="wordml://1.bin">{secret}</w:binData>'
        f'<v:shape id="s1" style="width:10pt;height:10pt" o:gfxdata="{gfx}"/></w:pict></w:r>'
        f'{run(" Shape.")}</w:p>').save(path)


SVG_IMAGE = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
    'width="200" height="50"><rect width="200" height="50" fill="#eee"/>'
    '<text x="5" y="20"><tspan>Y</tspan><tspan>al</tspan><tspan>man</tspan></text>'
    '<text x="5" y="40">Kept label</text>'
    f'<foreignObject><p xmlns="http://www.w3.org/1999/xhtml">{NAME}</p></foreignObject>'
    f'<script>var who = "{NAME}";</script>'
    f'<a xlink:href="https://example.org/{NAME}"><circle r="3"/></a></svg>')


def svg_image(path: Path) -> Path:
    pkg = _doc()
    pkg.default_type("svg", "image/svg+xml")
    _image(pkg, "word/media/drawing.svg", SVG_IMAGE.encode(), "image/svg+xml", "rIdSvg", 31)
    return pkg.save(path)


def _emf_text(text: str) -> bytes:
    chars = text.encode("utf-16-le")
    pad = chars + b"\0" * (-len(chars) % 4)
    size = 76 + len(pad)
    return (struct.pack("<II", 84, size) + b"\0" * 16 + struct.pack("<Iff", 1, 1.0, 1.0)
            + struct.pack("<ii", 10, 10) + struct.pack("<II", len(text), 76)
            + struct.pack("<I", 0) + b"\0" * 16 + struct.pack("<I", 0) + pad)


def emf(texts: list[str], comment: bytes = b"", face: str = "") -> bytes:
    """A small EMF: header, a font whose face name is ``face``, text records, a comment."""
    body = b""
    if face:
        logfont = b"\0" * 28 + face.encode("utf-16-le").ljust(64, b"\0")
        body += struct.pack("<III", 82, 12 + len(logfont), 1) + logfont
    body += b"".join(_emf_text(t) for t in texts)
    if comment:
        data = comment + b"\0" * (-len(comment) % 4)
        body += struct.pack("<III", 70, 12 + len(data), len(data)) + data
    eof = struct.pack("<IIIII", 14, 20, 0, 16, 20)
    header = bytearray(88)
    struct.pack_into("<II", header, 0, 1, 88)
    struct.pack_into("<iiii", header, 24, 0, 0, 5000, 2000)  # frame, 0.01 mm
    header[40:44] = b" EMF"
    struct.pack_into("<I", header, 44, 0x10000)
    struct.pack_into("<II", header, 48, 88 + len(body) + 20, 3 + len(texts))
    return bytes(header) + body + eof


def wmf(texts: list[str], escape: bytes = b"") -> bytes:
    """A small WMF: header, one META_TEXTOUT per text, an escape record, EOF."""
    records = b""
    for t in texts:
        raw = t.encode("latin-1")
        raw += b"\0" * (len(raw) % 2)
        params = struct.pack("<H", len(t)) + raw + struct.pack("<hh", 10, 10)
        records += struct.pack("<IH", (6 + len(params)) // 2, 0x0521) + params
    if escape:
        data = escape + b"\0" * (len(escape) % 2)
        params = struct.pack("<HH", 15, len(escape)) + data
        records += struct.pack("<IH", (6 + len(params)) // 2, 0x0626) + params
    records += struct.pack("<IH", 3, 0)
    header = struct.pack("<HHHIHIH", 1, 9, 0x300, (18 + len(records)) // 2, 0, 20, 0)
    return header + records


def vector_images(path: Path) -> Path:
    """An EMF that spells the name one character per text record (plus a comment and a font
    named after the person) and keeps a label, and a compressed WMF that does the same."""
    pkg = _doc()
    pkg.default_type("emf", "image/x-emf")
    pkg.default_type("wmz", "image/x-wmz")
    _image(pkg, "word/media/chart.emf",
           emf([*NAME, "Kept label"], f"private {NAME}".encode("utf-16-le"), f"{NAME} Font"),
           "image/x-emf", "rIdEmf", 41)
    _image(pkg, "word/media/plan.wmz", gzip.compress(wmf([*NAME], f"x {NAME}".encode())),
           "image/x-wmz", "rIdWmf", 42)
    return pkg.save(path)


def file_names(path: Path) -> Path:
    """The name in file names: an embedded object's file, an image part and its original
    name, a VML image title, an external link target."""
    pkg = _doc()
    pkg.default_type("png", "image/png")
    _image(pkg, f"word/media/{NAME}_Galip.png", png(8, 8), "image/png", "rIdPng", 51)
    pkg.set(f"word/embeddings/{NAME}.docx", b"PK\x03\x04 " + NAME.encode(),
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
    pkg.relate("word/document.xml", "rIdPkg", "package", f"embeddings/{NAME}.docx")
    pkg.add(f'<w:p><w:r><w:object><v:shape id="o1"><v:imagedata r:id="rIdPng" '
            f'o:title="{NAME}.png"/></v:shape><o:OLEObject Type="Embed" ProgID="Word.Document.12"'
            f' ShapeID="o1" r:id="rIdPkg"/></w:object></w:r>{run(" Attached.")}</w:p>')
    pkg.relate("word/document.xml", "rIdLink", "hyperlink",
               f"file:///C:/Users/{NAME.lower()}/{NAME}.pdf", external=True)
    pkg.add(f'<w:p><w:hyperlink r:id="rIdLink" w:tooltip="{NAME}">{run("the file")}'
            '</w:hyperlink></w:p>')
    return pkg.save(path)


FIXTURES: dict[str, Callable[[Path], Path]] = {
    "symbols": symbols, "font_names": font_names, "ignorable_namespace": ignorable_namespace,
    "encoded_payloads": encoded_payloads, "svg_image": svg_image,
    "vector_images": vector_images, "file_names": file_names,
}


@pytest.mark.usefixtures("keys")
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("channel", list(FIXTURES))
def test_docx_channel_is_clean_under_every_strategy(channel: str, strategy: str,
                                                    tmp_path: Path) -> None:
    src = FIXTURES[channel](tmp_path / f"{channel}.docx")
    assert docx_leaks(src), "the fixture must carry the name"
    assert clean_or_refused(src, tmp_path, strategy) == "clean"


# -- what each channel must keep, or say -----------------------------------------------------
def test_symbol_characters_are_read_as_text(tmp_path: Path) -> None:
    result = export(symbols(tmp_path / "in.docx"), tmp_path / "out.docx", "redact")
    assert not isinstance(result, VerificationError)
    assert len(result.plan.replacements) == 1  # the name spelled in symbols was detected
    assert "Client [REDACTED] was heard." in docx_text(tmp_path / "out.docx")


def test_fonts_named_after_the_person_go_but_typefaces_stay(tmp_path: Path) -> None:
    src = font_names(tmp_path / "in.docx")
    result = export(src, tmp_path / "out.docx", "redact", NAME, "Roman")
    assert not isinstance(result, VerificationError)
    with zipfile.ZipFile(tmp_path / "out.docx") as zf:
        body = zf.read("word/document.xml").decode()
        assert 'w:cs="Times New Roman"' in body  # --deny Roman leaves the typeface alone
        theme = zf.read("word/theme1.xml")
        assert b'typeface="Cambria"' in theme and b'typeface="Arial"' in theme


def test_ignorable_markup_is_removed_and_the_reader_agrees(tmp_path: Path) -> None:
    result = export(ignorable_namespace(tmp_path / "in.docx"), tmp_path / "out.docx", "redact")
    assert not isinstance(result, VerificationError)
    text = docx_text(tmp_path / "out.docx")
    assert "Met [REDACTED] today." in text and "Saw [REDACTED] again." in text
    assert "Fallback words" in text  # the branch that was read is the one kept
    with zipfile.ZipFile(tmp_path / "out.docx") as zf:
        body = zf.read("word/document.xml").decode()
    assert "urn:q" not in body and "urn:z" not in body and "QQQ" not in body


def test_vector_images_keep_what_is_not_redacted(tmp_path: Path) -> None:
    src = svg_image(tmp_path / "in.docx")
    result = export(src, tmp_path / "out.docx", "redact")
    assert not isinstance(result, VerificationError)
    assert any("vector images" in w for w in result.verification.warnings)
    with zipfile.ZipFile(tmp_path / "out.docx") as zf:
        svg = zf.read("word/media/image1.svg").decode()
    assert "Kept label" in svg and "<rect" in svg and "script" not in svg


def test_a_bitmap_that_may_hold_text_is_a_warning_or_with_the_setting_a_refusal(
        tmp_path: Path) -> None:
    pkg = _doc(p(f"About {NAME}."))
    pkg.default_type("png", "image/png")
    _image(pkg, "word/media/scan.png", png(300, 80), "image/png", "rIdScan", 61)
    _image(pkg, "word/media/bullet.png", png(8, 8), "image/png", "rIdDot", 62)
    src = pkg.save(tmp_path / "in.docx")
    result = export(src, tmp_path / "out.docx", "redact")
    assert not isinstance(result, VerificationError)
    assert any(w.startswith("1 picture(s) may show text") for w in result.report["warnings"])
    refused = export(src, tmp_path / "out2.docx", "redact",
                     options={"refuse_unread_images": "true"})
    assert isinstance(refused, VerificationError) and refused.exit_code == 4
    assert "refuse_unread_images" in str(refused) and not (tmp_path / "out2.docx").exists()


def test_cli_refuses_unread_pictures_when_the_policy_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json
    import os

    from redactor.cli.main import main

    # pictures are not read: no OCR (where an OCR engine is installed, it is turned off here)
    config = Path(os.environ["REDACTOR_CONFIG_DIR"])
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.json").write_text(json.dumps({"ocr": {"docx_images": False}}))
    pkg = _doc(p(f"About {NAME}."))
    pkg.default_type("png", "image/png")
    _image(pkg, "word/media/scan.png", png(300, 80), "image/png", "rIdScan", 61)
    src = pkg.save(tmp_path / "in.docx")
    policy = tmp_path / "careful.toml"
    policy.write_text('name = "careful"\n[options]\nrefuse_unread_images = "true"\n')
    out = tmp_path / "out.docx"
    code = main(["--no-plugins", "redact", str(src), "-o", str(out), "--deny", NAME,
                 "--policy", str(policy)])
    assert code == 4 and not out.exists()
    assert "refuse_unread_images" in capsys.readouterr().err
    assert main(["--no-plugins", "redact", str(src), "-o", str(out), "--deny", NAME]) == 0
    assert "picture(s) may show text" in capsys.readouterr().err  # the default: a warning


def test_an_output_name_that_carries_the_name_is_warned_about(tmp_path: Path) -> None:
    src = _doc(p(f"About {NAME}.")).save(tmp_path / "in.docx")
    result = export(src, tmp_path / f"{NAME}_redacted.docx", "redact")
    assert not isinstance(result, VerificationError)
    assert any("output file name" in w for w in result.report["warnings"])
    assert not any(NAME in w for w in result.report["warnings"])


def test_a_vector_image_that_cannot_be_read_becomes_blank(tmp_path: Path) -> None:
    pkg = _doc()
    pkg.default_type("emf", "image/x-emf")
    broken = emf([NAME])[:-30] + b"\xff" * 8  # records run past the end
    _image(pkg, "word/media/broken.emf", broken, "image/x-emf", "rIdBad", 71)
    result = export(pkg.save(tmp_path / "in.docx"), tmp_path / "out.docx", "redact")
    assert not isinstance(result, VerificationError)
    assert any("blank picture" in w for w in result.verification.warnings)
    assert docx_leaks(tmp_path / "out.docx") == []


# -- the false refusal -----------------------------------------------------------------------
def even_footer(path: Path) -> Path:
    """An even-page footer "Even footer NAME" (and a default one), the settings that turn
    even footers on."""
    pkg = _doc(p(f"Body about {NAME}."))
    for name, text in (("footer1.xml", "Default footer"), ("footer2.xml", f"Even footer {NAME}")):
        pkg.set(f"word/{name}", f'<w:ftr {DECL}>{p(text)}</w:ftr>', WML + "footer+xml")
    pkg.relate("word/document.xml", "rIdF1", "footer", "footer1.xml")
    pkg.relate("word/document.xml", "rIdF2", "footer", "footer2.xml")
    sect = pkg.body.find(f"{{{W}}}sectPr")
    sect.insert(0, frag('<w:footerReference w:type="even" r:id="rIdF2"/>'))
    sect.insert(0, frag('<w:footerReference w:type="default" r:id="rIdF1"/>'))
    pkg.xml("word/settings.xml").append(frag("<w:evenAndOddHeaders/>"))
    return pkg.save(path)


@pytest.mark.usefixtures("keys")
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_ooxml_vocabulary_does_not_make_a_document_unexportable(strategy: str,
                                                                tmp_path: Path) -> None:
    """"footer" and "even" were flagged (here: denied) and found again in part names,
    relationships, content types and ``w:type="even"``: the verifier searches content, not
    the package's own vocabulary."""
    src = even_footer(tmp_path / "in.docx")
    out = tmp_path / "out.docx"
    result = export(src, out, strategy, NAME, "footer", "Even")
    assert not isinstance(result, VerificationError), result
    assert docx_leaks(out) == []
    import docx

    section = docx.Document(str(out)).sections[0]
    even = " ".join(x.text for x in section.even_page_footer.paragraphs)
    assert "Even" not in even and "footer" not in even  # redacted in the text
    assert "Default" in " ".join(x.text for x in section.footer.paragraphs)
    with zipfile.ZipFile(out) as zf:
        assert b'w:type="even"' in zf.read("word/document.xml")  # still an even footer
