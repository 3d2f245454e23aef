"""``check_indicator``: the contract of :class:`~redactor.plugin_api.RiskIndicator`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from redactor.core.entities import group_entities
from redactor.core.model import Document, Entity, Finding, Label, RiskSignal, Span
from redactor.testing.checks.common import Checker, is_real
from redactor.testing.documents import document_from_text
from redactor.testing.samples import findings_for, huge_text, sample_items

Case = tuple[str, Document, list[Finding], tuple[Entity, ...]]
Key = tuple[tuple[Any, ...], ...]


def check_indicator(indicator: Any, *, samples: Sequence[str] | None = None,
                    settings: Mapping[str, Any] | None = None,
                    context: Mapping[str, Any] | None = None,
                    score_range: tuple[float, float] = (0.0, 1.0),
                    huge_chars: int = 1_000_000, time_limit: float = 300.0) -> None:
    """Check a risk indicator; raise :class:`ConformanceError` listing every problem.

    Tries: ``id``/``version``; no findings (an empty result); the empty document; a finding
    that is the whole text; findings on the built-in samples (RTL, combining marks, emoji,
    fullwidth, CRLF) and on ``samples`` (runs of capitalised words and numbers); each call
    returns exactly one :class:`RiskSignal` per finding with ``indicator == id``, a score in
    ``score_range`` and a bool ``risky``; the same signals again with a fresh context, with the
    same context, and from two threads at once; a ``huge_chars`` document within
    ``time_limit`` seconds; no network and no document text in logs, output or exceptions
    (explanations may quote the document: they are shown to the reviewer only).
    """
    with Checker("risk indicator", indicator, settings, context) as c:
        if not c.identity(["assess"]):
            return
        plain = next(t for n, t in sample_items() if n == "plain")
        _assess(c, "no findings", document_from_text(plain), [], ())
        _assess(c, "the empty document without findings", document_from_text(""), [], ())
        whole = "Zebulon Quillfeather"
        one = [Finding(Span(0, len(whole)), Label.PERSON, whole, detector="check")]
        cases: list[Case] = [("a finding that is the whole text", document_from_text(whole), one,
                              group_entities(one))]
        for name, text in sample_items(samples):
            found = findings_for(text)
            if found:
                cases.append((f"sample '{name}'", document_from_text(text), found,
                              group_entities(found)))
        first: dict[str, Key] = {}
        for what, doc, found, entities in cases:
            out = _assess(c, what, doc, found, entities, score_range)
            if out is not None:
                first[what] = _key(out)
        stable = True
        for what, doc, found, entities in cases:
            ctx = c.ctx()
            for attempt in ("a fresh context", "the same context again"):
                out = _assess(c, f"{what} ({attempt})", doc, found, entities, score_range, ctx)
                if out is not None and what in first and _key(out) != first[what]:
                    stable = False
                    c.fault(attempt, f"{what}: another call with {attempt} gave other "
                            "signals (not deterministic)")
        if stable:
            _threads(c, cases, first)
        if huge_chars > 0:
            text = huge_text(huge_chars)
            found = findings_for(text)
            found = found[:4] + found[len(found) // 2:len(found) // 2 + 3] + found[-3:]
            what = f"a {len(text):,}-character document with {len(found)} findings"
            doc = document_from_text(text, "huge.txt")
            out = c.bounded(f"assess on {what}", lambda: list(
                indicator.assess(doc, found, group_entities(found), c.ctx())), time_limit)
            if out.ok:
                c.note(f"assess on {what}: {out.seconds:.1f} s")
                _validate(c, what, found, out.value or [], score_range)


def _threads(c: Checker, cases: list[Case], first: dict[str, Key]) -> None:
    todo = [case for case in cases if case[0] in first]

    def run_all(i: int) -> dict[str, Key]:  # the second thread goes backwards
        return {what: _key(list(c.obj.assess(doc, found, entities, c.ctx())))  # type: ignore[attr-defined]
                for what, doc, found, entities in (todo if i == 0 else todo[::-1])}

    for outcome in c.threads("assess from two threads at once", run_all):
        if outcome.ok and outcome.value != first:
            c.problem("two threads calling assess at the same time got other signals than one "
                      "thread alone (not thread-safe)")
            break


def _assess(c: Checker, what: str, doc: Document, found: list[Finding],
            entities: Sequence[Entity], score_range: tuple[float, float] = (0.0, 1.0),
            ctx: Any = None) -> list[Any] | None:
    result = c.call(f"assess on {what}", c.obj.assess,  # type: ignore[attr-defined]
                    doc, found, entities, ctx if ctx is not None else c.ctx())
    if not result.ok:
        return None
    if not isinstance(result.value, Iterable) or isinstance(result.value, str | bytes):
        c.problem(f"assess on {what}: returned a {type(result.value).__name__}, not a "
                  "sequence of RiskSignal")
        return None
    out = c.call(f"assess on {what} (iterating the result)", list, result.value)
    if not out.ok or out.value is None:
        return None
    _validate(c, what, found, out.value, score_range)
    return out.value


def _validate(c: Checker, what: str, found: Sequence[Finding], signals: Sequence[Any],
              score_range: tuple[float, float]) -> None:
    if len(signals) != len(found):
        c.problem(f"assess on {what}: returned {len(signals)} signals for {len(found)} "
                  "findings (it must return exactly one per finding, in order)")
    low, high = score_range
    faults: dict[str, str] = {}
    for s in signals:
        if not isinstance(s, RiskSignal):
            faults.setdefault("type", f"returned a {type(s).__name__}, not a RiskSignal")
            continue
        if s.indicator != getattr(c.obj, "id", None):
            faults.setdefault("id", "signal.indicator is not the indicator's id")
        if not (is_real(s.score) and low <= s.score <= high):
            shown = f"{s.score:g}" if is_real(s.score) else f"a {type(s.score).__name__}"
            faults.setdefault("score", f"a score is {shown}, not a number in [{low:g}, {high:g}]")
        if not isinstance(s.risky, bool):
            faults.setdefault("risky", f"signal.risky is a {type(s.risky).__name__}, not a bool")
        if not isinstance(s.explanation, str):
            faults.setdefault("why", "signal.explanation is not a str")
    for fault in faults.values():
        c.problem(f"assess on {what}: {fault}")


def _key(signals: Sequence[Any]) -> Key:
    return tuple((round(s.score, 4) if is_real(s.score) else repr(s.score), s.risky)
                 if isinstance(s, RiskSignal) else (repr(type(s)),) for s in signals)
