"""Benchmark: batch throughput (files/s, words/s) with 1 and N local worker processes and on
a Dask LocalCluster with N workers, and the scaling ratio N-vs-1.

Builds ``--files`` documents of about ``--words`` words each from TAB dev texts
(../shared/data, if present; otherwise generated court-style text): half TXT, a quarter DOCX,
a quarter PDF. Each configuration redacts all of them into a fresh folder with the default
policy (the real pipeline and built-in models) through :func:`redactor.batch.run_batch`.

Two rates per run: *wall* (from the call to the last file, worker start-up and model loading
included) and *steady* (between the first and the last finished file, i.e. once the workers
are up). ``cores_busy`` is the CPU time of this process and its workers divided by the wall
time. Other processes on the machine slow every figure (on a busy machine more workers cannot
get more CPU); the load average is printed.

    .venv/bin/python benchmarks/bench_batch.py [--files 48] [--words 400] [--workers N]
                                               [--skip-dask] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
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
            "cpu_s_per_file": round(cpu / max(1, summary.done), 3)}


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers)."""
    import resource

    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=48)
    ap.add_argument("--words", type=int, default=400)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--skip-dask", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-batch-"))
    try:
        src = tmp / "in"
        src.mkdir()
        words = build_corpus(src, args.files, args.words)
        n = args.workers
        results: dict[str, dict[str, float]] = {}
        configs: list[tuple[str, dict[str, object]]] = [
            ("local, 1 worker", {"engine": "local", "workers": 1}),
            (f"local, {n} workers", {"engine": "local", "workers": n}),
        ]
        if not args.skip_dask:
            configs.append((f"dask LocalCluster, {n} workers", {"engine": "dask", "workers": n}))
        for name, kw in configs:
            results[name] = run(src, tmp / f"out-{len(results)}", **kw)
            print(f"{name:<32} {results[name]}", file=sys.stderr, flush=True)
        one, many = results["local, 1 worker"], results[f"local, {n} workers"]
        scaling = {
            "wall": round(many["files_per_s"] / one["files_per_s"], 2),
            "steady": round(many["steady_files_per_s"] / max(1e-9, one["steady_files_per_s"]),
                            2),
        }
        report = {"files": args.files, "words": words, "cpus": os.cpu_count(),
                  "load_average": [round(x, 2) for x in os.getloadavg()], "runs": results,
                  f"scaling_{n}_vs_1": scaling}
        if args.json:
            print(json.dumps(report, indent=2))
        else:
            print(f"{args.files} files, {words} words, {os.cpu_count()} CPUs, load average "
                  f"{report['load_average']}")
            print(f"{'configuration':<32} {'wall s':>7} {'files/s':>8} {'words/s':>8} "
                  f"{'steady files/s':>15} {'steady words/s':>15} {'cores busy':>11} "
                  f"{'CPU s/file':>11}")
            for name, r in results.items():
                print(f"{name:<32} {r['wall_s']:>7} {r['files_per_s']:>8} {r['words_per_s']:>8} "
                      f"{r['steady_files_per_s']:>15} {r['steady_words_per_s']:>15} "
                      f"{r['cores_busy']:>11} {r['cpu_s_per_file']:>11}")
            print(f"scaling {n} vs 1 worker: {scaling['wall']}x (wall), "
                  f"{scaling['steady']}x (steady)")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
