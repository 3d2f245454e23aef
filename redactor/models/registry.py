"""Where imported models live and how they are checked (onnxruntime + tokenizers only).

Layout: ``<data dir>/models/<name>/`` (data dir: platformdirs' user data folder, or
``REDACTOR_DATA_DIR``) with

* ``model.onnx`` — the exported (normally int8-quantized) model,
* ``tokenizer.json`` — a ``tokenizers`` fast tokenizer,
* ``config.json`` — the original Hugging Face configuration,
* ``labels.json`` — ``{"kind": …, "labels": [...]}`` (token classification: the label of each
  output index; masked LM: the mask token and its id),
* ``import.json`` — provenance and the parity figures of the conversion, plus the SHA-256 of
  every file (``verify`` checks them).

Nothing here downloads anything; nothing here imports torch.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from redactor.core.errors import InputError, UsageError, VerificationError
from redactor.core.hashing import sha256_file
from redactor.core.settings import data_dir
from redactor.models.manifest import build_manifest

KINDS: tuple[str, ...] = ("token-classification", "masked-lm")
MODEL_FILES: tuple[str, ...] = ("model.onnx", "tokenizer.json", "config.json", "labels.json")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def models_dir() -> Path:
    return data_dir() / "models"


def check_name(name: str) -> str:
    if not _NAME.match(name or "") or name in (".", ".."):
        raise UsageError(f"invalid model name {name!r}: use letters, digits, '.', '_' or '-' "
                         "(at most 64, starting with a letter or digit)")
    return name




@dataclass(frozen=True)
class ModelInfo:
    """An imported model as recorded in its ``import.json``."""

    name: str
    path: Path
    kind: str
    labels: tuple[str, ...] = ()
    record: dict[str, Any] = field(default_factory=dict)

    @property
    def parity(self) -> dict[str, Any]:
        return dict(self.record.get("parity", {}))

    @property
    def quantization(self) -> str:
        return str(self.record.get("quantization", {}).get("applied", ""))

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "path": str(self.path), "kind": self.kind,
                "labels": list(self.labels), "quantization": self.quantization,
                "parity": self.parity, "source": self.record.get("source", ""),
                "imported_at": self.record.get("imported_at", "")}


def _read_info(path: Path) -> ModelInfo:
    try:
        record = json.loads((path / "import.json").read_text(encoding="utf-8"))
        labels = json.loads((path / "labels.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError(f"model folder {path} is incomplete or unreadable: {exc}") from exc
    kind = str(record.get("kind") or labels.get("kind") or "")
    names = labels.get("labels", []) if kind == "token-classification" else []
    return ModelInfo(path.name, path, kind, tuple(str(x) for x in names), record)


def list_models() -> list[ModelInfo]:
    """Imported models, by name (folders without ``import.json`` are skipped)."""
    root = models_dir()
    if not root.is_dir():
        return []
    out = []
    for path in sorted(root.iterdir()):
        if path.is_dir() and not path.name.startswith(".") and (path / "import.json").is_file():
            try:
                out.append(_read_info(path))
            except InputError:
                continue
    return out


def get_model(name: str) -> ModelInfo:
    path = models_dir() / check_name(name)
    if not (path / "import.json").is_file():
        raise UsageError(f"no imported model named {name!r} (see 'redactor models list')")
    return _read_info(path)


def remove_model(name: str) -> None:
    info = get_model(name)
    shutil.rmtree(info.path)


def write_model_folder(staging: Path, name: str, record: dict[str, Any], *,
                       force: bool = False) -> ModelInfo:
    """Finish a staged folder (hashes into ``import.json``) and move it into place."""
    target = models_dir() / check_name(name)
    if target.exists() and not force:
        raise UsageError(f"a model named {name!r} already exists (use --force to replace it)")
    record = dict(record)
    record["files"] = {f: sha256_file(staging / f) for f in MODEL_FILES}
    (staging / "import.json").write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n",
                                         encoding="utf-8")
    build_manifest(staging, name=name, version=str(record.get("imported_at", "")),
                   licence=str(record.get("licence") or "as the source model's licence"))
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists():
        old = target.with_name(f".{name}.old")
        shutil.rmtree(old, ignore_errors=True)
        os.replace(target, old)
        os.replace(staging, target)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(staging, target)
    return _read_info(target)


def open_session(path: Path, threads: int = 1) -> Any:
    os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = max(1, threads)
    opts.log_severity_level = 3
    return ort.InferenceSession(str(path / "model.onnx"), opts, providers=["CPUExecutionProvider"])


def run_onnx(session: Any, ids: list[int]) -> Any:
    """Logits (seq, n_out) of one sequence (special tokens already added)."""
    import numpy as np

    names = {i.name for i in session.get_inputs()}
    arr = np.asarray([ids], dtype=np.int64)
    feed: dict[str, Any] = {"input_ids": arr}
    if "attention_mask" in names:
        feed["attention_mask"] = np.ones_like(arr)
    if "token_type_ids" in names:
        feed["token_type_ids"] = np.zeros_like(arr)
    return np.asarray(session.run(None, feed)[0])[0]


VERIFY_TEXT = "The applicant, Mr John Smith, was born in 1950 and lives in Oslo."


def verify_model(name: str) -> dict[str, Any]:
    """Check an imported model: files present and unchanged (SHA-256), tokenizer and ONNX
    model load, and the output has the recorded width. Raises VerificationError."""
    info = get_model(name)
    problems: list[str] = []
    checks: list[str] = []
    files = info.record.get("files", {})
    for f in MODEL_FILES:
        p = info.path / f
        if not p.is_file():
            problems.append(f"{f} is missing")
        elif files.get(f) and sha256_file(p) != files[f]:
            problems.append(f"{f} changed since import (SHA-256 differs)")
    if not problems:
        checks.append("files present, SHA-256 as recorded")
        from tokenizers import Tokenizer

        tok = Tokenizer.from_file(str(info.path / "tokenizer.json"))
        enc = tok.encode(VERIFY_TEXT)
        logits = run_onnx(open_session(info.path), enc.ids)
        width = int(logits.shape[-1])
        expected = int(info.record.get("output_width") or 0)
        if logits.shape[0] != len(enc.ids):
            problems.append("output length differs from the number of tokens")
        if expected and width != expected:
            problems.append(f"output width {width}, expected {expected}")
        if info.kind == "token-classification" and width != len(info.labels):
            problems.append(f"{width} outputs but {len(info.labels)} labels")
        import numpy as np

        if not np.isfinite(logits).all():
            problems.append("the model produced non-finite outputs")
        if not problems:
            checks.append(f"ONNX model runs: {len(enc.ids)} tokens → {width} outputs each")
    if problems:
        raise VerificationError(f"model {name!r} failed verification: " + "; ".join(problems))
    return {"name": name, "ok": True, "checks": checks, "parity": info.parity}
