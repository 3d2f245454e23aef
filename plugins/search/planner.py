"""Which queries the ``web-search`` indicator sends for a document — the list a user sees and
approves before anything leaves the machine — and the API for consent.

Rule for DIRECT and QUASI (the pipeline's findings carry TAB labels, not identifier types):
PERSON and CODE are direct identifiers; LOC, ORG, DEM, DATETIME, QUANTITY and MISC are quasi-
identifiers. The protected person is the first PERSON entity of the document (the applicant,
in a court judgment), unless the user picks another one (:func:`request_search`).

The plan, in sending order and cut at ``max_queries``: the person's name; each quasi entity
(its longest mention, quoted); then combinations of 2 … ``max_combination`` quasi entities,
nearest in the text first. It depends only on the document and the settings, so the list
shown for consent is exactly what is sent (minus answers already in the cache).

GUI/CLI use::

    plan = preview_queries(doc, findings, entities, ctx)      # show plan.queries / describe()
    request_search(ctx, doc.id, approved={q.text for q in ticked})
    ctx.network_allowed = True                                # the user said yes
    pipeline.analyze(doc, ctx)                                # sends the approved ones only
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from redactor_plugins.search.config import INDICATOR_ID, config
from redactor_plugins.search.local_index import LocalIndex
from redactor_plugins.search.providers import Brave, Mojeek, SearXNG

from redactor.plugin_api import Document, Entity, Finding, Label, RunContext

DIRECT_LABELS = frozenset({Label.PERSON, Label.CODE})
TITLES = frozenset("mr mrs ms miss mx dr prof professor sir madam judge justice lord lady rev "
                   "herr frau hr fru monsieur madame mme mlle m".split())
MAX_QUERY_CHARS = 120
MAX_COMBINED_ENTITIES = 60  # combinations are drawn from the first 60 quasi entities
BUILTIN_PROVIDERS: dict[str, Any] = {p.id: p for p in (LocalIndex(), SearXNG(), Brave(),
                                                        Mojeek())}


@dataclass(frozen=True, slots=True)
class PlannedQuery:
    """One exact query string, why it is sent and the entities (indices) it concerns."""

    text: str
    purpose: str  # "person" | "single" | "combination"
    entities: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class QueryPlan:
    """The queries for one document and one provider (``queries`` are sent, in order)."""

    provider: str
    needs_network: bool
    person: str | None
    person_entity: int | None
    queries: tuple[PlannedQuery, ...]
    over_budget: int
    quasi: tuple[int, ...]

    def texts(self) -> list[str]:
        return [q.text for q in self.queries]

    def describe(self) -> str:
        """The list a user reads before consenting."""
        where = "sent over the network" if self.needs_network else "run on this machine"
        if self.person is None:
            return f"No query for {self.provider}: the document names no person to protect."
        lines = [f"{len(self.queries)} queries to {self.provider} ({where}):"]
        why = {"person": "the protected person", "single": "a quasi-identifier",
               "combination": "quasi-identifiers together"}
        for n, q in enumerate(self.queries, 1):
            lines.append(f"  {n:>3}. {q.text}    ({why.get(q.purpose, q.purpose)})")
        if self.over_budget:
            lines.append(f"  ({self.over_budget} more combinations are over the budget of "
                         f"{len(self.queries)} queries and are not sent)")
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class SearchRequest:
    """The user's choices for one document: provider, person, approved query strings
    (``None``: all of the plan, once ``ctx.network_allowed`` is set)."""

    provider: str | None = None
    person: str | None = None
    approved: frozenset[str] | None = None


def request_search(ctx: RunContext, doc_id: str, *, provider: str | None = None,
                   person: str | None = None, approved: Iterable[str] | None = None) -> None:
    """Turn web search on for one document, optionally with another provider, another
    person (an entity id such as ``E3``, or the name) and only the ``approved`` queries."""
    req = SearchRequest(provider, person, None if approved is None else frozenset(approved))
    ctx.memo_for(INDICATOR_ID).setdefault("requests", {})[doc_id] = req


def request_for(ctx: RunContext, doc_id: str) -> SearchRequest:
    return ctx.memo_for(INDICATOR_ID).get("requests", {}).get(doc_id, SearchRequest())


def with_web_search(policy: Any) -> Any:
    """A copy of a policy whose indicator list also runs ``web-search`` (an empty list
    already runs every indicator)."""
    ids = tuple(policy.indicators)
    if not ids or INDICATOR_ID in ids:
        return policy
    return dataclasses.replace(policy, indicators=(*ids, INDICATOR_ID))


def provider_for(ctx: RunContext, provider_id: str) -> Any | None:
    """A registered provider (``ctx.search_providers``) or a built-in one."""
    found = getattr(ctx, "search_providers", {}) or {}
    return found.get(provider_id) or BUILTIN_PROVIDERS.get(provider_id)


def quote(text: str) -> str:
    """The quoted phrase searched for a span (whitespace collapsed, no inner quotes)."""
    clean = " ".join(text.replace('"', " ").replace("\u201c", " ").replace("\u201d", " ").split())
    return f'"{clean[:MAX_QUERY_CHARS]}"'


def person_name(text: str) -> str:
    """A person's name without leading titles ("Mr Galip Yalman" → "Galip Yalman")."""
    words = text.split()
    while len(words) > 1 and words[0].lower().rstrip(".") in TITLES:
        words = words[1:]
    return " ".join(words)


def _alnum(text: str) -> int:
    return sum(ch.isalnum() for ch in text)


def _first(entity: Entity, findings: Sequence[Finding]) -> int:
    return min((findings[m].span.start for m in entity.mentions if 0 <= m < len(findings)),
               default=0)


def _text(entity: Entity, findings: Sequence[Finding]) -> str:
    if entity.canonical:
        return entity.canonical
    texts = [findings[m].text for m in entity.mentions if 0 <= m < len(findings)]
    return max(texts, key=len, default="")


def choose_person(findings: Sequence[Finding], entities: Sequence[Entity],
                  pick: str | None = None) -> tuple[int | None, str | None]:
    """(entity index, name) of the protected person: ``pick`` (an entity id or a name),
    else the first PERSON entity."""
    order = sorted(range(len(entities)), key=lambda i: _first(entities[i], findings))
    if pick:
        norm = " ".join(person_name(pick).casefold().split())
        for i in order:
            e = entities[i]
            names = {" ".join(person_name(findings[m].text).casefold().split())
                     for m in e.mentions if 0 <= m < len(findings)}
            if e.id == pick or norm in names:
                return i, person_name(_text(e, findings))
        return None, person_name(pick)
    for i in order:
        if entities[i].label == Label.PERSON and _alnum(_text(entities[i], findings)) >= 2:
            return i, person_name(_text(entities[i], findings))
    return None, None


def quasi_entities(findings: Sequence[Finding], entities: Sequence[Entity]) -> list[int]:
    """Indices of the quasi-identifier entities worth a query, in order of first mention."""
    seen: set[str] = set()
    out = []
    for i in sorted(range(len(entities)), key=lambda i: _first(entities[i], findings)):
        e = entities[i]
        text = _text(e, findings)
        key = quote(text).casefold()
        if e.label in DIRECT_LABELS or _alnum(text) < 3 or key in seen:
            continue
        seen.add(key)
        out.append(i)
    return out


def plan_queries(findings: Sequence[Finding], entities: Sequence[Entity], ctx: RunContext,
                 provider: str, needs_network: bool, person: str | None = None) -> QueryPlan:
    """The query plan for one document (see the module docstring)."""
    cfg = config(ctx)
    p_idx, name = choose_person(findings, entities, person)
    quasi = tuple(i for i in quasi_entities(findings, entities) if i != p_idx)
    if name is None or _alnum(name) < 2:
        return QueryPlan(provider, needs_network, None, None, (), 0, quasi)
    planned = [PlannedQuery(quote(name), "person", () if p_idx is None else (p_idx,))]
    planned += [PlannedQuery(quote(_text(entities[i], findings)), "single", (i,))
                for i in quasi]
    first = {i: _first(entities[i], findings) for i in quasi}
    pool = quasi[:MAX_COMBINED_ENTITIES]
    combos: list[PlannedQuery] = []
    for r in range(2, min(cfg.max_combination, len(pool)) + 1):
        group = sorted(itertools.combinations(pool, r),
                       key=lambda c: (max(first[i] for i in c) - min(first[i] for i in c), c))
        combos += [PlannedQuery(" ".join(quote(_text(entities[i], findings)) for i in c),
                                "combination", c) for c in group]
        if len(planned) + len(combos) > cfg.max_queries:
            break
    planned += combos
    budget = cfg.max_queries
    # the over-budget count covers the combinations generated before the budget ran out
    return QueryPlan(provider, needs_network, name, p_idx, tuple(planned[:budget]),
                     max(0, len(planned) - budget), quasi)


def preview_queries(doc: Document, findings: Sequence[Finding], entities: Sequence[Entity],
                    ctx: RunContext, *, provider: str | None = None,
                    person: str | None = None) -> QueryPlan:
    """The exact queries the indicator would send for ``doc`` to ``provider`` (default: the
    document's request, else the settings' provider). Sends nothing."""
    req = request_for(ctx, doc.id)
    pid = provider or req.provider or config(ctx).provider
    prov = provider_for(ctx, pid)
    needs = bool(getattr(prov, "needs_network", True))
    return plan_queries(findings, entities, ctx, pid, needs, person or req.person)

