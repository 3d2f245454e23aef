"""Forward passes of the bundled models: one call that runs a session and counts its time.

``run(session, model, outputs, feed)`` is ``session.run(outputs, feed)`` plus an account of
the seconds spent inside ONNX Runtime per model (``model_seconds()``), which
``benchmarks/bench_pipeline.py`` compares with the whole run's time ("how close do we run to
the raw forward passes"). The account holds names and numbers only, never document text.

``reference_path()`` is true when ``REDACTOR_REFERENCE_PATH=1``: the runtimes then take the
plain, slower road where they have a fast one (log-softmax in numpy over every logit instead of
inside the graph, classifiers tree by tree), so a test can check that the fast path changes no
finding and no decision (``tests/perf/test_fast_path.py``).
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

__all__ = ["model_seconds", "record_calls", "recorded_calls", "reference_path",
           "reset_model_seconds", "run"]

_LOCK = threading.Lock()
_SECONDS: dict[str, float] = {}
_CALLS: dict[str, int] = {}
_ACTIVE: dict[str, tuple[int, float]] = {}  # model -> (calls in flight, since when)
_RECORDED: list[tuple[Any, str, list[str] | None, dict[str, Any]]] | None = None


def run(session: Any, model: str, outputs: list[str] | None, feed: dict[str, Any]) -> list[Any]:
    """``session.run(outputs, feed)``, its wall time added to ``model``'s account. Calls that
    overlap in time (batches run side by side on several cores) count their union once."""
    with _LOCK:
        if _RECORDED is not None:
            _RECORDED.append((session, model, outputs, feed))
        active, since = _ACTIVE.get(model, (0, 0.0))
        _ACTIVE[model] = (active + 1, time.perf_counter() if active == 0 else since)
    try:
        return session.run(outputs, feed)
    finally:
        with _LOCK:
            active, since = _ACTIVE[model]
            if active == 1:
                del _ACTIVE[model]
                _SECONDS[model] = _SECONDS.get(model, 0.0) + time.perf_counter() - since
            else:
                _ACTIVE[model] = (active - 1, since)
            _CALLS[model] = _CALLS.get(model, 0) + 1


def model_seconds() -> dict[str, tuple[float, int]]:
    """Seconds inside ONNX Runtime and number of calls, per model, since the last reset
    (calls in flight count up to now)."""
    now = time.perf_counter()
    with _LOCK:
        return {k: (_SECONDS.get(k, 0.0) + (now - _ACTIVE[k][1] if k in _ACTIVE else 0.0),
                    _CALLS.get(k, 0))
                for k in sorted(set(_SECONDS) | set(_ACTIVE))}


def reset_model_seconds() -> None:
    """Start the account again (calls in flight are counted from now)."""
    now = time.perf_counter()
    with _LOCK:
        _SECONDS.clear()
        _CALLS.clear()
        for k, (active, _since) in list(_ACTIVE.items()):
            _ACTIVE[k] = (active, now)


def reference_path() -> bool:
    """``REDACTOR_REFERENCE_PATH=1``: compute the slow, plain way (for equivalence tests)."""
    return os.environ.get("REDACTOR_REFERENCE_PATH", "0") == "1"


def record_calls(on: bool) -> None:
    """Keep every call's session and inputs from now on (``on``), or stop and forget them:
    the benchmark replays them alone to time the raw forward passes. Inputs are token ids."""
    global _RECORDED
    with _LOCK:
        _RECORDED = [] if on else None


def recorded_calls() -> list[tuple[Any, str, list[str] | None, dict[str, Any]]]:
    """The calls kept since :func:`record_calls` ``(True)``: (session, model, outputs, feed)."""
    with _LOCK:
        return list(_RECORDED or [])
