"""The batch driver: plan against the journal, feed an engine, record every outcome.

:func:`run_batch` is the one entry point for the CLI and the desktop app ("Export all"): it
takes input paths, an output folder, :class:`BatchOptions`, an optional progress callback and
an optional :class:`~redactor.core.context.CancelToken`, runs in the calling thread (a Qt
worker thread is fine: it installs no signal handler) and returns a :class:`BatchSummary`.
"""

from __future__ import annotations

import collections
import contextlib
import os
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from redactor.batch import journal as jn
from redactor.batch.engines import TIMED_OUT, Engine, InlineEngine, ProcessEngine, Task
from redactor.batch.inputs import Source, expand_inputs
from redactor.batch.options import BatchOptions, BatchProgress, BatchSummary
from redactor.core.context import CancelToken
from redactor.core.errors import UsageError
from redactor.core.hashing import sha256_file
from redactor.core.redact_one import (
    CANCELLED,
    DONE,
    FAILED,
    REFUSED,
    RedactionRecord,
    RedactionSetup,
    default_threads,
    remove_partial_outputs,
)
from redactor.core.settings import Settings

ENGINES = ("local", "dask", "inline")
__all__ = ["BatchOptions", "BatchProgress", "BatchSummary", "run_batch"]
#: refusals that the same input under the same settings would get again (not redone)
FINAL_REFUSALS = (3, 4)


def make_setup(options: BatchOptions) -> RedactionSetup:
    from redactor.core.policy import load_policy

    settings = options.settings or Settings.load()
    return RedactionSetup(policy=options.policy or load_policy(None),
                          settings=settings.to_dict(), password=options.password,
                          output_format=options.output_format,
                          load_plugins=options.load_plugins, blocked=tuple(options.blocked),
                          threads=options.threads)


def validate_setup(setup: RedactionSetup, host: Any = None) -> list[str]:
    """Refuse, before any file, a policy that names a strategy no plugin provides; return a
    warning for each plugin that failed to load (the workers will lack it too). ``host``:
    the plugin host that will run the batch, when it exists already."""
    from redactor.core.redact_one import build_pipeline

    host = host or build_pipeline(setup).host
    warnings = [f"plugin {r.name!r} failed to load and is not used: {r.error}"
                for r in host.plugin_records() if str(r.status) in ("failed", "incompatible")]
    wanted = {setup.policy.strategy} | {r.strategy for r in setup.policy.labels.values()}
    known = {r.id for r in host.components("strategies")}
    missing = sorted(w for w in wanted if w and w not in known)
    if missing:
        raise UsageError(f"unknown strategy {missing[0]!r}; available: "
                         + ", ".join(sorted(known)))
    return warnings


def make_engine(options: BatchOptions, setup: RedactionSetup, cancel: CancelToken) -> Engine:
    workers = options.worker_count()
    if options.scheduler or options.engine == "dask":
        from redactor.batch.dask_engine import DaskEngine

        return DaskEngine(setup, scheduler=options.scheduler, workers=workers,
                          stream=options.stream)
    if options.stream:
        raise UsageError("--stream needs the Dask engine (--scheduler or --engine dask)")
    if options.engine == "inline":
        return InlineEngine(setup, cancel, options.pipeline)
    if options.engine != "local":
        raise UsageError(f"unknown engine {options.engine!r} (choose {', '.join(ENGINES)})")
    if not setup.threads:
        setup = RedactionSetup(**{**_fields(setup), "threads": default_threads(workers)})
    return ProcessEngine(setup, workers)


def _fields(setup: RedactionSetup) -> dict[str, Any]:
    return {name: getattr(setup, name) for name in setup.__dataclass_fields__}


@contextlib.contextmanager
def journal_lock(path: Path) -> Iterator[None]:
    """One batch at a time per journal (POSIX advisory lock; none where unavailable)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    lock = path.with_name(path.name + ".lock")
    with lock.open("a") as fh:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            raise UsageError(f"{path.name}: another batch is using this journal") from exc
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def journal_files(path: Path) -> list[Path]:
    return [path.with_name(path.name + s) for s in ("", "-wal", "-shm", "-journal", ".lock")]


class Driver:
    """Feeds an engine from a queue of tasks and writes every outcome to the journal."""

    def __init__(self, journal: jn.Journal, engine: Engine, setup: RedactionSetup, *,
                 retries: int, cancel: CancelToken,
                 progress: Callable[[BatchProgress], None] | None = None,
                 timeout: float = 0.0) -> None:
        self.journal, self.engine, self.setup = journal, engine, setup
        self.retries, self.cancel, self.progress_cb = max(0, retries), cancel, progress
        self.timeout = max(0.0, timeout)  # the per-file time limit (0: none)
        self.queue: collections.deque[tuple[Task, Source]] = collections.deque()
        self.planning = True  # run() and watch clear it
        self.sources: dict[int, Source] = {}
        self.attempts: Counter[int] = Counter()
        self.summary = BatchSummary(engine=engine.name, journal=str(journal.path),
                                    timeout=self.timeout)
        self.started = time.monotonic()
        self.touched: list[Path] = []
        self._next_id = 0
        self._deferred: list[tuple[str, str, str]] = []  # finished while planning

    # -- planning --------------------------------------------------------------------------
    def plan(self, src: Source, force: bool) -> None:
        """Skip ``src`` if the journal says it is finished, else queue it."""
        s = self.summary
        s.total += 1
        s.inputs.append(str(src.path))
        key = self.setup.key()
        try:
            size, sha = src.path.stat().st_size, sha256_file(src.path)
        except OSError as exc:
            self.journal.upsert_pending(str(src.path), src.rel, str(src.output), 0, "", key,
                                        reset_attempts=True)
            rec = RedactionRecord(REFUSED, 3, 0.0, error_class="InputError",
                                  error_message=f"{src.path.name}: cannot be read "
                                                f"({exc.strerror or 'OS error'})")
            self._finish(src, rec)
            return
        old = self.journal.get(str(src.path))
        same = (old is not None and old.sha256 == sha and old.config == key
                and old.output == str(src.output))
        if same and old is not None and old.status == jn.DONE and src.output.exists():
            s.skipped += 1
            return
        if same and old is not None and old.status == jn.REFUSED and \
                old.exit_code in FINAL_REFUSALS:
            s.refused += 1
            s.codes[int(old.exit_code or 0)] += 1
            return
        # The output is this journal's only when the journal wrote it: a row refused because
        # the output already existed (exit 2) does not make someone else's file ours.
        owned = (old is not None and old.output == str(src.output)
                 and not (old.status == jn.REFUSED and old.exit_code == 2))
        self.journal.upsert_pending(str(src.path), src.rel, str(src.output), size, sha, key,
                                    reset_attempts=True)
        if src.output.exists() and not (force or owned):
            self._finish(src, RedactionRecord(
                REFUSED, 2, 0.0, input_sha256=sha, error_class="UsageError",
                error_message=f"{src.output.name}: output exists (use --force to replace it)"))
            return
        # From here the output path is this journal's: a task that runs again (a retry, or
        # Dask recomputing a result lost with its worker) replaces what it wrote before.
        self._next_id += 1
        task = Task(self._next_id, str(src.path), str(src.output), sha, overwrite=True,
                    timeout=self.timeout)
        self.sources[task.id] = src
        self.queue.append((task, src))

    # -- running ---------------------------------------------------------------------------
    def run(self) -> BatchSummary:
        """Run until every queued file is finished or the batch is cancelled."""
        self.started = time.monotonic()
        self.planning = False
        self.flush_planned()
        try:
            while (self.queue or self.engine.in_flight()) and not self.cancel.cancelled:
                self.pump()
        finally:
            self.close()
        return self.summary

    def flush_planned(self) -> None:
        """Report the files that planning finished (refused before running), once the
        totals are known."""
        self._emit()
        deferred, self._deferred = self._deferred, []
        for item in deferred:
            self._emit(*item)

    def pump(self, timeout: float = 0.2) -> None:
        """Submit what the engine has room for, then wait up to ``timeout`` for results."""
        while self.queue and self.engine.in_flight() < self.engine.slots:
            task, src = self.queue.popleft()
            src.output.parent.mkdir(parents=True, exist_ok=True)
            self.touched.append(src.output)
            self.journal.mark_running(task.source)
            self.attempts[task.id] += 1
            self.engine.submit(task)
        if self.engine.in_flight():
            for task, rec in self.engine.poll(timeout):
                self._result(task, rec)
        else:
            time.sleep(timeout)

    def close(self) -> BatchSummary:
        """Stop the engine (cancelling what is in flight if the batch was cancelled), put
        unfinished files back to pending and remove stray temporary outputs."""
        for task, rec in self.engine.stop(cancel=self.cancel.cancelled):
            self._result(task, rec)
        for task, _src in self.queue:
            self.journal.mark_pending(task.source, undo_attempt=False)
        self.summary.pending += len(self.queue)
        self.queue.clear()
        self.summary.cancelled = self.cancel.cancelled and self.summary.pending > 0
        for dest in self.touched:
            remove_partial_outputs(dest)
        self.summary.seconds = round(time.monotonic() - self.started, 3)
        return self.summary

    def _result(self, task: Task, rec: RedactionRecord) -> None:
        src = self.sources[task.id]
        if rec.status == CANCELLED and self.cancel.cancelled:
            self.journal.mark_pending(task.source)
            self.summary.pending += 1
            return
        if rec.status == CANCELLED:  # the worker alone was stopped: counts as an attempt
            rec = RedactionRecord(FAILED, 1, rec.seconds, error_class="WorkerStopped",
                                  error_message="the worker was stopped during this file")
        # a file stopped for the time limit would most likely be stopped again: the next run
        # (perhaps with a longer --timeout) tries it again, not this one
        if rec.status == FAILED and rec.error_class != TIMED_OUT \
                and self.attempts[task.id] <= self.retries and not self.cancel.cancelled:
            self.journal.finish(task.source, rec)
            self.queue.append((task, src))
            return
        self._finish(src, rec)

    def _finish(self, src: Source, rec: RedactionRecord) -> None:
        self.journal.finish(str(src.path), rec)
        s = self.summary
        if rec.status == DONE:
            s.done += 1
            s.words += rec.words
            for k, v in rec.counts.items():
                s.by_type[k] = s.by_type.get(k, 0) + v
        elif rec.status == REFUSED:
            s.refused += 1
            s.codes[rec.exit_code] += 1
        else:
            s.failed += 1
            s.timed_out += int(rec.error_class == TIMED_OUT)
        if self.planning:
            self._deferred.append((src.rel, rec.status, rec.error_message))
        else:
            self._emit(src.rel, rec.status, rec.error_message)

    def _emit(self, last: str = "", status: str = "", error: str = "") -> None:
        if self.progress_cb is None:
            return
        s = self.summary
        elapsed = time.monotonic() - self.started
        processed = s.done + s.refused + s.failed
        rate = s.done / elapsed if elapsed > 0 and s.done else 0.0
        left = len(self.queue) + self.engine.in_flight()
        eta = left / (processed / elapsed) if processed and elapsed > 0 else None
        self.progress_cb(BatchProgress(
            total=s.total, finished=processed + s.skipped, done=s.done, skipped=s.skipped,
            refused=s.refused, failed=s.failed, in_flight=self.engine.in_flight(),
            elapsed=elapsed, files_per_s=rate, eta_s=eta, last=last, last_status=status, last_error=error))


def run_batch(inputs: Sequence[str | Path], outdir: Path, options: BatchOptions | None = None,
              *, progress: Callable[[BatchProgress], None] | None = None,
              cancel: CancelToken | None = None) -> BatchSummary:
    """Redact every file ``inputs`` name into ``outdir`` (mirroring their tree), resuming
    from the journal; see the module docstring. Raises :class:`UsageError` for bad options
    (before any file is touched); every per-file problem is in the summary and journal."""
    options = options or BatchOptions()
    cancel = cancel or CancelToken()
    outdir = Path(outdir)
    if outdir.exists() and not outdir.is_dir():
        raise UsageError(f"{outdir}: the output path is not a folder")
    journal_path = Path(options.journal) if options.journal else outdir / jn.DEFAULT_NAME
    excluded = journal_files(Path(os.path.abspath(journal_path)))
    excluded += [Path(os.path.abspath(p)) for p in options.exclude]
    sources = expand_inputs(inputs, outdir, recursive=options.recursive, exclude=excluded)
    if not sources:
        raise UsageError("no input files")
    if options.report is not None and Path(os.path.abspath(options.report)) in {s.path for s in sources}:
        raise UsageError("refusing to overwrite an input with the report")
    setup = make_setup(options)
    timeout = options.time_limit(Settings(dict(setup.settings)))
    inline = options.pipeline if options.engine == "inline" else None
    warnings = validate_setup(setup, inline.host if inline is not None else None)
    engine = make_engine(options, setup, cancel)
    outdir.mkdir(parents=True, exist_ok=True)
    with journal_lock(journal_path), jn.Journal(journal_path) as journal:
        driver = Driver(journal, engine, setup, retries=options.retries, cancel=cancel,
                        progress=progress, timeout=timeout)
        driver.summary.warnings = warnings
        for src in sources:
            driver.plan(src, options.force)
            if cancel.cancelled:
                break
        journal.set_meta({"policy": setup.policy.name, "config": setup.key(),
                          "last_run": time.time()})
        summary = driver.run()
        summary.workers = options.worker_count() if engine.name != "inline" else 1
        if options.report is not None:
            from redactor.batch.report import build_batch_report, write_batch_report

            summary.report = build_batch_report(summary, journal.entries(summary.inputs),
                                                policy=setup.policy.name)
            write_batch_report(summary.report, options.report)
    return summary
