"""Background jobs: pipeline work on a QThreadPool, reported to the GUI thread by polling.

A :class:`Job` is a QObject created on the GUI thread. Its work function runs on a pool
thread and receives a :class:`JobControl` (cancel token, progress sink, partial-result sink);
it takes immutable inputs and returns an immutable result, and never touches a widget. The
job's signals (``started``, ``progressed``, ``partial``, ``succeeded``, ``failed``,
``cancelled``, ``finished``) are all emitted on the GUI thread by a ~10 Hz timer that pulls the
latest state, so a chatty worker can never flood the event loop; a partial result (the
document, findings, pages) wakes the GUI for a poll at once rather than at the next tick (up
to :data:`POLL_MS` later: the first findings of a 20-page PDF reached the screen 20–110 ms
after they were found), once per batch the GUI takes. Cancelling only sets the
token; the pipeline checks it between components, pages and documents.

Pipeline jobs share one :class:`JobRunner` whose pool has a single thread: the plugin host
keeps per-run state (recorded component failures) and PDF libraries are not thread-safe, so
runs are serialised — the GUI thread stays free either way.

While a job runs, the GUI thread and the worker share the GIL: every time Qt calls into Python
(a slot, a timer, a model's ``data()``) the GUI thread may wait for the worker to give the
GIL up, which it does only every ``sys.getswitchinterval()`` (5 ms by default). Starting a job
lowers the interval to :data:`GIL_SWITCH_INTERVAL_S` (0.2 ms: a repaint or a slice of the
findings panel calls into Python hundreds of times, and each call may wait that long), so such
waits stay short; the worker loses nothing while the GUI thread is idle (no one asks for the
GIL then). Measured on 20 pages: longest stall 70–125 ms at 1 ms, 39–76 ms at 0.2 ms, with
the same total analysis time.

The cyclic garbage collector is the other long GIL holder: a full (oldest-generation) pass
scans every tracked object (hundreds of thousands once the models are loaded) in one C call,
40–150 ms, and model loading triggers several. While any job runs, full passes are postponed
(the young generations, where short-lived cycles die, are still collected); when the last job
ends, the survivors (loaded models, the document) are frozen (``gc.freeze``) so that no later
full pass has to scan them — see :func:`hold_full_collections`.

The CPU is shared too: on a two-core machine the model runtimes' two threads and the worker
keep both cores busy, and the GUI thread, woken by an event, waits for a core (100–160 ms
stalls on a 100-page PDF). Pool threads therefore run at a lower scheduling priority
(:data:`JOB_NICE`, where the OS has nice values); the runtimes' threads, created by the
worker when a model is loaded, inherit it. The analysis loses nothing while the GUI is idle.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, QTimer, Signal

from redactor.core.context import CancelToken
from redactor.core.errors import CancelledError, RedactorError

POLL_MS = 100
JOB_NICE = 10  # pool threads (and the threads they create) run this much nicer than the GUI
GIL_SWITCH_INTERVAL_S = 0.0002
FULL_COLLECTION_PAUSED = 1_000_000_000  # the oldest generation's threshold while jobs run

_gc_holds = 0
_gc_saved: tuple[int, int, int] | None = None


def hold_full_collections() -> None:
    """Postpone the collector's full passes until every hold is released (GUI thread only).

    A full pass holds the GIL for as long as it scans the heap, so the GUI thread would stall
    behind one started by the worker. The young generations keep their thresholds."""
    global _gc_holds, _gc_saved
    _gc_holds += 1
    if _gc_holds == 1:
        _gc_saved = gc.get_threshold()
        if _gc_saved[0] > 0:  # 0: automatic collection is off anyway
            gc.set_threshold(_gc_saved[0], _gc_saved[1], FULL_COLLECTION_PAUSED)


def release_full_collections() -> None:
    """Release one hold; after the last, restore the thresholds and freeze the survivors.

    The young generations are collected first (a few ms); freezing then moves every tracked
    object to the permanent generation (O(1)), so later full passes scan only what is created
    afterwards. Frozen objects are still freed by reference counting; only cycles among them
    are never collected — measured: a full pass right after a 20-page analysis finds none."""
    global _gc_holds, _gc_saved
    if _gc_holds <= 0:
        return
    _gc_holds -= 1
    if _gc_holds == 0 and _gc_saved is not None:
        if gc.get_threshold()[2] == FULL_COLLECTION_PAUSED:
            gc.set_threshold(*_gc_saved)
        _gc_saved = None
        gc.collect(1)
        gc.freeze()


class JobControl:
    """What a work function may use: ``cancel`` (a CancelToken), ``progress(phase, f)`` and
    ``partial(item)`` (items reach the GUI in batches through ``Job.partial``). Thread-safe."""

    def __init__(self) -> None:
        self.cancel = CancelToken()
        self._lock = threading.Lock()
        self._progress: tuple[str, float] | None = None
        self._partials: list[Any] = []
        self._wake: Callable[[], None] | None = None  # asks the GUI thread for a poll

    def progress(self, phase: str, fraction: float) -> None:
        with self._lock:
            self._progress = (phase, max(0.0, min(1.0, float(fraction))))

    def partial(self, item: Any) -> None:
        with self._lock:
            first = not self._partials  # else a poll has been asked for already
            self._partials.append(item)
            wake = self._wake if first else None
        if wake is not None:
            wake()

    def check(self) -> None:
        self.cancel.raise_if_cancelled()

    def _take(self) -> tuple[tuple[str, float] | None, list[Any]]:
        with self._lock:
            prog, self._progress = self._progress, None
            items, self._partials = self._partials, []
        return prog, items


class _Runnable(QRunnable):
    def __init__(self, job: Job) -> None:
        super().__init__()
        self._job = job
        self.setAutoDelete(True)

    def run(self) -> None:  # pool thread
        lower_thread_priority()
        self._job._execute()


def lower_thread_priority(nice: int = JOB_NICE) -> None:
    """Give the calling thread (and the threads it creates from now on) a lower CPU priority
    than the GUI thread: ``nice`` above the process's main thread (at most 19), so the gap
    stays when the app itself was started with ``nice``; a no-op where the OS has no
    per-thread nice value or refuses."""
    if not sys.platform.startswith("linux"):
        return  # elsewhere the nice value belongs to the whole process (or does not exist)
    tid = threading.get_native_id()
    try:
        # on Linux the process id names the main (GUI) thread
        want = min(19, os.getpriority(os.PRIO_PROCESS, os.getpid()) + nice)
        if os.getpriority(os.PRIO_PROCESS, tid) < want:
            os.setpriority(os.PRIO_PROCESS, tid, want)
    except OSError:
        pass


class Job(QObject):
    """One unit of background work; see the module documentation."""

    started = Signal()
    progressed = Signal(str, float)
    partial = Signal(object)  # a list of the items passed to JobControl.partial
    succeeded = Signal(object)
    failed = Signal(str)
    cancelled = Signal()
    finished = Signal()
    _woken = Signal()  # emitted by the worker: a partial result waits (queued to the GUI)

    def __init__(self, name: str, work: Callable[[JobControl], Any], *,
                 parent: QObject | None = None, poll_ms: int = POLL_MS) -> None:
        super().__init__(parent)
        self.name = name
        self._work = work
        self.control = JobControl()
        self._lock = threading.Lock()
        self._state = "queued"  # queued → running → done
        self._announced_start = False
        self._outcome: tuple[str, Any] | None = None
        self.result: Any = None
        self.error: str = ""
        self.exception: BaseException | None = None
        self.status = "queued"
        self.started_at = 0.0
        self.ended_at = 0.0
        self.longest_poll_ms = 0.0  # GUI-thread time of the slowest poll (handlers included)
        self._gc_held = False
        self._timer = QTimer(self)
        self._timer.setInterval(poll_ms)
        self._timer.timeout.connect(self._poll)
        self._woken.connect(self._poll_now, Qt.ConnectionType.QueuedConnection)
        self.control._wake = self._woken.emit

    # -- GUI thread ------------------------------------------------------------------------
    def cancel(self) -> None:
        self.control.cancel.cancel()

    @property
    def done(self) -> bool:
        return self.status in ("succeeded", "failed", "cancelled")

    def _begin_polling(self) -> None:
        self._timer.start()

    def _poll_now(self) -> None:
        """A partial result waits: poll now (the next regular poll a full period later)."""
        if self._timer.isActive():
            self._timer.start()
            self._poll()

    def _poll(self) -> None:
        t0 = time.perf_counter()
        try:
            self._poll_once()
        finally:
            self.longest_poll_ms = max(self.longest_poll_ms, (time.perf_counter() - t0) * 1000)

    def _poll_once(self) -> None:
        with self._lock:
            state, outcome = self._state, self._outcome
        if state != "queued" and not self._announced_start:
            self._announced_start = True
            self.status = "running"
            self.started.emit()
        prog, items = self.control._take()
        if items:
            self.partial.emit(items)
        if prog is not None:
            self.progressed.emit(*prog)
        if state == "done" and outcome is not None:
            self._timer.stop()
            kind, value = outcome
            self.status = kind
            if kind == "succeeded":
                self.result = value
                self.succeeded.emit(value)
            elif kind == "cancelled":
                self.cancelled.emit()
            else:
                self.exception = value
                self.error = describe_error(value)
                self.failed.emit(self.error)
            self.finished.emit()

    def _drop_outcome(self) -> None:
        """Forget the result and exception (the status and the error message stay)."""
        with self._lock:
            self._outcome = None
        self.result = None
        self.exception = None

    # -- pool thread -----------------------------------------------------------------------
    def _execute(self) -> None:
        with self._lock:
            self._state = "running"
        self.started_at = time.perf_counter()
        outcome: tuple[str, Any]
        try:
            if self.control.cancel.cancelled:
                raise CancelledError("cancelled")
            outcome = ("succeeded", self._work(self.control))
        except CancelledError:
            outcome = ("cancelled", None)
        except BaseException as exc:  # reported to the GUI, never raised in a pool thread
            outcome = ("failed", exc)
        self.ended_at = time.perf_counter()
        with self._lock:
            self._state = "done"
            self._outcome = outcome


def _finished_work(control: JobControl) -> None:
    raise RuntimeError("this job has already run")


def describe_error(exc: BaseException) -> str:
    """A message for the user. Redactor's own errors never quote document text; for anything
    else only the exception type and first line are shown."""
    if isinstance(exc, RedactorError):
        return str(exc) or type(exc).__name__
    first = str(exc).splitlines()[0][:200] if str(exc) else ""
    return f"unexpected error: {type(exc).__name__}{': ' + first if first else ''}"


class JobRunner(QObject):
    """Starts jobs on a serial thread pool and keeps them alive until they finish."""

    jobStarted = Signal(object)
    jobFinished = Signal(object)

    def __init__(self, parent: QObject | None = None, *, threads: int = 1,
                 poll_ms: int = POLL_MS) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(threads)
        self.poll_ms = poll_ms
        self.active: list[Job] = []

    def submit(self, name: str, work: Callable[[JobControl], Any]) -> Job:
        """Create a job (not yet started: connect its signals, then call :meth:`start`).
        The runner forgets the job before any handler connected later sees ``finished``."""
        job = Job(name, work, parent=self, poll_ms=self.poll_ms)
        job.finished.connect(lambda j=job: self._forget(j))
        return job

    def start(self, job: Job) -> Job:
        if sys.getswitchinterval() > GIL_SWITCH_INTERVAL_S:
            sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
        self.active.append(job)
        if not job._gc_held:
            job._gc_held = True
            hold_full_collections()
        job._begin_polling()
        self.pool.start(_Runnable(job))
        self.jobStarted.emit(job)
        return job

    def run(self, name: str, work: Callable[[JobControl], Any], **handlers: Callable[..., Any]
            ) -> Job:
        """Submit, connect ``started=…, succeeded=…`` etc. and start, in one call."""
        job = self.submit(name, work)
        for signal_name, handler in handlers.items():
            getattr(job, signal_name).connect(handler)
        return self.start(job)

    def _forget(self, job: Job) -> None:
        if job in self.active:
            self.active.remove(job)
        self._release(job)
        self.jobFinished.emit(job)
        job._work = _finished_work  # drop the closure (and the inputs it holds)
        # the runner keeps finished jobs (they are its Qt children): once every handler of
        # this event has run, drop what they returned — an analysis holds the document text,
        # which must not outlive the file's entry in the queue
        QTimer.singleShot(0, self, job._drop_outcome)

    @staticmethod
    def _release(job: Job) -> None:
        if job._gc_held:
            job._gc_held = False
            release_full_collections()

    @property
    def busy(self) -> bool:
        return bool(self.active)

    def cancel_all(self) -> None:
        for job in list(self.active):
            job.cancel()

    def shutdown(self, timeout_ms: int = 5000) -> bool:
        """Cancel everything and wait for the pool (used when the window closes)."""
        self.cancel_all()
        done = bool(self.pool.waitForDone(timeout_ms))
        if done:  # no poll may come any more (the window is closing): give the holds back
            for job in self.active:
                self._release(job)
        return done
