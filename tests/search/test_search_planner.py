"""URL normalisation and the query plan: who the person is, which spans are quasi-identifiers,
combinations nearest first, the budget, and the listing a user consents to."""

from __future__ import annotations

import dataclasses

import pytest
from search_helpers import make_doc

from redactor.core.context import RunContext
from redactor.core.entities import group_entities
from redactor.core.model import Finding, Label, Span
from redactor.core.policy import Policy
from redactor.core.settings import Settings


@pytest.mark.parametrize("a, b", [
    ("HTTPS://WWW.Example.COM/a/", "https://example.com/a"),
    ("https://example.com/a?utm_source=x&utm_medium=y&id=3#part", "https://example.com/a?id=3"),
    ("https://example.com/a?gclid=1&fbclid=2&b=2&a=1", "https://example.com/a?a=1&b=2"),
    ("https://example.com:443/", "https://example.com"),
    ("http://example.com:8080/x/", "http://example.com:8080/x"),
])
def test_urls_are_normalised(a: str, b: str) -> None:
    from redactor_plugins.search.urls import normalise_url

    assert normalise_url(a) == normalise_url(b) == b


def test_scheme_and_path_case_still_matter() -> None:
    from redactor_plugins.search.urls import normalise_url

    assert normalise_url("http://example.com/a") != normalise_url("https://example.com/a")
    assert normalise_url("https://example.com/A") != normalise_url("https://example.com/a")


def _ctx(**section) -> RunContext:
    return RunContext(settings=Settings({"web_search": section}))


def test_plan_person_first_then_quasi_then_nearest_combinations(tmp_path) -> None:
    from redactor_plugins.search.planner import plan_queries

    _, findings, entities = make_doc(tmp_path)
    plan = plan_queries(findings, entities, _ctx(), "brave", True)
    assert plan.person == "Galip Yalman"  # title dropped
    assert [q.purpose for q in plan.queries[:7]] == ["person"] + ["single"] * 6
    assert plan.texts()[1:7] == ['"Turkish national"', '"1970"', '"Ankara"',
                                 '"Istanbul Assize Court"', '"Turkey"', '"Anadolu Textiles"']
    combos = [q for q in plan.queries if q.purpose == "combination"]
    assert combos[0].text == '"1970" "Ankara"'  # adjacent in the text
    assert len(combos) == 15 and plan.over_budget == 0


def test_codes_and_other_people_are_not_queried(tmp_path) -> None:
    from redactor_plugins.search.planner import plan_queries

    text = "Mr Anna Berg (ID 1234-5678) met Mr Olaf Lind in Oslo."
    spans = [("Mr Anna Berg", Label.PERSON), ("1234-5678", Label.CODE),
             ("Mr Olaf Lind", Label.PERSON), ("Oslo", Label.LOC)]
    findings = [Finding(Span(text.index(s), text.index(s) + len(s)), lab, s)
                for s, lab in spans]
    plan = plan_queries(findings, group_entities(findings), _ctx(), "x", False)
    assert plan.texts() == ['"Anna Berg"', '"Oslo"']


def test_budget_and_combination_size(tmp_path) -> None:
    from redactor_plugins.search.planner import plan_queries

    _, findings, entities = make_doc(tmp_path)
    plan = plan_queries(findings, entities, _ctx(max_queries=10, max_combination=3), "b", True)
    assert len(plan.queries) == 10 and plan.over_budget > 0
    assert "over the budget" in plan.describe()
    plan = plan_queries(findings, entities, _ctx(max_combination=1), "b", True)
    assert all(q.purpose != "combination" for q in plan.queries)
    assert len(plan_queries(findings, entities, _ctx(max_combination=3, max_queries=500),
                            "b", True).queries) == 1 + 6 + 15 + 20


def test_quotes_cannot_break_out_of_a_phrase() -> None:
    from redactor_plugins.search.planner import quote

    assert quote('the "Blue"  Lagoon\n') == '"the Blue Lagoon"'
    assert len(quote("x" * 500)) == 122


def test_policy_thresholds_and_enabling() -> None:
    from redactor_plugins.search.config import config, enabled
    from redactor_plugins.search.planner import with_web_search

    ctx = _ctx()
    assert not enabled(ctx, "d")
    policy = dataclasses.replace(Policy(), indicators=("span-classifier",),
                                 thresholds={"web-search": 3})
    ctx.policy = with_web_search(policy)
    assert ctx.policy.indicators == ("span-classifier", "web-search")
    assert enabled(ctx, "d") and config(ctx).min_shared == 3
    assert with_web_search(Policy()).indicators == ()  # empty: every indicator runs already


def test_request_picks_person_and_provider(tmp_path) -> None:
    from redactor_plugins.search.config import enabled
    from redactor_plugins.search.planner import preview_queries, request_search

    doc, findings, entities = make_doc(tmp_path)
    ctx = _ctx()
    ankara = next(e for e in entities if e.canonical == "Ankara")
    request_search(ctx, doc.id, provider="searxng", person=ankara.id)
    assert enabled(ctx, doc.id)
    plan = preview_queries(doc, findings, entities, ctx)
    assert plan.provider == "searxng" and plan.texts()[0] == '"Ankara"'
    assert '"Ankara"' not in plan.texts()[1:]  # the person is not also a quasi-identifier
