"""The native libraries that the bundled models use, loaded before the window is shown.

Initialising a C extension holds the GIL for its whole module set-up: ONNX Runtime's takes
55–110 ms on 2 cores. Loaded the first time a model is prepared — in a background thread
while the window is up and a document is being shown — it froze the window for that long
(the GUI thread cannot run Python without the GIL). Imported here, on the GUI thread before
the window appears, they cost the same time once, at start-up, where nothing is frozen: the
window appears ~0.23 s later (0.68 → 0.91 s on 2 cores). Imported instead by the start-up job
right after the window appeared, a file opened at once waited for them and the import froze the
idle window (first highlight 0.55–1.05 s, a 113 ms stall, measured with ``bench_gui.py --cold``).
"""

from __future__ import annotations

import importlib
import logging

__all__ = ["NATIVE_LIBRARIES", "load_native_libraries"]

log = logging.getLogger("redactor.gui")

#: extension modules whose first import holds the GIL longest (numpy comes with onnxruntime)
NATIVE_LIBRARIES = ("numpy", "onnxruntime", "tokenizers")


def load_native_libraries(names: tuple[str, ...] = NATIVE_LIBRARIES) -> list[str]:
    """Import ``names`` (those installed); return the ones that are now loaded. An absent or
    broken library is left to the component that needs it to report."""
    loaded = []
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as exc:  # noqa: BLE001 (reported by the component that needs it)
            log.debug("native library %s not loaded early: %s", name, type(exc).__name__)
            continue
        loaded.append(name)
    return loaded
