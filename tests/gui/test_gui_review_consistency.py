"""The review stays what the reviewer sees (found by an adversarial probe): an open export
dialog exports the review as it is now; undo waits for jobs built from the current state;
a mark over part of a masked finding never unmasks the rest of it."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from redactor.core.model import Action, Label, Span


def _index(w, text: str) -> int:  # type: ignore[no-untyped-def]
    a = w.current.analysis
    return next(i for i, f in enumerate(a.findings) if f.text == text)


def _actions(w, text: str) -> list[Action]:  # type: ignore[no-untyped-def]
    a = w.current.analysis
    return [d.action for f, d in zip(a.findings, a.decisions, strict=True) if f.text == text]


def _export(qtbot, dlg, dest: Path) -> None:  # type: ignore[no-untyped-def]
    dlg.output.setText(str(dest))
    job = dlg.start_export(force=False)
    with qtbot.waitSignal(job.finished, timeout=10000):
        pass
    assert dlg.result is not None, dlg.outcome.toPlainText()


def test_an_open_export_dialog_exports_the_review_as_it_is_now(qtbot, analysed,  # type: ignore[no-untyped-def]
                                                                tmp_path: Path) -> None:
    w = analysed
    dlg = w.export_dialog_for_current()  # not modal: the review can change meanwhile
    text = w.current.analysis.document.text
    start = text.index("Monday")
    w.mark_span(Span(start, start + len("Monday")), Label.DATETIME)
    job = w.redact_all("social worker", "phrase")
    with qtbot.waitSignal(job.finished, timeout=10000):
        pass
    dest = tmp_path / "o.txt"
    _export(qtbot, dlg, dest)
    out = dest.read_text()
    assert "Monday" not in out and "social worker" not in out
    assert w.current.undo.isClean()


def test_undo_waits_for_a_job_that_started_from_the_current_state(qtbot, analysed) -> None:  # type: ignore[no-untyped-def]
    w = analysed
    w.decide(Action.KEEP, index=_index(w, "Oslo"))
    assert w.actions.undo.isEnabled()
    job = w.redact_all("Monday", "word")
    assert not w.actions.undo.isEnabled()
    w.actions.undo.trigger()  # ignored: the search result is built from the state with the keep
    with qtbot.waitSignal(job.finished, timeout=10000):
        pass
    assert _actions(w, "Oslo") == [Action.KEEP, Action.KEEP]
    assert w.actions.undo.isEnabled()
    w.actions.undo.trigger()  # the search
    w.actions.undo.trigger()  # the keep
    assert _actions(w, "Oslo") == [Action.MASK, Action.MASK]
    w.rescore()
    assert not w.actions.undo.isEnabled() and not w.actions.redo.isEnabled()
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        pass
    assert w.actions.undo.isEnabled()


def test_a_mark_inside_a_masked_finding_keeps_all_of_it_masked(qtbot, analysed,  # type: ignore[no-untyped-def]
                                                               tmp_path: Path) -> None:
    w = analysed
    masked = w.current.analysis.findings[_index(w, "Project Falcon")]
    index = w.mark_span(Span(masked.span.start, masked.span.start + len("Project")), Label.MISC)
    assert w.current.analysis.findings[index].span == masked.span
    job = w.redact_all(r"Berg met", "regex")  # over the end of the masked "Anna Berg"
    with qtbot.waitSignal(job.finished, timeout=10000):
        pass
    dest = tmp_path / "o.txt"
    _export(qtbot, w.export_dialog_for_current(), dest)
    out = dest.read_text()
    assert "Falcon" not in out and "Anna" not in out
