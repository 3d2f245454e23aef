"""Modules imported on first use, so that the plugin host starts without them.

``np = LazyModule("numpy")`` at the top of a plugin module, then ``np.asarray(...)`` inside its
functions: numpy is imported by the first call that needs it (a model-loading thread of
``Pipeline.preload``, usually), not when the plugin host imports the plugin. Importing is
thread-safe (importlib's per-module locks), and once imported each access is one
``sys.modules`` look-up.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["LazyModule"]


class LazyModule:
    """Stands for the module ``name``: an attribute read imports it (once) and reads there."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        return getattr(importlib.import_module(self._name), attr)

    def __repr__(self) -> str:
        return f"<lazy module {self._name!r}>"
