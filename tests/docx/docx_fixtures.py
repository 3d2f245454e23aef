"""Fixture builders for the DOCX tests: python-docx for the base document, lxml and a zip
editor to inject the parts python-docx cannot make (one builder per checklist channel)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path

import docx
from docx.shared import Pt, RGBColor
from lxml import etree
from PIL import Image

SECRET = "Yalman Galip 36110/97"
TOKENS = ("yalman", "galip", "36110")  # no piece of the secret may survive anywhere

NS = {
    "w": "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "wp": "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "pic": "http://schemas.openxmlformats.org/drawingml/2006/picture",
    "c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
    "v": "urn:schemas-microsoft-com:vml",
    "o": "urn:schemas-microsoft-com:office:office",
    "mc": "http://schemas.openxmlformats.org/markup-compatibility/2006",
    "wps": "http://schemas.microsoft.com/office/word/2010/wordprocessingShape",
    "w14": "http://schemas.microsoft.com/office/word/2010/wordml",
    "w15": "http://schemas.microsoft.com/office/word/2012/wordml",
}
DECL = " ".join(f'xmlns:{k}="{v}"' for k, v in NS.items())
W = NS["w"]
RT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
RELS_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
CT_NS = "http://schemas.openxmlformats.org/package/2006/content-types"
WML = "application/vnd.openxmlformats-officedocument.wordprocessingml."


def frag(xml: str) -> etree._Element:
    """One element from a snippet that may use any prefix of :data:`NS`."""
    return etree.fromstring(f"<root {DECL}>{xml}</root>")[0]


class Pkg:
    """A DOCX held as zip entries, edited at the XML level, saved as a zip again."""

    def __init__(self, document: docx.document.Document | None = None) -> None:
        buf = io.BytesIO()
        (document or docx.Document()).save(buf)
        with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as zf:
            self.entries = {i.filename: zf.read(i) for i in zf.infolist()}
        self._trees: dict[str, etree._Element] = {}

    def xml(self, name: str) -> etree._Element:
        if name not in self._trees:
            self._trees[name] = etree.fromstring(self.entries[name])
        return self._trees[name]

    def set(self, name: str, data: bytes | str, content_type: str | None = None) -> None:
        self._trees.pop(name, None)
        self.entries[name] = data.encode() if isinstance(data, str) else data
        if content_type:
            ct = self.xml("[Content_Types].xml")
            etree.SubElement(ct, f"{{{CT_NS}}}Override", PartName="/" + name,
                             ContentType=content_type)

    def default_type(self, ext: str, content_type: str) -> None:
        ct = self.xml("[Content_Types].xml")
        if not any(d.get("Extension") == ext for d in ct):
            etree.SubElement(ct, f"{{{CT_NS}}}Default", Extension=ext, ContentType=content_type)

    def relate(self, source: str, rid: str, rtype: str, target: str,
               external: bool = False) -> None:
        folder, _, base = source.rpartition("/")
        rels = f"{folder}/_rels/{base}.rels" if source else "_rels/.rels"
        if rels not in self.entries:
            self.entries[rels] = f'<Relationships xmlns="{RELS_NS}"/>'.encode()
        root = self.xml(rels)
        rel = etree.SubElement(root, f"{{{RELS_NS}}}Relationship", Id=rid,
                               Type=rtype if "://" in rtype else RT + rtype, Target=target)
        if external:
            rel.set("TargetMode", "External")

    @property
    def body(self) -> etree._Element:
        return self.xml("word/document.xml").find(f"{{{W}}}body")

    def add(self, xml: str) -> etree._Element:
        """Append a block (paragraph, table …) to the body, before the section properties."""
        el = frag(xml)
        sect = self.body.find(f"{{{W}}}sectPr")
        if sect is not None:
            sect.addprevious(el)
        else:
            self.body.append(el)
        return el

    def save(self, path: Path, *, comment: bytes = b"",
             entry_hook: Callable[[zipfile.ZipInfo], None] | None = None) -> Path:
        for name, tree in self._trees.items():
            self.entries[name] = etree.tostring(tree, xml_declaration=True, encoding="UTF-8",
                                                standalone=True)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
            for name, data in self.entries.items():
                info = zipfile.ZipInfo(name, date_time=(2021, 5, 4, 3, 2, 1))
                info.compress_type = zipfile.ZIP_DEFLATED
                if entry_hook:
                    entry_hook(info)
                zf.writestr(info, data)
            zf.comment = comment
        return path


def p(text: str, rpr: str = "") -> str:
    return f'<w:p><w:r>{rpr and f"<w:rPr>{rpr}</w:rPr>"}<w:t xml:space="preserve">{text}</w:t></w:r></w:p>'


def run(text: str, rpr: str = "") -> str:
    return f'<w:r>{rpr and f"<w:rPr>{rpr}</w:rPr>"}<w:t xml:space="preserve">{text}</w:t></w:r>'


def base(intro: str = "Intro text that stays.") -> docx.document.Document:
    d = docx.Document()
    d.add_paragraph(intro)
    return d


def png_bytes(with_text: bool = False) -> bytes:
    from PIL import PngImagePlugin

    info = PngImagePlugin.PngInfo()
    if with_text:
        info.add_text("Author", SECRET)
        info.add_itxt("Description", SECRET)
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 30, 30)).save(out, "PNG", pnginfo=info)
    return out.getvalue()


def jpeg_with_exif() -> bytes:
    img = Image.new("RGB", (16, 16), (10, 120, 200))
    exif = Image.Exif()
    exif[0x013B] = SECRET  # Artist
    exif[0x010E] = SECRET  # ImageDescription
    exif[0x8298] = SECRET  # Copyright
    out = io.BytesIO()
    img.save(out, "JPEG", exif=exif.tobytes(), comment=SECRET.encode())
    return out.getvalue()


def inline_picture(rid: str, pid: int, descr: str = "", name: str = "Picture") -> str:
    return (
        f'<w:p><w:r><w:drawing><wp:inline><wp:extent cx="914400" cy="914400"/>'
        f'<wp:docPr id="{pid}" name="{name}" descr="{descr}" title="{descr}"/>'
        f'<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">'
        f'<pic:pic><pic:nvPicPr><pic:cNvPr id="{pid}" name="{name}" descr="{descr}"/>'
        f'<pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="{rid}"/>'
        f'<a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/>'
        f'<a:ext cx="914400" cy="914400"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>'
        f'</pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>')


# -- one builder per DOCX checklist channel ---------------------------------------------------
def ch01_tracked_insertions_deletions(pkg: Pkg) -> None:
    pkg.add(f'<w:p><w:r><w:t xml:space="preserve">Before </w:t></w:r>'
            f'<w:ins w:id="1" w:author="{SECRET}" w:date="2024-01-01T00:00:00Z">{run(SECRET)}</w:ins>'
            f'<w:del w:id="2" w:author="{SECRET}" w:date="2024-01-01T00:00:00Z"><w:r>'
            f'<w:delText xml:space="preserve"> deleted {SECRET}</w:delText></w:r></w:del>'
            f'{run(" after.")}</w:p>')
    # a whole deleted paragraph (runs and mark) and a deleted table row
    pkg.add(f'<w:p><w:pPr><w:rPr><w:del w:id="3" w:author="x" w:date="2024-01-01T00:00:00Z"/>'
            f'</w:rPr></w:pPr><w:del w:id="4" w:author="x" w:date="2024-01-01T00:00:00Z"><w:r>'
            f'<w:delText>{SECRET}</w:delText></w:r></w:del></w:p>')
    pkg.add(f'<w:tbl><w:tblPr/><w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid>'
            f'<w:tr><w:tc><w:p>{run("kept cell")}</w:p></w:tc></w:tr>'
            f'<w:tr><w:trPr><w:del w:id="5" w:author="x" w:date="2024-01-01T00:00:00Z"/></w:trPr>'
            f'<w:tc><w:p><w:del w:id="6" w:author="x" w:date="2024-01-01T00:00:00Z"><w:r>'
            f'<w:delText>{SECRET}</w:delText></w:r></w:del></w:p></w:tc></w:tr></w:tbl>')
    pkg.add(p("Closing paragraph."))


def ch02_moves_and_format_revisions(pkg: Pkg) -> None:
    pkg.add(f'<w:p><w:moveFromRangeStart w:id="10" w:name="move{SECRET.split()[0]}" '
            f'w:author="{SECRET}"/><w:moveFrom w:id="11" w:author="{SECRET}">{run(SECRET)}'
            f'</w:moveFrom><w:moveFromRangeEnd w:id="10"/>{run("Moved away.")}</w:p>')
    pkg.add(f'<w:p><w:moveToRangeStart w:id="12" w:name="moveTo1" w:author="{SECRET}"/>'
            f'<w:moveTo w:id="13" w:author="{SECRET}">{run("Moved here: " + SECRET)}</w:moveTo>'
            f'<w:moveToRangeEnd w:id="12"/></w:p>')
    pkg.add(f'<w:p><w:pPr><w:pPrChange w:id="14" w:author="{SECRET}" w:date="2024-01-01T00:00:00Z">'
            f'<w:pPr><w:jc w:val="center"/></w:pPr></w:pPrChange></w:pPr><w:r><w:rPr><w:b/>'
            f'<w:rPrChange w:id="15" w:author="{SECRET}" w:date="2024-01-01T00:00:00Z"><w:rPr>'
            f'<w:i/></w:rPr></w:rPrChange></w:rPr><w:t>Formatted text.</w:t></w:r></w:p>')


def ch03_comments_and_people(pkg: Pkg) -> None:
    pkg.add(f'<w:p><w:commentRangeStart w:id="0"/>{run("Commented words.")}'
            f'<w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r></w:p>')
    pkg.set("word/comments.xml",
            f'<w:comments {DECL}><w:comment w:id="0" w:author="{SECRET}" w:initials="YG">'
            f'<w:p>{run("Call " + SECRET + " about this.")}</w:p></w:comment></w:comments>',
            WML + "comments+xml")
    pkg.set("word/commentsExtended.xml",
            f'<w15:commentsEx {DECL}><w15:commentEx w15:paraId="1A2B3C4D" w15:done="0"/>'
            f'</w15:commentsEx>', "application/vnd.ms-word.commentsExtended+xml")
    pkg.set("word/people.xml",
            f'<w15:people {DECL}><w15:person w15:author="{SECRET}"><w15:presenceInfo '
            f'w15:providerId="AD" w15:userId="{SECRET}"/></w15:person></w15:people>',
            "application/vnd.ms-word.people+xml")
    pkg.relate("word/document.xml", "rIdC1", "comments", "comments.xml")
    pkg.relate("word/document.xml", "rIdC2",
               "http://schemas.microsoft.com/office/2011/relationships/commentsExtended",
               "commentsExtended.xml")
    pkg.relate("word/document.xml", "rIdC3",
               "http://schemas.microsoft.com/office/2011/relationships/people", "people.xml")


def ch04_document_properties(pkg: Pkg) -> None:
    core = pkg.xml("docProps/core.xml")
    for el in core:
        if el.tag.endswith(("}creator", "}lastModifiedBy", "}title", "}subject")):
            el.text = SECRET
    etree.SubElement(core, "{http://purl.org/dc/elements/1.1/}description").text = SECRET
    pkg.set("docProps/app.xml",
            '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/'
            f'extended-properties"><Company>{SECRET}</Company><Manager>{SECRET}</Manager>'
            '<Template>Normal.dotm</Template></Properties>')
    pkg.set("docProps/custom.xml",
            '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-'
            'properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsV'
            'Types"><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="Client">'
            f'<vt:lpwstr>{SECRET}</vt:lpwstr></property></Properties>',
            "application/vnd.openxmlformats-officedocument.custom-properties+xml")
    pkg.relate("", "rIdP9", RT + "custom-properties", "docProps/custom.xml")


def ch05_custom_xml_and_bindings(pkg: Pkg) -> None:
    pkg.set("customXml/item2.xml", f"<client><name>{SECRET}</name></client>")
    pkg.set("customXml/itemProps2.xml",
            '<ds:datastoreItem ds:itemID="{11111111-2222-3333-4444-555555555555}" xmlns:ds='
            '"http://schemas.openxmlformats.org/officeDocument/2006/customXml"/>',
            "application/vnd.openxmlformats-officedocument.customXmlProperties+xml")
    pkg.relate("customXml/item2.xml", "rId1", "customXmlProps", "itemProps2.xml")
    pkg.relate("word/document.xml", "rIdX1", "customXml", "../customXml/item2.xml")
    pkg.add(f'<w:sdt><w:sdtPr><w:alias w:val="{SECRET}"/><w:tag w:val="{SECRET}"/>'
            f'<w:dataBinding w:xpath="/client/name" w:storeItemID='
            f'"{{11111111-2222-3333-4444-555555555555}}"/><w:text/></w:sdtPr><w:sdtContent>'
            f'{p(SECRET)}</w:sdtContent></w:sdt>')
    pkg.add(f'<w:customXml w:element="client"><w:customXmlPr><w:attr w:name="id" '
            f'w:val="{SECRET}"/></w:customXmlPr>{p("Tagged paragraph.")}</w:customXml>')


def _headers(d: docx.document.Document) -> None:
    section = d.sections[0]
    section.different_first_page_header_footer = True
    d.settings.odd_and_even_pages_header_footer = True
    section.header.paragraphs[0].text = "Default header " + SECRET
    section.first_page_header.paragraphs[0].text = "First header " + SECRET
    section.even_page_header.paragraphs[0].text = "Even header " + SECRET
    section.footer.paragraphs[0].text = "Footer " + SECRET
    section.first_page_footer.paragraphs[0].text = "First footer " + SECRET
    section.even_page_footer.paragraphs[0].text = "Even footer " + SECRET


def ch06_headers_footers_watermark(pkg: Pkg) -> None:
    """Header/footer variants come from python-docx (see :func:`build`); plus a watermark."""
    hdr = next(n for n in pkg.entries if n.startswith("word/header") and n.endswith(".xml"))
    root = pkg.xml(hdr)
    root.append(frag(
        f'<w:p><w:r><w:pict><v:shape id="PowerPlusWaterMarkObject" type="#_x0000_t136" '
        f'style="position:absolute;width:400pt;height:100pt" alt="{SECRET}">'
        f'<v:textpath style="font-family:Calibri" string="{SECRET}"/></v:shape></w:pict>'
        f'</w:r></w:p>'))


def ch07_footnotes_endnotes(pkg: Pkg) -> None:
    pkg.add('<w:p><w:r><w:t xml:space="preserve">Note here</w:t></w:r><w:r><w:footnoteReference '
            'w:id="1"/></w:r><w:r><w:endnoteReference w:id="1"/></w:r></w:p>')
    for kind in ("footnote", "endnote"):
        pkg.set(f"word/{kind}s.xml",
                f'<w:{kind}s {DECL}><w:{kind} w:type="separator" w:id="-1"><w:p><w:r>'
                f'<w:separator/></w:r></w:p></w:{kind}><w:{kind} w:id="1"><w:p>'
                f'{run(f"{kind.title()} about {SECRET}.")}</w:p></w:{kind}></w:{kind}s>',
                WML + f"{kind}s+xml")
        pkg.relate("word/document.xml", f"rId{kind}", f"{kind}s", f"{kind}s.xml")


def ch08_hidden_and_tiny_text(pkg: Pkg) -> None:
    pkg.add(f'<w:p>{run("Visible. ")}{run(SECRET, "<w:vanish/>")}</w:p>')
    tiny = '<w:color w:val="FFFFFF"/><w:sz w:val="2"/>'
    pkg.add(f'<w:p>{run("Tiny white: ")}{run(SECRET, tiny)}</w:p>')
    styles = pkg.xml("word/styles.xml")
    styles.append(frag('<w:style w:type="character" w:customStyle="1" w:styleId="Secretive">'
                       '<w:name w:val="Secretive"/><w:rPr><w:vanish/></w:rPr></w:style>'))
    styled = '<w:rStyle w:val="Secretive"/>'
    pkg.add(f'<w:p>{run("Styled hidden: ")}{run(SECRET, styled)}</w:p>')
    styles.append(frag('<w:style w:type="paragraph" w:customStyle="1" w:styleId="HiddenPara">'
                       '<w:name w:val="HiddenPara"/><w:rPr><w:vanish/></w:rPr></w:style>'))
    shown = '<w:vanish w:val="0"/>'
    pkg.add(f'<w:p><w:pPr><w:pStyle w:val="HiddenPara"/></w:pPr>{run(SECRET)}'
            f'{run(" shown anyway", shown)}</w:p>')


CHART = (
    '<c:chartSpace {decl}><c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Chart of '
    '{s}</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea><c:barChart><c:barDir val="col"/>'
    '<c:ser><c:idx val="0"/><c:order val="0"/><c:tx><c:strRef><c:f>Sheet1!$B$1</c:f><c:strCache>'
    '<c:ptCount val="1"/><c:pt idx="0"><c:v>{s}</c:v></c:pt></c:strCache></c:strRef></c:tx>'
    '<c:val><c:numRef><c:f>Sheet1!$B$2</c:f><c:numCache><c:ptCount val="1"/><c:pt idx="0">'
    '<c:v>3</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser></c:barChart></c:plotArea>'
    '</c:chart><c:externalData r:id="rId1"/></c:chartSpace>')


def ch09_textboxes_shapes_charts(pkg: Pkg) -> None:
    txbx = f'<w:txbxContent>{p("Box says " + SECRET)}</w:txbxContent>'
    pkg.add(
        f'<w:p>{run("Anchor ")}<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing>'
        f'<wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" '
        f'behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1"><wp:simplePos x="0" y="0"/>'
        f'<wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH>'
        f'<wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>'
        f'<wp:extent cx="1828800" cy="457200"/><wp:wrapNone/><wp:docPr id="7" name="Text Box 7" '
        f'descr="{SECRET}"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/'
        f'word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr txBox="1"/><wps:spPr/><wps:txbx>'
        f'<w:txbxContent>{p("Choice box says " + SECRET)}</w:txbxContent></wps:txbx><wps:bodyPr/>'
        f'</wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>'
        f'<mc:Fallback><w:pict><v:shape id="tb7" style="width:144pt;height:36pt" alt="{SECRET}">'
        f'<v:textbox>{txbx}</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent>'
        f'</w:r>{run(" after the box.")}</w:p>')
    pkg.set("word/charts/chart1.xml", CHART.format(decl=DECL, s=SECRET),
            "application/vnd.openxmlformats-officedocument.drawingml.chart+xml")
    pkg.set("word/embeddings/Microsoft_Excel_Worksheet.xlsx", b"PK-fake-xlsx " + SECRET.encode())
    pkg.default_type("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    pkg.relate("word/charts/chart1.xml", "rId1", "package",
               "../embeddings/Microsoft_Excel_Worksheet.xlsx")
    pkg.relate("word/document.xml", "rIdChart1", "chart", "charts/chart1.xml")
    pkg.set("word/diagrams/data1.xml",
            f'<dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" '
            f'{DECL}><dgm:ptLst><dgm:pt modelId="1"><dgm:t><a:bodyPr/><a:p><a:r><a:t>{SECRET}'
            f'</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>',
            "application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml")
    pkg.relate("word/document.xml", "rIdDgm", "diagramData", "diagrams/data1.xml")
    pkg.add('<w:p><w:r><w:drawing><wp:inline><wp:extent cx="3000000" cy="2000000"/>'
            '<wp:docPr id="8" name="Chart 8"/><a:graphic><a:graphicData uri="http://schemas.'
            'openxmlformats.org/drawingml/2006/chart"><c:chart r:id="rIdChart1"/></a:graphicData>'
            '</a:graphic></wp:inline></w:drawing></w:r></w:p>')


def ch10_fields_and_docvars(pkg: Pkg) -> None:
    pkg.add(f'<w:p>{run("Merged: ")}<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r>'
            f'<w:instrText xml:space="preserve"> MERGEFIELD "{SECRET}" \\* MERGEFORMAT </w:instrText>'
            f'</w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>{run("Result " + SECRET)}'
            f'<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')
    pkg.add(f'<w:p><w:fldSimple w:instr=" DOCVARIABLE client \\* {SECRET} ">{run("Simple result")}'
            f'</w:fldSimple></w:p>')
    settings = pkg.xml("word/settings.xml")
    settings.append(frag(f'<w:docVars><w:docVar w:name="client" w:val="{SECRET}"/></w:docVars>'))


def ch11_hyperlink_targets(pkg: Pkg) -> None:
    pkg.relate("word/document.xml", "rIdH1", "hyperlink", f"mailto:{SECRET}", external=True)
    pkg.relate("word/document.xml", "rIdH2", "hyperlink",
               f"file:///C:/Users/{SECRET}/case.docx", external=True)
    pkg.add(f'<w:p>{run("Write to ")}<w:hyperlink r:id="rIdH1" w:tooltip="{SECRET}">'
            f'{run("the client")}</w:hyperlink>{run(" or open ")}<w:hyperlink r:id="rIdH2">'
            f'{run("the file")}</w:hyperlink></w:p>')


def ch12_alt_text_and_media_names(pkg: Pkg) -> None:
    name = "word/media/Yalman_Galip_36110_97.png"
    pkg.set(name, png_bytes())
    pkg.default_type("png", "image/png")
    pkg.relate("word/document.xml", "rIdImg1", "image", "media/Yalman_Galip_36110_97.png")
    pkg.add(inline_picture("rIdImg1", 21, SECRET, name=f"{SECRET}.png"))
    pkg.add(f'<w:p><w:r><w:pict><v:shape id="s1" style="width:20pt;height:20pt" alt="{SECRET}">'
            f'<v:imagedata r:id="rIdImg1" o:title="{SECRET}"/></v:shape></w:pict></w:r></w:p>')


def ch13_embedded_objects(pkg: Pkg) -> None:
    pkg.set("word/embeddings/oleObject1.bin", b"\xd0\xcf\x11\xe0OLE " + SECRET.encode("utf-16-le"))
    pkg.default_type("bin", "application/vnd.openxmlformats-officedocument.oleObject")
    pkg.relate("word/document.xml", "rIdOle1", "oleObject", "embeddings/oleObject1.bin")
    pkg.set("word/media/preview.png", png_bytes())
    pkg.default_type("png", "image/png")
    pkg.relate("word/document.xml", "rIdPrev", "image", "media/preview.png")
    pkg.add(f'<w:p>{run("Object: ")}<w:r><w:object w:dxaOrig="1000" w:dyaOrig="1000"><v:shape '
            f'id="ole1" style="width:50pt;height:50pt"><v:imagedata r:id="rIdPrev" '
            f'o:title="{SECRET}"/></v:shape><o:OLEObject Type="Embed" ProgID="Word.Document.12" '
            f'ShapeID="ole1" DrawAspect="Content" ObjectID="_1" r:id="rIdOle1"/></w:object></w:r>'
            f'</w:p>')
    pkg.set("word/afchunk.htm", f"<html><body><p>{SECRET}</p></body></html>")
    pkg.default_type("htm", "text/html")
    pkg.relate("word/document.xml", "rIdAf", "aFChunk", "afchunk.htm")
    pkg.add('<w:altChunk r:id="rIdAf"/>')


def ch14_image_metadata(pkg: Pkg) -> None:
    pkg.set("word/media/photo.jpeg", jpeg_with_exif())
    pkg.set("word/media/scan.png", png_bytes(with_text=True))
    pkg.default_type("jpeg", "image/jpeg")
    pkg.default_type("png", "image/png")
    pkg.relate("word/document.xml", "rIdJ", "image", "media/photo.jpeg")
    pkg.relate("word/document.xml", "rIdP", "image", "media/scan.png")
    pkg.add(inline_picture("rIdJ", 31))
    pkg.add(inline_picture("rIdP", 32))


def ch15_bookmarks_styles_lists(pkg: Pkg) -> None:
    mark = "Yalman_Galip_36110_97"
    pkg.add(f'<w:p><w:bookmarkStart w:id="0" w:name="{mark}"/>{run("Bookmarked.")}'
            f'<w:bookmarkEnd w:id="0"/></w:p>')
    pkg.add(f'<w:p><w:hyperlink w:anchor="{mark}">{run("see above")}</w:hyperlink></w:p>')
    styles = pkg.xml("word/styles.xml")
    styles.append(frag(f'<w:style w:type="paragraph" w:customStyle="1" w:styleId="{mark}">'
                       f'<w:name w:val="{SECRET}"/><w:aliases w:val="{SECRET}"/>'
                       f'<w:basedOn w:val="Normal"/><w:rPr><w:b/></w:rPr></w:style>'))
    pkg.add(f'<w:p><w:pPr><w:pStyle w:val="{mark}"/></w:pPr>{run("Custom styled.")}</w:p>')
    numbering = pkg.xml("word/numbering.xml")
    numbering.insert(0, frag(
        f'<w:abstractNum w:abstractNumId="90"><w:lvl w:ilvl="0"><w:start w:val="1"/>'
        f'<w:numFmt w:val="decimal"/><w:lvlText w:val="{SECRET} %1:"/></w:lvl></w:abstractNum>'))
    numbering.append(frag('<w:num w:numId="90"><w:abstractNumId w:val="90"/></w:num>'))
    pkg.add(f'<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="90"/></w:numPr></w:pPr>'
            f'{run("List item.")}</w:p>')


def ch16_settings_rsid_template_mailmerge(pkg: Pkg) -> None:
    settings = pkg.xml("word/settings.xml")
    settings.append(frag('<w:rsids><w:rsidRoot w:val="00AB12CD"/><w:rsid w:val="00AB12CD"/>'
                         '</w:rsids>'))
    settings.insert(0, frag('<w:attachedTemplate r:id="rIdT1"/>'))
    settings.append(frag(f'<w:mailMerge><w:mainDocumentType w:val="formLetters"/><w:dataType '
                         f'w:val="native"/><w:connectString w:val="Provider={SECRET}"/><w:query '
                         f'w:val="SELECT * FROM `{SECRET}`"/><w:dataSource r:id="rIdM1"/>'
                         f'</w:mailMerge>'))
    pkg.relate("word/settings.xml", "rIdT1", "attachedTemplate",
               f"file:///C:/Users/{SECRET}/Templates/Normal.dotm", external=True)
    pkg.relate("word/settings.xml", "rIdM1", "mailMergeSource",
               f"file:///C:/Users/{SECRET}/clients.xlsx", external=True)
    pkg.add('<w:p w:rsidR="00AB12CD" w:rsidRDefault="00AB12CD"><w:r w:rsidRPr="00AB12CD">'
            '<w:t>Edited in a session.</w:t></w:r></w:p>')


def ch17_glossary_websettings_fonts(pkg: Pkg) -> None:
    pkg.set("word/glossary/document.xml",
            f'<w:glossaryDocument {DECL}><w:docParts><w:docPart><w:docPartPr><w:name '
            f'w:val="{SECRET}"/></w:docPartPr><w:docPartBody>{p(SECRET)}</w:docPartBody>'
            f'</w:docPart></w:docParts></w:glossaryDocument>', WML + "document.glossary+xml")
    pkg.relate("word/document.xml", "rIdG", "glossaryDocument", "glossary/document.xml")
    pkg.set("word/webSettings.xml",
            f'<w:webSettings {DECL}><w:frameset><w:frame><w:name w:val="{SECRET}"/>'
            f'<w:sourceFileName r:id="rIdW1"/></w:frame></w:frameset></w:webSettings>')
    pkg.relate("word/webSettings.xml", "rIdW1", "frame", f"file:///{SECRET}.htm", external=True)
    pkg.set("word/fonts/font1.odttf", b"\x00\x01fontdata " + SECRET.encode())
    pkg.default_type("odttf", "application/vnd.openxmlformats-officedocument.obfuscatedFont")
    pkg.relate("word/fontTable.xml", "rIdF1", "font", "fonts/font1.odttf")
    fonts = pkg.xml("word/fontTable.xml")
    fonts.append(frag('<w:font w:name="Embedded Sans"><w:embedRegular r:id="rIdF1" '
                      'w:fontKey="{00000000-0000-0000-0000-000000000000}"/></w:font>'))
    pkg.add(p("Text with glossary and fonts."))


def ch18_thumbnail(pkg: Pkg) -> None:
    # python-docx's template already has a thumbnail part; it now carries the secret
    pkg.set("docProps/thumbnail.jpeg", jpeg_with_exif())
    assert any(el.get("Target") == "docProps/thumbnail.jpeg" for el in pkg.xml("_rels/.rels"))


def ch19_macros_activex_addins(pkg: Pkg) -> None:
    pkg.set("word/vbaProject.bin", b"\xd0\xcf\x11\xe0VBA " + SECRET.encode(),
            "application/vnd.ms-office.vbaProject")
    pkg.relate("word/document.xml", "rIdVba", "http://schemas.microsoft.com/office/2006/"
               "relationships/vbaProject", "vbaProject.bin")
    pkg.set("word/vbaData.xml", f'<wne:vbaSuppData xmlns:wne="http://schemas.microsoft.com/'
            f'office/word/2006/wordml"><wne:mcds><wne:mcd wne:macroName="{SECRET}"/></wne:mcds>'
            f'</wne:vbaSuppData>', "application/vnd.ms-word.vbaData+xml")
    pkg.relate("word/vbaProject.bin", "rId1", "http://schemas.microsoft.com/office/2006/"
               "relationships/wordVbaData", "vbaData.xml")
    pkg.set("word/customizations.xml", f'<wne:tcg xmlns:wne="http://schemas.microsoft.com/'
            f'office/word/2006/wordml"><wne:keymaps><wne:keymap wne:kcmPrimary="0441">'
            f'<wne:macro wne:macroName="{SECRET}"/></wne:keymap></wne:keymaps></wne:tcg>',
            "application/vnd.ms-word.keyMapCustomizations+xml")
    pkg.relate("word/document.xml", "rIdKey", "http://schemas.microsoft.com/office/2006/"
               "relationships/keyMapCustomizations", "customizations.xml")
    pkg.set("word/activeX/activeX1.xml", f'<ax:ocx xmlns:ax="http://schemas.microsoft.com/'
            f'office/2006/activeX" ax:classid="{{8BD21D40-EC42-11CE-9E0D-00AA006002F3}}">'
            f'<ax:ocxPr ax:name="Value" ax:value="{SECRET}"/></ax:ocx>',
            "application/vnd.ms-office.activeX+xml")
    pkg.relate("word/document.xml", "rIdAx", "control", "activeX/activeX1.xml")
    pkg.add(f'<w:p>{run("Control: ")}<w:r><w:object><w:control r:id="rIdAx" w:name="{SECRET}"/>'
            f'</w:object></w:r></w:p>')


def ch20_split_runs(pkg: Pkg) -> None:
    pkg.add('<w:p w:rsidR="00112233"><w:r><w:t xml:space="preserve">Client: </w:t></w:r>'
            '<w:proofErr w:type="spellStart"/><w:r w:rsidR="00445566"><w:rPr><w:b/></w:rPr>'
            '<w:t>Yal</w:t></w:r><w:r><w:rPr><w:i/></w:rPr><w:t>man</w:t></w:r>'
            '<w:proofErr w:type="spellEnd"/><w:r><w:t xml:space="preserve"> Ga</w:t></w:r>'
            '<w:r><w:rPr><w:u w:val="single"/></w:rPr><w:t>lip 361</w:t></w:r>'
            '<w:r><w:t>10/</w:t></w:r><w:r><w:t xml:space="preserve">97 signed.</w:t></w:r></w:p>')


def ch21_unreferenced_parts_zip_comment(pkg: Pkg) -> None:
    pkg.set("word/orphan.xml", f"<orphan>{SECRET}</orphan>")
    pkg.set("word/media/unused.png", png_bytes(with_text=True))
    pkg.default_type("png", "image/png")
    pkg.set("secret-notes.txt", SECRET)
    pkg.default_type("txt", "text/plain")
    pkg.add(p("Plain text."))


def ch22_new_package_from_parsed_parts(pkg: Pkg) -> None:
    pkg.add(p("Stated: " + SECRET))


CHANNELS: dict[str, Callable[[Pkg], None]] = {
    "tracked_insertions_deletions": ch01_tracked_insertions_deletions,
    "moves_and_format_revisions": ch02_moves_and_format_revisions,
    "comments_and_people": ch03_comments_and_people,
    "document_properties": ch04_document_properties,
    "custom_xml_and_bindings": ch05_custom_xml_and_bindings,
    "headers_footers_watermark": ch06_headers_footers_watermark,
    "footnotes_endnotes": ch07_footnotes_endnotes,
    "hidden_and_tiny_text": ch08_hidden_and_tiny_text,
    "textboxes_shapes_charts": ch09_textboxes_shapes_charts,
    "fields_and_docvars": ch10_fields_and_docvars,
    "hyperlink_targets": ch11_hyperlink_targets,
    "alt_text_and_media_names": ch12_alt_text_and_media_names,
    "embedded_objects": ch13_embedded_objects,
    "image_metadata": ch14_image_metadata,
    "bookmarks_styles_lists": ch15_bookmarks_styles_lists,
    "settings_rsid_template_mailmerge": ch16_settings_rsid_template_mailmerge,
    "glossary_websettings_fonts": ch17_glossary_websettings_fonts,
    "thumbnail": ch18_thumbnail,
    "macros_activex_addins": ch19_macros_activex_addins,
    "split_runs": ch20_split_runs,
    "unreferenced_parts_zip_comment": ch21_unreferenced_parts_zip_comment,
    "new_package_from_parsed_parts": ch22_new_package_from_parsed_parts,
}


def build(channel: str, path: Path) -> Path:
    """The fixture for one checklist channel, hiding :data:`SECRET` there."""
    d = base()
    if channel == "headers_footers_watermark":
        _headers(d)
    pkg = Pkg(d)
    CHANNELS[channel](pkg)
    comment = b""
    hook = None
    if channel == "unreferenced_parts_zip_comment":
        comment = SECRET.encode()
    if channel == "new_package_from_parsed_parts":
        def hook(info: zipfile.ZipInfo) -> None:
            info.comment = SECRET.encode()
            info.extra = b"\xca\xfe" + len(SECRET).to_bytes(2, "little") + SECRET.encode()
    return pkg.save(path, comment=comment, entry_hook=hook)


def formatted_document(path: Path) -> Path:
    """A round-trip fixture: styles, bold/italic runs, a table, header and footer."""
    d = docx.Document()
    d.add_heading("Case summary", level=1)
    para = d.add_paragraph("The applicant ")
    r = para.add_run(SECRET)
    r.bold = True
    para.add_run(" was heard on Monday. ")
    r2 = para.add_run("Italic remark")
    r2.italic = True
    r3 = para.add_run(" and red text.")
    r3.font.color.rgb = RGBColor(0xFF, 0, 0)
    r3.font.size = Pt(14)
    d.add_paragraph("Quoted passage stays.", style="Quote")
    table = d.add_table(rows=2, cols=2)
    table.style = "Table Grid"
    table.cell(0, 0).text = "Name"
    table.cell(0, 1).text = SECRET
    table.cell(1, 0).text = "Court"
    table.cell(1, 1).text = "Second Section"
    d.sections[0].header.paragraphs[0].text = "Header for " + SECRET
    d.sections[0].footer.paragraphs[0].text = "Page footer"
    d.save(path)
    return path
