"""The Dask adapter: the same tasks on a Dask distributed cluster.

``DaskEngine(setup, scheduler="tcp://host:8786")`` connects to a running scheduler; without a
scheduler it starts a :class:`distributed.LocalCluster` (processes, loopback, no dashboard).
Each task carries the batch's recipe (:class:`RedactionSetup`, about a kilobyte) and runs its
file in a redaction process of its Dask worker's for that recipe (:func:`redaction_process`):
a one-worker :class:`~redactor.batch.engines.ProcessEngine` that builds the pipeline and loads
the models once and serves the following files (:func:`~redactor.batch.engines.run_in`); a
:class:`RedactorWorkerPlugin` starts one on every worker as it joins, so the models load before
the first file. Batches with other settings on the same cluster, even at the same time, never
use each other's processes. That process is what makes the per-file time limit hold on a
cluster: a file that runs out of time is stopped by ending it, not the Dask worker, and a new
one takes its place; a crashing native library takes it down, not the Dask worker.
Inputs and outputs are on a path every worker shares, or, with ``stream``, travel as bytes:
the worker redacts and verifies in its own temporary folder and the client writes the verified
bytes atomically. Dask re-runs the task of a Dask worker that died; a task that kills workers
repeatedly ends as ``KilledWorker`` (``failed``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import logging
import os
import pickle
import shutil
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from redactor.batch.engines import ProcessEngine, Result, Task, run_in
from redactor.core.errors import UsageError
from redactor.core.redact_one import (
    CANCELLED,
    DONE,
    FAILED,
    REFUSED,
    RedactionRecord,
    RedactionSetup,
    default_threads,
)

PLUGIN_NAME = "redactor-batch"
#: seconds after which a recipe's idle redaction processes are stopped once tasks of another
#: recipe arrive (a cluster that served other settings before does not keep their models)
IDLE_RECIPE_S = 120.0


class _Pool:
    """A Dask worker process's redaction processes for one recipe (one per task that runs at
    the same time), each a one-worker :class:`ProcessEngine` with the models loaded."""

    def __init__(self, recipe: RedactionSetup) -> None:
        self.recipe = recipe
        self.idle: list[ProcessEngine] = []
        self.busy = 0
        self.used = time.monotonic()


#: In a Dask worker process: the pools by recipe id, and their lock
_POOLS: dict[str, _Pool] = {}
_POOLS_LOCK = threading.Lock()
_AT_EXIT: list[Any] = []


def recipe_id(recipe: RedactionSetup) -> str:
    """What tells recipes apart (policy, settings, password, plugins, threads)."""
    return hashlib.sha256(pickle.dumps(recipe)).hexdigest()[:16]


@contextmanager
def redaction_process(recipe: RedactionSetup) -> Iterator[ProcessEngine]:
    """A redaction process of this Dask worker's for ``recipe``, for the calling thread
    alone: an idle one (models loaded) or a new one. Batches with other settings on the same
    cluster, at the same time or one after the other, each get their own, never another's
    policy; a recipe idle for :data:`IDLE_RECIPE_S` has its processes stopped when another
    recipe's task comes, and all are stopped when the Dask worker process exits."""
    key, now = recipe_id(recipe), time.monotonic()
    stale: list[ProcessEngine] = []
    with _POOLS_LOCK:
        if not _AT_EXIT:  # before multiprocessing waits for its children at exit
            from multiprocessing.util import Finalize

            _AT_EXIT.append(Finalize(None, _stop_all, exitpriority=10))
        for other, unused in list(_POOLS.items()):
            if other != key and not unused.busy and now - unused.used > IDLE_RECIPE_S:
                stale += _POOLS.pop(other).idle
        pool = _POOLS.setdefault(key, _Pool(recipe))
        engine = pool.idle.pop() if pool.idle else ProcessEngine(recipe, 1)
        pool.busy += 1
    for old in stale:
        old.stop()
    try:
        engine.start()
        yield engine
    finally:
        with _POOLS_LOCK:
            pool.busy -= 1
            pool.used = time.monotonic()
            kept = _POOLS.get(key) is pool  # not when this process is exiting (_stop_all)
            if kept:
                pool.idle.append(engine)
        if not kept:
            engine.stop()


def _stop_all() -> None:
    with _POOLS_LOCK:
        engines = [e for pool in _POOLS.values() for e in pool.idle]
        _POOLS.clear()
    for engine in engines:
        engine.stop(cancel=True)


try:
    from distributed import WorkerPlugin
except ImportError:  # pragma: no cover - the dask extra is not installed
    WorkerPlugin = object  # type: ignore[assignment,misc]


class RedactorWorkerPlugin(WorkerPlugin):  # type: ignore[misc,valid-type]
    """Starts a redaction process for the batch's recipe on each worker as it joins, so that
    the models load before the first file, not during it."""

    def __init__(self, recipe: RedactionSetup) -> None:
        self.recipe = recipe
        self.name = f"{PLUGIN_NAME}-{recipe_id(recipe)}"

    def setup(self, worker: Any) -> None:
        with redaction_process(self.recipe):
            pass


def run_recipe(recipe: RedactionSetup, task: Task) -> RedactionRecord:
    """Run ``task`` in a redaction process of this worker's for ``recipe``."""
    with redaction_process(recipe) as engine:
        return run_in(engine, task)


def redact_shared(task: Task, recipe: RedactionSetup) -> RedactionRecord:
    """Worker side: ``task.source`` and ``task.dest`` are on a shared path."""
    return run_recipe(recipe, task)


def redact_bytes(task: Task, data: bytes, recipe: RedactionSetup
                 ) -> tuple[RedactionRecord, bytes]:
    """Worker side, ``--stream``: redact ``data`` in a private folder, return the verified
    output's bytes (empty unless ``done``)."""
    tmp = Path(tempfile.mkdtemp(prefix="redactor-batch-"))
    try:
        name = Path(task.source).name
        (tmp / "in").mkdir()
        (tmp / "out").mkdir()
        (tmp / "in" / name).write_bytes(data)
        local = dataclasses.replace(task, source=str(tmp / "in" / name),
                                    dest=str(tmp / "out" / name), overwrite=False)
        record = run_recipe(recipe, local)
        out = (tmp / "out" / name).read_bytes() if record.status == DONE else b""
        return record, out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def write_streamed(task: Task, record: RedactionRecord, data: bytes) -> RedactionRecord:
    """Client side, ``--stream``: write a worker's verified output atomically."""
    if record.status != DONE:
        return record
    dest = Path(task.dest)
    if hashlib.sha256(data).hexdigest() != record.output_sha256:
        return dataclasses.replace(record, status=FAILED, exit_code=1, output_sha256="",
                                   error_class="TransferError",
                                   error_message="the output changed on its way from the worker")
    if dest.exists() and not task.overwrite:
        return dataclasses.replace(record, status=REFUSED, exit_code=2, output_sha256="",
                                   error_class="UsageError",
                                   error_message=f"{dest.name}: output exists (use --force)")
    tmp = dest.parent / f".{dest.name}.partial-{uuid.uuid4().hex[:8]}"
    try:
        with tmp.open("wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)
    return record


def _failure(exc: BaseException) -> RedactionRecord:
    name = type(exc).__name__
    msg = ("a worker died running this file, again and again" if name == "KilledWorker"
           else f"the task did not run on the cluster ({name})")
    return RedactionRecord(FAILED, 1, 0.0, error_class=name, error_message=msg)


class DaskEngine:
    """Submits tasks to a Dask cluster, at most ``slots`` at a time from the driver."""

    name = "dask"

    def __init__(self, setup: RedactionSetup, *, scheduler: str | None = None,
                 workers: int = 2, stream: bool = False, allowed_failures: int = 3) -> None:
        try:
            import distributed  # noqa: F401
        except ImportError as exc:
            raise UsageError("the Dask engine needs: pip install 'redactor[dask]'") from exc
        self.setup = setup
        self.scheduler = scheduler
        self.workers = max(1, int(workers))
        self.stream = stream
        self.allowed_failures = allowed_failures
        self.slots = self.workers * 2
        self.client: Any = None
        self.cluster: Any = None
        self.recipe = setup  # what the workers build their pipelines from (threads set)
        self.plugin = ""  # the name of the worker plugin that warms the workers up
        self._futures: dict[str, tuple[Any, Task]] = {}
        #: set by a finishing future of this engine's; ``distributed.wait`` is not used: it
        #: waits on the most recently created client's event loop, which, with two batches in
        #: one process, is another engine's
        self._ready = threading.Event()

    def start(self) -> None:
        if self.client is not None:
            return
        import dask
        from distributed import Client, LocalCluster

        if not logging.getLogger("redactor").isEnabledFor(logging.DEBUG):
            logging.getLogger("distributed").setLevel(logging.ERROR)
        if self.scheduler:
            self.client = Client(self.scheduler, timeout="30s")
            # one ONNX Runtime thread per task slot unless --threads says otherwise: the
            # client cannot tell how many workers share a machine
            self.recipe = dataclasses.replace(self.setup, threads=self.setup.threads or 1)
        else:
            with dask.config.set({"distributed.scheduler.allowed-failures":
                                  self.allowed_failures}):
                self.cluster = LocalCluster(n_workers=self.workers, threads_per_worker=1,
                                            processes=True, host="127.0.0.1",
                                            dashboard_address=None, scheduler_port=0,
                                            silence_logs=logging.WARNING)
            self.client = Client(self.cluster)
            self.recipe = dataclasses.replace(
                self.setup, threads=self.setup.threads or default_threads(self.workers))
        nthreads = sum(self.client.nthreads().values())
        self.slots = max(self.slots, 2 * max(1, nthreads))
        plugin = RedactorWorkerPlugin(self.recipe)
        self.plugin = plugin.name
        self.client.register_plugin(plugin, name=plugin.name)

    def worker_pids(self) -> dict[str, int]:
        return dict(self.client.run(os.getpid)) if self.client is not None else {}

    def submit(self, task: Task) -> None:
        self.start()
        key = f"redact-{task.id}-{uuid.uuid4().hex[:8]}"
        if self.stream:
            data = Path(task.source).read_bytes()
            fut = self.client.submit(redact_bytes, task, data, self.recipe, key=key,
                                     pure=False)
        else:
            fut = self.client.submit(redact_shared, task, self.recipe, key=key, pure=False)
        self._futures[fut.key] = (fut, task)
        fut.add_done_callback(lambda _fut: self._ready.set())

    def in_flight(self) -> int:
        return len(self._futures)

    def poll(self, timeout: float) -> list[Result]:
        if self._futures and not any(f.done() for f, _ in self._futures.values()):
            self._ready.wait(timeout)
        self._ready.clear()
        out: list[Result] = []
        finished = [k for k, (f, _) in self._futures.items() if f.done()]
        for key in finished:
            fut, task = self._futures.pop(key)
            out.append((task, self._record(fut, task)))
            fut.release()
        return out

    def _record(self, fut: Any, task: Task) -> RedactionRecord:
        if fut.status == "finished":
            result = fut.result()
            if self.stream:
                record, data = result
                return write_streamed(task, record, data)
            return result  # type: ignore[no-any-return]
        if fut.status == "cancelled":
            return dataclasses.replace(_failure(RuntimeError()), status=CANCELLED,
                                       exit_code=130)
        return _failure(fut.exception())

    def stop(self, cancel: bool = False) -> list[Result]:
        """Close the client (and the local cluster). Tasks already running on a worker are
        not interrupted by Dask: their outputs are written atomically, and the journal
        redoes them (its output path is its own) next time."""
        left: list[Result] = []
        if self.client is not None and self._futures:
            if not cancel:
                left += self.poll(60)
            pending = [f for f, _ in self._futures.values()]
            self.client.cancel(pending)
            left += [(t, dataclasses.replace(_failure(RuntimeError()), status=CANCELLED,
                                             exit_code=130)) for _, t in self._futures.values()]
            self._futures.clear()
        if self.client is not None:
            with contextlib.suppress(Exception):  # workers that join later need no warm-up
                self.client.unregister_worker_plugin(self.plugin)
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        self.client = self.cluster = None
        return left
