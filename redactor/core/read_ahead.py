"""Detectors' slow passes started ahead of use.

A detector with a model pass over the whole text may define ``prefetch(doc, ctx)`` (start it
in the background; ``detect`` then takes its result) and, to batch documents on a GPU,
``prefetch_group(ctx) -> int`` (how many files to read ahead at once) and
``prefetch_many(docs, ctx)`` (start all of them in one job). Every function here runs them
isolated: a detector's failure is left for its ``detect`` to report.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from redactor.core.context import RunContext
from redactor.core.model import Document
from redactor.core.normalize import detection_views

log = logging.getLogger(__name__)

__all__ = ["prefetch", "prefetch_group", "prefetch_many"]


def prefetch(detectors: Sequence[Any], doc: Document, ctx: RunContext,
             views: Sequence[Any] | None, ready: Callable[[Any], None]) -> None:
    """Each detector's ``prefetch`` on every reading view of ``doc`` (the text ``detect``
    gets), after ``ready`` (its preload) for that detector."""
    for reg in detectors:
        start = getattr(reg.component, "prefetch", None)
        if not callable(start):
            continue
        if views is None:
            views = detection_views(doc)
        ready(reg.component)
        for view in views:
            try:
                start(view.document, ctx)
            except Exception as exc:  # noqa: BLE001 - detect() runs it again, isolated
                log.debug("prefetch of %s failed: %s", reg.id, type(exc).__name__)


def prefetch_group(detectors: Sequence[Any], ctx: RunContext) -> int:
    """The largest ``prefetch_group(ctx)`` a detector asks for, else 1."""
    group = 1
    for reg in detectors:
        ask = getattr(reg.component, "prefetch_group", None)
        if callable(ask):
            try:
                group = max(group, int(ask(ctx)))
            except Exception as exc:  # noqa: BLE001 - detect() reports a broken detector
                log.debug("prefetch_group of %s failed: %s", reg.id, type(exc).__name__)
    return group


def prefetch_many(detectors: Sequence[Any], items: Sequence[tuple[Document, RunContext]],
                  ready: Callable[[Any], None]) -> None:
    """Start every detector's passes over several documents: one ``prefetch_many`` call with
    all their reading views where a detector has it (the NER on a GPU puts their windows in
    shared batches), else ``prefetch`` on each."""
    if not items:
        return
    views = [(view.document, ctx) for doc, ctx in items for view in detection_views(doc)]
    for reg in detectors:
        many = getattr(reg.component, "prefetch_many", None)
        one = getattr(reg.component, "prefetch", None)
        if not callable(many) and not callable(one):
            continue
        ready(reg.component)
        try:
            if callable(many):
                many([d for d, _ in views], items[0][1])
            else:
                for d, ctx in views:
                    one(d, ctx)
        except Exception as exc:  # noqa: BLE001 - detect() runs it again, isolated
            log.debug("prefetch of %s failed: %s", reg.id, type(exc).__name__)
