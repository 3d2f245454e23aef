"""ONNX Runtime session options shared by the bundled models.

Intra-op threads *spin* (busy-wait) between operators by default, which keeps both cores of a
small machine busy and takes the CPU from the desktop app's GUI thread while a document is
analysed. Spinning is off unless ``REDACTOR_ORT_SPINNING=1`` (e.g. a batch server where no
window shares the CPU).
"""

from __future__ import annotations

import os

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

import onnxruntime as ort  # noqa: E402

__all__ = ["CUDA_MISSING", "default_providers", "device", "on_gpu", "session_options"]


def session_options(threads: int = 0) -> ort.SessionOptions:
    """Options for a CPU/GPU inference session: ``threads`` intra-op threads (0 = the
    runtime's default), one inter-op thread, quiet logs, full graph optimisation.
    ``REDACTOR_ORT_THREADS=N`` overrides ``threads`` (batch workers set it: cores ÷ workers)."""
    so = ort.SessionOptions()
    override = os.environ.get("REDACTOR_ORT_THREADS", "").strip()
    if override.isdigit() and int(override) > 0:
        threads = int(override)
    if threads > 0:
        so.intra_op_num_threads = int(threads)
    so.inter_op_num_threads = 1
    so.log_severity_level = 3
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    spin = "1" if os.environ.get("REDACTOR_ORT_SPINNING", "0") == "1" else "0"
    so.add_session_config_entry("session.intra_op.allow_spinning", spin)
    so.add_session_config_entry("session.inter_op.allow_spinning", spin)
    return so


CUDA_MISSING = ("the GPU was asked for (--device cuda / REDACTOR_DEVICE=cuda) but ONNX Runtime "
                "offers no CUDA provider here: install the GPU build (pip install "
                "'redactor[gpu]', which replaces onnxruntime by onnxruntime-gpu) and a CUDA 12 "
                "driver, or run with --device cpu")


def device() -> str:
    """The device the user chose: ``REDACTOR_DEVICE`` = ``auto`` (default), ``cpu`` or ``cuda``
    (the CLI's ``--device`` sets it, so batch workers inherit it)."""
    value = os.environ.get("REDACTOR_DEVICE", "auto").strip().lower() or "auto"
    return value if value in ("auto", "cpu", "cuda") else "auto"


def default_providers() -> list[str]:
    """The execution providers for ``device()``: ``cuda`` → CUDA then CPU (an error naming the
    fix when CUDA is absent), ``cpu`` → CPU only, ``auto`` → CUDA where onnxruntime-gpu offers
    it, else the CPU."""
    avail = ort.get_available_providers()
    choice = device()
    if choice == "cpu":
        return ["CPUExecutionProvider"]
    if choice == "cuda" and "CUDAExecutionProvider" not in avail:
        raise RuntimeError(CUDA_MISSING)
    return [p for p in ("CUDAExecutionProvider", "CPUExecutionProvider") if p in avail]


def on_gpu(session: ort.InferenceSession) -> bool:
    """Whether ``session`` runs on the CUDA provider (larger batches pay off there)."""
    return "CUDAExecutionProvider" in session.get_providers()
