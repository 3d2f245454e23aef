"""The two basic strategies: ``redact`` (a fixed marker or blocks) and ``label``
(typed labels numbered consistently per entity, e.g. ``[PERSON 1]``)."""

from __future__ import annotations

from redactor.plugin_api import ReplacementRequest, RunContext

BLOCK = "\u2588"


class RedactStrategy:
    """Replace with a fixed marker (``options.redact_marker``, default ``[REDACTED]``) or,
    with ``options.redact_style = "blocks"``, with █ characters of the same length."""

    id = "redact"
    version = "1.0"

    def replacement(self, request: ReplacementRequest, ctx: RunContext) -> str:
        options = request.options
        style = options.get("redact_style") or ctx.settings.get("core", "redact_style", "marker")
        if style == "blocks":
            return BLOCK * max(1, len(request.finding.text))
        marker = options.get("redact_marker") or ctx.settings.get("core", "redact_marker")
        return str(marker or "[REDACTED]")


class LabelStrategy:
    """Replace with ``[LABEL n]``; the same entity gets the same number in every mention and
    in every document of a batch (numbers are counted per label)."""

    id = "label"
    version = "1.0"

    def replacement(self, request: ReplacementRequest, ctx: RunContext) -> str:
        memo = ctx.memo_for(self.id)
        label = str(request.entity.label)
        key = (label, " ".join(request.entity.canonical.casefold().split()))
        numbers: dict[tuple[str, str], int] = memo.setdefault("numbers", {})
        if key not in numbers:
            counters: dict[str, int] = memo.setdefault("counters", {})
            counters[label] = counters.get(label, 0) + 1
            numbers[key] = counters[label]
        return f"[{label} {numbers[key]}]"
