"""Long documents are put on screen in slices (text, page widgets, discarded finding lists),
without changing what is shown: the text, the highlights' offsets, scrolling and selection."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from PySide6.QtGui import QImage

from redactor.core.model import Action, Box, Document, Finding, Label, Segment, Span
from redactor.gui.document_view import DocumentView
from redactor.gui.findings_panel import FindingsPanel
from redactor.gui.page_render import RenderedPage
from redactor.gui.page_view import PageIndex, PdfPageView, page_index
from redactor.gui.text_view import OffsetMap, TextDocumentView


def _long_text(lines: int) -> str:
    # CRLF line ends and astral characters: Qt positions differ from Python offsets
    return "".join(f"Line {n}: Anna Berg 😀 met Olaf in Oslo.\r\n" for n in range(lines))


def _findings(text: str, word: str) -> list[Finding]:
    out, start = [], text.find(word)
    while start >= 0:
        out.append(Finding(Span(start, start + len(word)), Label.PERSON, word))
        start = text.find(word, start + 1)
    return out


def test_offset_map_scans_astral_characters_like_a_loop() -> None:
    text = "a😀b\r\n𝔘x" * 50 + "plain é"
    m = OffsetMap(text)
    assert m._astral == [i for i, ch in enumerate(text) if ord(ch) > 0xFFFF]
    assert OffsetMap("ascii only")._astral == []


def test_long_text_is_inserted_in_slices_identically_with_highlights(qtbot) -> None:  # type: ignore[no-untyped-def]
    text = _long_text(3000)  # ~125,000 characters: several slices
    view = TextDocumentView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show()
    assert len(text) > 3 * view.SLICE_CHARS
    findings = _findings(text, "Olaf")
    with qtbot.waitSignal(view.loaded, timeout=10000):
        view.set_document(Document("d", Path("d.txt"), "txt", text))
        assert not view.fully_loaded  # the first slice only, the rest in later turns
        assert len(view.toPlainText()) < len(text)
        view.set_findings(findings, [Action.MASK] * len(findings))
        last = findings[-1].span
        view.scroll_to(last)  # beyond the text so far: done once it is in
    assert view.fully_loaded
    assert view.toPlainText() == OffsetMap.display_text(text)
    assert view.highlight_count == len(findings)
    # the view shows the last finding, and every painted highlight covers its finding's text
    assert view.textCursor().position() == view._map.to_qt(last.start)
    selections = view.extraSelections()
    assert selections and view.painted_count == len(selections)
    assert all(sel.cursor.selectedText() == "Olaf" for sel in selections)
    assert view._map.from_qt(selections[-1].cursor.selectionEnd()) == last.end
    # selecting text maps back to the core's offsets
    span = Span(text.rindex("Anna Berg"), text.rindex("Anna Berg") + 9)
    view.select_span(span)
    assert view.selected_span() == span and view.textCursor().selectedText() == "Anna Berg"


def test_highlights_near_the_end_of_the_text_so_far_are_completed(qtbot) -> None:  # type: ignore[no-untyped-def]
    text = _long_text(1500)
    view = TextDocumentView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show()
    view.set_document(Document("d", Path("d.txt"), "txt", text))
    findings = _findings(text, "Olaf")
    view.set_findings(findings, [Action.REVIEW] * len(findings))
    # scroll to the end of the first slice: the findings just after it come with the next
    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())
    qtbot.waitUntil(lambda: view.fully_loaded, timeout=10000)
    qtbot.wait(20)
    painted = {view._map.from_qt(sel.cursor.selectionStart()) for sel in view.extraSelections()}
    lo, hi = view.visible_range()
    assert {f.span.start for f in findings if lo <= f.span.start and f.span.end <= hi} <= painted
    assert all(sel.cursor.selectedText() == "Olaf" for sel in view.extraSelections())


def test_a_new_document_stops_the_previous_slices(qtbot) -> None:  # type: ignore[no-untyped-def]
    view = TextDocumentView()
    qtbot.addWidget(view)
    view.set_document(Document("d", Path("d.txt"), "txt", _long_text(2000)))
    view.set_document(Document("s", Path("s.txt"), "txt", "short"))
    assert view.fully_loaded
    qtbot.wait(50)
    assert view.toPlainText() == "short"


def _paged(pages: int) -> tuple[Document, list[RenderedPage]]:
    segments, text, pos = [], "", 0
    for p in range(pages):
        line = f"Page {p}: Anna Berg."
        boxes = tuple(Box(p, 10 + 5 * i, 50, 15 + 5 * i, 60) for i in range(len(line)))
        segments.append(Segment(Span(pos, pos + len(line)), f"page:{p + 1}", boxes))
        text += line + "\n"
        pos = len(text)
    doc = Document("p", Path("p.pdf"), "pdf", text, tuple(segments), page_count=pages)
    image = QImage(200, 100, QImage.Format.Format_RGB32)
    image.fill(0xFFFFFF)
    return doc, [RenderedPage(i, image, 200, 100) for i in range(pages)]


def _page_view(qtbot) -> PdfPageView:  # type: ignore[no-untyped-def]
    """A page view on screen, 400 × 300."""
    view = PdfPageView()
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    return view


def test_page_widgets_are_made_in_slices_and_a_scroll_waits_for_its_page(qtbot) -> None:  # type: ignore[no-untyped-def]
    doc, rendered = _paged(120)
    view = _page_view(qtbot)
    view.SLICE_S = 0.0  # one page widget per turn of the event loop
    view.set_document(doc)
    view.set_pages(rendered)
    assert 1 <= len(view.pages) < len(rendered) and not view.settled
    target = next(s.span for s in doc.segments if s.locator == "page:100")
    view.scroll_to(target)
    qtbot.waitUntil(lambda: view.settled, timeout=10000)
    assert [w.page.index for w in view.pages] == list(range(120))
    page = view.pages[99]
    line_top = page.mapTo(view.widget(), page.rect().topLeft()).y() + 40  # the line's box
    shown = view.verticalScrollBar().value()
    assert shown <= line_top <= shown + view.viewport().height()
    findings = [Finding(target, Label.PERSON, doc.text[target.start:target.end])]
    view.set_findings(findings, [Action.MASK])
    assert len(page.boxes) == 1 and view.box_count() == 1


def test_page_index_built_in_a_job_is_used_as_is(qtbot) -> None:  # type: ignore[no-untyped-def]
    doc, _rendered = _paged(5)
    index = page_index(doc)
    assert isinstance(index, PageIndex) and index.page_offset == 0
    assert index.page_ranges[4] == (doc.segments[4].span.start, doc.segments[4].span.end)
    view = DocumentView()
    qtbot.addWidget(view)
    view.set_document(doc, index)
    assert view.is_paged and view.page_view._seg_starts == index.seg_starts
    own = PdfPageView()
    qtbot.addWidget(own)
    own.set_document(doc)
    assert own._page_ranges == view.page_view._page_ranges
    # an index of other segments is not trusted
    other, _ = _paged(3)
    view.set_document(doc, page_index(other))
    assert view.page_view._page_ranges == own._page_ranges


def test_a_replaced_list_of_findings_is_emptied_in_slices(qtbot) -> None:  # type: ignore[no-untyped-def]
    text = _long_text(300)
    findings = _findings(text, "Olaf")
    panel = FindingsPanel()
    qtbot.addWidget(panel)
    panel.show_partial(findings)
    qtbot.waitUntil(lambda: panel.settled, timeout=10000)
    old = panel.partial_model
    assert old.rowCount() == len(findings)
    panel.SLICE_S = 0.0  # one group of rows per turn
    panel.clear_all()
    assert panel.partial_model is not old and panel._discarded == [old]
    panel._drain_slice()  # one slice: one group of rows
    assert old.rowCount() == len(findings) - panel.DRAIN_ROWS
    qtbot.waitUntil(lambda: not panel._discarded, timeout=10000)
    assert panel.top_level_count() == 0


def test_a_replaced_list_waits_for_its_successor_to_be_painted(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Emptying the discarded list starts a while later, not in the next turn of the event
    loop, where the list that replaces it (an analysis's result) is painted."""
    from PySide6.QtWidgets import QApplication

    text = _long_text(100)
    panel = FindingsPanel()
    qtbot.addWidget(panel)
    panel.show_partial(_findings(text, "Olaf"))
    qtbot.waitUntil(lambda: panel.settled, timeout=10000)
    old = panel.partial_model
    rows = old.rowCount()
    panel.clear_all()
    QApplication.processEvents()  # the next turn: nothing of the old list deleted yet
    assert old.rowCount() == rows and panel._discarded == [old]
    qtbot.waitUntil(lambda: not panel._discarded, timeout=10000)


def test_page_view_sorts_in_findings_arriving_while_analysing(qtbot) -> None:  # type: ignore[no-untyped-def]
    doc, rendered = _paged(6)
    spans = [doc.segments[p].span for p in (4, 1, 5, 0, 3, 2)]
    findings = [Finding(s, Label.PERSON, doc.text[s.start:s.end]) for s in spans]
    grown, fresh = PdfPageView(), PdfPageView()
    for view in (grown, fresh):
        qtbot.addWidget(view)
        view.set_document(doc)
        view.set_pages(rendered)
    for n in (2, 3, 6):  # batches, as they arrive
        grown.set_findings(findings[:n], [Action.REVIEW] * n)
    fresh.set_findings(findings, [Action.REVIEW] * 6)
    g, f = grown.shown, fresh.shown
    assert (g._order, g._starts, g._max_len) == (f._order, f._starts, f._max_len)
    assert [grown.boxes_on_page(p) for p in range(6)] == [fresh.boxes_on_page(p)
                                                          for p in range(6)]


def test_new_findings_repaint_the_pages_on_screen(qtbot) -> None:  # type: ignore[no-untyped-def]
    doc, rendered = _paged(3)
    view = _page_view(qtbot)
    view.set_document(doc)
    view.set_pages(rendered)
    qtbot.waitUntil(lambda: view.settled, timeout=5000)
    page = view.pages[0]
    before = page.grab().toImage()
    span = doc.segments[0].span
    view.set_findings([Finding(span, Label.PERSON, doc.text[span.start:span.end])], [Action.MASK])
    assert page._boxes is None  # forgotten, computed again when painted
    qtbot.waitUntil(lambda: page._boxes is not None, timeout=5000)  # painted again
    assert len(page.boxes) == 1 and page.grab().toImage() != before


def test_shown_findings_grown_in_batches_equal_one_set() -> None:
    """Findings arriving in batches (in any order) are indexed as if set at once, and
    ``overlapping`` returns every finding that overlaps a stretch of text."""
    import random

    from redactor.gui.shown_findings import ShownFindings

    rng = random.Random(7)
    spans = [Span(s, s + rng.randint(1, 40)) for s in (rng.randint(0, 50_000) for _ in range(3000))]
    findings = [Finding(sp, Label.ORG, "x" * len(sp)) for sp in spans]
    actions = [Action.REVIEW] * len(findings)
    grown, fresh = ShownFindings(), ShownFindings()
    assert grown.set(findings[:1000], actions[:1000], None) is None
    assert grown.set(findings[:1700], actions[:1700], None) == range(1000, 1700)
    assert grown.set(findings, actions, None) == range(1700, 3000)
    assert fresh.set(findings, actions, None) is None
    assert (grown._order, grown._starts, grown._max_len) == (fresh._order, fresh._starts,
                                                             fresh._max_len)
    lo, hi = 20_000, 20_500
    want = {i for i, sp in enumerate(spans) if sp.end >= lo and sp.start <= hi}
    got = set(grown.overlapping(lo, hi))
    assert want <= got
    assert all(spans[i].start <= hi for i in got)
    # another list (not an extension) replaces everything
    assert grown.set(findings[:5], actions[:5], None) is None and len(grown) == 5
