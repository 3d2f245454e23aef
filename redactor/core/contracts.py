"""Checks of what plugin components return, with the rule each check enforces.

Every message names the rule broken and the position of the offending item, never document
text (a finding's text is the very thing that must not leak into logs or reports).
"""

from __future__ import annotations

from collections.abc import Sequence

from redactor.core.model import Document, Finding, Label, RiskSignal, Span


def finding_problem(f: object, doc: Document) -> str:
    """The rule a detector's finding breaks ("has …", to follow "finding #3"), or ``""``.

    Rules: a :class:`Finding`; a :class:`Label` (not a string); a :class:`Span` of ints,
    non-empty and inside ``doc.text``; ``finding.text == doc.text[start:end]``.
    """
    if not isinstance(f, Finding):
        return f"is a {type(f).__name__}, not a Finding"
    if not isinstance(f.label, Label):
        return f"has a label of type {type(f.label).__name__}, not a Label (use Label.PERSON …)"
    span = f.span
    if not (isinstance(span, Span) and type(span.start) is int and type(span.end) is int):
        return "has a span that is not a Span of two ints"
    if span.start >= span.end:
        return f"has an empty span [{span.start}, {span.end})"
    if span.end > len(doc.text):
        return f"has a span [{span.start}, {span.end}) outside the text (length {len(doc.text)})"
    if not isinstance(f.text, str) or f.text != doc.text[span.start:span.end]:
        return "has a text that differs from doc.text[span.start:span.end] (they must be equal)"
    return ""


def invalid_findings(found: Sequence[object], doc: Document) -> tuple[list[Finding], str]:
    """A detector's valid findings, and ``""`` or one line saying which were left out and
    why: "returned 2 invalid finding(s), left out: finding #0 is a str, not a Finding;
    finding #3 (and 1 more) has …" (the first index for each rule broken)."""
    valid: list[Finding] = []
    broken: dict[str, list[int]] = {}
    for i, f in enumerate(found):
        problem = finding_problem(f, doc)
        if problem:
            broken.setdefault(problem, []).append(i)
        else:
            valid.append(f)  # type: ignore[arg-type]
    if not broken:
        return valid, ""
    parts = [f"finding #{ix[0]}{f' (and {len(ix) - 1} more)' if len(ix) > 1 else ''} {problem}"
             for problem, ix in broken.items()]
    return valid, (f"returned {len(found) - len(valid)} invalid finding(s), left out: "
                   + "; ".join(parts))


def signals_problem(signals: Sequence[object], n_findings: int) -> str:
    """The rule an indicator's output breaks, or ``""``: one :class:`RiskSignal` per finding,
    in the findings' order."""
    if len(signals) != n_findings:
        return (f"returned {len(signals)} signals for {n_findings} findings (assess must "
                "return exactly one RiskSignal per finding, in order)")
    for i, s in enumerate(signals):
        if not isinstance(s, RiskSignal):
            return f"signal #{i} is a {type(s).__name__}, not a RiskSignal"
    return ""
