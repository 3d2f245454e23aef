"""The Dask adapter: the same tasks on a Dask distributed cluster.

``DaskEngine(setup, scheduler="tcp://host:8786")`` connects to a running scheduler; without a
scheduler it starts a :class:`distributed.LocalCluster` (processes, loopback, no dashboard).
A :class:`RedactorWorkerPlugin` builds the pipeline once per worker (per worker thread), so
the models load once. Inputs and outputs are on a path every worker shares, or, with
``stream``, travel as bytes: the worker redacts and verifies in its own temporary folder and
the client writes the verified bytes atomically. Dask re-runs the task of a worker that died;
a task that kills workers repeatedly ends as ``KilledWorker`` (``failed``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import os
import shutil
import tempfile
import threading
import uuid
from pathlib import Path
from typing import Any

from redactor.batch.engines import Result, Task, run_task
from redactor.core.errors import UsageError
from redactor.core.redact_one import (
    CANCELLED,
    DONE,
    FAILED,
    REFUSED,
    RedactionRecord,
    RedactionSetup,
    build_pipeline,
    default_threads,
    warm_up,
)

PLUGIN_NAME = "redactor-batch"

try:
    from distributed import WorkerPlugin
except ImportError:  # pragma: no cover - the dask extra is not installed
    WorkerPlugin = object  # type: ignore[assignment,misc]


class RedactorWorkerPlugin(WorkerPlugin):  # type: ignore[misc,valid-type]
    """Builds a pipeline for each worker thread, once; models are shared by the process."""

    name = PLUGIN_NAME

    def __init__(self, recipe: RedactionSetup) -> None:
        self.recipe = recipe
        self._local = threading.local()

    def setup(self, worker: Any) -> None:
        # one ONNX Runtime thread per task slot unless --threads says otherwise: a worker
        # cannot tell how many other workers share its machine
        self.recipe = dataclasses.replace(self.recipe, threads=self.recipe.threads or 1)
        self._local = threading.local()
        warm_up(build_pipeline(self.recipe))  # load the models now, not in the first file

    def pipeline(self) -> Any:
        pipe = getattr(self._local, "pipeline", None)
        if pipe is None:
            pipe = self._local.pipeline = build_pipeline(self.recipe)
        return pipe

    def __getstate__(self) -> dict[str, Any]:
        return {"recipe": self.recipe}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.recipe = state["recipe"]
        self._local = threading.local()


def _plugin() -> RedactorWorkerPlugin:
    from distributed import get_worker

    return get_worker().plugins[PLUGIN_NAME]  # type: ignore[no-any-return]


def redact_shared(task: Task) -> RedactionRecord:
    """Worker side: ``task.source`` and ``task.dest`` are on a shared path."""
    plugin = _plugin()
    return run_task(plugin.pipeline(), task, plugin.recipe)


def redact_bytes(task: Task, data: bytes) -> tuple[RedactionRecord, bytes]:
    """Worker side, ``--stream``: redact ``data`` in a private folder, return the verified
    output's bytes (empty unless ``done``)."""
    plugin = _plugin()
    tmp = Path(tempfile.mkdtemp(prefix="redactor-batch-"))
    try:
        name = Path(task.source).name
        (tmp / "in").mkdir()
        (tmp / "out").mkdir()
        (tmp / "in" / name).write_bytes(data)
        local = dataclasses.replace(task, source=str(tmp / "in" / name),
                                    dest=str(tmp / "out" / name), overwrite=False)
        record = run_task(plugin.pipeline(), local, plugin.recipe)
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
        self._futures: dict[str, tuple[Any, Task]] = {}

    def start(self) -> None:
        if self.client is not None:
            return
        import dask
        from distributed import Client, LocalCluster

        if not logging.getLogger("redactor").isEnabledFor(logging.DEBUG):
            logging.getLogger("distributed").setLevel(logging.ERROR)
        if self.scheduler:
            self.client = Client(self.scheduler, timeout="30s")
            setup = self.setup
        else:
            with dask.config.set({"distributed.scheduler.allowed-failures":
                                  self.allowed_failures}):
                self.cluster = LocalCluster(n_workers=self.workers, threads_per_worker=1,
                                            processes=True, host="127.0.0.1",
                                            dashboard_address=None, scheduler_port=0,
                                            silence_logs=logging.WARNING)
            self.client = Client(self.cluster)
            setup = dataclasses.replace(self.setup,
                                        threads=self.setup.threads or default_threads(self.workers))
        nthreads = sum(self.client.nthreads().values())
        self.slots = max(self.slots, 2 * max(1, nthreads))
        self.client.register_plugin(RedactorWorkerPlugin(setup), name=PLUGIN_NAME)

    def worker_pids(self) -> dict[str, int]:
        return dict(self.client.run(os.getpid)) if self.client is not None else {}

    def submit(self, task: Task) -> None:
        self.start()
        key = f"redact-{task.id}-{uuid.uuid4().hex[:8]}"
        if self.stream:
            data = Path(task.source).read_bytes()
            fut = self.client.submit(redact_bytes, task, data, key=key, pure=False)
        else:
            fut = self.client.submit(redact_shared, task, key=key, pure=False)
        self._futures[fut.key] = (fut, task)

    def in_flight(self) -> int:
        return len(self._futures)

    def poll(self, timeout: float) -> list[Result]:
        if self._futures:
            from distributed import wait as dask_wait

            try:
                dask_wait([f for f, _ in self._futures.values()], timeout=timeout,
                          return_when="FIRST_COMPLETED")
            except TimeoutError:
                pass
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
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        self.client = self.cluster = None
        return left
