"""Fast detectors first: their first findings before they have read all of a long document,
and the progress sink that starts the slow part after them (:class:`AfterFastDetectors`).

The pipeline hands a detector's findings on (``on_findings``) when it has read the whole
document: on a 20-page text the pattern detector's first finding reached the screen only after
all of its pages were searched (0.3–0.5 s). :class:`EarlyFindings` runs the detectors without a
model (patterns, term lists) on the document's first piece first (:data:`FIRST_PIECE_CHARS`,
cut at a paragraph break, through the same detection views) and shows what they find there at
once; the whole run follows as before, and its findings already shown are not shown twice.

Only what is shown while analysing changes: the analysis's result comes from the whole run
alone (a first-piece finding the whole run does not confirm, e.g. one cut by the piece's end,
stays in the provisional list until the result replaces it). A detector's error on the piece
is left to the whole run to report.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from redactor.core.context import RunContext
from redactor.core.contracts import invalid_findings
from redactor.core.model import Document, Finding
from redactor.core.normalize import detection_views

#: the first piece searched on its own: about a page and a half
FIRST_PIECE_CHARS = 4_000
#: documents shorter than this are searched whole at once (the piece would save little)
MIN_CHARS = 3 * FIRST_PIECE_CHARS


def first_piece_end(text: str, size: int = FIRST_PIECE_CHARS) -> int:
    """Where the first piece of ``text`` ends: a paragraph break (a blank line; else a line
    break; else a space) in the second half of ``size`` characters, else ``size``."""
    if len(text) <= size:
        return len(text)
    cut = text.rfind("\n\n", size // 2, size - 1)
    if cut >= 0:
        return cut + 2
    cut = text.rfind("\n", size // 2, size)
    if cut < 0:
        cut = text.rfind(" ", size // 2, size)
    return size if cut < 0 else cut + 1


def first_piece(doc: Document, end: int) -> Document:
    """``doc`` cut after ``end`` characters (the segments that end inside it)."""
    return dataclasses.replace(doc, text=doc.text[:end],
                               segments=tuple(s for s in doc.segments if s.span.end <= end))


def finding_key(f: Finding) -> Hashable:
    return f.span.start, f.span.end, f.label, f.subtype, f.detector, f.validated


class EarlyFindings:
    """A pipeline mixin: :meth:`detect` shows the fast detectors' findings in the first piece
    of a long document before running every detector on all of it."""

    policy: Any
    fast_detectors: Callable[[], list[Any]]  # Pipeline's

    def first_findings(self, doc: Document, ctx: RunContext) -> list[Finding]:
        """The fast detectors' findings in the first piece of ``doc`` (offsets into ``doc``),
        found as the pipeline finds them (detection views, invalid findings left out)."""
        piece = first_piece(doc, first_piece_end(doc.text))
        quiet = dataclasses.replace(ctx, progress=lambda _phase, _fraction: None,
                                    timings={}, policy=ctx.policy or self.policy)
        found: list[Finding] = []
        views = detection_views(piece)
        for reg in self.fast_detectors():
            for view in views:
                ctx.check()
                try:
                    raw = list(reg.component.detect(view.document, quiet))
                except Exception:  # noqa: BLE001  (the whole run reports it, isolated)
                    continue
                valid, _broken = invalid_findings(raw, view.document)
                found += view.to_original(piece, valid)
        return found

    def detect(self, doc: Document, ctx: RunContext,
               on_findings: Callable[[list[Finding]], None] | None = None) -> list[Finding]:
        if on_findings is None or len(doc.text) < MIN_CHARS:
            return super().detect(doc, ctx, on_findings)  # type: ignore[misc, no-any-return]
        early = self.first_findings(doc, ctx)
        if early:
            on_findings(early)
        shown = {finding_key(f) for f in early}

        def rest(found: list[Finding]) -> None:
            new = [f for f in found if finding_key(f) not in shown]
            if new:
                on_findings(new)

        return super().detect(doc, ctx, rest)  # type: ignore[misc, no-any-return]


class AfterFastDetectors:
    """A progress sink that runs ``then()`` once, just before the first slow step of an
    analysis: a detector that loads something first (its ``prepare``: a model, a long list),
    or whatever comes after the detectors. Detectors without ``prepare`` (patterns, term
    lists) run before it, so their findings reach the screen before the models load and the
    pages render. Call :meth:`fire` after the analysis too (a run with no slow step)."""

    def __init__(self, sink: Callable[[str, float], None], fast: Iterable[Any],
                 then: Callable[[], None]) -> None:
        self.sink = sink
        self.fast = {r.id for r in fast}  # Pipeline.fast_detectors()
        self._then: Callable[[], None] | None = then

    def __call__(self, phase: str, fraction: float) -> None:
        if self._then is not None and not (phase.startswith("detect:")
                                           and phase[len("detect:"):] in self.fast):
            self.fire()
        self.sink(phase, fraction)

    def fire(self) -> None:
        then, self._then = self._then, None
        if then is not None:
            then()
