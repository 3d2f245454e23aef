#!/usr/bin/env python3
"""The default policy's two thresholds chosen on TAB dev and Wikipedia dev together (session
14's rule), and the same choice nested so that no figure is scored on documents its thresholds
were chosen on.

    redactor evaluate ../shared/data/tab/tab_dev.json --out-of-fold --no-weighted \\
        --dump-signals training/work/risk/oof_signals_tab.json      # and the same for wiki
    python training/risk/thresholds_both_sets.py [--k 3]

Rule: over a grid of (span-classifier, sequence-labelling) thresholds, the pairs with token
precision >= 0.75 and R_direct >= 0.99 on both sets; among them the best smaller R_quasi of
the two. Printed: the pair chosen on all documents with its figures, then for each fold J of
``sha256_fold(doc_id, K)`` the pair chosen on the other folds, and the pooled figures of the
held-out folds (what the procedure gives on documents no threshold saw).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import tune_end_to_end as t  # noqa: E402

from redactor.cli import evaluate_cmd as ev  # noqa: E402
from redactor.core.combine import CombinedRisk  # noqa: E402
from redactor.core.policy import load_policy  # noqa: E402
from redactor.evaluation import evaluate_tab, load_tab, merge_spans, sha256_fold  # noqa: E402

DATA = HERE.parents[2] / "shared" / "data"
WORK = HERE.parent / "work" / "risk"
SPAN_GRID = (0.2, 0.24, 0.28, 0.3, 0.32, 0.34, 0.37, 0.4, 0.44, 0.5)
SEQ_GRID = (0.1, 0.14, 0.16, 0.18, 0.2, 0.24, 0.3, 0.4, 0.5, 0.6)


def choose(sets, policy, keep=lambda doc_id: True):
    """(key, span threshold, sequence threshold) by the rule, on the documents ``keep`` says."""
    best = None
    for ts in SPAN_GRID:
        for tq in SEQ_GRID:
            m = {s: t.metrics(g, [r for r in runs if keep(r.doc_id)], ts, tq, policy)
                 for s, (g, runs) in sets.items()}
            ok = all(x["P"] >= 0.75 and x["R_direct"] >= 0.99 for x in m.values())
            key = (ok, min(x["R_quasi"] if ok else x["P"] for x in m.values()))
            if best is None or key > best[0]:
                best = (key, ts, tq, m)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--k", type=int, default=3)
    ap.add_argument("--signals", nargs=2, type=Path, metavar=("TAB", "WIKI"),
                    default=[WORK / "oof_signals_tab.json", WORK / "oof_signals_wiki.json"],
                    help="the two sets' --dump-signals files")
    args = ap.parse_args()
    policy = load_policy("default")
    sets = {}
    for s, signals in zip(("tab", "wiki"), args.signals, strict=True):
        gold = {g.doc_id: g for g in load_tab(DATA / s / f"{s}_dev.json")}
        sets[s] = (gold, t.load_runs(signals, gold))
    _, ts, tq, m = choose(sets, policy)
    print(f"all documents: span >= {ts}, sequence >= {tq}:",
          {s: {k: round(v, 4) for k, v in x.items() if k in ("P", "R_direct", "R_quasi")}
           for s, x in m.items()})
    masked = {s: {} for s in sets}
    for j in range(args.k):
        _, ts, tq, _m = choose(sets, policy, lambda d, j=j: sha256_fold(d, args.k) != j)
        print(f"fold {j}: span >= {ts}, sequence >= {tq}")
        for s, (_g, runs) in sets.items():
            for r in runs:
                if sha256_fold(r.doc_id, args.k) == j:
                    risk = [CombinedRisk(bool(a >= ts or b >= tq), 0.0, "")
                            for a, b in zip(r.sp, r.sq, strict=True)]
                    masked[s][r.doc_id] = merge_spans(ev.masked_spans(r, risk, policy))
    for s, (g, _runs) in sets.items():
        res = evaluate_tab([g[d] for d in masked[s]], masked[s])
        print(f"{s} nested, pooled: P {res.token_precision:.4f}, R_direct {res.er_direct:.4f}, "
              f"R_quasi {res.er_quasi:.4f}")


if __name__ == "__main__":
    main()
