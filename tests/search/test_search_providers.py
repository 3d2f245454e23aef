"""The online providers against the loopback fake server: real wire formats, errors (401, 429
with Retry-After, timeouts, malformed JSON, empty results), and the key only ever in its
header or form body — never in a URL, a log line (DEBUG, httpx/httpcore too) or a message."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest
from search_helpers import KEY, search_settings

from redactor.core.context import RunContext


def _ctx(server, tmp_path: Path, **extra) -> RunContext:
    return RunContext(settings=search_settings(server, tmp_path, **extra), network_allowed=True)


def _provider(pid: str):
    from redactor_plugins.search.planner import BUILTIN_PROVIDERS

    return BUILTIN_PROVIDERS[pid]


@pytest.mark.parametrize("pid", ["searxng", "brave", "mojeek"])
def test_results_come_back_in_each_wire_format(pid, server, tmp_path, memory_keyring,
                                               monkeypatch) -> None:
    monkeypatch.setenv(f"REDACTOR_SEARCH_KEY_{pid.upper()}", KEY)
    res = _provider(pid).search('"Galip Yalman"', 20, _ctx(server, tmp_path))
    assert set(res.urls) == set(server.matches('"Galip Yalman"'))
    assert res.hits == 2
    assert (res.total_hits == 2) if pid == "mojeek" else res.total_hits is None
    assert '"Galip Yalman"' not in res.query_id


def test_searxng_pages_until_k_results(server, tmp_path) -> None:
    server.pages.update({f"https://many.example/{i}": "Ankara" for i in range(25)})
    res = _provider("searxng").search('"Ankara"', 20, _ctx(server, tmp_path))
    assert len(res.urls) == 20
    assert [r["params"]["pageno"] for r in server.requests] == ["1", "2"]


def test_keys_travel_only_in_the_header_or_the_form_body(server, tmp_path, memory_keyring) -> None:
    from redactor_plugins.search import keys

    keys.set_key("brave", KEY)
    keys.set_key("mojeek", KEY)
    ctx = _ctx(server, tmp_path)
    _provider("brave").search('"Ankara"', 20, ctx)
    _provider("mojeek").search('"Ankara"', 20, ctx)
    brave, mojeek = server.requests[:2]
    assert brave["headers"]["X-Subscription-Token"] == KEY
    assert mojeek["method"] == "POST" and f"api_key={KEY}" in mojeek["body"]
    _provider("brave").search('"Turkey"', 20, ctx)
    assert len(server.requests) == 3
    for r in server.requests:
        assert "Cookie" not in r["headers"]  # cookies the server sets are never sent back
        assert KEY not in r["path"]
        assert all(KEY not in v for k, v in r["headers"].items() if k != "X-Subscription-Token")


def test_no_key_is_a_clear_auth_error_before_any_request(server, tmp_path, memory_keyring) -> None:
    from redactor_plugins.search.transport import SearchError

    with pytest.raises(SearchError) as err:
        _provider("brave").search('"Ankara"', 20, _ctx(server, tmp_path))
    assert err.value.kind == "auth" and "redactor search-keys set brave" in str(err.value)
    assert server.requests == []


@pytest.mark.parametrize("pid", ["brave", "mojeek"])
def test_a_bad_key_is_refused_with_401_and_never_echoed(pid, server, tmp_path, monkeypatch,
                                                        caplog) -> None:
    from redactor_plugins.search.transport import SearchError

    bad = "bad-key-0123456789"
    monkeypatch.setenv(f"REDACTOR_SEARCH_KEY_{pid.upper()}", bad)
    server.key = "another-key-entirely"
    server.echo_key = True  # the fake echoes what it got: in a header and in the error body
    for name in ("", "httpx", "httpcore", "redactor"):
        caplog.set_level(logging.DEBUG, logger=name or None)
    with pytest.raises(SearchError) as err:
        _provider(pid).search('"Ankara"', 20, _ctx(server, tmp_path))
    assert err.value.kind == "auth" and err.value.fatal
    assert "401" in str(err.value) or "key" in str(err.value).lower()
    assert bad not in str(err.value) and bad not in repr(err.value)
    assert caplog.records and bad not in caplog.text


def test_key_never_in_debug_logs_of_httpx_and_httpcore(server, tmp_path, memory_keyring,
                                                       caplog) -> None:
    from redactor_plugins.search import keys

    keys.set_key("brave", KEY)
    server.echo_key = True  # the response headers, which httpcore logs at DEBUG, carry it
    for name in ("", "httpx", "httpcore", "redactor"):
        caplog.set_level(logging.DEBUG, logger=name or None)
    _provider("brave").search('"Ankara"', 20, _ctx(server, tmp_path))
    names = {r.name.split(".")[0] for r in caplog.records}
    assert {"httpx", "httpcore"} <= names, names
    assert KEY not in caplog.text
    assert "***" in caplog.text  # the echoed key was there, and was masked
    logging.getLogger("probe").debug("a line quoting %s", KEY)
    assert KEY not in caplog.text


def test_429_waits_for_retry_after_then_succeeds(server, tmp_path) -> None:
    server.script['"Ankara"'] = ["429:1"]
    t0 = time.monotonic()
    res = _provider("searxng").search('"Ankara"', 20, _ctx(server, tmp_path))
    assert time.monotonic() - t0 >= 0.9
    assert res.urls and len(server.requests) == 2


def test_429_with_a_long_retry_after_gives_up_clearly(server, tmp_path) -> None:
    from redactor_plugins.search.transport import SearchError

    server.script['"Ankara"'] = ["429:3600"]
    t0 = time.monotonic()
    with pytest.raises(SearchError) as err:
        _provider("searxng").search('"Ankara"', 20, _ctx(server, tmp_path))
    assert time.monotonic() - t0 < 2
    assert err.value.kind == "rate" and "429" in str(err.value) and "3600" in str(err.value)


def test_timeout_is_retried_then_reported(server, tmp_path) -> None:
    from redactor_plugins.search.transport import SearchError

    server.script['"Ankara"'] = ["timeout", "timeout"]
    with pytest.raises(SearchError) as err:
        _provider("searxng").search('"Ankara"', 20, _ctx(server, tmp_path))
    assert err.value.kind == "timeout" and "0.5 s" in str(err.value)
    server.script['"Ankara"'] = ["timeout"]
    assert _provider("searxng").search('"Ankara"', 20, _ctx(server, tmp_path)).urls


@pytest.mark.parametrize("pid", ["searxng", "brave", "mojeek"])
def test_malformed_json_and_empty_results(pid, server, tmp_path, monkeypatch) -> None:
    from redactor_plugins.search.transport import SearchError

    monkeypatch.setenv(f"REDACTOR_SEARCH_KEY_{pid.upper()}", KEY)
    server.script['"Ankara"'] = ["badjson"]
    with pytest.raises(SearchError) as err:
        _provider(pid).search('"Ankara"', 20, _ctx(server, tmp_path))
    assert err.value.kind == "malformed" and "JSON" in str(err.value)
    server.script['"Ankara"'] = ["empty"]
    res = _provider(pid).search('"Ankara"', 20, _ctx(server, tmp_path))
    assert res.urls == () and res.hits == 0


def test_server_errors_are_retried(server, tmp_path) -> None:
    server.script['"Ankara"'] = ["500"]
    assert _provider("searxng").search('"Ankara"', 20, _ctx(server, tmp_path)).urls


def test_searxng_without_the_json_format_says_how_to_enable_it(server, tmp_path,
                                                                monkeypatch) -> None:
    from redactor_plugins.search.transport import SearchError

    def no_json(self, params, q, urls):
        self._send(403, b"Forbidden")

    import fake_search

    monkeypatch.setattr(fake_search._Handler, "_searxng", no_json)
    with pytest.raises(SearchError) as err:
        _provider("searxng").search('"Ankara"', 20, _ctx(server, tmp_path))
    assert err.value.kind == "config" and "settings.yml" in str(err.value)


def test_online_providers_refuse_to_run_without_consent(server, tmp_path) -> None:
    from redactor_plugins.search.transport import SearchError

    ctx = RunContext(settings=search_settings(server, tmp_path))
    with pytest.raises(SearchError):
        _provider("searxng").search('"Ankara"', 20, ctx)
    assert server.requests == []


def test_rate_limit_spaces_requests() -> None:
    from redactor_plugins.search.transport import RateLimiter

    limiter = RateLimiter()
    t0 = time.monotonic()
    for _ in range(3):
        limiter.wait("p", 10.0)
    assert time.monotonic() - t0 >= 0.19


def test_retry_after_parses_seconds_and_http_dates() -> None:
    import email.utils

    from redactor_plugins.search.transport import retry_after

    assert retry_after("7") == 7.0
    later = email.utils.formatdate(time.time() + 30, usegmt=True)
    assert 25 <= (retry_after(later) or 0) <= 31
    assert retry_after("soon") is None and retry_after(None) is None
