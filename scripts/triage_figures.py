"""Triage figures on annotated dev sets: how many findings go to REVIEW, and how many of the
decision errors that remain they hold.

    python scripts/triage_figures.py dump GOLD.json [GOLD.json ...] --out CACHE.json
    python scripts/triage_figures.py report CACHE.json [--policy default] [--calibrate]

``dump`` runs the configured pipeline (every default detector and the policy's risk
indicators) on each document with triage switched off and keeps, per finding, only numbers and
labels (offsets, label, scores, votes, the decision before triage, its entity, and the
annotators' verdict) — never document text. ``report`` applies the policy's ``[review]``
rules (:func:`redactor.core.combine.triage`) to the cached analyses and prints, for the
documents of the *report* half of a fixed split (documents assigned by SHA-256 of
``"triage-split:" + id``: even first byte → calibration, odd → report; the dev sets were
themselves cut by an unsalted hash of the id, so that one would put them all on one side), the share of findings sent to review and the
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
    digest = hashlib.sha256(b"triage-split:" + doc_id.encode()).digest()
    return "calibrate" if digest[0] % 2 == 0 else "report"


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


# -- report and calibration ---------------------------------------------------------------

def rebuild(doc: dict[str, Any]) -> tuple[list[Any], list[Any], list[Any]]:
    """Findings (without text), signals and decisions of a cached document."""
    from redactor.core.model import Action, Decision, Finding, Label, RiskSignal, Span

    findings = [Finding(Span(s, e), Label(lab), "", score=sc, detectors=tuple(det),
                        validated=val) for s, e, lab, sc, det, val, _prop in doc["findings"]]
    signals = [tuple(RiskSignal(ind, sc, risky, abstained=ab) for ind, sc, risky, ab in sig)
               for sig in doc["signals"]]
    decisions = [Decision(Action(a), by) for a, by in doc["decisions"]]
    return findings, signals, decisions


def figures(docs: Sequence[dict[str, Any]], policy: Any) -> dict[str, Any]:
    """Share of findings in REVIEW and share of the remaining decision errors they hold."""
    from redactor.core.combine import triage

    n = review = errors = held = before = fixed = 0
    by_label: dict[str, list[int]] = {}
    for doc in docs:
        findings, signals, decisions = rebuild(doc)
        after = triage(findings, signals, decisions, policy)
        for f, d0, d, gold in zip(findings, decisions, after, doc["gold"], strict=True):
            n += 1
            masked = d.action != "KEEP"
            wrong = masked != gold
            before += (d0.action != "KEEP") != gold
            in_review = d.action == "REVIEW"
            review += in_review
            errors += wrong
            held += wrong and in_review
            fixed += in_review and gold and d0.action == "KEEP"
            row = by_label.setdefault(str(f.label), [0, 0, 0])
            row[0] += 1
            row[1] += in_review
            row[2] += wrong and in_review
    return {"documents": len(docs), "findings": n, "review": review,
            "review_share": review / n if n else 0.0, "errors": errors,
            "errors_in_review": held, "held_share": held / errors if errors else 0.0,
            "errors_before_triage": before, "by_label": by_label}


def calibrate(docs: Sequence[dict[str, Any]], policy: Any, budget: float,
              min_gain: float = 0.35, keep_detection: bool = False) -> Any:
    """Per-label thresholds (detection score, risk margin) chosen greedily on ``docs``: each
    step takes the raise (of any size, so that a plateau does not stop it) that sends the most
    wrongly masked findings to review per finding sent, until ``budget`` (a share of the
    findings) is spent or a step gains less than ``min_gain`` errors per finding sent."""
    from redactor.core.model import Label

    margins = [0.0, 0.02, 0.05, 0.08, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]
    scores = [0.0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
    shares = [0.0, 0.25, 0.34, 0.5]
    grids = {"margin": margins, "detection": scores, "disagreement": shares,
             "flag": [False, True]}
    state = {(kind, str(lab)): 0 for kind in ("margin", "detection", "disagreement")
             for lab in Label}
    state[("flag", "propagated")] = 0
    if keep_detection:  # the policy's weak-hit floor is a policy choice: start from it
        for lab in Label:
            floor = policy.review.detection_for(str(lab))
            state[("detection", str(lab))] = max(i for i, v in enumerate(scores) if v <= floor)

    def per_label(st: dict[tuple[str, str], int], kind: str) -> tuple[tuple[str, float], ...]:
        return tuple(sorted((lab, grids[kind][v]) for (k, lab), v in st.items()
                            if k == kind and v))

    def rule_for(st: dict[tuple[str, str], int]) -> Any:
        return dataclasses.replace(
            policy.review, enabled=True, propagated=bool(st[("flag", "propagated")]),
            margin=per_label(st, "margin"), detection=per_label(st, "detection"),
            disagreement=per_label(st, "disagreement"))

    def score(st: dict[tuple[str, str], int]) -> tuple[int, int]:
        fig = figures(docs, dataclasses.replace(policy, review=rule_for(st)))
        return fig["review"], fig["errors_in_review"]

    total = sum(len(d["findings"]) for d in docs)
    cur_review, cur_held = score(state)
    while True:
        best = None
        for key, v in state.items():
            for nxt in range(v + 1, len(grids[key[0]])):  # any raise: jumps over plateaus
                trial = dict(state)
                trial[key] = nxt
                r, h = score(trial)
                if r > budget * total:
                    break
                if r <= cur_review:
                    continue
                gain = (h - cur_held) / (r - cur_review)
                if best is None or gain > best[0]:
                    best = (gain, trial, r, h)
        if best is None or best[0] < min_gain:
            break
        _, state, cur_review, cur_held = best
    return rule_for(state)


def toml_table(rule: Any) -> str:
    lines = ["[review]", f"propagated = {str(rule.propagated).lower()}"]
    for kind in ("detection", "margin", "disagreement"):
        lines += ["", f"[review.{kind}]"] + [f"{lab} = {v}" for lab, v in getattr(rule, kind)]
    return "\n".join(lines)


def report(cache: Path, policy_name: str, do_calibrate: bool, budget: float,
           min_gain: float = 0.35, keep_detection: bool = False) -> dict[str, Any]:
    from redactor.core.policy import load_policy

    data = json.loads(cache.read_text())
    policy = load_policy(policy_name)
    docs = data["documents"]
    cal = [d for d in docs if split_of(d["doc_id"]) == "calibrate"]
    held_out = [d for d in docs if split_of(d["doc_id"]) == "report"]
    if do_calibrate:
        rule = calibrate(cal, policy, budget, min_gain, keep_detection)
        print(toml_table(rule))
        policy = dataclasses.replace(policy, review=rule)
    out = {"policy": policy.name, "split": "documents by SHA-256 of 'triage-split:'+id: "
           "even first byte calibrates, odd reports", "calibration": figures(cal, policy),
           "report": figures(held_out, policy)}
    for dataset in sorted({d["set"] for d in held_out}):
        out[f"report:{dataset}"] = figures([d for d in held_out if d["set"] == dataset],
                                           policy)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("dump")
    p.add_argument("gold", nargs="+", type=Path)
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--policy", default="default")
    p.add_argument("--limit", type=int, default=0)
    p = sub.add_parser("report")
    p.add_argument("cache", type=Path)
    p.add_argument("--policy", default="default")
    p.add_argument("--calibrate", action="store_true",
                   help="choose the thresholds on the calibration half first")
    p.add_argument("--budget", type=float, default=0.13,
                   help="share of the findings calibration may send to review")
    p.add_argument("--min-gain", type=float, default=0.35,
                   help="calibration stops when a step holds fewer errors per reviewed finding")
    p.add_argument("--keep-detection", action="store_true",
                   help="start from the policy's detection-score floors (only raise them)")
    args = parser.parse_args(argv)
    if args.cmd == "dump":
        dump(args.gold, args.out, args.policy, args.limit)
        return 0
    res = report(args.cache, args.policy, args.calibrate, args.budget, args.min_gain,
                 args.keep_detection)
    for name, fig in res.items():
        if isinstance(fig, dict):
            print(f"{name}: {fig['documents']} documents, {fig['findings']} findings, "
                  f"{fig['review']} in review ({fig['review_share']:.1%}); "
                  f"{fig['errors']} decision errors, {fig['errors_in_review']} of them in "
                  f"review ({fig['held_share']:.1%}); {fig['errors_before_triage']} errors "
                  "before triage")
        else:
            print(f"{name}: {fig}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
