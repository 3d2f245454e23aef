"""train: fine-tune the (dequantized) Rampart MiniLM-L6 BERT for 8-type BIO tagging.

Reads training/work/ner/data/train.jsonl, writes a Hugging Face folder to
training/work/ner/model (saved after every epoch, so an interrupted run still leaves a model).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "2")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent))

import torch  # noqa: E402
from common import (  # noqa: E402,I001
    LABEL2ID,
    LABELS,
    SHARED_DATA,
    WORK,
    bio_tags,
    case_flags,
    gold_spans,
    load_tab,
    read_jsonl,
    split_docs,
    windows,
)
from tokenizers import Tokenizer  # noqa: E402

# Rampart labels whose classifier rows initialise ours (mean of their rows).
INIT_FROM = {
    "PERSON": ["GIVEN_NAME", "SURNAME"],
    "CODE": ["GOVERNMENT_ID", "PHONE", "EMAIL", "TAX_ID", "PASSPORT", "BANK_ACCOUNT"],
    "LOC": ["CITY", "STREET_NAME", "STATE", "BUILDING_NUMBER"],
}


def encode_doc(tok: Tokenizer, text: str, spans: list, size: int, overlap: int,
               rng: random.Random | None, case_types: bool = False):
    """Training windows ``(ids, labels, token types)`` of one document; the token types are
    the words' case flags (:func:`case_flags`) with ``case_types``, else all 0."""
    enc = tok.encode(text, add_special_tokens=False)
    offs = enc.offsets
    tags = bio_tags(offs, [tuple(s) for s in spans])
    ids = enc.ids
    types = case_flags(text, offs) if case_types else [0] * len(ids)
    n = len(ids)
    shift = rng.randint(0, size // 2) if (rng and n > size) else 0
    out = []
    ws = windows(n - shift, size, overlap) if n - shift > 0 else []
    if shift:
        out.append(_window(ids, tags, types, 0, shift))
    for s, e in ws:
        out.append(_window(ids, tags, types, s + shift, e + shift))
    return out


def _window(ids, tags, types, s, e):
    wt = list(tags[s:e])
    if wt and wt[0].startswith("I-"):
        wt[0] = "B-" + wt[0][2:]
    return ([2] + ids[s:e] + [3], [-100] + [LABEL2ID[t] for t in wt] + [-100],
            [0] + list(types[s:e]) + [0])


def collate(batch, pad_id=0):
    """Padded tensors ``(ids, attention mask, labels, token types)`` of a batch."""
    m = max(len(x[0]) for x in batch)
    ids = torch.full((len(batch), m), pad_id, dtype=torch.long)
    lab = torch.full((len(batch), m), -100, dtype=torch.long)
    att = torch.zeros((len(batch), m), dtype=torch.long)
    typ = torch.zeros((len(batch), m), dtype=torch.long)
    for i, (a, b, c) in enumerate(batch):
        ids[i, : len(a)] = torch.tensor(a)
        lab[i, : len(b)] = torch.tensor(b)
        typ[i, : len(c)] = torch.tensor(c)
        att[i, : len(a)] = 1
    return ids, att, lab, typ


def init_model(base: Path):
    from transformers import AutoConfig, BertForTokenClassification

    old = BertForTokenClassification.from_pretrained(base)
    cfg = AutoConfig.from_pretrained(base)
    cfg.id2label = dict(enumerate(LABELS))
    cfg.label2id = {k: i for i, k in enumerate(LABELS)}
    cfg.num_labels = len(LABELS)
    model = BertForTokenClassification(cfg)
    sd = {k: v for k, v in old.state_dict().items() if not k.startswith("classifier.")}
    model.load_state_dict(sd, strict=False)
    ow, ob = old.classifier.weight.data, old.classifier.bias.data
    o2i = old.config.label2id
    with torch.no_grad():
        model.classifier.weight[0] = ow[o2i["O"]]
        model.classifier.bias[0] = ob[o2i["O"]]
        for t, srcs in INIT_FROM.items():
            for p in ("B", "I"):
                rows = [o2i[f"{p}-{s}"] for s in srcs if f"{p}-{s}" in o2i]
                model.classifier.weight[LABEL2ID[f"{p}-{t}"]] = ow[rows].mean(0)
                model.classifier.bias[LABEL2ID[f"{p}-{t}"]] = ob[rows].mean(0)
    return model


def use_case_types(model) -> None:
    """Let the model see capitalisation (its tokenizer lowercases): token type 1 marks word
    pieces of capitalised words. Row 1 of the token-type embeddings starts as a copy of row 0,
    so the model starts out computing what it did without the flag."""
    with torch.no_grad():
        emb = model.bert.embeddings.token_type_embeddings.weight
        emb[1] = emb[0]
    model.config.case_types = True


@torch.no_grad()
def quick_eval(model, tok, docs, size=254) -> dict:
    """Word-piece level labels-ignored and per-type F1 on validation docs (monitoring only)."""
    modes = {m: m.training for m in model.modules()}
    model.eval()
    tp = fp = fn = 0
    for d in docs:
        items = encode_doc(tok, d["text"], gold_spans(d), size, 0, None,
                           bool(getattr(model.config, "case_types", False)))
        for k in range(0, len(items), 16):
            ids, att, lab, typ = collate(items[k : k + 16])
            pred = model(input_ids=ids, attention_mask=att, token_type_ids=typ).logits.argmax(-1)
            mask = lab != -100
            g = (lab > 0) & mask
            p = (pred > 0) & mask
            tp += int((g & p).sum())
            fp += int((p & ~g).sum())
            fn += int((g & ~p).sum())
    for m, mode in modes.items():
        m.train(mode)
    pr = tp / max(tp + fp, 1)
    rc = tp / max(tp + fn, 1)
    return {"p": round(pr, 4), "r": round(rc, 4), "f1": round(2 * pr * rc / max(pr + rc, 1e-9), 4)}


def distil_loss(logits, teacher, ids, att, hard, alpha: float, temp: float, typ=None):
    """(1 - alpha) x the hard-label loss + alpha x T² x KL(teacher || student) at temperature
    T, averaged over the real (unpadded) word pieces (``typ``: the token types both read)."""
    with torch.no_grad():
        t = teacher(input_ids=ids, attention_mask=att, token_type_ids=typ).logits
    mask = att.bool()
    log_s = torch.log_softmax(logits[mask] / temp, -1)
    p_t = torch.softmax(t[mask] / temp, -1)
    kl = torch.nn.functional.kl_div(log_s, p_t, reduction="batchmean")
    return (1 - alpha) * hard + alpha * temp * temp * kl


class WeightAverage:
    """Running mean of a model's floating-point weights (stochastic weight averaging)."""

    def __init__(self) -> None:
        self.count = 0
        self.mean: dict[str, torch.Tensor] = {}

    def add(self, model: torch.nn.Module) -> None:
        self.count += 1
        with torch.no_grad():
            for name, t in model.state_dict().items():
                if not t.is_floating_point():
                    continue
                if name not in self.mean:
                    self.mean[name] = t.detach().clone()
                else:
                    self.mean[name] += (t.detach() - self.mean[name]) / self.count

    @contextlib.contextmanager
    def applied(self, model: torch.nn.Module) -> Iterator[torch.nn.Module]:
        """The model holds the mean inside the block and its own weights again after it."""
        saved = {k: v.detach().clone() for k, v in model.state_dict().items()}
        model.load_state_dict({**saved, **self.mean})
        try:
            yield model
        finally:
            model.load_state_dict(saved)


def save_model(model: torch.nn.Module, out: Path, base: Path) -> None:
    """Write the model and the base's tokenizer files to ``out``."""
    model.save_pretrained(out, safe_serialization=True)
    for f in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt"):
        src = base / f
        if src.exists():
            (out / f).write_bytes(src.read_bytes())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default=str(WORK / "rampart_fp32"))
    ap.add_argument("--data", default=str(WORK / "data" / "train.jsonl"))
    ap.add_argument("--out", default=str(WORK / "model"))
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--size", type=int, default=126, help="word pieces per training window")
    ap.add_argument("--lr", type=float, default=1e-4)
    ap.add_argument("--tab-repeat", type=int, default=3)
    ap.add_argument("--wiki-repeat", type=int, default=4)
    ap.add_argument("--synthetic-per-epoch", type=int, default=600, help="synthetic docs per epoch")
    ap.add_argument("--max-minutes", type=float, default=70)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--resume", default=None, help="start from this fine-tuned folder (same labels)")
    ap.add_argument("--warmup", type=float, default=0.06, help="warm-up share of the planned steps")
    ap.add_argument("--max-steps", type=int, default=0,
                    help="plan the schedule over at most this many steps and stop there")
    ap.add_argument("--stop-after-epochs", type=int, default=0,
                    help="stop after this many epochs, keeping the schedule planned for --epochs")
    ap.add_argument("--no-epoch-eval", action="store_true", help="skip the per-epoch validation F1")
    ap.add_argument("--freeze", type=int, default=0,
                    help="keep the embeddings and encoder layers [0, N) fixed (N > 0): a MASK head "
                         "grafted on those layers stays valid")
    ap.add_argument("--teacher", default=None,
                    help="distil: a fine-tuned NER folder whose label distributions the model "
                         "also learns (KL divergence at --distil-temp, weight --distil-alpha)")
    ap.add_argument("--distil-alpha", type=float, default=0.5)
    ap.add_argument("--distil-temp", type=float, default=2.0)
    ap.add_argument("--average-from", type=int, default=0,
                    help="save the mean of the weights seen every --average-every steps from "
                         "this step on (weight averaging) instead of the last weights; the last "
                         "ones go to OUT/last")
    ap.add_argument("--average-every", type=int, default=10)
    ap.add_argument("--case-types", action="store_true",
                    help="feed capitalisation as token types (use_case_types); a resumed model "
                         "that was trained so keeps doing it")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    t0 = time.time()
    tok = Tokenizer.from_file(str(Path(args.base) / "tokenizer.json"))
    tok.no_truncation()
    tok.no_padding()
    rows = read_jsonl(Path(args.data))
    by_src: dict[str, list[dict]] = {}
    for r in rows:
        by_src.setdefault(r["source"], []).append(r)
    print({k: len(v) for k, v in by_src.items()}, flush=True)
    val_docs = split_docs(load_tab(SHARED_DATA / "tab" / "tab_dev.json"))[1]
    wiki_val = split_docs(load_tab(SHARED_DATA / "wiki" / "wiki_dev.json"))[1]

    if args.resume:
        from transformers import BertForTokenClassification

        model = BertForTokenClassification.from_pretrained(args.resume)
        assert model.config.num_labels == len(LABELS)
    else:
        model = init_model(Path(args.base))
        if args.case_types:
            use_case_types(model)
    # a resumed model trained with case flags keeps reading them
    case_types = bool(getattr(model.config, "case_types", False))
    if args.case_types and not case_types:
        raise SystemExit("--case-types: the resumed model was trained without case flags")

    def epoch_items():
        items = []
        for _ in range(args.tab_repeat):
            for r in by_src.get("tab", []):
                items += encode_doc(tok, r["text"], r["spans"], args.size, 16, rng, case_types)
        for _ in range(args.wiki_repeat):
            for r in by_src.get("wiki", []):
                items += encode_doc(tok, r["text"], r["spans"], args.size, 16, rng, case_types)
        syn = by_src.get("synthetic", [])
        for r in rng.sample(syn, min(len(syn), args.synthetic_per_epoch)):
            items += encode_doc(tok, r["text"], r["spans"], args.size, 16, rng, case_types)
        rng.shuffle(items)
        return items

    n_per_epoch = len(epoch_items())
    total = args.epochs * math.ceil(n_per_epoch / args.batch)
    if args.max_steps:
        total = min(total, args.max_steps)
    print(f"~{n_per_epoch} windows/epoch, {total} steps planned", flush=True)
    model.train()
    if args.freeze:
        frozen = [model.bert.embeddings, *model.bert.encoder.layer[: args.freeze]]
        for part in frozen:
            part.eval()  # no dropout: the frozen layers compute what they will at run time
            for prm in part.parameters():
                prm.requires_grad_(False)
    teacher = None
    if args.teacher:
        from transformers import BertForTokenClassification

        teacher = BertForTokenClassification.from_pretrained(args.teacher).eval()
        assert teacher.config.num_labels == len(LABELS)
    opt = torch.optim.AdamW([p_ for p_ in model.parameters() if p_.requires_grad], lr=args.lr,
                            weight_decay=0.01)
    warm = max(1, int(args.warmup * total))
    budget = args.max_minutes * 60

    def lr_at(step: int) -> float:
        # linear warm-up, then linear decay over whichever runs out first: steps or time
        progress = max(step / total, (time.time() - t0) / budget)
        return args.lr * min(1.0, (step + 1) / warm) * max(0.02, 1 - progress)

    step = 0
    out = Path(args.out)
    avg = WeightAverage() if args.average_from else None
    stop = False
    history = []
    for ep in range(args.epochs):
        items = epoch_items()
        loss_sum = 0.0
        nb = 0
        for k in range(0, len(items), args.batch):
            ids, att, lab, typ = collate(items[k : k + args.batch])
            out_ = model(input_ids=ids, attention_mask=att, token_type_ids=typ, labels=lab)
            loss = out_.loss
            if teacher is not None:
                loss = distil_loss(out_.logits, teacher, ids, att, loss, args.distil_alpha,
                                   args.distil_temp, typ)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            for g in opt.param_groups:
                g["lr"] = lr_at(step)
            opt.step()
            opt.zero_grad()
            step += 1
            nb += 1
            loss_sum += float(loss.detach())
            if avg is not None and step >= args.average_from and step % args.average_every == 0:
                avg.add(model)
            if step % 50 == 0:
                el = time.time() - t0
                print(f"ep {ep} step {step}/{total} loss {loss_sum / nb:.4f} lr {lr_at(step):.2e} "
                      f"{el / 60:.1f} min ({el / step:.2f} s/step)", flush=True)
            if step >= total:
                stop = True
                break
            if time.time() - t0 > args.max_minutes * 60:
                print("time budget reached: stopping", flush=True)
                stop = True
                break
        ev = evw = None
        if not args.no_epoch_eval:
            ev = quick_eval(model, tok, val_docs)
            evw = quick_eval(model, tok, wiki_val)
        history.append({"epoch": ep, "step": step, "loss": loss_sum / max(nb, 1), "tab_val": ev, "wiki_val": evw})
        print(f"== epoch {ep} done: loss {loss_sum / max(nb, 1):.4f} tab {ev} wiki {evw} "
              f"{(time.time() - t0) / 60:.1f} min", flush=True)
        if avg is not None and avg.count:
            save_model(model, out / "last", Path(args.base))
            with avg.applied(model):
                save_model(model, out, Path(args.base))
        else:
            save_model(model, out, Path(args.base))
        (out / "train_history.json").write_text(json.dumps({"args": vars(args), "history": history}, indent=1))
        if stop or (args.stop_after_epochs and ep + 1 >= args.stop_after_epochs):
            break
    print(f"saved {out} after {step} steps, {(time.time() - t0) / 60:.1f} min", flush=True)


if __name__ == "__main__":
    main()
