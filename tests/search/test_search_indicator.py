"""The web-search indicator end to end against the loopback fake: overlap with the person's
pages, combinations, the hit-count variant, consent, approval, budget, cache, errors (each a
per-finding "not run" explanation while the run goes on) and the document's own source."""

from __future__ import annotations

import socket

import pytest
from search_helpers import KEY, make_doc, search_settings

from redactor.core.context import RunContext
from redactor.core.model import RiskSignal


def _run(server, tmp_path, *, consent=True, approved=None, person=None, **extra):
    from redactor_plugins.search.indicator import WebSearchIndicator
    from redactor_plugins.search.planner import request_search

    doc, findings, entities = make_doc(tmp_path)
    ctx = RunContext(settings=search_settings(server, tmp_path, **extra), network_allowed=consent)
    if approved is not None or person is not None:
        request_search(ctx, doc.id, approved=approved, person=person)
    signals = WebSearchIndicator().assess(doc, findings, entities, ctx)
    assert len(signals) == len(findings)
    return {f.text: s for f, s in zip(findings, signals, strict=True)}, ctx, doc


@pytest.fixture
def brave_key(monkeypatch):
    monkeypatch.setenv("REDACTOR_SEARCH_KEY_BRAVE", KEY)


def test_spans_sharing_pages_with_the_person_are_risky(server, tmp_path, brave_key) -> None:
    by, _, _ = _run(server, tmp_path, provider="brave")
    person = by["Mr Galip Yalman"]
    assert person.risky and not person.abstained and "protected person" in person.explanation
    for span in ("Istanbul Assize Court", "Ankara", "1970", "Anadolu Textiles"):
        s = by[span]
        assert s.risky and not s.abstained, (span, s.explanation)
        assert s.explanation.startswith("risky:") and "brave" in s.explanation
        assert "shares 1 page with the 2 found for \"Galip Yalman\"" in s.explanation
        assert "UTC" in s.explanation  # when
    for span in ("Turkey", "Turkish national"):
        s = by[span]
        assert not s.risky and not s.abstained and s.explanation.startswith("not risky:")


def test_a_tracking_url_variant_counts_as_the_same_page(server, tmp_path, brave_key) -> None:
    server.pages["https://NEWS.example/yalman-trial?fbclid=abc"] = "Ankara and the Istanbul " \
        "Assize Court"
    by, _, _ = _run(server, tmp_path, provider="brave")
    assert len(server.matches('"Istanbul Assize Court"')) == 3
    assert "shares 1 page with the 2 found" in by["Istanbul Assize Court"].explanation
    assert "(1 of its 2 results" in by["Istanbul Assize Court"].explanation


def test_combinations_find_what_single_spans_miss(server, tmp_path, brave_key) -> None:
    server.pages.clear()
    server.pages.update({f"https://turkey.example/{i}": "Turkey" for i in range(3)})
    server.pages.update({f"https://ankara.example/{i}": "Ankara" for i in range(3)})
    server.pages["https://profile.example/gy"] = "Galip Yalman of Ankara, Turkey"
    by, _, _ = _run(server, tmp_path, provider="brave", top_k=3)
    for span in ("Ankara", "Turkey"):
        s = by[span]
        assert s.risky, s.explanation
        assert "shares 0 pages" in s.explanation and 'together: "Ankara" "Turkey"' in \
            s.explanation or 'together: "Turkey" "Ankara"' in s.explanation


def test_without_consent_nothing_is_sent_and_nothing_votes(server, tmp_path, brave_key) -> None:
    from redactor_plugins.search import guard

    by, _, _ = _run(server, tmp_path, consent=False, provider="brave")
    assert server.requests == []
    for s in by.values():
        assert s.abstained and not s.risky
        assert s.explanation.startswith("not run (no consent)")
    assert guard.installed()
    with pytest.raises(guard.NetworkBlocked):
        socket.create_connection(("192.0.2.1", 80), timeout=1)
    with pytest.raises(guard.NetworkBlocked):
        socket.getaddrinfo("example.org", 443)
    socket.getaddrinfo("127.0.0.1", server.server_address[1])  # loopback stays allowed
    with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=1):
        pass


def test_only_approved_queries_are_sent(server, tmp_path, brave_key) -> None:
    by, _, _ = _run(server, tmp_path, provider="brave",
                    approved={'"Galip Yalman"', '"Ankara"'})
    assert sorted(server.queries("brave")) == ['"Ankara"', '"Galip Yalman"']
    assert by["Ankara"].risky and not by["Ankara"].abstained
    s = by["Istanbul Assize Court"]
    assert s.abstained and "did not approve" in s.explanation


def test_preview_lists_exactly_what_is_sent(server, tmp_path, brave_key) -> None:
    from redactor_plugins.search.planner import preview_queries

    doc, findings, entities = make_doc(tmp_path)
    ctx = RunContext(settings=search_settings(server, tmp_path, provider="brave"))
    plan = preview_queries(doc, findings, entities, ctx)
    assert plan.provider == "brave" and plan.needs_network and plan.person == "Galip Yalman"
    assert plan.texts()[:3] == ['"Galip Yalman"', '"Turkish national"', '"1970"']
    assert "brave" in plan.describe() and '"Galip Yalman"' in plan.describe()
    assert server.requests == []
    _run(server, tmp_path, provider="brave")
    assert server.queries("brave") == plan.texts()


def test_cached_answers_are_used_offline(server, tmp_path, brave_key) -> None:
    first, _, _ = _run(server, tmp_path, provider="brave")
    sent = len(server.requests)
    again, _, _ = _run(server, tmp_path, consent=False, provider="brave")
    assert len(server.requests) == sent
    for span, s in again.items():
        assert (s.risky, s.abstained) == (first[span].risky, first[span].abstained), span
    assert "cached" in again["Ankara"].explanation
    cache = (tmp_path / "cache.sqlite").read_bytes()
    assert b"Ankara" not in cache and b"Galip" not in cache  # hashes, never the queries


def test_budget_cuts_the_plan_and_says_so(server, tmp_path, brave_key) -> None:
    by, _, _ = _run(server, tmp_path, provider="brave", max_queries=3)
    assert len(server.requests) == 3
    assert not by["1970"].abstained
    assert by["Turkey"].abstained and "budget of 3" in by["Turkey"].explanation


def test_the_documents_own_source_is_left_out(server, tmp_path, brave_key) -> None:
    import dataclasses

    from redactor_plugins.search.indicator import WebSearchIndicator

    doc, findings, entities = make_doc(tmp_path)
    doc = dataclasses.replace(doc, metadata={"source_url": "https://news.example/yalman-trial"})
    ctx = RunContext(settings=search_settings(server, tmp_path, provider="brave"),
                     network_allowed=True)
    by = dict(zip([f.text for f in findings],
                  WebSearchIndicator().assess(doc, findings, entities, ctx), strict=True))
    assert "with the 1 found for" in by["Ankara"].explanation
    assert not by["Istanbul Assize Court"].risky  # only the document itself linked them


@pytest.mark.parametrize("mode, risky", [("below", True), ("off", False), ("above", False)])
def test_hit_count_variant_with_mojeek(server, tmp_path, monkeypatch, mode, risky) -> None:
    monkeypatch.setenv("REDACTOR_SEARCH_KEY_MOJEEK", KEY)
    server.pages.pop("https://www.news.example/yalman-trial/?utm_source=feed#top")
    by, _, _ = _run(server, tmp_path, provider="mojeek", hits_mode=mode)
    s = by["Anadolu Textiles"]  # the fake reports 3 pages in all; none is the person's
    assert s.risky is risky, s.explanation
    assert ("3 pages in all — rare" in s.explanation) is (mode == "below")


def test_a_bad_key_gives_each_finding_a_clear_reason(server, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("REDACTOR_SEARCH_KEY_BRAVE", "not-the-right-key")
    by, _, _ = _run(server, tmp_path, provider="brave")
    assert len(server.requests) == 1  # the person's query; nothing more after an auth error
    for s in by.values():
        assert s.abstained and s.explanation.startswith("not run (Brave Search refused")
        assert "not-the-right-key" not in s.explanation


def test_errors_on_some_queries_leave_the_others_judged(server, tmp_path, brave_key) -> None:
    server.script['"Ankara"'] = ["timeout", "timeout"]
    server.script['"1970"'] = ["badjson"]
    server.script['"Turkey"'] = ["empty"]
    by, _, _ = _run(server, tmp_path, provider="brave", max_combination=1)
    assert by["Ankara"].abstained and "did not answer within 0.5 s" in by["Ankara"].explanation
    assert by["1970"].abstained and "malformed JSON" in by["1970"].explanation
    assert not by["Turkey"].abstained and "0 of its 0 results" in by["Turkey"].explanation
    assert by["Istanbul Assize Court"].risky and by["Anadolu Textiles"].risky


def test_rate_limit_stops_the_documents_queries(server, tmp_path, brave_key) -> None:
    server.script['"Ankara"'] = ["429:3600"]
    by, _, _ = _run(server, tmp_path, provider="brave", max_combination=1)
    assert not by["1970"].abstained  # before the 429
    for span in ("Ankara", "Istanbul Assize Court", "Turkey"):
        assert by[span].abstained and "429" in by[span].explanation
    assert server.queries("brave")[-1] == '"Ankara"'


def test_off_unless_enabled(server, tmp_path) -> None:
    import dataclasses

    from redactor_plugins.search.indicator import WebSearchIndicator

    from redactor.core.policy import Policy

    doc, findings, entities = make_doc(tmp_path)
    ctx = RunContext(settings=search_settings(server, tmp_path, enabled=False))
    out = WebSearchIndicator().assess(doc, findings, entities, ctx)
    assert all(s.abstained and "web search is off" in s.explanation for s in out)
    from redactor_plugins.search import guard

    assert not guard.installed()  # off: the process is left alone
    ctx.policy = dataclasses.replace(Policy(), indicators=("web-search",))
    out = WebSearchIndicator().assess(doc, findings, entities, ctx)  # local-index: no index yet
    assert all(s.abstained and "redactor index build" in s.explanation for s in out)


def test_the_user_can_pick_the_person(server, tmp_path, brave_key) -> None:
    by, _, _ = _run(server, tmp_path, provider="brave", person="Anadolu Textiles")
    assert server.queries("brave")[0] == '"Anadolu Textiles"'
    assert by["Anadolu Textiles"].risky and "protected person" in by["Anadolu Textiles"].explanation
    assert by["Mr Galip Yalman"].abstained  # another direct identifier: not judged here


def test_no_person_no_queries(server, tmp_path, brave_key) -> None:
    from redactor_plugins.search.indicator import WebSearchIndicator

    doc, findings, entities = make_doc(tmp_path)
    keep = [i for i, f in enumerate(findings) if f.text != "Mr Galip Yalman"]
    findings = [findings[i] for i in keep]
    from redactor.core.entities import group_entities

    ctx = RunContext(settings=search_settings(server, tmp_path, provider="brave"),
                     network_allowed=True)
    out = WebSearchIndicator().assess(doc, findings, group_entities(findings), ctx)
    assert all(s.abstained and "no person to protect" in s.explanation for s in out)
    assert server.requests == []


def test_vote_leaves_abstentions_out() -> None:
    from redactor.core.combine import vote

    off = RiskSignal("web-search", 0.0, False, "not run (no consent)", abstained=True)
    safe = RiskSignal("span-classifier", 0.1, False, "keep")
    risky = RiskSignal("seq", 0.9, True, "mask")
    assert vote([off]).risky and "not run (no consent)" in vote([off]).explanation
    assert not vote([off, safe]).risky
    assert vote([off, risky, safe], k=2).risky is False
    assert vote([off, risky], k=2).risky  # k capped at the 1 indicator that voted
    assert RiskSignal("x", 0.0, False).abstained is False


def test_gui_api_through_the_host(server, tmp_path, brave_key) -> None:
    """What the GUI does: list the queries, let the user untick some, run the approved ones."""
    from redactor.pluginhost.manager import PluginHost

    host = PluginHost(load_entrypoints=False, load_user_folder=False)
    indicator = host.component("risk_indicators", "web-search").component
    doc, findings, entities = make_doc(tmp_path)
    ctx = RunContext(settings=search_settings(server, tmp_path, provider="brave"))
    plan = indicator.preview(doc, findings, entities, ctx)
    ticked = [q.text for q in plan.queries if q.purpose != "combination"]
    indicator.approve(ctx, doc.id, ticked)
    ctx.network_allowed = True
    signals = indicator.assess(doc, findings, entities, ctx)
    assert server.queries("brave") == ticked
    log = indicator.last_run(ctx, doc.id)
    assert [o.query for o in log if o.ran] == ticked
    assert all(o.error and "did not approve" in o.error for o in log if not o.ran)
    assert len(signals) == len(findings)
