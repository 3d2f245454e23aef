"""Fast checks of the NER recipe's data preparation (training/ner/common.py, synth.py)."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

NER_DIR = Path(__file__).resolve().parents[2] / "training" / "ner"
sys.path.insert(0, str(NER_DIR))

import common  # noqa: E402
from common import (  # noqa: E402
    LABELS,
    bio_tags,
    bio_to_spans,
    doc_record,
    gold_spans,
    is_validation,
    map_teacher,
    merge_silver,
    resolve_overlaps,
    split_docs,
    windows,
)


def _offsets(text: str) -> list[tuple[int, int]]:
    """Whitespace tokens, plus special tokens (0, 0) at both ends like a BERT encoding."""
    import re

    return [(0, 0)] + [(m.start(), m.end()) for m in re.finditer(r"\S+", text)] + [(0, 0)]


def test_labels_are_bio_over_eight_types() -> None:
    assert LABELS[0] == "O" and len(LABELS) == 17
    assert {lab[2:] for lab in LABELS[1:]} == set(common.TYPES)


def test_bio_tags_and_back() -> None:
    text = "Mr John Smith lives in New York since 3 May 2001 ."
    spans = [(0, 13, "PERSON"), (23, 31, "LOC"), (38, 48, "DATETIME")]
    offs = _offsets(text)
    tags = bio_tags(offs, spans)
    assert tags == ["O", "B-PERSON", "I-PERSON", "I-PERSON", "O", "O", "B-LOC", "I-LOC", "O",
                    "B-DATETIME", "I-DATETIME", "I-DATETIME", "O", "O"]
    assert bio_to_spans(offs, tags) == spans


def test_bio_tags_adjacent_spans_of_same_type_get_new_b() -> None:
    text = "Smith Jones"
    offs = _offsets(text)
    assert bio_tags(offs, [(0, 5, "PERSON"), (6, 11, "PERSON")]) == ["O", "B-PERSON", "B-PERSON", "O"]


def test_bio_tags_word_pieces() -> None:
    # "36110/97" split into pieces: all pieces of the span are tagged
    offs = [(0, 0), (0, 3), (4, 9), (9, 10), (10, 12), (0, 0)]
    assert bio_tags(offs, [(4, 12, "CODE")]) == ["O", "O", "B-CODE", "I-CODE", "I-CODE", "O"]


def test_resolve_overlaps_prefers_longest() -> None:
    spans = [(0, 7, "DEM"), (0, 16, "DEM"), (20, 40, "ORG"), (30, 40, "LOC"), (41, 45, "MISC")]
    assert resolve_overlaps(spans) == [(0, 16, "DEM"), (20, 40, "ORG"), (41, 45, "MISC")]


def test_merge_silver_constructed_spans_win() -> None:
    constructed = [(0, 10, "PERSON"), (20, 30, "DATETIME")]
    teacher = [(0, 5, "ORG"), (12, 18, "LOC"), (25, 35, "QUANTITY"), (40, 44, "MISC")]
    assert merge_silver(constructed, teacher) == [
        (0, 10, "PERSON"), (12, 18, "LOC"), (20, 30, "DATETIME"), (40, 44, "MISC")]


def test_map_teacher() -> None:
    text = "Under Article 3 the two men went to the United Kingdom on Monday."
    ents = [(14, 15, "CARDINAL"), (20, 23, "CARDINAL"), (36, 54, "GPE"), (58, 64, "DATE"),
            (0, 5, "ORDINAL")]
    assert map_teacher(text, ents) == [(20, 23, "QUANTITY"), (40, 54, "LOC"), (58, 64, "DATETIME")]


def test_windows_cover_everything_once_with_overlap() -> None:
    assert windows(10, 20, 5) == [(0, 10)]
    w = windows(100, 30, 10)
    assert w[0] == (0, 30) and w[-1][1] == 100
    for (_s0, e0), (s1, _e1) in zip(w, w[1:], strict=False):
        assert e0 - s1 == 10
    covered = set()
    for s, e in w:
        covered |= set(range(s, e))
    assert covered == set(range(100))


def test_doc_split_rule_is_fixed() -> None:
    ids = [f"001-{i}" for i in range(200)]
    docs = [{"doc_id": i} for i in ids]
    train, val = split_docs(docs)
    assert len(train) + len(val) == 200 and 20 < len(val) < 80
    for d in val:
        assert int(hashlib.sha256(d["doc_id"].encode()).hexdigest()[2:4], 16) % 4 == 0
    assert all(not is_validation(d["doc_id"]) for d in train)


def test_gold_spans_and_record() -> None:
    doc = {"doc_id": "x", "text": "Ms A. lawyer", "annotations": {
        "a1": {"entity_mentions": [
            {"entity_type": "PERSON", "start_offset": 0, "end_offset": 5},
            {"entity_type": "DEM", "start_offset": 6, "end_offset": 12},
            {"entity_type": "DEM", "start_offset": 6, "end_offset": 12}]},
        "a2": {"entity_mentions": [{"entity_type": "PERSON", "start_offset": 3, "end_offset": 5}]}}}
    assert gold_spans(doc) == [(0, 5, "PERSON"), (3, 5, "PERSON"), (6, 12, "DEM")]
    rec = doc_record("x", doc["text"], gold_spans(doc), "tab")
    assert rec["spans"] == [[0, 5, "PERSON"], [6, 12, "DEM"]]


def test_synthetic_spans_match_their_text() -> None:
    pytest.importorskip("faker")
    from synth import generate, render

    text, spans = render("On {d} [the Court|ORG] met.", {"d": (lambda: "6 May 2001", "DATETIME")})
    assert text == "On 6 May 2001 the Court met."
    assert [text[s:e] for s, e, _ in spans] == ["6 May 2001", "the Court"]
    for _kind, text, spans in generate(4, seed=1, phrases_csv=Path("/nonexistent.csv")):
        assert spans
        for s, e, t in spans:
            assert t in common.TYPES and text[s:e].strip() == text[s:e] and e > s


def test_real_dev_split_if_present() -> None:
    path = common.SHARED_DATA / "tab" / "tab_dev.json"
    if not path.exists():
        pytest.skip("../shared/data not available")
    train, val = split_docs(common.load_tab(path))
    assert len(val) == 15 and len(train) == 40


def test_fold_recipe_holds_out_one_fold_and_records_it(tmp_path: Path) -> None:
    """``build.py folds``: one prepare/train/export chain per fold, each with its own data and
    output folder; ``fold_meta.py`` records exactly the held-out documents."""
    import json
    import subprocess

    import build

    cmds = build.fold_commands(["--k", "3", "--only", "1"])
    flat = [" ".join(c) for c in cmds]
    assert len(cmds) == 6 and all("fold1" in c for c in flat)
    assert "--folds 3 --fold 1" in flat[0]
    assert "--resume" in flat[2] and "model_ep0" in flat[2]
    assert [c[2] for c in cmds[3:5]] == ["export", "quantize"]
    assert len(build.fold_commands(["--k", "3"])) == 18
    assert len(build.fold_commands([])) == 30  # default: 5 folds (80 % of the documents each)
    folder = tmp_path / "fold1"
    (folder / "data").mkdir(parents=True)
    (folder / "data" / "val_ids.json").write_text(json.dumps({"tab": ["b", "a"], "wiki": ["c"]}))
    subprocess.run([sys.executable, str(NER_DIR / "fold_meta.py"), "3", "1", str(folder)],
                   check=True, capture_output=True)
    meta = json.loads((folder / "fold.json").read_text())
    assert meta["test_doc_ids"] == ["a", "b", "c"] and meta["k"] == 3 and meta["fold"] == 1
    assert not (folder / "int8").exists()
    (folder / "int8").mkdir()
    (folder / "int8" / "model.onnx").write_bytes(b"model")
    subprocess.run([sys.executable, str(NER_DIR / "fold_meta.py"), "3", "1", str(folder)],
                   check=True, capture_output=True)
    manifest = json.loads((folder / "int8" / "manifest.json").read_text())
    assert [f["file"] for f in manifest["files"]] == ["model.onnx"]


def test_fold_split_holds_out_each_document_once() -> None:
    import prepare

    from redactor.evaluation import sha256_fold

    docs = [{"doc_id": f"001-{i}"} for i in range(60)]
    held = []
    for j in range(3):
        train, test = prepare.fold_split(docs, 3, j)
        assert len(train) + len(test) == 60 and test
        assert all(sha256_fold(d["doc_id"], 3) == j for d in test)
        assert not {d["doc_id"] for d in train} & {d["doc_id"] for d in test}
        held += [d["doc_id"] for d in test]
    assert sorted(held) == sorted(d["doc_id"] for d in docs)


def test_distillation_loss_pulls_towards_the_teacher_on_real_pieces_only() -> None:
    torch = pytest.importorskip("torch")
    import train  # training/ner/train.py
    from transformers import BertConfig, BertForTokenClassification

    cfg = BertConfig(vocab_size=50, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                     intermediate_size=32, num_labels=len(LABELS))
    torch.manual_seed(0)
    student, other = BertForTokenClassification(cfg), BertForTokenClassification(cfg)
    twin = BertForTokenClassification(cfg)
    twin.load_state_dict(student.state_dict())
    for m in (student, other, twin):
        m.eval()  # no dropout: the same weights give the same logits
    ids = torch.tensor([[2, 7, 9, 11, 0, 0]])
    att = torch.tensor([[1, 1, 1, 1, 0, 0]])
    lab = torch.tensor([[0, 1, 2, 0, -100, -100]])
    out = student(input_ids=ids, attention_mask=att, labels=lab)
    # a teacher with the student's own weights adds nothing: (1 - alpha) x the hard loss
    same = train.distil_loss(out.logits, twin, ids, att, out.loss, 0.5, 2.0)
    assert torch.isclose(same, 0.5 * out.loss, atol=1e-6)
    # another teacher adds a positive KL term, and only the student gets gradients
    loss = train.distil_loss(out.logits, other, ids, att, out.loss, 0.5, 2.0)
    assert loss > same
    loss.backward()
    assert student.classifier.weight.grad is not None
    assert all(p.grad is None for p in other.parameters())
    # padded pieces do not count: changing the logits there changes nothing
    moved = out.logits.detach().clone()
    moved[0, 4:] += 5.0
    assert torch.isclose(train.distil_loss(moved, other, ids, att, out.loss.detach(), 1.0, 2.0),
                         train.distil_loss(out.logits.detach(), other, ids, att,
                                           out.loss.detach(), 1.0, 2.0))


def test_student_keeps_the_chosen_layers_of_its_teacher(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    import student  # training/ner/student.py
    from transformers import BertConfig, BertForTokenClassification

    cfg = BertConfig(vocab_size=50, hidden_size=16, num_hidden_layers=6, num_attention_heads=2,
                     intermediate_size=32, num_labels=len(LABELS))
    torch.manual_seed(0)
    teacher = BertForTokenClassification(cfg)
    teacher.save_pretrained(tmp_path / "teacher")
    student.make_student(tmp_path / "teacher", tmp_path / "student", (0, 1, 2, 5))
    small = BertForTokenClassification.from_pretrained(tmp_path / "student")
    assert small.config.num_hidden_layers == 4 and len(small.bert.encoder.layer) == 4
    for mine, theirs in zip(small.bert.encoder.layer, [teacher.bert.encoder.layer[i]
                                                        for i in (0, 1, 2, 5)], strict=True):
        for a, b in zip(mine.parameters(), theirs.parameters(), strict=True):
            assert torch.equal(a, b)
    assert torch.equal(small.classifier.weight, teacher.classifier.weight)
    with pytest.raises(SystemExit):
        student.make_student(tmp_path / "teacher", tmp_path / "bad", (0, 7))


def test_fold_recipe_can_ship_a_distilled_student() -> None:
    import build  # training/ner/build.py

    cmds = build.fold_commands(["--k", "3", "--only", "1", "--student"])
    names = [Path(c[1]).name for c in cmds]
    assert names == ["prepare.py", "train.py", "train.py", "student.py", "train.py",
                     "export.py", "export.py", "fold_meta.py"]
    distil = cmds[4]
    fold = build.WORK / "folds" / "k3" / "fold1"
    assert distil[distil.index("--teacher") + 1] == str(fold / "model")
    assert distil[distil.index("--out") + 1] == str(fold / "student")
    for export in cmds[5:7]:
        assert export[export.index("--model") + 1] == str(fold / "student")
    assert "--case-types" in cmds[1]  # stage 1 starts the model reading capitalisation
    plain = build.fold_commands(["--k", "3", "--only", "1"])
    assert "student.py" not in " ".join(c[1] for c in plain)
    assert plain[-2][plain[-2].index("--model") + 1] == str(fold / "model")
