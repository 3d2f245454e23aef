"""Built-in default implementations of the firstresult hooks, registered ``trylast``."""

from __future__ import annotations

from collections.abc import Sequence

from redactor.core.combine import CombinedRisk, vote
from redactor.core.model import Document, Finding, RiskSignal
from redactor.core.overlaps import resolve_overlaps as _resolve
from redactor.pluginhost.hookspecs import hookimpl


@hookimpl(trylast=True)
def resolve_overlaps(findings: Sequence[Finding], document: Document) -> list[Finding]:
    """Validated pattern > longer span > higher confidence; a span that strictly contains
    the findings it overlaps keeps its extent (see ``redactor.core.overlaps``)."""
    return _resolve(findings)


@hookimpl(trylast=True)
def combine_risk(
    signals: Sequence[RiskSignal], finding: Finding, k: int, combiner: str
) -> CombinedRisk:
    """Vote: risky when at least ``k`` of the enabled indicators say so."""
    return vote(signals, k)
