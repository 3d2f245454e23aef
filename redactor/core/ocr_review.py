"""Findings in or next to words that OCR read with low confidence go to review.

A reader that OCRs lists the offsets of the words read below the threshold (setting
``ocr.min_confidence``) in ``doc.metadata["ocr_low_confidence"]`` as ``"start-end,…"`` (numbers
only). A misread letter can hide an identifier's true extent, or a second spelling of it, so
each finding that overlaps such a word, or has one right beside it, is flagged: kept
findings (and the other kept mentions of their entity) become ``REVIEW`` — masked on an
export nobody reviewed — and one run warning counts every flagged finding. A finding the user
or the never-mask list keeps stays kept.
"""

from __future__ import annotations

from collections.abc import Sequence

from redactor.core.model import Action, Decision, Document, Entity, Finding

LOW_KEY = "ocr_low_confidence"
#: A low-confidence word at most this many characters before or after a finding touches it.
GAP = 2
REASON = "OCR read a word in or next to it with low confidence: check what the image shows"


def low_spans(doc: Document) -> list[tuple[int, int]]:
    """The (start, end) offsets of the words read with low confidence."""
    out = []
    for item in str(doc.metadata.get(LOW_KEY, "") or "").split(","):
        a, _, b = item.partition("-")
        if a.strip().isdigit() and b.strip().isdigit():
            out.append((int(a), int(b)))
    return sorted(out)


def _kept_by_choice(d: Decision) -> bool:
    return d.decided_by == "user" or (d.decided_by == "policy"
                                      and d.reason.startswith("on the never-mask"))


def review_low_confidence(doc: Document, findings: Sequence[Finding],
                          entities: Sequence[Entity], decisions: Sequence[Decision]
                          ) -> tuple[tuple[Decision, ...], tuple[str, ...]]:
    """The decisions with flagged findings under review, and the run warning (if any)."""
    lows = low_spans(doc)
    out = list(decisions)
    if not lows:
        return tuple(out), ()
    flagged = [i for i, f in enumerate(findings)
               if any(a < f.span.end + GAP and f.span.start - GAP < b for a, b in lows)]
    entity_of = {m: e for e in entities for m in e.mentions}
    targets: set[int] = set()
    for i in flagged:
        entity = entity_of.get(i)
        targets.update(entity.mentions if entity is not None else (i,))
    for i in sorted(targets):
        d = out[i]
        if d.action == Action.KEEP and not _kept_by_choice(d):
            out[i] = Decision(Action.REVIEW, "ocr", REASON, d.strategy)
    if not flagged:
        return tuple(out), ()
    return tuple(out), (f"{len(flagged)} finding(s) lie in or next to words that OCR read with "
                        "low confidence: check them against the image in review",)
