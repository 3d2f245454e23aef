"""``check_strategy``: the contract of :class:`~redactor.plugin_api.Strategy`."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from redactor.core.components import ReplacementRequest
from redactor.core.entities import entity_index, group_entities, name_tokens
from redactor.core.model import Label, Span
from redactor.core.verify import norm_text
from redactor.testing.checks.common import Checker
from redactor.testing.documents import document_from_text
from redactor.testing.samples import SAMPLES, findings_for, huge_text

#: Two mentions of each of two entities: both mentions must get the same replacement.
REPEATED = ("Zebulon Quillfeather wrote from Oslo on 3 May 2021. Later, Zebulon Quillfeather "
            "left Oslo; Ingrid Vantongeren stayed.")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def check_strategy(strategy: Any, *, settings: Mapping[str, Any] | None = None,
                   context: Mapping[str, Any] | None = None,
                   options: Mapping[str, str] | None = None, levels: Sequence[str] = ("",),
                   deterministic: bool = True, huge_chars: int = 1_000_000,
                   time_limit: float = 300.0) -> None:
    """Check a replacement strategy; raise :class:`ConformanceError` listing every problem.

    Tries every label on the built-in samples (RTL, combining marks, emoji, fullwidth, CRLF)
    at each of ``levels`` with ``options``: the replacement is a str without control
    characters that never contains the mention's text (nor, for a person, any part of the
    name); two mentions of one entity get the same replacement (but for case, which may
    follow the sentence); the same replacements again
    with a fresh context and from another thread (unless ``deterministic=False``, for a
    strategy that is random by design); a mention in a ``huge_chars`` document within
    ``time_limit`` seconds; no network, no document text in logs, output or exceptions. A
    strategy that needs a key or a setting must get it from ``settings`` or the environment.
    """
    with Checker("strategy", strategy, settings, context) as c:
        if not c.identity(["replacement"]):
            return
        batches = _batches(options or {}, levels)
        first: dict[str, list[str | None]] = {}
        for what, requests in batches:
            ctx = c.ctx()
            first[what] = [_replace(c, what, r, ctx) for r in requests]
            if deterministic:
                _consistent(c, what, requests, first[what])
        if deterministic:
            for what, requests in batches:
                ctx = c.ctx()
                again = [_replace(c, f"{what} (fresh context)", r, ctx) for r in requests]
                if again != first[what]:
                    c.fault("fresh", f"{what}: a fresh context gave other replacements (not "
                            "reproducible; pass deterministic=False if that is by design)")

            def in_thread(_: int) -> list[list[str | None]]:
                out = []
                for _what, requests in batches:
                    ctx = c.ctx()
                    out.append([c.obj.replacement(r, ctx) for r in requests])  # type: ignore[attr-defined]
                return out

            outcome = c.threads("replacement from another thread", in_thread, n=1)[0]
            if outcome.ok and outcome.value != [first[w] for w, _ in batches]:
                c.problem("called from another thread it gave other replacements")
        if huge_chars > 0:
            text = huge_text(huge_chars)
            found = findings_for(text[len(text) // 2:len(text) // 2 + 2000])
            if found:
                half = len(text) // 2
                f = found[0].with_(span=Span(found[0].span.start + half, found[0].span.end + half))
                doc = document_from_text(text, "huge.txt")
                entity = group_entities([f])[0]
                req = ReplacementRequest(f, entity, doc, "", dict(options or {}))
                what = f"a mention in a {len(text):,}-character document"
                out = c.bounded(f"replacement for {what}",
                                lambda: c.obj.replacement(req, c.ctx()),  # type: ignore[attr-defined]
                                time_limit)
                if out.ok:
                    c.note(f"replacement for {what}: {out.seconds:.1f} s")
                    _validate(c, what, req, out.value)


def _batches(options: Mapping[str, str], levels: Sequence[str]
             ) -> list[tuple[str, list[ReplacementRequest]]]:
    texts = {n: t for n, t in SAMPLES.items() if findings_for(t)}
    texts["repeated mentions"] = REPEATED
    out = []
    for level in levels:
        for name, text in texts.items():
            doc = document_from_text(text)
            found = findings_for(text)
            entities = group_entities(found)
            index = entity_index(entities, len(found))
            requests = [ReplacementRequest(f, entities[index[i]], doc, level, dict(options))
                        for i, f in enumerate(found)]
            suffix = f" at level {level!r}" if level else ""
            out.append((f"sample '{name}'{suffix}", requests))
    return out


def _replace(c: Checker, what: str, request: ReplacementRequest, ctx: Any) -> str | None:
    label = str(request.finding.label)
    out = c.call(f"{what}: replacement for a {label}", c.obj.replacement,  # type: ignore[attr-defined]
                 request, ctx)
    if not out.ok:
        return None
    _validate(c, f"{what}: a {label}", request, out.value)
    return out.value if isinstance(out.value, str) else None


def _validate(c: Checker, what: str, request: ReplacementRequest, value: object) -> None:
    if not isinstance(value, str):
        c.fault("type", f"{what}: returned a {type(value).__name__}, not a str")
        return
    original = request.finding.text.strip()
    if original and original.casefold() in value.casefold():
        c.fault("original", f"{what}: the replacement contains the original text")
    elif len(norm_text(original)) >= 2 and norm_text(original) in norm_text(value):
        c.fault("original", f"{what}: the replacement contains the original text (ignoring "
                "case, accents and spaces)")
    if request.finding.label == Label.PERSON:
        words = {norm_text(t) for t in re.findall(r"\w+", value)}
        parts = {norm_text(t) for t in name_tokens(original) if len(norm_text(t)) >= 3}
        if parts & words:
            c.fault("name", f"{what}: the replacement contains part of the person's name")
    if _CONTROL.search(value):
        c.fault("control", f"{what}: the replacement contains control characters (DOCX "
                "and PDF cannot hold them)")


def _consistent(c: Checker, what: str, requests: list[ReplacementRequest],
                got: list[str | None]) -> None:
    by_entity: dict[tuple[str, str], set[str]] = {}
    for r, value in zip(requests, got, strict=True):
        if value is not None:
            by_entity.setdefault((r.entity.id, norm_text(r.finding.text)), set()).add(
                value.casefold())
    if any(len(v) > 1 for v in by_entity.values()):
        c.fault("entity", f"{what}: two mentions of one entity got different replacements "
                "(keep per-entity state in ctx.memo_for(self.id))")
