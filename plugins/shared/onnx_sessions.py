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

__all__ = ["default_providers", "session_options"]


def session_options(threads: int = 0) -> ort.SessionOptions:
    """Options for a CPU/GPU inference session: ``threads`` intra-op threads (0 = the
    runtime's default), one inter-op thread, quiet logs, full graph optimisation."""
    so = ort.SessionOptions()
    if threads > 0:
        so.intra_op_num_threads = int(threads)
    so.inter_op_num_threads = 1
    so.log_severity_level = 3
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    spin = "1" if os.environ.get("REDACTOR_ORT_SPINNING", "0") == "1" else "0"
    so.add_session_config_entry("session.intra_op.allow_spinning", spin)
    so.add_session_config_entry("session.inter_op.allow_spinning", spin)
    return so


def default_providers() -> list[str]:
    """The CUDA provider first where onnxruntime-gpu offers it, else the CPU."""
    avail = ort.get_available_providers()
    return [p for p in ("CUDAExecutionProvider", "CPUExecutionProvider") if p in avail]
