"""bench: inference speed of the shipped int8 model with ONNX Runtime (run in its own process).

  python training/ner/bench.py [--threads 2] [--repeat 5]

Reports word pieces/s and words/s over 15 TAB dev cases (the former validation split: a fixed
set of texts; or a synthetic text when
../shared/data is absent), best of --repeat passes (the build machine is shared).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "plugins"))

from common import SHARED_DATA, load_tab, split_docs  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model-dir", default=None)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--window", type=int, default=None)
    ap.add_argument("--write", action="store_true", help="store the result in MODEL_DIR/metrics.json")
    a = ap.parse_args()
    from redactor_plugins.detectors.recognizer.ner_runtime import NerModel

    m = NerModel(a.model_dir, threads=a.threads, window=a.window, providers=["CPUExecutionProvider"])
    path = SHARED_DATA / "tab" / "tab_dev.json"
    if path.exists():
        texts = [d["text"] for d in split_docs(load_tab(path))[1]]
    else:
        texts = ["On 6 January 1998 Mr John Smith, a British national, lodged application no. "
                 "36110/97 with the Court in Strasbourg. " * 400]
    pieces = sum(len(m.tokenizer.encode(t, add_special_tokens=False).ids) for t in texts)
    words = sum(len(t.split()) for t in texts)
    m.predict(texts[0][:2000])
    best = float("inf")
    for _ in range(a.repeat):
        t0 = time.perf_counter()
        for t in texts:
            m.predict(t)
        best = min(best, time.perf_counter() - t0)
    print(f"threads={a.threads} window={m.window}: {pieces} word pieces, {words} words in {best:.2f}s "
          f"-> {pieces / best:,.0f} word pieces/s, {words / best:,.0f} words/s (best of {a.repeat})")
    if a.write:
        import json

        mp = m.model_dir / "metrics.json"
        data = json.loads(mp.read_text()) if mp.exists() else {}
        data["bench"] = {"threads": a.threads, "window": m.window, "overlap": m.overlap,
                         "word_pieces": pieces, "words": words, "seconds": round(best, 3),
                         "tokens_per_s": round(pieces / best), "words_per_s": round(words / best),
                         "texts": "15 TAB dev cases (the former validation split)", "best_of": a.repeat}
        mp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
