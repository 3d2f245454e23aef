"""Default overlap resolution between findings of different detectors.

Rules, in order: identical spans merge (their detectors are united, the best score kept);
among overlapping spans a checksum-validated pattern beats a model guess, then the longer
span wins, then the higher confidence, then the earlier detector. Losers that agree on the
label donate their detector names to the winner, so reports show every detector that saw it.
"""

from __future__ import annotations

from collections.abc import Sequence

from redactor.core.model import Finding, Span


def _priority(f: Finding) -> tuple[int, int, float]:
    return (1 if f.validated else 0, len(f.span), f.score)


def merge_identical(findings: Sequence[Finding]) -> list[Finding]:
    """Collapse findings with exactly the same span into one."""
    by_span: dict[Span, Finding] = {}
    for f in findings:
        prev = by_span.get(f.span)
        if prev is None:
            by_span[f.span] = f
            continue
        best, other = (f, prev) if _priority(f) > _priority(prev) else (prev, f)
        detectors = tuple(dict.fromkeys(best.detectors + other.detectors))
        by_span[f.span] = best.with_(
            detectors=detectors,
            score=max(best.score, other.score),
            validated=best.validated or other.validated,
            subtype=best.subtype or (other.subtype if other.label == best.label else ""),
        )
    return list(by_span.values())


def resolve_overlaps(findings: Sequence[Finding]) -> list[Finding]:
    """Return non-overlapping findings sorted by position (see module docstring)."""
    merged = merge_identical([f for f in findings if len(f.span) > 0])
    ranked = sorted(
        enumerate(merged), key=lambda item: (_priority(item[1]), -item[0]), reverse=True
    )
    accepted: list[Finding] = []
    for _, cand in ranked:
        clash = [i for i, acc in enumerate(accepted) if acc.span.overlaps(cand.span)]
        if not clash:
            accepted.append(cand)
            continue
        for i in clash:
            acc = accepted[i]
            if acc.label == cand.label:
                extra = tuple(d for d in cand.detectors if d not in acc.detectors)
                if extra:
                    accepted[i] = acc.with_(detectors=acc.detectors + extra)
    return sorted(accepted, key=lambda f: (f.span.start, f.span.end))
