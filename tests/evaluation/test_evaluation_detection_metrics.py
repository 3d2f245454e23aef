"""Hand-computed cases for the recognizer's token-level scores."""

from __future__ import annotations

import json

import pytest

from redactor.evaluation import evaluate_detection, format_markdown

TEXT = "Anna Berg lives in Oslo since 1990."
ANNA, BERG, OSLO, SINCE, Y1990 = (0, 4), (5, 9), (19, 23), (24, 29), (30, 34)


@pytest.fixture
def doc(make_doc):
    return make_doc(
        "d",
        TEXT,
        {
            "a1": [
                ("p", "PERSON", "DIRECT", (0, 9)),
                ("l", "LOC", "QUASI", OSLO),
                ("t", "DATETIME", "NO_MASK", Y1990),
            ],
            "a2": [("o", "ORG", "QUASI", OSLO), ("t", "DATETIME", "QUASI", (24, 34))],
        },
    )


PRED = {"d": [(*ANNA, "PERSON"), (*BERG, "LOC"), (*OSLO, "LOC"), (*SINCE, "DATETIME")]}


def prf(x):
    return (x.precision, x.recall, x.f1)


def test_first_annotator(doc):
    r = evaluate_detection([doc], PRED, gold_layer="first")
    assert list(r.per_type) == ["PERSON", "LOC", "DATETIME"]
    assert prf(r.per_type["PERSON"]) == pytest.approx((1.0, 0.5, 2 / 3))
    assert prf(r.per_type["LOC"]) == pytest.approx((0.5, 1.0, 2 / 3))
    assert prf(r.per_type["DATETIME"]) == (0.0, 0.0, 0.0)
    assert prf(r.micro) == pytest.approx((0.5, 0.5, 0.5))
    assert prf(r.any_pii) == pytest.approx((0.75, 0.75, 0.75))
    # labels ignored per type: "Berg" (gold PERSON) was found, though labelled LOC
    assert prf(r.per_type_any["PERSON"]) == (1.0, 1.0, 1.0)
    assert prf(r.per_type_any["LOC"]) == (1.0, 1.0, 1.0)
    assert prf(r.per_type_any["DATETIME"]) == (0.0, 0.0, 0.0)


def test_union_of_annotators(doc):
    r = evaluate_detection([doc], PRED)  # union is the default
    assert r.gold_layer == "union"
    assert list(r.per_type) == ["PERSON", "LOC", "ORG", "DATETIME"]
    org = r.per_type["ORG"]  # "Oslo" is LOC for a1 and ORG for a2; nothing predicted ORG
    assert (org.precision, org.recall, org.f1) == (None, 0.0, None)
    assert prf(r.per_type["DATETIME"]) == pytest.approx((1.0, 0.5, 2 / 3))
    assert (r.micro.tp_pred, r.micro.n_pred, r.micro.tp_gold, r.micro.n_gold) == (3, 4, 3, 6)
    assert prf(r.any_pii) == pytest.approx((1.0, 0.8, 2 * 0.8 / 1.8))


def test_overlap_partial_tokens_and_missing_docs(doc):
    r = evaluate_detection([doc], {"d": [(2, 7, "PERSON")]}, gold_layer="first")
    assert (r.per_type["PERSON"].tp_pred, r.per_type["PERSON"].n_pred) == (2, 2)
    assert r.per_type["PERSON"].recall == 1.0
    empty = evaluate_detection([doc], {})
    assert empty.any_pii.precision is None and empty.any_pii.recall == 0.0
    with pytest.raises(ValueError):
        evaluate_detection([doc], {"nope": []})
    with pytest.raises(ValueError):
        evaluate_detection([doc], PRED, gold_layer="all")  # type: ignore[arg-type]


def test_markdown_and_dict(doc):
    r = evaluate_detection([doc], PRED, gold_layer="first")
    table = format_markdown(r)
    lines = table.strip().splitlines()
    assert lines[0].startswith("| type | P | R | F1 |")
    assert "| PERSON | 1.00 | 0.50 | 0.67 | 1.00 | 1.00 | 1.00 | 2 |" in lines
    assert lines[-1] == "| **micro** | 0.50 | 0.50 | 0.50 | 0.75 | 0.75 | 0.75 | 4 |"
    union = format_markdown(evaluate_detection([doc], PRED), digits=3)
    assert "| ORG | – | 0.000 | – |" in union
    d = json.loads(json.dumps(r.to_dict()))
    assert d["any_pii"]["precision"] == 0.75 and d["per_type"]["LOC"]["n_pred"] == 2
