"""``--device``: where the models run (``auto``, ``cpu`` or ``cuda``).

The choice travels to the model runtimes as ``REDACTOR_DEVICE`` (so that batch worker
processes inherit it). ``cuda`` without a usable CUDA provider is a usage error before any
document is read, with the fix in the message; ``auto`` quietly uses the CPU then.
"""

from __future__ import annotations

import os

from redactor.core.errors import UsageError

CHOICES = ("auto", "cpu", "cuda")
CUDA_MISSING = ("--device cuda: ONNX Runtime offers no CUDA provider here; install the GPU "
                "build (pip install 'redactor[gpu]', which replaces onnxruntime by "
                "onnxruntime-gpu) and a CUDA 12 driver, or use --device cpu")


def apply_device(choice: str | None) -> str:
    """Validate the choice (the flag, else ``REDACTOR_DEVICE``, else ``auto``) and export it."""
    value = (choice or os.environ.get("REDACTOR_DEVICE") or "auto").strip().lower()
    if value not in CHOICES:
        raise UsageError(f"--device must be one of {', '.join(CHOICES)} (got {value!r})")
    if value == "cuda":
        import onnxruntime

        if "CUDAExecutionProvider" not in onnxruntime.get_available_providers():
            raise UsageError(CUDA_MISSING)
    os.environ["REDACTOR_DEVICE"] = value
    return value
