"""Saving and resuming a review (the sidecar), in the GUI and in the Qt-free core module."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import json

from gui_support import TERMS, TEXT, NameDetector, PluginOf

from redactor.core.context import RunContext
from redactor.core.errors import UsageError
from redactor.core.model import Action, Label, Span
from redactor.core.pipeline import Pipeline
from redactor.core.review_file import (
    ReviewMismatchError,
    apply_review,
    load_review,
    review_path_for,
    save_review,
    search_spans,
)
from redactor.gui.main_window import Status


def _decisions(a):  # type: ignore[no-untyped-def]
    return {(f.span.start, f.span.end, f.text): (d.action, d.decided_by, d.strategy)
            for f, d in zip(a.findings, a.decisions, strict=True)}


def test_save_and_resume_in_the_gui(qtbot, analysed, make_window, txt_file) -> None:  # type: ignore[no-untyped-def]
    w = analysed
    a = w.current.analysis
    oslo = next(i for i, f in enumerate(a.findings) if f.text == "Oslo")
    w.go_to_finding(oslo)
    w.decide(Action.KEEP)
    start = TEXT.index("Monday")
    w.mark_span(Span(start, start + 6), Label.DATETIME)
    w.set_label_strategy(Label.PERSON, "label")
    reviewed = w.current.analysis
    path = w.save_review()
    assert path == review_path_for(txt_file) and path.exists()
    raw = path.read_text(encoding="utf-8")
    for secret in (*TERMS, "Olaf", "Monday"):
        assert secret not in raw  # offsets and labels only, never the text
    data = json.loads(raw)
    assert data["input"]["sha256"] == reviewed.document.sha256

    w2 = make_window(("names", PluginOf(NameDetector())))
    w2.open_files([txt_file])
    assert "saved review exists" in w2.last_message
    with qtbot.waitSignal(w2.analysisFinished, timeout=10000):
        w2.resume_review()
    assert w2.current.status == Status.REVIEW
    assert "resumed" in w2.current.note
    assert _decisions(w2.current.analysis) == _decisions(reviewed)

    # resuming over an existing analysis of the same file is an undoable step
    w2.decide(Action.MASK, index=oslo)
    assert w2.resume_review() is None
    assert _decisions(w2.current.analysis) == _decisions(reviewed)

    # the input changed: refuse, plainly, and leave the review as it is
    txt_file.write_bytes(TEXT.replace("cold", "warm").encode("utf-8"))
    before = w2.current.analysis
    assert w2.resume_review() is None
    assert "another version" in w2.banner.text()
    assert w2.current.analysis is before


def test_review_file_core_roundtrip(tmp_path, make_host, policy, txt_file) -> None:  # type: ignore[no-untyped-def]
    host = make_host(("names", PluginOf(NameDetector())))
    pipe = Pipeline(host, policy)
    ctx = RunContext(policy=policy)
    a = pipe.analyze(pipe.read(txt_file, ctx), ctx)
    i = next(i for i, f in enumerate(a.findings) if f.text == "Olaf Lund")
    reviewed = a.with_decision(i, Action.KEEP).with_strategy(0, "label")
    path = save_review(reviewed, tmp_path / "r.json")
    review = load_review(path)
    fresh = pipe.analyze(pipe.read(txt_file, ctx), ctx)
    assert _decisions(apply_review(fresh, review)) == _decisions(reviewed)
    other = fresh.document.__class__(**{**{s: getattr(fresh.document, s) for s in
                                           fresh.document.__slots__}, "sha256": "0" * 64})
    import dataclasses

    with pytest.raises(ReviewMismatchError):
        apply_review(dataclasses.replace(fresh, document=other), review)
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(UsageError):
        load_review(path)


def test_search_spans_modes() -> None:
    text = "Anna  Berg met anna berg; Annabel\nBerg. Tel 12-34."
    assert [text[s.start:s.end] for s in search_spans(text, "anna berg", "phrase")] == [
        "Anna  Berg", "anna berg"]
    assert [text[s.start:s.end] for s in search_spans(text, "Anna", "word")] == ["Anna", "anna"]
    assert len(search_spans(text, "Anna", "word", case_sensitive=True)) == 1
    assert [text[s.start:s.end] for s in search_spans(text, r"\d+-\d+", "regex")] == ["12-34"]
    assert search_spans(text, r"x*", "regex") == []
    assert search_spans(text, "   ", "word") == []
    with pytest.raises(UsageError):
        search_spans(text, "(", "regex")


def test_review_file_areas_roundtrip_and_checks(tmp_path, make_host, policy) -> None:  # type: ignore[no-untyped-def]
    """Areas survive save → load → apply (and a re-score); damaged or misfit areas are
    refused; a review without areas stays version 1."""
    from gui_support import make_pdf

    from redactor.core.model import Box
    from redactor.core.review_file import areas_of, reapply_user_decisions, with_areas

    pdf = make_pdf(tmp_path / "three.pdf")
    host = make_host(builtins=("redactor_plugins.formats.pdf.plugin",))
    pipe = Pipeline(host, policy)
    ctx = RunContext(policy=policy)
    fresh = pipe.analyze(pipe.read(pdf, ctx), ctx)
    plain = save_review(fresh, tmp_path / "plain.json")
    assert json.loads(plain.read_text())["version"] == 1
    area = Box(2, 150.0, 20.5, 260.25, 80.0)
    reviewed = with_areas(fresh, [area])
    path = save_review(reviewed, tmp_path / "r.json")
    data = json.loads(path.read_text())
    assert data["version"] == 2 and data["areas"] == [
        {"page": 2, "x0": 150.0, "y0": 20.5, "x1": 260.25, "y1": 80.0}]
    review = load_review(path)
    assert review.areas == (area,)
    resumed = apply_review(fresh, review)
    assert areas_of(resumed) == [area]
    assert areas_of(apply_review(resumed, review)) == [area]  # not twice
    assert areas_of(reapply_user_decisions(resumed, fresh)) == [area]  # kept by a re-score
    # the export's plan carries them to the writer
    plan = Pipeline(host, resumed.policy).plan(resumed, ctx)
    assert plan.options["redact_areas"] == "2,150.00,20.50,260.25,80.00"
    for bad in ({"page": -1, "x0": 0, "y0": 0, "x1": 1, "y1": 1},
                {"page": 0, "x0": 5, "y0": 0, "x1": 1, "y1": 1},
                {"page": 0, "x0": "nan", "y0": 0, "x1": 1, "y1": 1}, {"page": 0}):
        path.write_text(json.dumps({**data, "areas": [bad]}))
        with pytest.raises(UsageError):
            load_review(path)
    path.write_text(json.dumps({**data, "areas": [{**data["areas"][0], "page": 7}]}))
    with pytest.raises(UsageError):
        apply_review(fresh, load_review(path))
    path.write_text(json.dumps({**data, "version": 3}))
    with pytest.raises(UsageError):
        load_review(path)
