"""Combining risk signals into one verdict per finding.

The default is a vote: a finding is risky when at least ``k`` of the ``n`` enabled
indicators say so (``k`` is capped at ``n`` so that disabling indicators never silently
stops masking). With no indicator enabled every detected span is masked. An indicator
that abstained (``RiskSignal.abstained``) is left out of ``n``: not run is not "safe".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from redactor.core.model import RiskSignal


@dataclass(frozen=True, slots=True)
class CombinedRisk:
    """The combined verdict and a caseworker-readable reason."""

    risky: bool
    """True: mask the finding (under an ``auto`` policy action)."""
    score: float
    """The combined risk in [0, 1] (for the vote: the share of indicators that said risky)."""
    explanation: str
    """Why, for the reviewer's screen."""


def vote(signals: Sequence[RiskSignal], k: int = 1) -> CombinedRisk:
    """Mask when at least ``k`` (capped at ``len(signals)``) indicators say risky.

    Signals of indicators that abstained (``RiskSignal.abstained``: not run) cast no vote;
    when every indicator abstained the span is masked, as with no indicator at all.
    """
    abstained = [s for s in signals if getattr(s, "abstained", False)]
    if abstained:
        signals = [s for s in signals if not getattr(s, "abstained", False)]
        if not signals:
            why = "; ".join(f"{s.indicator}: {s.explanation}" if s.explanation else s.indicator
                            for s in abstained)
            return CombinedRisk(True, 1.0, "No enabled risk indicator could judge it "
                                f"({why}), so it is masked.")
    if not signals:
        return CombinedRisk(True, 1.0, "No risk indicator is enabled, so every detected span is masked.")
    needed = max(1, min(k, len(signals)))
    fired = [s for s in signals if s.risky]
    risky = len(fired) >= needed
    score = len(fired) / len(signals)
    if fired:
        reasons = "; ".join(f"{s.indicator}: {s.explanation}" if s.explanation else s.indicator for s in fired)
        head = f"{len(fired)} of {len(signals)} risk indicators say risky (mask needs {needed})"
        return CombinedRisk(risky, score, f"{head} — {reasons}")
    return CombinedRisk(False, score, f"None of the {len(signals)} risk indicators found it risky.")
