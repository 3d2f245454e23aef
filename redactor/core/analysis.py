"""The result of analysing one document, and the decision rules that produce it."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass

from redactor.core.combine import CombinedRisk
from redactor.core.entities import entity_index, group_entities, normalise
from redactor.core.model import (
    Action,
    ComponentFailure,
    Decision,
    Document,
    Entity,
    Finding,
    RiskSignal,
    Span,
)
from redactor.core.policy import Policy

TERMS_DETECTOR = "terms"


@dataclass(frozen=True, slots=True)
class Analysis:
    """Findings, entities, risk signals and decisions for one document (all parallel)."""

    document: Document
    findings: tuple[Finding, ...]
    entities: tuple[Entity, ...]
    entity_of: tuple[int, ...]
    signals: tuple[tuple[RiskSignal, ...], ...]
    combined: tuple[CombinedRisk, ...]
    decisions: tuple[Decision, ...]
    policy: Policy
    failures: tuple[ComponentFailure, ...] = ()
    #: run-level notes for the user, one line each, never document text (e.g. an installed
    #: risk indicator that the policy does not run, a strategy that fell back to ``redact``)
    warnings: tuple[str, ...] = ()

    def entity_for(self, finding_index: int) -> Entity:
        return self.entities[self.entity_of[finding_index]]

    def with_decision(self, finding_index: int, action: Action, *, decided_by: str = "user",
                      reason: str = "", whole_entity: bool = True) -> Analysis:
        """A copy in which the user's decision applies to one mention or its whole entity."""
        targets = (self.entity_for(finding_index).mentions if whole_entity else (finding_index,))
        decisions = list(self.decisions)
        for i in targets:
            decisions[i] = Decision(action, decided_by, reason or "decided by the reviewer",
                                    decisions[i].strategy)
        return dataclasses.replace(self, decisions=tuple(decisions))

    def with_strategy(self, finding_index: int, strategy: str) -> Analysis:
        """A copy in which one entity uses another replacement strategy."""
        decisions = list(self.decisions)
        for i in self.entity_for(finding_index).mentions:
            decisions[i] = dataclasses.replace(decisions[i], strategy=strategy)
        return dataclasses.replace(self, decisions=tuple(decisions))

    def with_added_finding(self, finding: Finding, action: Action = Action.MASK,
                           decided_by: str = "user") -> Analysis:
        """A copy with a finding the reviewer marked; overlapping findings are replaced.

        A masked finding that the new one only partly covers is never unmasked in part: unless
        the new finding is kept, it grows to cover every masked finding it overlaps ("Berg met"
        marked over the masked "Anna Berg" masks "Anna Berg met")."""
        if action != Action.KEEP:
            lo, hi = finding.span.start, finding.span.end
            grown = True
            while grown:  # a grown span may reach further masked findings
                grown = False
                for f, d in zip(self.findings, self.decisions, strict=True):
                    if d.action != Action.KEEP and f.span.start < hi and lo < f.span.end and (
                            f.span.start < lo or f.span.end > hi):
                        lo, hi, grown = min(lo, f.span.start), max(hi, f.span.end), True
            if (lo, hi) != (finding.span.start, finding.span.end):
                finding = dataclasses.replace(finding, span=Span(lo, hi),
                                              text=self.document.text[lo:hi])
        keep = [i for i, f in enumerate(self.findings) if not f.span.overlaps(finding.span)]
        findings = [self.findings[i] for i in keep] + [finding]
        order = sorted(range(len(findings)), key=lambda j: findings[j].span.start)
        sig = [self.signals[i] for i in keep] + [()]
        comb = [self.combined[i] for i in keep] + [CombinedRisk(True, 1.0, "marked by the reviewer")]
        dec = [self.decisions[i] for i in keep] + [Decision(action, decided_by, "marked by the reviewer")]
        return self._regrouped([findings[j] for j in order], [sig[j] for j in order],
                               [comb[j] for j in order], [dec[j] for j in order])

    def without(self, drop: Sequence[int]) -> Analysis:
        """A copy without the findings at ``drop`` (their signals, risks and decisions with
        them); entities are grouped again over what is left, decisions kept as they are."""
        if not drop:
            return self
        gone = set(drop)
        keep = [i for i in range(len(self.findings)) if i not in gone]
        return self._regrouped([self.findings[i] for i in keep],
                               [self.signals[i] for i in keep],
                               [self.combined[i] for i in keep],
                               [self.decisions[i] for i in keep])

    def _regrouped(self, findings: list[Finding], signals: list[tuple[RiskSignal, ...]],
                   combined: list[CombinedRisk], decisions: list[Decision]) -> Analysis:
        """A copy with these parallel lists, entities grouped again over ``findings``."""
        entities = group_entities(findings, self.document.text)
        return dataclasses.replace(
            self, findings=tuple(findings), entities=entities,
            entity_of=entity_index(entities, len(findings)), signals=tuple(signals),
            combined=tuple(combined), decisions=tuple(decisions))

    @property
    def masked_indices(self) -> list[int]:
        return [i for i, d in enumerate(self.decisions) if d.action != Action.KEEP]


def kept_context(findings: Sequence[Finding], decisions: Sequence[Decision],
                 policy: Policy) -> list[int]:
    """Indices of the findings that the policy calls context (``Policy.context``) and that
    are kept: they are not listed (a legal provision the vote keeps identifies no one)."""
    return [i for i, (f, d) in enumerate(zip(findings, decisions, strict=True))
            if d.action == Action.KEEP and policy.is_context(f.label, f.subtype)]


def _matches_term(text: str, terms: Sequence[str]) -> bool:
    norm = normalise(text)
    return any(norm == normalise(t) for t in terms)


def _contains_term(text: str, terms: Sequence[str]) -> bool:
    """Whether ``text`` holds one of ``terms`` as whole words (case and spacing aside): a
    finding the terms detector saw inside a longer one ("Peter Okafor" around "Okafor")."""
    norm = normalise(text)
    return any(
        (t := normalise(term)) and re.search(rf"(?<!\w){re.escape(t)}(?!\w)", norm)
        for term in terms)


def decide(
    findings: Sequence[Finding],
    entities: Sequence[Entity],
    entity_of: Sequence[int],
    combined: Sequence[CombinedRisk],
    policy: Policy,
) -> tuple[Decision, ...]:
    """Apply the policy: term lists, per-label actions, risk verdicts, then entity propagation.

    A masked mention masks its whole entity (unless a never-mask term keeps a mention);
    otherwise a mention under review puts its entity under review.
    """
    decisions: list[Decision] = []
    for f, comb in zip(findings, combined, strict=True):
        rule = policy.rule(f.label)
        strategy = policy.strategy_for(f.label)
        if _matches_term(f.text, policy.never_mask):
            decisions.append(Decision(Action.KEEP, "policy", "on the never-mask list", strategy))
        elif TERMS_DETECTOR in f.detectors and _contains_term(f.text, policy.always_mask):
            decisions.append(Decision(Action.MASK, "policy", "on the always-mask list", strategy))
        elif rule.action == "mask":
            decisions.append(Decision(Action.MASK, "policy", f"the policy masks every {f.label}", strategy))
        elif rule.action == "keep":
            decisions.append(Decision(Action.KEEP, "policy", f"the policy keeps every {f.label}", strategy))
        elif rule.action == "review":
            decisions.append(Decision(Action.REVIEW, "policy", f"the policy asks for review of {f.label}", strategy))
        else:
            action = Action.MASK if comb.risky else Action.KEEP
            decisions.append(Decision(action, "risk", comb.explanation, strategy))
    for entity in entities:
        actions = {decisions[i].action for i in entity.mentions}
        target = Action.MASK if Action.MASK in actions else (
            Action.REVIEW if Action.REVIEW in actions else None)
        if target is None or len(actions) == 1:
            continue
        for i in entity.mentions:
            d = decisions[i]
            if d.action == Action.KEEP and d.decided_by == "policy":
                continue
            if d.action != target:
                decisions[i] = Decision(target, "entity",
                                        "another mention of the same entity is "
                                        + ("masked" if target == Action.MASK else "under review"),
                                        d.strategy)
    return tuple(decisions)
