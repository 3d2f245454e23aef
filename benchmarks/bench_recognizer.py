#!/usr/bin/env python3
"""Speed of the whole recognizer (every default detector) beside the NER model's raw forward.

    .venv/bin/python benchmarks/bench_recognizer.py [--docs N] [--threads 2]

Reads TAB dev texts from ../shared/data (or generated text when that is absent), runs every
registered detector through the pipeline's detect step (overlap resolution included), and
prints words per second per detector and in total, the raw ONNX forward time of the NER model
on the same texts, and the ratio between the two. Model file sizes are printed too.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data" / "tab" / "tab_dev.json"


def texts(n: int) -> list[str]:
    if SHARED.is_file():
        return [d["text"] for d in json.loads(SHARED.read_text(encoding="utf-8"))[:n]]
    from faker import Faker

    fake = Faker("en_GB")
    Faker.seed(1)
    return [" ".join(fake.paragraph(nb_sentences=40) for _ in range(10)) for _ in range(n)]


def words(text: str) -> int:
    return len(re.findall(r"\w+", text))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--docs", type=int, default=10)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    os.environ.setdefault("OMP_NUM_THREADS", str(args.threads))

    from redactor.core.context import RunContext
    from redactor.core.overlaps import resolve_overlaps
    from redactor.pluginhost.manager import PluginHost
    from redactor.testing import document_from_text

    docs = [document_from_text(t, f"doc{i}") for i, t in enumerate(texts(args.docs))]
    n_words = sum(words(d.text) for d in docs)
    host = PluginHost(load_entrypoints=False, load_user_folder=False)
    ctx = RunContext()
    detectors = host.components("detectors")
    # warm-up: load models lazily outside the timed region
    for reg in detectors:
        list(reg.component.detect(docs[0], ctx))

    per: dict[str, float] = {}
    found: list[list] = [[] for _ in docs]
    for reg in detectors:
        start = time.perf_counter()
        for i, doc in enumerate(docs):
            found[i].extend(reg.component.detect(doc, ctx))
        per[reg.id] = time.perf_counter() - start
    start = time.perf_counter()
    for batch in found:
        resolve_overlaps(batch)
    per["overlaps"] = time.perf_counter() - start
    total = sum(per.values())

    print(f"{len(docs)} documents, {n_words} words, {args.threads} threads")
    print(f"{'detector':<12} {'seconds':>8} {'words/s':>10}")
    for name, sec in per.items():
        print(f"{name:<12} {sec:8.2f} {n_words / sec:10.0f}")
    print(f"{'ALL':<12} {total:8.2f} {n_words / total:10.0f}")

    ner = next((r.component for r in detectors if r.id == "ner"), None)
    model = getattr(ner, "model", None) or getattr(ner, "_model", None)
    if model is None:
        try:
            from redactor_plugins.detectors.recognizer.ner_runtime import NerModel

            model = NerModel(threads=args.threads)
        except Exception as exc:  # model absent
            print(f"NER model not available ({type(exc).__name__}); no forward-time ratio")
            return
    start = time.perf_counter()
    for doc in docs:  # tokenize + every window through ONNX Runtime, no span decoding or rules
        model.token_probabilities(doc.text)
    forward = time.perf_counter() - start
    print(f"raw NER forward (tokenize + ONNX): {forward:.2f} s = {n_words / forward:.0f} words/s")
    print(f"recognizer / raw forward time ratio: {total / forward:.2f}")
    sizes = {p.relative_to(ROOT / 'resources'): p.stat().st_size
             for p in (ROOT / "resources" / "models").rglob("*.onnx")}
    for path, size in sorted(sizes.items()):
        print(f"model file {path}: {size / 2**20:.1f} MiB")
    print(f"model files together: {sum(sizes.values()) / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
