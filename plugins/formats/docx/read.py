"""DOCX text extraction with a map from every character back to the XML node that holds it.

The text is built from the *story parts* of the package, in this order: the main document
(body paragraphs, tables, text boxes and shapes, in document order), headers, footers,
footnotes, endnotes, comments, then charts, chart drawings and SmartArt, and last the list
labels that carry words (``w:lvlText`` in numbering) — each part's paragraphs in document
order, separated by ``"\\n"`` (the cells of a table's row by ``"\\t"``, so that a row reads
as one line of a table). A text box paragraph — and ruby text (``w:rt``) — comes after
the paragraph that anchors it. Tracked changes are shown accepted, hidden text, field
instructions and markup in unknown namespaces are not shown (see :mod:`docx_sanitize`).

Every character belongs to a :class:`Piece`: the text of a ``w:t``/``a:t``/``m:t``/``c:v``
element, a VML ``textpath/@string`` (watermark) or ``w:lvlText/@w:val`` attribute, a symbol
character (``w:sym``, read as the character it shows), or a single character standing for a
tab or a line break. The writer uses the same extraction, so an offset into
``Document.text`` finds its node again, and an identifier split over several runs is one
span.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree
from redactor_plugins.formats.docx.package import MAIN_TYPES, WML, A, C, Package, V, w
from redactor_plugins.formats.docx.sanitize import Report, normalize

from redactor.plugin_api import Document, Segment, Span, sha256_file

M = "http://schemas.openxmlformats.org/officeDocument/2006/math"
DML = "application/vnd.openxmlformats-officedocument.drawingml."
# content type -> reading-order rank of the story part
STORY_TYPES: dict[str, int] = {
    **dict.fromkeys(MAIN_TYPES, 0),
    WML + "header+xml": 1,
    WML + "footer+xml": 2,
    WML + "footnotes+xml": 3,
    WML + "endnotes+xml": 4,
    WML + "comments+xml": 5,
    DML + "chart+xml": 6,
    DML + "chartshapes+xml": 7,
    DML + "diagramData+xml": 8,
    "application/vnd.ms-office.drawingml.diagramDrawing+xml": 9,
    WML + "numbering+xml": 10,
}
KIND_RANK = {"header": 1, "footer": 2, "footnotes": 3, "endnotes": 4, "comments": 5,
             "chart": 6, "chartUserShapes": 7, "diagramData": 8, "diagramDrawing": 9,
             "numbering": 10}
NOT_FOLLOWED = frozenset({"glossaryDocument"})
# paragraphs; ruby text (w:rt, the reading shown above a word) reads as one of its own
PARA_TAGS = frozenset({w("p"), f"{{{A}}}p", w("rt")})
TEXT_TAGS = frozenset({w("t"), f"{{{A}}}t", f"{{{M}}}t"})
CHAR_TAGS = {w("tab"): "\t", w("ptab"): "\t", w("br"): "\n", w("cr"): "\n",
             w("noBreakHyphen"): "-", f"{{{A}}}br": "\n"}
OWN_PARA_TAGS = frozenset({f"{{{C}}}v", f"{{{V}}}textpath", w("lvlText")})
SYM = w("sym")  # a symbol character: w:char (hex), Word's symbol-font range F0xx as 00xx
# list labels are read only when they carry words ("Client %1:"), not just "%1." or bullets
_WORDY = re.compile(r"[^\W\d_]{2,}")
ALL_TAGS = tuple(PARA_TAGS | TEXT_TAGS | set(CHAR_TAGS) | OWN_PARA_TAGS | {SYM})


@dataclass(slots=True, eq=False)
class Piece:
    """Characters ``[start, end)`` of the document text and the node that holds them."""

    el: etree._Element
    start: int
    text: str
    attr: str | None = None  # the attribute holding the text, if not the element text
    char: bool = False  # a tab/break stand-in, not editable text

    @property
    def end(self) -> int:
        return self.start + len(self.text)


@dataclass(slots=True)
class Extraction:
    text: str
    segments: tuple[Segment, ...]
    pieces: list[Piece]
    parts: list[str]
    by_part: dict[str, list[tuple[int, int]]] = field(default_factory=dict)


def story_parts(pkg: Package) -> list[str]:
    """Every story part reachable from the main part, in reading order — known by its content
    type or, when the package declares another one, by the relationship that reaches it."""
    main = pkg.main_part()
    found: list[str] = []
    rank: dict[str, int | None] = {main: 0}
    queue = [main]
    while queue:
        source = queue.pop(0)
        if rank[source] is not None:
            found.append(source)
        for rel in pkg.rels(source):
            if rel.external or not rel.part or rel.part in rank or rel.kind in NOT_FOLLOWED:
                continue
            if not pkg.is_xml(rel.part):
                continue
            rank[rel.part] = STORY_TYPES.get(pkg.content_type(rel.part), KIND_RANK.get(rel.kind))
            queue.append(rel.part)
    return sorted(found, key=lambda p: (rank[p] or 0, _natural(p)))


def _natural(name: str) -> list[object]:
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name.lower())]


def paragraphs(root: etree._Element, cells: dict[int, etree._Element] | None = None
               ) -> list[list[Piece]]:
    """The pieces of every paragraph of one part, in document order (offsets unset); with
    ``cells``, each paragraph's position in the list → the table cell (``w:tc``) it is in."""
    paras: list[list[Piece]] = []
    index: dict[etree._Element, list[Piece]] = {}
    for el in root.iter(ALL_TAGS):
        tag = el.tag
        if tag in PARA_TAGS:
            index[el] = []
            paras.append(index[el])
            if cells is not None and (cell := _cell_of(el)) is not None:
                cells[len(paras) - 1] = cell
            continue
        if tag in TEXT_TAGS:
            piece = Piece(el, 0, el.text or "")
        elif tag in OWN_PARA_TAGS:
            if tag == f"{{{V}}}textpath":
                if el.get("string") is None:
                    continue
                paras.append([Piece(el, 0, el.get("string") or "", attr="string")])
            elif tag == w("lvlText"):
                value = el.get(w("val")) or ""
                if is_wordy_label(value):
                    paras.append([Piece(el, 0, value, attr=w("val"))])
            else:
                paras.append([Piece(el, 0, el.text or "")])
            continue
        else:
            parent = el.getparent()
            if parent is None or parent.tag not in (w("r"), f"{{{A}}}p"):
                continue  # tab stops, page breaks in properties …
            text = sym_text(el) if tag == SYM else CHAR_TAGS[tag]
            if not text:
                continue
            piece = Piece(el, 0, text, char=True)
        p = el.getparent()
        while p is not None and p.tag not in PARA_TAGS:
            p = p.getparent()
        if p is None or p not in index:
            paras.append([piece])
        else:
            index[p].append(piece)
    return paras


_TC, _TR = w("tc"), w("tr")


def _cell_of(para: etree._Element) -> etree._Element | None:
    """The table cell a paragraph is in (the nearest), or None."""
    p = para.getparent()
    while p is not None:
        if p.tag == _TC:
            return p
        if p.tag in (w("body"), w("txbxContent")):
            return None
        p = p.getparent()
    return None


def _next_cell(a: etree._Element | None, b: etree._Element | None) -> bool:
    """Whether cell ``b`` follows cell ``a`` in the same table row (their paragraphs are then
    parted by a tab, so that a row reads as one line of a table: "Hope⇥Grace⇥12/03/2015")."""
    if a is None or b is None or a is b:
        return False
    row = a.getparent()
    return row is not None and row is b.getparent() and row.tag == _TR


def sym_text(el: etree._Element) -> str:
    """The character a ``w:sym`` shows (``""`` when ``w:char`` is not a code point)."""
    try:
        cp = int(el.get(w("char")) or "", 16)
    except ValueError:
        return ""
    if 0xF000 <= cp <= 0xF0FF:  # symbol fonts are addressed at F0xx
        cp -= 0xF000
    if not 0x20 <= cp <= 0x10FFFF or 0xD800 <= cp <= 0xDFFF or 0x7F <= cp < 0xA0:
        return ""
    return chr(cp)


def is_wordy_label(value: str) -> bool:
    """Whether a list label carries words (and so is read as text)."""
    return bool(_WORDY.search(re.sub(r"%\d", "", value)))


def extract(pkg: Package, parts: list[str]) -> Extraction:
    """Number the pieces of ``parts`` into one text (paragraphs separated by ``\\n``, the
    cells of a table's row by ``\\t``)."""
    chunks: list[str] = []
    segments: list[Segment] = []
    pieces: list[Piece] = []
    by_part: dict[str, list[tuple[int, int]]] = {}
    pos = 0
    first = True
    for part in parts:
        spans = by_part.setdefault(part, [])
        cells: dict[int, etree._Element] = {}
        paras = paragraphs(pkg.xml(part), cells)
        for i, para in enumerate(paras):
            if not first:  # a row's next cell after a tab, any other paragraph on a new line
                chunks.append("\t" if i and _next_cell(cells.get(i - 1), cells.get(i)) else "\n")
                pos += 1
            first = False
            start = pos
            for piece in para:
                piece.start = pos
                chunks.append(piece.text)
                pos += len(piece.text)
                pieces.append(piece)
            segments.append(Segment(Span(start, pos), f"{part}#{i}"))
            spans.append((start, pos))
    return Extraction("".join(chunks), tuple(segments), pieces, list(parts), by_part)


def load_normalized(pkg: Package) -> tuple[Extraction, Report]:
    parts = story_parts(pkg)
    report = normalize(pkg, parts)
    return extract(pkg, parts), report


def warnings_for(pkg: Package, parts: list[str], report: Report) -> tuple[str, ...]:
    """Notes for the user about what the export will remove (counts only, never text)."""
    out = [f"{key}: {n}" for key, n in sorted(report.counts.items())]
    if any(pkg.content_type(p) == WML + "comments+xml" for p in parts):
        out.append("comments are read for detection and removed on export")
    return tuple(out)


def read_docx(pkg: Package, path: Path, fmt: str) -> Document:
    data_hash = sha256_file(path)
    ex, report = load_normalized(pkg)
    metadata = {
        "main_part": pkg.main_part(),
        "story_parts": str(len(ex.parts)),
        "parts": str(len(pkg.parts)),
    }
    return Document(id=path.name, source=path, format=fmt, text=ex.text, segments=ex.segments,
                    metadata=metadata, warnings=warnings_for(pkg, ex.parts, report),
                    page_count=_pages(pkg), sha256=data_hash)


def _pages(pkg: Package) -> int:
    for rel in pkg.rels(""):
        if rel.kind == "extended-properties" and rel.part:
            try:
                for el in pkg.xml(rel.part):
                    if el.tag.endswith("}Pages") and (el.text or "").strip().isdigit():
                        return int((el.text or "0").strip())
            except Exception:  # metadata only; a damaged app.xml is dropped on export anyway
                return 0
    return 0


