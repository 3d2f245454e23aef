"""B³ scores of entity grouping (coreference) against TAB's gold entity ids.

Only gold mentions that the system detected are scored: a gold mention is *detected* when a
predicted span shares a character with it, and it then belongs to the predicted entity of the
span that overlaps it most (the earlier one on a tie). Over those mentions, with G(m) the gold
entity of mention m and S(m) its predicted entity (both restricted to detected mentions of the
same annotator layer):

    P(m) = |G(m) ∩ S(m)| / |S(m)|        R(m) = |G(m) ∩ S(m)| / |G(m)|

averaged over every detected mention of every annotator layer of every document (Bagga and
Baldwin, 1998); F1 is the harmonic mean of the averages. Each annotator layer is scored on its
own, so a document with three annotators counts its mentions three times.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from redactor.evaluation.tab_format import AnnotatorLayer, Document

PredictedMention = tuple[int, int, str]  # start, end, predicted entity id
Predictions = Mapping[str, Sequence[PredictedMention]]


@dataclass(frozen=True)
class CorefResult:
    """B³ precision, recall and F1 over detected gold mentions (None when none were)."""

    precision: float | None
    recall: float | None
    mentions: int  # detected gold mentions scored (over all annotator layers)
    gold_mentions: int  # all gold mentions (over all annotator layers)

    @property
    def f1(self) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None:
            return None
        return 0.0 if p + r == 0 else 2 * p * r / (p + r)

    def to_dict(self) -> dict[str, Any]:
        return {"b3_precision": self.precision, "b3_recall": self.recall, "b3_f1": self.f1,
                "detected_mentions": self.mentions, "gold_mentions": self.gold_mentions}


def _assign(layer: AnnotatorLayer, predicted: Sequence[PredictedMention]
            ) -> list[tuple[str, str]]:
    """(gold entity, predicted entity) of every detected gold mention of ``layer``."""
    spans = sorted(predicted)
    starts = [s for s, _, _ in spans]
    longest = max((e - s for s, e, _ in spans), default=0)
    out = []
    for m in layer.mentions:
        if m.end <= m.start:
            continue
        best, best_len = "", 0
        # spans starting before m.end, latest first, back to the longest span's reach
        for k in range(bisect.bisect_left(starts, m.end) - 1, -1, -1):
            s, e, ent = spans[k]
            if s + longest <= m.start:
                break
            common = min(e, m.end) - max(s, m.start)
            if common > 0 and common >= best_len:  # ties: the earlier span
                best, best_len = ent, common
        if best_len > 0:
            out.append((m.entity_id, best))
    return out


def _b3(pairs: Sequence[tuple[str, str]]) -> tuple[float, float]:
    """Sums of per-mention B³ precision and recall."""
    gold: dict[str, int] = {}
    pred: dict[str, int] = {}
    both: dict[tuple[str, str], int] = {}
    for g, p in pairs:
        gold[g] = gold.get(g, 0) + 1
        pred[p] = pred.get(p, 0) + 1
        both[(g, p)] = both.get((g, p), 0) + 1
    p_sum = sum(both[(g, p)] / pred[p] for g, p in pairs)
    r_sum = sum(both[(g, p)] / gold[g] for g, p in pairs)
    return p_sum, r_sum


def evaluate_coreference(gold_docs: Iterable[Document], predictions: Predictions) -> CorefResult:
    """B³ of ``predictions`` (doc id → predicted spans with entity ids) against every
    annotator layer of ``gold_docs``."""
    p_total = r_total = 0.0
    n = n_gold = 0
    for doc in gold_docs:
        predicted = predictions.get(doc.doc_id, ())
        for layer in doc.annotators:
            n_gold += len(layer.mentions)
            pairs = _assign(layer, predicted)
            p_sum, r_sum = _b3(pairs)
            p_total += p_sum
            r_total += r_sum
            n += len(pairs)
    if not n:
        return CorefResult(None, None, 0, n_gold)
    return CorefResult(p_total / n, r_total / n, n, n_gold)
