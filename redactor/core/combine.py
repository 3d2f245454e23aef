"""Combining risk signals into one verdict per finding.

The default is a vote: a finding is risky when at least ``k`` of the ``n`` enabled
indicators say so (``k`` is capped at ``n`` so that disabling indicators never silently
stops masking). With no indicator enabled every detected span is masked. An indicator
that abstained (``RiskSignal.abstained``) is left out of ``n``: not run is not "safe".

:func:`triage` then sends the uncertain masks to REVIEW under the policy's ``[review]`` rules
(thresholds calibrated per label on annotated documents: ``scripts/triage_figures.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from redactor.core.model import Action, Decision, Finding, RiskSignal
from redactor.core.policy import Policy


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


# -- triage: which decisions are uncertain enough to ask the reviewer -------------------------

TRIAGE = "triage"
REASON_PROPAGATED = ("Masked only because another mention of the same name is masked; on its "
                     "own this mention looks safe — check it.")
REASON_DISAGREE = "The risk checks disagree ({fired} of {n} say it could identify someone)."
REASON_MARGIN = ("The risk check is borderline: it is masked, but its risk is only just above "
                 "the policy's threshold.")
REASON_DETECTION = "Not sure this is {what}: the detector is only {score:.0%} sure."
#: Decisions nobody should be asked about again: the reviewer's own, term lists, OCR review.
_SETTLED = ("user", "ocr")


def risk_margin(signals: Sequence[RiskSignal], thresholds: Mapping[str, float]) -> float | None:
    """How far the strongest indicator's score lies above its threshold (negative: below), over
    the indicators that voted and whose threshold the policy sets; None when there is none."""
    margins = [s.score - thresholds[s.indicator] for s in signals
               if not s.abstained and s.indicator in thresholds]
    return max(margins) if margins else None


def triage_reason(finding: Finding, signals: Sequence[RiskSignal], decision: Decision,
                  policy: Policy) -> str:
    """Why a masked finding should go to review under ``policy.review``, or ``""``."""
    rule = policy.review
    if (not rule.enabled or decision.action != Action.MASK or decision.decided_by in _SETTLED
            or decision.reason.startswith("on the ")):  # the always/never-mask lists
        return ""
    if rule.propagated and decision.decided_by == "entity":
        return REASON_PROPAGATED
    if not finding.validated and finding.score < rule.detection_for(finding.label):
        return REASON_DETECTION.format(what=label_phrase(finding.label), score=finding.score)
    if decision.decided_by != "risk" or (finding.validated and str(finding.label) == "CODE"):
        return ""  # a passed checksum or format check is no borderline case
    voted = [s for s in signals if not s.abstained]
    fired = sum(1 for s in voted if s.risky)
    if 0 < fired < len(voted) and fired / len(voted) <= rule.disagreement_for(finding.label):
        return REASON_DISAGREE.format(fired=fired, n=len(voted))
    margin = risk_margin(voted, policy.thresholds)
    if margin is not None and margin < rule.margin_for(finding.label):
        return REASON_MARGIN
    return ""


def triage(findings: Sequence[Finding], signals: Sequence[Sequence[RiskSignal]],
           decisions: Sequence[Decision], policy: Policy) -> tuple[Decision, ...]:
    """The decisions with the uncertain masks sent to REVIEW (masked on export, shown to the
    reviewer first): weak detections, borderline or disagreeing risk votes, and mentions
    masked only through their entity (see :class:`~redactor.core.policy.ReviewRule`)."""
    out = list(decisions)
    if not policy.review.enabled:
        return tuple(out)
    for i, (f, sig, d) in enumerate(zip(findings, signals, decisions, strict=True)):
        why = triage_reason(f, sig, d, policy)
        if why:
            out[i] = Decision(Action.REVIEW, TRIAGE, why, d.strategy)
    return tuple(out)


LABEL_PHRASES: dict[str, str] = {
    "PERSON": "a person's name",
    "CODE": "an identifying number or code",
    "LOC": "a place",
    "ORG": "an organisation",
    "DEM": "a demographic detail",
    "DATETIME": "a date or time",
    "QUANTITY": "an amount",
    "MISC": "an identifying detail",
}


def label_phrase(label: str) -> str:
    """A label in a caseworker's words ("a person's name")."""
    return LABEL_PHRASES.get(str(label), str(label))
