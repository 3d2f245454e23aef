"""The run context handed to every component: cancellation, progress, settings, logging."""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from redactor.core.errors import CancelledError
from redactor.core.policy import Policy
from redactor.core.settings import Settings


class CancelToken:
    """A thread-safe flag that a GUI or signal handler sets and the pipeline checks."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def raise_if_cancelled(self) -> None:
        if self._event.is_set():
            raise CancelledError("cancelled")


ProgressSink = Callable[[str, float], None]
"""Called with a short phase name and a fraction in [0, 1]; must never see document text."""


def _no_progress(phase: str, fraction: float) -> None:
    return None


@dataclass
class RunContext:
    """What a component may use during a run (one per document on the command line)."""

    settings: Settings = field(default_factory=Settings)
    """The loaded settings, plugins' sections included (``ctx.settings.get(section, key)``)."""
    cancel: CancelToken = field(default_factory=CancelToken)
    """Set when the user cancels; call :meth:`check` rather than reading it."""
    progress: ProgressSink = _no_progress
    """``progress(phase, fraction)`` with a short phase name; never document text."""
    logger: logging.Logger = field(default_factory=lambda: logging.getLogger("redactor"))
    """Where to log (``--debug`` shows debug records); never log document text."""
    network_allowed: bool = False
    """False unless the user switched on an online plugin; offline components ignore it."""
    run_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    """A random id for this run (for caches and logs; carries nothing of the document)."""
    memo: dict[str, Any] = field(default_factory=dict)
    """Scratch space in memory, shared by every component of the run and kept as long as
    this context: one document on the command line, a whole batch where the caller shares one
    memo across documents (the GUI's batch export). Use :meth:`memo_for` with your component
    id (components of one plugin that share work may agree on one key). Never saved; it may
    hold document text, so never log it."""
    password: str | None = None
    """The password of an encrypted input, if the user gave one (readers only)."""
    policy: Policy | None = None
    """The active policy (set by the pipeline before detection): thresholds, options."""
    search_providers: dict[str, Any] = field(default_factory=dict)
    """The registered search providers by id (the pipeline fills it for the ``web-search``
    indicator; empty: that indicator uses its built-in providers)."""
    ocr_engines: dict[str, Any] = field(default_factory=dict)
    """The registered OCR engines by id, in registration order (the pipeline fills it before
    reading and writing, so that formats read scans and pictures without importing an
    engine; empty: nothing is OCR'd)."""

    timings: dict[str, float] = field(default_factory=dict)
    """Seconds per pipeline stage (``read``, ``detect:<id>``, ``overlaps``, ``entities``,
    ``risk:<id>``, ``decide``), added up over the run (``benchmarks/bench_pipeline.py`` prints
    them). Names and numbers only."""

    def check(self) -> None:
        """Raise :class:`CancelledError` if the run was cancelled."""
        self.cancel.raise_if_cancelled()

    def memo_for(self, component_id: str) -> dict[str, Any]:
        """The dict in :attr:`memo` under ``component_id`` (created empty on first use): where
        a strategy keeps its numbering so that every mention of an entity, and every document
        sharing the memo, gets the same replacement."""
        return self.memo.setdefault(component_id, {})

    @contextmanager
    def timed(self, stage: str) -> Iterator[None]:
        """Add the time spent inside the ``with`` block to :attr:`timings` under ``stage``."""
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.timings[stage] = self.timings.get(stage, 0.0) + time.perf_counter() - t0
