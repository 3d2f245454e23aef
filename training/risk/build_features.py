#!/usr/bin/env python3
"""Masked-LM features of every gold span of TAB dev + Wikipedia dev (cached for training).

  OMP_NUM_THREADS=2 python training/risk/build_features.py [--mlm resources/models/mlm]

Writes training/work/risk/features.json: per document, per gold span: offsets, label, text,
mentions of its entity (core grouping), target y (MASK), direct flag, the sub-token
log-probabilities (span fully masked, window --window) and the number of words.
"""
from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
from common import WORK, dump, gold_findings, load_gold  # noqa: E402
from redactor_plugins.indicators.features import DEFAULT_WINDOW, SpanInput, score_spans  # noqa: E402
from redactor_plugins.indicators.mlm import MaskedLM, default_mlm_dir  # noqa: E402

from redactor.core.entities import entity_index, group_entities  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mlm", default=str(default_mlm_dir()))
    ap.add_argument("--out", default=str(WORK / "features.json"))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--window", type=int, default=DEFAULT_WINDOW,
                    help="context window in sub-tokens (recorded in the classifiers)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N docs of each file (tests)")
    args = ap.parse_args()
    mlm = MaskedLM(args.mlm, threads=args.threads)
    t0 = time.time()
    out = {"mlm": args.mlm, "window": args.window, "docs": []}
    docs = load_gold()
    if args.limit:
        docs = [d for d in docs if d.doc_id.startswith("001-")][:args.limit] + \
            [d for d in docs if not d.doc_id.startswith("001-")][:args.limit]
    for doc in docs:
        gf = gold_findings(doc)
        findings = [f for f, _, _ in gf]
        ents = group_entities(findings)
        eidx = entity_index(ents, len(findings))
        spans = [SpanInput(f.span.start, f.span.end, str(f.label), f.text,
                           len(ents[eidx[i]].mentions)) for i, f in enumerate(findings)]
        toks = mlm.encode(doc.text)
        sc = score_spans(mlm, toks, spans, window=args.window)
        out["docs"].append({
            "doc_id": doc.doc_id,
            "spans": [[s.start, s.end, s.label, s.text, s.mentions, y, d, eidx[i]]
                      for i, (s, (_, y, d)) in enumerate(zip(spans, gf, strict=False))],
            "lp": [[round(float(v), 4) for v in lp] for lp in sc.logprobs],
            "n_words": sc.n_words,
        })
    out["seconds"] = round(time.time() - t0, 1)
    dump(out, __import__("pathlib").Path(args.out))
    print(f"{len(out['docs'])} docs, {sum(len(d['spans']) for d in out['docs'])} spans, "
          f"{out['seconds']} s")


if __name__ == "__main__":
    main()
