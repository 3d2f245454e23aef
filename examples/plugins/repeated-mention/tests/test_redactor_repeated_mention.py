"""Tests for repeated-mention, written with Redactor's test kit."""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

from redactor.plugin_api import Entity, Finding, Label, RunContext, Span
from redactor.testing import check_indicator, document_from_text

from redactor_repeated_mention import plugin
from redactor_repeated_mention.plugin import RepeatedMentionIndicator, WordIndex

NAME = "repeated-mention"  # entry point and component id

SAMPLE = "Jane Doe wrote to Acme. Acme replied to Jane Doe on Monday."


def _finding(text: str, doc_text: str, nth: int = 0) -> Finding:
    start = -1
    for _ in range(nth + 1):
        start = doc_text.index(text, start + 1)
    return Finding(Span(start, start + len(text)), Label.PERSON, text, detector="test")


def test_contract() -> None:
    check_indicator(RepeatedMentionIndicator(), samples=[SAMPLE])


def test_flags_repeated_mentions() -> None:
    doc = document_from_text(SAMPLE)
    findings = [_finding("Jane Doe", SAMPLE), _finding("Monday", SAMPLE)]
    signals = RepeatedMentionIndicator().assess(doc, findings, (), RunContext())
    assert len(signals) == len(findings)
    assert [s.risky for s in signals] == [True, False]
    assert signals[0].score == 0.5 and signals[1].score == 0.0
    assert all("Jane" not in s.explanation for s in signals)  # no document text


def test_whole_words_only() -> None:
    assert WordIndex("Ann met Anne and ANN.").count("Ann") == 2
    assert WordIndex("Jane Doe, jane\ndoe; Jane Does").count("Jane  Doe") == 2
    doc = document_from_text("Ann met Anne.")
    signals = RepeatedMentionIndicator().assess(doc, [_finding("Ann", doc.text)], (),
                                                RunContext())
    assert not signals[0].risky


def test_entity_mentions_count_together() -> None:
    text = "Jane Doe called. Later Ms Doe wrote."
    doc = document_from_text(text)
    findings = [_finding("Jane Doe", text), _finding("Ms Doe", text)]
    entity = Entity("E1", Label.PERSON, (0, 1), "Jane Doe")
    signals = RepeatedMentionIndicator().assess(doc, findings, (entity,), RunContext())
    assert [s.risky for s in signals] == [True, True]
    alone = RepeatedMentionIndicator().assess(doc, findings, (), RunContext())
    assert [s.risky for s in alone] == [False, False]


def test_no_findings() -> None:
    assert RepeatedMentionIndicator().assess(document_from_text(SAMPLE), [], (), RunContext()) == []


def test_end_to_end(tmp_path: Path, make_txt: Callable[..., Path],
                    redactor_run: Callable[..., Any]) -> None:
    # a policy that votes with this indicator alone: mask what it calls risky
    policy = tmp_path / "repeats.toml"
    policy.write_text('name = "repeats"\nstrategy = "redact"\n'
                      f'[risk]\ncombiner = "vote"\nk = 1\nindicators = ["{NAME}"]\n')
    run = redactor_run(make_txt(SAMPLE), plugins=[(NAME, plugin)], policy=str(policy))
    assert run.findings, "the built-in detectors found nothing to assess"
    risky = []
    for finding, per_finding in zip(run.findings, run.analysis.signals, strict=True):
        mine = [s for s in per_finding if s.indicator == NAME]
        assert len(mine) == 1
        if mine[0].risky:
            risky.append(finding.text)
    assert risky, "a repeated mention should be risky"
    for text in risky:
        assert text not in run.output_text


def test_entry_point() -> None:
    """Fails until the project is installed (pip install -e .): Redactor looks here."""
    names = {ep.name: ep.value for ep in metadata.entry_points(group="redactor")}
    assert names.get(NAME) == plugin.__name__
