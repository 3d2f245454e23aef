"""Token-level precision/recall of the gazetteer detector against gold DEM/MISC (and the other
types it proposes) on the development data.

    .venv/bin/python training/gazetteers/evaluate.py [--json OUT]

Uses ``redactor.evaluation.detection_metrics`` (every gold mention counts, whatever its
masking decision). Rows: the shipped settings, the ambiguity rule switched off, and the
Convention articles switched on.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from redactor_plugins.detectors.recognizer.gazetteer import find, load_gazetteer

from redactor.evaluation.detection_metrics import evaluate_detection
from redactor.evaluation.tab_format import load_tab

REPO = Path(__file__).resolve().parents[2]
SHARED_DATA = Path(os.environ.get("REDACTOR_SHARED_DATA", REPO.parent / "shared" / "data"))
DATASETS = {"tab_dev": SHARED_DATA / "tab" / "tab_dev.json",
            "wiki_dev": SHARED_DATA / "wiki" / "wiki_dev.json"}
VARIANTS = {"shipped": {}, "no ambiguity rule": {"ambiguity": False},
            "with Convention articles": {"convention": True}}


def run(path: Path, **kw: object) -> dict:
    docs = load_tab(path)
    gaz = load_gazetteer()
    t = time.perf_counter()
    preds = {d.doc_id: [(s, e, str(lab)) for s, e, lab, _, _, _ in find(d.text, gaz, **kw)]
             for d in docs}
    secs = time.perf_counter() - t
    res = evaluate_detection(docs, preds)
    chars = sum(len(d.text) for d in docs)
    out = {"documents": len(docs), "chars_per_s": round(chars / secs)}
    for label in ("DEM", "MISC", "PERSON", "LOC"):
        typed, anyl = res.per_type.get(label), res.per_type_any.get(label)
        if typed is not None:
            out[label] = {"P": typed.precision, "R": typed.recall, "F1": typed.f1,
                          "P_any": anyl.precision if anyl else None,
                          "gold_tokens": typed.n_gold, "pred_tokens": typed.n_pred}
    return out


def f(v: float | None) -> str:
    return "–" if v is None else f"{v:.2f}"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    results: dict = {}
    for name, path in DATASETS.items():
        if not path.is_file():
            print(f"skipping {name}: {path} not found")
            continue
        for variant, kw in VARIANTS.items():
            results.setdefault(name, {})[variant] = r = run(path, **kw)
            print(f"\n{name} — {variant} ({r['documents']} docs, {r['chars_per_s']} chars/s)")
            print("| type | P | R | F1 | P (any label) | gold tokens | predicted tokens |")
            print("|---|---|---|---|---|---|---|")
            for label in ("DEM", "MISC", "PERSON", "LOC"):
                if label in r:
                    x = r[label]
                    print(f"| {label} | {f(x['P'])} | {f(x['R'])} | {f(x['F1'])} | "
                          f"{f(x['P_any'])} | {x['gold_tokens']} | {x['pred_tokens']} |")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
