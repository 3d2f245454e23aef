"""Markup outside the OOXML vocabulary: removed, so that every reader sees the same text.

A DOCX may declare any namespace and mark it ignorable (``mc:Ignorable="x"``): Word then
skips ``x:`` elements *with their content*, while a reader that walks every ``w:t`` shows
what is inside them — or the other way round. Text split by such an element reads
``Yal…man`` to one program and ``Yalman`` to another. Here every element and attribute in a
namespace that is not a known OOXML/Office namespace is removed with its content (in the
reader and the writer alike, before any text is extracted), the markup-compatibility
attributes are pruned to the known prefixes, and the unused namespace declarations (whose
URIs could carry a name too) are dropped. ``mc:AlternateContent`` is flattened before this
(:func:`docx_sanitize.flatten_alternate_content`).
"""

from __future__ import annotations

from functools import lru_cache

from lxml import etree
from redactor_plugins.formats.docx.package import CT, MC, OFFICE, PR, STRICT_W, A, C, R, V, W

_MS = "http://schemas.microsoft.com/office/"
KNOWN_NAMESPACES = frozenset({
    W, R, A, C, V, OFFICE, MC, PR, CT,
    "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
    "http://schemas.openxmlformats.org/drawingml/2006/picture",
    "http://schemas.openxmlformats.org/drawingml/2006/diagram",
    "http://schemas.openxmlformats.org/drawingml/2006/chartDrawing",
    "http://schemas.openxmlformats.org/drawingml/2006/lockedCanvas",
    "http://schemas.openxmlformats.org/drawingml/2006/compatibility",
    "http://schemas.openxmlformats.org/officeDocument/2006/math",
    "http://schemas.openxmlformats.org/officeDocument/2006/bibliography",
    "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes",
    "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties",
    "http://schemas.openxmlformats.org/package/2006/metadata/core-properties",
    "http://schemas.openxmlformats.org/schemaLibrary/2006/main",
    "urn:schemas-microsoft-com:office:word", "urn:schemas-microsoft-com:office:excel",
    "urn:schemas-microsoft-com:office:powerpoint", "urn:schemas-microsoft-com:mac:vml",
    "http://www.w3.org/XML/1998/namespace", "http://www.w3.org/2001/XMLSchema-instance",
    "http://purl.org/dc/elements/1.1/", "http://purl.org/dc/terms/",
    "http://purl.org/dc/dcmitype/",
    *(_MS + s for s in (
        "word/2006/wordml", "word/2010/wordml", "word/2012/wordml", "word/2018/wordml",
        "word/2015/wordml/symex", "word/2016/wordml/cid", "word/2018/wordml/cex",
        "word/2020/wordml/sdtdatahash", "word/2023/wordml/word16du",
        "word/2024/wordml/sdtformatlock", "word/2010/wordprocessingDrawing",
        "word/2010/wordprocessingShape", "word/2010/wordprocessingGroup",
        "word/2010/wordprocessingCanvas", "word/2010/wordprocessingInk",
        "drawing/2010/main", "drawing/2012/main", "drawing/2014/main",
        "drawing/2016/SVG/main", "drawing/2017/decorative", "drawing/2016/ink",
        "drawing/2017/model3d", "drawing/2018/hyperlinkcolor", "drawing/2008/diagram",
        "drawing/2010/diagram", "drawing/2007/8/2/chart", "drawing/2012/chart",
        "drawing/2014/chart", "drawing/2015/06/chart", "drawing/2017/03/chart",
        "drawing/2012/chartStyle", "drawing/2014/chartex", "drawing/2010/slicer",
        "thememl/2012/main", "mac/office/2008/main", "drawing/2013/main/command",
        "drawing/2010/picture", "drawing/2010/compatibility", "drawing/2021/oembed",
    )),
})
_MCE_LISTS = tuple(f"{{{MC}}}{a}" for a in (
    "ProcessContent", "PreserveElements", "PreserveAttributes", "MustUnderstand"))


@lru_cache(maxsize=4096)
def namespace(tag: object) -> str:
    """The namespace URI of a tag or attribute name (``""`` for none)."""
    return tag[1:].split("}", 1)[0] if isinstance(tag, str) and tag.startswith("{") else ""


@lru_cache(maxsize=4096)
def is_foreign(name: object) -> bool:
    """Whether an element or attribute name is outside the known namespaces (an element
    without namespace counts as foreign; so does Strict OOXML, which is refused on input)."""
    ns = namespace(name)
    return ns not in KNOWN_NAMESPACES or ns == STRICT_W


def drop_foreign(root: etree._Element) -> int:
    """Remove foreign elements (with their content) and attributes from ``root``; prune the
    markup-compatibility attributes; drop unused namespace declarations. Returns how many
    elements and attributes were removed."""
    removed = 0
    for el in [e for e in root.iter(etree.Element) if is_foreign(e.tag)]:
        parent = el.getparent()
        if parent is not None:
            parent.remove(el)  # the tail of an OOXML element is whitespace
            removed += 1
    keep: set[str] = set()
    for el in root.iter(etree.Element):
        attrib = el.attrib
        for key in [k for k in attrib if k.startswith("{") and is_foreign(k)]:
            del attrib[key]
            removed += 1
        for key in _MCE_LISTS:
            attrib.pop(key, None)
        ignorable = attrib.get(f"{{{MC}}}Ignorable")
        if ignorable is not None:
            known = [p for p in ignorable.split()
                     if el.nsmap.get(p) in KNOWN_NAMESPACES and el.nsmap.get(p) != STRICT_W]
            keep.update(known)
            if known:
                attrib[f"{{{MC}}}Ignorable"] = " ".join(known)
            else:
                del attrib[f"{{{MC}}}Ignorable"]
    etree.cleanup_namespaces(root, keep_ns_prefixes=sorted(keep))
    return removed


def foreign_namespaces(root: etree._Element) -> set[str]:
    """Namespace URIs declared or used anywhere in ``root`` that are not known."""
    found: set[str] = set()
    for el in root.iter(etree.Element):
        found.update(u for u in el.nsmap.values() if u and u not in KNOWN_NAMESPACES)
        if is_foreign(el.tag):
            found.add(namespace(el.tag) or "(none)")
        found.update(namespace(k) for k in el.attrib if k.startswith("{") and is_foreign(k))
    return found
