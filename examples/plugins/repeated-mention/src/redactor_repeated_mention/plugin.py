"""A rule-based risk indicator that flags people, places and codes that a document mentions
more than once.

Generated with ``redactor plugin new repeated-mention --kind indicator``, then adapted: it
counts whole-word mentions in the text itself, not only those a detector found ("Ann" is not
a mention inside "Anne"), and the mentions of one entity count together even when they are
spelt differently ("Jane Doe" … "Ms Doe").
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from redactor.plugin_api import Document, Entity, Finding, RiskSignal, RunContext, hookimpl

REDACTOR_API = ">=1,<2"  # the plugin API versions this plugin was tested with

DEFAULT_THRESHOLD = 0.5  # score 1 - 1/mentions: 0.5 = mentioned at least twice
_WORD = re.compile(r"\w+")


class WordIndex:
    """Where each word of a text occurs (case-folded), built once per document: counting a
    phrase costs the occurrences of its first word, not a scan of the text."""

    def __init__(self, text: str) -> None:
        self.words = [m.group().casefold() for m in _WORD.finditer(text)]
        self.at: dict[str, list[int]] = defaultdict(list)
        for i, word in enumerate(self.words):
            self.at[word].append(i)

    def count(self, phrase: str) -> int:
        """Whole-word, case-insensitive occurrences of ``phrase`` (spacing and punctuation
        between its words do not matter)."""
        seq = [w.casefold() for w in _WORD.findall(phrase)]
        if not seq:
            return 0
        n = len(seq)
        return sum(1 for i in self.at.get(seq[0], ()) if self.words[i:i + n] == seq)


class RepeatedMentionIndicator:
    """Scores each finding by how often it, or any mention of its entity, occurs."""

    id = "repeated-mention"
    version = "0.1.0"

    def assess(self, doc: Document, findings: Sequence[Finding], entities: Sequence[Entity],
               ctx: RunContext) -> list[RiskSignal]:
        policy = ctx.policy
        threshold = float(policy.thresholds.get(self.id, DEFAULT_THRESHOLD)
                          if policy is not None else DEFAULT_THRESHOLD)
        if not findings:
            return []
        index = WordIndex(doc.text)
        counts: dict[str, int] = {}
        entity_of = {i: e for e in entities for i in e.mentions}
        signals = []
        for i, finding in enumerate(findings):
            key = " ".join(finding.text.split()).casefold()
            if key not in counts:
                counts[key] = index.count(key)
            entity = entity_of.get(i)
            mentions = max(1, counts[key], len(entity.mentions) if entity is not None else 0)
            score = 1.0 - 1.0 / mentions
            signals.append(RiskSignal(self.id, score, score >= threshold,
                                      f"mentioned {mentions}x in the document"))
        return signals  # exactly one signal per finding, in the same order


@hookimpl
def register_risk_indicators(register: Callable[[Any], None]) -> None:
    register(RepeatedMentionIndicator())
