"""A DOCX's tables are shown as tables in the review view; findings in their cells are
highlighted in place, can be selected, marked and decided, and offsets stay exact."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from redactor.core.context import RunContext
from redactor.core.model import Action, Label, Span
from redactor.core.pipeline import Pipeline
from redactor.core.policy import load_policy
from redactor.gui.docx_tables import docx_tables
from redactor.gui.table_view import TableTextView

DOCX = ("redactor_plugins.formats.docx.plugin",)
ROOT = Path(__file__).resolve().parents[2]
ROWS = [["Name", "Born", "City"],
        ["Anna Berg", "3 May 1971", "Oslo"],
        ["Olaf Lund", "", "Bergen\nnorth side"]]


def make_docx(path: Path) -> Path:
    """A table first thing in the body (3 × 3, the header's first two cells merged, a cell
    of two paragraphs), a paragraph, then two tables with nothing between them."""
    import docx

    d = docx.Document()
    t = d.add_table(rows=3, cols=3)
    t.style = "Table Grid"
    for r, row in enumerate(ROWS):
        for c, value in enumerate(row):
            first, *more = value.split("\n")
            t.cell(r, c).text = first
            for extra in more:
                t.cell(r, c).add_paragraph(extra)
    t.cell(0, 0).merge(t.cell(0, 1))
    d.add_paragraph("Project Falcon ended; Anna Berg moved to Oslo.")
    for cells in (["Case", "Project Falcon"], ["Contact", "Olaf Lund"]):
        small = d.add_table(rows=1, cols=2)
        for c, value in enumerate(cells):
            small.cell(0, c).text = value
    d.add_paragraph("Signed in Oslo.")
    d.save(str(path))
    return path


@pytest.fixture
def table_docx(tmp_path: Path) -> Path:
    return make_docx(tmp_path / "tables.docx")


def _read(make_host, path: Path):  # type: ignore[no-untyped-def]
    host = make_host(builtins=DOCX)
    return Pipeline(host, load_policy("default")).read(path, RunContext())


def test_the_tables_of_a_docx_are_found_in_its_text(make_host, table_docx) -> None:  # type: ignore[no-untyped-def]
    doc = _read(make_host, table_docx)
    tables = docx_tables(doc)
    assert len(tables) == 3
    big = tables[0]
    assert big.start == 0 and big.columns == 3
    cells = [[(c.column, c.columns, [doc.text[p.start:p.end] for p in c.paragraphs])
              for c in row] for row in big.rows]
    assert cells[0] == [(0, 2, ["Name", "Born"]), (2, 1, ["City"])]  # merged: both kept
    assert cells[1] == [(0, 1, ["Anna Berg"]), (1, 1, ["3 May 1971"]), (2, 1, ["Oslo"])]
    assert cells[2][2] == (2, 1, ["Bergen", "north side"])
    assert tables[2].start == tables[1].end + 1  # side by side, nothing between
    assert docx_tables(_read(make_host, ROOT / "examples" / "case_note.txt")) == ()


def _open(qtbot, make_window, make_host, path: Path):  # type: ignore[no-untyped-def]
    w = make_window(host=make_host(builtins=DOCX))
    w.resize(1300, 900)
    w.show()
    w.open_files([path])
    with qtbot.waitSignal(w.analysisFinished, timeout=60000):
        w.analyse_current()
    return w


def test_tables_are_shown_as_tables_with_findings_in_place(qtbot, make_window, make_host,
                                                            table_docx) -> None:  # type: ignore[no-untyped-def]
    w = _open(qtbot, make_window, make_host, table_docx)
    view = w.view.text_view
    assert isinstance(view, TableTextView) and view is w.view.table_view
    assert w.view.plain_view.isHidden() or not w.view.plain_view.isVisible()
    qtbot.waitUntil(lambda: view.fully_loaded, timeout=5000)
    doc = w.current.document
    text = doc.text
    # three Qt tables, the grid as in the file (merged header cell included)
    assert [(t.rows(), t.columns()) for t in view.qt_tables] == [(3, 3), (1, 2), (1, 2)]
    big = view.qt_tables[0]
    assert big.cellAt(0, 0).columnSpan() == 2
    # every character of the text is where the offsets say, in or out of a cell
    qdoc = view.document()
    for o, ch in enumerate(text):
        q = view._map.to_qt(o)
        assert view._map.from_qt(q) == o
        if ch not in "\n\t":  # the reader's separators: between paragraphs, a row's cells
            assert qdoc.characterAt(q) == ch, (o, ch)
    anna = text.index("Anna Berg")
    assert view.table_cell_at(anna) == (0, 1, 0)
    assert view.table_cell_at(text.index("north side")) == (0, 2, 2)
    assert view.table_cell_at(text.index("Contact")) == (2, 0, 0)
    assert view.table_cell_at(text.index("ended")) is None
    # the findings in cells are highlighted in place
    a = w.current.analysis
    in_cells = [i for i, f in enumerate(a.findings) if view.table_cell_at(f.span.start)]
    assert {a.findings[i].text for i in in_cells} >= {"Anna Berg", "Oslo", "Project Falcon"}
    view._refresh_visible(force=True)
    painted = {(view._map.from_qt(s.cursor.selectionStart()), s.cursor.selectedText())
               for s in view.extraSelections()}
    for i in in_cells:
        f = a.findings[i]
        assert (f.span.start, f.text) in painted


def test_a_finding_in_a_cell_is_selected_decided_and_marked(qtbot, make_window, make_host,
                                                            table_docx) -> None:  # type: ignore[no-untyped-def]
    w = _open(qtbot, make_window, make_host, table_docx)
    view = w.view.text_view
    qtbot.waitUntil(lambda: view.fully_loaded, timeout=5000)
    a = w.current.analysis
    text = a.document.text
    oslo = next(i for i, f in enumerate(a.findings)
                if f.text == "Oslo" and view.table_cell_at(f.span.start))
    w.go_to_finding(oslo)
    cur = view.textCursor()
    assert view._map.from_qt(cur.position()) == a.findings[oslo].span.start
    assert cur.currentTable() is view.qt_tables[0]
    w.decide(Action.KEEP, whole_entity=False)
    assert w.current.analysis.decisions[oslo].action == Action.KEEP
    keep = {(view._map.from_qt(s.cursor.selectionStart()), s.format.fontUnderline())
            for s in view.extraSelections()}
    assert any(start == a.findings[oslo].span.start for start, _u in keep)
    # the reviewer double-clicks a word in a cell and marks it
    start = text.index("Bergen")
    rect = view.cursorRect(_cursor_at(view, start + 2))
    QTest.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert view.selected_span() == Span(start, start + len("Bergen"))
    assert w.workspace.selected_span() == Span(start, start + 6)
    index = w.mark_span(w.workspace.selected_span(), Label.LOC)
    assert index is not None and w.current.analysis.findings[index].text == "Bergen"
    assert w.current.analysis.decisions[index].action == Action.MASK
    view._refresh_visible(force=True)
    assert any(s.cursor.selectedText() == "Bergen" for s in view.extraSelections())


def _cursor_at(view, offset: int):  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QTextCursor

    cur = QTextCursor(view.document())
    cur.setPosition(view._map.to_qt(offset))
    return cur


def test_a_document_without_tables_keeps_the_plain_view(qtbot, make_window, make_host,
                                                        tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import docx

    d = docx.Document()
    d.add_paragraph("Anna Berg met Olaf Lund in Oslo.")
    path = tmp_path / "plain.docx"
    d.save(str(path))
    w = _open(qtbot, make_window, make_host, path)
    assert w.view.text_view is w.view.plain_view
    w.open_files([make_docx(tmp_path / "t.docx")])
    with qtbot.waitSignal(w.analysisFinished, timeout=60000):
        w.analyse_current()
    assert w.view.text_view is w.view.table_view
    w.queue.setCurrentRow(0)
    assert w.view.text_view is w.view.plain_view
    assert w.view.text_view.toPlainText().startswith("Anna Berg")


def test_a_long_document_with_tables_goes_in_by_slices(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Text and tables put in over several turns; offsets exact; a scroll waits for its text;
    astral characters (two UTF-16 units) inside cells too."""
    from redactor.core.model import Document, Finding, Segment
    from redactor.gui.docx_tables import TableCell, TextTable

    paras, tables, pos, segments = [], [], 0, []

    def para(s: str) -> Span:
        nonlocal pos
        span = Span(pos, pos + len(s))
        paras.append(s)
        segments.append(Segment(span, f"word/document.xml#{len(paras) - 1}"))
        pos += len(s) + 1
        return span

    for block in range(40):
        for n in range(3):
            para(f"Block {block} line {n}: Anna Berg wrote to 😀 Olaf Lund.")
        rows = tuple(tuple(TableCell(c, 1, (para(f"r{r}c{c} Oslo 𝔘 {block}"),))
                           for c in range(3)) for r in range(2))
        tables.append(TextTable(rows, 3))
    text = "\n".join(paras)
    doc = Document("d", Path("d.docx"), "docx", text, tuple(segments))
    view = TableTextView()
    view.SLICE_CHARS = 600
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show()
    last = text.rindex("Olaf Lund")
    with qtbot.waitSignal(view.loaded, timeout=10000):
        view.set_document(doc, tuple(tables))
        assert not view.fully_loaded
        findings = [Finding(Span(last, last + 9), Label.PERSON, "Olaf Lund")]
        view.set_findings(findings, [Action.MASK])
        view.scroll_to(findings[0].span)  # beyond the text so far: done once it is in
    assert len(view.qt_tables) == 40
    assert view._map.from_qt(view.textCursor().position()) == last
    qdoc = view.document()
    for o in range(0, len(text), 7):
        q = view._map.to_qt(o)
        assert view._map.from_qt(q) == o
        if text[o] != "\n" and ord(text[o]) <= 0xFFFF:
            assert qdoc.characterAt(q) == text[o], o
    assert any(s.cursor.selectedText() == "Olaf Lund" for s in view.extraSelections())
    cell = text.rindex("r1c2 Oslo")
    view.select_span(Span(cell, cell + 9))
    assert view.selected_span() == Span(cell, cell + 9)
    assert view.textCursor().selectedText() == "r1c2 Oslo"
    assert view.table_cell_at(cell) == (39, 1, 2)
