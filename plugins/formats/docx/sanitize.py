"""DOCX sanitising: what the reader normalises away, and what every export removes.

Two stages, both working on parsed lxml trees of a :class:`~docx_package.Package`:

* :func:`normalize` runs in the reader *and* the writer, so both see the same text: alternate
  content is flattened (``mc:Fallback`` kept, else the first ``mc:Choice``), markup in
  namespaces outside OOXML is removed with its content (:mod:`docx_markup`), tracked changes are
  accepted (insertions and move targets kept, deletions and move sources dropped, deleted
  paragraph marks merged, deleted table rows dropped), hidden runs (``w:vanish``, also via
  styles) are dropped, and fields are flattened to their cached result (``w:instrText``,
  ``w:fldChar``, ``w:fldData``, ``w:fldSimple/@w:instr`` dropped).
* :func:`rebuild` runs in the writer after the replacements: it keeps only parts reachable
  through an allow-list of relationship types (no comments, people, custom properties, custom
  XML, glossary, web settings, embedded fonts, macros, customisations, OLE/ActiveX objects,
  thumbnails, printer settings, sensitivity labels; no external relationship at all), writes
  neutral document properties, strips rsids, document variables, template and mail-merge
  settings, data bindings, hyperlink targets, alt text, tooltips, XML comments, renames
  bookmarks, custom styles and media files, and re-makes every image (:mod:`docx_images`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from lxml import etree
from redactor_plugins.formats.docx.images import export_image
from redactor_plugins.formats.docx.markup import drop_foreign
from redactor_plugins.formats.docx.package import (
    MC,
    OFFICE,
    WML,
    A,
    C,
    Package,
    R,
    V,
    W,
    content_types_xml,
    relative_target,
    rels_name,
    rels_xml,
    to_bytes,
    w,
)
from redactor_plugins.formats.docx.scrub import Needles, neutral_part_names, scrub_values

XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
OFF = ("0", "false", "off")

# -- relationship allow-list -----------------------------------------------------------------
KEPT_REL_KINDS = frozenset({
    "officeDocument", "core-properties", "extended-properties", "styles", "stylesWithEffects",
    "numbering", "settings", "fontTable", "theme", "themeOverride", "header", "footer",
    "footnotes", "endnotes", "image", "chart", "chartStyle", "chartColorStyle",
    "chartUserShapes", "diagramData", "diagramLayout", "diagramQuickStyle", "diagramColors",
    "diagramDrawing",
})
CORE_XML = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    b'<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/'
    b'core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.'
    b'org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org'
    b'/2001/XMLSchema-instance"/>')
APP_XML = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    b'<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-'
    b'properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes'
    b'"><Application>Redactor</Application><DocSecurity>0</DocSecurity></Properties>')
DML = "application/vnd.openxmlformats-officedocument.drawingml."
#: The content type each kept kind of part is written with (never the input's own string).
KIND_TYPES = {
    "officeDocument": WML + "document.main+xml", "styles": WML + "styles+xml",
    "stylesWithEffects": "application/vnd.ms-word.stylesWithEffects+xml",
    "numbering": WML + "numbering+xml", "settings": WML + "settings+xml",
    "fontTable": WML + "fontTable+xml", "header": WML + "header+xml",
    "footer": WML + "footer+xml", "footnotes": WML + "footnotes+xml",
    "endnotes": WML + "endnotes+xml",
    "theme": "application/vnd.openxmlformats-officedocument.theme+xml",
    "themeOverride": "application/vnd.openxmlformats-officedocument.themeOverride+xml",
    "chart": DML + "chart+xml", "chartUserShapes": DML + "chartshapes+xml",
    "chartStyle": "application/vnd.ms-office.chartstyle+xml",
    "chartColorStyle": "application/vnd.ms-office.chartcolorstyle+xml",
    "diagramData": DML + "diagramData+xml", "diagramLayout": DML + "diagramLayout+xml",
    "diagramQuickStyle": DML + "diagramStyle+xml", "diagramColors": DML + "diagramColors+xml",
    "diagramDrawing": "application/vnd.ms-office.drawingml.diagramDrawing+xml",
}
CORE_TYPE = "application/vnd.openxmlformats-package.core-properties+xml"
APP_TYPE = "application/vnd.openxmlformats-officedocument.extended-properties+xml"
CORE_REL = "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties"
APP_REL = ("http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
           "extended-properties")

CHANGE_TAGS = tuple(w(t) for t in (
    "rPrChange", "pPrChange", "sectPrChange", "tblPrChange", "tblPrExChange", "tcPrChange",
    "trPrChange", "tblGridChange", "numberingChange", "cellIns", "cellDel", "cellMerge",
    "moveFromRangeStart", "moveFromRangeEnd", "moveToRangeStart", "moveToRangeEnd",
    "customXmlInsRangeStart", "customXmlInsRangeEnd", "customXmlDelRangeStart",
    "customXmlDelRangeEnd", "customXmlMoveFromRangeStart", "customXmlMoveFromRangeEnd",
    "customXmlMoveToRangeStart", "customXmlMoveToRangeEnd", "delText", "delInstrText"))
PROPERTY_PARENTS = frozenset(w(t) for t in ("rPr", "pPr", "trPr", "tcPr", "tblPr", "sectPr"))
DROP_ELEMENTS = tuple(w(t) for t in (
    "commentRangeStart", "commentRangeEnd", "commentReference", "permStart", "permEnd",
    "proofErr", "docVars", "rsids", "attachedTemplate", "mailMerge", "attachedSchema",
    "saveThroughXslt", "embedTrueTypeFonts", "embedSystemFonts", "saveSubsetFonts", "object",
    "control", "altChunk", "subDoc", "customXmlPr", "smartTagPr", "alias", "tag",
    "placeholder", "embedRegular", "embedBold", "embedItalic", "embedBoldItalic",
    "documentProtection", "writeProtection", "docPartObj", "ffData", "binData", "fldData"))
STYLE_REFS = tuple(w(t) for t in (
    "pStyle", "rStyle", "tblStyle", "basedOn", "next", "link", "numStyleLink", "styleLink"))


@dataclass
class Report:
    """What normalisation changed (counts only; never text)."""

    counts: dict[str, int] = field(default_factory=dict)

    def add(self, key: str, n: int = 1) -> None:
        if n:
            self.counts[key] = self.counts.get(key, 0) + n


# -- helpers ---------------------------------------------------------------------------------
def unwrap(el: etree._Element) -> None:
    """Replace ``el`` by its children."""
    parent = el.getparent()
    if parent is None:
        return
    idx = parent.index(el)
    for i, child in enumerate(list(el)):
        parent.insert(idx + i, child)
    drop(el)


def drop(el: etree._Element) -> None:
    parent = el.getparent()
    if parent is not None:
        tail = el.tail
        prev = el.getprevious()
        parent.remove(el)
        if tail and tail.strip():  # never happens in OOXML; keep text order if it does
            if prev is not None:
                prev.tail = (prev.tail or "") + tail
            else:
                parent.text = (parent.text or "") + tail


def is_on(el: etree._Element | None) -> bool | None:
    if el is None:
        return None
    return (el.get(w("val")) or "true").lower() not in OFF


@lru_cache(maxsize=4096)
def local(tag: object) -> str:
    return tag.split("}", 1)[-1] if isinstance(tag, str) else ""


# -- stage 1: normalise (reader and writer) --------------------------------------------------
def flatten_alternate_content(root: etree._Element, report: Report) -> None:
    for ac in list(root.iter(f"{{{MC}}}AlternateContent")):
        fallback = ac.find(f"{{{MC}}}Fallback")
        branch = fallback if fallback is not None else ac.find(f"{{{MC}}}Choice")
        if branch is not None:
            idx = ac.getparent().index(ac) if ac.getparent() is not None else 0
            parent = ac.getparent()
            if parent is not None:
                for i, child in enumerate(list(branch)):
                    parent.insert(idx + i, child)
        drop(ac)
        report.add("alternate content flattened")


def accept_revisions(root: etree._Element, report: Report) -> None:
    """Accept every tracked change: the document as it reads with all changes accepted."""
    # deleted paragraph marks: the paragraph joins the next one
    for p in list(root.iter(w("p"))):
        mark = p.find(f"{w('pPr')}/{w('rPr')}")
        if mark is None:
            continue
        gone = [m for m in mark if m.tag in (w("del"), w("moveFrom"))]
        if not gone:
            continue
        for m in gone:
            mark.remove(m)
        nxt = p.getnext()
        if nxt is not None and nxt.tag == w("p"):
            content = [c for c in p if c.tag != w("pPr")]
            ppr = nxt.find(w("pPr"))
            at = 1 if ppr is not None and nxt.index(ppr) == 0 else 0
            for i, child in enumerate(content):
                nxt.insert(at + i, child)
            drop(p)
        report.add("tracked changes accepted")
    # deleted table rows
    for tr in list(root.iter(w("tr"))):
        trpr = tr.find(w("trPr"))
        if trpr is not None and trpr.find(w("del")) is not None:
            drop(tr)
            report.add("tracked changes accepted")
    for el in list(root.iter(w("del"), w("moveFrom"))):
        drop(el)
        report.add("tracked changes accepted")
    for el in list(root.iter(w("ins"), w("moveTo"))):
        parent = el.getparent()
        if parent is not None and parent.tag in PROPERTY_PARENTS:
            drop(el)
        else:
            unwrap(el)
        report.add("tracked changes accepted")
    for el in list(root.iter(*CHANGE_TAGS)):
        drop(el)
        report.add("tracked changes accepted")


def hidden_style_ids(styles: etree._Element | None) -> tuple[set[str], bool]:
    """Style ids whose run properties hide text, and whether the document default does."""
    if styles is None:
        return set(), False
    by_id = {s.get(w("styleId")): s for s in styles.iter(w("style"))}
    default = styles.find(f"{w('docDefaults')}/{w('rPrDefault')}/{w('rPr')}/{w('vanish')}")

    def hidden(style: etree._Element, depth: int = 0) -> bool | None:
        state = is_on(style.find(f"{w('rPr')}/{w('vanish')}"))
        if state is not None or depth > 20:
            return state
        based = style.find(w("basedOn"))
        parent = by_id.get(based.get(w("val"))) if based is not None else None
        return hidden(parent, depth + 1) if parent is not None else None

    return {sid for sid, s in by_id.items() if sid and hidden(s)}, bool(is_on(default))


def hidden_runs(root: etree._Element, styles: tuple[set[str], bool]) -> list[etree._Element]:
    """Runs hidden by ``w:vanish`` (on the run, its character style or its paragraph style,
    or the document default) that carry any content."""
    hidden_ids, default_hidden = styles
    out = []
    for r in root.iter(w("r")):
        rpr = r.find(w("rPr"))
        state = None
        if rpr is not None:
            state = is_on(rpr.find(w("vanish")))
            if state is None and is_on(rpr.find(w("specVanish"))):
                state = True
            if state is None:
                rstyle = rpr.find(w("rStyle"))
                if rstyle is not None and rstyle.get(w("val")) in hidden_ids:
                    state = True
        if state is None and hidden_ids:
            p = r.getparent()
            while p is not None and p.tag != w("p"):
                p = p.getparent()
            pstyle = p.find(f"{w('pPr')}/{w('pStyle')}") if p is not None else None
            if pstyle is not None and pstyle.get(w("val")) in hidden_ids:
                state = True
        if state is None:
            state = default_hidden
        if state and any(c.tag != w("rPr") for c in r):
            out.append(r)
    return out


def drop_hidden_runs(root: etree._Element, styles: tuple[set[str], bool],
                     report: Report) -> None:
    for r in hidden_runs(root, styles):
        drop(r)
        report.add("hidden runs removed")
    # what is left switched on hides only paragraph marks: show them (empty paragraphs)
    for mark in list(root.iter(w("vanish"), w("specVanish"))):
        if is_on(mark):
            drop(mark)


def flatten_fields(root: etree._Element, report: Report) -> None:
    """Keep every field's cached result as plain text; drop its instruction."""
    for el in list(root.iter(w("instrText"), w("fldChar"), w("delInstrText"), w("fldData"))):
        drop(el)
        report.add("field instructions removed")
    for el in list(root.iter(w("fldSimple"))):
        unwrap(el)
        report.add("field instructions removed")


def normalize(pkg: Package, parts: Iterable[str], report: Report | None = None) -> Report:
    """Normalise ``parts`` of ``pkg`` in place (see the module docstring)."""
    report = report or Report()
    styles = _styles_root(pkg)
    hidden = hidden_style_ids(styles)
    for part in parts:
        root = pkg.xml(part)
        flatten_alternate_content(root, report)
        report.add("unknown markup removed", drop_foreign(root))
        accept_revisions(root, report)
        drop_hidden_runs(root, hidden, report)
        flatten_fields(root, report)
    return report


def _styles_root(pkg: Package) -> etree._Element | None:
    main = pkg.main_part()
    for rel in pkg.rels(main):
        if rel.kind == "styles" and rel.part and pkg.is_xml(rel.part):
            return pkg.xml(rel.part)
    return None


# -- stage 2: sanitise and rebuild (writer) --------------------------------------------------
def sanitize_xml(root: etree._Element, names: dict[str, dict[str, str]]) -> None:
    """Scrub one XML part in place (all parts go through this, whatever their kind)."""
    flatten_alternate_content(root, Report())
    drop_foreign(root)
    accept_revisions(root, Report())
    flatten_fields(root, Report())
    for el in list(root.iter(*DROP_ELEMENTS)):
        drop(el)
    for el in list(root.iter(f"{{{C}}}externalData", f"{{{A}}}hlinkClick",
                             f"{{{A}}}hlinkHover")):
        drop(el)
    for el in list(root.iter(etree.Element)):
        if local(el.tag) in ("dataBinding", "docId"):  # w:, w15: bindings; w14:/w15: docIds
            drop(el)
    for el in list(root.iter(w("smartTag"), w("customXml"))):
        unwrap(el)
    bookmarks = names["bookmarks"]
    for el in root.iter(w("bookmarkStart")):
        old = el.get(w("name"), "")
        if old not in bookmarks:
            bookmarks[old] = f"_bm{len(bookmarks) + 1}"
        el.set(w("name"), bookmarks[old])
    for el in list(root.iter(w("hyperlink"))):
        for attr in (f"{{{R}}}id", w("tooltip"), w("docLocation"), w("tgtFrame")):
            el.attrib.pop(attr, None)
        anchor = el.get(w("anchor"))
        if anchor is not None and anchor in bookmarks:
            el.set(w("anchor"), bookmarks[anchor])
        else:
            unwrap(el)
    styles = names["styles"]
    for el in root.iter(*STYLE_REFS):
        val = el.get(w("val"))
        if val in styles:
            el.set(w("val"), styles[val])
    for el in root.iter(etree.Element):
        attrib = el.attrib
        for key in list(attrib):
            name = local(key)
            if key.startswith(f"{{{W}}}rsid"):
                del attrib[key]
            elif name in ("descr", "title") and local(el.tag) in ("docPr", "cNvPr"):
                del attrib[key]
            elif name in ("alt", "title", "href", "gfxdata") and (
                    el.tag.startswith(f"{{{V}}}") or key.startswith(f"{{{OFFICE}}}")):
                del attrib[key]  # gfxdata: a base64 zip of the shape's DrawingML copy
        if local(el.tag) in ("docPr", "cNvPr") and "name" in attrib:
            attrib["name"] = f"Object {attrib.get('id', '0')}"
    for el in root.iter(w("date")):  # a date picker's stored date (the shown one is text)
        el.attrib.pop(w("fullDate"), None)
    for el in list(root.iter(etree.Comment, etree.ProcessingInstruction)):
        drop(el)


def rename_custom_styles(styles: etree._Element, mapping: dict[str, str] | None = None,
                         needles: Needles | None = None) -> dict[str, str]:
    """Custom styles — and any style whose id or name carries one of ``needles`` — get
    neutral ids and names; built-in ones keep theirs. ``mapping`` (from the styles part)
    keeps the names of ``stylesWithEffects`` consistent with it."""
    mapping = {} if mapping is None else mapping
    for style in styles.iter(w("style")):
        for alias in style.findall(w("aliases")):
            style.remove(alias)
        name_el = style.find(w("name"))
        named = name_el.get(w("val"), "") if name_el is not None else ""
        if (style.get(w("customStyle")) or "").lower() in ("1", "true", "on") or (
                needles is not None and (needles.found_in(style.get(w("styleId"), ""))
                                         or needles.found_in(named))):
            sid = style.get(w("styleId"), "")
            new = mapping.setdefault(sid, f"CustomStyle{len(mapping) + 1}")
            style.set(w("styleId"), new)
            name = style.find(w("name"))
            if name is not None:
                name.set(w("val"), new)
    for latent in styles.iter(w("latentStyles")):
        for exc in list(latent):
            if exc.get(w("name")) is None:
                latent.remove(exc)
    return mapping


@dataclass
class Kept:
    """What a sanitised package keeps: parts reached through allowed relationships."""

    types: dict[str, str] = field(default_factory=dict)  # part -> content type
    kind_of: dict[str, str] = field(default_factory=dict)  # part -> kind of the reaching rel
    rels: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)  # (id, type, target)
    media: dict[str, str] = field(default_factory=dict)  # image part -> its new name


def kept_parts(pkg: Package) -> Kept:
    """Walk the relationships from the package root through :data:`KEPT_REL_KINDS`."""
    main = pkg.main_part()
    kept = Kept()
    queue = [""]
    seen = {""}
    while queue:
        source = queue.pop(0)
        out: list[tuple[str, str, str]] = []
        for rel in pkg.rels(source):
            if rel.external or rel.part is None or rel.kind not in KEPT_REL_KINDS:
                continue
            if source == "" and rel.kind == "officeDocument" and rel.part != main:
                continue
            if rel.kind not in ("image", "core-properties", "extended-properties") and (
                    not pkg.is_xml(rel.part)):
                continue  # a binary part where an XML one belongs: not carried
            target = rel.part
            if rel.kind == "image":  # its extension follows what is written (rebuild)
                target = kept.media.setdefault(rel.part, f"word/media/image{len(kept.media) + 1}")
            out.append((rel.id, rel.type, target))
            if rel.part not in seen:
                seen.add(rel.part)
                kept.types[rel.part] = pkg.content_type(rel.part)
                kept.kind_of[rel.part] = rel.kind
                if rel.kind not in ("core-properties", "extended-properties", "image"):
                    queue.append(rel.part)
        kept.rels[source] = out
    return kept


def part_names(pkg: Package, kept: Kept | None = None) -> dict[str, str]:
    """{part: its name in the output} for the kept parts other than images."""
    kept = kept_parts(pkg) if kept is None else kept
    return neutral_part_names({p: k for p, k in kept.kind_of.items() if k != "image"},
                              pkg.main_part())


def rebuild(pkg: Package, secrets: Sequence[str] = (),
            notes: list[str] | None = None) -> dict[str, bytes]:
    """The zip entries of a new, sanitised package built from ``pkg``'s (edited) parts; values
    outside the text that carry one of ``secrets`` are scrubbed (:mod:`docx_scrub`), every
    part gets a neutral name (:func:`part_names`) and its kind's content type, and every
    image is re-made (:mod:`docx_images`). What the user should be told about (images
    changed) is appended to ``notes``, without text."""
    needles = Needles(secrets)
    walk = kept_parts(pkg)
    kept, kind_of, rels_out, media_names = walk.types, walk.kind_of, walk.rels, walk.media
    kinds = {t.rsplit("/", 1)[-1] for _, t, _ in rels_out[""]}
    if "core-properties" not in kinds:
        rels_out[""].append(("rIdCoreNeutral", CORE_REL, "docProps/core.xml"))
    if "extended-properties" not in kinds:
        rels_out[""].append(("rIdAppNeutral", APP_REL, "docProps/app.xml"))

    names: dict[str, dict[str, str]] = {"bookmarks": {}, "styles": {}}
    styles = _styles_root(pkg)
    if styles is not None:
        names["styles"] = rename_custom_styles(styles, None, needles)
    renamed = part_names(pkg, walk)
    # relationship ids renumbered per part (rId1, rId2 …): an id may carry a name too
    rel_ids = {src: dict.fromkeys(rid for rid, _, _ in rels) for src, rels in rels_out.items()}
    for ids in rel_ids.values():
        for n, old in enumerate(ids, 1):
            ids[old] = f"rId{n}"
    entries: dict[str, bytes] = {}
    types: dict[str, str] = {}
    for part in kept:
        rel_kind = kind_of[part]
        name = renamed.get(part, part)
        ctype = KIND_TYPES.get(rel_kind, "application/xml")
        if rel_kind == "core-properties":
            entries[name], types[name] = CORE_XML, CORE_TYPE
        elif rel_kind == "extended-properties":
            entries[name], types[name] = APP_XML, APP_TYPE
        elif rel_kind == "image":
            image = export_image(pkg, part, needles)
            new = renamed[media_names[part]] = media_names[part] + image.ext
            entries[new], types[new] = image.data, image.content_type
            if notes is not None:
                notes.extend(image.notes)
        elif pkg.is_xml(part):
            root = pkg.xml(part)
            if rel_kind == "stylesWithEffects":
                rename_custom_styles(root, names["styles"], needles)
            sanitize_xml(root, names)
            ids = rel_ids.get(part, {})
            _renumber_refs(root, ids)
            scrub_values(root, needles)
            _drop_dangling_refs(root, set(ids.values()))
            entries[name], types[name] = to_bytes(root), ctype
        # (every kept kind other than images is an XML part: a binary one is not carried)
    if "docProps/core.xml" not in entries and any(r[0] == "rIdCoreNeutral" for r in rels_out[""]):
        entries["docProps/core.xml"], types["docProps/core.xml"] = CORE_XML, CORE_TYPE
    if "docProps/app.xml" not in entries and any(r[0] == "rIdAppNeutral" for r in rels_out[""]):
        entries["docProps/app.xml"], types["docProps/app.xml"] = APP_XML, APP_TYPE
    for source, rels in rels_out.items():
        if not rels and source:
            continue
        src_name = renamed.get(source, source)
        ids = rel_ids.get(source, {})
        body = [(ids.get(rid, rid), rtype, relative_target(src_name, renamed.get(target, target))
                 if src_name else renamed.get(target, target)) for rid, rtype, target in rels]
        entries[rels_name(src_name)] = rels_xml(body)
    entries["[Content_Types].xml"] = content_types_xml(types, types)
    return entries


def _renumber_refs(root: etree._Element, ids: dict[str, str]) -> None:
    """Relationship references (``r:id``, ``r:embed`` …) follow the renumbered ids."""
    prefix = f"{{{R}}}"
    for el in root.iter(etree.Element):
        for key in [k for k in el.attrib if k.startswith(prefix)]:
            if el.attrib[key] in ids:
                el.attrib[key] = ids[el.attrib[key]]


def _drop_dangling_refs(root: etree._Element, ids: set[str]) -> None:
    """Attributes that point at relationships no longer present are removed."""
    prefix = f"{{{R}}}"
    for el in root.iter(etree.Element):
        for key in [k for k in el.attrib if k.startswith(prefix)]:
            if el.attrib[key] not in ids:
                del el.attrib[key]
