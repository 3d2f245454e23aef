"""The ``web_search`` settings section and the configuration of one run.

Settings (``redactor`` settings file, section ``web_search``) say *how* to search; a policy
says *whether*: the indicator runs when the policy names ``web-search`` in
``risk.indicators``, when ``web_search.enabled`` is true, or for a document the user asked
for (:func:`redactor_plugins.search.planner.request_search`). ``[risk.thresholds]
web-search = N`` in a policy sets the number of shared pages that makes a span risky.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from redactor.plugin_api import RunContext

SECTION = "web_search"
INDICATOR_ID = "web-search"
DEFAULTS: dict[str, Any] = {
    "enabled": False,          # True: on for every run (else: policies / per document)
    "provider": "local-index",  # local-index | searxng | brave | mojeek | a plugin's id
    "top_k": 20,               # result URLs kept per query (the person's set: the top 20)
    "max_queries": 50,         # budget per document, the person's query included
    "max_combination": 2,      # n: combinations of up to n quasi-identifiers are searched
    "min_shared": 1,           # shared pages from which a span is risky (policy may override)
    "hits_mode": "auto",       # off | below | above | auto: the hit-count variant (providers
    "hits_threshold": 100,     # reporting totals): risky when total hits are <= / >= this;
    #                            auto = below for online providers, off for the local index
    "cache_days": 7.0,         # 0: no cache
    "cache_path": "",          # "": <data dir>/search-cache.sqlite
    "index_path": "",          # "": <data dir>/search-index.sqlite (provider local-index)
    "timeout": 10.0,           # seconds per HTTP request
    "retries": 2,              # retries after a timeout, a 5xx or a 429 (Retry-After honoured)
    "max_retry_wait": 10.0,    # a Retry-After longer than this gives up instead of waiting
    "use_env_proxy": True,     # honour HTTP(S)_PROXY / NO_PROXY
    "searxng_url": "",         # e.g. https://searx.example.org (your own instance)
    "brave_url": "https://api.search.brave.com/res/v1/web/search",
    "mojeek_url": "https://api.mojeek.com/search",
    "rate_searxng": 2.0,       # requests per second, per provider
    "rate_brave": 1.0,
    "rate_mojeek": 1.0,
}
HITS_MODES = ("off", "below", "above", "auto")


def data_dir() -> Path:
    """Redactor's data folder (``REDACTOR_DATA_DIR`` overrides)."""
    override = os.environ.get("REDACTOR_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("redactor"))


def setting(ctx: RunContext | None, key: str) -> Any:
    """A ``web_search`` setting, its default where unset or empty."""
    settings = getattr(ctx, "settings", None)
    value = settings.get(SECTION, key, None) if settings is not None else None
    return DEFAULTS.get(key) if value is None or value == "" else value


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """What one run of the indicator uses."""

    provider: str
    top_k: int
    max_queries: int
    max_combination: int
    min_shared: int
    hits_mode: str
    hits_threshold: int
    cache_days: float
    cache_path: Path
    index_path: Path


def _positive(value: Any, default: int, low: int = 0) -> int:
    try:
        return max(low, int(value))
    except (TypeError, ValueError):
        return default


def index_path(ctx: RunContext | None, override: str | os.PathLike[str] | None = None) -> Path:
    raw = override or setting(ctx, "index_path")
    return Path(raw).expanduser() if raw else data_dir() / "search-index.sqlite"


def config(ctx: RunContext) -> SearchConfig:
    """The run's configuration: settings, then the policy's threshold for ``web-search``."""
    min_shared = _positive(setting(ctx, "min_shared"), 1, 1)
    policy = getattr(ctx, "policy", None)
    t = policy.threshold_for(INDICATOR_ID) if policy is not None else None
    if t is not None:
        min_shared = max(1, round(t))
    mode = str(setting(ctx, "hits_mode")).lower()
    cache = setting(ctx, "cache_path")
    return SearchConfig(
        provider=str(setting(ctx, "provider")),
        top_k=_positive(setting(ctx, "top_k"), 20, 1),
        max_queries=_positive(setting(ctx, "max_queries"), 50),
        max_combination=_positive(setting(ctx, "max_combination"), 2, 1),
        min_shared=min_shared,
        hits_mode=mode if mode in HITS_MODES else "off",
        hits_threshold=_positive(setting(ctx, "hits_threshold"), 100),
        cache_days=float(setting(ctx, "cache_days") or 0),
        cache_path=Path(cache).expanduser() if cache else data_dir() / "search-cache.sqlite",
        index_path=index_path(ctx),
    )


def enabled(ctx: RunContext, doc_id: str) -> bool:
    """Whether the user turned the indicator on for this run or this document."""
    policy = getattr(ctx, "policy", None)
    if policy is not None and INDICATOR_ID in tuple(policy.indicators):
        return True
    if bool(setting(ctx, "enabled")):
        return True
    return doc_id in ctx.memo_for(INDICATOR_ID).get("requests", {})
