"""A watched folder: redact each file that appears in an inbox, once it has settled.

The inbox is polled every ``interval`` seconds; a file is taken when its size and
modification time have not changed for ``settle`` seconds. Everything else is the batch's:
the same journal (a file already done with the same content and settings is not redone; a
file whose content changes is redone), engines, atomic writes and verification. It runs until
the cancel token is set (the CLI sets it on SIGINT/SIGTERM); files in flight then go back to
pending and are taken again at the next start.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from redactor.batch import journal as jn
from redactor.batch.inputs import Source, expand_inputs
from redactor.batch.runner import (
    BatchOptions,
    BatchProgress,
    BatchSummary,
    Driver,
    journal_files,
    journal_lock,
    make_engine,
    make_setup,
    validate_setup,
)
from redactor.core.context import CancelToken
from redactor.core.errors import UsageError
from redactor.core.settings import Settings


@dataclass
class _Seen:
    size: int
    mtime_ns: int
    stable_since: float
    taken: bool = False


class Inbox:
    """Tracks the files of an inbox and says which have settled since the last scan."""

    def __init__(self, inbox: Path, outdir: Path, *, recursive: bool, settle: float,
                 exclude: list[Path]) -> None:
        self.inbox, self.outdir, self.recursive = inbox, outdir, recursive
        self.settle, self.exclude = settle, exclude
        self.seen: dict[Path, _Seen] = {}

    def settled(self, now: float | None = None) -> list[Source]:
        now = time.monotonic() if now is None else now
        try:
            sources = expand_inputs([self.inbox], self.outdir, recursive=self.recursive,
                                    exclude=self.exclude)
        except (UsageError, OSError):  # the inbox was removed or is being renamed: wait
            return []
        ready: list[Source] = []
        present = set()
        for src in sources:
            present.add(src.path)
            try:
                st = src.path.stat()
            except OSError:
                continue
            seen = self.seen.get(src.path)
            if seen is None or (seen.size, seen.mtime_ns) != (st.st_size, st.st_mtime_ns):
                self.seen[src.path] = _Seen(st.st_size, st.st_mtime_ns, now)
                continue
            if not seen.taken and now - seen.stable_since >= self.settle:
                seen.taken = True
                ready.append(src)
        for gone in set(self.seen) - present:
            del self.seen[gone]
        return ready


def watch_folder(inbox: Path, outdir: Path, options: BatchOptions | None = None, *,
                 settle: float = 2.0, interval: float = 1.0, cancel: CancelToken | None = None,
                 progress: Callable[[BatchProgress], None] | None = None) -> BatchSummary:
    """Watch ``inbox`` and redact into ``outdir`` until ``cancel`` is set."""
    options = options or BatchOptions()
    cancel = cancel or CancelToken()
    inbox, outdir = Path(inbox), Path(outdir)
    if not inbox.is_dir():
        raise UsageError(f"{inbox}: the inbox is not a folder")
    if settle < 0 or interval <= 0:
        raise UsageError("--settle must be >= 0 and --interval > 0")
    outdir.mkdir(parents=True, exist_ok=True)
    journal_path = Path(options.journal) if options.journal else outdir / jn.DEFAULT_NAME
    expand_inputs([inbox], outdir, recursive=options.recursive)  # usage checks, up front
    setup = make_setup(options)
    timeout = options.time_limit(Settings(dict(setup.settings)))
    warnings = validate_setup(setup)
    engine = make_engine(options, setup, cancel)
    tracker = Inbox(inbox, outdir, recursive=options.recursive, settle=settle,
                    exclude=journal_files(Path(os.path.abspath(journal_path))))
    with journal_lock(journal_path), jn.Journal(journal_path) as journal:
        driver = Driver(journal, engine, setup, retries=options.retries, cancel=cancel,
                        progress=progress, timeout=timeout)
        driver.summary.workers = options.worker_count() if engine.name != "inline" else 1
        driver.summary.warnings = warnings
        next_scan = 0.0
        try:
            while not cancel.cancelled:
                now = time.monotonic()
                if now >= next_scan:
                    driver.planning = True
                    for src in tracker.settled(now):
                        if src.path.is_file():
                            driver.plan(src, options.force)
                    driver.planning = False
                    driver.flush_planned()
                    next_scan = now + interval
                driver.pump(min(0.2, interval))
        finally:
            summary = driver.close()
    summary.cancelled = False  # stopping is how a watch ends
    return summary
