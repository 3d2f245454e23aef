"""OCR in the app, with the real engine on scans the tests draw: progress in pages while a
scan is read (and Cancel), the words OCR read drawn over the page (a toggle), and why a
finding beside a word OCR was unsure of is to review."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import dataclasses
from pathlib import Path

from gui_scans import SafePlugin, docx_with_picture, scanned_pdf, text_image, tiff
from gui_support import NameDetector, PluginOf

from redactor.core.model import Action
from redactor.core.settings import Settings
from redactor.gui.document_entry import Status
from redactor.gui.ocr_progress import ReadProgress, phase_words


def _rapidocr() -> bool:
    try:
        from redactor_plugins.ocr.rapid import available
    except ImportError:
        return False
    return bool(available())


needs_ocr = pytest.mark.skipif(not _rapidocr(), reason="rapidocr is not installed")
OCR = ("redactor_plugins.formats.image.plugin", "redactor_plugins.formats.pdf.plugin",
       "redactor_plugins.formats.docx.plugin", "redactor_plugins.ocr.plugin")


def test_read_progress_counts_pages_and_notices_ocr() -> None:
    """The sink in the job: totals given or learnt from the fractions, OCR noticed."""
    seen: list[str] = []
    p = ReadProgress(lambda phase, f: seen.append(phase), total=0)
    engines = p.watch({"e": type("E", (), {"id": "e", "recognize": lambda s, i, c: []})()})
    p("read", 0.0)
    engines["e"].recognize(None, None)  # the PDF reader OCRs page 1
    p("read", 1 / 3)  # the total is learnt: 3
    p("read", 2 / 3)
    engines["e"].recognize(None, None)
    p("detect:x", 0.5)
    assert seen == ["read:0/", "ocr:0/", "read:1/3", "read:2/3", "ocr:2/3", "detect:x"]
    assert engines["e"].id == "e" and p.ocr_pages == 2
    assert phase_words("ocr:2/3") == "Reading scanned pages (OCR): 2 of 3 done"
    assert phase_words("ocr-pictures:1/4") == "Reading pictures (OCR): 1 of 4 done"
    assert phase_words("read:1/3") == "Reading: page 2 of 3"
    assert phase_words("verify:ocr") == "Re-reading the export (OCR) %p%"
    assert phase_words("detect:patterns") == "detect %p%"
    images: list[str] = []
    q = ReadProgress(lambda phase, f: images.append(phase), total=2)
    for f in (0.0, 0.5, 1.0):
        q("ocr", f)  # the image reader says "ocr" itself
    assert images == ["ocr:0/2", "ocr:1/2", "ocr:2/2"]


def _window(make_window, make_host, policy, *extra, settings=None, **kw):  # type: ignore[no-untyped-def]
    host = make_host(*extra, settings=Settings(settings or {}), builtins=OCR)
    w = make_window(host=host, policy=policy, **kw)
    w.resize(1300, 900)
    w.show()
    return w


def _record_progress(w) -> list[str]:  # type: ignore[no-untyped-def]
    words: list[str] = []
    w.runner.jobStarted.connect(lambda job: job.progressed.connect(
        lambda phase, _f: words.append(phase_words(phase))))
    return words


@needs_ocr
def test_reading_a_scan_shows_pages_done_and_can_be_cancelled(qtbot, make_window, make_host,
                                                              policy, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tiff(tmp_path / "scan.tif", 6)
    w = _window(make_window, make_host, policy)
    words = _record_progress(w)
    w.open_files([path])  # read at once (shown), not analysed
    assert w.progress.isVisible() and w.jobs.cancel_button.isVisible()
    qtbot.waitUntil(lambda: any("(OCR): 1 of 6 done" in t for t in words), timeout=60000)
    assert "Reading scanned pages (OCR): 0 of 6 done" in words
    assert "OCR" in w.progress.format() and "of 6 done" in w.progress.format()
    w.jobs.cancel_button.click()
    entry = w.current
    qtbot.waitUntil(lambda: not w.runner.busy, timeout=60000)
    assert entry.status == Status.PENDING and "cancelled" in entry.note
    assert entry.document is None
    assert not any("6 of 6" in t for t in words)
    assert not w.progress.isVisible()
    # read again, to the end, and analysed: the pages are shown
    with qtbot.waitSignal(w.analysisFinished, timeout=120000):
        w.analyse_current()
    assert entry.status == Status.REVIEW
    assert len(w.current.document.text.split("\f")) == 6
    pv = w.view.page_view
    qtbot.waitUntil(lambda: len(pv.pages) == 6, timeout=10000)
    assert pv.pages[0].page.width_pt == 640 and "Page 1" == pv.pages[0].accessibleName()


@needs_ocr
def test_ocr_words_over_the_page_and_why_a_finding_is_to_review(qtbot, make_window, make_host,
                                                                policy, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "card.png"
    text_image().save(path)
    # every word is "doubtful" (threshold above 1); the only indicator says safe: the
    # name is kept by the vote, and OCR's doubt sends it to review
    w = _window(make_window, make_host, dataclasses.replace(policy, indicators=("always-safe",)),
                ("names", PluginOf(NameDetector())), ("safe", SafePlugin()),
                settings={"ocr": {"min_confidence": 1.01}})
    w.open_files([path])
    with qtbot.waitSignal(w.analysisFinished, timeout=120000):
        w.analyse_current()
    a = w.current.analysis
    assert a.document.text == "Client Anna Berg met\nOlaf Lund in Oslo."
    olaf = next(i for i, f in enumerate(a.findings) if f.text == "Olaf Lund")
    assert a.decisions[olaf].action == Action.REVIEW and a.decisions[olaf].decided_by == "ocr"
    # the review panel says why, in words, naming the doubtful words as read
    w.go_to_finding(olaf)
    detail = w.detail.toPlainText()
    assert detail.startswith("To review (masked unless you keep it): OCR was unsure of")
    assert "“Olaf”" in detail and "“Lund”" in detail and "page 1" in detail
    assert "Read by OCR from page 1 (rapidocr)" in detail
    w.detail.expanded = True
    w.go_to_finding(olaf)
    assert "(by the OCR check)" in w.detail.toPlainText()
    # the Pages tab shows the image; drawn areas are for PDFs only (the writer burns them)
    pv = w.view.page_view
    qtbot.waitUntil(lambda: len(pv.pages) == 1, timeout=10000)
    page = pv.pages[0]
    assert (page.page.width_pt, page.page.height_pt) == (900, 200)
    assert not w.actions.draw_area.isEnabled()
    # the overlay: off, then on with O (every word, where it was read), then off again
    assert w.actions.ocr_words.isEnabled() and not pv.ocr_overlay
    before = page.grab().toImage()
    w.actions.ocr_words.trigger()
    assert pv.ocr_overlay and w.view.currentWidget() is pv
    read = pv.ocr_words(0)
    assert [x.text for x in read] == a.document.text.split()
    assert all(x.low for x in read)
    qtbot.wait(50)
    after = page.grab().toImage()
    olaf_box = next(x for x in read if x.text == "Olaf")
    centre = page.to_pixels(olaf_box.box).center().toPoint()
    assert page.ocr_word_at(page.to_pixels(olaf_box.box).center()) == olaf_box
    rect = page.to_pixels(olaf_box.box).toRect()
    changed = sum(before.pixelColor(x, y) != after.pixelColor(x, y)
                  for x in range(rect.left(), rect.right()) for y in range(rect.top(), rect.bottom()))
    assert changed > 0.2 * rect.width() * rect.height()  # the word drawn over the image
    assert before.pixelColor(2, 2) == after.pixelColor(2, 2)  # nothing outside the words
    assert centre.x() > 0
    w.actions.ocr_words.trigger()
    assert not pv.ocr_overlay


@needs_ocr
def test_a_scanned_pdf_page_and_a_docx_picture(qtbot, make_window, make_host, policy,
                                               tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    w = _window(make_window, make_host, policy, analyse_on_open=True)
    words = _record_progress(w)
    with qtbot.waitSignal(w.analysisFinished, timeout=120000):
        w.open_files([scanned_pdf(tmp_path / "letter.pdf")])  # read and analysed
    assert "Reading scanned pages (OCR): 1 of 2 done" in words  # page 2 is the scan
    pv = w.view.page_view
    qtbot.waitUntil(lambda: len(pv.pages) == 2, timeout=10000)
    assert pv.ocr_words(0) == []  # the text layer: not OCR'd
    assert "Olaf" in [x.text for x in pv.ocr_words(1)]
    assert w.actions.draw_area.isEnabled()  # a PDF
    with qtbot.waitSignal(w.analysisFinished, timeout=120000):
        w.open_files([docx_with_picture(tmp_path / "card.docx")])
    assert any(t.startswith("Reading pictures (OCR)") for t in words)
    assert w.view.tabText(0) == "&Pictures" and w.view.currentIndex() == 1  # the text first
    qtbot.waitUntil(lambda: len(pv.pages) == 1, timeout=10000)
    assert pv.pages[0].accessibleName() == "Picture 1"
    assert "Lund" in [x.text for x in pv.ocr_words(pv.pages[0].page.index)]
    w.actions.ocr_words.trigger()
    assert pv.ocr_overlay
