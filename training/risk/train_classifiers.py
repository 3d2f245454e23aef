#!/usr/bin/env python3
"""Train the LLM-probability and span-classification classifiers with document-level CV.

  OMP_NUM_THREADS=2 python training/risk/train_classifiers.py [--features training/work/risk/features.json]

* folds: sha256_fold(doc_id, 5) over TAB dev + Wikipedia dev documents;
* text prior (hashed naive Bayes over words/shapes) fit on wiki_train_spans.csv + the training
  folds' gold spans; context priors (the same over the 4 words before / 3 after a span) fit on
  the training folds' gold spans; training rows get inner out-of-fold priors (nested), so no
  row's prior saw its own label;
* span-classifier features (``--span-features``): ``mlm`` (default: LLM-probability features
  + text and shape, the Table A classifier), ``text`` (type, text, shape, mentions, context
  priors, position, vocabulary; no masked LM) or ``text+mlm``. The *shipped* span classifier
  (span classifier 1.1) is trained afterwards on detected spans by ``train_span_classifier.py``, which
  overwrites ``span_classifier.json`` and the priors;
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
from common import DATA, RES, WORK, K, dump, load_gold, wiki_train_spans  # noqa: E402
from redactor_plugins.indicators.features import (  # noqa: E402
    DEFAULT_VOCABULARY,
    LLM_FEATURES,
    LP_NAMES,
    SPAN_FEATURES,
    TEXT_SPAN_FEATURES,
    VOCAB_FEATURES,
    SpanInput,
    context_words,
    llm_vector,
    lp_stats,
    needs_mlm,
    row_of,
    text_span_values,
    vocabulary_values,
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

VERSION = "1.1"
SPAN_FEATURE_SETS = {
    "text": TEXT_SPAN_FEATURES,
    "mlm": SPAN_FEATURES,
    "text+mlm": TEXT_SPAN_FEATURES + LP_NAMES + ("n_words", "n_subtokens"),
}


def rows_of(feat, texts: dict[str, str] | None = None, vocabulary=None):
    """One row per gold span; with the documents' ``texts``, its context words and position;
    with a ``vocabulary`` (a tokenizer), how common its words are."""
    rows = []
    for d in feat["docs"]:
        fold = sha256_fold(d["doc_id"], K)
        text = (texts or {}).get(d["doc_id"], "")
        for (s, e, lab, span_text, ment, y, direct, ent), lp, nw in zip(d["spans"], d["lp"], d["n_words"], strict=False):
            left, right = context_words(text, s, e) if text else ("", "")
            rows.append(dict(doc=d["doc_id"], fold=fold, start=s, end=e, label=lab, text=span_text,
                             mentions=ment, y=y, direct=direct, ent=ent,
                             lp=np.asarray(lp, dtype=np.float64), nw=nw, left=left, right=right,
                             rel=s / max(1, len(text))))
    vocab = vocabulary_values(vocabulary, [r["text"] for r in rows]) if vocabulary else None
    for i, r in enumerate(rows):
        r["vocab"] = vocab[i] if vocab else dict.fromkeys(VOCAB_FEATURES, 0.0)
    return rows


def fit_context(rows, side: str):
    return HashedPrior.fit([r[side] for r in rows], [r["label"] for r in rows],
                           [r["y"] for r in rows])


def oof_context(rows, side: str, exclude: set[int]):
    """Context prior of each row not in `exclude` folds, fit without the row's own fold."""
    out = np.zeros(len(rows))
    for j in sorted({r["fold"] for r in rows} - exclude):
        pr = fit_context([r for r in rows if r["fold"] not in exclude | {j}], side)
        for i, r in enumerate(rows):
            if r["fold"] == j:
                out[i] = pr.score(r[side], r["label"])
    return out


class Priors:
    """The text and context priors of some rows (scored by priors that never saw them)."""

    def __init__(self, text, left, right):
        self.text, self.left, self.right = text, left, right

    @classmethod
    def nested(cls, rows, wt, exclude: set[int], mask):
        """For training rows: inner out-of-fold priors (without `exclude` and the row's fold)."""
        return cls(oof_prior(rows, wt, exclude)[mask], oof_context(rows, "left", exclude)[mask],
                   oof_context(rows, "right", exclude)[mask])

    @classmethod
    def fitted(cls, train_rows, rows, wt):
        """For held-out rows: priors fit on `train_rows`."""
        pt, pl, pr = fit_prior(train_rows, wt), fit_context(train_rows, "left"), \
            fit_context(train_rows, "right")
        return cls(np.asarray([pt.score(r["text"], r["label"]) for r in rows]),
                   np.asarray([pl.score(r["left"], r["label"]) for r in rows]),
                   np.asarray([pr.score(r["right"], r["label"]) for r in rows]))


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


def X_of(rows, kind, priors: Priors, names=SPAN_FEATURES):
    """The feature matrix of ``rows`` in the order of ``names`` (gold-span rows carry the
    masked LM's ``lp`` and ``nw``; detected-span rows a detector ``score`` and no ``lp``)."""
    if kind == "llm":
        return np.asarray([llm_vector(r["lp"], r["label"]) for r in rows])
    out = []
    mlm = needs_mlm(names)
    for i, r in enumerate(rows):
        span = SpanInput(r["start"], r["end"], r["label"], r["text"], r["mentions"],
                         r.get("score", 1.0))
        values = text_span_values(span, priors.text[i], priors.left[i], priors.right[i], r["rel"])
        values.update(r["vocab"])
        if mlm:
            values.update(zip(LP_NAMES, lp_stats(r["lp"]), strict=True))
            values.update(n_words=float(r["nw"]), n_subtokens=float(r["lp"].size))
        out.append(row_of(names, values))
    return np.asarray(out)


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
    ap.add_argument("--span-features", choices=sorted(SPAN_FEATURE_SETS), default="mlm",
                    help="the gold-span classifier's features (the shipped span classifier is "
                         "train_span_classifier.py's, on detected spans)")
    args = ap.parse_args()
    span_names = SPAN_FEATURE_SETS[args.span_features]
    feat = json.loads(Path(args.features).read_text())
    from redactor_plugins.indicators.plugin import resolve
    from redactor_plugins.shared.tokenizer_calls import load_tokenizer

    vocabulary = load_tokenizer(resolve(DEFAULT_VOCABULARY))[0]
    rows = rows_of(feat, {d.doc_id: d.text for d in load_gold()}, vocabulary)
    y = np.asarray([r["y"] for r in rows])
    wt = wiki_train_spans()
    tab_docs = list(load_tab(DATA / "tab" / "tab_dev.json"))
    tab_ids = {d.doc_id for d in tab_docs}
    is_tab = np.asarray([r["doc"] in tab_ids for r in rows])
    tab_rows = [r for r, t in zip(rows, is_tab, strict=False) if t]
    print(f"{len(rows)} spans ({y.mean():.2f} MASK), {len(tab_rows)} in TAB dev", flush=True)

    # out-of-fold predictions of both model kinds for both indicators
    oof = {(ind, m): np.zeros(len(rows)) for ind in ("llm", "span") for m in ("lr", "gbdt")}
    for k in range(K):
        test = np.asarray([r["fold"] == k for r in rows])
        tr_rows = [r for r, t in zip(rows, test, strict=False) if not t]
        te_rows = [r for r, t in zip(rows, test, strict=False) if t]
        prior_tr = Priors.nested(rows, wt, {k}, ~test)
        prior_te = Priors.fitted(tr_rows, te_rows, wt)
        for ind, names in (("llm", LLM_FEATURES), ("span", span_names)):
            Xtr, Xte = X_of(tr_rows, ind, prior_tr, names), X_of(te_rows, ind, prior_te, names)
            for m in ("lr", "gbdt"):
                model = model_from_dict(fit(m, Xtr, y[~test], names))
                oof[(ind, m)][test] = model.predict_proba(Xte)
        print(f"fold {k} done", flush=True)

    report = {"version": VERSION, "folds": K, "fold_rule": "sha256_fold(doc_id, 5)",
              "n_spans": len(rows), "span_features": args.span_features, "models": {}}
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

    names = {"llm": ("llm_probability", LLM_FEATURES), "span": ("span_classifier", span_names)}
    # fold artefacts (fit without fold k) and shipped artefacts (fit on everything)
    for k in list(range(K)) + [None]:
        test = np.asarray([r["fold"] == k for r in rows])
        tr_rows = [r for r, t in zip(rows, test, strict=False) if not t]
        excl = {k} if k is not None else set()
        prior_tr = Priors.nested(rows, wt, excl, ~test)
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
        for side in ("left", "right"):
            cd = dict(fit_context(tr_rows, side).d)
            cd.update({"id": f"context-{side}-prior", "trained_on": "gold spans' context words"
                       + ("" if k is None else f" (without fold {k})")})
            dump(cd, out_dir / f"context_{side}_prior.json")
        for ind in ("llm", "span"):
            fname, feats = names[ind]
            d = fit(chosen[ind], X_of(tr_rows, ind, prior_tr, feats), y[~test], feats)
            d.update({"id": fname.replace("_", "-"), "model_version": VERSION,
                      "threshold": thresholds[ind],
                      "trained_on": "TAB dev + Wikipedia dev gold spans" + (
                          "" if k is None else f" without fold {k} of sha256_fold(doc_id, {K})"),
                      "mlm": Path(feat["mlm"]).name, "window": feat["window"],
                      **({"vocabulary": DEFAULT_VOCABULARY}
                         if ind == "span" and "vocab_log_id" in feats else {}),
                      "cv": report["models"][f"{ind}/{chosen[ind]}"]})
            dump(d, out_dir / f"{fname}.json")
    dump({"rows": [[r["doc"], r["start"], r["end"]] for r in rows],
          "llm": oof[("llm", chosen["llm"])].round(4).tolist(),
          "span": oof[("span", chosen["span"])].round(4).tolist()}, Path(args.work) / "oof.json")
    (Path(args.work) / "classifiers_report.json").write_text(json.dumps(report, indent=1))
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    sys.exit(main())
