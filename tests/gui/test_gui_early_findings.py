"""The first findings of a long document (#17: first highlight within a second on 20 pages):
the detectors without a model search its first piece first and their findings there are
shown at once; the whole run follows, shows only what was not shown yet, and its result is
exactly what the plain pipeline finds."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from redactor.core.context import RunContext
from redactor.core.model import Document, Finding, Segment, Span
from redactor.core.pipeline import Pipeline
from redactor.gui.analysis_controller import FastFirstPipeline
from redactor.gui.early_findings import MIN_CHARS, finding_key, first_piece_end

PATTERNS = ("redactor_plugins.detectors.patterns.plugin",)
PARAGRAPH = ("Anna Berg wrote to anna.berg@example.org on 12 March 2021 from Oslo.\n"
             "Her IBAN is GB82 WEST 1234 5698 7654 32; call +47 22 33 44 55 before 14:30.\n\n")


def _doc(paragraphs: int) -> Document:
    text = "".join(f"Note {n}. {PARAGRAPH}" for n in range(paragraphs))
    return Document("long.txt", Path("long.txt"), "txt", text, (Segment(Span(0, len(text)),
                                                                        "text"),))


def _run(pipeline: Pipeline, doc: Document) -> tuple[list[list[Finding]], object]:
    calls: list[list[Finding]] = []
    analysis = pipeline.analyze(doc, RunContext(policy=pipeline.policy), on_findings=calls.append)
    return calls, analysis


def test_the_first_piece_is_shown_first_and_nothing_twice(make_host, policy) -> None:  # type: ignore[no-untyped-def]
    doc = _doc(120)
    assert len(doc.text) > MIN_CHARS
    host = make_host(builtins=PATTERNS)
    early_calls, early = _run(FastFirstPipeline(host, policy), doc)
    plain_calls, plain = _run(Pipeline(host, policy), doc)
    end = first_piece_end(doc.text)
    assert 0 < end < len(doc.text) // 4
    # the first batch: the fast detectors' findings in the first piece, and only those …
    first = early_calls[0]
    assert first and all(f.span.end <= end for f in first)
    assert {f.detector for f in first} == {"patterns", "terms"}
    # … and before any finding beyond it (the plain pipeline's first batch reaches the end)
    assert max(f.span.end for f in plain_calls[0]) > len(doc.text) - len(PARAGRAPH) * 2
    # every finding shown once, the same ones as the plain pipeline shows
    shown = [finding_key(f) for call in early_calls for f in call]
    assert len(shown) == len(set(shown))
    assert set(shown) == {finding_key(f) for call in plain_calls for f in call}
    # the result is the plain pipeline's
    assert early.findings == plain.findings  # type: ignore[attr-defined]
    assert early.decisions == plain.decisions  # type: ignore[attr-defined]


def test_a_short_document_is_searched_whole(make_host, policy) -> None:  # type: ignore[no-untyped-def]
    doc = _doc(3)
    assert len(doc.text) < MIN_CHARS
    host = make_host(builtins=PATTERNS)
    early_calls, _ = _run(FastFirstPipeline(host, policy), doc)
    plain_calls, _ = _run(Pipeline(host, policy), doc)
    assert early_calls == plain_calls


class Failing:
    """A detector without a model that always fails."""

    id = "failing"
    version = "1.0"

    def __init__(self) -> None:
        self.calls = 0

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        self.calls += 1
        raise ValueError("broken")


def test_a_failing_fast_detector_is_reported_once(make_host, policy) -> None:  # type: ignore[no-untyped-def]
    from gui_support import PluginOf

    failing = Failing()
    host = make_host(("failing", PluginOf(failing)), builtins=PATTERNS)
    doc = _doc(120)
    calls, analysis = _run(FastFirstPipeline(host, policy), doc)
    assert calls and all(f.detector != "failing" for call in calls for f in call)
    assert [f.component for f in analysis.failures].count("failing") == 1  # type: ignore[attr-defined]


def test_the_piece_ends_at_a_paragraph_break() -> None:
    text = "a" * 2500 + "\n\n" + "b" * 3000
    assert first_piece_end(text, 4000) == 2502
    assert first_piece_end("x" * 100, 4000) == 100
    assert first_piece_end("y" * 9000, 4000) == 4000
