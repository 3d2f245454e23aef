"""A loopback fake of three search APIs, speaking their wire formats (127.0.0.1 only):

* SearXNG ``GET /searxng/search?q=…&format=json&pageno=N`` → ``{"query", "number_of_results",
  "results": [{"url", "title", "content", "engine", …}], "answers", "suggestions", …}``
  (10 results a page);
* Brave ``GET /brave/res/v1/web/search?q=…&count=…&offset=…`` with ``X-Subscription-Token`` →
  ``{"type": "search", "query": {…}, "web": {"type": "search", "results": [{"url", …}]}}``;
  without web results the ``web`` section is absent; a bad token → 401 and Brave's
  ``{"type": "ErrorResponse", "error": {"code": "SUBSCRIPTION_TOKEN_INVALID", …}}``;
* Mojeek ``/mojeek/search`` (``api_key``, ``q``, ``fmt=json``, ``t``) →
  ``{"response": {"status": "OK", "head": {"results": TOTAL, …}, "results": [{"url", …}]}}``;
  a bad key → 401 with ``"status": "ERROR: Invalid API key"``.

Pages are a dict url → text; a query matches the pages that contain each quoted phrase.
``script[query]`` lists what the next requests for that query get instead: ``"429:S"``
(Retry-After S seconds), ``"timeout"``, ``"badjson"``, ``"500"``, ``"empty"``.
Every request is recorded (method, raw path with its query string, headers, body).
"""

from __future__ import annotations

import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

PHRASE = re.compile(r'"([^"]+)"')


class FakeSearch(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, pages: dict[str, str], key: str, totals: dict[str, int] | None = None
                 ) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.pages = pages
        self.key = key
        self.totals = totals or {}
        self.script: dict[str, list[str]] = {}
        self.requests: list[dict[str, Any]] = []
        self.echo_key = False  # echo the key back in a response header and body
        self.sleep = 1.5
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def start(self) -> FakeSearch:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()

    def matches(self, query: str) -> list[str]:
        phrases = [p.lower() for p in PHRASE.findall(query)] or [query.lower()]
        return [u for u, text in self.pages.items() if all(p in text.lower() for p in phrases)]

    def queries(self, route: str) -> list[str]:
        return [r["params"].get("q", "") for r in self.requests if r["route"] == route]


class _Handler(BaseHTTPRequestHandler):
    server: FakeSearch

    def log_message(self, format: str, *args: Any) -> None:
        return None

    def do_GET(self) -> None:
        self._handle(parse_qs(urlsplit(self.path).query))

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode()
        self._handle(parse_qs(body), body)

    def _send(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.send_header("Set-Cookie", "tracker=1; Path=/")
            if self.server.echo_key:
                self.send_header("X-Echo", f"token={self.server.key}")
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _handle(self, raw: dict[str, list[str]], body: str = "") -> None:
        params = {k: v[0] for k, v in raw.items()}
        route = urlsplit(self.path).path.split("/")[1]
        srv = self.server
        srv.requests.append({"method": self.command, "path": self.path, "route": route,
                             "headers": dict(self.headers), "body": body, "params": params})
        q = params.get("q", "")
        todo = srv.script.get(q)
        action = todo.pop(0) if todo else ""
        if action.startswith("429"):
            self._send(429, {"error": "rate limited"}, {"Retry-After": action.split(":")[1]})
            return
        if action == "timeout":
            time.sleep(srv.sleep)
            self._send(200, {"results": []})
            return
        if action == "500":
            self._send(500, {"error": "boom"})
            return
        if action == "badjson":
            self._send(200, b'{"results": [ {"url": "https://x.example/"')
            return
        urls = [] if action == "empty" else srv.matches(q)
        getattr(self, f"_{route}")(params, q, urls)

    def _searxng(self, params: dict[str, str], q: str, urls: list[str]) -> None:
        if params.get("format") != "json":
            self._send(403, b"Forbidden")
            return
        page = int(params.get("pageno", "1"))
        chunk = urls[(page - 1) * 10: page * 10]
        self._send(200, {"query": q, "number_of_results": 0,
                         "results": [{"url": u, "title": "t", "content": "c", "engine": "fake",
                                      "parsed_url": list(urlsplit(u)), "engines": ["fake"],
                                      "positions": [i + 1], "score": 1.0,
                                      "category": "general"} for i, u in enumerate(chunk)],
                         "answers": [], "corrections": [], "infoboxes": [], "suggestions": [],
                         "unresponsive_engines": []})

    def _brave(self, params: dict[str, str], q: str, urls: list[str]) -> None:
        token = self.headers.get("X-Subscription-Token")
        if token != self.server.key:
            detail = "The provided subscription token is invalid."
            if self.server.echo_key:
                detail += f" (got {token})"
            self._send(401, {"type": "ErrorResponse", "error": {
                "id": "c1", "status": 401, "code": "SUBSCRIPTION_TOKEN_INVALID",
                "detail": detail, "meta": {"component": "authentication"}}, "time": 1})
            return
        count, offset = int(params.get("count", "20")), int(params.get("offset", "0"))
        chunk = urls[offset * count: (offset + 1) * count]
        payload: dict[str, Any] = {"type": "search", "query": {
            "original": q, "show_strict_warning": False, "is_navigational": False,
            "more_results_available": len(urls) > (offset + 1) * count}, "mixed": {
            "type": "mixed", "main": [], "top": [], "side": []}}
        if chunk:
            payload["web"] = {"type": "search", "family_friendly": True, "results": [
                {"title": "t", "url": u, "is_source_local": False, "is_source_both": False,
                 "description": "d", "language": "en", "family_friendly": True,
                 "type": "search_result", "subtype": "generic",
                 "meta_url": {"scheme": "https", "netloc": urlsplit(u).netloc}} for u in chunk]}
        self._send(200, payload, {"X-RateLimit-Limit": "1, 2000", "X-RateLimit-Remaining": "0, 1999"})

    def _mojeek(self, params: dict[str, str], q: str, urls: list[str]) -> None:
        if params.get("api_key") != self.server.key:
            self._send(401, {"response": {"status": "ERROR: Invalid API key"}})
            return
        t = int(params.get("t", "10"))
        total = self.server.totals.get(q, len(urls))
        self._send(200, {"response": {"status": "OK", "head": {
            "query": q, "nword": 1, "timer": 0.01, "start": 1, "return": min(t, len(urls)),
            "exact": True, "results": total, "rankm": 169, "dups": 0},
            "results": [{"url": u, "title": "t", "desc": "d", "size": "2kb", "date": 0,
                         "cdatetimestamp": 0, "mdatetimestamp": 0} for u in urls[:t]]}})
