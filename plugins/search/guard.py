"""A process-wide network guard: once installed, any socket connection or name lookup that
leaves the machine fails with :class:`NetworkBlocked` — unless the calling thread is inside
:func:`consented`, which the ``web-search`` indicator enters only to send queries the user
approved. Loopback (127.0.0.0/8, ::1, ``localhost``) and Unix sockets are always allowed.

The indicator installs the guard whenever it is enabled for a run, so a provider that says it
needs no network, or any other code, cannot send anything without consent while web search is
in use. The guard stays for the life of the process (an application that must open other
connections afterwards calls :func:`uninstall`).
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import threading
from collections.abc import Iterator
from typing import Any

_state = threading.local()
_lock = threading.Lock()
_originals: dict[str, Any] = {}


class NetworkBlocked(OSError):
    """A connection off the machine was attempted without the user's consent."""


def _loopback_host(host: Any) -> bool:
    if host is None:
        return True  # getaddrinfo(None, port): the local host
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    name = str(host).strip().lower().rstrip(".")
    if name in ("localhost", "") or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def _allowed_now() -> bool:
    return getattr(_state, "depth", 0) > 0


def _check_address(sock: socket.socket, address: Any) -> None:
    if sock.family == getattr(socket, "AF_UNIX", None) or _allowed_now():
        return
    host = address[0] if isinstance(address, tuple) and address else address
    if not _loopback_host(host):
        raise NetworkBlocked("network access blocked: web search has no consent to connect "
                             "off this machine")


def _connect(self: socket.socket, address: Any) -> Any:
    _check_address(self, address)
    return _originals["connect"](self, address)


def _connect_ex(self: socket.socket, address: Any) -> Any:
    _check_address(self, address)
    return _originals["connect_ex"](self, address)


def _getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
    if not _allowed_now() and not _loopback_host(host):
        raise NetworkBlocked("name lookup blocked: web search has no consent to use the "
                             "network")
    return _originals["getaddrinfo"](host, *args, **kwargs)


def install() -> None:
    """Install the guard (idempotent)."""
    with _lock:
        if _originals:
            return
        _originals["connect"] = socket.socket.connect
        _originals["connect_ex"] = socket.socket.connect_ex
        _originals["getaddrinfo"] = socket.getaddrinfo
        socket.socket.connect = _connect  # type: ignore[method-assign]
        socket.socket.connect_ex = _connect_ex  # type: ignore[method-assign]
        socket.getaddrinfo = _getaddrinfo


def installed() -> bool:
    return bool(_originals)


def uninstall() -> None:
    """Remove the guard (tests; an application embedding Redactor)."""
    with _lock:
        if not _originals:
            return
        socket.socket.connect = _originals.pop("connect")  # type: ignore[method-assign]
        socket.socket.connect_ex = _originals.pop("connect_ex")  # type: ignore[method-assign]
        socket.getaddrinfo = _originals.pop("getaddrinfo")


@contextlib.contextmanager
def consented() -> Iterator[None]:
    """Let this thread connect off the machine for the duration of the block."""
    _state.depth = getattr(_state, "depth", 0) + 1
    try:
        yield
    finally:
        _state.depth -= 1
