#!/usr/bin/env python3
"""Recall-first thresholds for the default configuration (span-classifier OR sequence
labelling), on the cached out-of-fold gold-span signals of TAB dev (run tune.py first).

  python training/risk/sweep_default.py [--rq 0.97]

Chooses (span threshold, sequence-labelling partial threshold) with R_direct = 1.0 and
R_quasi >= --rq on gold spans and the best precision; the margin above 0.90 is for the recall
that detection loses end to end. Writes them into resources/risk/tuning.json (+ fold copies)
as span_threshold and seqlabel_partial_threshold (the settings' defaults).
"""
from __future__ import annotations

import argparse
import json
import shutil

import numpy as np
from common import DATA, RES, WORK, K
from tune import metrics

from redactor.cli import evaluate_cmd as ev
from redactor.core.combine import CombinedRisk
from redactor.core.entities import entity_index, group_entities
from redactor.core.policy import load_policy
from redactor.evaluation import load_tab


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rq", type=float, default=0.97)
    args = ap.parse_args()
    gold = list(load_tab(DATA / "tab" / "tab_dev.json"))
    by_id = {g.doc_id: g for g in gold}
    runs = []
    for d in json.loads((WORK / "signals.json").read_text()):
        fs = ev.gold_findings(by_id[d["doc_id"]])
        ents = group_entities(fs)
        r = ev.DocRun(d["doc_id"], fs, ents, entity_index(ents, len(fs)))
        r.sp = np.array([s for s, _ in d["signals"]["span-classifier"]])
        r.sq = np.array([s for s, _ in d["signals"]["sequence-labelling (partial)"]])
        runs.append(r)
    policy = load_policy("default")
    best = None
    grid = np.round(np.linspace(0.04, 0.6, 15), 3)
    for ts in grid:
        for tq in grid:
            m = metrics(gold, runs, lambda r: [CombinedRisk(bool(a >= ts or b >= tq), 0.0, "")  # noqa: B023 (called at once)
                                               for a, b in zip(r.sp, r.sq, strict=False)], policy)
            ok = (m["R_direct"] or 0) >= 1.0 and (m["R_quasi"] or 0) >= args.rq
            key = (ok, m["P"] or 0)
            if best is None or key > best[0]:
                best = (key, float(ts), float(tq), m)
    _, ts, tq, m = best
    print("span", ts, "seqlabel partial", tq, m)
    tuning = json.loads((RES / "tuning.json").read_text())
    tuning["span_threshold"] = ts
    tuning["seqlabel_partial_threshold"] = tq
    tuning["default_configuration_on_gold_spans"] = {"rq_target": args.rq, **m}
    (RES / "tuning.json").write_text(json.dumps(tuning))
    for k in range(K):
        shutil.copy(RES / "tuning.json", WORK / "folds" / f"k{K}" / f"fold{k}" / "tuning.json")


if __name__ == "__main__":
    main()
