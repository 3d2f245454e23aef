"""Structural checks of a written DOCX (the verifier's half that searches no text).

The package's own vocabulary — part names, relationship ids, types and targets, content
types — is made by the sanitiser, so it is *checked against what the sanitiser makes*
instead of searched for redacted words: an ordinary word that is also OOXML vocabulary
("footer", "page", "even") never makes a document unexportable, and a name can still not
hide there because nothing else passes these checks.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree
from PIL import Image
from redactor_plugins.formats.docx.images import IMAGE_FORMATS, OUTPUT_IMAGE_TYPES
from redactor_plugins.formats.docx.markup import foreign_namespaces
from redactor_plugins.formats.docx.package import FIXED_TIME, MC, PR, C, Package, rels_name, w
from redactor_plugins.formats.docx.read import TEXT_TAGS
from redactor_plugins.formats.docx.sanitize import (
    APP_TYPE,
    APP_XML,
    CHANGE_TAGS,
    CORE_TYPE,
    KEPT_REL_KINDS,
    KIND_TYPES,
    hidden_runs,
    hidden_style_ids,
    is_on,
    local,
)
from redactor_plugins.formats.docx.vector import SVG, SVG_KEEP, XLINK

from redactor.plugin_api import VerificationIssue

TEXTY = frozenset(TEXT_TAGS | {w("delText"), w("instrText"), f"{{{C}}}v"})
FORBIDDEN_PARTS = (
    (re.compile(r"(^|/)comments[^/]*\.xml$", re.I), "comments"),
    (re.compile(r"(^|/)people\.xml$", re.I), "people (comment authors)"),
    (re.compile(r"^docProps/custom\.xml$", re.I), "custom properties"),
    (re.compile(r"^customXml/", re.I), "custom XML parts"),
    (re.compile(r"vbaProject|vbaData", re.I), "macros"),
    (re.compile(r"thumbnail", re.I), "thumbnail"),
    (re.compile(r"glossary", re.I), "glossary document"),
    (re.compile(r"webSettings\.xml$", re.I), "web settings"),
    (re.compile(r"(^|/)(embeddings|activeX)/", re.I), "embedded objects"),
    (re.compile(r"(^|/)fonts/", re.I), "embedded fonts"),
    (re.compile(r"printerSettings", re.I), "printer settings"),
    (re.compile(r"customizations|attachedToolbars", re.I), "customisations"),
    (re.compile(r"^docMetadata/", re.I), "sensitivity labels"),
)
FORBIDDEN_TAGS = {
    w("ins"): "tracked insertion", w("del"): "tracked deletion",
    w("moveFrom"): "tracked move", w("moveTo"): "tracked move",
    w("instrText"): "field instruction", w("fldSimple"): "field instruction",
    w("fldChar"): "field", w("fldData"): "field data", w("binData"): "embedded binary data",
    w("docVars"): "document variables", w("rsids"): "rsids",
    w("attachedTemplate"): "attached template", w("mailMerge"): "mail merge",
    w("commentRangeStart"): "comment mark", w("commentRangeEnd"): "comment mark",
    w("commentReference"): "comment mark", w("object"): "embedded object",
    w("control"): "ActiveX control", w("altChunk"): "embedded document",
    w("subDoc"): "sub-document", f"{{{MC}}}AlternateContent": "alternate content",
    w("permStart"): "editing permission", w("smartTag"): "smart tag",
    w("customXml"): "custom XML markup",
    **dict.fromkeys(CHANGE_TAGS, "tracked change"),
}
#: Every part name the sanitiser writes (docx_sanitize.rebuild, docx_scrub.neutral_part_names).
NEUTRAL_PART = re.compile(
    r"^(_rels/\.rels|docProps/(core|app)\.xml|word/document\.xml|word/[A-Za-z]+\d+\.xml"
    r"|word/media/image\d+\.(png|jpeg|gif|bmp|tiff|webp|svg|emf|wmf)"
    r"|word/_rels/(document\.xml|[A-Za-z]+\d+\.xml)\.rels)$")
RELS_TYPE = "application/vnd.openxmlformats-package.relationships+xml"
CONTENT_TYPES = frozenset({*KIND_TYPES.values(), *OUTPUT_IMAGE_TYPES, CORE_TYPE, APP_TYPE,
                           RELS_TYPE, "application/xml"})
_REL_TYPE = re.compile(r"^https?://schemas\.(openxmlformats\.org|microsoft\.com)/[\w/.-]+$")
_REL_ID = re.compile(r"^rId\d+$")


def safe_where(where: str) -> str:
    """``where`` for an issue, without a part name the sanitiser did not make (such a name
    could carry document text)."""
    name, sep, rest = where.partition(" [")
    if name in ("package", "all parts") or NEUTRAL_PART.match(name):
        return where
    return "(a part the sanitiser did not name)" + sep + rest


@dataclass
class Outcome:
    """What the verification found: issues (fail), checks done, warnings (said, not fatal)."""

    issues: list[VerificationIssue] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def issue(self, where: str, what: str) -> None:
        self.issues.append(VerificationIssue(where, what))


def check_zip(out: Outcome, output: Path) -> None:
    with zipfile.ZipFile(output) as zf:
        if zf.comment:
            out.issue("package", "the zip has a comment")
        if any(i.date_time != FIXED_TIME for i in zf.infolist()):
            out.issue("package", "zip entries carry real timestamps")
        if any(i.extra for i in zf.infolist()):
            out.issue("package", "zip entries carry extra fields")
    out.checks.append("zip: no comment, fixed timestamps, no extra fields")


def check_parts(out: Outcome, pkg: Package) -> set[str]:
    """Forbidden and unreferenced parts; the names, relationships and content types are the
    sanitiser's own. Returns the parts reachable from the package root."""
    for part in pkg.parts:
        for pattern, what in FORBIDDEN_PARTS:
            if pattern.search(part):
                out.issue(part, f"{what} part present")
        if not NEUTRAL_PART.match(part):
            out.issue("package", "a part name that the sanitiser did not make")
    reachable: set[str] = set()
    queue = [""]
    while queue:
        source = queue.pop()
        for rel in pkg.rels(source):
            if rel.external:
                out.issue(rels_name(source), "external relationship target present")
                continue
            if (not _REL_ID.match(rel.id) or not _REL_TYPE.match(rel.type)
                    or rel.kind not in KEPT_REL_KINDS | {"core-properties",
                                                         "extended-properties"}
                    or rel.part is None):
                out.issue(rels_name(source), "a relationship that the sanitiser did not make")
            if rel.part and rel.part not in reachable:
                reachable.add(rel.part)
                queue.append(rel.part)
    rels_parts = {pkg.find(rels_name(p)) for p in reachable | {""}}
    for part in pkg.parts:
        if part not in reachable and part not in rels_parts:
            out.issue(part, "unreferenced part left in the package")
        if not pkg.content_type(part):
            out.issue(part, "part without a content type")
        elif pkg.content_type(part) not in CONTENT_TYPES:
            out.issue(part, "a content type that the sanitiser did not write")
    for name in [p for p in pkg.parts if p.endswith(".rels")]:
        _check_rels_attributes(out, pkg, name)
    for rel in pkg.rels(""):
        if rel.kind == "core-properties" and rel.part:
            if len(pkg.xml(rel.part)):
                out.issue(rel.part, "document properties are not neutral")
        if rel.kind == "extended-properties" and rel.part:
            if b"".join(pkg.parts[rel.part].split()) != b"".join(APP_XML.split()):
                out.issue(rel.part, "application properties are not neutral")
        if rel.kind == "custom-properties":
            out.issue("package", "custom properties present")
    out.checks.append("parts: only referenced ones, with the sanitiser's names, relationships "
                      "and content types; no comments, people, custom properties, custom XML, "
                      "macros, objects, fonts, glossary, web settings, thumbnail")
    return reachable


def _check_rels_attributes(out: Outcome, pkg: Package, name: str) -> None:
    root = pkg.xml(name)
    for el in root.iter():
        if el is root:
            continue
        if el.tag != f"{{{PR}}}Relationship" or set(el.attrib) - {"Id", "Type", "Target"}:
            out.issue(name, "a relationship that the sanitiser did not make")
            return


def check_structure(out: Outcome, part: str, root: etree._Element) -> None:
    """Forbidden elements, rsids, alt text, XML comments, markup in unknown namespaces."""
    found: dict[str, int] = {}
    svg = root.tag == f"{{{SVG}}}svg"
    for el in root.iter():
        tag = el.tag
        if not isinstance(tag, str):
            found["XML comment or processing instruction"] = found.get(
                "XML comment or processing instruction", 0) + 1
            continue
        what = FORBIDDEN_TAGS.get(tag)
        if what is None and local(tag) == "dataBinding":
            what = "data binding"
        if svg and (not tag.startswith(f"{{{SVG}}}") or local(tag) not in SVG_KEEP
                    or any(local(k) == "href" and not v.startswith("#")
                           for k, v in el.attrib.items())):
            what = "SVG content that is not a drawing"
        if what:
            found[what] = found.get(what, 0) + 1
        for key in el.attrib:
            if key.startswith(w("rsid")):
                found["rsid"] = found.get("rsid", 0) + 1
            elif local(key) in ("descr", "title") and local(tag) in ("docPr", "cNvPr"):
                found["alt text"] = found.get("alt text", 0) + 1
        if tag == f"{{{PR}}}Relationship" and (el.get("TargetMode") or "").lower() == "external":
            found["external relationship"] = found.get("external relationship", 0) + 1
    unknown = foreign_namespaces(root) - ({SVG, XLINK} if svg else set())
    if unknown:
        found["markup in an unknown namespace"] = len(unknown)
    for what, n in sorted(found.items()):
        out.issue(part, f"{what} present ({n}×)")


def check_hidden(out: Outcome, pkg: Package, story: list[str]) -> None:
    main = pkg.main_part()
    styles = None
    for rel in pkg.rels(main):
        if rel.kind == "styles" and rel.part:
            styles = pkg.xml(rel.part)
    hidden = hidden_style_ids(styles)
    for part in story:
        root = pkg.xml(part)
        n = len(hidden_runs(root, hidden))
        n += sum(1 for m in root.iter(w("vanish"), w("specVanish")) if is_on(m))
        if n:
            out.issue(part, f"hidden text present ({n}×)")
    out.checks.append("structure: no revisions, hidden text, field instructions or data, "
                      "rsids, document variables, bindings, alt text, external targets, "
                      "comments, markup in unknown namespaces")


def check_image(out: Outcome, pkg: Package, part: str, data: bytes, raster: bool) -> None:
    ctype = pkg.content_type(part).lower()
    if ctype not in IMAGE_FORMATS:
        if ctype.startswith("image/") and raster:  # a raster image by any name
            out.issue(part, "a raster image kept as it was (not re-encoded)")
        return
    try:
        with Image.open(io.BytesIO(data)) as im:
            meta = {k for k in im.info if k in ("exif", "xmp", "icc_profile", "comment",
                                                 "XML:com.adobe.xmp")}
            if len(im.getexif()) or meta or getattr(im, "text", None):
                out.issue(part, "image metadata present")
    except Exception:
        out.issue(part, "an image cannot be re-opened")


def unread_pictures(out: Outcome, pictures: list[str], refuse: bool) -> None:
    """Pictures that may show text nobody read (no OCR): a warning, or with the setting
    ``refuse_unread_images`` an issue per picture."""
    if not pictures:
        return
    if refuse:
        for part in pictures:
            out.issue(part, "a picture that may show text, which is not read (no OCR); "
                            "refused because refuse_unread_images is set")
        return
    out.warnings.append(
        f"{len(pictures)} picture(s) may show text that was not read or redacted (no OCR): "
        "check them before sharing, or set refuse_unread_images to refuse such exports")
