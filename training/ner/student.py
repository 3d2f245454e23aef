#!/usr/bin/env python3
"""A smaller NER to distil into: some encoder layers of a fine-tuned NER, the rest dropped.

  python training/ner/student.py TEACHER_DIR STUDENT_DIR --keep 0,1,2,5

The student starts as the teacher's embeddings, the kept layers (in order) and its classifier;
``train.py --resume STUDENT_DIR --teacher TEACHER_DIR`` then trains it on the same data with
the teacher's label distributions as a second target (``build.py student``). Keeping the
first three layers and the last measured best on fold 0 (docs/model-card-ner.md).
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

KEEP = (0, 1, 2, 5)


def make_student(teacher: Path, dest: Path, keep: tuple[int, ...] = KEEP) -> int:
    """Write the student to ``dest``; returns its number of parameters."""
    import torch
    from transformers import BertForTokenClassification

    model = BertForTokenClassification.from_pretrained(teacher)
    layers = model.bert.encoder.layer
    if not keep or any(not 0 <= i < len(layers) for i in keep) or list(keep) != sorted(set(keep)):
        raise SystemExit(f"--keep {keep}: distinct increasing layer numbers below {len(layers)}")
    model.bert.encoder.layer = torch.nn.ModuleList([layers[i] for i in keep])
    model.config.num_hidden_layers = len(keep)
    dest.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(dest, safe_serialization=True)
    for f in teacher.iterdir():
        if f.name.startswith(("tokenizer", "special_tokens", "vocab")):
            shutil.copy(f, dest / f.name)
    return sum(p.numel() for p in model.parameters())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("teacher", type=Path)
    ap.add_argument("dest", type=Path)
    ap.add_argument("--keep", default=",".join(map(str, KEEP)),
                    help="the teacher's layers the student keeps (comma-separated)")
    args = ap.parse_args()
    keep = tuple(int(x) for x in args.keep.split(",") if x.strip())
    n = make_student(args.teacher, args.dest, keep)
    print(f"student of {args.teacher}: layers {keep}, {n:,} parameters -> {args.dest}")


if __name__ == "__main__":
    main()
