"""The whole review workflow on a TXT file: open → analyse → decide → mark → export."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from gui_support import TEXT, NameDetector, PluginOf
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent, QTextDocument
from PySide6.QtWidgets import QApplication

from redactor.core.model import Action, Label, Span
from redactor.gui.main_window import Status


def show_active(qtbot, w) -> None:  # type: ignore[no-untyped-def]
    w.show()
    w.activateWindow()
    w.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=3000)


def finding_index(w, text: str) -> int:  # type: ignore[no-untyped-def]
    a = w.current.analysis
    return next(i for i, f in enumerate(a.findings) if f.text == text)


def export_with_dialog(qtbot, w, dest: Path, strategy: str = ""):  # type: ignore[no-untyped-def]
    dlg = w.export_dialog_for_current()
    qtbot.waitUntil(lambda: dlg._preview_job is not None and dlg._preview_job.done,
                    timeout=5000)
    if strategy:
        dlg.strategy.setCurrentIndex(dlg.strategy.findData(strategy))
        qtbot.waitUntil(lambda: dlg._preview_job.done, timeout=5000)
    dlg.output.setText(str(dest))
    job = dlg.start_export(force=False)
    assert job is not None, dlg.error
    with qtbot.waitSignal(job.finished, timeout=10000):
        pass
    return dlg


def test_analyse_shows_findings_grouped_and_highlighted(analysed) -> None:  # type: ignore[no-untyped-def]
    w = analysed
    entry = w.current
    assert entry.status == Status.REVIEW
    texts = sorted(f.text for f in entry.analysis.findings)
    assert texts == ["Anna Berg", "Anna Berg", "Olaf Lund", "Oslo", "Oslo", "Project Falcon"]
    # entities: Anna Berg (2), Oslo (2), Project Falcon, Olaf Lund
    assert w.findings.top_level_count() == 4
    assert w.findings.mention_count() == 6
    assert w.view.text_view.highlight_count == 6
    # one sentence for a caseworker first, the details folded below it
    text = w.detail.toPlainText()
    assert text.startswith("Masked: ") and "sure" in text and "Decision" not in text
    w.detail.anchorClicked.emit(QUrl("#details"))
    assert "Decision" in w.detail.toPlainText() and "Risk checks" in w.detail.toPlainText()


def test_full_workflow_reject_add_export(qtbot, analysed, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    w = analysed
    # reject Oslo (whole entity: both mentions)
    w.go_to_finding(finding_index(w, "Oslo"))
    w.decide(Action.KEEP)
    a = w.current.analysis
    assert [a.decisions[i].action for i, f in enumerate(a.findings) if f.text == "Oslo"] == [
        Action.KEEP, Action.KEEP]
    # select "Monday" in the view (CRLF line endings: offsets must still match) and mark it
    tv = w.view.text_view
    cursor = tv.document().find("Monday", 0, QTextDocument.FindFlag.FindCaseSensitively)
    tv.setTextCursor(cursor)
    span = tv.selected_span()
    assert span is not None and a.document.text[span.start:span.end] == "Monday"
    idx = w.mark_span(span, Label.DATETIME)
    assert idx is not None and w.current.analysis.findings[idx].text == "Monday"

    dest = tmp_path / "out" / "case.redacted.txt"
    dest.parent.mkdir()
    dlg = export_with_dialog(qtbot, w, dest)
    assert dlg.result is not None, dlg.error
    expected = TEXT
    for secret in ("Anna Berg", "Project Falcon", "Olaf Lund", "Monday"):
        expected = expected.replace(secret, "[REDACTED]")
    assert dest.read_bytes() == expected.encode("utf-8")
    assert "Oslo" in dest.read_text(encoding="utf-8")
    assert "Verified" in dlg.outcome.toPlainText()
    assert dlg.preview.toPlainText() == expected.replace("\r\n", "\n")
    assert w.current.status == Status.EXPORTED
    assert [p.name for p in dest.parent.iterdir()] == [dest.name]


def test_export_refuses_the_input_path(qtbot, analysed, txt_file: Path) -> None:  # type: ignore[no-untyped-def]
    w = analysed
    before = txt_file.read_bytes()
    dlg = w.export_dialog_for_current()
    dlg.output.setText(str(txt_file))
    assert dlg.start_export(force=True) is None
    assert "Refusing to overwrite the input" in dlg.outcome.toPlainText()
    assert txt_file.read_bytes() == before


def test_label_strategy_and_preview(qtbot, analysed) -> None:  # type: ignore[no-untyped-def]
    w = analysed
    w.set_label_strategy(Label.PERSON, "label")
    dlg = w.export_dialog_for_current()
    qtbot.waitUntil(lambda: dlg._preview_job.done, timeout=5000)
    text = dlg.preview.toPlainText()
    assert "[PERSON 1]" in text and "Olaf" not in text and "[REDACTED]" in text
    dlg.strategy.setCurrentIndex(dlg.strategy.findData("label"))
    qtbot.waitUntil(lambda: dlg._preview_job.done and "[MISC" in dlg.preview.toPlainText(),
                    timeout=5000)
    assert "[REDACTED]" not in dlg.preview.toPlainText()
    dlg.close()


def test_keyboard_navigation_decisions_and_undo(qtbot, analysed) -> None:  # type: ignore[no-untyped-def]
    w = analysed
    show_active(qtbot, w)
    w.findings.setFocus()
    w.go_to_finding(0)
    qtbot.keyClick(w.findings, Qt.Key.Key_J)
    assert w.current.current == 1
    qtbot.keyClick(w.findings, Qt.Key.Key_K)
    assert w.current.current == 0
    qtbot.keyClick(w.findings, Qt.Key.Key_F8)
    assert w.current.current == 1
    qtbot.keyClick(w.findings, Qt.Key.Key_F8, Qt.KeyboardModifier.ShiftModifier)
    assert w.current.current == 0
    first = w.current.analysis
    assert first.decisions[0].action == Action.MASK
    w.view.text_view.setFocus()
    qtbot.keyClick(w.view.text_view, Qt.Key.Key_R)
    assert w.current.analysis.decisions[0].action == Action.KEEP
    assert w.current.analysis.decisions[0].decided_by == "user"
    qtbot.keyClick(w.view.text_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert w.current.analysis is first
    w.actions.redo.trigger()
    assert w.current.analysis.decisions[0].action == Action.KEEP
    qtbot.keyClick(w.findings, Qt.Key.Key_A)
    assert w.current.analysis.decisions[0].action == Action.MASK
    # per mention: Shift+R keeps only this mention of "Anna Berg"
    qtbot.keyClick(w.findings, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    a = w.current.analysis
    anna = [a.decisions[i].action for i, f in enumerate(a.findings) if f.text == "Anna Berg"]
    assert anna == [Action.KEEP, Action.MASK]
    assert w.undo_group.activeStack().count() == 3


def test_findings_panel_click_scrolls_document(qtbot, analysed) -> None:  # type: ignore[no-untyped-def]
    w = analysed
    i = finding_index(w, "Olaf Lund")
    w.findings.setCurrentIndex(w.findings.index_for(i))
    assert w.current.current == i
    cursor = w.view.text_view.textCursor()
    assert w.view.text_view._map.from_qt(cursor.position()) == w.current.analysis.findings[i].span.start
    assert "Olaf Lund" in w.detail.toPlainText()


def redact_all(qtbot, w, *args) -> int:  # type: ignore[no-untyped-def]
    job = w.redact_all(*args)
    if job is None:
        return 0
    with qtbot.waitSignal(job.finished, timeout=10000):
        pass
    return w.last_search_count


def test_search_and_redact_all(qtbot, analysed) -> None:  # type: ignore[no-untyped-def]
    w = analysed
    assert redact_all(qtbot, w, "her", "word", Label.MISC) == 2  # "her" twice, not "brother"
    a = w.current.analysis
    assert sum(1 for f in a.findings if f.text.lower() == "her") == 2
    assert redact_all(qtbot, w, r"\b\d+\b", "regex", Label.CODE) == 1
    assert redact_all(qtbot, w, "social worker", "phrase", Label.DEM) == 1
    assert redact_all(qtbot, w, "([", "regex", Label.MISC) == 0
    assert "not a valid regular expression" in w.banner.text()
    assert redact_all(qtbot, w, "nowhere to be found", "phrase", Label.MISC) == 0
    w.undo_group.undo()
    assert not any(f.text == "social worker" for f in w.current.analysis.findings)
    assert any(f.text == "14" for f in w.current.analysis.findings)


def test_drop_files_opens_them(qtbot, make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    w = make_window()
    files = []
    for n in range(2):
        p = tmp_path / f"d{n}.txt"
        p.write_text(f"Anna Berg {n}", encoding="utf-8")
        files.append(p)
    mime = QMimeData()
    mime.setUrls(w.urls_for(files))
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    w.dropEvent(event)
    assert [e.path.name for e in w.entries] == ["d0.txt", "d1.txt"]
    assert all(e.status == Status.PENDING for e in w.entries)
    assert w.recent_files()[0].endswith("d1.txt")


def test_batch_analyse_and_export_all(qtbot, make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    w = make_window(("names", PluginOf(NameDetector())))
    good = []
    for n in range(3):
        p = tmp_path / f"doc{n}.txt"
        p.write_text(f"Olaf Lund wrote from Oslo, file {n}.\n", encoding="utf-8")
        good.append(p)
    bad = tmp_path / "broken.txt"
    bad.write_bytes(b"\x00\x01\x02binary")
    w.open_files([*good, bad])
    jobs = w.analyse_all()
    assert len(jobs) == 4
    qtbot.waitUntil(lambda: all(j.done for j in jobs), timeout=15000)
    statuses = [e.status for e in w.entries]
    assert statuses == [Status.REVIEW] * 3 + [Status.FAILED]
    assert "not a valid TXT" in w.entries[3].note
    out = tmp_path / "out"
    out.mkdir()
    w.queue.setCurrentRow(3)
    jobs = w.export_all(out, strategy="label")
    qtbot.waitUntil(lambda: all(j.done for j in jobs), timeout=15000)
    assert [e.status for e in w.entries[:3]] == [Status.EXPORTED] * 3
    # the batch engine mirrors the inputs' names; its journal is a hidden file beside them
    names = sorted(p.name for p in out.iterdir() if not p.name.startswith("."))
    assert names == ["doc0.txt", "doc1.txt", "doc2.txt"]
    for name in names:  # label numbers restart in every file, as with `redactor batch`
        text = (out / name).read_text(encoding="utf-8")
        assert text.startswith("[PERSON 1] wrote from [MISC 1], file")
    assert w.entries[3].status == Status.FAILED


def test_rescore_keeps_reviewer_decisions(qtbot, analysed) -> None:  # type: ignore[no-untyped-def]
    w = analysed
    w.go_to_finding(finding_index(w, "Oslo"))
    w.decide(Action.KEEP)
    w.mark_span(Span(TEXT.index("Monday"), TEXT.index("Monday") + 6), Label.DATETIME)
    w.actions.k_box.setValue(3)
    assert w.policy.k == 3
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        w.rescore()
    a = w.current.analysis
    assert a.policy.k == 3
    assert [a.decisions[i].action for i, f in enumerate(a.findings) if f.text == "Oslo"] == [
        Action.KEEP, Action.KEEP]
    assert any(f.text == "Monday" for f in a.findings)
    w.undo_group.undo()  # the re-score itself is undoable
    assert w.current.analysis.policy.k == 1


def test_closing_with_unsaved_decisions_asks(qtbot, analysed, txt_file, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QMessageBox

    from redactor.core.review_file import review_path_for

    w = analysed
    w.confirm_close = True
    w.show()
    assert w.unsaved_entries() == []
    w.decide(Action.KEEP, index=0)
    assert w.unsaved_entries() == [w.current]
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Cancel))
    assert not w.close()
    assert w.isVisible()
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Save))
    assert w.close()
    assert review_path_for(txt_file).exists()


def test_analyse_again_keeps_decisions(qtbot, analysed) -> None:  # type: ignore[no-untyped-def]
    w = analysed
    w.decide(Action.KEEP, index=finding_index(w, "Olaf Lund"))
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        w.analyse_current()
    a = w.current.analysis
    assert a.decisions[finding_index(w, "Olaf Lund")].action == Action.KEEP


def test_failed_verification_is_shown_and_leaves_no_file(qtbot, make_window, txt_file,
                                                         tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gui_support import LeakyPlugin

    w = make_window(("leaky", LeakyPlugin()))
    w.open_files([txt_file])
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        w.analyse_current()
    dlg = w.export_dialog_for_current()
    dlg.format.setCurrentIndex(dlg.format.findData("leaky"))
    out = tmp_path / "leak"
    out.mkdir()
    dest = out / "case.leaky"
    dlg.output.setText(str(dest))
    job = dlg.start_export(force=False)
    with qtbot.waitSignal(job.finished, timeout=10000):
        pass
    text = dlg.outcome.toPlainText()
    assert "Verification FAILED" in text and "no file was written" in text
    assert "Anna Berg" not in text  # the message never repeats the secret in full
    assert list(out.iterdir()) == []
    assert dlg.result is None
    assert w.current.status == Status.REVIEW
