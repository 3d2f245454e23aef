"""Loading TAB JSON and document-level folds."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from redactor.evaluation import (
    TabFormatError,
    gold_output,
    load_tab,
    merge_spans,
    parse_documents,
    restrict_annotators,
    sha256_fold,
    split_documents,
)


def _raw(mentions, text="Anna Berg met Bo in Oslo."):
    return [{"doc_id": "d", "text": text, "annotations": {"x": {"entity_mentions": mentions}}}]


def _m(eid, s, e, itype, etype="PERSON"):
    return {
        "entity_id": eid,
        "start_offset": s,
        "end_offset": e,
        "identifier_type": itype,
        "entity_type": etype,
        "entity_mention_id": f"{eid}{s}",
        "span_text": "",
    }


def test_entities_follow_first_mention_and_disagreement_rules():
    doc = parse_documents(
        _raw(
            [
                _m("p", 0, 9, "QUASI"),
                _m("p", 14, 16, "DIRECT"),
                _m("q", 20, 24, "NO_MASK", "LOC"),
                _m("q", 0, 4, "QUASI", "LOC"),
                _m("r", 5, 9, "NO_MASK"),
            ]
        )
    )[0]
    ents = {e.entity_id: e for e in doc.entities}
    assert ents["p"].need_masking and not ents["p"].is_direct  # direct-ness from first mention
    assert ents["q"].need_masking and not ents["q"].is_direct  # disagreement -> needs masking
    assert [m.span for m in ents["q"].mentions_to_mask] == [(0, 4)]
    assert not ents["r"].need_masking
    assert ents["q"].entity_type == "LOC" and ents["q"].annotator == "x"


@pytest.mark.parametrize(
    "bad",
    [
        _m("p", 5, 5, "QUASI"),
        _m("p", -1, 3, "QUASI"),
        _m("p", 0, 99, "QUASI"),
        _m("p", 0, 3, "MAYBE"),
        {"entity_id": "p", "start_offset": 0},
    ],
)
def test_malformed_mentions_are_rejected(bad):
    with pytest.raises(TabFormatError):
        parse_documents(_raw([bad]))


def test_not_a_list_and_duplicate_ids_are_rejected():
    with pytest.raises(TabFormatError):
        parse_documents({"doc_id": "d"})
    with pytest.raises(TabFormatError):
        parse_documents(_raw([]) + _raw([]))


def test_gold_output_and_restriction():
    raw = _raw([_m("p", 0, 9, "DIRECT"), _m("p", 5, 9, "DIRECT"), _m("q", 20, 24, "NO_MASK")])
    raw[0]["annotations"]["y"] = {"entity_mentions": [_m("z", 10, 13, "QUASI")]}
    docs = parse_documents(raw)
    assert gold_output(docs) == {"d": [(0, 9), (10, 13)]}
    assert gold_output(docs, annotators={"x"}, include_no_mask=True) == {"d": [(0, 9), (20, 24)]}
    assert gold_output(docs, annotators={"nobody"}) == {}
    assert restrict_annotators(docs, {"y"})[0].annotator_ids == ("y",)
    assert restrict_annotators(docs, {"nobody"}) == ()
    assert merge_spans([(5, 8), (0, 3), (3, 4), (7, 10)]) == [(0, 4), (5, 10)]


def test_split_documents_is_a_deterministic_partition():
    ids = [f"001-{i}" for i in range(200)]
    folds = split_documents(ids, 5)
    assert [f.index for f in folds] == list(range(5))
    tests = [d for f in folds for d in f.test]
    assert sorted(tests) == sorted(ids)  # each document is tested exactly once
    for f in folds:
        assert not set(f.train) & set(f.test)
        assert len(f.train) + len(f.test) == len(ids)
        assert all(sha256_fold(d, 5) == f.index for d in f.test)
    assert folds == split_documents(list(ids), 5)
    assert min(len(f.test) for f in folds) > 20  # roughly balanced
    digest = hashlib.sha256(b"001-7").digest()
    assert sha256_fold("001-7", 3) == int.from_bytes(digest[:8], "big") % 3


def test_split_documents_custom_fold_and_objects():
    docs = parse_documents(_raw([]) + [{"doc_id": "e", "text": "t", "annotations": {}}])
    folds = split_documents(docs, 2, fold_of=lambda doc_id, k: 0 if doc_id == "d" else 1)
    assert [d.doc_id for d in folds[0].test] == ["d"] and [d.doc_id for d in folds[0].train] == [
        "e"
    ]
    with pytest.raises(ValueError):
        split_documents(docs, 1)
    with pytest.raises(ValueError):
        split_documents(docs, 2, fold_of=lambda doc_id, k: 7)
    with pytest.raises(ValueError):
        split_documents(["a", "a"], 2)


def test_shared_files_load(shared_data):
    paths = {
        "sample": shared_data / "tab" / "tab_dev_official_sample.json",
        "merged": shared_data / "tab" / "tab_dev.json",
        "wiki": shared_data / "wiki" / "wiki_dev.json",
    }
    if not all(p.is_file() for p in paths.values()):
        pytest.skip("shared TAB files not present")
    merged = load_tab(paths["merged"])
    assert len(merged) == 55 and all(d.annotator_ids == ("merged",) for d in merged)
    kinds = Counter(m.identifier_type for d in merged for lay in d.annotators for m in lay.mentions)
    assert kinds == {"DIRECT": 268, "QUASI": 2314, "NO_MASK": 1550}
    for docs in (merged, load_tab(paths["sample"]), load_tab(paths["wiki"])):
        for d in docs:
            for lay in d.annotators:
                assert all(d.text[m.start : m.end] == m.span_text for m in lay.mentions)
    wiki = load_tab(paths["wiki"])
    assert len(wiki) == 55 and all(len(d.annotators) == 1 for d in wiki)
    assert all(d.generalized_text is not None for d in wiki)
