"""The JSON model evaluators reproduce sklearn's predictions exactly (no pickle anywhere)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from redactor_plugins.indicators.models import (
    HashedPrior,
    export_hgb,
    export_logistic,
    load_model,
    model_from_dict,
    text_features,
)


@pytest.fixture
def data():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(600, 7))
    y = (X[:, 0] + X[:, 1] ** 2 - X[:, 2] * X[:, 3] + rng.normal(size=600) * 0.3 > 0.8).astype(int)
    return X, y


def test_logistic_matches_sklearn(data, tmp_path):
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler

    X, y = data
    sc = StandardScaler().fit(X)
    clf = LogisticRegression(max_iter=1000).fit(sc.transform(X), y)
    d = export_logistic(clf, [f"f{i}" for i in range(7)], sc, threshold=0.3)
    path = tmp_path / "lr.json"
    path.write_text(json.dumps(d))
    m = load_model(path)
    assert m.threshold == 0.3 and d["version"] >= 1
    np.testing.assert_allclose(m.predict_proba(X), clf.predict_proba(sc.transform(X))[:, 1],
                               atol=1e-12)


def test_gbdt_matches_sklearn_with_missing_values(data):
    from sklearn.ensemble import HistGradientBoostingClassifier

    X, y = data
    X = X.copy()
    X[np.random.default_rng(1).random(X.shape) < 0.05] = np.nan
    clf = HistGradientBoostingClassifier(max_iter=60, max_leaf_nodes=15, random_state=0).fit(X, y)
    m = model_from_dict(json.loads(json.dumps(export_hgb(clf, [f"f{i}" for i in range(7)]))))
    np.testing.assert_allclose(m.predict_proba(X), clf.predict_proba(X)[:, 1], atol=1e-12)


def test_hashed_prior_learns_masked_phrases():
    texts = ["John Smith", "Mary Jones", "Peter Brown", "American", "British", "French"] * 5
    labels = ["PERSON"] * 3 + ["DEM"] * 3
    labels = labels * 5
    y = [1, 1, 1, 0, 0, 0] * 5
    prior = HashedPrior.fit(texts, labels, y, buckets=512)
    assert prior.score("Anna Smith", "PERSON") > prior.score("German", "DEM")
    again = model_from_dict(json.loads(json.dumps(prior.d)))
    assert again.score("John Smith", "PERSON") == pytest.approx(prior.score("John Smith", "PERSON"))
    assert "w:john" in text_features("John", "PERSON")


def test_unknown_kind_is_rejected():
    with pytest.raises(ValueError):
        model_from_dict({"kind": "pickle"})


def test_shipped_artefacts_are_versioned_json():
    from redactor.core.resources import resource_path

    files = sorted(resource_path("risk").glob("*.json"))
    if not files:
        pytest.skip("no artefacts built yet")
    for f in files:
        d = json.loads(f.read_text())
        assert "version" in d, f.name
