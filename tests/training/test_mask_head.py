"""training/risk/train_mask_head.py on a tiny NER pack the test builds: the MASK head is trained
on the NER's own layer outputs and grafted onto its graph; the NER's logits do not change, the
sequence-labelling runtime reads the head, and running the script again replaces the head."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
onnx = pytest.importorskip("onnx")

ROOT = Path(__file__).resolve().parents[2]
WORDS = ("the applicant mr jan kowalski was born in 1961 and lives in gdansk . his lawyer "
         "ms anna nowak lodged application no 36110 / 97 with the court on 3 may 2004 , a "
         "polish national who works as a taxi driver").split()
LABELS = ["O", "B-PERSON", "I-PERSON"]


def _tiny_ner(tmp_path: Path) -> tuple[Path, Path]:
    """(NER pack with an int8 graph exported like the shipped one, its fp32 checkpoint)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from transformers import BertConfig, BertForTokenClassification, BertTokenizerFast

    from redactor.models.manifest import build_manifest

    vocab = tmp_path / "vocab.txt"
    special = ["[PAD]", *(f"[unused{i}]" for i in range(99)), "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    vocab.write_text("\n".join([*special, *sorted(set(WORDS))]) + "\n", encoding="utf-8")
    base = tmp_path / "base"
    BertTokenizerFast(vocab_file=str(vocab), do_lower_case=True).save_pretrained(base)
    torch.manual_seed(0)
    cfg = BertConfig(vocab_size=len(vocab.read_text().split()), hidden_size=32, num_hidden_layers=6,
                     num_attention_heads=2, intermediate_size=64, max_position_embeddings=300,
                     num_labels=len(LABELS), id2label=dict(enumerate(LABELS)),
                     label2id={lab: i for i, lab in enumerate(LABELS)})
    model = BertForTokenClassification(cfg).eval()
    model.save_pretrained(base)

    class Wrapped(torch.nn.Module):  # the shipped NER graph's names start with /m/bert/
        def __init__(self) -> None:
            super().__init__()
            self.m = model

        def forward(self, input_ids, attention_mask):
            return self.m(input_ids=input_ids, attention_mask=attention_mask).logits

    pack = tmp_path / "ner"
    pack.mkdir()
    ids = torch.tensor([[101, 110, 111, 102]])
    torch.onnx.export(Wrapped(), (ids, torch.ones_like(ids)), str(tmp_path / "fp32.onnx"),
                      dynamo=False, opset_version=17, input_names=["input_ids", "attention_mask"],
                      output_names=["logits"],
                      dynamic_axes={k: {0: "b", 1: "t"} for k in ("input_ids", "attention_mask", "logits")})
    quantize_dynamic(str(tmp_path / "fp32.onnx"), str(pack / "model.onnx"), per_channel=True,
                     reduce_range=True, weight_type=QuantType.QInt8, op_types_to_quantize=["MatMul"])
    tok = json.loads((base / "tokenizer.json").read_text())
    tok["truncation"] = tok["padding"] = None
    (pack / "tokenizer.json").write_text(json.dumps(tok))
    (pack / "labels.json").write_text(json.dumps(LABELS))
    (pack / "config.json").write_text(json.dumps({"window": 64, "overlap": 16, "labels": LABELS}))
    build_manifest(pack, name="ner", version="t", licence="CC-BY-4.0")
    return pack, base


def _gold(tmp_path: Path) -> Path:
    """Twelve TAB-format documents; "jan kowalski" and "anna nowak" are DIRECT mentions."""
    docs = []
    for i in range(12):
        text = " ".join(WORDS[(i * 3) % len(WORDS):] + WORDS) + " " + " ".join(WORDS)
        mentions = []
        for name in ("jan kowalski", "anna nowak"):
            at = text.find(name)
            while at >= 0:
                mentions.append({"entity_mention_id": f"m{len(mentions)}", "entity_type": "PERSON",
                                 "start_offset": at, "end_offset": at + len(name),
                                 "span_text": name, "identifier_type": "DIRECT", "entity_id": name})
                at = text.find(name, at + 1)
        docs.append({"doc_id": f"d{i}", "text": text, "dataset_type": "dev",
                     "annotations": {"a1": {"entity_mentions": mentions}}})
    path = tmp_path / "gold.json"
    path.write_text(json.dumps(docs))
    return path


def test_the_mask_head_is_grafted_onto_the_ner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import onnxruntime as ort

    sys.path.insert(0, str(ROOT / "training" / "risk"))
    import train_mask_head as tmh
    from redactor_plugins.detectors.recognizer.ner_runtime import NerModel
    from redactor_plugins.indicators.seqlabel import SeqLabeller
    from redactor_plugins.shared.encoders import head_memo

    from redactor.models.manifest import verify_pack

    pack, base = _tiny_ner(tmp_path)
    plain = (pack / "model.onnx").read_bytes()
    gold = _gold(tmp_path)
    argv = ["--ner", str(pack), "--skip-folds", "--steps", "60", "--batch", "4", "--threads", "1",
            "--base", str(base), "--data", str(gold), "--work", str(tmp_path / "work")]
    tmh.main(argv)

    model = onnx.load(str(pack / "model.onnx"))
    assert [o.name for o in model.graph.output] == ["logits", "mask_logits"]
    cfg = json.loads((pack / "config.json").read_text())
    assert cfg["heads"]["mask"]["output"] == "mask_logits" and cfg["heads"]["mask"]["shared_layers"] == 4
    verify_pack(pack, force=True)  # the manifest covers the new graph

    # the entity logits are those of the plain graph
    ids = np.array([[101, *range(104, 130), 102]], dtype=np.int64)
    feed = {"input_ids": ids, "attention_mask": np.ones_like(ids)}
    old = ort.InferenceSession(plain, providers=["CPUExecutionProvider"]).run(["logits"], feed)[0]
    new = ort.InferenceSession(str(pack / "model.onnx"),
                               providers=["CPUExecutionProvider"]).run(None, feed)
    np.testing.assert_array_equal(old, new[0])
    assert new[1].shape == (1, ids.shape[1], 2)

    # the NER's pass feeds the sequence labeller, which learnt where the names are
    text = json.loads(gold.read_text())[0]["text"]
    head_memo.clear()
    monkeypatch.setenv("REDACTOR_REFERENCE_PATH", "0")
    ner = NerModel(pack, threads=1)
    assert ner.extra_heads == {"mask": "mask_logits"}
    ner.predict(text)
    seq = SeqLabeller(pack, threads=1)
    at = text.find("jan kowalski")
    (hi_name, _), (hi_other, _) = seq.span_scores(text, [(at, at + 12), (text.find("taxi"), text.find("taxi") + 11)])
    assert seq._session is None  # never built: the NER's pass supplied the head
    assert hi_name > 0.5 > hi_other
    monkeypatch.setenv("REDACTOR_REFERENCE_PATH", "1")  # its own pass gives the same numbers
    assert seq.span_scores(text, [(at, at + 12)])[0][0] == pytest.approx(hi_name, abs=1e-6)
    assert seq._session is not None

    # again: the old head is replaced, not stacked
    tmh.main(argv)
    again = onnx.load(str(pack / "model.onnx"))
    assert [o.name for o in again.graph.output] == ["logits", "mask_logits"]
    assert len(again.graph.node) == len(model.graph.node)


def test_a_head_can_own_fewer_layers_than_the_base_has_above_the_branch(tmp_path: Path) -> None:
    """--own N: the head owns the base's last N layers, whatever --shared is (a 4-layer NER
    distilled from the 6-layer one branches after its layer 2 and owns one layer)."""
    from transformers import BertForTokenClassification

    sys.path.insert(0, str(ROOT / "training" / "risk"))
    import train_mask_head as tmh

    pack, base = _tiny_ner(tmp_path)
    trimmed = tmh.trimmed_base(base, 3, 1, tmp_path / "trimmed")
    full = BertForTokenClassification.from_pretrained(base)
    small = BertForTokenClassification.from_pretrained(trimmed)
    assert small.config.num_hidden_layers == 4
    kept = [*full.bert.encoder.layer[:3], full.bert.encoder.layer[5]]
    for mine, theirs in zip(small.bert.encoder.layer, kept, strict=True):
        for a, b in zip(mine.parameters(), theirs.parameters(), strict=True):
            assert torch.equal(a, b)
    with pytest.raises(SystemExit):
        tmh.trimmed_base(base, 3, 4, tmp_path / "too_many")

    gold = _gold(tmp_path)
    tmh.main(["--ner", str(pack), "--skip-folds", "--steps", "20", "--batch", "4", "--threads",
              "1", "--base", str(base), "--data", str(gold), "--work", str(tmp_path / "work"),
              "--shared", "3", "--own", "1"])
    model = onnx.load(str(pack / "model.onnx"))
    head_norms = [n for n in model.graph.node if n.op_type == "LayerNormalization"
                  and n.name.startswith(tmh.PREFIX)]
    assert len(head_norms) == 2  # one encoder layer: after attention and after feed-forward
    cfg = json.loads((pack / "config.json").read_text())
    assert cfg["heads"]["mask"]["shared_layers"] == 3 and cfg["heads"]["mask"]["own_layers"] == 1
    assert "last 1 layer" in cfg["heads"]["mask"]["init"]
