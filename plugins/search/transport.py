"""HTTP for the online providers (httpx): timeouts, retries, a per-provider rate limit, and
errors that say what went wrong without quoting a key, a URL's parameters or a response body.

Nothing here logs a query: log lines name the provider, the HTTP status and the attempt.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from redactor_plugins.search.config import setting
from redactor_plugins.search.keys import scrub

from redactor.plugin_api import RunContext

log = logging.getLogger("redactor.search")
USER_AGENT = "Redactor-web-search/1.0 (+offline redaction tool; privacy-risk check)"


class SearchError(Exception):
    """A provider failed. ``kind``: ``auth`` (key missing or refused), ``rate`` (rate limited),
    ``timeout``, ``network``, ``http``, ``malformed`` (unreadable answer) or ``config``.
    Auth, rate and config errors stop the document's further queries to that provider."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(scrub(message))
        self.kind = kind

    @property
    def fatal(self) -> bool:
        return self.kind in ("auth", "rate", "config")


class RateLimiter:
    """At most ``rate`` requests per second per provider, process-wide."""

    def __init__(self) -> None:
        self._next: dict[str, float] = {}
        self._lock = threading.Lock()

    def wait(self, key: str, rate: float) -> None:
        if rate <= 0:
            return
        with self._lock:
            now = time.monotonic()
            start = max(now, self._next.get(key, 0.0))
            self._next[key] = start + 1.0 / rate
        if start > now:
            time.sleep(start - now)


LIMITER = RateLimiter()
_clients: dict[tuple[float, bool], Any] = {}
_clients_lock = threading.Lock()


def _client(timeout: float, trust_env: bool) -> Any:
    import httpx

    key = (timeout, trust_env)
    with _clients_lock:
        client = _clients.get(key)
        if client is None:
            import http.cookiejar  # only with the network on (start-up)

            no_cookies = http.cookiejar.CookieJar(
                policy=http.cookiejar.DefaultCookiePolicy(allowed_domains=[]))
            client = httpx.Client(
                timeout=httpx.Timeout(timeout, connect=min(timeout, 5.0)), cookies=no_cookies,
                trust_env=trust_env, follow_redirects=False,
                headers={"User-Agent": USER_AGENT, "Accept": "application/json"},
                transport=httpx.HTTPTransport(retries=1, trust_env=trust_env))
            _clients[key] = client
    return client


def retry_after(value: str | None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        import email.utils

        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


Classifier = Callable[[int, Any], "SearchError | None"]


def request_json(provider: str, name: str, method: str, url: str, ctx: RunContext, *,
                 params: Mapping[str, Any] | None = None, data: Mapping[str, Any] | None = None,
                 headers: Mapping[str, str] | None = None,
                 classify: Classifier | None = None) -> Any:
    """Send one request (retrying timeouts, 5xx and short 429s) and return its JSON body.

    ``classify(status, body)`` may turn a provider's own error answer into a
    :class:`SearchError` (any status; ``body`` is the parsed JSON or None)."""
    import httpx

    timeout = float(setting(ctx, "timeout"))
    retries = max(0, int(setting(ctx, "retries")))
    max_wait = float(setting(ctx, "max_retry_wait"))
    rate = float(setting(ctx, f"rate_{provider}") or 0)
    client = _client(timeout, bool(setting(ctx, "use_env_proxy")))
    last: SearchError | None = None
    for attempt in range(retries + 1):
        ctx.check()
        if attempt:
            log.debug("%s: retry %d of %d", provider, attempt, retries)
        LIMITER.wait(provider, rate)
        try:
            resp = client.request(method, url, params=params, data=data, headers=headers)
        except httpx.TimeoutException:
            last = SearchError("timeout", f"{name} did not answer within {timeout:g} s")
            continue
        except httpx.HTTPError as exc:
            detail = str(exc).splitlines()[0][:120] if str(exc) else ""
            last = SearchError("network", f"{name} could not be reached ({type(exc).__name__}"
                                          + (f": {detail}" if detail else "") + ")")
            continue
        log.debug("%s: HTTP %d (attempt %d)", provider, resp.status_code, attempt + 1)
        body: Any = None
        try:
            body = resp.json()
        except ValueError:
            body = None
        if classify is not None:
            err = classify(resp.status_code, body)
            if err is not None:
                raise err
        status = resp.status_code
        if status == 429:
            wait = retry_after(resp.headers.get("Retry-After"))
            shown = f"; retry after {wait:.0f} s" if wait is not None else ""
            last = SearchError("rate", f"{name} rate-limited the request (HTTP 429{shown})")
            if attempt == retries or (wait is not None and wait > max_wait):
                raise last
            time.sleep(wait if wait is not None else min(max_wait, 2.0 ** attempt))
            continue
        if status in (401, 403):
            raise SearchError("auth", f"{name} refused the request (HTTP {status}): the API "
                                      "key is missing, wrong or not allowed to search")
        if status >= 500:
            last = SearchError("http", f"{name} failed (HTTP {status})")
            time.sleep(min(max_wait, 0.5 * 2 ** attempt))
            continue
        if status >= 400:
            raise SearchError("http", f"{name} rejected the request (HTTP {status})")
        if body is None:
            raise SearchError("malformed", f"{name} answered with malformed JSON "
                                           f"(HTTP {status})")
        return body
    assert last is not None
    raise last
