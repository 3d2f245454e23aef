"""Sanity checks on the multi-annotator TAB sample (shared data; skipped when absent)."""

from __future__ import annotations

import json
import re

import pytest

from redactor.evaluation import (
    evaluate_tab,
    load_tab,
    mask_all_gold_output,
    merge_spans,
    perfect_output,
    restrict_annotators,
)
from redactor.evaluation.tab_metrics import CLOSED_CLASS_POS, TOKENS_TO_IGNORE

POS_IGNORED = {"ADP", "PART", "CCONJ", "DET"}


@pytest.fixture(scope="module")
def sample_path(shared_data):
    path = shared_data / "tab" / "tab_dev_official_sample.json"
    if not path.is_file():
        pytest.skip("tab_dev_official_sample.json not present")
    return path


@pytest.fixture(scope="module")
def docs(sample_path):
    return load_tab(sample_path)


@pytest.fixture(scope="module")
def raw(sample_path):
    return {d["doc_id"]: d for d in json.loads(sample_path.read_text(encoding="utf-8"))}


def test_shape_of_sample(docs):
    assert len(docs) == 7
    assert sum(len(d.annotators) for d in docs) == 18
    assert max(len(d.annotators) for d in docs) == 9
    assert len({a for d in docs for a in d.annotator_ids}) == 10


def test_perfect_output_of_each_annotator_recalls_all_its_entities(docs):
    for annotator in sorted({a for d in docs for a in d.annotator_ids}):
        own = restrict_annotators(docs, {annotator})
        r = evaluate_tab(own, perfect_output(docs, annotator))
        assert r.er_direct in (1.0, None), annotator
        assert r.er_quasi == 1.0 and r.er_all == 1.0, annotator
        assert r.token_precision == 1.0, annotator
        inconsistent = any(
            not m.needs_masking
            for d in own
            for e in d.entities
            if e.need_masking
            for m in e.mentions
        )
        # Token recall counts every mention of an entity that needs masking, including the
        # NO_MASK mentions of entities annotated inconsistently; those stay unmasked here.
        if not inconsistent:
            assert r.token_recall == 1.0, annotator
        else:
            assert 0.9 < r.token_recall < 1.0, annotator


def test_masking_every_gold_span_recalls_everything(docs):
    r = evaluate_tab(docs, mask_all_gold_output(docs))
    assert r.er_direct == 1.0 and r.er_quasi == 1.0 and r.er_all == 1.0
    assert r.token_recall == 1.0 and r.mention_recall == 1.0
    assert r.direct_entities == 40 and r.quasi_entities == 408
    assert 0.0 < r.token_precision < 1.0  # annotators disagree


def test_masking_nothing(docs):
    r = evaluate_tab(docs, {d.doc_id: [] for d in docs})
    assert r.er_direct == 0.0 and r.er_quasi == 0.0 and r.er_all == 0.0
    assert r.mention_recall == 0.0
    assert r.token_precision is None
    # Token recall is not 0: TAB lets stop-word tokens of a mention stay unmasked, so a \w+
    # token such as "the" counts as masked on its own. Recount those tokens independently.
    exempt = total = 0
    for d in docs:
        for e in d.entities:
            if not e.need_masking:
                continue
            for m in e.mentions:
                for t in re.finditer(r"\w+", d.text[m.start : m.end]):
                    word = t.group().lower()
                    before = d.text[m.start + t.start() - 1] if m.start + t.start() else ""
                    total += 1
                    exempt += (
                        CLOSED_CLASS_POS.get(word) in POS_IGNORED
                        or word in TOKENS_TO_IGNORE
                        or (word == "s" and before in "'’")
                    )
    assert r.recall_tokens == total
    assert r.recall_tokens_masked == exempt
    assert 0 < r.token_recall < 0.1


def test_precision_of_one_annotators_spans_recomputed_by_hand(docs, raw):
    doc_id = "001-61815"  # the document with 9 annotators
    doc = next(d for d in docs if d.doc_id == doc_id)
    output = mask_all_gold_output([doc], {"annotator1"})  # NO_MASK spans included
    r = evaluate_tab([doc], output)

    text = raw[doc_id]["text"]
    annotations = raw[doc_id]["annotations"]
    masked_by = {
        a: [
            (m["start_offset"], m["end_offset"])
            for m in ann["entity_mentions"]
            if m["identifier_type"] in ("DIRECT", "QUASI")
        ]
        for a, ann in annotations.items()
    }
    spans = merge_spans(
        (m["start_offset"], m["end_offset"]) for m in annotations["annotator1"]["entity_mentions"]
    )
    tokens = [
        (s + t.start(), s + t.end()) for s, e in spans for t in re.finditer(r"\w+", text[s:e])
    ]
    score = sum(
        sum(any(ms <= s and me >= e for ms, me in mentions) for mentions in masked_by.values())
        for s, e in tokens
    )
    expected = score / (len(tokens) * len(annotations))

    assert len(annotations) == 9
    assert r.system_tokens == len(tokens)
    assert r.token_precision == pytest.approx(expected)
    assert 0.0 < r.token_precision < 1.0
