"""Where a DOCX's tables are in its extracted text, so the text view can show them as tables.

The DOCX reader numbers the paragraphs of each story part (segments ``word/document.xml#12``)
but does not say which of them are table cells. :func:`docx_tables` reads the main part again
(off the GUI thread, in the job that reads the document) and finds, for every top-level table
of the body, its rows and cells and the segments of each cell's paragraphs. Qt-free.

The part's paragraphs are matched to the reader's segments in order, by their letters and
digits (the reader shows tracked changes accepted and leaves out hidden text and field codes,
so a paragraph may read a little differently; one that does is matched by its place between
two that agree). A table is only given when every one of its paragraphs is matched and they
follow one another in the text; any other table stays shown as its cells' paragraphs, one
after another. A table inside a text box, and a table nested in a cell, are shown as the
paragraphs of their cell. Nothing here logs document text.
"""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from dataclasses import dataclass

from lxml import etree

from redactor.core.model import Document, Segment, Span

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
M = "http://schemas.openxmlformats.org/officeDocument/2006/math"
PARA_TAGS = (f"{{{W}}}p", f"{{{A}}}p", f"{{{W}}}rt")
TEXT_TAGS = frozenset({f"{{{W}}}t", f"{{{A}}}t", f"{{{M}}}t"})
TBL, TR, TC = f"{{{W}}}tbl", f"{{{W}}}tr", f"{{{W}}}tc"
MAX_PART_BYTES = 64 << 20  # a bigger main part is not read again (its tables stay flat)
LOOKAHEAD = 4  # paragraphs skipped, at most, to find the next pair that agrees


@dataclass(frozen=True, slots=True)
class TableCell:
    """One cell: the grid column it starts in, how many columns it covers, and the spans of
    its paragraphs in the document text."""

    column: int
    columns: int
    paragraphs: tuple[Span, ...]


@dataclass(frozen=True, slots=True)
class TextTable:
    """A table of the document: its rows of cells, and how many grid columns it has."""

    rows: tuple[tuple[TableCell, ...], ...]
    columns: int

    @property
    def start(self) -> int:
        """Where the first cell's text starts."""
        return self.rows[0][0].paragraphs[0].start

    @property
    def end(self) -> int:
        """Where the last cell's text ends."""
        return self.rows[-1][-1].paragraphs[-1].end


@dataclass(slots=True)
class _Para:
    key: str
    place: tuple[int, int, int, int, int] | None  # table, row, cell, grid column, span


def _key(text: str) -> str:
    return "".join(ch for ch in text if ch.isalnum())


def _own_text(p: etree._Element) -> str:
    """The text of a paragraph without that of the paragraphs inside it (text boxes)."""
    out = []
    for el in p.iter(*TEXT_TAGS):
        q = el.getparent()
        while q is not None and q.tag not in PARA_TAGS:
            q = q.getparent()
        if q is p:
            out.append(el.text or "")
    return "".join(out)


def _grid_span(tc: etree._Element) -> int:
    el = tc.find(f"{{{W}}}tcPr/{{{W}}}gridSpan")
    try:
        return max(1, int(el.get(f"{{{W}}}val"))) if el is not None else 1
    except (TypeError, ValueError):
        return 1


def _paragraphs(root: etree._Element) -> list[_Para]:
    """Every paragraph of the part in document order, with its place in a top-level table."""
    tables: dict[etree._Element, int] = {}
    rows: dict[etree._Element, int] = {}
    cells: dict[etree._Element, tuple[int, int, int]] = {}  # tc -> cell, column, span
    for tbl in root.iter(TBL):
        if any(a.tag in (TBL, *PARA_TAGS) for a in tbl.iterancestors()):
            continue  # nested, or in a text box: shown as paragraphs of its cell
        tables[tbl] = len(tables)
        for r, tr in enumerate(tbl.iterchildren(TR)):
            rows[tr] = r
            column = 0
            for c, tc in enumerate(tr.iterchildren(TC)):
                span = _grid_span(tc)
                cells[tc] = (c, column, span)
                column += span
    out = []
    for p in root.iter(*PARA_TAGS):
        place = None
        tc = tr = None
        for a in p.iterancestors():
            if a in cells:
                tc = a
            elif a in rows:
                tr = a
            elif a in tables and tc is not None and tr is not None:
                place = (tables[a], rows[tr], *cells[tc])
                break
        out.append(_Para(_key(_own_text(p)), place))
    return out


def _prune(root: etree._Element) -> None:
    """What the reader normalises away and would make paragraphs differ: alternate content
    (the fallback kept, else the first choice), deleted and moved-away text, deleted rows."""
    mc = "http://schemas.openxmlformats.org/markup-compatibility/2006"
    for ac in list(root.iter(f"{{{mc}}}AlternateContent")):
        branches = list(ac)
        keep = next((b for b in branches if b.tag == f"{{{mc}}}Fallback"),
                    branches[0] if branches else None)
        for b in branches:
            if b is not keep:
                ac.remove(b)
    gone = [el for el in root.iter(f"{{{W}}}del", f"{{{W}}}moveFrom")
            if el.getparent() is not None and el.getparent().tag != f"{{{W}}}rPr"]
    gone += [tr for tr in root.iter(TR) if tr.find(f"{{{W}}}trPr/{{{W}}}del") is not None]
    for el in gone:
        parent = el.getparent()
        if parent is not None:
            parent.remove(el)


def _match(paras: Sequence[_Para], keys: Sequence[str]) -> list[int | None]:
    """For each paragraph, the index of its segment (or None), matched in order."""
    out: list[int | None] = [None] * len(paras)
    i = j = 0
    while i < len(paras) and j < len(keys):
        if paras[i].key == keys[j] or _next_agree(paras, keys, i + 1, j + 1):
            out[i] = j  # equal, or read differently (hidden text…) between two that agree
            i, j = i + 1, j + 1
            continue
        skip = next(((di, dj) for d in range(1, LOOKAHEAD + 1)
                     for di, dj in ((d, 0), (0, d))
                     if i + di < len(paras) and j + dj < len(keys)
                     and paras[i + di].key == keys[j + dj] and paras[i + di].key), None)
        if skip is None:
            out[i] = j  # nothing better: matched by its place
            i, j = i + 1, j + 1
        else:
            i, j = i + skip[0], j + skip[1]  # a paragraph one side lacks: skipped
    return out


def _next_agree(paras: Sequence[_Para], keys: Sequence[str], i: int, j: int) -> bool:
    """Whether the next pair agrees (or both sides end here)."""
    if i >= len(paras) or j >= len(keys):
        return i >= len(paras) and j >= len(keys)
    return paras[i].key == keys[j]


def tables_in(paras: Sequence[_Para], segments: Sequence[Segment], text: str
              ) -> tuple[TextTable, ...]:
    """The tables whose paragraphs all match segments that follow one another."""
    matched = _match(paras, [_key(text[s.span.start:s.span.end]) for s in segments])
    by_table: dict[int, list[tuple[_Para, int | None]]] = {}
    for para, seg in zip(paras, matched, strict=True):
        if para.place is not None:
            by_table.setdefault(para.place[0], []).append((para, seg))
    out = []
    for items in by_table.values():
        found = [seg for _p, seg in items]
        if None in found or found != list(range(found[0], found[0] + len(found))):  # type: ignore[arg-type]
            continue  # a paragraph not found, or text between the cells: left flat
        rows: dict[int, dict[int, tuple[int, int, list[Span]]]] = {}
        for para, seg in items:
            assert para.place is not None and seg is not None
            _t, r, c, column, span = para.place
            cell = rows.setdefault(r, {}).setdefault(c, (column, span, []))
            cell[2].append(segments[seg].span)
        grid = tuple(tuple(TableCell(col, span, tuple(spans))
                           for _c, (col, span, spans) in sorted(cells.items()))
                     for _r, cells in sorted(rows.items()))
        columns = max(sum(cell.columns for cell in row) for row in grid)
        out.append(TextTable(grid, columns))
    return tuple(sorted(out, key=lambda t: t.start))


def docx_tables(doc: Document) -> tuple[TextTable, ...]:
    """The tables of a DOCX document's body, where its text has them (see the module doc);
    ``()`` for any other document or when the file cannot be read again."""
    if doc.format != "docx":
        return ()
    main = str(doc.metadata.get("main_part", "word/document.xml")).lstrip("/")
    segments = [s for s in doc.segments if s.locator.split("#", 1)[0].lstrip("/") == main]
    if not segments:
        return ()
    try:
        with zipfile.ZipFile(doc.source) as z:
            info = z.getinfo(main)
            if info.file_size > MAX_PART_BYTES:
                return ()
            data = z.read(info)
        parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False,
                                 remove_comments=True)
        root = etree.fromstring(data, parser)
    except (OSError, KeyError, zipfile.BadZipFile, etree.XMLSyntaxError, ValueError):
        return ()
    _prune(root)
    return tables_in(_paragraphs(root), segments, doc.text)
