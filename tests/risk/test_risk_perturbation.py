"""Perturbation logic with a fake masked LM whose answers are known."""

from __future__ import annotations

import numpy as np
from redactor_plugins.indicators.mlm import DocTokens, ScoreRequest
from redactor_plugins.indicators.perturbation import perturbation


class FakeMLM:
    """Span 1 (tokens 10-12) is easy to guess (-1 per token) unless span 0 (tokens 2-4) is
    hidden (-6 per token); everything else scores -3 per token regardless."""

    def __init__(self):
        self.calls = 0

    def score(self, doc, requests, *, window=64, batch_size=32):
        self.calls += len(requests)
        out = []
        for rq in requests:
            t0, t1 = rq.target
            if (t0, t1) == (10, 12):
                hidden = any(h == (2, 4) for h in rq.hide)
                out.append(np.full(t1 - t0, -6.0 if hidden else -1.0, dtype=np.float32))
            else:
                out.append(np.full(t1 - t0, -3.0, dtype=np.float32))
        return out


def _doc(n=200):
    ids = np.arange(n, dtype=np.int64) + 1000
    return DocTokens(ids, np.arange(n) * 5, np.arange(n) * 5 + 4)


def test_span_that_reveals_another_scores_high():
    mlm = FakeMLM()
    ranges = [(2, 4), (10, 12), (20, 21)]
    ents = [0, 1, 2]
    base = [np.full(2, -3.0), np.full(2, -1.0), np.full(1, -3.0)]
    res = perturbation(mlm, _doc(), ranges, ents, base, window=64)
    # hiding span 0 makes span 1 go from -2 to -12 nats: delta 10, attributed to span 0
    assert res.score[0] == 10.0 and res.partner[0] == 1
    assert res.score[1] == 0.0 and res.score[2] == 0.0
    assert res.pairs_skipped == 0 and res.pairs_scored == 6


def test_same_entity_pairs_are_skipped_and_far_spans_ignored():
    mlm = FakeMLM()
    ranges = [(2, 4), (10, 12), (150, 151)]
    res = perturbation(mlm, _doc(), ranges, [0, 0, 1], [np.zeros(2), np.zeros(2), np.zeros(1)],
                       window=64)
    # 0 and 1 are one entity; span 2 is 138 tokens away: out of every window
    assert res.pairs_scored == 0 and mlm.calls == 0


def test_cost_is_capped():
    mlm = FakeMLM()
    ranges = [(i, i + 1) for i in range(0, 200, 2)]
    ents = list(range(len(ranges)))
    base = [np.zeros(1)] * len(ranges)
    res = perturbation(mlm, _doc(), ranges, ents, base, window=64, max_neighbours=4, max_pairs=50)
    assert res.pairs_scored == 50 and mlm.calls == 50
    assert res.pairs_skipped == len(ranges) * 4 - 50


def test_score_request_defaults():
    assert ScoreRequest((1, 2)).hide == ()
