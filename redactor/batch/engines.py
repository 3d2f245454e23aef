"""Engines that run :func:`~redactor.core.redact_one.redact_one` on batch tasks.

Every engine has the same small interface (:class:`Engine`): ``start``, ``submit``, ``poll``
(finished tasks and their records), ``in_flight`` and ``stop``. :class:`InlineEngine` runs in
the calling thread (a GUI worker thread, ``--workers 0``); :class:`ProcessEngine` runs N worker
processes, each building its pipeline (and loading the models) once. A worker that dies takes
only its current task with it: that task is reported ``failed`` (``WorkerCrashed``) and a new
worker replaces it. The Dask adapter lives in :mod:`redactor.batch.dask_engine`; each Dask
worker runs its files in a :class:`ProcessEngine` of its own (:func:`run_in`).

**Per-file time limit.** A task with ``timeout`` > 0 that is not back that many seconds after
a worker took it is stopped: the worker gets SIGTERM (its file stops at the next cancellation
check and removes its temporary output), then SIGKILL after :data:`TIMEOUT_GRACE_S`. Once the
worker is gone, temporary files of the output and an output this attempt wrote are removed,
the task is reported ``failed`` (``FileTimeout``) and a new worker replaces the old one. The
:class:`InlineEngine` cannot kill its own thread: it stops the file at its next check.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import math
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any, Protocol

from redactor.core.context import CancelToken
from redactor.core.errors import CancelledError, RedactorError
from redactor.core.redact_one import (
    CANCELLED,
    FAILED,
    RedactionRecord,
    RedactionSetup,
    build_pipeline,
    redact_one,
    remove_partial_outputs,
    warm_up,
)

STOP_GRACE_S = 20.0
#: seconds between SIGTERM and SIGKILL for a worker whose file ran past its time limit
TIMEOUT_GRACE_S = 2.0
#: the error class of a file stopped for its time limit (never retried in the same run)
TIMED_OUT = "FileTimeout"
#: what a worker process sets before it builds its pipeline: ONNX Runtime reads the first
#: (plugins/shared/onnx_sessions.py), numerical libraries and tokenizers the others
THREAD_ENV = ("REDACTOR_ORT_THREADS", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS",
              "MKL_NUM_THREADS", "RAYON_NUM_THREADS")


@dataclass(frozen=True, slots=True)
class Task:
    """One file to redact: ``source`` to ``dest`` (strings: they travel between processes)."""

    id: int
    source: str
    dest: str
    sha256: str = ""
    overwrite: bool = False
    timeout: float = 0.0  # seconds; 0: no limit


Result = tuple[Task, RedactionRecord]


class Engine(Protocol):
    """What the batch driver needs from an engine."""

    name: str
    slots: int

    def start(self) -> None: ...

    def submit(self, task: Task) -> None: ...

    def poll(self, timeout: float) -> list[Result]: ...

    def in_flight(self) -> int: ...

    def stop(self, cancel: bool = False) -> list[Result]: ...


def crashed(detail: str) -> RedactionRecord:
    """The record of a task whose worker died under it."""
    return RedactionRecord(FAILED, 1, 0.0, error_class="WorkerCrashed",
                           error_message=f"the worker process ended during this file ({detail})")


def timed_out(limit: float, seconds: float) -> RedactionRecord:
    """The record of a task stopped for its time limit (one line, no document text)."""
    return RedactionRecord(FAILED, 1, round(seconds, 3), error_class=TIMED_OUT,
                           error_message=f"stopped after {limit:g} s, the per-file time limit "
                                         "(--timeout); nothing was written")


def run_task(pipeline: Any, task: Task, setup: RedactionSetup,
             cancel: CancelToken | None = None) -> RedactionRecord:
    """:func:`redact_one` for a :class:`Task`."""
    return redact_one(pipeline, Path(task.source), Path(task.dest), setup=setup,
                      overwrite=task.overwrite, cancel=cancel, input_sha256=task.sha256)


class _Deadline(CancelToken):
    """The batch's cancel token plus a time limit: cancelled when either says so."""

    def __init__(self, outer: CancelToken, limit: float) -> None:
        super().__init__()
        self.outer = outer
        self.at = time.monotonic() + limit if limit > 0 else math.inf

    @property
    def expired(self) -> bool:
        return time.monotonic() >= self.at

    @property
    def cancelled(self) -> bool:
        return self.outer.cancelled or self.expired or super().cancelled

    def raise_if_cancelled(self) -> None:
        if self.cancelled:
            raise CancelledError("cancelled")


class InlineEngine:
    """Runs tasks one at a time in the thread that polls (no extra process)."""

    name = "inline"
    slots = 1

    def __init__(self, setup: RedactionSetup, cancel: CancelToken | None = None,
                 pipeline: Any = None) -> None:
        self.setup = setup
        self.cancel = cancel or CancelToken()
        self._queue: collections.deque[Task] = collections.deque()
        self._pipeline: Any = pipeline  # None: built from ``setup`` at the first task

    def start(self) -> None:
        if self._pipeline is None:
            self._pipeline = build_pipeline(self.setup)

    def submit(self, task: Task) -> None:
        self._queue.append(task)

    def poll(self, timeout: float) -> list[Result]:
        if not self._queue:
            time.sleep(min(timeout, 0.05))
            return []
        self.start()
        task = self._queue.popleft()
        token = _Deadline(self.cancel, task.timeout)
        started = time.monotonic()
        record = run_task(self._pipeline, task, self.setup, token)
        if record.status == CANCELLED and token.expired and not self.cancel.cancelled:
            record = timed_out(task.timeout, time.monotonic() - started)
        return [(task, record)]

    def in_flight(self) -> int:
        return len(self._queue)

    def stop(self, cancel: bool = False) -> list[Result]:
        left = [(t, dataclasses.replace(crashed("stopped"), status=CANCELLED, exit_code=130))
                for t in self._queue]
        self._queue.clear()
        return left


# -- worker processes ------------------------------------------------------------------------

def _watch_parent(parent: int, cancel: CancelToken) -> None:
    """End this worker when the batch process is gone (killed, power-cycled terminal …)."""
    while os.getppid() == parent:
        time.sleep(0.2)
    cancel.cancel()  # the current file stops at its next check, its temporary file removed
    time.sleep(10)
    os._exit(1)


def _worker_main(conn: Connection, setup: RedactionSetup, parent: int) -> None:
    """A worker process: build the pipeline once, then redact tasks until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the batch process's to handle
    cancel = CancelToken()
    signal.signal(signal.SIGTERM, lambda *_: cancel.cancel())
    threading.Thread(target=_watch_parent, args=(parent, cancel), daemon=True).start()
    pin_threads(setup.threads)
    pipeline = build_pipeline(setup)
    warm_up(pipeline)
    try:
        conn.send(("ready", os.getpid()))
        while True:
            task = conn.recv()
            if task is None:
                return
            record = run_task(pipeline, task, setup, cancel)
            conn.send(("done", record))
            if cancel.cancelled:  # told to stop (SIGTERM): take no further task
                return
    except (EOFError, OSError):  # the batch process went away
        return


def pin_threads(threads: int) -> None:
    """Give every thread pool of this (worker) process ``threads`` threads, so that N workers
    share the cores instead of each taking all of them: ONNX Runtime sessions through
    ``REDACTOR_ORT_THREADS`` (the batch decides it), numerical libraries and the tokenizers'
    pool unless the environment says otherwise (set before they are imported)."""
    if threads <= 0:
        return
    os.environ[THREAD_ENV[0]] = str(threads)
    for var in THREAD_ENV[1:]:
        os.environ.setdefault(var, str(threads))


@contextlib.contextmanager
def _children_allowed() -> Iterator[None]:
    """Let a daemonic process start a worker: a Dask worker under a nanny is daemonic, and
    :mod:`multiprocessing` refuses children to those. The child stops with its parent: it
    watches it, and the Dask adapter stops its engines when the Dask worker exits."""
    config = getattr(multiprocessing.current_process(), "_config", None)
    if not isinstance(config, dict) or not config.get("daemon"):
        yield
        return
    config["daemon"] = False
    try:
        yield
    finally:
        config["daemon"] = True


def _mark(path: Path) -> tuple[int, int, int] | None:
    """What tells whether ``path`` was replaced: inode, size and modification time."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


@dataclass
class _Worker:
    process: Any
    conn: Connection
    ready: bool = False
    task: Task | None = None
    since: float = 0.0  # when it took its task
    deadline: float = math.inf  # when that task runs out of time
    stopping: float = 0.0  # when it was told to stop for the time limit (0: not)
    mark: tuple[int, int, int] | None = None  # the task's output as it was before


class ProcessEngine:
    """``workers`` worker processes (``spawn``: safe from threads and the GUI)."""

    name = "local"

    def __init__(self, setup: RedactionSetup, workers: int, *, start_method: str = "spawn",
                 max_start_failures: int = 3) -> None:
        self.setup = setup
        self.workers = max(1, int(workers))
        self.slots = 2 * self.workers  # one queued behind each busy worker: no idle gap
        self._mp = multiprocessing.get_context(start_method)
        self._workers: list[_Worker] = []
        self._queue: collections.deque[Task] = collections.deque()
        self._start_failures = 0
        self._max_start_failures = max_start_failures
        self._stopping = False

    # -- lifecycle --------------------------------------------------------------------------
    def start(self) -> None:
        while not self._stopping and len(self._workers) < self.workers:
            self._spawn()

    def _spawn(self) -> None:
        parent_conn, child_conn = self._mp.Pipe()
        proc = self._mp.Process(target=_worker_main, args=(child_conn, self.setup, os.getpid()),
                                name="redactor-batch-worker", daemon=True)
        with _children_allowed():
            proc.start()
        child_conn.close()
        self._workers.append(_Worker(proc, parent_conn))

    def worker_pids(self) -> list[int]:
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    # -- work ------------------------------------------------------------------------------
    def submit(self, task: Task) -> None:
        self._queue.append(task)
        self._dispatch()

    def in_flight(self) -> int:
        return len(self._queue) + sum(1 for w in self._workers if w.task is not None)

    def _dispatch(self) -> None:
        for w in self._workers:
            if not self._queue:
                return
            if w.ready and w.task is None:
                task = self._queue.popleft()
                mark = _mark(Path(task.dest))
                try:
                    w.conn.send(task)
                except OSError:  # it died: poll notices and replaces it
                    self._queue.appendleft(task)
                    continue
                w.task, w.since, w.mark = task, time.monotonic(), mark
                w.deadline = w.since + task.timeout if task.timeout > 0 else math.inf

    def poll(self, timeout: float) -> list[Result]:
        self.start()
        self._dispatch()
        objs: list[Any] = [w.conn for w in self._workers]
        objs += [w.process.sentinel for w in self._workers]
        timeout = min(timeout, max(0.02, self._next_limit() - time.monotonic()))
        ready = set(wait(objs, timeout)) if objs else set()
        out: list[Result] = []
        for w in list(self._workers):
            if w.conn in ready or w.process.sentinel in ready:
                out += self._receive(w)
        self._enforce_limits()
        if out or ready:
            self._dispatch()
        return out

    def _next_limit(self) -> float:
        """When :meth:`_enforce_limits` has something to do next (monotonic time)."""
        return min((w.stopping + TIMEOUT_GRACE_S if w.stopping else w.deadline
                    for w in self._workers if w.task is not None), default=math.inf)

    def _enforce_limits(self) -> None:
        """Stop the workers whose file ran out of time: SIGTERM (the file stops at its next
        cancellation check), then SIGKILL after :data:`TIMEOUT_GRACE_S`."""
        now = time.monotonic()
        for w in self._workers:
            if w.task is None:
                continue
            if not w.stopping and now >= w.deadline:
                w.stopping = now
                w.process.terminate()
            elif w.stopping and now >= w.stopping + TIMEOUT_GRACE_S and w.process.is_alive():
                w.process.kill()

    def _receive(self, w: _Worker) -> list[Result]:
        out: list[Result] = []
        try:
            while w.conn.poll():
                kind, payload = w.conn.recv()
                if kind == "ready":
                    w.ready, self._start_failures = True, 0
                elif kind == "done" and w.task is not None and not w.stopping:
                    out.append((w.task, payload))
                    w.task = None  # (a stopped worker's late answer does not count)
        except (EOFError, OSError):
            pass
        if not w.process.is_alive():
            out += self._bury(w)
        return out

    def _bury(self, w: _Worker) -> list[Result]:
        w.process.join(1)
        self._workers.remove(w)
        w.conn.close()
        code = w.process.exitcode
        if not w.ready:
            self._start_failures += 1
            if self._start_failures >= self._max_start_failures:
                raise RedactorError(f"batch workers fail to start (exit code {code}); "
                                    "run `redactor redact` on one file to see why")
        if w.task is None:
            return []
        if w.stopping:
            self._clean(w.task, w.mark)
            return [(w.task, timed_out(w.task.timeout, time.monotonic() - w.since))]
        return [(w.task, crashed(f"exit code {code}"))]

    @staticmethod
    def _clean(task: Task, mark: tuple[int, int, int] | None) -> None:
        """After a stopped file: no temporary output, and no output this attempt wrote."""
        dest = Path(task.dest)
        remove_partial_outputs(dest)
        if _mark(dest) not in (None, mark):
            try:
                dest.unlink()
            except OSError:
                pass

    def stop(self, cancel: bool = False) -> list[Result]:
        """Stop the workers. With ``cancel`` the files in flight are interrupted (their
        temporary outputs removed) and come back ``cancelled``; queued ones too."""
        left: list[Result] = [(t, dataclasses.replace(crashed("stopped"), status=CANCELLED,
                                                      exit_code=130)) for t in self._queue]
        self._queue.clear()
        self._stopping = True
        if cancel:
            for w in self._workers:
                if w.task is not None and w.process.is_alive():
                    w.process.terminate()  # SIGTERM: the worker cancels its current file
        deadline = time.monotonic() + STOP_GRACE_S
        while any(w.task is not None for w in self._workers) and time.monotonic() < deadline:
            left += self.poll(0.2) if self._workers else []
        for w in self._workers:
            if w.task is not None:
                left.append((w.task, dataclasses.replace(crashed("stopped"), status=CANCELLED,
                                                         exit_code=130)))
                w.task = None
            try:
                w.conn.send(None)
            except OSError:
                pass
        for w in self._workers:
            w.process.join(5)
            if w.process.is_alive():
                w.process.kill()
                w.process.join(5)
            w.conn.close()
        self._workers.clear()
        self._stopping = False
        return left


def run_in(engine: ProcessEngine, task: Task) -> RedactionRecord:
    """Run one task on ``engine`` and wait for its record (its time limit included): how a
    Dask worker runs a file in its own worker process."""
    engine.submit(task)
    while True:
        for done, record in engine.poll(1.0):
            if done.id == task.id:
                return record
