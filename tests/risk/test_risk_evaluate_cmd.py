"""`redactor evaluate` on a tiny gold file built here."""

from __future__ import annotations

import argparse
import json

import pytest
from risk_samples import ITEMS, TEXT


def _gold(tmp_path):
    masked = {"Galip Yalman", "Yalman", "34567/98", "1965", "Ankara", "television producer",
              "12 March 1998"}
    direct = {"Galip Yalman", "Yalman", "34567/98"}
    mentions, pos = [], {}
    for n, (sub, lab) in enumerate(ITEMS):
        i = TEXT.index(sub, pos.get(sub, 0))
        pos[sub] = i + 1
        ident = "DIRECT" if sub in direct else "QUASI" if sub in masked else "NO_MASK"
        ent = "yalman" if "Yalman" in sub else f"e{n}"
        mentions.append({"entity_type": lab, "entity_mention_id": f"m{n}", "start_offset": i,
                         "end_offset": i + len(sub), "span_text": sub, "identifier_type": ident,
                         "entity_id": ent, "confidential_status": "NOT_CONFIDENTIAL",
                         "edit_type": "check"})
    docs = [{"doc_id": f"test-{k}", "text": TEXT, "task": "", "dataset_type": "test",
             "annotations": {"a1": {"entity_mentions": mentions}}} for k in range(2)]
    path = tmp_path / "gold.json"
    path.write_text(json.dumps(docs))
    return path


def _args(path, *extra):
    from redactor.cli import evaluate_cmd

    p = argparse.ArgumentParser()
    evaluate_cmd.configure(p)
    return p.parse_args([str(path), *extra])


def test_gold_spans_table(risk_ready, tmp_path, capsys):
    from redactor.cli import evaluate_cmd

    args = _args(_gold(tmp_path), "--gold-spans", "--json", "--folds", "0", "--indicators",
                 "llm-probability", "span-classifier", "perturbation", "sequence-labelling")
    assert evaluate_cmd.run(args) == 0
    out = json.loads(capsys.readouterr().out)
    table = out["table"]
    assert table["mask everything detected"]["R_direct"] == 1.0
    for row in ("llm-probability", "span-classifier", "perturbation",
                "sequence-labelling (strict)", "sequence-labelling (partial)", "≥1 of 4",
                "≥2 of 4", "≥3 of 4"):
        assert row in table, row
        assert set(evaluate_cmd.COLUMNS) <= set(table[row])
    assert table["mask everything detected"]["P_w"] is not None
    assert "not comparable" in out["meta"]["weighted_precision_model"]
    assert out["meta"]["documents"] == 2
    assert any(r.startswith("policy: k=1 of 2") for r in table)  # the default policy's own


def test_default_policy_rows(risk_ready, tmp_path, capsys):
    from redactor.cli import evaluate_cmd

    args = _args(_gold(tmp_path), "--gold-spans", "--json", "--folds", "0", "--no-weighted")
    assert evaluate_cmd.run(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["meta"]["policy_indicators"] == ["span-classifier", "sequence-labelling (partial)"]
    assert "≥3 of 4" in out["table"]
    row = "policy: k=1 of 2 (span-classifier, sequence-labelling (partial))"
    assert out["table"][row]["R_direct"] == 1.0


def test_detection_table_and_markdown(risk_ready, tmp_path, capsys):
    from redactor.cli import evaluate_cmd

    args = _args(_gold(tmp_path), "--detection", "--indicators", "sequence-labelling",
                 "--no-weighted", "--limit", "1", "--folds", "0", "-k", "1")
    assert evaluate_cmd.run(args) == 0
    text = capsys.readouterr().out
    assert "| method | P | P_w | R_all | F1 | R_ent | R_direct | R_quasi |" in text
    assert "sequence-labelling (partial)" in text
    assert "CODE" in text  # the detection table has a row per type


def test_registered_as_command():
    from redactor.cli.commands import CommandRegistry
    from redactor.cli.evaluate_cmd import register

    reg = CommandRegistry()
    register(reg)
    assert "evaluate" in reg.names()


def test_unknown_indicator_is_a_usage_error(tmp_path):
    from redactor.cli import evaluate_cmd
    from redactor.core.errors import UsageError

    with pytest.raises(UsageError):
        evaluate_cmd.run(_args(_gold(tmp_path), "--indicators", "nope"))


def test_fold_artefacts_are_picked_per_document(tmp_path, monkeypatch):
    from redactor.cli import evaluate_cmd

    for j, ids in enumerate((["a", "b"], ["c"])):
        d = tmp_path / "risk" / "folds" / "k2" / f"fold{j}"
        d.mkdir(parents=True)
        (d / "fold.json").write_text(json.dumps({"fold": j, "k": 2, "test_doc_ids": ids}))
    s = tmp_path / "seqlabel" / "fold0"
    s.mkdir(parents=True)
    (s / "fold.json").write_text(json.dumps({"test_doc_ids": ["a"]}))
    (s / "model.onnx").write_bytes(b"")
    monkeypatch.setattr(evaluate_cmd, "WORK", tmp_path)
    m = evaluate_cmd._fold_dirs(2)
    assert m["a"]["classifiers"].name == "fold0" and m["a"]["seqlabel"].name == "fold0"
    assert m["c"]["classifiers"].name == "fold1" and "seqlabel" not in m["c"]
    assert evaluate_cmd._fold_dirs(0) == {}


def test_ner_fold_models_are_picked_per_document(tmp_path, monkeypatch):
    from redactor.cli import evaluate_cmd

    for j, ids in enumerate((["a"], ["b"])):
        d = tmp_path / "ner" / "folds" / "k2" / f"fold{j}"
        (d / "int8").mkdir(parents=True)
        (d / "fold.json").write_text(json.dumps({"fold": j, "k": 2, "test_doc_ids": ids}))
        if j == 0:  # fold 1's export did not finish: no model, so no override
            (d / "int8" / "model.onnx").write_bytes(b"")
    monkeypatch.setattr(evaluate_cmd, "WORK", tmp_path)
    m = evaluate_cmd._fold_dirs(5)
    assert m["a"]["ner"] == tmp_path / "ner" / "folds" / "k2" / "fold0" / "int8"
    assert "b" not in m


def _ner_fold(root, k, j, ids, model=True):
    d = root / "ner" / "folds" / f"k{k}" / f"fold{j}"
    (d / "int8").mkdir(parents=True)
    (d / "fold.json").write_text(json.dumps({"fold": j, "k": k, "test_doc_ids": ids}))
    if model:
        (d / "int8" / "model.onnx").write_bytes(b"")
    return d


def _head(root, sub, k, ids):
    d = root / "seqlabel_head" / sub
    d.mkdir(parents=True)
    (d / "fold.json").write_text(json.dumps({"fold": 0, "k": k, "test_doc_ids": ids}))
    (d / "model.onnx").write_bytes(b"")
    return d


def test_one_fold_count_of_ner_models_and_heads_is_used(tmp_path, monkeypatch):
    from redactor.cli import evaluate_cmd

    monkeypatch.setattr(evaluate_cmd, "WORK", tmp_path)
    for j, ids in enumerate((["a", "b"], ["c"])):
        _ner_fold(tmp_path, 2, j, ids)
    k3 = [_ner_fold(tmp_path, 3, j, ids) for j, ids in enumerate((["a"], ["b"], ["c"]))]
    old_head = _head(tmp_path, "fold0", 2, ["a", "b"])  # sits on a k=2 NER: never with k=3
    m = evaluate_cmd._fold_dirs(5)
    assert m["b"]["ner"] == k3[1] / "int8" and "seqlabel" not in m["a"]
    new_head = _head(tmp_path, "k3/fold0", 3, ["a"])
    m = evaluate_cmd._fold_dirs(5)
    assert m["a"]["seqlabel"] == m["a"]["ner"] == new_head and m["c"]["ner"] == k3[2] / "int8"
    # a k=4 set still training (one fold without a model) does not displace the complete k=3
    _ner_fold(tmp_path, 4, 0, ["a"])
    _ner_fold(tmp_path, 4, 1, ["b"], model=False)
    assert evaluate_cmd._fold_dirs(5)["b"]["ner"] == k3[1] / "int8"
    assert old_head.is_dir()


def test_a_damaged_fold_record_is_a_one_line_input_error(tmp_path, monkeypatch):
    from redactor.cli import evaluate_cmd
    from redactor.core.errors import InputError

    monkeypatch.setattr(evaluate_cmd, "WORK", tmp_path)
    d = _ner_fold(tmp_path, 3, 0, ["a"])
    (d / "fold.json").write_text("{truncated")
    with pytest.raises(InputError, match=r"fold\.json: damaged fold record"):
        evaluate_cmd._fold_dirs(5)
    (d / "fold.json").write_text(json.dumps({"fold": 0}))
    with pytest.raises(InputError, match="damaged fold record"):
        evaluate_cmd._fold_dirs(5)


def test_out_of_fold_without_fold_models_is_a_usage_error(tmp_path, monkeypatch):
    from redactor.cli import evaluate_cmd
    from redactor.core.errors import UsageError

    monkeypatch.setattr(evaluate_cmd, "WORK", tmp_path)
    with pytest.raises(UsageError, match="--out-of-fold"):
        evaluate_cmd.run(_args(_gold(tmp_path), "--out-of-fold", "--no-weighted"))


def test_out_of_fold_scores_only_documents_every_model_left_out(tmp_path, monkeypatch):
    from redactor.cli import evaluate_cmd

    gold = _gold(tmp_path)  # documents test-0 and test-1
    seen = []

    def collect(gold_docs, **kw):
        seen.extend(g.doc_id for g in gold_docs)
        raise SystemExit(0)

    monkeypatch.setattr(evaluate_cmd, "_fold_dirs", lambda n: {
        "test-0": {"ner": tmp_path, "classifiers": tmp_path, "seqlabel": tmp_path},
        "test-1": {"ner": tmp_path, "classifiers": tmp_path}})
    monkeypatch.setattr(evaluate_cmd, "collect", collect)
    with pytest.raises(SystemExit):
        evaluate_cmd.run(_args(gold, "--out-of-fold", "--no-weighted"))
    assert seen == ["test-0"]


def test_policy_row_uses_the_policys_thresholds():
    """Per-indicator rows keep each indicator's verdict; the policy row re-judges the scores
    at the policy's [risk.thresholds] (row ids "x (partial)" match the policy's "x")."""
    from redactor.cli.evaluate_cmd import policy_signal
    from redactor.core.model import RiskSignal
    from redactor.core.policy import policy_from_dict

    pol = policy_from_dict({"risk": {"thresholds": {"sequence-labelling": 0.2}}})
    s = RiskSignal("sequence-labelling", 0.3, False, "why")
    assert policy_signal(s, "sequence-labelling (partial)", pol).risky
    assert not policy_signal(RiskSignal("sequence-labelling", 0.1, True), "sequence-labelling (partial)",
                             pol).risky
    other = RiskSignal("span-classifier", 0.3, False)
    assert policy_signal(other, "span-classifier", pol) is other


def test_a_detector_failing_stops_the_evaluation(tmp_path, monkeypatch):
    """A fold model that cannot load must not quietly score the documents without it (the
    NER fold models once lacked their manifest and every ORG went missing from the figures)."""
    from redactor.cli import evaluate_cmd
    from redactor.core.errors import InputError

    broken = tmp_path / "broken-ner"
    broken.mkdir()
    monkeypatch.setattr(evaluate_cmd, "_fold_dirs", lambda n: {"test-0": {"ner": broken}})
    with pytest.raises(InputError, match=r"ner failed on test-0 \(detect\)"):
        evaluate_cmd.run(_args(_gold(tmp_path), "--no-weighted", "--indicators",
                               "span-classifier"))


def test_an_indicator_failing_everywhere_is_one_warning(tmp_path, monkeypatch, capsys):
    """A missing fold file of one indicator printed one warning per document (55 lines over
    the progress line); now one line says how many documents it failed on."""
    from redactor_plugins.indicators import plugin as indicators

    from redactor.cli import evaluate_cmd

    def broken(self, doc, findings, entities, ctx):  # type: ignore[no-untyped-def]
        raise FileNotFoundError("fold0/span_classifier.json")

    cls = next(c for c in vars(indicators).values()
               if isinstance(c, type) and c.__dict__.get("id") == "span-classifier")
    monkeypatch.setattr(cls, "assess", broken)
    assert evaluate_cmd.run(_args(_gold(tmp_path), "--no-weighted", "--gold-spans",
                                  "--folds", "0", "--indicators", "span-classifier")) == 0
    err = [line for line in capsys.readouterr().err.splitlines() if "failed on" in line]
    assert err == ["warning: span-classifier failed on 2 of 2 documents (first test-0): "
                   "FileNotFoundError: fold0/span_classifier.json"]
