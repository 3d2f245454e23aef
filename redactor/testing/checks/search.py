"""``check_search_provider``: the contract of :class:`~redactor.plugin_api.SearchProvider`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from redactor.core.components import SearchResult
from redactor.testing.checks.common import Checker, describe

QUERY = "Zebulon Quillfeather Oslo 1970"
K = 5


def check_search_provider(provider: Any, *, settings: Mapping[str, Any] | None = None,
                          context: Mapping[str, Any] | None = None,
                          time_limit: float = 60.0) -> None:
    """Check a search provider; raise :class:`ConformanceError` listing every problem.

    Tries: ``id``/``version``, ``needs_network`` and ``reports_total_hits`` bools;
    ``search(query, k, ctx)`` with ``ctx.network_allowed`` False opens no socket and looks no
    name up (a socket guard refuses and records any that would leave the machine) — a provider
    that needs no network must answer, one that does may raise; with the network allowed but
    the machine offline it finishes within ``time_limit`` seconds. Every result is a
    :class:`SearchResult` with at most ``k`` URLs (str), ``hits`` an int in ``[0, k]``,
    ``total_hits`` None or an int (None unless ``reports_total_hits``) and a ``query_id``
    that does not quote the query; the query never appears in logs, warnings, output or
    exception messages.
    """
    with Checker("search provider", provider, settings, context) as c:
        if not c.identity(["search"]):
            return
        for flag in ("needs_network", "reports_total_hits"):
            c.expect(isinstance(getattr(provider, flag, None), bool),
                     f"`{flag}` must be a bool")
        c.secrets.append(QUERY)
        offline_ok = getattr(provider, "needs_network", True) is not False
        out = c.call("search with the network off", provider.search, QUERY, K,
                     c.ctx(network_allowed=False),
                     expected=(Exception,) if offline_ok else ())
        if out.ok:
            _validate(c, "search with the network off", out.value)
        elif out.error is not None and offline_ok:
            c.note(f"with the network off it raised {describe(out.error)}")
        attempts = len(c.net.attempts)
        online = c.bounded("search with the network allowed (offline machine)",
                           lambda: provider.search(QUERY, K, c.ctx(network_allowed=True)),
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
    c.expect(_count(result.hits) and result.hits <= K, f"{what}: hits is not an int in "
             f"[0, k={K}]")
    c.expect(isinstance(result.urls, tuple) and all(isinstance(u, str) for u in result.urls)
             and len(result.urls) <= K, f"{what}: urls is not a tuple of at most k={K} str")
    total = getattr(result, "total_hits", None)
    c.expect(total is None or _count(total), f"{what}: total_hits is not None or an int >= 0")
    c.expect(total is None or getattr(c.obj, "reports_total_hits", False) is True,
             f"{what}: total_hits is set but reports_total_hits is not True")


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
