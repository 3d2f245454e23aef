"""Pointing a refused export at the findings whose text survived.

A verifier's :class:`~redactor.core.model.VerificationIssue` names what survived only by a
hint ("PERSON a 2-character span survives (2×)") and by ``secret_ref``, a per-process digest of
the string (:func:`redactor.core.verify.secret_ref`). :func:`with_finding_refs` resolves each
issue into the findings of the analysis whose text is that string — id, label, page and
offsets, never the text — so the CLI can print where to look and the app can select them.
Issues of verifiers that set no digest are matched by their hint when it names one string.

:func:`write_failure` says what a writer's unexpected exception means for the user: a full
disk or a refused permission, or — anything else — an input the writer cannot process (a
damaged file: exit 3, never an "unexpected error").
"""

from __future__ import annotations

import dataclasses
import errno
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from redactor.core.errors import InputError, RedactorError
from redactor.core.model import (
    Document,
    FindingRef,
    RedactionPlan,
    Span,
    VerificationIssue,
)
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


def write_failure(doc: Document, fmt: str, exc: BaseException) -> RedactorError:
    """What a writer's unexpected exception means: the output could not be written (a full
    disk, no permission: exit 1), or — anything else — the input is damaged or built in a way
    the writer cannot handle (exit 3, like a file the reader refuses)."""
    if isinstance(exc, OSError) and exc.errno in _DISK_ERRNOS:
        return RedactorError(f"the output could not be written ({exc.strerror or exc})")
    return InputError(
        f"{doc.source.name}: cannot be redacted as {fmt.upper()}: the file is damaged or "
        f"built in a way the writer cannot handle ({type(exc).__name__}); nothing was written. "
        f"Open it in its application, save or print it to a new {fmt.upper()}, and try again")


_DISK_ERRNOS = frozenset({errno.ENOSPC, errno.EACCES, errno.EPERM, errno.EROFS,
                          errno.EDQUOT})
