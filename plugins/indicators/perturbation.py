"""Perturbation risk: does a span make *another* span predictable?

For a target span B, the masked LM gives ``lp(B)`` — the summed log-probability of B's sub-tokens
with B masked (the LLM-probability features, same window). Then, for a neighbouring entity A,
every mention of A inside B's window is masked too and B is scored again: ``lp(B | A hidden)``.
``delta(A → B) = lp(B) − lp(B | A hidden)`` (in nats) is how much seeing A helps to guess B.
A span's perturbation score is the largest delta it causes on any other span; above the
threshold (chosen on dev data) it is risky: it reveals something together with another span.

The quadratic cost (every pair of spans) is bounded:

* entity level: A is an entity (all its mentions in the window are hidden at once), and pairs
  within one entity are skipped;
* neighbourhood: only entities with a mention inside B's window (``window`` sub-tokens centred
  on B, default 64, i.e. about ±30 sub-tokens) are tried, at most ``max_neighbours`` per target,
  nearest first;
* a global cap ``max_pairs`` per document (nearest pairs first); pairs beyond the cap are not
  scored (their delta counts as 0) and the count is reported;
* batching: every (B, A) pair is one window in a batch of ``batch_size``.

Cost: at most ``max_pairs`` windows of ``window`` sub-tokens per document (default 3,000 × 64).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from redactor_plugins.indicators.mlm import DocTokens, MaskedLM, ScoreRequest


@dataclass
class PerturbationResult:
    score: list[float]  # per finding: the largest delta it causes (nats)
    partner: list[int]  # per finding: the index of the span it helps most to guess (-1: none)
    pairs_scored: int
    pairs_skipped: int


def perturbation(mlm: MaskedLM, doc: DocTokens, ranges: Sequence[tuple[int, int]],
                 entity_of: Sequence[int], base_lp: Sequence[np.ndarray], *, window: int = 64,
                 max_neighbours: int = 6, max_pairs: int = 3000, batch_size: int = 32
                 ) -> PerturbationResult:
    n = len(ranges)
    half = max(4, (window - 2) // 2)
    by_entity: dict[int, list[int]] = {}
    for i, e in enumerate(entity_of):
        by_entity.setdefault(e, []).append(i)
    starts = np.asarray([r[0] for r in ranges], dtype=np.int64)
    order = np.argsort(starts, kind="stable")
    sorted_starts = starts[order]
    candidates = []  # (distance, target, entity)
    for j, (t0, t1) in enumerate(ranges):
        if t1 <= t0:
            continue
        lo = int(np.searchsorted(sorted_starts, t0 - half, side="left"))
        hi = int(np.searchsorted(sorted_starts, t1 + half, side="right"))
        near: dict[int, int] = {}
        for i in order[lo:hi]:
            i = int(i)
            if i == j or entity_of[i] == entity_of[j] or ranges[i][1] <= ranges[i][0]:
                continue
            a0, a1 = ranges[i]
            dist = max(0, a0 - t1, t0 - a1)
            if dist > half:
                continue
            e = entity_of[i]
            near[e] = min(near.get(e, dist), dist)
        for e, dist in sorted(near.items(), key=lambda kv: kv[1])[:max_neighbours]:
            candidates.append((dist, j, e))
    candidates.sort()
    skipped = max(0, len(candidates) - max_pairs)
    candidates = candidates[:max_pairs]
    requests = []
    for _, j, e in candidates:
        t0, t1 = ranges[j]
        hide = tuple(ranges[i] for i in by_entity[e]
                     if ranges[i][1] > t0 - half - 1 and ranges[i][0] < t1 + half + 1)
        requests.append(ScoreRequest((t0, t1), hide))
    lps = mlm.score(doc, requests, window=window, batch_size=batch_size) if requests else []
    score = [0.0] * n
    partner = [-1] * n
    for (_, j, e), lp in zip(candidates, lps, strict=True):
        if lp.size == 0 or base_lp[j].size == 0:
            continue
        k = min(lp.size, base_lp[j].size)
        delta = float(base_lp[j][:k].sum() - lp[:k].sum())
        for i in by_entity[e]:
            if delta > score[i]:
                score[i] = delta
                partner[i] = j
    return PerturbationResult(score, partner, len(candidates), skipped)
