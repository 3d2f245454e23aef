"""Pointing a refused export at the findings whose text survived.

A verifier's :class:`~redactor.core.model.VerificationIssue` names what survived only by a
hint ("PERSON a 2-character span survives (2×)") and by ``secret_ref``, a per-process digest of
the string (:func:`redactor.core.verify.secret_ref`). :func:`with_finding_refs` resolves each
issue into the findings of the analysis whose text is that string — id, label, page and
offsets, never the text — so the CLI can print where to look and the app can select them.
Issues of verifiers that set no digest are matched by their hint when it names one string.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from redactor.core.model import FindingRef, RedactionPlan, Span, VerificationIssue
from redactor.core.verify import hint, secret_ref

if TYPE_CHECKING:
    from redactor.core.analysis import Analysis

_PAGE = re.compile(r"page:(\d+)")


def page_of(analysis: Analysis, span: Span) -> int:
    """The 1-based page a span starts on (from its segment's ``page:N`` locator), else 0."""
    for seg in analysis.document.segments:
        if seg.span.start <= span.start < seg.span.end:
            m = _PAGE.match(seg.locator)
            return int(m.group(1)) if m else 0
    return 0


def finding_ref(analysis: Analysis, index: int) -> FindingRef:
    f = analysis.findings[index]
    return FindingRef(index, str(f.label), f.span.start, f.span.end, page_of(analysis, f.span),
                      analysis.entity_for(index).id)


def with_finding_refs(issues: Sequence[object], analysis: Analysis, plan: RedactionPlan
                      ) -> tuple[object, ...]:
    """``issues`` with ``findings`` filled in where the surviving string is a finding's."""
    index_of = {f.span: i for i, f in enumerate(analysis.findings)}
    by_ref: dict[str, list[int]] = {}
    by_hint: dict[str, list[int]] = {}
    for rep in plan.replacements:
        i = index_of.get(rep.span)
        if i is None:
            continue
        by_ref.setdefault(secret_ref(rep.secret), []).append(i)
        by_hint.setdefault(f"{rep.label} {hint(rep.secret)}", []).append(i)
    out: list[object] = []
    for issue in issues:
        if not isinstance(issue, VerificationIssue) or issue.findings:
            out.append(issue)
            continue
        found = by_ref.get(issue.secret_ref, []) if issue.secret_ref else []
        if not found and not issue.secret_ref:
            hints = [h for h in by_hint if issue.what.startswith(h + " ")]
            found = by_hint[hints[0]] if len(hints) == 1 else []
        refs = tuple(finding_ref(analysis, i) for i in sorted(set(found)))
        out.append(dataclasses.replace(issue, findings=refs) if refs else issue)
    return tuple(out)


def issue_lines(issues: Sequence[object], limit: int = 10) -> list[str]:
    """One line per finding an issue points at (``F12 (PERSON, page 3, characters …): …``),
    for the CLI and logs: ids, labels, pages and offsets only."""
    lines: list[str] = []
    for issue in issues:
        for ref in getattr(issue, "findings", ()):
            lines.append(f"{ref.describe()}: {getattr(issue, 'where', '')}: "
                         f"{getattr(issue, 'what', '')}")
    if len(lines) > limit:
        lines = lines[:limit] + [f"… and {len(lines) - limit} more"]
    return lines
