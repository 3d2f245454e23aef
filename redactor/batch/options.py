"""What a batch is asked to do (:class:`BatchOptions`), what its progress callback receives
(:class:`BatchProgress`) and what it returns (:class:`BatchSummary`)."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from redactor.core.errors import UsageError
from redactor.core.policy import Policy
from redactor.core.settings import Settings

#: the per-file time limit when neither ``--timeout`` nor the ``batch.timeout`` setting says
#: otherwise: an hour (a scanned PDF of a few hundred pages, OCR'd and verified, on one core)
DEFAULT_TIMEOUT_S = 3600.0


@dataclass
class BatchOptions:
    """How to run a batch (the ``redactor batch`` options)."""

    policy: Policy | None = None
    settings: Settings | None = None
    password: str | None = None
    output_format: str | None = None
    load_plugins: bool = True
    blocked: tuple[str, ...] = ()
    engine: str = "local"
    workers: int = 0  # 0: one per core
    threads: int = 0  # ONNX Runtime threads per worker; 0: cores / workers
    scheduler: str | None = None
    stream: bool = False
    retries: int = 2
    #: seconds a file may take (read to verified output) before it is stopped and recorded
    #: as failed; 0: no limit; None: the ``batch.timeout`` setting, else DEFAULT_TIMEOUT_S
    timeout: float | None = None
    force: bool = False
    recursive: bool = False
    journal: Path | None = None
    report: Path | None = None
    #: files or folders never taken as inputs (the desktop app: saved reviews, files it
    #: exports itself from the reviewer's decisions); the tree's root is computed before
    exclude: tuple[Path, ...] = ()
    #: a ready :class:`~redactor.core.pipeline.Pipeline` for the ``inline`` engine (the
    #: desktop app's: plugins and models already loaded); its policy must be ``policy``
    pipeline: Any = None

    def worker_count(self) -> int:
        return self.workers if self.workers > 0 else (os.cpu_count() or 1)

    def time_limit(self, settings: Settings | None = None) -> float:
        """The per-file time limit in seconds (0: none): ``timeout``, else the ``batch.timeout``
        setting, else :data:`DEFAULT_TIMEOUT_S`."""
        settings = settings or self.settings or Settings.load()
        value = self.timeout if self.timeout is not None else settings.get(
            "batch", "timeout", DEFAULT_TIMEOUT_S)
        try:
            limit = float(value)
        except (TypeError, ValueError):
            limit = -1.0
        if isinstance(value, bool) or not limit >= 0 or limit == float("inf"):
            raise UsageError("the per-file time limit (--timeout, setting batch.timeout) must "
                             "be a number of seconds, 0 for none")
        return limit


@dataclass(frozen=True, slots=True)
class BatchProgress:
    """What a progress callback receives after planning and after each finished file."""

    total: int
    finished: int  # done, refused or failed for good, including files skipped as done before
    done: int
    skipped: int
    refused: int
    failed: int
    in_flight: int
    elapsed: float
    files_per_s: float
    eta_s: float | None
    last: str = ""  # relative path of the file that just finished
    last_status: str = ""
    last_error: str = ""  # why it was refused or failed (text-free)


@dataclass
class BatchSummary:
    """The outcome of a batch run; ``exit_code`` is the command's."""

    total: int = 0
    done: int = 0  # redacted in this run
    skipped: int = 0  # done in an earlier run (same input, same settings)
    refused: int = 0
    failed: int = 0
    timed_out: int = 0  # of the failed: stopped for the per-file time limit
    pending: int = 0  # not finished (cancelled)
    cancelled: bool = False
    seconds: float = 0.0
    words: int = 0  # words of the files redacted in this run
    by_type: dict[str, int] = field(default_factory=dict)
    engine: str = ""
    workers: int = 0
    journal: str = ""
    timeout: float = 0.0  # the per-file time limit it ran under (0: none)
    inputs: list[str] = field(default_factory=list)
    codes: Counter[int] = field(default_factory=Counter)
    warnings: list[str] = field(default_factory=list)  # e.g. plugins that failed to load
    report: dict[str, Any] | None = None

    @property
    def files_per_s(self) -> float:
        return self.done / self.seconds if self.seconds > 0 else 0.0

    @property
    def words_per_s(self) -> float:
        return self.words / self.seconds if self.seconds > 0 else 0.0

    @property
    def exit_code(self) -> int:
        """130 cancelled; 1 a file failed; 4 a verification refused; 3 an input refused;
        2 an output existed; else 0."""
        if self.cancelled:
            return 130
        for code in (1, 4, 3, 2):
            if (code == 1 and self.failed) or (code != 1 and self.codes.get(code)):
                return code
        return 0
