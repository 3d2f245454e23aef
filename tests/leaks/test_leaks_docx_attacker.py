"""The next DOCX channels an attacker would try (after the reported ones): element and
attribute names, content types that hide a story part from the reader, part-name
extensions, ruby text, smart-tag attributes, encoded and disguised attribute values, an
image in a format nothing reads. Channels already covered elsewhere (comments and their
authors, custom XML, document variables, glossary, altChunk, OLE, macros, hyperlink targets
and tooltips, bookmark names) are listed in docs/leak-channels.md with their tests.
"""

from __future__ import annotations

import base64
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

from redactor.core.errors import VerificationError


def _doc(*paras: str) -> Pkg:
    pkg = Pkg(base(KEPT + "."))
    for para in paras:
        pkg.add(para)
    return pkg


def names(path: Path) -> Path:
    """The name as an element name and an attribute name in the WordprocessingML
    namespace (schema-invalid, but copied by a naive writer and read by a raw scan)."""
    return _doc(f'<w:p w:{NAME.lower()}Galip="1">{run("Plain words.")}<w:{NAME}/></w:p>'
                ).save(path)


def misdeclared_story(path: Path) -> Path:
    """A header whose content type is not a header's (so a reader going by content type
    never reads it) and whose part name has the name as its extension."""
    pkg = _doc()
    part = f"word/header1.{NAME}"
    pkg.set(part, f'<w:hdr {DECL}>{p(f"Header for {NAME}")}</w:hdr>',
            f"application/vnd.{NAME.lower()}+xml")
    pkg.relate("word/document.xml", "rIdH", "header", f"header1.{NAME}")
    sect = pkg.body.find("{http://schemas.openxmlformats.org/wordprocessingml/2006/main}sectPr")
    sect.insert(0, frag('<w:headerReference w:type="default" r:id="rIdH"/>'))
    pkg.default_type(NAME.lower(), "image/png")
    pkg.set(f"word/media/pic.{NAME.lower()}", png(8, 8))
    pkg.relate("word/document.xml", "rIdP", "image", f"media/pic.{NAME.lower()}")
    pkg.add('<w:p><w:r><w:drawing><wp:inline><wp:extent cx="9144" cy="9144"/><wp:docPr id="9" '
            'name="P"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/'
            'drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="9" name="P"/>'
            '<pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdP"/></pic:blipFill>'
            '<pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>'
            '</w:p>')
    return pkg.save(path)


def ruby_and_smart_tags(path: Path) -> Path:
    """Ruby text (the reading shown above a base word) that is the name, glued to its base
    in a naive reading; a smart tag whose properties carry the name."""
    return _doc(
        f'<w:p>{run("Signed by ")}<w:r><w:ruby><w:rubyPr><w:rubyAlign w:val="center"/>'
        f'</w:rubyPr><w:rt><w:r><w:t>{NAME}</w:t></w:r></w:rt><w:rubyBase><w:r><w:t>Base'
        '</w:t></w:r></w:rubyBase></w:ruby></w:r></w:p>',
        '<w:p><w:smartTag w:uri="urn:schemas-microsoft-com:office:smarttags" '
        f'w:element="PersonName"><w:smartTagPr><w:attr w:name="LastName" w:val="{NAME}"/>'
        f'</w:smartTagPr>{run("the person")}</w:smartTag></w:p>').save(path)


def disguised_values(path: Path) -> Path:
    """Attribute values outside the text: a double-encoded reference, base64, fullwidth
    letters, tag characters."""
    b64 = base64.b64encode(f"by {NAME} Galip".encode()).decode()
    tags = "".join(chr(0xE0000 + ord(c)) for c in NAME)
    full = "".join(chr(0xFF21 + ord(c) - 65) if c.isupper() else chr(0xFF41 + ord(c) - 97)
                   for c in NAME)
    return _doc(
        '<w:tbl><w:tblPr><w:tblCaption w:val="&amp;#89;alman income"/>'
        f'<w:tblDescription w:val="{b64}"/></w:tblPr><w:tblGrid><w:gridCol w:w="2000"/>'
        f'</w:tblGrid><w:tr><w:tc><w:p>{run("Cell")}</w:p></w:tc></w:tr></w:tbl>',
        f'<w:p><w:pPr><w:pStyle w:val="{full}"/></w:pPr>{run("Styled.")}</w:p>',
        f'<w:p><w:bookmarkStart w:id="1" w:name="{tags}"/>{run("Marked.")}'
        '<w:bookmarkEnd w:id="1"/></w:p>').save(path)


def unreadable_image(path: Path) -> Path:
    """An image in a format nothing here reads (PICT), holding the name as text."""
    pkg = _doc()
    pkg.set("word/media/old.pict", b"\0" * 512 + f"PICT {NAME} Galip".encode(), "image/pict")
    pkg.relate("word/document.xml", "rIdPict", "image", "media/old.pict")
    pkg.add('<w:p><w:r><w:drawing><wp:inline><wp:extent cx="9144" cy="9144"/><wp:docPr id="8" '
            'name="P"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/'
            'drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="8" name="P"/>'
            '<pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdPict"/>'
            '</pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline>'
            '</w:drawing></w:r></w:p>')
    return pkg.save(path)


FIXTURES: dict[str, Callable[[Path], Path]] = {
    "names": names, "misdeclared_story": misdeclared_story,
    "ruby_and_smart_tags": ruby_and_smart_tags, "disguised_values": disguised_values,
    "unreadable_image": unreadable_image,
}


@pytest.mark.usefixtures("keys")
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("channel", list(FIXTURES))
def test_next_docx_channel_is_clean_under_every_strategy(channel: str, strategy: str,
                                                         tmp_path: Path) -> None:
    src = FIXTURES[channel](tmp_path / f"{channel}.docx")
    assert docx_leaks(src), "the fixture must carry the name"
    assert clean_or_refused(src, tmp_path, strategy) == "clean"


def test_a_misdeclared_header_is_still_read_and_redacted(tmp_path: Path) -> None:
    result = export(misdeclared_story(tmp_path / "in.docx"), tmp_path / "out.docx", "redact")
    assert not isinstance(result, VerificationError)
    assert "Header for [REDACTED]" in docx_text(tmp_path / "out.docx")


def test_ruby_text_reads_as_its_own_line(tmp_path: Path) -> None:
    result = export(ruby_and_smart_tags(tmp_path / "in.docx"), tmp_path / "out.docx", "redact")
    assert not isinstance(result, VerificationError)
    assert len(result.plan.replacements) == 1
    import zipfile

    assert "the person" in docx_text(tmp_path / "out.docx")
    with zipfile.ZipFile(tmp_path / "out.docx") as zf:
        body = zf.read("word/document.xml").decode()
    assert ">Base</w:t>" in body and "<w:rt><w:r><w:t xml:space=\"preserve\">[REDACTED]" in body


def test_the_header_content_type_is_the_sanitisers_own(tmp_path: Path) -> None:
    import zipfile

    export(misdeclared_story(tmp_path / "in.docx"), tmp_path / "out.docx", "redact")
    with zipfile.ZipFile(tmp_path / "out.docx") as zf:
        types = zf.read("[Content_Types].xml").decode()
    assert WML + "header+xml" in types and "image/png" in types
