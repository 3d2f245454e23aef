#!/usr/bin/env python3
"""Train the span classifier on *detected* spans, without the masked LM (span classifier 1.1).

  redactor evaluate ../shared/data/tab/tab_dev.json --out-of-fold --no-weighted \\
      --indicators sequence-labelling --dump-signals training/work/risk/oof_detections_tab.json
  redactor evaluate ../shared/data/wiki/wiki_dev.json --out-of-fold --no-weighted \\
      --indicators sequence-labelling --dump-signals training/work/risk/oof_detections_wiki.json
  OMP_NUM_THREADS=2 python training/risk/train_span_classifier.py

At run time the classifier judges what the recognizer found — cut or grown boundaries,
spurious spans, a detector's confidence — so it learns from the same: every span that the
out-of-fold NER (and the rules) detected in TAB dev and Wikipedia dev, labelled MASK when it
overlaps a mention that an annotator marked DIRECT or QUASI. Features
(``features.TEXT_SPAN_FEATURES``): type, text and shape, mentions of its entity, a hashed text
prior (``wiki_train_spans.csv`` + training rows), hashed priors of the 4 words before and 3
after it, where it stands in the document, how common its words are (pieces per word in the
NER's WordPiece vocabulary) and the detector's confidence. No masked LM: the default policy no
longer runs one (docs/performance.md).

* folds: ``sha256_fold(doc_id, 5)``; priors of training rows are inner out of fold (nested);
* HistGradientBoosting (the same settings as ``train_classifiers.py``);
* artefacts: ``span_classifier.json``, ``text_prior.json``, ``context_{left,right}_prior.json``
  in ``--res`` (fit on every document) and in ``--work``/folds/k5/fold{j} (without fold j; the
  other files there, ``llm_probability.json``, stay ``train_classifiers.py``'s);
  out-of-fold predictions and AUC/AP in ``--work``/span_detected_report.json.

The default policy's threshold is chosen end to end by ``tune_end_to_end.py``; ``--threshold``
sets the indicator's own (for policies that set none).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
import numpy as np  # noqa: E402
from common import DATA, RES, WORK, K, dump, wiki_train_spans  # noqa: E402
from redactor_plugins.indicators.features import (  # noqa: E402
    DEFAULT_VOCABULARY,
    TEXT_SPAN_FEATURES,
    context_words,
    vocabulary_values,
)
from redactor_plugins.indicators.models import model_from_dict  # noqa: E402
from redactor_plugins.indicators.plugin import resolve  # noqa: E402
from redactor_plugins.shared.tokenizer_calls import load_tokenizer  # noqa: E402
from sklearn.metrics import average_precision_score, roc_auc_score  # noqa: E402
from train_classifiers import VERSION, Priors, X_of, fit, fit_context, fit_prior  # noqa: E402

from redactor.evaluation import load_tab, sha256_fold  # noqa: E402

MASKED = ("DIRECT", "QUASI")


def detected_rows(dumps: list[Path], gold_files: list[Path], vocabulary) -> list[dict]:
    """One row per detected span of the dumps, labelled by the gold mentions it overlaps."""
    gold = {d.doc_id: d for f in gold_files for d in load_tab(f)}
    rows = []
    for path in dumps:
        for d in json.loads(path.read_text()):
            g = gold[d["doc_id"]]
            masked = [(m.start, m.end) for a in g.annotators for m in a.mentions
                      if m.identifier_type in MASKED]
            counts: dict[int, int] = {}
            for e in d["entity_of"]:
                counts[e] = counts.get(e, 0) + 1
            scores = d.get("scores") or [1.0] * len(d["findings"])
            for i, (s, e, lab) in enumerate(d["findings"]):
                left, right = context_words(g.text, s, e)
                rows.append(dict(doc=d["doc_id"], fold=sha256_fold(d["doc_id"], K), start=s,
                                 end=e, label=lab, text=g.text[s:e],
                                 mentions=counts[d["entity_of"][i]], score=float(scores[i]),
                                 y=int(any(a < e and s < b for a, b in masked)),
                                 left=left, right=right, rel=s / max(1, len(g.text))))
    for r, v in zip(rows, vocabulary_values(vocabulary, [r["text"] for r in rows]), strict=True):
        r["vocab"] = v
    return rows


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--detections", nargs="+", type=Path,
                    default=[WORK / "oof_detections_tab.json", WORK / "oof_detections_wiki.json"])
    ap.add_argument("--gold", nargs="+", type=Path,
                    default=[DATA / "tab" / "tab_dev.json", DATA / "wiki" / "wiki_dev.json"])
    ap.add_argument("--res", default=str(RES))
    ap.add_argument("--work", default=str(WORK))
    ap.add_argument("--spans-csv", default=str(DATA / "wiki" / "wiki_train_spans.csv"),
                    help="typed PII phrases for the text prior ('' for none)")
    ap.add_argument("--threshold", type=float, default=0.5,
                    help="the indicator's own threshold (policies without [risk.thresholds])")
    args = ap.parse_args()
    vocabulary = load_tokenizer(resolve(DEFAULT_VOCABULARY))[0]
    rows = detected_rows(args.detections, args.gold, vocabulary)
    y = np.asarray([r["y"] for r in rows])
    wt = wiki_train_spans(Path(args.spans_csv)) if args.spans_csv else ([], [], [])
    print(f"{len(rows)} detected spans ({y.mean():.2f} MASK)", flush=True)
    names = TEXT_SPAN_FEATURES

    def fitted(train_rows, priors):
        return fit("gbdt", X_of(train_rows, "span", priors, names),
                   np.asarray([r["y"] for r in train_rows]), names)

    oof = np.zeros(len(rows))
    for k in range(K):
        test = np.asarray([r["fold"] == k for r in rows])
        tr = [r for r, t in zip(rows, test, strict=True) if not t]
        te = [r for r, t in zip(rows, test, strict=True) if t]
        if not te:
            continue
        model = model_from_dict(fitted(tr, Priors.nested(rows, wt, {k}, ~test)))
        oof[test] = model.predict_proba(X_of(te, "span", Priors.fitted(tr, te, wt), names))
        print(f"fold {k} done", flush=True)
    cv = {"auc": round(float(roc_auc_score(y, oof)), 4),
          "ap": round(float(average_precision_score(y, oof)), 4), "rows": "detected spans"}
    print("span (detected spans, out of fold):", cv, flush=True)
    for k in list(range(K)) + [None]:
        test = np.asarray([r["fold"] == k for r in rows])
        tr = [r for r, t in zip(rows, test, strict=True) if not t]
        out_dir = Path(args.res) if k is None else Path(args.work) / "folds" / f"k{K}" / f"fold{k}"
        out_dir.mkdir(parents=True, exist_ok=True)
        without = "" if k is None else f" (without fold {k})"
        if k is not None:
            dump({"fold": k, "k": K, "test_doc_ids": sorted({r["doc"] for r in rows
                                                             if r["fold"] == k})},
                 out_dir / "fold.json")
        pd = dict(fit_prior(tr, wt).d)
        pd.update({"id": "text-prior",
                   "trained_on": "wiki_train_spans.csv + detected spans" + without})
        dump(pd, out_dir / "text_prior.json")
        for side in ("left", "right"):
            cd = dict(fit_context(tr, side).d)
            cd.update({"id": f"context-{side}-prior",
                       "trained_on": "detected spans' context words" + without})
            dump(cd, out_dir / f"context_{side}_prior.json")
        excl = {k} if k is not None else set()
        d = fitted(tr, Priors.nested(rows, wt, excl, ~test))
        d.update({"id": "span-classifier", "model_version": VERSION, "threshold": args.threshold,
                  "trained_on": "spans detected out of fold in TAB dev + Wikipedia dev" + (
                      "" if k is None else f" without fold {k} of sha256_fold(doc_id, {K})"),
                  "vocabulary": DEFAULT_VOCABULARY, "cv": cv})
        dump(d, out_dir / "span_classifier.json")
    dump({"cv": cv, "rows": [[r["doc"], r["start"], r["end"]] for r in rows],
          "span": oof.round(4).tolist()}, Path(args.work) / "span_detected_report.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
