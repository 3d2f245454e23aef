"""compare VAL_IDS MODEL...: token-level F1 of fine-tuned NER folders (torch, before export) on
the held-out documents of one fold, to compare recipes on the same documents.

    python training/ner/compare.py training/work/ner/folds/k5/fold0/data/val_ids.json \\
        OLD/fold0/model training/work/ner/folds/k5/fold0/model

Documents are read in consecutive windows of 126 word pieces (no overlap) with the token
types the model was trained with (case flags for ``case_types`` models); tokens are ``\\w+``
matches; "F1" ignores labels (a token is any entity or none), "typed F1" needs the type too.
Session 23 compared the NER with and without case flags this way (docs/recognizer.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import LABELS, SHARED_DATA, bio_to_spans, case_flags, gold_spans, load_tab  # noqa: E402
from evaluate import score, token_labels  # noqa: E402

WINDOW = 126


def predict(model, tok, text: str, case: bool) -> list[tuple[int, int, str]]:
    import torch

    enc = tok.encode(text, add_special_tokens=False)
    types = case_flags(text, enc.offsets) if case else [0] * len(enc.ids)
    tags: list[str] = []
    with torch.no_grad():
        for s in range(0, len(enc.ids), WINDOW):
            x = torch.tensor([[2, *enc.ids[s:s + WINDOW], 3]])
            tt = torch.tensor([[0, *types[s:s + WINDOW], 0]])
            logits = model(input_ids=x, attention_mask=torch.ones_like(x),
                           token_type_ids=tt).logits[0, 1:-1]
            tags += [LABELS[i] for i in logits.argmax(-1).tolist()]
    return bio_to_spans(enc.offsets, tags)


def scores(model, tok, docs: list[dict], case: bool) -> dict[str, float]:
    pairs = [pair for d in docs for pair in zip(
        token_labels(d["text"], gold_spans(d)),
        token_labels(d["text"], predict(model, tok, d["text"], case)), strict=True)]
    any_pii = score(pairs)["ALL"]  # labels ignored
    typed_tp = sum(len(g & p) for g, p in pairs)
    typed_n = sum(len(g) + len(p) for g, p in pairs)
    return {"P": any_pii["p"], "R": any_pii["r"], "F1": any_pii["f1"],
            "typed_F1": round(2 * typed_tp / typed_n, 4) if typed_n else 0.0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("val_ids", type=Path, help="a fold's data/val_ids.json")
    ap.add_argument("models", nargs="+", type=Path)
    args = ap.parse_args()
    import torch
    from tokenizers import Tokenizer
    from transformers import BertForTokenClassification

    torch.set_num_threads(2)
    held = json.loads(args.val_ids.read_text())
    sets = {name: [d for d in load_tab(SHARED_DATA / name / f"{name}_dev.json")
                   if d["doc_id"] in set(held.get(name, []))] for name in ("tab", "wiki")}
    for path in args.models:
        model = BertForTokenClassification.from_pretrained(path).eval()
        case = bool(getattr(model.config, "case_types", False))
        tok = Tokenizer.from_file(str(path / "tokenizer.json"))
        tok.no_truncation()
        tok.no_padding()
        print(path, {name: scores(model, tok, docs, case) for name, docs in sets.items()},
              flush=True)


if __name__ == "__main__":
    main()
