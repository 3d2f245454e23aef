"""The network guard (no socket off the machine without consent, per thread), third-party
providers through the pipeline, and how the vote treats an indicator that did not run."""

from __future__ import annotations

import dataclasses
import socket
import threading
from pathlib import Path

import pytest
from search_helpers import TEXT, make_doc

from redactor.core.context import RunContext
from redactor.core.model import Finding, Label, Span
from redactor.core.policy import Policy
from redactor.core.settings import Settings
from redactor.plugin_api import SearchResult, hookimpl


def test_guard_blocks_off_machine_and_allows_loopback_and_consent() -> None:
    from redactor_plugins.search import guard

    guard.install()
    guard.install()  # idempotent
    with pytest.raises(guard.NetworkBlocked):
        socket.create_connection(("192.0.2.1", 9), timeout=1)
    with pytest.raises(guard.NetworkBlocked):
        socket.getaddrinfo("192.0.2.1", 80)
    socket.getaddrinfo("localhost", 80)
    with guard.consented():
        assert socket.getaddrinfo("192.0.2.1", 80)  # numeric: no lookup leaves the machine
        seen: list[BaseException] = []

        def other_thread() -> None:
            try:
                socket.getaddrinfo("192.0.2.1", 80)
            except OSError as exc:
                seen.append(exc)

        t = threading.Thread(target=other_thread)
        t.start()
        t.join()
        assert seen and isinstance(seen[0], guard.NetworkBlocked)  # consent is per thread
    guard.uninstall()
    assert socket.socket.connect is not guard._connect


class _Liar:
    """A provider that says it needs no network, then tries to connect anyway."""

    id = "liar"
    version = "1"
    needs_network = False
    reports_total_hits = False

    def __init__(self) -> None:
        self.calls = 0

    def search(self, query: str, k: int, ctx: RunContext) -> SearchResult:
        self.calls += 1
        socket.create_connection(("192.0.2.1", 80), timeout=1)
        return SearchResult("x", 0)


class _Fixed:
    """A well-behaved offline provider with fixed answers."""

    id = "fixed"
    version = "1"
    needs_network = False
    reports_total_hits = False

    def search(self, query: str, k: int, ctx: RunContext) -> SearchResult:
        urls = {'"Galip Yalman"': ("https://a.example/1", "https://a.example/2"),
                '"Ankara"': ("https://a.example/2",)}.get(query, ("https://z.example",))
        return SearchResult(query, len(urls), urls)


def test_a_lying_provider_cannot_reach_the_network(tmp_path: Path) -> None:
    from redactor_plugins.search.indicator import WebSearchIndicator

    doc, findings, entities = make_doc(tmp_path)
    liar = _Liar()
    ctx = RunContext(settings=Settings({"web_search": {"enabled": True, "provider": "liar"}}),
                     search_providers={"liar": liar})
    out = WebSearchIndicator().assess(doc, findings, entities, ctx)
    assert liar.calls == 1  # the person's query failed: nothing else was tried
    assert all(s.abstained and "NetworkBlocked" in s.explanation for s in out)


class _Detect:
    id = "fixed-findings"
    version = "1"

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        for text, label in (("Mr Galip Yalman", Label.PERSON), ("Ankara", Label.LOC),
                            ("Turkey", Label.LOC)):
            start = doc.text.index(text)
            yield Finding(Span(start, start + len(text)), label, text, detector=self.id)


class _TestPlugin:
    @hookimpl
    def register_detectors(self, register):  # type: ignore[no-untyped-def]
        register(_Detect())

    @hookimpl
    def register_search_providers(self, register):  # type: ignore[no-untyped-def]
        register(_Fixed())


def _pipeline(provider: str, policy: Policy):  # type: ignore[no-untyped-def]
    from redactor.core.pipeline import Pipeline
    from redactor.pluginhost.manager import PluginHost

    host = PluginHost(Settings({"web_search": {"provider": provider}}),
                      builtins=["redactor_plugins.formats.txt.plugin",
                                "redactor_plugins.search.plugin",
                                "redactor_plugins.strategies.plugin"],
                      load_entrypoints=False, load_user_folder=False,
                      extra_plugins=[("test-plugin", _TestPlugin())])
    return Pipeline(host, policy)


def test_pipeline_hands_plugin_providers_to_the_indicator(tmp_path: Path) -> None:
    src = tmp_path / "case.txt"
    src.write_text(TEXT, encoding="utf-8")
    pipe = _pipeline("fixed", dataclasses.replace(Policy(), indicators=("web-search",)))
    ctx = RunContext(settings=pipe.host.settings)
    analysis = pipe.analyze(pipe.read(src, ctx), ctx)
    assert {"fixed", "local-index", "brave"} <= set(ctx.search_providers)
    by = {f.text: (analysis.signals[i][0], analysis.decisions[i].action)
          for i, f in enumerate(analysis.findings)}
    assert by["Ankara"][0].risky and by["Ankara"][1] == "MASK"
    assert not by["Turkey"][0].risky and by["Turkey"][1] == "KEEP"
    assert "fixed" in by["Turkey"][0].explanation


def test_without_consent_the_vote_does_not_count_web_search_as_safe(tmp_path: Path) -> None:
    src = tmp_path / "case.txt"
    src.write_text(TEXT, encoding="utf-8")
    pipe = _pipeline("brave", dataclasses.replace(Policy(), indicators=("web-search",)))
    ctx = RunContext(settings=pipe.host.settings)
    analysis = pipe.analyze(pipe.read(src, ctx), ctx)
    for i, f in enumerate(analysis.findings):
        assert analysis.decisions[i].action == "MASK", f.text
        assert analysis.signals[i][0].abstained
        assert "not run (no consent)" in analysis.combined[i].explanation
