"""Fast detectors first: the findings of the detectors without a model (patterns, term lists)
are on screen before the models load and before a PDF's pages are rendered and indexed (#17:
first highlight within a second on 20 pages); what is shown at the end does not change."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import threading
from pathlib import Path

from gui_support import PluginOf, SlowDetector, make_pdf

from redactor.core.model import Action
from redactor.gui.main_window import Status
from redactor.plugin_api import Finding, Label, Span

PDF = ("redactor_plugins.formats.pdf.plugin",)


class ModelDetector:
    """A detector with a model to load (``prepare``), which blocks until ``release`` is set;
    it finds 'Olaf Lund' once loaded. ``events`` records what ran, in order."""

    id = "model"
    version = "1.0"

    def __init__(self, events: list[str]) -> None:
        self.events = events
        self.loading = threading.Event()
        self.release = threading.Event()
        self.loaded = False

    def prepare(self, ctx) -> None:  # type: ignore[no-untyped-def]
        self.events.append("prepare")
        self.loading.set()
        self.release.wait(20)
        self.loaded = True

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        self.events.append("model-detect")
        if not self.loaded:
            self.prepare(ctx)
        start = doc.text.find("Olaf Lund")
        if start >= 0:
            yield Finding(Span(start, start + 9), Label.PERSON, "Olaf Lund", detector=self.id)


class FastDetector:
    """A detector without a model: finds 'Oslo' and records when it ran."""

    id = "fast"
    version = "1.0"

    def __init__(self, events: list[str]) -> None:
        self.events = events

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        self.events.append("fast-detect")
        start = doc.text.find("Oslo")
        if start >= 0:
            yield Finding(Span(start, start + 4), Label.LOC, "Oslo", detector=self.id)


def test_fast_findings_are_shown_before_the_models_load(qtbot, request, make_window,  # type: ignore[no-untyped-def]
                                                        txt_file) -> None:
    events: list[str] = []
    model = ModelDetector(events)
    # (the built-in detectors without a model, patterns and terms, come first too)
    w = make_window(("fast", PluginOf(FastDetector(events))), ("model", PluginOf(model)))
    w.show()
    w.open_files([txt_file], analyse=True)
    job = w.current.job
    request.addfinalizer(model.release.set)  # never leave the worker waiting
    assert model.loading.wait(10)
    # the models start loading only once the fast detectors have reported …
    assert events.index("fast-detect") < events.index("prepare")
    # … and their findings are on screen while the model is still loading
    qtbot.waitUntil(lambda: w.view.text_view.highlight_count >= 3, timeout=5000)
    assert not job.done and w.current.status == Status.ANALYSING
    assert "found so far" in w.findings.summary()
    model.release.set()
    qtbot.waitUntil(lambda: job.done, timeout=20000)
    a = w.current.analysis
    assert w.current.status == Status.REVIEW
    assert {"Anna Berg", "Oslo", "Olaf Lund"} <= {f.text for f in a.findings}
    assert "model-detect" in events


def test_pdf_pages_and_index_follow_the_fast_findings(qtbot, request, make_window,  # type: ignore[no-untyped-def]
                                                      make_host, tmp_path: Path) -> None:
    events: list[str] = []
    model = ModelDetector(events)
    path = make_pdf(tmp_path / "letter.pdf")
    w = make_window(host=make_host(("model", PluginOf(model)), builtins=PDF))
    w.resize(1400, 1100)
    w.show()
    seen_index: list[bool] = []
    pv = w.view.page_view
    set_document = pv.set_document
    pv.set_document = lambda doc, index=None: (  # type: ignore[method-assign]
        doc is not None and seen_index.append(bool(index is not None and index.pending)),
        set_document(doc, index))
    w.open_files([path], analyse=True)
    job = w.current.job
    request.addfinalizer(model.release.set)
    assert model.loading.wait(10)
    # the document came with a stand-in index; the real one and the pages follow the fast
    # detectors' findings, while the model loads
    qtbot.waitUntil(lambda: w.view.text_view.highlight_count >= 2 and len(w.current.pages) == 3
                    and w.current.page_index is not None and not w.current.page_index.pending,
                    timeout=10000)
    assert seen_index == [True]
    assert not job.done
    model.release.set()
    # the end of the analysis is put on screen one pane per turn of the event loop
    qtbot.waitUntil(lambda: job.done and not w.analysis.showing_result, timeout=20000)
    a = w.current.analysis
    assert list(pv.shown.findings) == list(a.findings)
    olaf = next(i for i, f in enumerate(a.findings) if f.text == "Olaf Lund")
    assert a.decisions[olaf].action != Action.KEEP
    page = a.document.segments[0].boxes[0].page - pv._page_offset
    # the view's boxes are those of the finished analysis (its index is the real one)
    assert pv._segs and any(pv.burn_boxes(p) for p in range(3))
    assert page >= 0
    # the text view, hidden behind the pages meanwhile, highlights once it is shown
    w.view.setCurrentIndex(1)
    qtbot.waitUntil(lambda: w.view.text_view.painted_count > 0, timeout=5000)


def test_cancelled_before_the_index_leaves_none_pending(qtbot, make_window, make_host,  # type: ignore[no-untyped-def]
                                                        tmp_path: Path) -> None:
    slow = SlowDetector(seconds=20)  # no model: it runs before the index is built
    path = make_pdf(tmp_path / "letter.pdf")
    w = make_window(host=make_host(("slow", PluginOf(slow)), builtins=PDF))
    w.show()
    w.open_files([path], analyse=True)
    assert slow.started.wait(10)
    entry = w.current
    qtbot.waitUntil(lambda: entry.document is not None, timeout=5000)
    assert entry.page_index is not None and entry.page_index.pending
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        w.cancel()
    assert entry.page_index is None  # built again when the document is shown
    w.workspace.show_entry(entry)
    assert w.view.page_view._segs


class OtherModelDetector(ModelDetector):
    """A second detector with a model, loaded after the first."""

    id = "model2"


def test_no_model_runs_until_every_model_has_loaded(make_host, policy) -> None:  # type: ignore[no-untyped-def]
    """A model's inference (every core busy) while the next model loads made the loader hold
    the GIL while it waited for a core: GUI stalls of 100-160 ms (#17). The first model waits
    for the last one to load."""
    from redactor.core.context import RunContext
    from redactor.gui.analysis_controller import FastFirstPipeline

    events: list[str] = []
    first, second = ModelDetector(events), OtherModelDetector(events)
    first.release.set()  # loads at once; the second loads when released
    pipeline = FastFirstPipeline(make_host(("model", PluginOf(first)),
                                           ("model2", PluginOf(second))), policy)
    try:
        pipeline.load_models(RunContext(policy=policy))
        assert second.loading.wait(10) and first.loaded  # loaded in order, one at a time
        waiter = threading.Thread(target=pipeline._ready, args=(first,))
        waiter.start()
        waiter.join(0.3)
        assert waiter.is_alive()  # the first model's detector waits for the second's loading
        pipeline._ready(FastDetector(events))  # a detector without a model never waits
    finally:
        second.release.set()
    waiter.join(10)
    assert not waiter.is_alive() and second.loaded
