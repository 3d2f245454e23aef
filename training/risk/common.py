"""Shared helpers of the risk training scripts: gold spans, folds, paths."""
from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data"  # ../shared/data next to the repository
WORK = ROOT / "training" / "work" / "risk"
RES = ROOT / "resources" / "risk"
GOLD_FILES = (DATA / "tab" / "tab_dev.json", DATA / "wiki" / "wiki_dev.json")
K = 5  # classifier folds: sha256_fold(doc_id, 5)

sys.path.insert(0, str(ROOT))


def load_gold():
    from redactor.evaluation import load_tab

    docs = []
    for f in GOLD_FILES:
        docs += list(load_tab(f))
    return docs


def gold_findings(doc):
    """The gold mentions of a document as core Findings (one per distinct span, first annotator
    wins the label), with the masking target y (1 when any annotator masks it)."""
    from redactor.core.model import Finding, Label, Span

    by_span: dict[tuple[int, int], list] = {}
    for layer in doc.annotators:
        for m in layer.mentions:
            by_span.setdefault((m.start, m.end), []).append(m)
    out = []
    for (s, e), ms in sorted(by_span.items()):
        if e <= s:
            continue
        lab = Label(ms[0].entity_type) if ms[0].entity_type in Label.__members__ else Label.MISC
        y = int(any(m.needs_masking for m in ms))
        direct = int(any(m.identifier_type == "DIRECT" for m in ms))
        out.append((Finding(Span(s, e), lab, doc.text[s:e], detector="gold"), y, direct))
    return out


def wiki_train_spans(path: Path | None = None):
    """(texts, types, MASK flags) of the typed phrases in ``wiki_train_spans.csv``."""
    with open(path or DATA / "wiki" / "wiki_train_spans.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return ([r["span_text"] for r in rows], [r["semantic_type"] for r in rows],
            [1 if r["label"] == "MASK" else 0 for r in rows])


def dump(obj, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(obj, indent=None, separators=(",", ":")))
