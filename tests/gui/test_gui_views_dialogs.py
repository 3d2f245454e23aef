"""Views (text offsets, PDF pages), settings, accessibility, the palette and the app entry."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import importlib.util
import json
from pathlib import Path

from gui_support import NameDetector, PluginOf
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QToolBar,
    QWidget,
)

from redactor.core.model import Action, Box, Document, Finding, Label, Segment, Span
from redactor.gui.document_view import DocumentView
from redactor.gui.main_window import Status
from redactor.gui.page_render import render_pdf_pages
from redactor.gui.page_view import PdfPageView, boxes_for, merge_line_boxes
from redactor.gui.palette import LABEL_COLOURS, finding_format
from redactor.gui.settings_dialog import models_import_available, store_api_key
from redactor.gui.text_view import OffsetMap, TextDocumentView


def test_offset_map_with_crlf_and_astral_characters(qtbot) -> None:  # type: ignore[no-untyped-def]
    text = "a\r\nb 😀 Anna\rBerg é"
    view = TextDocumentView()
    qtbot.addWidget(view)
    view.set_document(Document("d", Path("d.txt"), "txt", text))
    for target in ("Anna", "Berg", "é", "b"):
        start = text.index(target)
        span = Span(start, start + len(target))
        view.select_span(span)
        assert view.selected_span() == span
        assert view.textCursor().selectedText() == target
    m = OffsetMap(text)
    assert all(m.from_qt(m.to_qt(i)) == i for i in range(len(text) + 1))


def _pdf(tmp_path: Path) -> tuple[Path, Document]:
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas

    path = tmp_path / "p.pdf"
    c = canvas.Canvas(str(path), pagesize=(300, 200))
    line = "Anna Berg lives in Oslo."
    c.setFont("Helvetica", 12)
    c.drawString(20, 150, line)
    c.showPage()
    c.drawString(20, 100, "Page two: Oslo.")
    c.save()
    boxes, x = [], 20.0
    for ch in line:
        w = stringWidth(ch, "Helvetica", 12)
        boxes.append(Box(0, x, 147, x + w, 159))
        x += w
    doc = Document("p", path, "pdf", line, (Segment(Span(0, len(line)), "page:1", tuple(boxes)),),
                   page_count=2)
    return path, doc


def test_pdf_page_view_draws_boxes(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path, doc = _pdf(tmp_path)
    pages = render_pdf_pages(str(path), 1.0)
    assert [(p.width, p.height) for p in pages] == [(300, 200), (300, 200)]
    view = DocumentView()
    qtbot.addWidget(view)
    view.resize(500, 400)
    view.set_document(doc)
    assert view.is_paged and view.tabText(0) == "&Pages"
    view.page_view.set_pages(pages)
    findings = [Finding(Span(0, 9), Label.PERSON, "Anna Berg"), Finding(Span(19, 23), Label.LOC, "Oslo")]
    view.set_findings(findings, [Action.MASK, Action.KEEP], current=0)
    assert view.page_view.box_count() == 2  # one merged box per finding line
    page = view.page_view.pages[0]
    image = page.grab().toImage()
    rect = page.to_pixels(page.boxes[0].box).toRect()
    centre = image.pixelColor(rect.center())
    assert centre != image.pixelColor(5, 5)  # the masked box is filled
    view.scroll_to(findings[1].span)
    # plain text documents have no page tab
    view.set_document(Document("t", Path("t.txt"), "txt", "plain"))
    assert not view.is_paged and view.count() == 1


def test_page_view_finds_a_span_s_boxes_like_boxes_for(qtbot) -> None:  # type: ignore[no-untyped-def]
    # lines of different lengths on two pages, one line without boxes, out of text order
    lines = [(0, 12, 0), (13, 20, 0), (21, 21, None), (22, 40, 1), (41, 45, 1)]
    segments = [Segment(Span(lo, hi), f"page:{page}",
                        tuple(Box(page, x, 10, x + 1, 20) for x in range(hi - lo))
                        if page is not None else ())
                for lo, hi, page in lines]
    doc = Document("d", Path("d.pdf"), "pdf", "x" * 45,
                   (segments[3], *segments[:3], segments[4]), page_count=2)
    view = PdfPageView()
    qtbot.addWidget(view)
    view.set_document(doc)
    for start in range(46):
        for end in range(start, 47):
            assert view._span_boxes(Span(start, end)) == boxes_for(doc, Span(start, end))


def test_merge_line_boxes() -> None:
    boxes = [Box(0, 0, 0, 5, 10), Box(0, 5, 0, 10, 10), Box(0, 0, 20, 5, 30)]
    assert merge_line_boxes(boxes) == [Box(0, 0, 0, 10, 10), Box(0, 0, 20, 5, 30)]


def test_palette_is_distinct_and_not_colour_only() -> None:
    assert len(set(LABEL_COLOURS.values())) == len(LABEL_COLOURS)
    styles = {a: finding_format(Label.PERSON, a, contrast=False).underlineStyle() for a in Action}
    assert len(set(styles.values())) == 3  # masked, review, kept differ without colour
    hc = finding_format(Label.PERSON, Action.MASK, contrast=True)
    assert hc.background().style() == Qt.BrushStyle.NoBrush  # high contrast: no fills


INTERACTIVE = (QAbstractButton, QAbstractItemView, QLineEdit, QComboBox, QAbstractSpinBox,
               QPlainTextEdit, QTextEdit)


def _unnamed(root: QWidget) -> list[str]:
    bad = []
    for w in root.findChildren(QWidget):
        if not isinstance(w, INTERACTIVE) or isinstance(w, QHeaderView) or isinstance(w.parent(), (QComboBox,
                                                                     QAbstractSpinBox)):
            continue
        if w.objectName().startswith("qt_") or not w.isVisibleTo(root):
            continue
        if not w.accessibleName():
            bad.append(f"{type(w).__name__} {w.objectName()!r} {getattr(w, 'text', lambda: '')()!r}")
        # toolbar buttons repeat menu actions, which the keyboard reaches (Alt, shortcuts)
        if not isinstance(w.parent(), QToolBar) and not (w.focusPolicy()
                                                          & Qt.FocusPolicy.TabFocus):
            bad.append(f"{type(w).__name__} not reachable by Tab")
    return bad


def test_accessible_names_and_keyboard_reach(qtbot, analysed, tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = analysed
    w.show()
    assert _unnamed(w) == []
    export = w.export_dialog_for_current()
    qtbot.waitUntil(lambda: export._preview_job.done, timeout=5000)
    assert _unnamed(export) == []
    export.close()
    settings = w.settings_dialog()
    for n in range(settings.tabs.count()):
        settings.tabs.setCurrentIndex(n)
        assert _unnamed(settings) == [], settings.tabs.tabText(n)
    settings.close()
    for action in (w.actions.next, w.actions.prev, w.actions.accept, w.actions.reject,
                   w.actions.undo):
        assert action.shortcuts(), action.text()


def test_settings_plugins_keyring_models_about(qtbot, make_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = make_window(("names", PluginOf(NameDetector())))
    dlg = w.settings_dialog()
    table = dlg.plugins
    names = [table.item(r, 1).text() for r in range(table.rowCount())]
    assert "names" in names and "terms" in names
    row = names.index("names")
    assert table.item(row, 2).text() == "manual"
    table.item(row, 0).setCheckState(Qt.CheckState.Unchecked)
    dlg.k.setValue(2)
    dlg.save()
    saved = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    assert saved["plugins"]["blocked"] == ["names"]
    assert saved["core"]["vote_k"] == 2
    assert "api" not in json.dumps(saved).lower()
    # keyring: this machine has no backend; the message says so plainly
    dlg = w.settings_dialog()
    dlg.provider.setCurrentText("bing")
    dlg.key.setText("sk-secret")
    message = dlg.store_key()
    import keyring

    if "fail" in type(keyring.get_keyring()).__module__:
        assert "No system keyring" in message
    assert dlg.key.text() == ""
    # models: listed; import is either a real command or a clear disabled action
    assert dlg.models.count() >= 1
    if not models_import_available():
        assert not dlg.import_button.isEnabled()
        assert "redactor models import" in dlg.import_button.toolTip()
    assert "Licences" in dlg.about.toPlainText() or "Licences" in dlg.about.toMarkdown()
    dlg.close()


def test_store_api_key_without_provider() -> None:
    assert store_api_key("", "x") == "Choose a provider first."


def test_app_main_opens_files(qtbot, tmp_path, txt_file, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from redactor.gui import app as app_module

    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "qs"))
    monkeypatch.setenv("REDACTOR_DISABLE_PLUGINS", "")
    seen = {}

    def fake_loop(app) -> int:  # type: ignore[no-untyped-def]
        for top in QApplication.topLevelWidgets():
            if type(top).__name__ == "MainWindow" and top.isVisible():
                seen["files"] = [e.path.name for e in top.entries]
                top.close()
                top.deleteLater()
        return 0

    monkeypatch.setattr(app_module, "run_event_loop", fake_loop)
    assert app_module.main([str(txt_file), str(tmp_path / "missing.txt")]) == 0
    assert seen["files"] == ["case.txt"]
    with pytest.raises(SystemExit):
        app_module.main(["--help"])


@pytest.mark.skipif(importlib.util.find_spec("redactor_plugins.formats.docx.plugin") is None,
                    reason="the DOCX plugin (redactor_plugins.formats.docx.plugin) is not available yet")
def test_docx_workflow(qtbot, make_window, make_host, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import docx

    path = tmp_path / "letter.docx"
    d = docx.Document()
    d.add_paragraph("Dear Anna Berg,")
    d.add_paragraph("we met in Oslo about Project Falcon.")
    d.save(str(path))
    w = make_window(host=make_host(builtins=("redactor_plugins.formats.docx.plugin",)))
    w.open_files([path])
    with qtbot.waitSignal(w.analysisFinished, timeout=20000):
        w.analyse_current()
    assert w.current.status == Status.REVIEW, w.current.note
    i = next(i for i, f in enumerate(w.current.analysis.findings) if f.text == "Oslo")
    w.decide(Action.KEEP, index=i)
    dlg = w.export_dialog_for_current()
    dest = tmp_path / "letter.redacted.docx"
    dlg.output.setText(str(dest))
    job = dlg.start_export(force=False)
    with qtbot.waitSignal(job.finished, timeout=20000):
        pass
    assert dlg.result is not None, dlg.error
    text = "\n".join(p.text for p in docx.Document(str(dest)).paragraphs)
    assert "Anna Berg" not in text and "Project Falcon" not in text and "Oslo" in text


@pytest.mark.skipif(importlib.util.find_spec("redactor_plugins.formats.pdf.plugin") is None,
                    reason="the PDF plugin (redactor_plugins.formats.pdf.plugin) is not available yet")
def test_pdf_workflow(qtbot, make_window, make_host, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, _doc = _pdf(tmp_path)
    w = make_window(host=make_host(builtins=("redactor_plugins.formats.pdf.plugin",)))
    w.open_files([path])
    with qtbot.waitSignal(w.analysisFinished, timeout=30000):
        w.analyse_current()
    assert w.current.status == Status.REVIEW, w.current.note
    assert w.view.is_paged and len(w.view.page_view.pages) == 2
    assert w.view.page_view.box_count() >= 2
    # a re-score reads and renders nothing again: the pages stay on screen
    with qtbot.waitSignal(w.analysisFinished, timeout=30000):
        w.rescore()
    assert w.view.is_paged and len(w.view.page_view.pages) == 2
    dlg = w.export_dialog_for_current()
    dest = tmp_path / "p.redacted.pdf"
    dlg.output.setText(str(dest))
    job = dlg.start_export(force=False)
    with qtbot.waitSignal(job.finished, timeout=30000):
        pass
    assert dlg.result is not None and dlg.result.verification.ok, dlg.error


def test_model_import_runs_the_cli_in_a_job(qtbot, make_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    if not models_import_available():
        pytest.skip("the command line's 'redactor models import' is not available")
    w = make_window()
    dlg = w.settings_dialog()
    assert dlg.import_button.isEnabled()
    dlg.import_model(tmp_path / "no-such-model")
    assert not dlg.import_button.isEnabled()
    qtbot.waitUntil(lambda: dlg.import_button.isEnabled(), timeout=30000)
    text = dlg.import_status.text()
    assert text.startswith("Import failed:") and "not a folder" in text
    dlg.close()


def test_api_key_goes_to_the_keyring(qtbot, make_window) -> None:  # type: ignore[no-untyped-def]
    import keyring
    from keyring.backend import KeyringBackend

    class Memory(KeyringBackend):
        priority = 1  # type: ignore[assignment]

        def __init__(self) -> None:
            super().__init__()
            self.store: dict[tuple[str, str], str] = {}

        def set_password(self, service, username, password):  # type: ignore[no-untyped-def]
            self.store[(service, username)] = password

        def get_password(self, service, username):  # type: ignore[no-untyped-def]
            return self.store.get((service, username))

        def delete_password(self, service, username):  # type: ignore[no-untyped-def]
            self.store.pop((service, username), None)

    previous = keyring.get_keyring()
    memory = Memory()
    keyring.set_keyring(memory)
    try:
        w = make_window()
        dlg = w.settings_dialog()
        dlg.provider.setCurrentText("bing")
        dlg.key.setText("sk-123")
        assert "stored in the system keyring" in dlg.store_key()
        assert memory.store == {("org.redactor.search", "bing"): "sk-123"}  # the plugin's
        assert "sk-123" not in dlg.key_status.text()
        dlg.key.setText("")
        assert "removed" in dlg.store_key()
        assert memory.store == {}
        dlg.close()
    finally:
        keyring.set_keyring(previous)


@pytest.mark.skipif(importlib.util.find_spec("redactor_plugins.formats.pdf.plugin") is None,
                    reason="the PDF plugin (redactor_plugins.formats.pdf.plugin) is not available yet")
def test_encrypted_pdf_asks_for_a_password(qtbot, make_window, make_host, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import pikepdf

    plain, _doc = _pdf(tmp_path)
    locked = tmp_path / "locked.pdf"
    with pikepdf.open(plain) as pdf:
        pdf.save(locked, encryption=pikepdf.Encryption(owner="owner-pw", user="user-pw"))
    w = make_window(host=make_host(builtins=("redactor_plugins.formats.pdf.plugin",)))
    w.open_files([locked])
    with qtbot.waitSignal(w.analysisFinished, timeout=30000):
        w.analyse_current()
    entry = w.current
    assert entry.status == Status.FAILED and entry.encrypted
    assert "Enter password" in entry.note
    assert w.actions.password.isEnabled()
    with qtbot.waitSignal(w.analysisFinished, timeout=30000):
        w.open_with_password(entry, "user-pw")
    assert entry.status == Status.REVIEW, entry.note
    assert len(w.view.page_view.pages) == 2
    assert "user-pw" not in repr(entry)


def test_pages_without_colour_are_kept_in_grey_and_boxes_stay_coloured(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from reportlab.pdfgen import canvas

    path = tmp_path / "mixed.pdf"
    c = canvas.Canvas(str(path), pagesize=(300, 200))
    c.setFont("Helvetica", 12)
    c.drawString(20, 150, "Anna Berg lives in Oslo.")  # black on white
    c.showPage()
    c.setFillColorRGB(0.9, 0.1, 0.1)
    c.rect(20, 20, 100, 60, fill=1)  # a red photo, say
    c.showPage()
    c.save()
    grey, colour = render_pdf_pages(str(path), 1.0)
    assert grey.image.format() == QImage.Format.Format_Grayscale8
    assert colour.image.format() == QImage.Format.Format_RGB32
    assert grey.image.sizeInBytes() * 3 < colour.image.sizeInBytes()
    red = colour.image.pixelColor(70, 150)  # inside the rectangle (y from the top)
    assert red.red() > 200 and red.green() < 60
    # the boxes drawn over a grey page keep their colour
    _, doc = _pdf(tmp_path)
    view = DocumentView()
    qtbot.addWidget(view)
    view.resize(500, 400)
    view.set_document(doc)
    view.page_view.set_pages([grey])
    view.set_findings([Finding(Span(0, 9), Label.PERSON, "Anna Berg")], [Action.MASK])
    page = view.page_view.pages[0]
    shot = page.grab().toImage()
    centre = shot.pixelColor(page.to_pixels(page.boxes[0].box).toRect().center())
    assert len({centre.red(), centre.green(), centre.blue()}) > 1  # not a shade of grey


def test_pages_are_handed_over_in_batches_as_they_are_rendered(tmp_path: Path) -> None:
    from reportlab.pdfgen import canvas

    path = tmp_path / "nineteen.pdf"
    c = canvas.Canvas(str(path), pagesize=(200, 100))
    for n in range(19):
        c.drawString(20, 50, f"Page {n + 1}")
        c.showPage()
    c.save()
    batches: list[list[int]] = []
    pages = render_pdf_pages(str(path), 0.5, on_pages=lambda b: batches.append([p.index for p in b]),
                             batch=8)
    assert [len(b) for b in batches] == [8, 8, 3]
    assert sum(batches, []) == [p.index for p in pages] == list(range(19))


def test_rendered_pages_are_kept_compressed_and_decoded_on_demand(tmp_path: Path) -> None:
    from reportlab.pdfgen import canvas

    from redactor.gui import page_render

    path = tmp_path / "twenty.pdf"
    c = canvas.Canvas(str(path), pagesize=(595, 842))  # A4
    for n in range(20):
        c.setFont("Helvetica", 11)
        for line in range(40):
            c.drawString(50, 790 - 18 * line, f"Page {n + 1}, line {line}: Anna Berg lives in Oslo.")
        if n == 1:
            c.setFillColorRGB(0.9, 0.1, 0.1)
            c.rect(50, 50, 200, 100, fill=1)
        c.showPage()
    c.save()
    pages = render_pdf_pages(str(path), 1.25)
    grey, colour = pages[0], pages[1]
    raw_grey = grey.width * grey.height
    assert grey.packed_bytes * 5 < raw_grey  # a text page shrinks at least 5 times
    assert colour.packed_bytes * 5 < 4 * colour.width * colour.height
    # decoded as rendered: the same pixels as pdfium's own rendering
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    direct = pdf[1].render(scale=1.25).to_pil().convert("RGB")
    pdf.close()
    img = colour.image
    for x, y in ((100, 842 * 1.25 - 120), (60, 60), (300, 400)):
        want = direct.getpixel((int(x), int(y)))
        got = img.pixelColor(int(x), int(y))
        assert (got.red(), got.green(), got.blue()) == want
    assert grey.image.format() == QImage.Format.Format_Grayscale8
    # only the most recently painted pages stay decoded
    for p in pages:
        assert not p.image.isNull()
    decoded = [p for p in pages if p._image is not None]
    assert len(decoded) == page_render.DECODED_PAGES
    assert decoded == pages[-page_render.DECODED_PAGES:]
    assert pages[0]._image is None and not pages[0].image.isNull()  # decoded again on demand
