"""The ``web-search`` risk indicator: is a quasi-identifier, alone or with others, found on the
same pages as the protected person?

1. The person's name is searched: the top ``top_k`` result URLs (normalised, the document's
   own source left out) are the person's pages.
2. Each quasi entity, and each planned combination, is searched as quoted phrases: a span is
   risky when its results share at least ``min_shared`` pages with the person's. Where the
   provider reports total hits, a single span is also risky when its total is at most
   (``hits_mode = "below"``; ``"auto"``: online providers only) or at least (``"above"``)
   ``hits_threshold``.
3. Every signal says which query, on which provider, when, and how many pages were shared.
   Its score is the number of shared pages (raised to ``min_shared`` when the span is risky
   for another reason), so ``score >= min_shared`` exactly when it is risky.

It abstains (``RiskSignal.abstained``: no vote either way) where it did not run: web search
off, no consent, query not approved, budget spent, provider error — the explanation starts
with "not run". The person's own mentions are risky (a direct identifier); other direct
identifiers (PERSON, CODE) are left to the other indicators.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from redactor_plugins.search import guard
from redactor_plugins.search.cache import open_cache
from redactor_plugins.search.config import INDICATOR_ID, SearchConfig, config, enabled
from redactor_plugins.search.keys import scrub
from redactor_plugins.search.planner import (
    PlannedQuery,
    QueryPlan,
    SearchRequest,
    plan_queries,
    preview_queries,
    provider_for,
    request_for,
    request_search,
)
from redactor_plugins.search.transport import SearchError
from redactor_plugins.search.urls import normalise_url, source_url

from redactor.plugin_api import Document, Entity, Finding, RiskSignal, RunContext

log = logging.getLogger("redactor.search")
MAX_FAILURES_IN_A_ROW = 3
FATAL = ("auth", "rate", "config")  # error kinds that stop the document's further queries


@dataclass(frozen=True, slots=True)
class Outcome:
    """One query's result (``error`` set: not run, and why)."""

    query: str
    urls: frozenset[str] = frozenset()
    total: int | None = None
    when: float = 0.0
    cached: bool = False
    error: str | None = None
    own: int = 0  # results that were the document itself

    @property
    def ran(self) -> bool:
        return self.error is None


def own_urls(doc: Document) -> set[str]:
    """The document's own source: its file, and any ``source_url``/``url`` metadata."""
    own = {source_url(doc.source)}
    for key in ("source_url", "url"):
        if doc.metadata.get(key):
            own.add(normalise_url(str(doc.metadata[key])))
    return own


def _pages(n: int) -> str:
    return f"{n} page" if n == 1 else f"{n} pages"


def stamp(when: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(when))


class _Runner:
    """Sends a plan's queries in order: cache, consent, approval, budget and errors."""

    def __init__(self, provider: Any, cfg: SearchConfig, ctx: RunContext, req: SearchRequest,
                 own: set[str]) -> None:
        self.provider, self.cfg, self.ctx, self.req, self.own = provider, cfg, ctx, req, own
        self.pid = str(provider.id)
        self.online = bool(getattr(provider, "needs_network", True))
        self.cache = open_cache(cfg.cache_path, cfg.cache_days) if self.online else None
        self.stopped: str | None = None
        self.failures = 0

    def _done(self, query: str, urls: Sequence[str], total: int | None, when: float,
              cached: bool) -> Outcome:
        norm = [normalise_url(u) for u in urls]
        kept = frozenset(u for u in norm if u not in self.own)
        return Outcome(query, kept, total, when, cached, None, len(set(norm)) - len(kept))

    def run(self, query: str) -> Outcome:
        self.ctx.check()
        if self.cache is not None:
            hit = self.cache.get(self.pid, query)
            if hit is not None:
                return self._done(query, hit.urls, hit.total_hits, hit.fetched, True)
        if self.stopped:
            return Outcome(query, error=f"not run ({self.stopped})")
        if self.online and not self.ctx.network_allowed:
            return Outcome(query, error=f"not run (no consent): {self.pid} needs the network "
                                        "and the user has not approved the queries")
        if self.req.approved is not None and query not in self.req.approved:
            return Outcome(query, error="not run (the user did not approve this query)")
        try:
            if self.online:
                with guard.consented():
                    result = self.provider.search(query, self.cfg.top_k, self.ctx)
            else:
                result = self.provider.search(query, self.cfg.top_k, self.ctx)
            urls = tuple(str(u) for u in result.urls)[: self.cfg.top_k]
            total = getattr(result, "total_hits", None)
        except Exception as exc:
            if self.ctx.cancel.cancelled:
                raise
            kind = getattr(exc, "kind", None)
            if isinstance(exc, SearchError) or isinstance(kind, str):  # a message for users
                return self._failed(query, str(exc)[:300], kind in FATAL)
            # any other exception's message might quote anything: its type only
            return self._failed(query, f"{self.pid} failed ({type(exc).__name__})", False)
        self.failures = 0
        if self.cache is not None:
            self.cache.put(self.pid, query, urls, total)
        return self._done(query, urls, total, time.time(), False)

    def _failed(self, query: str, why: str, fatal: bool) -> Outcome:
        why = scrub(why)
        log.debug("web-search: a query to %s failed (%s)", self.pid, why)
        self.failures += 1
        if fatal:
            self.stopped = f"{why}; no further queries were sent"
        elif self.failures >= MAX_FAILURES_IN_A_ROW:
            self.stopped = f"{self.failures} queries in a row failed, the last: {why}"
        return Outcome(query, error=f"not run ({why})")


class WebSearchIndicator:
    """See the module docstring."""

    id = INDICATOR_ID
    version = "1.0"

    def assess(self, doc: Document, findings: Sequence[Finding], entities: Sequence[Entity],
               ctx: RunContext) -> Sequence[RiskSignal]:
        if not findings:
            return []
        if not enabled(ctx, doc.id):
            return self._all(findings, "not run (web search is off: name web-search in the "
                                       "policy's risk.indicators or set web_search.enabled)")
        guard.install()  # from now on, nothing leaves the machine outside consented()
        req = request_for(ctx, doc.id)
        cfg = config(ctx)
        pid = req.provider or cfg.provider
        provider = provider_for(ctx, pid)
        if provider is None:
            return self._all(findings, f"not run (no search provider {pid!r} is loaded)")
        plan = plan_queries(findings, entities, ctx, pid,
                            bool(getattr(provider, "needs_network", True)), req.person)
        if plan.person is None:
            return self._all(findings, "not run (no person to protect: the document names no "
                                       "PERSON)")
        if not plan.queries:
            return self._all(findings, "not run (the query budget web_search.max_queries is 0)")
        runner = _Runner(provider, cfg, ctx, req, own_urls(doc))
        mode = cfg.hits_mode if cfg.hits_mode != "auto" else ("below" if runner.online else "off")
        if not getattr(provider, "reports_total_hits", False):
            mode = "off"
        out = {plan.queries[0].text: runner.run(plan.queries[0].text)}
        person = out[plan.queries[0].text]
        if person.ran and (person.urls or mode != "off"):
            for q in plan.queries[1:]:
                out[q.text] = runner.run(q.text)
        verdicts = _Verdicts(plan, out, cfg, pid, mode)
        entity_of = {m: e for e, ent in enumerate(entities) for m in ent.mentions}
        signals = [verdicts.signal(entity_of.get(i), f, self.id) for i, f in enumerate(findings)]
        ctx.memo_for(INDICATOR_ID).setdefault("last", {})[doc.id] = tuple(out.values())
        return signals

    # -- consent API (the GUI reaches it as host.component("risk_indicators", "web-search")) --
    def preview(self, doc: Document, findings: Sequence[Finding], entities: Sequence[Entity],
                ctx: RunContext, *, provider: str | None = None,
                person: str | None = None) -> QueryPlan:
        """The exact queries, in order, that a run would send for ``doc``; sends nothing."""
        return preview_queries(doc, findings, entities, ctx, provider=provider, person=person)

    def approve(self, ctx: RunContext, doc_id: str, queries: Iterable[str], *,
                provider: str | None = None, person: str | None = None) -> None:
        """Turn web search on for ``doc_id`` and allow only ``queries`` (exact strings from
        :meth:`preview`); the caller then sets ``ctx.network_allowed`` and re-runs."""
        request_search(ctx, doc_id, provider=provider, person=person, approved=queries)

    def last_run(self, ctx: RunContext, doc_id: str) -> tuple[Outcome, ...]:
        """Each query of the latest run on ``doc_id``: results, totals, when, cached, error."""
        return tuple(ctx.memo_for(INDICATOR_ID).get("last", {}).get(doc_id, ()))

    def _all(self, findings: Sequence[Finding], why: str) -> list[RiskSignal]:
        return [RiskSignal(self.id, 0.0, False, why, abstained=True) for _ in findings]


class _Verdicts:
    """Turns a plan's outcomes into one verdict per entity."""

    def __init__(self, plan: QueryPlan, out: dict[str, Outcome], cfg: SearchConfig, pid: str,
                 mode: str) -> None:
        self.plan, self.out, self.cfg, self.pid, self.mode = plan, out, cfg, pid, mode
        self.person = out[plan.queries[0].text]
        self.single: dict[int, PlannedQuery] = {}
        self.combos: dict[int, list[PlannedQuery]] = {}
        for q in plan.queries[1:]:
            if q.purpose == "single":
                self.single[q.entities[0]] = q
            else:
                for e in q.entities:
                    self.combos.setdefault(e, []).append(q)

    def _where(self, o: Outcome) -> str:
        return f"{self.pid}, {'cached ' if o.cached else ''}{stamp(o.when)}"

    def _shared(self, o: Outcome) -> int:
        return len(o.urls & self.person.urls)

    def signal(self, e: int | None, f: Finding, indicator: str) -> RiskSignal:
        def sig(score: float, risky: bool, why: str, abstained: bool = False) -> RiskSignal:
            return RiskSignal(indicator, float(score), risky, why, abstained)

        person = self.person
        if not person.ran:
            return sig(0.0, False, f"{person.error} — the protected person's query "
                                   f"{self.plan.queries[0].text}", True)
        if e is not None and e == self.plan.person_entity:
            return sig(float(max(len(person.urls), self.cfg.min_shared)), True,
                       f"the protected person's name, a direct identifier (searched as "
                       f"{person.query}: {len(person.urls)} pages; {self._where(person)})")
        if e is None or e not in self.plan.quasi:
            return sig(0.0, False, f"not judged: a direct identifier ({f.label}) or too short; "
                                   "web search judges quasi-identifiers", True)
        n_person = len(person.urls)
        if not person.urls and self.mode == "off":
            return sig(0.0, False, f"not risky: no page was found for the person ({person.query},"
                                   f" {self._where(person)}), so none can link this span to them")
        facts, risky, score = [], False, 0.0
        single = self.single.get(e)
        o = self.out.get(single.text) if single is not None else None
        if o is not None and o.ran:
            shared = self._shared(o)
            score = float(shared)
            risky |= shared >= self.cfg.min_shared
            facts.append(f"{o.query} shares {_pages(shared)} with the {n_person} found for "
                         f"{person.query} ({shared} of its {len(o.urls)} results; risky from "
                         f"{self.cfg.min_shared}; {self._where(o)})")
            if self.mode != "off" and o.total is not None:
                total = max(0, o.total - o.own)
                below = self.mode == "below"
                rare = total <= self.cfg.hits_threshold if below else \
                    total >= self.cfg.hits_threshold
                risky |= rare
                facts.append(f"{_pages(total)} in all{' besides this document' if o.own else ''}"
                             f" — {'' if rare else 'not '}{'rare' if below else 'common'} "
                             f"(risky at {'most' if below else 'least'} "
                             f"{self.cfg.hits_threshold})")
        for q in self.combos.get(e, []):
            c = self.out.get(q.text)
            if c is not None and c.ran and self._shared(c) >= self.cfg.min_shared:
                shared = self._shared(c)
                score = max(score, float(shared))
                risky = True
                facts.append(f"together: {c.query} shares {_pages(shared)} with the person's "
                             f"({self._where(c)})")
        if not facts:
            why = o.error if o is not None else (
                f"not run (over the query budget of {self.cfg.max_queries})")
            return sig(0.0, False, why or "not run", True)
        if risky:  # the score is the shared pages; "score >= min_shared" iff risky
            score = max(score, float(self.cfg.min_shared))
        return sig(score, risky, ("risky: " if risky else "not risky: ") + "; ".join(facts))
