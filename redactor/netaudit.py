"""An audit trail of network attempts, for proving an offline install
(``REDACTOR_AUDIT_NETWORK=FILE``): every ``socket.connect``, ``socket.sendto`` and
``socket.getaddrinfo`` of the process is appended to FILE as one line (event and address;
Unix-domain sockets are left out). Installed at import of :mod:`redactor`, before any other
library can open a socket. Nothing is blocked here; the installer's test reads the file."""

from __future__ import annotations

import socket
import sys
from typing import Any

_EVENTS = {"socket.connect", "socket.sendto", "socket.sendmsg", "socket.getaddrinfo"}


def install(path: str) -> None:
    """Append one line per network attempt to ``path``."""

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if event not in _EVENTS:
            return
        if event != "socket.getaddrinfo":
            sock = args[0]
            if getattr(sock, "family", None) == getattr(socket, "AF_UNIX", None):
                return
            where = args[1] if len(args) > 1 else ""
        else:
            where = args[:2]
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(f"{event} {where!r}\n")

    sys.addaudithook(hook)
