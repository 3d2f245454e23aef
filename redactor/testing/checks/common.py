"""What every conformance check shares: the error it raises, and a :class:`Checker` that runs
a component's calls inside the guards and collects problems.

Problems name the sample, the call and the kind of fault — never document text: an
exception is shown by its type and the place it was raised, not by its message.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Generic, TypeVar

from redactor.core.context import RunContext
from redactor.core.policy import Policy
from redactor.core.settings import Settings
from redactor.core.verify import norm_text
from redactor.testing.guards import Capture, NetworkGuard
from redactor.testing.samples import CANARIES

T = TypeVar("T")
log = logging.getLogger("redactor.testing")


class ConformanceError(AssertionError):
    """A component broke its contract; ``problems`` lists every fault found (one run finds
    them all). The message never quotes document text."""

    def __init__(self, subject: str, problems: Sequence[str], notes: Sequence[str] = ()) -> None:
        self.subject = subject
        self.problems = list(problems)
        self.notes = list(notes)
        lines = [f"{subject} failed {len(self.problems)} conformance check(s):"]
        lines += [f"  - {p}" for p in self.problems]
        if self.notes:
            lines += ["notes:"] + [f"  {n}" for n in self.notes]
        super().__init__("\n".join(lines))


@dataclass(frozen=True, slots=True)
class Outcome(Generic[T]):
    """The result of one guarded call: its value, or the exception it raised."""

    ok: bool
    value: T | None = None
    error: BaseException | None = None
    seconds: float = 0.0


def describe(exc: BaseException) -> str:
    """``TypeName (file.py:12)``: the exception's type and where it was raised."""
    tb = traceback.extract_tb(exc.__traceback__)
    where = f" ({Path(tb[-1].filename).name}:{tb[-1].lineno})" if tb else ""
    return f"{type(exc).__name__}{where}"


def is_real(value: object) -> bool:
    """A finite int or float (not a bool)."""
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


def short_id(obj: object) -> str:
    cid = getattr(obj, "id", None)
    if isinstance(cid, str) and cid.strip() and len(cid) <= 80:
        return repr(cid)
    return f"<{type(obj).__name__}>"


def host_context(host: Any) -> dict[str, Any]:
    """The run-context fields a pipeline fills from its plugin host (``ocr_engines``,
    ``search_providers``: ``{id: component}``), for a check's ``context=``."""
    names = {f.name for f in dataclasses.fields(RunContext)}
    return {kind: {r.id: r.component for r in host.components(kind)}
            for kind in ("ocr_engines", "search_providers") if kind in names}


def _packages(obj: object) -> tuple[str, ...]:
    module = type(obj).__module__ or ""
    top = module.split(".", 1)[0]
    return (top,) if top and top not in ("builtins", "__main__") else ()


class Checker:
    """Collects problems about one component while guards watch its calls.

    Use as ``with Checker("detector", obj) as c: ...``; leaving the block adds what the
    guards saw (network attempts, document text in logs or exceptions) and raises
    :class:`ConformanceError` if anything was found.
    """

    def __init__(self, kind: str, obj: object, settings: Mapping[str, Any] | None = None,
                 context: Mapping[str, Any] | None = None) -> None:
        self.kind = kind
        self.obj = obj
        self.subject = f"{kind} {short_id(obj)}"
        self.settings = dict(settings or {})
        self.context = dict(context or {})
        self.problems: list[str] = []
        self.notes: list[str] = []
        self.secrets: list[str] = list(CANARIES)
        self.errors: list[BaseException] = []
        self._faults: dict[str, tuple[int, str, int]] = {}
        self._lock = threading.Lock()
        self.net = NetworkGuard()
        self.capture = Capture(_packages(obj))

    # -- collecting ------------------------------------------------------------------------
    def problem(self, text: str) -> None:
        with self._lock:
            if text not in self.problems:
                self.problems.append(text)

    def fault(self, key: str, text: str) -> None:
        """A problem that may recur (the same fault on every sample): listed once, with a
        count of the other times it was seen."""
        with self._lock:
            if key not in self._faults:
                self._faults[key] = (len(self.problems), text, 0)
                self.problems.append(text)
                return
            index, first, more = self._faults[key]
            self._faults[key] = (index, first, more + 1)
            self.problems[index] = f"{first} (and {more + 1} more like it)"

    def expect(self, condition: object, text: str) -> bool:
        if not condition:
            self.problem(text)
        return bool(condition)

    def note(self, text: str) -> None:
        self.notes.append(text)

    def ctx(self, **kwargs: Any) -> RunContext:
        """A fresh offline run context with the check's settings, the default policy (as the
        pipeline gives) and the check's ``context`` fields; progress messages are captured."""
        kwargs = {**self.context, **kwargs}
        kwargs.setdefault("policy", Policy())
        kwargs.setdefault("network_allowed", False)
        return RunContext(settings=Settings(self.settings), progress=self.capture.progress,
                          **kwargs)

    # -- calling ---------------------------------------------------------------------------
    def call(self, what: str, fn: Callable[..., T], *args: Any,
             expected: tuple[type[BaseException], ...] = ()) -> Outcome[T]:
        """Call ``fn``; an exception not in ``expected`` becomes the problem ``what: raised …``."""
        start = time.perf_counter()
        try:
            value = fn(*args)
        except Exception as exc:
            self.errors.append(exc)
            if not isinstance(exc, expected):
                self.fault(f"raised:{describe(exc)}", f"{what}: raised {describe(exc)}")
            return Outcome(False, None, exc, time.perf_counter() - start)
        return Outcome(True, value, None, time.perf_counter() - start)

    def bounded(self, what: str, fn: Callable[[], T], limit: float,
                expected: tuple[type[BaseException], ...] = ()) -> Outcome[T]:
        """:meth:`call` in a worker thread, giving up after ``limit`` seconds."""
        box: list[Outcome[T]] = []
        worker = threading.Thread(target=lambda: box.append(self.call(what, fn,
                                                                      expected=expected)),
                                  daemon=True,
                                  name=f"redactor-check-{self.kind}")
        start = time.perf_counter()
        worker.start()
        worker.join(limit)
        if not box:
            self.problem(f"{what}: did not finish within {limit:.0f} s")
            return Outcome(False, None, TimeoutError(), time.perf_counter() - start)
        return box[0]

    def threads(self, what: str, fn: Callable[[int], T], n: int = 2,
                limit: float = 600.0) -> list[Outcome[T]]:
        """Run ``fn(0)`` … ``fn(n-1)`` at the same time in ``n`` threads."""
        barrier = threading.Barrier(n)
        results: list[Outcome[T] | None] = [None] * n

        def work(i: int) -> None:
            try:
                barrier.wait(timeout=30)
            except threading.BrokenBarrierError:
                pass
            results[i] = self.call(f"{what} (thread {i + 1})", fn, i)

        workers = [threading.Thread(target=work, args=(i,), daemon=True) for i in range(n)]
        for w in workers:
            w.start()
        deadline = time.monotonic() + limit
        for w in workers:
            w.join(max(0.0, deadline - time.monotonic()))
        out: list[Outcome[T]] = []
        for i, r in enumerate(results):
            if r is None:
                self.problem(f"{what} (thread {i + 1}): did not finish within {limit:.0f} s")
                r = Outcome(False, None, TimeoutError())
            out.append(r)
        return out

    # -- the component's surface -----------------------------------------------------------
    def identity(self, methods: Iterable[str], attributes: Iterable[str] = ()) -> bool:
        """``id`` and ``version`` (and ``attributes``) are non-empty strings, and ``methods``
        are callable. False when a method is missing (nothing more can be checked)."""
        for name in ("id", "version", *attributes):
            value = getattr(self.obj, name, None)
            if not isinstance(value, str) or not value.strip():
                self.problem(f"`{name}` must be a non-empty string (it is "
                             f"{type(value).__name__ if value is not None else 'missing'})")
            elif value != value.strip() or any(ord(c) < 32 for c in value):
                self.problem(f"`{name}` has surrounding whitespace or control characters")
        missing = [m for m in methods if not callable(getattr(self.obj, m, None))]
        for m in missing:
            self.problem(f"`{m}` is missing or not callable")
        return not missing

    def quotes_text(self, text: str, extra: Iterable[str] = ()) -> bool:
        """Whether ``text`` contains a canary or one of ``extra`` (normalised)."""
        hay = norm_text(text)
        return any(len(n) >= 4 and n in hay
                   for n in (norm_text(s) for s in [*self.secrets, *extra]))

    # -- guards ----------------------------------------------------------------------------
    def __enter__(self) -> Checker:
        self.net.__enter__()
        self.capture.__enter__()
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.capture.__exit__(et, ev, tb)
        self.net.__exit__(et, ev, tb)
        if et is not None and not isinstance(ev, ConformanceError):
            return
        for attempt in dict.fromkeys(self.net.attempts):
            self.problem(f"tried to reach the network ({attempt}) with ctx.network_allowed "
                         "False")
        for channel in self.capture.leaks(self.secrets):
            self.problem(f"document text appeared in {channel}")
        for exc in self.errors:
            messages = [str(e) for e in _chain(exc)]
            if any(self.quotes_text(m) for m in messages):
                self.problem(f"the message of {describe(exc)} quotes document text")
        for n in self.notes:
            log.info("%s: %s", self.subject, n)
        if self.problems:
            raise ConformanceError(self.subject, self.problems, self.notes)


def _chain(exc: BaseException) -> list[BaseException]:
    out: list[BaseException] = []
    cur: BaseException | None = exc
    while cur is not None and cur not in out and len(out) < 10:
        out.append(cur)
        cur = cur.__cause__ or cur.__context__
    return out
