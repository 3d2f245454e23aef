"""The checks can fail: each deliberately broken component (one fault) makes its check raise a
ConformanceError that names the fault, while the well-behaved one passes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import kit_components as b
import pytest

from redactor.testing import (
    ConformanceError,
    build_txt,
    check_component,
    check_detector,
    check_indicator,
    check_ocr_engine,
    check_reader,
    check_search_provider,
    check_strategy,
    check_writer,
)
from redactor.testing.samples import CANARIES, SAMPLES

FAST = {"huge_chars": 3000}

CASES: list[tuple[Callable[..., None], type, dict[str, Any], str]] = [
    # detectors
    (check_detector, b.SpanOutOfRange, FAST, "outside the text"),
    (check_detector, b.LabelAsString, FAST, "Label member, not a string"),
    (check_detector, b.TextMismatch, FAST, "is not doc.text["),
    (check_detector, b.ScoreAsPercent, FAST, "is 80, not a number in [0, 1]"),
    (check_detector, b.NotDeterministic, FAST, "not deterministic"),
    (check_detector, b.NotThreadSafe, FAST, "not thread-safe"),
    (check_detector, b.LogsText, FAST, "document text appeared in a log record"),
    (check_detector, b.PrintsText, FAST, "document text appeared in text written to stdout"),
    (check_detector, b.OpensSocket, FAST, "tried to reach the network (socket.getaddrinfo of "
                                          "203.0.113.7)"),
    (check_detector, b.RaisesOnEmpty, FAST, "detect on the empty document: raised ValueError"),
    (check_detector, b.QuotesTextInError, FAST, "the message of UsageError"),
    (check_detector, b.NoVersion, FAST, "`version` must be a non-empty string"),
    (check_detector, b.ReturnsNone, FAST, "returned a NoneType, not an iterable of findings"),
    (check_detector, b.WrongDetectorId, FAST, "finding.detector of"),
    (check_detector, b.SlowOnHuge, {"huge_chars": 8000, "time_limit": 1.0},
     "did not finish within 1 s"),
    (check_detector, b.GoodDetector, {**FAST, "samples": ["Nothing to see here."]},
     "found nothing in the given samples"),
    # risk indicators
    (check_indicator, b.OneSignalShort, FAST, "exactly one per finding"),
    (check_indicator, b.ScoreAboveOne, FAST, "a score is 2, not a number in [0, 1]"),
    (check_indicator, b.RiskyAsInt, FAST, "signal.risky is a int, not a bool"),
    (check_indicator, b.WrongIndicatorId, FAST, "signal.indicator is not the indicator's id"),
    (check_indicator, b.StateInMemo, FAST, "the same context again gave other signals"),
    (check_indicator, b.RaisesOnNoFindings, FAST, "assess on no findings: raised ValueError"),
    (check_indicator, b.LogsSpans, FAST, "document text appeared in a log record"),
    # strategies
    (check_strategy, b.ReturnsOriginal, FAST, "the replacement contains the original text"),
    (check_strategy, b.KeepsFirstName, FAST, "contains part of the person's name"),
    (check_strategy, b.CounterPerMention, FAST, "two mentions of one entity got different"),
    (check_strategy, b.ReturnsNoneStrategy, FAST, "returned a NoneType, not a str"),
    (check_strategy, b.ControlCharacters, FAST, "contains control characters"),
    (check_strategy, b.RefusesWithUsageError, FAST, "raised UsageError"),
    (check_strategy, b.LogsOriginal, FAST, "document text appeared in a log record of logger "
                                           "'redactor'"),
    (check_strategy, b.RandomStrategy, FAST, "a fresh context gave other replacements"),
    # OCR engines
    (check_ocr_engine, b.BoxOutside, {}, "is not inside the 900x240 image"),
    (check_ocr_engine, b.BottomLeftOrigin, {}, "is not inside the 900x240 image"),
    (check_ocr_engine, b.PercentConfidence, {}, "a confidence is not a number in [0, 1]"),
    (check_ocr_engine, b.ReadsNothing, {}, "recognised no word"),
    (check_ocr_engine, b.DrawsOnImage, {}, "changed the image"),
    (check_ocr_engine, b.JitteryOcr, {}, "not deterministic"),
    (check_ocr_engine, b.LogsWhatItRead, {}, "document text appeared in a log record"),
    (check_ocr_engine, b.RaisesOnTinyImage, {}, "recognize on a 1x1 image: raised InputError"),
    # search providers
    (check_search_provider, b.SearchIgnoresSwitch, {}, "tried to reach the network "
                                                       "(socket.getaddrinfo of 203.0.113.7)"),
    (check_search_provider, b.LooksUpNames, {}, "socket.getaddrinfo of search.example.com"),
    (check_search_provider, b.QueryAsId, {}, "query_id holds the query text"),
    (check_search_provider, b.LogsQuery, {}, "document text appeared in a log record"),
    (check_search_provider, b.ReturnsDict, {}, "returned a dict, not a SearchResult"),
    (check_search_provider, b.TooManyUrls, {}, "urls is not a tuple of at most k=5 str"),
    (check_search_provider, b.UnannouncedTotals, {}, "total_hits is set but reports_total_hits"),
    (check_search_provider, b.LocalButRaises, {}, "search with the network off: raised "
                                                  "RuntimeError"),
]


def _raises(check: Callable[..., None], obj: object, expected: str, **kw: Any
            ) -> ConformanceError:
    with pytest.raises(ConformanceError) as info:
        check(obj, **kw)
    err = info.value
    assert any(expected in p for p in err.problems), err
    assert str(err).count("\n  - ") == len(err.problems)  # the message lists every problem
    return err


@pytest.mark.parametrize(("check", "cls", "kw", "expected"), CASES,
                         ids=[c[1].__name__ for c in CASES])
def test_a_broken_component_fails_its_check(check: Callable[..., None], cls: type,
                                            kw: dict[str, Any], expected: str) -> None:
    err = _raises(check, cls(), expected, **kw)
    for canary in CANARIES:  # problems name samples and faults, never document text
        assert canary.casefold() not in str(err).casefold()


@pytest.mark.parametrize(("check", "cls"), [
    (check_detector, b.GoodDetector), (check_indicator, b.GoodIndicator),
    (check_strategy, b.GoodStrategy), (check_ocr_engine, b.GoodOcr),
    (check_search_provider, b.GoodSearch), (check_search_provider, b.GoodLocalSearch)])
def test_a_well_behaved_component_passes(check: Callable[..., None], cls: type) -> None:
    check(cls(), **(FAST if check in (check_detector, check_indicator, check_strategy) else {}))


def test_a_detector_passes_with_its_own_samples() -> None:
    check_detector(b.GoodDetector(), samples=["Dear Ms Vantongeren, thank you."], huge_chars=0)


@pytest.fixture
def txt_sample(tmp_path: Path) -> Path:
    text = "\r\n".join(SAMPLES[n] for n in ("plain", "crlf", "combining"))
    return build_txt(tmp_path / "sample.txt", text)


@pytest.mark.parametrize(("cls", "expected"), [
    (b.RaisesValueError, "read on garbage: raised ValueError"),
    (b.TrustsExtension, "trust the extension"),
    (b.SniffReturnsNone, "returned a NoneType, not a bool"),
    (b.NoSegments, "non-blank characters lie in no segment"),
    (b.WrongFormat, "document.format is not the reader's format"),
    (b.WrongHash, "document.sha256 is not the SHA-256"),
    (b.BoxesMismatch, "one box per character"),
    (b.LogsLines, "document text appeared in a log record"),
])
def test_a_broken_reader_fails(txt_sample: Path, cls: type, expected: str) -> None:
    _raises(check_reader, cls(), expected, sample=txt_sample)


def test_a_good_reader_passes(txt_sample: Path) -> None:
    check_reader(b.GoodReader(), txt_sample)


@pytest.mark.parametrize(("cls", "expected"), [
    (b.CopiesInput, "verify passes an unredacted copy of the input"),
    (b.CopiesInput, "redacted word(s) survive in the output"),
    (b.CopiesInput, "the core's own check"),
    (b.WritesNothing, "wrote no file"),
    (b.LeavesTempFile, "left 1 other file(s) next to dest"),
    (b.VerifiesTheModel, "verify passes the output checked against a plan that also replaces"),
    (b.PrintsSecretInIssue, "an issue prints a secret in full"),
    (b.SaysNothingChecked, "`checks` is empty"),
])
def test_a_broken_writer_fails(txt_sample: Path, cls: type, expected: str) -> None:
    _raises(check_writer, cls(), expected, reader=b.GoodReader(), sample=txt_sample)


def test_a_good_writer_passes(txt_sample: Path) -> None:
    check_writer(b.GoodWriter(), b.GoodReader(), txt_sample)


def test_check_component_dispatches_by_kind(txt_sample: Path) -> None:
    check_component("readers", b.GoodReader(), sample=txt_sample)
    with pytest.raises(ConformanceError, match="outside the text"):
        check_component("detectors", b.SpanOutOfRange(), huge_chars=0)
    with pytest.raises(ValueError, match="unknown component kind"):
        check_component("widgets", object())


def test_one_error_lists_every_problem() -> None:
    class ManyFaults(b.GoodDetector):
        id = ""

        def detect(self, doc, ctx):
            return [f.with_(label="PERSON", score=3.0) for f in super().detect(doc, ctx)]

    with pytest.raises(ConformanceError) as info:
        check_detector(ManyFaults(), huge_chars=0)
    text = " | ".join(info.value.problems)
    for fault in ("`id` must be a non-empty string", "not a string", "not a number in [0, 1]"):
        assert fault in text
    assert isinstance(info.value, AssertionError)
