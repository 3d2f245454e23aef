"""Edits of an analysis the reviewer makes, as pure functions (no Qt): bulk decisions, a
widened mask, drawn areas, and "search and redact all" that never relabels a finding.

Each returns a new immutable :class:`~redactor.core.analysis.Analysis`; the review controller
pushes it as one undoable step.
"""

from __future__ import annotations

import bisect
import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from redactor.core.analysis import Analysis
from redactor.core.entities import normalise
from redactor.core.model import Action, Decision, Label, Span
from redactor.core.review_file import AREAS_OPTION as AREAS_OPTION
from redactor.core.review_file import areas_of as areas_of
from redactor.core.review_file import user_finding
from redactor.core.review_file import with_areas as with_areas


def with_decisions(analysis: Analysis, indices: Iterable[int], action: Action,
                   reason: str = "decided by the reviewer (several at once)") -> Analysis:
    """A copy in which every finding of ``indices`` gets the reviewer's ``action``."""
    decisions = list(analysis.decisions)
    for i in set(indices):
        decisions[i] = Decision(action, "user", reason, decisions[i].strategy)
    return dataclasses.replace(analysis, decisions=tuple(decisions))


# -- widening a mask ---------------------------------------------------------------------------
_JOINERS = "-‐‑'’._/@"


def widened_span(text: str, span: Span) -> Span:
    """The span grown to the whole word(s) it is part of, hyphens, apostrophes and dots
    inside words included ("mw-" in "mw-Okafor" → "mw-Okafor"); one more character on each
    side when it already is a whole word."""

    def inside(i: int) -> bool:
        return 0 <= i < len(text) and (text[i].isalnum() or text[i] in _JOINERS)

    lo, hi = span.start, span.end
    while inside(lo - 1):
        lo -= 1
    while inside(hi):
        hi += 1
    while hi > lo and text[hi - 1] in "._":  # a sentence's full stop is not part of it
        hi -= 1
    if (lo, hi) == (span.start, span.end):
        lo, hi = max(0, lo - 1), min(len(text), hi + 1)
    return Span(lo, max(hi, lo + 1))


def with_widened(analysis: Analysis, index: int) -> tuple[Analysis, int]:
    """A copy in which finding ``index`` covers its whole word(s), masked by the reviewer;
    returns it and the widened finding's index."""
    f = analysis.findings[index]
    span = widened_span(analysis.document.text, f.span)
    marked = user_finding(analysis.document.text, span, f.label, f.subtype,
                          explanation="widened by the reviewer")
    after = analysis.with_added_finding(marked)
    new = next(i for i, g in enumerate(after.findings) if g.span.contains(span))
    return after, new


# -- drawn areas -------------------------------------------------------------------------------
# ``areas_of`` and ``with_areas`` live in the core's review file module (the review file saves
# the areas); they are imported above and named here too, where the other edits are.


# -- search and redact all ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Match:
    """One match of a search, with what is around it and the finding already there."""

    span: Span
    before: str
    text: str
    after: str
    finding: int | None  # index of an existing finding overlapping it, if any


def matches_in(analysis: Analysis, spans: Sequence[Span], context: int = 40) -> list[Match]:
    """The matches with their context (for the reviewer to tick) and existing findings."""
    text = analysis.document.text
    for_span = overlap_finder(analysis)
    out = []
    for span in spans:
        hits = for_span(span)
        hit = hits[0] if hits else None
        before = " ".join(text[max(0, span.start - context):span.start].split())
        after = " ".join(text[span.end:span.end + context].split())
        out.append(Match(span, before, text[span.start:span.end], after, hit))
    return out


def overlap_finder(analysis: Analysis) -> Callable[[Span], list[int]]:
    """A function giving the indices of the findings that overlap a span (by bisection)."""
    order = sorted(range(len(analysis.findings)), key=lambda i: analysis.findings[i].span.start)
    starts = [analysis.findings[i].span.start for i in order]
    longest = max((len(f.span) for f in analysis.findings), default=0)

    def find(span: Span) -> list[int]:
        lo = bisect.bisect_left(starts, span.start - longest)
        hi = bisect.bisect_left(starts, span.end)
        return sorted(i for i in order[lo:hi] if analysis.findings[i].span.overlaps(span))

    return find


def label_for(analysis: Analysis, matched: Sequence[str]) -> Label:
    """The label of the existing findings of the matched text (the most common; a name part
    counts: "Okafor" in "Mr Okafor"), else MISC."""
    keys = {normalise(t) for t in matched}
    exact = Counter(f.label for f in analysis.findings if normalise(f.text) in keys)
    if exact:
        return exact.most_common(1)[0][0]
    words = {w for k in keys for w in k.split()}
    partial = Counter(f.label for f in analysis.findings
                      if words and words <= set(normalise(f.text).split()))
    return partial.most_common(1)[0][0] if partial else Label.MISC


def with_matches(analysis: Analysis, spans: Sequence[Span], label: Label) -> tuple[Analysis,
                                                                                   int, int]:
    """A copy in which every span is masked: a span inside or over an existing finding masks
    that finding (its label and entity stay as they are), any other span is added as a
    reviewer's finding of ``label``. Returns it, the number added and the number of existing
    findings masked."""
    out = analysis
    covered: set[int] = set()
    fresh: list[Span] = []
    for_span = overlap_finder(analysis)
    for span in spans:
        hits = for_span(span)
        if hits:
            covered.update(hits)
        else:
            fresh.append(span)
    if covered:
        out = with_decisions(out, covered, Action.MASK, "found by the reviewer's search")
    for span in fresh:
        out = out.with_added_finding(user_finding(analysis.document.text, span, label,
                                                  explanation="found by the reviewer's search"))
    return out, len(fresh), len(covered)
