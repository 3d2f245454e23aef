"""The run context handed to every component: cancellation, progress, settings, logging."""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable
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
    """What a component may use during a run.

    ``memo`` is batch-scoped scratch space keyed by component id (e.g. a strategy keeps its
    entity numbering there so that labels and pseudonyms stay consistent across documents).
    ``network_allowed`` is False unless the user switched on an online plugin.
    """

    settings: Settings = field(default_factory=Settings)
    cancel: CancelToken = field(default_factory=CancelToken)
    progress: ProgressSink = _no_progress
    logger: logging.Logger = field(default_factory=lambda: logging.getLogger("redactor"))
    network_allowed: bool = False
    run_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    memo: dict[str, Any] = field(default_factory=dict)
    password: str | None = None
    policy: Policy | None = None

    def check(self) -> None:
        """Raise :class:`CancelledError` if the run was cancelled."""
        self.cancel.raise_if_cancelled()

    def memo_for(self, component_id: str) -> dict[str, Any]:
        return self.memo.setdefault(component_id, {})
