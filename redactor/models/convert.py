"""Import a user's Hugging Face model folder: export to ONNX, quantize, check parity, register.

Needs the ``train`` extra (torch, transformers, onnx); everything is imported inside the
functions, so the default install (onnxruntime + tokenizers) never loads it. Strictly offline:
``HF_HUB_OFFLINE=1``/``TRANSFORMERS_OFFLINE=1`` are set and only a local folder is accepted.

Steps: load the model with transformers (``local_files_only``), export with
``torch.onnx.export(..., dynamo=False)`` (dynamic batch and sequence axes), quantize int8
dynamic (``per_channel=True, reduce_range=True`` — plain U8S8 can find nothing on CPUs without
VNNI), then compare the ONNX outputs with the torch model on sample texts: max absolute logit
difference and top-1 agreement over tokens, for the fp32 export and for the int8 model. The
fp32 export must match (max diff ≤ ``FP32_TOLERANCE``); when the int8 model agrees on fewer
than ``min_agreement`` of tokens the fp32 model is kept instead (recorded in ``import.json``).
"""

from __future__ import annotations

import datetime as _dt
import importlib.util
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from redactor.core.errors import InputError, RedactorError, UsageError
from redactor.models.registry import (
    KINDS,
    ModelInfo,
    check_name,
    models_dir,
    run_onnx,
    write_model_folder,
)

FP32_TOLERANCE = 1e-3
MIN_AGREEMENT = 0.98
OPSET = 17

SAMPLE_TEXTS: tuple[str, ...] = (
    "The applicant, Mr Galip Yalman, is a Turkish national who was born in 1950 and lives in "
    "Ankara.",
    "On 3 May 2004 the Regional Court of Oslo sentenced her to two years' imprisonment for "
    "fraud.",
    "Contact Dr Anna Berg at anna.berg@example.org or +47 22 33 44 55, application no. "
    "12345/06.",
    "She worked as a nurse at St Olav's Hospital until her retirement in March 2019.",
)

_ARCH_KIND = {"ForTokenClassification": "token-classification", "ForMaskedLM": "masked-lm"}


class MissingDependencyError(UsageError):
    """torch/transformers are not installed."""


def _require_train_extra() -> None:
    missing = [m for m in ("torch", "transformers", "onnx") if importlib.util.find_spec(m) is None]
    if missing:
        raise MissingDependencyError(
            f"importing a model needs {', '.join(missing)}: install redactor[train] "
            "(pip install 'redactor[train]')")


def _offline() -> None:
    for var in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_DATASETS_OFFLINE"):
        os.environ[var] = "1"
    os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
    os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


def detect_kind(config: Any) -> str:
    for arch in getattr(config, "architectures", None) or []:
        for suffix, kind in _ARCH_KIND.items():
            if arch.endswith(suffix):
                return kind
    raise UsageError("cannot tell the model kind from its config.json; pass "
                     "--kind token-classification or --kind masked-lm")


#: Parameter names of the output layers (masked-LM and token-classification heads).
HEAD_KEYS = ("cls.", "lm_head", "predictions.", "classifier", "vocab_projector",
             "vocab_transform", "vocab_layer_norm", "generator_lm_head")


def _load(src: Path, kind: str) -> tuple[Any, Any, Any]:
    from transformers import (
        AutoConfig,
        AutoModelForMaskedLM,
        AutoModelForTokenClassification,
        AutoTokenizer,
    )

    config = AutoConfig.from_pretrained(src, local_files_only=True)
    cls = AutoModelForTokenClassification if kind == "token-classification" else \
        AutoModelForMaskedLM
    try:  # eager attention traces cleanly (SDPA takes data-dependent shortcuts)
        model, info = cls.from_pretrained(src, local_files_only=True, output_loading_info=True,
                                          attn_implementation="eager")
    except (TypeError, ValueError):
        model, info = cls.from_pretrained(src, local_files_only=True, output_loading_info=True)
    missing = [k for k in info.get("missing_keys", []) if any(h in k for h in HEAD_KEYS)]
    if missing:  # transformers would fill them in at random: the outputs would be noise
        raise InputError(f"the weights in {src} do not fit a {kind} model: {len(missing)} "
                         f"weight(s) of its output layer are missing (e.g. {missing[0]}); "
                         "choose the kind that matches the checkpoint")
    model.eval()
    tokenizer = AutoTokenizer.from_pretrained(src, local_files_only=True, use_fast=True)
    if not getattr(tokenizer, "is_fast", False):
        raise UsageError("the model's tokenizer has no fast (tokenizer.json) version")
    return config, model, tokenizer


def export_onnx(model: Any, path: Path, *, with_token_types: bool) -> None:
    import torch

    class _Wrapper(torch.nn.Module):
        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids: Any, attention_mask: Any,
                    token_type_ids: Any = None) -> Any:
            kwargs = {"input_ids": input_ids, "attention_mask": attention_mask}
            if token_type_ids is not None:
                kwargs["token_type_ids"] = token_type_ids
            return self.inner(**kwargs).logits

    # batch 2 with padding, so that no shape or all-ones-mask shortcut is traced as a constant
    ids = torch.tensor([[2, 5, 6, 7, 8, 9, 10, 3], [2, 5, 6, 7, 3, 0, 0, 0]], dtype=torch.long)
    ids = ids.clamp(max=int(getattr(model.config, "vocab_size", 11)) - 1)
    mask = (torch.arange(8)[None, :] < torch.tensor([[8], [5]])).long()
    args: tuple[Any, ...] = (ids, mask)
    names = ["input_ids", "attention_mask"]
    if with_token_types:
        args = (ids, mask, torch.zeros_like(ids))
        names.append("token_type_ids")
    axes = {n: {0: "batch", 1: "sequence"} for n in names}
    axes["logits"] = {0: "batch", 1: "sequence"}
    import warnings

    wrapper = _Wrapper(model).eval()  # a new Module is in training mode (dropout on)
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # legacy-exporter deprecation and tracer notes
        torch.onnx.export(wrapper, args, str(path), input_names=names,
                          output_names=["logits"], dynamic_axes=axes, opset_version=OPSET,
                          do_constant_folding=True, dynamo=False)
    model.eval()


def quantize_int8(src: Path, dest: Path) -> None:
    import logging

    from onnxruntime.quantization import QuantType, quantize_dynamic

    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)  # "consider pre-processing" advice logged on the root logger
    try:
        quantize_dynamic(str(src), str(dest), weight_type=QuantType.QInt8, per_channel=True,
                         reduce_range=True)
    finally:
        root.setLevel(level)


def parity(model: Any, onnx_dir: Path, onnx_file: str, encodings: list[list[int]]) -> dict:
    """Max |logit difference| and top-1 agreement of an ONNX file against the torch model."""
    import numpy as np
    import onnxruntime as ort
    import torch

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    opts.log_severity_level = 3
    session = ort.InferenceSession(str(onnx_dir / onnx_file), opts,
                                   providers=["CPUExecutionProvider"])
    max_diff, agree, total = 0.0, 0, 0
    for ids in encodings:
        with torch.no_grad():
            t = torch.tensor([ids], dtype=torch.long)
            ref = model(input_ids=t, attention_mask=torch.ones_like(t)).logits[0].numpy()
        out = run_onnx(session, ids)
        max_diff = max(max_diff, float(np.abs(out - ref).max()))
        agree += int((out.argmax(-1) == ref.argmax(-1)).sum())
        total += len(ids)
    return {"max_abs_diff": max_diff, "top1_agreement": agree / total if total else 0.0,
            "tokens": total}


def import_model(src: str | Path, name: str | None = None, kind: str | None = None, *,
                 quantize: bool = True, force: bool = False,
                 sample_texts: tuple[str, ...] = SAMPLE_TEXTS,
                 min_agreement: float = MIN_AGREEMENT, log: Any = None) -> ModelInfo:
    """Convert the Hugging Face folder ``src`` and register it as ``name``."""
    src = Path(src).expanduser()
    if not src.is_dir():
        raise InputError(f"{src} is not a folder: models are imported from a local folder "
                         "(nothing is downloaded)")
    if not (src / "config.json").is_file():
        raise InputError(f"{src} has no config.json (not a Hugging Face model folder)")
    if kind is not None and kind not in KINDS:
        raise UsageError(f"unknown kind {kind!r} (choose from {', '.join(KINDS)})")
    name = check_name(name or src.resolve().name)
    if (models_dir() / name).exists() and not force:
        raise UsageError(f"a model named {name!r} already exists (use --force to replace it)")
    _require_train_extra()
    _offline()
    say = log or (lambda msg: None)

    from transformers import AutoConfig

    try:
        config = AutoConfig.from_pretrained(src, local_files_only=True)
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise InputError(f"{src}/config.json cannot be read as a model configuration "
                         f"({type(exc).__name__})") from exc
    kind = kind or detect_kind(config)
    say(f"loading {kind} model from {src}")
    try:
        config, model, tokenizer = _load(src, kind)
    except RedactorError:
        raise
    except (OSError, ValueError) as exc:
        raise InputError(f"cannot load the model in {src}: {exc}") from exc
    except Exception as exc:  # truncated weights, shapes that contradict the config …
        raise InputError(f"cannot load the model in {src} ({type(exc).__name__}: the "
                         "weights, the configuration or the tokenizer files are damaged or "
                         "do not match)") from exc

    models_dir().mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".import-{name}-", dir=models_dir()))
    try:
        with_types = getattr(config, "type_vocab_size", 0) and "token_type_ids" in getattr(
            tokenizer, "model_input_names", ())
        say("exporting to ONNX (fp32)")
        fp32 = staging / "model_fp32.onnx"
        export_onnx(model, fp32, with_token_types=bool(with_types))
        tokenizer.backend_tokenizer.save(str(staging / "tokenizer.json"))
        config.to_json_file(str(staging / "config.json"))

        limit = min(512, int(getattr(config, "max_position_embeddings", 512) or 512))
        encodings = [tokenizer(t, truncation=True, max_length=limit)["input_ids"]
                     for t in sample_texts]
        fp32_parity = parity(model, staging, "model_fp32.onnx", encodings)
        if fp32_parity["max_abs_diff"] > FP32_TOLERANCE:
            raise RedactorError(
                f"the ONNX export does not match the original model (max |diff| "
                f"{fp32_parity['max_abs_diff']:.2e} > {FP32_TOLERANCE:g}); not imported")
        applied, int8_parity, note = "none (fp32)", None, "quantization not requested"
        if quantize:
            say("quantizing to int8 (dynamic, per channel, reduce_range)")
            quantize_int8(fp32, staging / "model_int8.onnx")
            int8_parity = parity(model, staging, "model_int8.onnx", encodings)
            if int8_parity["top1_agreement"] >= min_agreement:
                applied, note = "int8 dynamic (QInt8, per_channel, reduce_range)", ""
                os.replace(staging / "model_int8.onnx", staging / "model.onnx")
            else:
                note = (f"int8 top-1 agreement {int8_parity['top1_agreement']:.3f} < "
                        f"{min_agreement}; kept fp32")
                (staging / "model_int8.onnx").unlink()
        if not (staging / "model.onnx").exists():
            os.replace(fp32, staging / "model.onnx")
        else:
            fp32.unlink()
        for extra in staging.glob("*.onnx.data"):
            extra.unlink()

        if kind == "token-classification":
            id2label = {int(k): str(v) for k, v in (config.id2label or {}).items()}
            labels: dict[str, Any] = {"kind": kind,
                                      "labels": [id2label[i] for i in range(len(id2label))]}
            width = len(id2label)
        else:
            labels = {"kind": kind, "mask_token": tokenizer.mask_token,
                      "mask_token_id": tokenizer.mask_token_id}
            width = int(config.vocab_size)
        (staging / "labels.json").write_text(json.dumps(labels, indent=2, ensure_ascii=False)
                                             + "\n", encoding="utf-8")
        import torch
        import transformers

        from redactor import __version__

        chosen = int8_parity if applied.startswith("int8") else fp32_parity
        record = {
            "name": name, "kind": kind, "source": str(src.resolve()),
            "architectures": list(getattr(config, "architectures", None) or []),
            "imported_at": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
            "redactor_version": __version__, "torch_version": torch.__version__,
            "transformers_version": transformers.__version__, "opset": OPSET,
            "output_width": width,
            "quantization": {"applied": applied, "note": note},
            "parity": {**chosen, "fp32": fp32_parity, "int8": int8_parity,
                       "samples": len(sample_texts)},
        }
        info = write_model_folder(staging, name, record, force=force)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return info
