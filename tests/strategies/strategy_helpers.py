"""Shared helpers of the strategy tests (imported by name: test folders are not packages)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from redactor.core.entities import entity_index, group_entities
from redactor.plugin_api import (
    Document,
    Entity,
    Finding,
    Label,
    PlannedReplacement,
    RedactionPlan,
    ReplacementRequest,
    RunContext,
    Span,
)


@dataclass
class Doc:
    document: Document
    findings: list[Finding]
    entities: tuple[Entity, ...]
    entity_of: tuple[int, ...]


def make_doc(text: str, items: Sequence[tuple[str, str]], doc_id: str = "d1") -> Doc:
    """Findings for (snippet, label) pairs; a snippet may carry context in ``[...]``, e.g.
    ``"[Yalman] worked"`` marks only "Yalman" of the first "Yalman worked"."""
    findings = []
    for snippet, label in items:
        if "[" in snippet:
            pre, rest = snippet.split("[", 1)
            inner, _post = rest.split("]", 1)
            at = text.index(snippet.replace("[", "").replace("]", "")) + len(pre)
        else:
            inner, at = snippet, text.index(snippet)
        findings.append(Finding(Span(at, at + len(inner)), Label(label), inner, detector="test"))
    findings.sort(key=lambda f: f.span.start)
    entities = group_entities(findings)
    return Doc(Document(doc_id, Path(f"{doc_id}.txt"), "txt", text), findings, entities,
               entity_index(entities, len(findings)))


def replace_all(strategy: object, doc: Doc, ctx: RunContext, level: str = "",
                options: Mapping[str, str] | None = None,
                levels: Mapping[str, str] | None = None) -> tuple[str, list[str]]:
    """(the text with every finding replaced, the replacements in order)."""
    reps = []
    out = []
    for i, f in enumerate(doc.findings):
        entity = doc.entities[doc.entity_of[i]]
        lvl = (levels or {}).get(str(f.label), level)
        request = ReplacementRequest(f, entity, doc.document, lvl, dict(options or {}))
        text = strategy.replacement(request, ctx)  # type: ignore[attr-defined]
        out.append(text)
        reps.append(PlannedReplacement(f.span, f.label, f.subtype, entity.id, "t", text, f.text))
    plan = RedactionPlan(doc.document.id, tuple(reps))
    return plan.apply_to_text(doc.document.text), out
