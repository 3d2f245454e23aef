"""Conformance checks for plugin components, in the spirit of scikit-learn's
``check_estimator``: each tries a component's contract the way the host will use it and
raises one :class:`ConformanceError` listing every problem found."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from redactor.testing.checks.common import ConformanceError, host_context
from redactor.testing.checks.detectors import check_detector
from redactor.testing.checks.indicators import check_indicator
from redactor.testing.checks.ocr import check_ocr_engine
from redactor.testing.checks.readers import check_reader
from redactor.testing.checks.search import check_search_provider
from redactor.testing.checks.strategies import check_strategy
from redactor.testing.checks.writers import check_writer

CHECKS: dict[str, Callable[..., None]] = {
    "detectors": check_detector,
    "risk_indicators": check_indicator,
    "strategies": check_strategy,
    "readers": check_reader,
    "writers": check_writer,
    "search_providers": check_search_provider,
    "ocr_engines": check_ocr_engine,
}


def check_component(kind: str, obj: Any, **kw: Any) -> None:
    """Run the check for a component of ``kind`` (a plugin host's kind name, e.g.
    ``"detectors"``); ``kw`` go to that check (``sample=`` for readers, ``reader=`` and
    ``sample=`` for writers; ``settings=`` and ``context=`` for all)."""
    try:
        check = CHECKS[kind]
    except KeyError:
        raise ValueError(f"unknown component kind {kind!r}; one of: {', '.join(CHECKS)}") from None
    check(obj, **kw)


__all__ = [
    "CHECKS",
    "ConformanceError",
    "check_component",
    "check_detector",
    "check_indicator",
    "check_ocr_engine",
    "check_reader",
    "check_search_provider",
    "check_strategy",
    "check_writer",
    "host_context",
]
