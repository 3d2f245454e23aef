"""Models a user imports (Hugging Face folders converted to ONNX) and where they live.

``registry`` (no heavy imports) lists, locates and verifies imported models; ``convert``
(torch/transformers imported lazily, only for importing) exports, quantizes and checks them.
"""

from __future__ import annotations

from redactor.models.registry import (
    KINDS,
    ModelInfo,
    get_model,
    list_models,
    models_dir,
    remove_model,
    verify_model,
)

__all__ = [
    "KINDS",
    "ModelInfo",
    "get_model",
    "list_models",
    "models_dir",
    "remove_model",
    "verify_model",
]
