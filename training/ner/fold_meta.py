"""fold_meta K J FOLDER: write FOLDER/fold.json for an out-of-fold NER model (build.py folds).

``test_doc_ids`` are the development documents held out of fold J of sha256_fold(doc_id, K)
(read from the fold's ``data/val_ids.json``); ``redactor evaluate`` scores exactly those
documents with ``FOLDER/int8``, whose ``manifest.json`` is written here.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def main(argv: list[str]) -> None:
    k, j, folder = int(argv[0]), int(argv[1]), Path(argv[2])
    val = json.loads((folder / "data" / "val_ids.json").read_text())
    ids = sorted({d for docs in val.values() for d in docs})
    meta = {"k": k, "fold": j, "fold_rule": f"sha256_fold(doc_id, {k})", "model": "int8",
            "test_doc_ids": ids}
    (folder / "fold.json").write_text(json.dumps(meta, indent=1) + "\n")
    if (folder / "int8" / "model.onnx").is_file():  # the NER detector checks a pack's manifest
        from redactor.models.manifest import build_manifest

        build_manifest(folder / "int8", name=f"ner-fold{j}-of-{k}", version="fold",
                       licence="CC-BY-4.0")
    print(f"fold {j} of {k}: {len(ids)} held-out documents")


if __name__ == "__main__":
    main(sys.argv[1:])
