"""Guards for checks and tests: a socket guard and a capture of everything a component emits.

:class:`NetworkGuard` uses one process-wide audit hook (installed on first use, inert while
no guard is active): while a guard is active, in any thread, a connection, datagram, bind or
name lookup that leaves the machine is recorded and refused with :class:`OSError`. Loopback
addresses and Unix sockets stay allowed.

:class:`Capture` records log records (the ``redactor`` loggers and the component's own
package at DEBUG, every other logger from WARNING, as ``redactor --debug`` would show them),
text written to stdout/stderr, warnings and progress messages, so that a check can search
them for document text.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import socket
import sys
import threading
import warnings
from collections.abc import Iterable, Iterator
from types import TracebackType
from typing import Any, TextIO

from redactor.core.verify import norm_text

_NET_EVENTS = frozenset({
    "socket.connect", "socket.sendto", "socket.sendmsg", "socket.bind", "socket.getaddrinfo",
    "socket.gethostbyname", "socket.gethostbyaddr", "socket.getnameinfo",
})
_LOCAL_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost",
                          "ip6-loopback"})
_active: list[NetworkGuard] = []
_lock = threading.Lock()
_installed = False


def _is_local(host: object) -> bool:
    if host is None:
        return True
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if not isinstance(host, str):
        return False
    name = host.split("%", 1)[0].strip("[]").lower()
    if name in _LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _leaves_machine(event: str, args: tuple[Any, ...]) -> str | None:
    """A short description of a network access that is not local, else None."""
    if event in ("socket.connect", "socket.sendto", "socket.sendmsg", "socket.bind"):
        sock, address = (args + (None, None))[:2]
        if getattr(sock, "family", None) not in (socket.AF_INET, socket.AF_INET6):
            return None
        if address is None and event == "socket.sendmsg":
            return None
        host = address[0] if isinstance(address, tuple) and address else address
        if event == "socket.bind" and host in ("", "0.0.0.0", "::"):  # noqa: S104
            return f"{event} to all interfaces"
        return None if _is_local(host) else f"{event} to {host}"
    host = args[0] if args else None
    if event == "socket.getnameinfo" and isinstance(host, tuple) and host:
        host = host[0]
    return None if _is_local(host) else f"{event} of {host}"


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if not _active or event not in _NET_EVENTS:
        return
    what = _leaves_machine(event, args)
    if what is None:
        return
    with _lock:
        guards = list(_active)
    for guard in guards:
        guard.attempts.append(what)
    raise OSError(f"network access blocked by redactor.testing ({event})")


class NetworkGuard:
    """While active (``with NetworkGuard() as g``), network access that leaves the machine is
    refused with :class:`OSError` and listed in ``g.attempts``."""

    def __init__(self) -> None:
        self.attempts: list[str] = []

    def __enter__(self) -> NetworkGuard:
        global _installed
        with _lock:
            if not _installed:
                sys.addaudithook(_audit)
                _installed = True
            _active.append(self)
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        with _lock:
            _active.remove(self)


class _ListHandler(logging.Handler):
    def __init__(self, capture: Capture) -> None:
        super().__init__(logging.NOTSET)
        self.capture = capture
        self._fmt = logging.Formatter()

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno < logging.WARNING and not self.capture.wants_debug(record.name):
            return
        try:
            text = record.getMessage()
        except Exception:  # a bad format string: keep its parts
            text = f"{record.msg} {record.args}"
        if record.exc_info:
            text += "\n" + self._fmt.formatException(record.exc_info)
        if record.stack_info:
            text += "\n" + record.stack_info
        self.capture.add(f"a log record of logger '{record.name}' ({record.levelname})", text)


class _Tee:
    """A text stream that records what is written and passes it on."""

    def __init__(self, capture: Capture, name: str, inner: TextIO) -> None:
        self.capture, self.name, self.inner = capture, name, inner

    def write(self, text: str) -> int:
        self.capture.add(f"text written to {self.name}", text)
        return self.inner.write(text)

    def __getattr__(self, attr: str) -> Any:
        return getattr(self.inner, attr)


class Capture:
    """Records what a component emits (see the module docstring); :meth:`leaks` searches it."""

    def __init__(self, packages: Iterable[str] = ()) -> None:
        self.debug_prefixes = tuple(dict.fromkeys(("redactor", "redactor_plugins", *packages)))
        self.items: list[tuple[str, str]] = []
        self._stack = contextlib.ExitStack()
        self._saved: list[tuple[logging.Logger, int, bool]] = []
        self._handler = _ListHandler(self)
        self._warnings: list[warnings.WarningMessage] = []

    def wants_debug(self, name: str) -> bool:
        return any(name == p or name.startswith(p + ".") for p in self.debug_prefixes)

    def add(self, channel: str, text: str) -> None:
        self.items.append((channel, text))

    def progress(self, phase: str, fraction: float) -> None:
        """A ``RunContext.progress`` sink that records the phase names."""
        self.add("a progress message", str(phase))

    def leaks(self, secrets: Iterable[str]) -> list[str]:
        """The channels (log records, stdout, warnings…) where any of ``secrets`` appears
        (case, accents, width and spacing ignored); never the text itself."""
        needles = {n for s in secrets if len(n := norm_text(s)) >= 4}
        found = [channel for channel, text in self.items
                 if any(n in norm_text(text) for n in needles)]
        return list(dict.fromkeys(found))

    def __enter__(self) -> Capture:
        root = logging.getLogger()
        self._saved.append((root, root.level, root.propagate))
        root.setLevel(logging.WARNING)
        root.addHandler(self._handler)
        loggers = [logging.getLogger(p) for p in self.debug_prefixes]
        loggers += [lg for name, lg in list(logging.Logger.manager.loggerDict.items())
                    if isinstance(lg, logging.Logger) and self.wants_debug(name)
                    and lg.name not in self.debug_prefixes]
        for lg in loggers:
            self._saved.append((lg, lg.level, lg.propagate))
            lg.setLevel(logging.DEBUG if lg.name in self.debug_prefixes else logging.NOTSET)
            if not lg.propagate:
                lg.addHandler(self._handler)
        self._stack.enter_context(contextlib.redirect_stdout(_Tee(self, "stdout", sys.stdout)))
        self._stack.enter_context(contextlib.redirect_stderr(_Tee(self, "stderr", sys.stderr)))
        caught = self._stack.enter_context(warnings.catch_warnings(record=True))
        warnings.simplefilter("always")
        self._warnings = caught
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._stack.close()
        for w in self._warnings:
            self.add(f"a warning ({w.category.__name__})", str(w.message))
        for lg, level, propagate in reversed(self._saved):
            lg.setLevel(level)
            lg.removeHandler(self._handler)
            lg.propagate = propagate
        self._saved.clear()


@contextlib.contextmanager
def guarded(packages: Iterable[str] = ()) -> Iterator[tuple[NetworkGuard, Capture]]:
    """Both guards at once: ``with guarded() as (net, capture): ...``."""
    with NetworkGuard() as net, Capture(packages) as capture:
        yield net, capture
