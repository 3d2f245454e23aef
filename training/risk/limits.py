#!/usr/bin/env python3
"""What limits end-to-end precision at R_quasi 0.90: detection, the decision models, or the labels?

Reads the same out-of-fold signal dump as tune_end_to_end.py and reports, on the tuning
documents (the NER's training documents) and on the validation documents (the 15 no model saw):

1. **Detection ceiling** — masking every detected span.
2. **Perfect decisions on our detection** — a detected span is masked exactly when most
   annotators mask at least half of it (an oracle: the best any decision model could do with
   this detection).
3. **Best thresholds** — the highest precision any (span-classifier, sequence-labelling)
   threshold pair reaches at R_direct >= 0.98 and R_quasi >= 0.90, chosen *on* the documents it
   is reported on (an oracle for threshold policies, not a tuned result).
4. **Hard quasi identifiers** — the sequence-labelling threshold each gold QUASI entity needs
   before every mention is masked (the entities that only a near "mask everything" policy
   catches).
5. **Label consistency** — gold texts occurring in at least 3 documents that are masked in
   some documents and kept in others.

    redactor evaluate ../shared/data/tab/tab_dev.json --no-weighted \\
        --dump-signals training/work/risk/e2e_signals.json
    python training/risk/limits.py > training/work/risk/limits.md
"""
from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
from common import DATA, WORK
from tune import metrics as tab_metrics
from tune_end_to_end import load_runs

from redactor.cli import evaluate_cmd as ev
from redactor.core.combine import CombinedRisk
from redactor.core.policy import load_policy
from redactor.evaluation import is_validation_document, load_tab
from redactor.evaluation.tab_metrics import exempt_offsets

SPAN_GRID = (0.1, 0.2, 0.3, 0.42, 0.5, 0.6, 0.8, 2.0)  # 2.0 = indicator off
SEQ_GRID = (0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.14, 0.18, 0.25, 0.35, 0.5, 2.0)
NEED_GRID = (0.0, 0.01, 0.02, 0.05, 0.1, 0.18, 0.3, 0.5, 0.7, 0.9)


def normalise(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


def label_consistency(docs: Iterable, min_docs: int = 3) -> tuple[int, list[tuple[str, int, int]]]:
    """(number of gold texts found in >= ``min_docs`` documents, those of them masked in some
    documents and kept in others as (text, documents masking, documents keeping))."""
    seen: dict[str, tuple[set[str], set[str]]] = defaultdict(lambda: (set(), set()))
    for doc in docs:
        for layer in doc.annotators:
            for m in layer.mentions:
                seen[normalise(doc.text[m.start:m.end])][0 if m.needs_masking else 1].add(doc.doc_id)
    common = {k: v for k, v in seen.items() if len(v[0] | v[1]) >= min_docs}
    mixed = [(k, len(v[0]), len(v[1])) for k, v in common.items() if v[0] and v[1]]
    return len(common), sorted(mixed, key=lambda x: (-(x[1] + x[2]), x[0]))


def oracle_decisions(run, doc) -> list[bool]:
    """Per detected span: do most annotators mask at least half of its characters?"""
    layers = [[(m.start, m.end) for m in layer.mentions if m.needs_masking]
              for layer in doc.annotators]
    out = []
    for f in run.findings:
        s, e = f.span.start, f.span.end
        votes = sum(sum(max(0, min(e, b) - max(s, a)) for a, b in ranges) * 2 >= e - s
                    for ranges in layers)
        out.append(votes * 2 > max(1, len(layers)))
    return out


def _metrics(gold, runs, risky_of, policy) -> dict:
    return tab_metrics(list(gold.values()), runs,
                       lambda r: [CombinedRisk(bool(x), 0.0, "") for x in risky_of(r)], policy)


def by_thresholds(ts: float, tq: float):
    return lambda r: [a >= ts or b >= tq for a, b in zip(r.sp, r.sq, strict=True)]


def best_thresholds(gold, runs, policy, rd: float = 0.98, rq: float = 0.90):
    best = None
    for ts in SPAN_GRID:
        for tq in SEQ_GRID:
            m = _metrics(gold, runs, by_thresholds(ts, tq), policy)
            if (m["R_direct"] or 0) >= rd and (m["R_quasi"] or 0) >= rq and (
                    best is None or m["P"] > best[2]["P"]):
                best = (ts, tq, m)
    return best


def hard_quasi(gold, runs, policy) -> list[tuple[float, str, str, int, str]]:
    """(sequence-labelling threshold needed, doc id, type, mentions, first mention) for every
    gold QUASI entity; -1 when no threshold masks every mention (a detection miss)."""
    rows = []
    for r in runs:
        doc = gold[r.doc_id]
        exempt = np.frombuffer(bytes(exempt_offsets(doc.text)), dtype=np.uint8).astype(bool)
        covered = {}
        for t in NEED_GRID:
            cov = exempt.copy()
            for s, e in ev.masked_spans(r, [CombinedRisk(bool(b >= t), 0.0, "") for b in r.sq],
                                        policy):
                cov[s:e] = True
            covered[t] = cov
        for layer in doc.annotators:
            for ent in layer.entities:
                if not ent.need_masking or any(m.identifier_type == "DIRECT" for m in ent.mentions):
                    continue
                ok = [t for t in NEED_GRID
                      if all(covered[t][m.start:m.end].all() for m in ent.mentions)]
                first = ent.mentions[0]
                rows.append((max(ok) if ok else -1.0, r.doc_id, first.entity_type,
                             len(ent.mentions), doc.text[first.start:first.end]))
    return sorted(rows, key=lambda x: (x[0], x[1], x[4]))


def _row(name: str, m: dict) -> str:
    return (f"| {name} | {m['P']:.3f} | {m['R_direct']:.3f} | {m['R_quasi']:.3f} | "
            f"{m['F1']:.3f} |")


def report(gold, runs, policy, docs_for_labels: Sequence) -> tuple[str, dict]:
    tune = [r for r in runs if not is_validation_document(r.doc_id)]
    val = [r for r in runs if is_validation_document(r.doc_id)]
    lines, out = [], {}
    for name, part in (("tuning", tune), ("validation", val)):
        if not part:
            continue
        ceiling = _metrics(gold, part, lambda r: [True] * len(r.findings), policy)
        oracle = _metrics(gold, part, lambda r: oracle_decisions(r, gold[r.doc_id]), policy)
        best = best_thresholds(gold, part, policy)
        lines += [f"### {name} documents ({len(part)})", "",
                  "| decisions | P | R_direct | R_quasi | F1 |", "|---|---|---|---|---|",
                  _row("mask everything detected", ceiling),
                  _row("perfect decisions on detected spans (oracle)", oracle)]
        if best:
            lines.append(_row(f"best thresholds at R_quasi >= 0.90 (oracle: span {best[0]:g}, "
                              f"sequence {best[1]:g})", best[2]))
        hard = hard_quasi(gold, part, policy)
        found = [h for h in hard if h[0] >= 0]
        lines += ["", f"QUASI entities: {len(hard)}; every mention detected: {len(found)}. "
                  "Sequence-labelling threshold each needs (count):",
                  "", "| needs ≤ | " + " | ".join(f"{t:g}" for t in NEED_GRID) + " |",
                  "|---|" + "---|" * len(NEED_GRID),
                  "| entities | " + " | ".join(str(sum(h[0] == t for h in found))
                                               for t in NEED_GRID) + " |", ""]
        lines += ["Hardest detected QUASI entities:", ""]
        lines += [f"- {h[0]:g}: {h[2]} “{h[4][:60]}” ({h[3]} mention{'s' if h[3] > 1 else ''}, "
                  f"{h[1]})" for h in found[:12]]
        lines.append("")
        out[name] = {"ceiling": ceiling, "oracle": oracle,
                     "best_thresholds": best and {"span": best[0], "sequence": best[1], **best[2]},
                     "quasi_entities": len(hard), "detected": len(found)}
    n_common, mixed = label_consistency(docs_for_labels)
    lines += [f"### Label consistency: {len(mixed)} of the {n_common} gold texts found in at "
              "least 3 documents are masked in some and kept in others", "",
              "| text | documents masking | documents keeping |", "|---|---|---|"]
    lines += [f"| {t} | {a} | {b} |" for t, a, b in mixed[:15]]
    out["label_consistency"] = {"texts_in_3_docs": n_common, "mixed": len(mixed)}
    return "\n".join(lines), out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--signals", default=str(WORK / "e2e_signals.json"))
    ap.add_argument("--gold", default=str(DATA / "tab" / "tab_dev.json"))
    args = ap.parse_args()
    docs = list(load_tab(args.gold))
    gold = {g.doc_id: g for g in docs}
    runs = load_runs(Path(args.signals), gold)
    text, out = report(gold, runs, load_policy("default"), docs)
    print(text)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
