"""The online providers: ``searxng`` (your own SearXNG instance, JSON API), ``brave`` (Brave
Search API) and ``mojeek`` (Mojeek Search API, which reports total hit counts).

Keys come from :mod:`.keys`. Brave's key travels only in the ``X-Subscription-Token`` header;
Mojeek's in the body of a POST form (its API takes ``api_key`` as a request parameter; a GET
would put it into the URL, where proxies and server logs keep it). Neither is ever in a URL.
"""

from __future__ import annotations

import hashlib
from typing import Any

from redactor_plugins.search.config import setting
from redactor_plugins.search.keys import env_var, get_key, scrub
from redactor_plugins.search.transport import SearchError, request_json

from redactor.plugin_api import RunContext, SearchResult


def query_id(provider: str, query: str) -> str:
    """A short id of a query that does not quote it."""
    return hashlib.sha256(f"{provider}\x00{query}".encode()).hexdigest()[:16]


def _urls(items: Any, name: str) -> list[str]:
    if not isinstance(items, list):
        raise SearchError("malformed", f"{name} answered with unexpected JSON (no result list)")
    return [r["url"] for r in items if isinstance(r, dict) and isinstance(r.get("url"), str)]


def _unique(urls: list[str], more: list[str]) -> int:
    added = 0
    for u in more:
        if u not in urls:
            urls.append(u)
            added += 1
    return added


class _Online:
    id = ""
    name = ""
    version = "1.0"
    needs_network = True
    reports_total_hits = False
    key_required = False

    def _key(self) -> str | None:
        key = get_key(self.id)
        if key is None and self.key_required:
            raise SearchError("auth", f"no {self.name} API key: run `redactor search-keys set "
                                      f"{self.id}` or set {env_var(self.id)}")
        return key

    def _check(self, ctx: RunContext) -> None:
        if not ctx.network_allowed:  # the indicator never gets here without consent
            raise SearchError("config", f"{self.name} needs the network and the user has not "
                                        "allowed it")


class SearXNG(_Online):
    """A SearXNG instance (``web_search.searxng_url``) with the JSON format enabled."""

    id = "searxng"
    name = "SearXNG"

    def search(self, query: str, k: int, ctx: RunContext) -> SearchResult:
        self._check(ctx)
        base = str(setting(ctx, "searxng_url") or "").strip().rstrip("/")
        if not base:
            raise SearchError("config", "no SearXNG address: set web_search.searxng_url")

        def classify(status: int, body: Any) -> SearchError | None:
            if status == 403:
                return SearchError("config", "SearXNG refused the JSON API (HTTP 403): enable "
                                             "`json` under search.formats in its settings.yml")
            return None

        urls: list[str] = []
        for page in (1, 2, 3):
            data = request_json(self.id, self.name, "GET", base + "/search", ctx,
                                params={"q": query, "format": "json", "pageno": page},
                                classify=classify)
            if not isinstance(data, dict):
                raise SearchError("malformed", "SearXNG answered with unexpected JSON")
            page_urls = _urls(data.get("results"), self.name)
            # a short page is the last one (SearXNG pages hold about 10 results)
            if not _unique(urls, page_urls) or len(page_urls) < 10 or len(urls) >= k:
                break
        return SearchResult(query_id(self.id, query), min(k, len(urls)), tuple(urls[:k]))


class Brave(_Online):
    """Brave Search API (``web.results[].url``); a subscription token is required."""

    id = "brave"
    name = "Brave Search"
    key_required = True

    def search(self, query: str, k: int, ctx: RunContext) -> SearchResult:
        self._check(ctx)
        key = self._key()
        assert key is not None

        def classify(status: int, body: Any) -> SearchError | None:
            err = body.get("error") if isinstance(body, dict) else None
            code = str(err.get("code", "")) if isinstance(err, dict) else ""
            if "TOKEN" in code.upper() or "SUBSCRIPTION" in code.upper():
                detail = scrub(str(err.get("detail", "")))[:120] if isinstance(err, dict) else ""
                return SearchError("auth", f"Brave Search refused the API key (HTTP {status}, "
                                           f"{code}{': ' + detail if detail else ''})")
            return None

        urls: list[str] = []
        headers = {"X-Subscription-Token": key, "Accept": "application/json"}
        for offset in (0, 1):
            data = request_json(self.id, self.name, "GET", str(setting(ctx, "brave_url")), ctx,
                                params={"q": query, "count": min(20, k), "offset": offset},
                                headers=headers, classify=classify)
            if not isinstance(data, dict):
                raise SearchError("malformed", "Brave Search answered with unexpected JSON")
            web = data.get("web") or {}  # no "web" section: no web results
            if not isinstance(web, dict):
                raise SearchError("malformed", "Brave Search answered with unexpected JSON")
            more = (data.get("query") or {}).get("more_results_available") \
                if isinstance(data.get("query"), dict) else False
            added = _unique(urls, _urls(web.get("results", []), self.name))
            if not added or not more or len(urls) >= k:
                break
        return SearchResult(query_id(self.id, query), min(k, len(urls)), tuple(urls[:k]))


class Mojeek(_Online):
    """Mojeek Search API (``response.results[].url``, total hits in ``response.head.results``)."""

    id = "mojeek"
    name = "Mojeek"
    key_required = True
    reports_total_hits = True

    def search(self, query: str, k: int, ctx: RunContext) -> SearchResult:
        self._check(ctx)
        key = self._key()

        def classify(status: int, body: Any) -> SearchError | None:
            resp = body.get("response") if isinstance(body, dict) else None
            state = str(resp.get("status", "OK")) if isinstance(resp, dict) else "OK"
            if state.upper().startswith("OK"):
                return None
            text = scrub(state)[:120]
            low = text.lower()
            if "limit" in low:
                return SearchError("rate", f"Mojeek: {text}")
            if "key" in low or status in (401, 403):
                return SearchError("auth", f"Mojeek refused the API key ({text})")
            return SearchError("http", f"Mojeek: {text}")

        data = request_json(self.id, self.name, "POST", str(setting(ctx, "mojeek_url")), ctx,
                            data={"api_key": key, "q": query, "fmt": "json", "t": k},
                            classify=classify)
        resp = data.get("response") if isinstance(data, dict) else None
        if not isinstance(resp, dict):
            raise SearchError("malformed", "Mojeek answered with unexpected JSON (no response)")
        urls: list[str] = []
        _unique(urls, _urls(resp.get("results", []), self.name))
        head = resp.get("head") if isinstance(resp.get("head"), dict) else {}
        total = head.get("results") if isinstance(head, dict) else None
        total_hits = int(total) if isinstance(total, int | float) and total >= 0 else None
        return SearchResult(query_id(self.id, query), min(k, len(urls)), tuple(urls[:k]),
                            total_hits)
