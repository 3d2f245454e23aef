"""Triage figures on annotated dev sets: how many findings go to REVIEW, and how many of the
decision errors that remain they hold.

    python scripts/triage_figures.py dump GOLD.json [GOLD.json ...] --out CACHE.json
    python scripts/triage_figures.py report CACHE.json [--policy default] [--calibrate]

``dump`` runs the configured pipeline (every default detector and the policy's risk
indicators) on each document with triage switched off and keeps, per finding, only numbers and
labels (offsets, label, scores, votes, the decision before triage, its entity, and the
annotators' verdict) — never document text. ``report`` applies the policy's ``[review]``
rules (:func:`redactor.core.combine.triage`) to the cached analyses and prints, for the
documents of the *report* half of a fixed split (documents assigned by SHA-256 of their id:
even first byte → calibration, odd → report), the share of findings sent to review and the
share of the remaining decision errors they hold. ``--calibrate`` searches the per-label
thresholds on the calibration half and prints them as a ``[review]`` table.

A finding's decision is wrong when it differs from the annotators' (masked when they kept it,
kept when they masked it: the finding overlaps an annotated DIRECT or QUASI mention). REVIEW
is masked on export; a REVIEW finding that the annotators kept is an error the reviewer is
shown and can fix.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def split_of(doc_id: str) -> str:
    """``calibrate`` or ``report``: a fixed split of the documents by SHA-256 of their id."""
    return "calibrate" if hashlib.sha256(doc_id.encode()).digest()[0] % 2 == 0 else "report"


def gold_masks(gdoc: Any, spans: Sequence[tuple[int, int]]) -> list[bool]:
    """Per span: whether it overlaps a mention the annotators masked (DIRECT or QUASI)."""
    covered = bytearray(len(gdoc.text) + 1)
    for layer in gdoc.annotators:
        for m in layer.mentions:
            if m.needs_masking:
                covered[m.start:m.end] = b"\x01" * (m.end - m.start)
    return [covered.find(1, s, e) != -1 for s, e in spans]


def dump(paths: Sequence[Path], out: Path, policy_name: str, limit: int = 0) -> None:
    from redactor.core.context import RunContext
    from redactor.core.model import Document
    from redactor.core.pipeline import Pipeline
    from redactor.core.policy import load_policy
    from redactor.core.settings import Settings
    from redactor.evaluation import load_tab
    from redactor.pluginhost.manager import PluginHost

    policy = load_policy(policy_name)
    if hasattr(policy, "review"):  # decisions before triage: report applies it
        policy = dataclasses.replace(policy, review=dataclasses.replace(policy.review,
                                                                        enabled=False))
    host = PluginHost(Settings.load())
    pipeline = Pipeline(host, policy)
    docs: list[dict[str, Any]] = []
    for path in paths:
        gold = list(load_tab(path))[: limit or None]
        for n, g in enumerate(gold):
            doc = Document(id=g.doc_id, source=Path(g.doc_id), format="txt", text=g.text)
            ctx = RunContext(settings=host.settings, policy=policy)
            a = pipeline.analyze(doc, ctx)
            spans = [(f.span.start, f.span.end) for f in a.findings]
            docs.append({
                "doc_id": g.doc_id, "set": path.stem, "split": split_of(g.doc_id),
                "findings": [[f.span.start, f.span.end, str(f.label), round(f.score, 4),
                              list(f.detectors), f.validated,
                              f.explanation.startswith("another mention")]
                             for f in a.findings],
                "signals": [[[s.indicator, round(s.score, 4), s.risky, s.abstained]
                             for s in sig] for sig in a.signals],
                "combined": [[c.risky, round(c.score, 4)] for c in a.combined],
                "decisions": [[str(d.action), d.decided_by] for d in a.decisions],
                "entity_of": list(a.entity_of),
                "gold": gold_masks(g, spans),
            })
            print(f"\r{path.stem}: {n + 1}/{len(gold)}", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
    out.write_text(json.dumps({"policy": policy.name, "documents": docs}))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("dump")
    p.add_argument("gold", nargs="+", type=Path)
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--policy", default="default")
    p.add_argument("--limit", type=int, default=0)
    args = parser.parse_args(argv)
    if args.cmd == "dump":
        dump(args.gold, args.out, args.policy, args.limit)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
