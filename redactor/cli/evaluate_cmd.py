"""``redactor evaluate``: run the configured pipeline on TAB-format gold documents and print the
risk-indicator table of Papadopoulou et al. (2023) (and, with ``--detection``, the recognizer's
token-level scores).

    redactor evaluate GOLD.json [--json] [--detection] [--coreference] [--gold-spans]
                      [--folds N] [--out-of-fold] [--indicators ID ...] [-k K] [--limit N]
                      [--policy P]

* Spans: every default detector (end to end), or ``--gold-spans``: the annotated spans (the
  paper's Table 5 setting, independent of detection).
* Rows: "mask everything detected", one row per indicator (sequence labelling: strict and
  partial match), the votes ≥1, ≥2, ≥3 over the enabled indicators, the learned combiner, and
  the policy's own configuration.
* Cross-validation: documents that the shipped classifiers were trained on are scored with the
  fold artefacts the training scripts left in ``training/work`` (models trained without that
  document's fold: NER ``ner/folds/k{K}/fold{j}/int8``, classifiers ``risk/folds/k{N}/fold{j}``,
  sequence labeller ``seqlabel_head/[kK/]fold{j}`` — the NER fold model with its MASK head, which
  then also serves as that document's NER, one pass for both — or, without those,
  ``seqlabel/fold{j}``). Without them the shipped models are used and the table says
  "in-sample". ``--folds 0`` forces the shipped models.
* P_w: each token weighted by −log p under the configured masked LM (every detected span masked
  at once in 100-token segments, a token taking its least likely word piece). Our MLM is not
  bert-base-uncased: P_w is not comparable with the paper's.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from redactor.cli.commands import CommandRegistry
from redactor.core.combine import CombinedRisk, vote
from redactor.core.errors import InputError, UsageError

REPO = Path(__file__).resolve().parents[2]
WORK = REPO / "training" / "work"
_RISK_IDS = ("llm-probability", "span-classifier", "perturbation", "sequence-labelling")
COLUMNS = ("P", "P_w", "R_all", "F1", "R_ent", "R_direct", "R_quasi")


def register(commands: CommandRegistry) -> None:
    commands.add("evaluate", "score risk indicators (and detection) on TAB-format gold data",
                 configure, run)


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("gold", type=Path, help="gold documents in TAB's JSON format")
    p.add_argument("--json", action="store_true", help="print JSON instead of tables")
    p.add_argument("--detection", action="store_true",
                   help="also print the recognizer's token-level P/R/F1 per type")
    p.add_argument("--coreference", action="store_true",
                   help="also print B³ of entity grouping against the gold entity ids, over "
                        "the gold mentions that were detected (redactor.evaluation.coreference)")
    p.add_argument("--gold-spans", action="store_true",
                   help="judge the annotated spans instead of detected ones")
    p.add_argument("--folds", type=int, default=5,
                   help="classifier folds of the training artefacts (0: shipped models only)")
    p.add_argument("--out-of-fold", action="store_true",
                   help="score only the documents that every trained model left out (NER, "
                        "classifier and sequence-labeller fold models in training/work)")
    p.add_argument("--indicators", nargs="*", default=None,
                   help="indicators to run and combine (default: the policy's, else all)")
    p.add_argument("-k", type=int, default=None, help="k of the policy row (default: the policy's)")
    p.add_argument("--limit", type=int, default=0, help="only the first N documents")
    p.add_argument("--policy", default=None, help="policy preset or file (default: default)")
    p.add_argument("--no-weighted", action="store_true", help="skip P_w (faster)")
    p.add_argument("--search-index-loo", action="store_true",
                   help="run the web-search indicator on a local index of the gold documents, "
                        "each document leaving itself out (docs/web-search.md)")
    p.add_argument("--dump-signals", type=Path, default=None,
                   help="write every finding's signals (JSON) for tuning")


# -- data ----------------------------------------------------------------------------------

@dataclass
class DocRun:
    doc_id: str
    findings: list[Any]
    entities: tuple[Any, ...]
    entity_of: tuple[int, ...]
    signals: dict[str, list[Any]] = field(default_factory=dict)  # row id -> one signal per finding
    fold: str = ""


def gold_findings(gdoc) -> list[Any]:
    from redactor.core.model import Finding, Label, Span

    by_span: dict[tuple[int, int], str] = {}
    for layer in gdoc.annotators:
        for m in layer.mentions:
            by_span.setdefault((m.start, m.end), m.entity_type)
    out = []
    for (s, e), t in sorted(by_span.items()):
        if e > s:
            lab = Label(t) if t in Label.__members__ else Label.MISC
            out.append(Finding(Span(s, e), lab, gdoc.text[s:e], detector="gold"))
    return out


def _fold_json(d: Path) -> dict[str, Any] | None:
    """A fold folder's ``fold.json`` (None when it has none); a damaged one is an InputError."""
    meta = d / "fold.json"
    if not meta.is_file():
        return None
    try:
        data = json.loads(meta.read_text(encoding="utf-8"))
        if not isinstance(data.get("test_doc_ids"), list):
            raise ValueError("no test_doc_ids list")
    except (ValueError, AttributeError, OSError) as exc:
        raise InputError(f"{meta}: damaged fold record ({type(exc).__name__}); rebuild that "
                         "fold (docs/evaluation.md)") from exc
    return data


def _with_meta(dirs: Sequence[Path], model: str) -> list[tuple[Path, dict[str, Any]]]:
    """(dir, its fold.json) for each of ``dirs`` that has both a fold.json and ``model``."""
    return [(d, meta) for d in dirs if (meta := _fold_json(d)) and (d / model).is_file()]


def _ner_fold_set() -> tuple[int | None, list[tuple[Path, dict[str, Any]]]]:
    """(K, [(fold dir, fold.json)]) of the NER fold models to use: the largest K whose K folds
    all have a model, else the largest K present (a partial set, as the training left it)."""
    by_k = {int(kdir.name[1:]): _with_meta(sorted(kdir.glob("fold*")), "int8/model.onnx")
            for kdir in (WORK / "ner" / "folds").glob("k*") if kdir.name[1:].isdigit()}
    complete = [k for k, ds in by_k.items() if len(ds) >= k]
    k = max(complete) if complete else max((k for k, ds in by_k.items() if ds), default=None)
    return k, by_k.get(k, []) if k is not None else []


def _fold_dirs(n_folds: int) -> dict[str, dict[str, Path]]:
    """doc_id -> {"ner": dir, "classifiers": dir, "seqlabel": dir} from the training
    artefacts. NER: ``ner/folds/kK/fold*`` of one K (see ``_ner_fold_set``); MASK heads:
    ``seqlabel_head/fold*`` or ``seqlabel_head/kK/fold*`` whose ``fold.json`` has that same K
    (a head of another K sits on an NER that trained on other documents)."""
    out: dict[str, dict[str, Path]] = {}
    if n_folds <= 0:
        return out
    ner_k, ner_dirs = _ner_fold_set()
    for d, meta in ner_dirs:
        for doc_id in meta["test_doc_ids"]:
            out.setdefault(doc_id, {})["ner"] = d / "int8"
    for d in sorted((WORK / "risk" / "folds" / f"k{n_folds}").glob("fold*")):
        for doc_id in (_fold_json(d) or {"test_doc_ids": []})["test_doc_ids"]:
            out.setdefault(doc_id, {})["classifiers"] = d
    root = WORK / "seqlabel_head"
    heads = [(d, meta) for d, meta in
             _with_meta(sorted([*root.glob("fold*"), *root.glob("k*/fold*")]), "model.onnx")
             if meta.get("k", ner_k) == ner_k]
    for d, meta in heads or _with_meta(sorted((WORK / "seqlabel").glob("fold*")), "model.onnx"):
        for doc_id in meta["test_doc_ids"]:
            over = out.setdefault(doc_id, {})
            over["seqlabel"] = d
            if heads and "ner" in over:  # the same NER weights, with the head: one pass
                over["ner"] = d
    return out


def _indicator_rows(host, wanted: Sequence[str] | None) -> list[tuple[str, Any]]:
    """(row id, component) for every indicator to run; sequence labelling gives two rows."""
    rows = []
    for reg in host.components("risk_indicators"):
        if wanted and reg.id not in wanted:
            continue
        comp = reg.component
        if reg.id == "sequence-labelling" and hasattr(comp, "match"):
            cls = type(comp)
            rows.append(("sequence-labelling (strict)", cls(match="strict")))
            rows.append(("sequence-labelling (partial)", cls(match="partial")))
        else:
            rows.append((reg.id, comp))
    return rows


def collect(gold_docs, *, host, pipeline, settings, gold_spans: bool, folds: int,
            wanted: Sequence[str] | None, progress=None) -> tuple[list[DocRun], dict[str, Any]]:
    from redactor.core.context import RunContext
    from redactor.core.entities import entity_index, group_entities
    from redactor.core.model import Document
    from redactor.core.settings import Settings

    fold_map = _fold_dirs(folds)
    rows = _indicator_rows(host, wanted)
    runs = []
    used = {"ner": 0, "classifiers": 0, "seqlabel": 0, "in_sample": 0}
    failures: dict[tuple[str, str], list[Any]] = {}  # (row, error type) -> count, first doc, text
    for n, g in enumerate(gold_docs):
        doc = Document(id=g.doc_id, source=Path(g.doc_id), format="txt", text=g.text)
        over = fold_map.get(g.doc_id, {})
        data = settings.to_dict()
        risk = dict(data.get("risk", {}))
        if "ner" in over:
            data["recognizer"] = {**data.get("recognizer", {}), "ner_path": str(over["ner"])}
            used["ner"] += 1
        if "classifiers" in over:
            risk["classifiers_path"] = str(over["classifiers"])
            used["classifiers"] += 1
        if "seqlabel" in over:
            risk["seqlabel_path"] = str(over["seqlabel"])
            used["seqlabel"] += 1
        if not over:
            used["in_sample"] += 1
        data["risk"] = risk
        # the indicators' own thresholds for every row; the policy row applies the policy's
        # [risk.thresholds] to the scores (policy_signals)
        ctx = RunContext(settings=Settings(data),
                         policy=dataclasses.replace(pipeline.policy, thresholds={}))
        failed = len(host.failures)
        findings = gold_findings(g) if gold_spans else pipeline.detect(doc, ctx)
        for f in host.failures[failed:]:  # a detector that failed would make every figure wrong
            raise InputError(f"{f.component} failed on {g.doc_id} ({f.phase}): {f.error}")
        entities = group_entities(findings, g.text)
        ent_of = entity_index(entities, len(findings))
        run = DocRun(g.doc_id, list(findings), entities, ent_of,
                     fold=",".join(f"{k}={v.name}" for k, v in over.items()))
        for row_id, comp in rows:
            try:
                sig = list(comp.assess(doc, findings, entities, ctx)) if findings else []
            except Exception as exc:  # an indicator failing is reported (once), not fatal
                if host.strict:
                    raise
                failures.setdefault((row_id, type(exc).__name__),
                                    [0, g.doc_id, str(exc)])[0] += 1
                continue
            if len(sig) == len(findings):
                run.signals[row_id] = sig
        runs.append(run)
        if progress:
            progress(n + 1, len(gold_docs))
    if failures and progress:
        print(file=sys.stderr)  # after the progress line
    for (row_id, kind), (count, first, message) in failures.items():
        print(f"warning: {row_id} failed on {count} of {len(gold_docs)} documents (first "
              f"{first}): {kind}: {message}", file=sys.stderr)
    # an indicator that abstained everywhere (web-search when off) gives no row and no vote
    for row_id, _ in rows:
        if all(getattr(s, "abstained", False) for r in runs for s in r.signals.get(row_id, [])):
            for r in runs:
                r.signals.pop(row_id, None)
    return runs, used


# -- rows and metrics ----------------------------------------------------------------------

def masked_spans(run: DocRun, combined: Sequence[CombinedRisk], policy) -> list[tuple[int, int]]:
    from redactor.core.analysis import decide
    from redactor.core.model import Action

    if not run.findings:
        return []
    decisions = decide(run.findings, run.entities, run.entity_of, combined, policy)
    return [(f.span.start, f.span.end) for f, d in zip(run.findings, decisions, strict=True)
            if d.action != Action.KEEP]


def policy_signal(signal: Any, row_id: str, policy) -> Any:
    """``signal`` judged by the policy's threshold for its indicator, if the policy sets one
    (row ids such as "sequence-labelling (partial)" also match "sequence-labelling")."""
    t = policy.threshold_for(row_id, row_id.split(" (")[0])
    if t is None:
        return signal
    return dataclasses.replace(signal, risky=bool(signal.score >= t))


def row_outputs(runs: Sequence[DocRun], policy, *, combine_ids: Sequence[str], k_policy: int,
                policy_ids: Sequence[str] | None = None, learned_folder_of=None
                ) -> dict[str, dict[str, list[tuple[int, int]]]]:
    from redactor.evaluation import merge_spans

    rows: dict[str, dict[str, list[tuple[int, int]]]] = {}

    def put(name, run, combined):
        rows.setdefault(name, {})[run.doc_id] = merge_spans(masked_spans(run, combined, policy))

    all_ids = list(dict.fromkeys(i for r in runs for i in r.signals))
    for run in runs:
        n = len(run.findings)
        put("mask everything detected", run, [CombinedRisk(True, 1.0, "")] * n)
        for rid in all_ids:
            sig = run.signals.get(rid)
            if sig is not None:
                put(rid, run, [vote([s]) if getattr(s, "abstained", False) else
                               CombinedRisk(s.risky, s.score, "") for s in sig])
        present = [c for c in combine_ids if c in run.signals]
        for k in (1, 2, 3):
            if k <= len(present):
                put(f"≥{k} of {len(present)}", run,
                    [vote([run.signals[c][i] for c in present], k) for i in range(n)])
        if learned_folder_of is not None and present:
            from redactor_plugins.indicators.plugin import learned_combination

            folder = learned_folder_of(run)
            comb = [learned_combination([run.signals[c][i] for c in present], folder)
                    for i in range(n)]
            if n == 0 or all(c is not None for c in comb):
                put("learned combiner", run, comb)
        mine = [c for c in (policy_ids if policy_ids is not None else combine_ids)
                if c in run.signals]
        put(f"policy: k={k_policy} of {len(mine)} ({', '.join(mine)})", run,
            policy_combined(run, policy, mine, k_policy))
    return rows


def policy_combined(run: DocRun, policy, ids: Sequence[str], k: int) -> list[CombinedRisk]:
    """The policy row's vote on each of ``run``'s findings: indicators ``ids`` (those the
    run has), each judged by the policy's threshold, ``k`` of them needed."""
    mine = [c for c in ids if c in run.signals]
    return [vote([policy_signal(run.signals[c][i], c, policy) for c in mine], k)
            for i in range(len(run.findings))]


def policy_decisions(run: DocRun, policy, ids: Sequence[str], k: int) -> tuple[Any, ...]:
    """The policy row's decision on each of ``run``'s findings."""
    from redactor.core.analysis import decide

    if not run.findings:
        return ()
    return decide(run.findings, run.entities, run.entity_of,
                  policy_combined(run, policy, ids, k), policy)


def listed_findings(run: DocRun, policy, ids: Sequence[str], k: int,
                    decisions: Sequence[Any] | None = None) -> list[Any]:
    """``run``'s findings as the analysis lists them under the policy row: without the
    context it keeps (:func:`redactor.core.analysis.kept_context`, as ``Pipeline.analyze``);
    ``decisions`` when :func:`policy_decisions` already made them."""
    from redactor.core.analysis import kept_context

    if not run.findings:
        return []
    if decisions is None:
        decisions = policy_decisions(run, policy, ids, k)
    gone = set(kept_context(run.findings, decisions, policy))
    return [f for i, f in enumerate(run.findings) if i not in gone]


def weight_function(runs: Sequence[DocRun], gold_docs, settings):
    """token_weights for evaluate_tab: −log p of a token's least likely word piece, every
    detected span masked at once in 100-token segments."""
    import numpy as np
    from redactor_plugins.indicators.mlm import load_mlm
    from redactor_plugins.indicators.plugin import resolve, setting

    class _Ctx:
        pass

    c = _Ctx()
    c.settings = settings
    mlm = load_mlm(resolve(setting(c, "mlm_path")), threads=int(setting(c, "threads")))
    by_text = {}
    text_of = {g.doc_id: g.text for g in gold_docs}
    for run in runs:
        text = text_of[run.doc_id]
        toks = mlm.encode(text)
        masked = np.zeros(len(toks), dtype=bool)
        for f in run.findings:
            i0, i1 = toks.token_range(f.span.start, f.span.end)
            masked[i0:i1] = True
        lp = mlm.score_segments(toks, masked)
        by_text[text] = (toks, -lp)

    def weights(text: str, token_spans) -> list[float]:
        toks, nll = by_text[text]
        out = []
        fallback = float(np.nanmean(nll)) if np.isfinite(nll).any() else 1.0
        for s, e in token_spans:
            i0, i1 = toks.token_range(s, e)
            seg = nll[i0:i1]
            seg = seg[np.isfinite(seg)]
            out.append(float(seg.max()) if seg.size else fallback)
        return out

    return weights, mlm.name


def score_rows(gold_docs, rows, weights=None, weight_model=None) -> dict[str, dict[str, Any]]:
    from redactor.evaluation import evaluate_tab

    out = {}
    for name, output in rows.items():
        res = evaluate_tab(gold_docs, output, token_weights=weights, weight_model=weight_model)
        ent_total = res.direct_entities + res.quasi_entities
        r_ent = ((res.direct_entities_masked + res.quasi_entities_masked) / ent_total
                 if ent_total else None)
        out[name] = {"P": res.token_precision, "P_w": res.weighted_precision,
                     "R_all": res.token_recall, "F1": res.f1, "R_ent": r_ent,
                     "R_direct": res.er_direct, "R_quasi": res.er_quasi,
                     "system_tokens": res.system_tokens}
    return out


def markdown(table: dict[str, dict[str, Any]], digits: int = 2) -> str:
    def f(x):
        return "–" if x is None else f"{x:.{digits}f}"

    lines = ["| method | " + " | ".join(COLUMNS) + " |",
             "|---|" + "---|" * len(COLUMNS)]
    for name, r in table.items():
        lines.append(f"| {name} | " + " | ".join(f(r.get(c)) for c in COLUMNS) + " |")
    return "\n".join(lines)


# -- command -------------------------------------------------------------------------------

def run(args: argparse.Namespace) -> int:
    from redactor.core.pipeline import Pipeline
    from redactor.core.policy import load_policy
    from redactor.core.settings import Settings
    from redactor.evaluation import evaluate_detection, format_markdown, load_tab
    from redactor.evaluation.tab_format import TabFormatError
    from redactor.pluginhost.manager import PluginHost

    if not args.gold.is_file():
        raise UsageError(f"{args.gold}: gold file not found")
    try:
        gold_docs = list(load_tab(args.gold))
    except TabFormatError as exc:  # its messages name keys and offsets, never text
        raise InputError(f"{args.gold.name}: not a valid TAB gold file: {exc}") from exc
    except (ValueError, TypeError, KeyError, AttributeError, UnicodeDecodeError) as exc:
        raise InputError(f"{args.gold.name}: not a valid TAB gold file "
                         f"({type(exc).__name__})") from exc
    if not gold_docs:
        raise InputError(f"{args.gold.name}: the gold file contains no documents")
    if args.out_of_fold:
        fold_map = _fold_dirs(args.folds)
        gold_docs = [g for g in gold_docs
                     if {"ner", "classifiers", "seqlabel"} <= set(fold_map.get(g.doc_id, {}))]
        if not gold_docs:
            raise UsageError("--out-of-fold: no document has NER, classifier and sequence-"
                             "labeller fold models in training/work (see docs/evaluation.md)")
    if args.limit:
        gold_docs = gold_docs[: args.limit]
    settings = Settings.load()
    if args.search_index_loo:  # an index of the gold texts; a document's own page is left out
        from redactor_plugins.search.local_index import leave_one_out_index

        leave_one_out_index(gold_docs, settings)
    blocked = list(getattr(args, "disable_plugin", None) or [])  # --disable-plugin NAME
    host = PluginHost(settings, blocked=blocked)
    host.check_names(blocked)
    if not any(r.id in _RISK_IDS for r in host.components("risk_indicators")):
        try:  # the built-in risk plugin, when the host did not load it
            import redactor_plugins.indicators.plugin as risk_plugin

            host = PluginHost(settings, extra_plugins=[("risk_indicators", risk_plugin)],
                              blocked=blocked)
        except ImportError:
            pass
    policy = load_policy(args.policy)
    pipeline = Pipeline(host, policy)
    wanted = args.indicators if args.indicators else None
    available = [r.id for r in host.components("risk_indicators")]
    if wanted:
        unknown = [w for w in wanted if w not in available]
        if unknown:
            raise UsageError(f"unknown indicators: {', '.join(unknown)} (available: "
                             + ", ".join(available) + ")")
    match = str(settings.get("risk", "seqlabel_match", "partial") or "partial")

    def row_id(c: str) -> str:
        return f"sequence-labelling ({'strict' if match == 'strict' else 'partial'})" \
            if c == "sequence-labelling" else c

    # votes: over every indicator asked for (default: all); the policy row: the policy's own
    # indicators (always run) and k — the configuration a user of that policy gets
    combine = list(wanted or available)
    combine_rows = [row_id(c) for c in combine]
    policy_rows = [row_id(c) for c in (policy.indicators or wanted or available)]
    t0 = time.time()
    runs, used = collect(gold_docs, host=host, pipeline=pipeline, settings=settings,
                         gold_spans=args.gold_spans, folds=args.folds,
                         wanted=sorted(set(combine) | set(policy.indicators) | set(wanted or [])),
                         progress=(None if args.json else
                                   lambda i, n: print(f"\r{i}/{n} documents", end="",
                                                      file=sys.stderr, flush=True)))
    seconds = time.time() - t0
    if not args.json:
        print(file=sys.stderr)
    fold_map = _fold_dirs(args.folds)

    def learned_folder(run_: DocRun) -> Path | None:
        d = fold_map.get(run_.doc_id, {}).get("classifiers")
        return d if d is not None else None

    k_policy = args.k if args.k is not None else policy.k
    rows = row_outputs(runs, policy, combine_ids=combine_rows, k_policy=k_policy,
                       policy_ids=policy_rows, learned_folder_of=learned_folder)
    weights = wmodel = None
    if not args.no_weighted:
        try:
            weights, wmodel = weight_function(runs, gold_docs, settings)
        except Exception as exc:  # no MLM: no P_w
            print(f"warning: no weighted precision ({type(exc).__name__}: {exc})", file=sys.stderr)
    table = score_rows(gold_docs, rows, weights, wmodel)
    n_words = sum(len(re.findall(r"\w+", g.text)) for g in gold_docs)
    meta = {
        "gold": str(args.gold), "documents": len(gold_docs), "words": n_words,
        "spans": "gold (annotated) spans" if args.gold_spans else "detected by: " + ", ".join(
            r.id for r in host.components("detectors")),
        "findings": sum(len(r.findings) for r in runs),
        "combined_indicators": combine_rows, "policy": policy.name, "k": k_policy,
        "policy_indicators": policy_rows,
        "policy_thresholds": dict(policy.thresholds) or None,
        "cross_validation": (f"fold artefacts for {used['ner']} (NER) / "
                             f"{used['classifiers']} (classifiers) / "
                             f"{used['seqlabel']} (sequence labeller) documents; "
                             f"{used['in_sample']} documents scored by the shipped models"
                             + (" (in-sample if they were trained on them)" if used["in_sample"] else "")),
        "weighted_precision_model": (f"{wmodel} (not bert-base-uncased: P_w not comparable with "
                                     "the paper)") if wmodel else None,
        "seconds": round(seconds, 1),
    }
    result: dict[str, Any] = {"meta": meta, "table": table}
    # as the analysis lists them: context the policy row keeps is no finding
    decided = {r.doc_id: policy_decisions(r, policy, policy_rows, k_policy) for r in runs} \
        if args.detection or args.dump_signals else {}
    listed = {r.doc_id: listed_findings(r, policy, policy_rows, k_policy, decided[r.doc_id])
              for r in runs} if decided else {}
    if args.detection:
        preds = {r.doc_id: [(f.span.start, f.span.end, str(f.label)) for f in listed[r.doc_id]]
                 for r in runs}
        det = evaluate_detection(gold_docs, preds)
        result["detection"] = det.to_dict()
        det_md = format_markdown(det)
    if args.coreference:
        from redactor.evaluation.coreference import evaluate_coreference

        coref = evaluate_coreference(gold_docs, {r.doc_id: [
            (f.span.start, f.span.end, r.entities[r.entity_of[i]].id)
            for i, f in enumerate(r.findings)] for r in runs})
        result["coreference"] = coref.to_dict()
    if args.dump_signals:
        kept = {r.doc_id: {id(f) for f in listed[r.doc_id]} for r in runs}
        args.dump_signals.write_text(json.dumps([
            {"doc_id": r.doc_id, "fold": r.fold,
             "findings": [[f.span.start, f.span.end, str(f.label)] for f in r.findings],
             "subtypes": [f.subtype for f in r.findings],
             "listed": [id(f) in kept[r.doc_id] for f in r.findings],  # as --detection scores
             "scores": [round(f.score, 4) for f in r.findings],
             "actions": [str(d.action.value) for d in decided[r.doc_id]],  # its decisions
             "entity_of": list(r.entity_of),
             "signals": {k: [[s.score, s.risky] for s in v] for k, v in r.signals.items()}}
            for r in runs]))
    if args.json:
        print(json.dumps(result, indent=1, default=str))
        return 0
    for k, v in meta.items():
        print(f"{k}: {v}")
    print()
    print(markdown(table))
    if args.detection:
        print()
        print(det_md)
    if args.coreference:
        c = result["coreference"]
        print()
        print("coreference (B³ over detected gold mentions, every annotator): " + (
            "no gold mention detected" if c["b3_f1"] is None else
            f"P {c['b3_precision']:.3f} R {c['b3_recall']:.3f} F1 {c['b3_f1']:.3f} "
            f"({c['detected_mentions']} of {c['gold_mentions']} mentions)"))
    return 0
