"""The page view shows exactly what the export will burn — after the analysis, a re-score, a
decision and its undo — and is a place to work: a click on a box selects its finding, a
rectangle dragged over a page (a signature) is burnt like a finding, and the exported pages
can be previewed before anything is saved."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from gui_support import LateNameDetector, PluginOf, make_pdf
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from redactor.core.context import RunContext
from redactor.core.model import Action, Box
from redactor.gui.page_view import boxes_for, merge_line_boxes
from redactor.gui.review_edits import areas_of

PDF = ("redactor_plugins.formats.pdf.plugin",)


def _key(b: Box) -> tuple[int, float, float, float, float]:
    return (b.page, round(b.x0, 1), round(b.y0, 1), round(b.x1, 1), round(b.y1, 1))


def expected_burn(w) -> dict[int, set[tuple]]:  # type: ignore[no-untyped-def]
    """By page: the boxes of what the export's plan replaces, and the drawn areas."""
    a = w.current.analysis
    plan = w.pipeline(a.policy).plan(a, RunContext())
    offset = w.view.page_view._page_offset
    out: dict[int, set[tuple]] = {}
    for rep in plan.replacements:
        for b in merge_line_boxes(boxes_for(a.document, rep.span)):
            page = b.page - offset
            out.setdefault(page, set()).add(_key(Box(page, b.x0, b.y0, b.x1, b.y1)))
    for area in areas_of(a):
        out.setdefault(area.page, set()).add(_key(area))
    return out


def on_screen(w) -> list:  # type: ignore[no-untyped-def]
    pv = w.view.page_view
    seen = pv.viewport().rect().translated(0, pv.verticalScrollBar().value())
    return [p for p in pv.pages if p.geometry().intersects(seen)]


def painted_burn(qtbot, w) -> dict[int, set[tuple]]:  # type: ignore[no-untyped-def]
    """By page on screen: the burnt boxes as last painted (waits for the repaint)."""
    pv = w.view.page_view
    qtbot.waitUntil(lambda: pv.settled and all(p._boxes is not None for p in on_screen(w)),
                    timeout=10000)
    qtbot.wait(100)
    return {p.page.index: {_key(b.box) for b in p._boxes if b.action != Action.KEEP}
            for p in on_screen(w)}


def assert_shows_the_export(qtbot, w) -> None:  # type: ignore[no-untyped-def]
    shown = painted_burn(qtbot, w)
    assert len(shown) == 3  # every page is on screen
    want = expected_burn(w)
    for page, boxes in shown.items():
        assert boxes == want.get(page, set()), f"page {page + 1}"
    # and the view's own account of each page (on screen or not) agrees
    pv = w.view.page_view
    assert {p: {_key(b) for b in pv.burn_boxes(p)} for p in range(3)} == {
        p: want.get(p, set()) for p in range(3)}


@pytest.fixture
def pdf_window(qtbot, make_window, make_host, tmp_path: Path):  # type: ignore[no-untyped-def]
    path = make_pdf(tmp_path / "letter.pdf")
    w = make_window(host=make_host(("late", PluginOf(LateNameDetector())), builtins=PDF))
    w.resize(1400, 1100)
    w.show()
    w.open_files([path])
    with qtbot.waitSignal(w.analysisFinished, timeout=60000):
        w.analyse_current()
    assert w.view.is_paged and w.view.currentWidget() is w.view.page_view
    return w


def test_page_view_shows_what_the_export_burns_after_analyse_rescore_and_undo(
        qtbot, pdf_window) -> None:  # type: ignore[no-untyped-def]
    w = pdf_window
    a = w.current.analysis
    assert {f.text for f in a.findings} >= {"Anna Berg", "Olaf Lund", "Oslo"}
    assert_shows_the_export(qtbot, w)  # the late names too, not the early "to review" look
    with qtbot.waitSignal(w.analysisFinished, timeout=60000):
        w.rescore()
    assert_shows_the_export(qtbot, w)  # not an empty page until the Text tab is visited
    oslo = next(i for i, f in enumerate(w.current.analysis.findings) if f.text == "Oslo")
    w.decide(Action.KEEP, index=oslo, whole_entity=True)
    assert_shows_the_export(qtbot, w)
    w.undo_group.undo()
    assert w.current.analysis.decisions[oslo].action != Action.KEEP
    assert_shows_the_export(qtbot, w)


def test_a_click_on_a_box_selects_its_finding(qtbot, pdf_window) -> None:  # type: ignore[no-untyped-def]
    w = pdf_window
    a = w.current.analysis
    anna = max(i for i, f in enumerate(a.findings) if f.text == "Anna Berg")  # on page 2
    w.go_to_finding(0)
    pv = w.view.page_view
    page = pv.pages[1]
    qtbot.waitUntil(lambda: page._boxes is not None, timeout=5000)
    box = next(b for b in page.boxes if b.index == anna)
    QTest.mouseClick(page, Qt.MouseButton.LeftButton, pos=page.to_pixels(box.box).center()
                     .toPoint())
    assert w.current.current == anna
    assert w.findings.model_.finding_at(w.findings.currentIndex()) == anna
    assert "Anna Berg" in w.detail.toPlainText()


def test_an_area_drawn_over_a_page_is_burnt_on_export(qtbot, pdf_window, tmp_path: Path
                                                      ) -> None:  # type: ignore[no-untyped-def]
    import numpy as np
    import pypdfium2 as pdfium

    w = pdf_window
    w.actions.draw_area.trigger()  # D: drag to draw
    assert w.view.page_view.drawing
    page = w.view.page_view.pages[2]
    top_left, bottom_right = QPoint(150, 150), QPoint(330, 220)  # beside "Signature:"
    QTest.mousePress(page, Qt.MouseButton.LeftButton, pos=top_left)
    QTest.mouseMove(page, bottom_right)
    QTest.mouseRelease(page, Qt.MouseButton.LeftButton, pos=bottom_right)
    [area] = areas_of(w.current.analysis)
    assert area.page == 2 and area.x1 - area.x0 > 100
    assert_shows_the_export(qtbot, w)  # the area is drawn as burnt
    w.undo_group.undo()
    assert areas_of(w.current.analysis) == []
    w.undo_group.redo()
    w.actions.draw_area.trigger()  # off again
    assert not w.view.page_view.drawing
    dlg = w.export_dialog_for_current()
    dest = tmp_path / "letter.redacted.pdf"
    dlg.output.setText(str(dest))
    job = dlg.start_export(force=False)
    with qtbot.waitSignal(job.finished, timeout=60000):
        pass
    assert dlg.result is not None and dlg.result.verification.ok, dlg.error
    # the area is black in the written file
    pdf = pdfium.PdfDocument(str(dest))
    img = np.asarray(pdf[2].render(scale=1.0).to_pil().convert("L"))
    pdf.close()
    top, bottom = int(200 - area.y1) + 3, int(200 - area.y0) - 3
    assert img[top:bottom, int(area.x0) + 3:int(area.x1) - 3].mean() < 40
    assert img[5:40, 5:100].mean() > 200  # the rest of the page is not


def test_the_exported_pages_can_be_previewed_before_saving(qtbot, pdf_window, tmp_path: Path
                                                           ) -> None:  # type: ignore[no-untyped-def]
    w = pdf_window
    dlg = w.export_dialog_for_current()
    job = dlg.start_preview()
    with qtbot.waitSignal(job.finished, timeout=60000):
        pass
    preview = dlg.preview_dialog
    assert preview is not None and len(preview.pages) == 3
    assert not any(tmp_path.glob("*.redacted.pdf"))  # nothing saved
    # the first masked name is black on the rendered page
    a = w.current.analysis
    anna = next(f for f in a.findings if f.text == "Anna Berg")
    box = merge_line_boxes(boxes_for(a.document, anna.span))[0]
    image = preview.pages[0].image
    x, y = int((box.x0 + box.x1) / 2), int(200 - (box.y0 + box.y1) / 2)
    assert image.pixelColor(x, y).lightness() < 60


def _export(qtbot, w, dest: Path) -> None:  # type: ignore[no-untyped-def]
    dlg = w.export_dialog_for_current()
    dlg.output.setText(str(dest))
    job = dlg.start_export(force=False)
    with qtbot.waitSignal(job.finished, timeout=60000):
        pass
    assert dlg.result is not None and dlg.result.verification.ok, dlg.error


def test_drawn_areas_are_saved_resumed_and_burnt(qtbot, pdf_window, make_window, make_host,
                                                 tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Save → resume in a new window → export: the area is restored, shown and burnt."""
    import json

    import numpy as np
    import pypdfium2 as pdfium

    w = pdf_window
    w.actions.draw_area.trigger()
    page = w.view.page_view.pages[2]
    QTest.mousePress(page, Qt.MouseButton.LeftButton, pos=QPoint(150, 150))
    QTest.mouseMove(page, QPoint(330, 220))
    QTest.mouseRelease(page, Qt.MouseButton.LeftButton, pos=QPoint(330, 220))
    w.actions.draw_area.trigger()
    [area] = areas_of(w.current.analysis)
    saved = w.save_review()
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["version"] == 2 and len(data["areas"]) == 1
    assert data["areas"][0]["page"] == 2
    for secret in ("Anna", "Olaf", "Signature"):
        assert secret not in saved.read_text(encoding="utf-8")

    w2 = make_window(host=make_host(("late", PluginOf(LateNameDetector())), builtins=PDF))
    w2.resize(1400, 1100)
    w2.show()
    w2.open_files([w.current.path])
    with qtbot.waitSignal(w2.analysisFinished, timeout=60000):
        w2.resume_review()
    assert areas_of(w2.current.analysis) == [area]
    assert_shows_the_export(qtbot, w2)  # drawn on its page as burnt
    # resuming again over the same analysis adds nothing twice
    w2.resume_review()
    assert areas_of(w2.current.analysis) == [area]
    dest = tmp_path / "resumed.redacted.pdf"
    _export(qtbot, w2, dest)
    pdf = pdfium.PdfDocument(str(dest))
    img = np.asarray(pdf[2].render(scale=1.0).to_pil().convert("L"))
    pdf.close()
    top, bottom = int(200 - area.y1) + 3, int(200 - area.y0) - 3
    assert img[top:bottom, int(area.x0) + 3:int(area.x1) - 3].mean() < 40
    assert img[5:40, 5:100].mean() > 200
