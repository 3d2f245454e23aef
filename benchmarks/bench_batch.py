"""Benchmark: batch throughput (files/s, words/s) with 1 and N local worker processes and on
a Dask LocalCluster with N workers, and the scaling ratio N-vs-1 (against one worker with the
default cores ÷ 1 ONNX Runtime threads, and against one single-threaded worker).

Builds ``--files`` documents of about ``--words`` words each from TAB dev texts
(../shared/data, if present; otherwise generated court-style text): half TXT, a quarter DOCX,
a quarter PDF. Each configuration redacts all of them into a fresh folder with the default
policy (the real pipeline and built-in models) through :func:`redactor.batch.run_batch`.

Two rates per run: *wall* (from the call to the last file, worker start-up and model loading
included) and *steady* (between the first and the last finished file, i.e. once the workers
are up). ``cores_busy`` is the CPU time of this process and its workers divided by the wall
time. The workers get ``cores ÷ workers`` ONNX Runtime threads each (the batch default).

Other processes on the machine slow every figure (on a busy machine more workers cannot get
more CPU), so every configuration runs ``--repeat`` times, the rounds interleaved (1 worker, N
workers, … in alternating order) so that a change of load hits both alike; the table gives
the medians, the scaling lines the median of the rounds' ratios (N workers vs 1 worker, wall
and steady), and the 1-minute load average is printed before every run. One worker with the
default threads already keeps more than one core busy through ONNX Runtime's intra-op
threads, which caps the N-vs-1 ratio below N; the single-threaded worker shows the ratio of N
workers to one core's worth of work.

    .venv/bin/python benchmarks/bench_batch.py [--files 48] [--words 400] [--workers N]
                                               [--repeat 3] [--skip-dask] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from redactor.batch.runner import BatchOptions, BatchProgress, run_batch
from redactor.core.policy import load_policy

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tab" / "tab_dev.json"


def texts(n: int, words: int) -> list[str]:
    out: list[str] = []
    if DATA.is_file():
        for d in json.loads(DATA.read_text()):
            w = d["text"].split()
            for i in range(0, max(1, len(w) - words), words):
                out.append(" ".join(w[i:i + words]))
                if len(out) == n:
                    return out
    rnd = random.Random(1)
    names = ["Galip Yalman", "Ayşe Demir", "Olga Ivanova", "Lars Berg", "Maria Rossi"]
    while len(out) < n:
        parts, k = [], 0
        while k < words:
            s = (f"On {rnd.randint(1, 28)} March {rnd.randint(1990, 2015)} the applicant, "
                 f"{rnd.choice(names)}, lodged an appeal (no. {rnd.randint(1000, 99999)}) with "
                 "the Regional Court, which dismissed it as unfounded.")
            parts.append(s)
            k += len(s.split())
        out.append(" ".join(parts))
    return out


def build_corpus(folder: Path, n: int, words: int) -> int:
    import docx
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    total = 0
    for i, text in enumerate(texts(n, words)):
        total += len(text.split())
        paras = [p for p in text.replace(". ", ".\n", 3).split("\n") if p.strip()]
        if i % 4 in (0, 1):
            (folder / f"doc{i:03d}.txt").write_text(text, encoding="utf-8")
        elif i % 4 == 2:
            d = docx.Document()
            for p in paras:
                d.add_paragraph(p)
            d.save(str(folder / f"doc{i:03d}.docx"))
        else:
            style = getSampleStyleSheet()["BodyText"]
            SimpleDocTemplate(str(folder / f"doc{i:03d}.pdf"), pagesize=A4).build(
                [Paragraph(p, style) for p in paras])
    return total


def run(src: Path, out: Path, **kw: object) -> dict[str, float]:
    finished: list[float] = []

    def progress(p: BatchProgress) -> None:
        if p.last:
            finished.append(time.perf_counter())

    load = os.getloadavg()[0]
    cpu0 = _cpu()
    start = time.perf_counter()
    options = BatchOptions(policy=load_policy("default"), **kw)  # type: ignore[arg-type]
    summary = run_batch([src], out, options, progress=progress)
    wall = time.perf_counter() - start
    cpu = _cpu() - cpu0
    span = finished[-1] - finished[0] if len(finished) > 1 else 0.0
    steady_files = (len(finished) - 1) / span if span > 0 else 0.0
    return {"files": summary.done, "failed": summary.failed + summary.refused,
            "words": summary.words, "wall_s": round(wall, 2),
            "files_per_s": round(summary.done / wall, 3),
            "words_per_s": round(summary.words / wall, 1),
            "steady_files_per_s": round(steady_files, 3),
            "steady_words_per_s": round(steady_files * summary.words / max(1, summary.done), 1),
            "cpu_s": round(cpu, 1), "cores_busy": round(cpu / wall, 2),
            "cpu_s_per_file": round(cpu / max(1, summary.done), 3), "load_before": round(load, 2)}


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers)."""
    import resource

    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def median_run(runs: list[dict[str, float]]) -> dict[str, float]:
    """The median of every figure over the repeated runs of one configuration."""
    return {k: round(statistics.median(r[k] for r in runs), 3) for k in runs[0]}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=48)
    ap.add_argument("--words", type=int, default=400)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--repeat", type=int, default=3, help="runs of each configuration")
    ap.add_argument("--skip-dask", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-batch-"))
    try:
        src = tmp / "in"
        src.mkdir()
        words = build_corpus(src, args.files, args.words)
        n = args.workers
        one, single, many = ("local, 1 worker", "local, 1 worker, 1 thread",
                             f"local, {n} workers")
        configs: dict[str, dict[str, object]] = {
            one: {"engine": "local", "workers": 1},  # cores ÷ 1 ONNX Runtime threads
            single: {"engine": "local", "workers": 1, "threads": 1},
            many: {"engine": "local", "workers": n},
        }
        if not args.skip_dask:
            configs[f"dask LocalCluster, {n} workers"] = {"engine": "dask", "workers": n}
        load_start = [round(x, 2) for x in os.getloadavg()]
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in configs}
        ratios: dict[str, dict[str, list[float]]] = {b: {"wall": [], "steady": []}
                                                     for b in (one, single)}
        for r in range(max(1, args.repeat)):
            order = list(configs) if r % 2 == 0 else [many, single, one, *list(configs)[3:]]
            for name in order:
                res = run(src, tmp / f"out-{r}-{order.index(name)}", **configs[name])
                runs[name].append(res)
                print(f"round {r + 1} {name:<32} {res}", file=sys.stderr, flush=True)
            b = runs[many][-1]
            for base, ratio in ratios.items():
                a = runs[base][-1]
                ratio["wall"].append(b["files_per_s"] / a["files_per_s"])
                ratio["steady"].append(b["steady_files_per_s"]
                                       / max(1e-9, a["steady_files_per_s"]))
        results = {name: median_run(rs) for name, rs in runs.items()}
        scaling = {base: {k: round(statistics.median(v), 2) for k, v in ratio.items()}
                   for base, ratio in ratios.items()}
        rounds = {base: {k: [round(x, 2) for x in v] for k, v in ratio.items()}
                  for base, ratio in ratios.items()}
        report = {"files": args.files, "words": words, "cpus": os.cpu_count(),
                  "repeat": args.repeat, "load_average_start": load_start,
                  "load_average_end": [round(x, 2) for x in os.getloadavg()],
                  "medians": results, "runs": runs, f"scaling_{n}_workers_vs": scaling,
                  f"scaling_{n}_workers_vs_rounds": rounds}
        if args.json:
            print(json.dumps(report, indent=2))
        else:
            print(f"{args.files} files, {words} words, {os.cpu_count()} CPUs, "
                  f"{args.repeat} round(s); load average at the start {load_start}, at the "
                  f"end {report['load_average_end']}")
            print(f"{'configuration (medians)':<32} {'wall s':>7} {'files/s':>8} {'words/s':>8} "
                  f"{'steady files/s':>15} {'steady words/s':>15} {'cores busy':>11} "
                  f"{'CPU s/file':>11} {'load':>6}")
            for name, r in results.items():
                print(f"{name:<32} {r['wall_s']:>7} {r['files_per_s']:>8} {r['words_per_s']:>8} "
                      f"{r['steady_files_per_s']:>15} {r['steady_words_per_s']:>15} "
                      f"{r['cores_busy']:>11} {r['cpu_s_per_file']:>11} {r['load_before']:>6}")
            for base in ratios:
                print(f"scaling: {many} vs {base} (throughput ratio, median of {args.repeat} "
                      f"round(s)): {scaling[base]['wall']}x (wall), {scaling[base]['steady']}x "
                      f"(steady); rounds: wall {rounds[base]['wall']}, steady "
                      f"{rounds[base]['steady']}")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
