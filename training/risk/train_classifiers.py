#!/usr/bin/env python3
"""Train the LLM-probability and span-classification classifiers with document-level CV.

  OMP_NUM_THREADS=2 python training/risk/train_classifiers.py [--features training/work/risk/features.json]

* folds: sha256_fold(doc_id, 5) over TAB dev + Wikipedia dev documents;
* text prior (hashed naive Bayes over words/shapes) fit on wiki_train_spans.csv + the training
  folds' gold spans; training rows get an inner out-of-fold prior (nested), so no row's prior
  saw its own label;
* logistic regression vs HistGradientBoosting, compared on pooled out-of-fold predictions
  (ROC AUC and average precision); the better one is shipped;
* threshold: on the pooled out-of-fold predictions for TAB dev documents, with entity
  propagation, the highest-precision threshold with R_direct >= 0.98 and R_quasi >= 0.90
  (else the best P + R_direct + R_quasi);
* artefacts: resources/risk/{llm_probability,span_classifier,text_prior}.json (fit on every
  document) and training/work/risk/folds/k5/fold{j}/... (fit without fold j, for
  `redactor evaluate`); out-of-fold predictions in training/work/risk/oof.json.
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
    LLM_FEATURES,
    SPAN_FEATURES,
    SpanInput,
    llm_vector,
    span_vector,
)
from redactor_plugins.indicators.models import (  # noqa: E402
    HashedPrior,
    export_hgb,
    export_logistic,
    model_from_dict,
)
from sklearn.ensemble import HistGradientBoostingClassifier  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.metrics import average_precision_score, roc_auc_score  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

from redactor.evaluation import evaluate_tab, load_tab, merge_spans, sha256_fold  # noqa: E402

VERSION = "1.0"


def rows_of(feat):
    rows = []
    for d in feat["docs"]:
        fold = sha256_fold(d["doc_id"], K)
        for (s, e, lab, text, ment, y, direct, ent), lp, nw in zip(d["spans"], d["lp"], d["n_words"], strict=False):
            rows.append(dict(doc=d["doc_id"], fold=fold, start=s, end=e, label=lab, text=text,
                             mentions=ment, y=y, direct=direct, ent=ent,
                             lp=np.asarray(lp, dtype=np.float64), nw=nw))
    return rows


def fit_prior(rows, wt):
    texts = wt[0] + [r["text"] for r in rows]
    labs = wt[1] + [r["label"] for r in rows]
    ys = wt[2] + [r["y"] for r in rows]
    return HashedPrior.fit(texts, labs, ys)


def oof_prior(rows, wt, exclude: set[int]):
    """Prior for each row not in `exclude` folds, fit without the row's own fold."""
    out = np.zeros(len(rows))
    folds = sorted({r["fold"] for r in rows} - exclude)
    for j in folds:
        train = [r for r in rows if r["fold"] not in exclude | {j}]
        pr = fit_prior(train, wt)
        for i, r in enumerate(rows):
            if r["fold"] == j:
                out[i] = pr.score(r["text"], r["label"])
    return out


def X_of(rows, kind, prior):
    if kind == "llm":
        return np.asarray([llm_vector(r["lp"], r["label"]) for r in rows])
    return np.asarray([span_vector(r["lp"], SpanInput(r["start"], r["end"], r["label"], r["text"],
                                                      r["mentions"]), r["nw"], p)
                       for r, p in zip(rows, prior, strict=False)])


def fit(kind_model, X, y, names):
    if kind_model == "lr":
        sc = StandardScaler().fit(X)
        sc.scale_[sc.scale_ == 0] = 1.0
        clf = LogisticRegression(C=1.0, max_iter=2000).fit(sc.transform(X), y)
        return export_logistic(clf, names, sc)
    clf = HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, max_leaf_nodes=15,
                                         l2_regularization=1.0, min_samples_leaf=20,
                                         random_state=0).fit(X, y)
    return export_hgb(clf, names)


def tab_eval(gold_docs, rows, p, t):
    """TAB metrics on gold spans when masking rows with p >= t, propagated to whole entities."""
    out = {}
    by_doc = {}
    for r, pp in zip(rows, p, strict=False):
        by_doc.setdefault(r["doc"], []).append((r, pp))
    for doc_id, items in by_doc.items():
        ents = {r["ent"] for r, pp in items if pp >= t}
        out[doc_id] = merge_spans([(r["start"], r["end"]) for r, pp in items if r["ent"] in ents])
    return evaluate_tab([d for d in gold_docs if d.doc_id in out], out)


def choose_threshold(gold_docs, rows, p):
    best = None
    for t in np.unique(np.round(np.concatenate([np.linspace(0.02, 0.9, 45)]), 3)):
        res = tab_eval(gold_docs, rows, p, t)
        ok = (res.er_direct or 0) >= 0.98 and (res.er_quasi or 0) >= 0.90
        key = (ok, (res.token_precision or 0) if ok else
               (res.token_precision or 0) + (res.er_direct or 0) + (res.er_quasi or 0))
        if best is None or key > best[0]:
            best = (key, float(t), res)
    return best[1], best[2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--features", default=str(WORK / "features.json"))
    ap.add_argument("--res", default=str(RES))
    ap.add_argument("--work", default=str(WORK))
    args = ap.parse_args()
    feat = json.loads(Path(args.features).read_text())
    rows = rows_of(feat)
    y = np.asarray([r["y"] for r in rows])
    wt = wiki_train_spans()
    tab_docs = list(load_tab(DATA / "tab" / "tab_dev.json"))
    tab_ids = {d.doc_id for d in tab_docs}
    is_tab = np.asarray([r["doc"] in tab_ids for r in rows])
    tab_rows = [r for r, t in zip(rows, is_tab, strict=False) if t]
    print(f"{len(rows)} spans ({y.mean():.2f} MASK), {len(tab_rows)} in TAB dev", flush=True)

    # out-of-fold predictions of both model kinds for both indicators
    oof = {(ind, m): np.zeros(len(rows)) for ind in ("llm", "span") for m in ("lr", "gbdt")}
    oof_text_prior = np.zeros(len(rows))
    for k in range(K):
        test = np.asarray([r["fold"] == k for r in rows])
        tr_rows = [r for r, t in zip(rows, test, strict=False) if not t]
        te_rows = [r for r, t in zip(rows, test, strict=False) if t]
        prior_tr = oof_prior(rows, wt, {k})[~test]
        pr_k = fit_prior(tr_rows, wt)
        prior_te = np.asarray([pr_k.score(r["text"], r["label"]) for r in te_rows])
        oof_text_prior[test] = prior_te
        for ind, names in (("llm", LLM_FEATURES), ("span", SPAN_FEATURES)):
            Xtr, Xte = X_of(tr_rows, ind, prior_tr), X_of(te_rows, ind, prior_te)
            for m in ("lr", "gbdt"):
                model = model_from_dict(fit(m, Xtr, y[~test], names))
                oof[(ind, m)][test] = model.predict_proba(Xte)
        print(f"fold {k} done", flush=True)

    report = {"version": VERSION, "folds": K, "fold_rule": "sha256_fold(doc_id, 5)",
              "n_spans": len(rows), "models": {}}
    chosen = {}
    for ind in ("llm", "span"):
        for m in ("lr", "gbdt"):
            p = oof[(ind, m)]
            report["models"][f"{ind}/{m}"] = {
                "auc": round(float(roc_auc_score(y, p)), 4),
                "ap": round(float(average_precision_score(y, p)), 4),
                "auc_tab": round(float(roc_auc_score(y[is_tab], p[is_tab])), 4)}
        best = max(("lr", "gbdt"), key=lambda m: report["models"][f"{ind}/{m}"]["auc"])
        chosen[ind] = best
        print(ind, report["models"][f"{ind}/lr"], report["models"][f"{ind}/gbdt"], "->", best, flush=True)

    # thresholds on pooled OOF predictions of TAB dev documents
    thresholds = {}
    for ind in ("llm", "span"):
        p = oof[(ind, chosen[ind])]
        t, res = choose_threshold(tab_docs, tab_rows, p[is_tab])
        thresholds[ind] = t
        report["models"][f"{ind}/{chosen[ind]}"]["threshold"] = t
        report["models"][f"{ind}/{chosen[ind]}"]["oof_tab_gold_spans"] = {
            "P": res.token_precision, "R": res.token_recall, "R_direct": res.er_direct,
            "R_quasi": res.er_quasi, "F1": res.f1}
        print(ind, "threshold", t, res.token_precision, res.er_direct, res.er_quasi, flush=True)

    names = {"llm": ("llm_probability", LLM_FEATURES), "span": ("span_classifier", SPAN_FEATURES)}
    # fold artefacts (fit without fold k) and shipped artefacts (fit on everything)
    for k in list(range(K)) + [None]:
        test = np.asarray([r["fold"] == k for r in rows])
        tr_rows = [r for r, t in zip(rows, test, strict=False) if not t]
        excl = {k} if k is not None else set()
        prior_tr = oof_prior(rows, wt, excl)[~test]
        out_dir = Path(args.res) if k is None else Path(args.work) / "folds" / f"k{K}" / f"fold{k}"
        out_dir.mkdir(parents=True, exist_ok=True)
        if k is not None:
            dump({"fold": k, "k": K, "test_doc_ids": sorted({r["doc"] for r in rows if r["fold"] == k})},
                 out_dir / "fold.json")
        pr = fit_prior(tr_rows, wt)
        pd = dict(pr.d)
        pd.update({"id": "text-prior", "trained_on": "wiki_train_spans.csv + gold spans"
                   + ("" if k is None else f" (without fold {k})")})
        dump(pd, out_dir / "text_prior.json")
        for ind in ("llm", "span"):
            fname, feats = names[ind]
            d = fit(chosen[ind], X_of(tr_rows, ind, prior_tr), y[~test], feats)
            d.update({"id": fname.replace("_", "-"), "model_version": VERSION,
                      "threshold": thresholds[ind],
                      "trained_on": "TAB dev + Wikipedia dev gold spans" + (
                          "" if k is None else f" without fold {k} of sha256_fold(doc_id, {K})"),
                      "mlm": Path(feat["mlm"]).name, "window": feat["window"],
                      "cv": report["models"][f"{ind}/{chosen[ind]}"]})
            dump(d, out_dir / f"{fname}.json")
    dump({"rows": [[r["doc"], r["start"], r["end"]] for r in rows],
          "llm": oof[("llm", chosen["llm"])].round(4).tolist(),
          "span": oof[("span", chosen["span"])].round(4).tolist()}, Path(args.work) / "oof.json")
    (Path(args.work) / "classifiers_report.json").write_text(json.dumps(report, indent=1))
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    sys.exit(main())
