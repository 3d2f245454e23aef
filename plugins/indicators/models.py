"""Small classifiers serialised as JSON and evaluated with numpy (no pickle, no sklearn).

Kinds (``"kind"`` field; every artefact also carries ``"version"``, ``"features"`` — the
ordered feature names — and optionally ``"threshold"``):

* ``logistic``: ``mean``, ``scale`` (standardisation), ``coef``, ``intercept``.
* ``gbdt``: a binary HistGradientBoostingClassifier: ``baseline`` and ``trees``, each tree a set
  of parallel node lists ``feature``, ``threshold``, ``missing_left``, ``left``, ``right``,
  ``leaf``, ``value`` (numeric splits: ``x <= threshold`` goes left; NaN follows
  ``missing_left``).
* ``hashed-nb``: a text prior: per hashed text feature the smoothed log-odds of MASK; the
  score of a text is the mean log-odds of its features plus the prior log-odds.

``export_logistic`` / ``export_hgb`` turn fitted sklearn objects into these dicts (sklearn is
only imported by the training scripts that call them).
"""

from __future__ import annotations

import functools
import json
import math
import os
import re
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

__all__ = [
    "GBDTModel",
    "HashedPrior",
    "LogisticModel",
    "export_hgb",
    "export_logistic",
    "load_model",
    "model_from_dict",
    "text_features",
]

SCHEMA_VERSION = 1


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -60, 60)))


class LogisticModel:
    kind = "logistic"

    def __init__(self, d: dict[str, Any]) -> None:
        self.d = d
        self.features = list(d["features"])
        self.mean = np.asarray(d.get("mean", [0.0] * len(self.features)), dtype=np.float64)
        self.scale = np.asarray(d.get("scale", [1.0] * len(self.features)), dtype=np.float64)
        self.coef = np.asarray(d["coef"], dtype=np.float64)
        self.intercept = float(d["intercept"])
        self.threshold = float(d.get("threshold", 0.5))

    def decision_function(self, X: np.ndarray) -> np.ndarray:
        X = np.asarray(X, dtype=np.float64)
        return ((X - self.mean) / self.scale) @ self.coef + self.intercept

    def predict_proba(self, X: np.ndarray) -> np.ndarray:
        return _sigmoid(self.decision_function(X))


class GBDTModel:
    kind = "gbdt"

    def __init__(self, d: dict[str, Any]) -> None:
        self.d = d
        self.features = list(d["features"])
        self.baseline = float(d["baseline"])
        self.threshold = float(d.get("threshold", 0.5))
        trees = d["trees"]
        # every tree in one padded table [n_trees, max_nodes]: all trees descend together, one
        # level per step (a loop over depth, not over trees and depth)
        width = max((len(t["feature"]) for t in trees), default=1)
        n = len(trees)
        self.feature = np.zeros((n, width), dtype=np.int64)
        self.thr = np.zeros((n, width), dtype=np.float64)
        self.miss = np.zeros((n, width), dtype=bool)
        self.left = np.zeros((n, width), dtype=np.int64)
        self.right = np.zeros((n, width), dtype=np.int64)
        self.leaf = np.ones((n, width), dtype=bool)
        self.value = np.zeros((n, width), dtype=np.float64)
        for i, t in enumerate(trees):
            k = len(t["feature"])
            self.feature[i, :k] = t["feature"]
            self.thr[i, :k] = t["threshold"]
            self.miss[i, :k] = t["missing_left"]
            self.left[i, :k] = t["left"]
            self.right[i, :k] = t["right"]
            self.leaf[i, :k] = t["leaf"]
            self.value[i, :k] = t["value"]

    def decision_function(self, X: np.ndarray) -> np.ndarray:
        if os.environ.get("REDACTOR_REFERENCE_PATH", "0") == "1":
            return self.decision_function_reference(X)
        X = np.asarray(X, dtype=np.float64)
        n = X.shape[0]
        n_trees, width = self.feature.shape
        if n == 0 or n_trees == 0:
            return np.full(n, self.baseline)
        # flat positions (tree * width + node) into the tables, one per (sample, tree)
        base = np.tile(np.arange(n_trees, dtype=np.int64) * width, n)
        sample = np.repeat(np.arange(n, dtype=np.int64), n_trees)
        node = base.copy()
        feature, thr, miss = self.feature.ravel(), self.thr.ravel(), self.miss.ravel()
        left, right, leaf = self.left.ravel(), self.right.ravel(), self.leaf.ravel()
        todo = np.flatnonzero(~leaf.take(node))
        while todo.size:
            nd = node.take(todo)
            x = X[sample.take(todo), feature.take(nd)]
            go_left = np.where(np.isnan(x), miss.take(nd), x <= thr.take(nd))
            node[todo] = base.take(todo) + np.where(go_left, left.take(nd), right.take(nd))
            todo = todo[~leaf.take(node.take(todo))]
        # baseline, then the trees in their order: the same rounding as adding tree by tree
        values = np.empty((n, n_trees + 1))
        values[:, 0] = self.baseline
        values[:, 1:] = self.value.ravel().take(node).reshape(n, n_trees)
        return np.cumsum(values, axis=1)[:, -1]

    def decision_function_reference(self, X: np.ndarray) -> np.ndarray:
        """The plain evaluation, tree by tree (``REDACTOR_REFERENCE_PATH=1``)."""
        X = np.asarray(X, dtype=np.float64)
        n = X.shape[0]
        raw = np.full(n, self.baseline)
        rows = np.arange(n)
        width = self.feature.shape[1]
        flat = [a.reshape(-1, width) for a in (self.feature, self.thr, self.miss, self.left,
                                               self.right, self.leaf, self.value)]
        for feat, thr, miss, left, right, leaf, value in zip(*flat, strict=True):
            node = np.zeros(n, dtype=np.int64)
            while True:
                active = ~leaf[node]
                if not active.any():
                    break
                nd = node[active]
                x = X[rows[active], feat[nd]]
                go_left = np.where(np.isnan(x), miss[nd], x <= thr[nd])
                node[active] = np.where(go_left, left[nd], right[nd])
            raw += value[node]
        return raw

    def predict_proba(self, X: np.ndarray) -> np.ndarray:
        return _sigmoid(self.decision_function(X))


_TOKEN = re.compile(r"\w+|[^\w\s]", re.UNICODE)


_UPPER, _LOWER, _DIGIT = re.compile(r"[A-Z]"), re.compile(r"[a-z]"), re.compile(r"\d")
_RUN = re.compile(r"(.)\1{2,}")


@functools.lru_cache(maxsize=1 << 16)
def _shape(word: str) -> str:
    """"Mr" → "Xx", "36110/97" → "dd/dd" (runs of 3+ shortened to 2); words repeat, so cached."""
    s = _UPPER.sub("X", word)
    s = _LOWER.sub("x", s)
    s = _DIGIT.sub("d", s)
    return _RUN.sub(r"\1\1", s)


def text_features(text: str, label: str = "") -> list[str]:
    """The text features of a span: lower-cased words, word shapes, suffixes, the label."""
    words = _TOKEN.findall(text)
    out = [f"t:{label}", f"n:{min(len(words), 6)}"]
    for w in words:
        lw = w.lower()
        out += [f"w:{lw}", f"s:{_shape(w)}", f"x:{lw[-3:]}", f"lw:{label}:{lw}"]
    out.append(f"S:{_shape(text)[:12]}")
    return out


def _bucket(feature: str, buckets: int) -> int:
    return zlib.crc32(feature.encode("utf-8")) % buckets


class HashedPrior:
    """Naive-Bayes-style text prior: mean smoothed log-odds of MASK over hashed features."""

    kind = "hashed-nb"

    def __init__(self, d: dict[str, Any]) -> None:
        self.d = d
        self.buckets = int(d["buckets"])
        self.log_odds = np.asarray(d["log_odds"], dtype=np.float64)
        self.prior = float(d["prior"])
        self._memo: dict[tuple[str, str], float] = {}  # mentions and contexts repeat

    def score(self, text: str, label: str = "") -> float:
        memo = self._memo
        key = (text, label)
        value = memo.get(key)
        if value is None:  # each distinct (text, label) is scored once
            feats = text_features(text, label)
            if not feats:
                return self.prior
            idx = [_bucket(f, self.buckets) for f in feats]
            value = self.prior + float(self.log_odds[idx].mean())
            if len(memo) >= 100_000:
                memo.clear()
            memo[key] = value
        return value

    @classmethod
    def fit(cls, texts: Sequence[str], labels: Sequence[str], y: Sequence[int], *,
            buckets: int = 4096, alpha: float = 1.0) -> HashedPrior:
        pos = np.zeros(buckets)
        neg = np.zeros(buckets)
        for text, lab, yy in zip(texts, labels, y, strict=True):
            for f in set(text_features(text, lab)):
                (pos if yy else neg)[_bucket(f, buckets)] += 1
        npos, nneg = max(1, sum(y)), max(1, len(y) - sum(y))
        lo = np.log((pos + alpha) / (npos + 2 * alpha)) - np.log((neg + alpha) / (nneg + 2 * alpha))
        d = {"kind": cls.kind, "version": SCHEMA_VERSION, "buckets": buckets,
             "log_odds": [round(float(v), 4) for v in lo], "prior": math.log(npos / nneg),
             "features": ["text"]}
        return cls(d)


_KINDS = {"logistic": LogisticModel, "gbdt": GBDTModel, "hashed-nb": HashedPrior}


def model_from_dict(d: dict[str, Any]) -> Any:
    kind = d.get("kind")
    if kind not in _KINDS:
        raise ValueError(f"unknown model kind {kind!r}")
    return _KINDS[kind](d)


def load_model(path: str | Path) -> Any:
    return model_from_dict(json.loads(Path(path).read_text(encoding="utf-8")))


# -- exporters (training side) -----------------------------------------------------------

def export_logistic(clf: Any, features: Iterable[str], scaler: Any = None, **extra: Any
                    ) -> dict[str, Any]:
    feats = list(features)
    d = {"kind": "logistic", "version": SCHEMA_VERSION, "features": feats,
         "mean": [float(v) for v in (scaler.mean_ if scaler is not None else np.zeros(len(feats)))],
         "scale": [float(v) for v in (scaler.scale_ if scaler is not None else np.ones(len(feats)))],
         "coef": [float(v) for v in np.ravel(clf.coef_)],
         "intercept": float(np.ravel(clf.intercept_)[0])}
    d.update(extra)
    return d


def export_hgb(clf: Any, features: Iterable[str], **extra: Any) -> dict[str, Any]:
    """A fitted binary ``HistGradientBoostingClassifier`` (numeric features only)."""
    if getattr(clf, "n_trees_per_iteration_", 1) != 1:
        raise ValueError("only binary classifiers are supported")
    if getattr(clf, "is_categorical_", None) is not None and np.any(clf.is_categorical_):
        raise ValueError("categorical splits are not supported")
    trees = []
    for it in clf._predictors:
        nodes = it[0].nodes
        trees.append({
            "feature": [int(v) for v in nodes["feature_idx"]],
            "threshold": [float(v) for v in nodes["num_threshold"]],
            "missing_left": [bool(v) for v in nodes["missing_go_to_left"]],
            "left": [int(v) for v in nodes["left"]],
            "right": [int(v) for v in nodes["right"]],
            "leaf": [bool(v) for v in nodes["is_leaf"]],
            "value": [float(v) for v in nodes["value"]],
        })
    d = {"kind": "gbdt", "version": SCHEMA_VERSION, "features": list(features),
         "baseline": float(np.ravel(clf._baseline_prediction)[0]), "trees": trees}
    d.update(extra)
    return d
