"""evaluate: token-level P/R/F1 of the shipped ONNX int8 model on TAB's official dev sample
(7 cases no model was trained on) and, with ``--validation``, on the validation documents of
TAB dev and Wikipedia dev (for packs trained with that split held out).

Tokens are ``\\w+`` matches.  A token's gold types are the types of every gold mention that
overlaps it (all annotators' mentions, whatever their masking decision); its predicted type is
the type of the predicted span overlapping it.  Per type T: TP = predicted T and T among the
gold types; FP = predicted T otherwise; FN = T among the gold types but not predicted T.
Labels ignored: any predicted type vs any gold type.  ``mask_recall`` is the labels-ignored
recall restricted to mentions whose identifier_type is DIRECT or QUASI.

Also measures speed (tokens/s and words/s) over the texts scored.
Writes resources/models/ner/metrics.json.
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import re
import sys
import time
from pathlib import Path

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "plugins"))

from common import REPO, SHARED_DATA, TYPES, load_tab, split_docs  # noqa: E402

WORD = re.compile(r"\w+")


def token_labels(text: str, spans: list[tuple[int, int, str]]) -> list[set[str]]:
    toks = [(m.start(), m.end()) for m in WORD.finditer(text)]
    ends = [e for _, e in toks]
    out: list[set[str]] = [set() for _ in toks]
    for a, b, t in spans:
        i = bisect.bisect_right(ends, a)  # first token ending after a
        while i < len(toks) and toks[i][0] < b:
            out[i].add(t)
            i += 1
    return out


def score(pairs: list[tuple[set[str], set[str]]]) -> dict:
    res = {}
    for t in (*TYPES, "ALL"):
        tp = fp = fn = 0
        for g, p in pairs:
            if t == "ALL":
                gi, pi = bool(g), bool(p)
            else:
                gi, pi = t in g, t in p
            tp += gi and pi
            fp += pi and not gi
            fn += gi and not pi
        pr = tp / (tp + fp) if tp + fp else 0.0
        rc = tp / (tp + fn) if tp + fn else 0.0
        f1 = 2 * pr * rc / (pr + rc) if pr + rc else 0.0
        res[t] = {"p": round(pr, 4), "r": round(rc, 4), "f1": round(f1, 4), "support": tp + fn}
    return res


def evaluate(model, docs: list[dict]) -> dict:
    pairs: list[tuple[set[str], set[str]]] = []
    mask_tp = mask_n = 0
    n_pieces = n_words = 0
    t_pred = 0.0
    for d in docs:
        text = d["text"]
        gold = []
        masked = []
        for ann in d["annotations"].values():
            for m in ann["entity_mentions"]:
                gold.append((m["start_offset"], m["end_offset"], m["entity_type"]))
                if m.get("identifier_type") in ("DIRECT", "QUASI"):
                    masked.append((m["start_offset"], m["end_offset"], "M"))
        t0 = time.perf_counter()
        pred = model.predict(text)
        t_pred += time.perf_counter() - t0
        n_pieces += len(model.tokenizer.encode(text, add_special_tokens=False).ids)
        n_words += len(text.split())
        g = token_labels(text, gold)
        p = token_labels(text, [(s, e, t) for s, e, t, _ in pred])
        mk = token_labels(text, masked)
        pairs += list(zip(g, p, strict=True))
        for mm, pp in zip(mk, p, strict=True):
            if mm:
                mask_n += 1
                mask_tp += bool(pp)
    res = score(pairs)
    res["mask_recall"] = round(mask_tp / mask_n, 4) if mask_n else None
    res["speed"] = {"seconds": round(t_pred, 2), "word_pieces": n_pieces, "words": n_words,
                    "tokens_per_s": round(n_pieces / t_pred), "words_per_s": round(n_words / t_pred)}
    res["docs"] = len(docs)
    return res


def table(name: str, r: dict) -> str:
    lines = [f"| {name} | P | R | F1 | gold tokens |", "|---|---|---|---|---|"]
    for t in (*TYPES, "ALL"):
        x = r[t]
        lab = "**labels ignored**" if t == "ALL" else t
        lines.append(f"| {lab} | {x['p']:.3f} | {x['r']:.3f} | {x['f1']:.3f} | {x['support']} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model-dir", default=str(REPO / "resources" / "models" / "ner"))
    ap.add_argument("--out", default=None, help="metrics json (default: MODEL_DIR/metrics.json)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--validation", action="store_true",
                    help="also score the validation split of TAB dev and Wikipedia dev (only "
                         "meaningful for a model trained with that split held out, i.e. "
                         "prepare.py without --no-holdout: packs up to 1.2)")
    a = ap.parse_args()
    from redactor_plugins.detectors.recognizer.ner_runtime import NerModel

    model = NerModel(a.model_dir, threads=a.threads, providers=["CPUExecutionProvider"])
    model.predict("Warm-up sentence for Mr John Smith on 3 May 2001.")
    out: dict = {"window": model.window, "overlap": model.overlap, "threads": a.threads,
                 "runtime": "onnxruntime int8 (CPUExecutionProvider)"}
    # TAB's official dev sample: seven cases no model, threshold or rule was fitted on
    sets = [("official_sample", load_tab(SHARED_DATA / "tab" / "tab_dev_official_sample.json"))]
    if a.validation:
        out["split_rule"] = "validation = int(sha256(doc_id).hexdigest()[2:4], 16) % 4 == 0"
        sets += [(name, split_docs(load_tab(SHARED_DATA / name / f"{name}_dev.json"))[1])
                 for name in ("tab", "wiki")]
    for name, docs in sets:
        r = evaluate(model, docs)
        out[name] = r
        print(table(name.upper(), r))
        print("mask_recall", r["mask_recall"], "speed", r["speed"])
    dest = Path(a.out) if a.out else Path(a.model_dir) / "metrics.json"
    dest.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print("wrote", dest)


if __name__ == "__main__":
    main()
