"""``check_search_provider``: the contract of :class:`~redactor.plugin_api.SearchProvider`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from redactor.core.components import SearchResult
from redactor.core.errors import RedactorError
from redactor.testing.checks.common import Checker, describe, is_real

QUERY = "Zebulon Quillfeather Oslo 1970"


def check_search_provider(provider: Any, *, settings: Mapping[str, Any] | None = None,
                          time_limit: float = 60.0) -> None:
    """Check a search provider; raise :class:`ConformanceError` listing every problem.

    Tries: ``id``/``version``; ``search`` with ``ctx.network_allowed`` False opens no socket
    (a socket guard refuses and records any connection or name lookup that leaves the
    machine) and returns a well-formed :class:`SearchResult` or raises a ``RedactorError``;
    with the network allowed but the machine offline it finishes within ``time_limit``
    seconds with a result or an exception, and the query appears nowhere (logs, warnings,
    output, exception messages, ``query_id``).
    """
    with Checker("search provider", provider, settings) as c:
        if not c.identity(["search"]):
            return
        c.secrets.append(QUERY)
        out = c.call("search with the network off", provider.search, QUERY,
                     c.ctx(network_allowed=False), expected=(RedactorError,))
        if out.ok:
            _validate(c, "search with the network off", out.value)
        attempts = len(c.net.attempts)
        online = c.bounded("search with the network allowed (offline machine)",
                           lambda: provider.search(QUERY, c.ctx(network_allowed=True)),
                           time_limit, expected=(Exception,))
        if not online.ok and online.error is not None \
                and not isinstance(online.error, TimeoutError):
            c.note(f"offline with the network allowed it raised {describe(online.error)}")
        elif online.ok:
            _validate(c, "search with the network allowed (offline machine)", online.value)
        del c.net.attempts[attempts:]  # allowed there: refused by the guard, not a fault


def _validate(c: Checker, what: str, result: object) -> None:
    if not isinstance(result, SearchResult):
        c.problem(f"{what}: returned a {type(result).__name__}, not a SearchResult")
        return
    c.expect(isinstance(result.query_id, str), f"{what}: query_id is not a str")
    c.expect(not c.quotes_text(str(result.query_id)),
             f"{what}: query_id holds the query text (use a hash or a counter)")
    c.expect(is_real(result.hits) and isinstance(result.hits, int) and result.hits >= 0,
             f"{what}: hits is not an int >= 0")
    c.expect(isinstance(result.urls, tuple) and all(isinstance(u, str) for u in result.urls),
             f"{what}: urls is not a tuple of str")
