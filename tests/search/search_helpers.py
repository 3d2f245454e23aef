"""Shared constants and builders of the search tests: the document, the fake web's pages and
settings that point every provider at the loopback fake server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

KEY = "sk-test-7f3a9c1e5b2d4f60"
TEXT = ("The case originated in an application lodged by a Turkish national, Mr Galip Yalman, "
        "born in 1970 in Ankara. He was tried before the Istanbul Assize Court in Turkey, "
        "where he worked for Anadolu Textiles.")
PAGES = {
    "https://www.news.example/yalman-trial/?utm_source=feed#top": "Galip Yalman tried by the "
    "Istanbul Assize Court; he works for Anadolu Textiles",
    "https://blog.example/people/galip-yalman": "Galip Yalman, born 1970, lives in Ankara",
    "https://city.example/ankara": "Ankara is the capital of Turkey",
    "https://court.example/istanbul": "The Istanbul Assize Court hears cases from Turkey",
    "https://textiles.example/": "Anadolu Textiles in Turkey",
}


def search_settings(srv: Any, tmp_path: Path, **extra: Any) -> Any:
    from redactor.core.settings import Settings

    section = {"searxng_url": srv.base + "/searxng",
               "brave_url": srv.base + "/brave/res/v1/web/search",
               "mojeek_url": srv.base + "/mojeek/search", "timeout": 0.5, "retries": 1,
               "max_retry_wait": 2.0, "rate_searxng": 0, "rate_brave": 0, "rate_mojeek": 0,
               "use_env_proxy": False, "cache_path": str(tmp_path / "cache.sqlite"),
               "index_path": str(tmp_path / "index.sqlite"), "enabled": True}
    section.update(extra)
    return Settings({"web_search": section})


def make_doc(tmp_path: Path, text: str = TEXT) -> tuple[Any, list[Any], tuple[Any, ...]]:
    """A document and hand-made findings: PERSON, DEM, DATETIME, LOC, ORG, LOC, ORG."""
    from redactor.core.entities import group_entities
    from redactor.core.model import Document, Finding, Label, Span

    path = tmp_path / "case.txt"
    path.write_text(text, encoding="utf-8")
    spans = [("Turkish national", Label.DEM), ("Mr Galip Yalman", Label.PERSON),
             ("1970", Label.DATETIME), ("Ankara", Label.LOC),
             ("Istanbul Assize Court", Label.ORG), ("Turkey", Label.LOC),
             ("Anadolu Textiles", Label.ORG)]
    findings = []
    for s, label in spans:
        start = text.index(s)
        findings.append(Finding(Span(start, start + len(s)), label, s, detector="test"))
    findings.sort(key=lambda f: f.span.start)
    doc = Document(id="case", source=path, format="txt", text=text)
    return doc, findings, group_entities(findings)
