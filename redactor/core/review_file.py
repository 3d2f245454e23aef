"""Saving and resuming a review: the ``<input>.redactor-review.json`` sidecar.

Qt-free. A review file holds what the reviewer decided, by character offsets into the
document's extracted text: for every finding its span, label, action, who decided and the
replacement strategy, plus the policy name and risk threshold. It never holds document text
(no finding texts, no term lists, no reasons that could quote the document); a SHA-256 of the
input file ties it to exactly one version of the input, and resuming refuses a file whose
hash differs.

Resuming re-reads and re-analyses the input with the same pipeline, then lays the saved
state over the fresh analysis with :func:`apply_review`: a saved finding at the same span and
label takes the saved decision and strategy; a saved finding that the analysis did not
produce (one the reviewer marked, or added with "search and redact all") is added back.

The areas the reviewer drew over pages (a signature, a stamp, a photo: :func:`areas_of`) are
saved too, as page numbers and rectangles in PDF points (no text); resuming adds them back, so
the export burns them as before. A file with areas is written as version 2 (an older Redactor
refuses it rather than silently dropping them); one without stays version 1.

The module also holds :func:`search_spans`, the matching behind "search and redact all".
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from redactor.core.analysis import Analysis
from redactor.core.errors import InputError, UsageError
from redactor.core.model import Action, Box, Decision, Finding, Label, Span
from redactor.core.report import atomic_write_text

REVIEW_FORMAT = "redactor-review"
REVIEW_VERSION = 1
#: The version written when the review holds drawn areas (read: 1 and 2).
REVIEW_VERSION_AREAS = 2
#: The plan option that carries the areas drawn over pages to the writers (the PDF writer
#: burns them: ``page,x0,y0,x1,y1`` separated by ``;``, 0-based pages, PDF points).
AREAS_OPTION = "redact_areas"
SUFFIX = ".redactor-review.json"
USER_DETECTOR = "reviewer"


class ReviewMismatchError(InputError):
    """The review file belongs to another version of the input (its SHA-256 differs)."""


def review_path_for(source: Path) -> Path:
    """The sidecar path for an input: ``report.pdf`` → ``report.pdf.redactor-review.json``."""
    return source.with_name(source.name + SUFFIX)


@dataclass(frozen=True, slots=True)
class SavedFinding:
    """One finding's reviewed state, by offsets (no text)."""

    start: int
    end: int
    label: str
    subtype: str
    action: str
    decided_by: str
    strategy: str
    added: bool  # marked by the reviewer rather than found by a detector


@dataclass(frozen=True, slots=True)
class Review:
    """The content of a review file."""

    input_name: str
    input_sha256: str
    policy: str
    k: int
    findings: tuple[SavedFinding, ...]
    areas: tuple[Box, ...] = ()  # drawn over pages (0-based page, PDF points)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": REVIEW_FORMAT,
            "version": REVIEW_VERSION_AREAS if self.areas else REVIEW_VERSION,
            "input": {"name": self.input_name, "sha256": self.input_sha256},
            "policy": {"name": self.policy, "k": self.k},
            "findings": [dataclasses.asdict(f) for f in self.findings],
        }
        if self.areas:
            out["areas"] = [{"page": b.page, "x0": round(b.x0, 2), "y0": round(b.y0, 2),
                             "x1": round(b.x1, 2), "y1": round(b.y1, 2)} for b in self.areas]
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Review:
        if not isinstance(data, dict) or data.get("format") != REVIEW_FORMAT:
            raise UsageError("not a Redactor review file")
        if data.get("version") not in (REVIEW_VERSION, REVIEW_VERSION_AREAS):
            raise UsageError(f"unsupported review file version {data.get('version')!r}")
        try:
            inp, pol = data["input"], data["policy"]
            findings = tuple(
                SavedFinding(int(f["start"]), int(f["end"]), str(f["label"]),
                             str(f.get("subtype", "")), str(f["action"]),
                             str(f.get("decided_by", "user")), str(f.get("strategy", "")),
                             bool(f.get("added", False)))
                for f in data["findings"])
            for f in findings:
                Label(f.label)
                Action(f.action)
                Span(f.start, f.end)
            areas = tuple(_area(a) for a in data.get("areas", ()))
            return cls(str(inp["name"]), str(inp["sha256"]), str(pol.get("name", "default")),
                       int(pol.get("k", 1)), findings, areas)
        except (KeyError, TypeError, ValueError) as exc:
            raise UsageError(f"the review file is damaged ({type(exc).__name__})") from exc


def _area(raw: Any) -> Box:
    """One saved area, checked: a page number and a non-empty, finite rectangle."""
    box = Box(int(raw["page"]), float(raw["x0"]), float(raw["y0"]), float(raw["x1"]),
              float(raw["y1"]))
    if box.page < 0 or not all(math.isfinite(v) for v in (box.x0, box.y0, box.x1, box.y1)) \
            or box.x1 <= box.x0 or box.y1 <= box.y0:
        raise ValueError("not an area")
    return box


# -- areas drawn over pages ----------------------------------------------------------------
def areas_of(analysis: Analysis) -> list[Box]:
    """The areas drawn over pages (0-based pages, PDF points), kept in the analysis' policy
    options (:data:`AREAS_OPTION`) so that they travel with the review: undo, re-scores, the
    export's plan and the review file."""
    out = []
    for item in str(analysis.policy.options.get(AREAS_OPTION, "") or "").split(";"):
        try:
            page, x0, y0, x1, y1 = item.split(",")
            out.append(Box(int(page), float(x0), float(y0), float(x1), float(y1)))
        except ValueError:
            continue
    return out


def with_areas(analysis: Analysis, areas: Sequence[Box]) -> Analysis:
    """A copy whose plan will burn ``areas`` (see :func:`areas_of`)."""
    options = dict(analysis.policy.options)
    value = ";".join(f"{b.page},{b.x0:.2f},{b.y0:.2f},{b.x1:.2f},{b.y1:.2f}" for b in areas)
    if value:
        options[AREAS_OPTION] = value
    else:
        options.pop(AREAS_OPTION, None)
    return dataclasses.replace(analysis,
                               policy=dataclasses.replace(analysis.policy, options=options))


def _area_key(b: Box) -> tuple[int, float, float, float, float]:
    return (b.page, round(b.x0, 2), round(b.y0, 2), round(b.x1, 2), round(b.y1, 2))


def review_from_analysis(analysis: Analysis) -> Review:
    """The reviewed state of an analysis, ready to save."""
    doc = analysis.document
    if not doc.sha256:
        raise UsageError("the document has no SHA-256; its review cannot be saved safely")
    saved = []
    for f, d in zip(analysis.findings, analysis.decisions, strict=True):
        saved.append(SavedFinding(f.span.start, f.span.end, str(f.label), f.subtype,
                                  str(d.action), d.decided_by, d.strategy,
                                  f.detector == USER_DETECTOR))
    return Review(doc.source.name, doc.sha256, analysis.policy.name, analysis.policy.k,
                  tuple(saved), tuple(areas_of(analysis)))


def save_review(analysis: Analysis, path: Path | None = None) -> Path:
    """Write the sidecar atomically (next to the input unless ``path`` is given)."""
    path = path or review_path_for(analysis.document.source)
    atomic_write_text(path, json.dumps(review_from_analysis(analysis).to_dict(), indent=2))
    return path


def load_review(path: Path) -> Review:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise UsageError(f"{path.name}: no saved review") from exc
    except (OSError, ValueError) as exc:
        raise UsageError(f"{path.name}: cannot be read as a review file") from exc
    return Review.from_dict(raw)


def check_review_matches(review: Review, input_sha256: str) -> None:
    """Refuse a review saved for another version of the input."""
    if review.input_sha256 != input_sha256:
        raise ReviewMismatchError(
            f"the saved review belongs to another version of {review.input_name} "
            "(its SHA-256 differs); it was not applied")


def user_finding(doc_text: str, span: Span, label: Label, subtype: str = "",
                 explanation: str = "marked by the reviewer") -> Finding:
    """A finding the reviewer marked (text taken from the document, kept in memory only)."""
    if not (0 <= span.start < span.end <= len(doc_text)):
        raise UsageError("the marked span lies outside the document")
    return Finding(span, label, doc_text[span.start:span.end], subtype=subtype, score=1.0,
                   detector=USER_DETECTOR, validated=True, explanation=explanation)


def apply_review(analysis: Analysis, review: Review) -> Analysis:
    """Lay a saved review over a fresh analysis of the same input (see the module doc)."""
    check_review_matches(review, analysis.document.sha256)
    text = analysis.document.text
    for saved in review.findings:
        if saved.end > len(text):
            raise UsageError("the saved review does not fit the document's text")
    pages = analysis.document.page_count
    if pages and any(a.page >= pages for a in review.areas):
        raise UsageError("the saved review's areas do not fit the document's pages")
    index = {(f.span.start, f.span.end, str(f.label)): i for i, f in enumerate(analysis.findings)}
    out = analysis
    for saved in review.findings:
        if (saved.start, saved.end, saved.label) not in index:
            out = out.with_added_finding(
                user_finding(text, Span(saved.start, saved.end), Label(saved.label),
                             saved.subtype),
                Action(saved.action), decided_by=saved.decided_by)
    index = {(f.span.start, f.span.end, str(f.label)): i for i, f in enumerate(out.findings)}
    decisions = list(out.decisions)
    for saved in review.findings:
        i = index.get((saved.start, saved.end, saved.label))
        if i is None:
            continue
        d = decisions[i]
        if (str(d.action), d.decided_by, d.strategy) == (saved.action, saved.decided_by,
                                                          saved.strategy):
            continue
        reason = d.reason if saved.decided_by == d.decided_by else (
            "decided by the reviewer" if saved.decided_by == "user" else d.reason)
        decisions[i] = Decision(Action(saved.action), saved.decided_by, reason,
                                saved.strategy or d.strategy)
    out = dataclasses.replace(out, decisions=tuple(decisions))
    if review.areas:  # added to those drawn already (each once)
        have = areas_of(out)
        known = {_area_key(b) for b in have}
        out = with_areas(out, have + [b for b in review.areas if _area_key(b) not in known])
    return out


def reapply_user_decisions(old: Analysis, new: Analysis) -> Analysis:
    """Carry the reviewer's own work (marked spans, decisions, strategies, drawn areas) from
    ``old`` onto ``new`` — a re-analysis of the same document, e.g. under another policy or threshold."""
    kept = tuple(
        s for s, d in zip(review_from_analysis(old).findings, old.decisions, strict=True)
        if s.added or d.decided_by == "user"
        or d.strategy != old.policy.strategy_for(Label(s.label)))
    review = Review(old.document.source.name, new.document.sha256, new.policy.name,
                    new.policy.k, kept, tuple(areas_of(old)))
    return apply_review(new, review)


SEARCH_MODES = ("word", "phrase", "regex")


def search_spans(text: str, query: str, mode: str = "word", *,
                 case_sensitive: bool = False) -> list[Span]:
    """Every match of a word, a phrase (whole words, any whitespace between them) or a
    regular expression; empty matches are skipped."""
    if not query.strip():
        return []
    flags = 0 if case_sensitive else re.IGNORECASE
    if mode == "regex":
        try:
            pattern = re.compile(query, flags)
        except re.error as exc:
            raise UsageError(f"not a valid regular expression: {exc}") from exc
    elif mode in ("word", "phrase"):
        body = r"\s+".join(re.escape(p) for p in query.split())
        pattern = re.compile(rf"(?<!\w){body}(?!\w)", flags)
    else:
        raise UsageError(f"unknown search mode {mode!r}")
    return [Span(m.start(), m.end()) for m in pattern.finditer(text) if m.end() > m.start()]


def add_matches(analysis: Analysis, spans: list[Span], label: Label,
                action: Action = Action.MASK) -> Analysis:
    """A copy with every span added as a reviewer's finding (overlapping findings replaced)."""
    out = analysis
    for span in spans:
        out = out.with_added_finding(
            user_finding(analysis.document.text, span, label,
                         explanation="found by the reviewer's search"), action)
    return out
