"""Immutable core data: spans, documents, findings, entities, risk signals, decisions, plans.

Everything here is a frozen, slotted dataclass. Original document text lives only in
:class:`Document` and :class:`Finding` (in memory); audit records never carry it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType


class Label(StrEnum):
    """The eight entity types of the Text Anonymization Benchmark (TAB)."""

    PERSON = "PERSON"
    CODE = "CODE"
    LOC = "LOC"
    ORG = "ORG"
    DEM = "DEM"
    DATETIME = "DATETIME"
    QUANTITY = "QUANTITY"
    MISC = "MISC"


class Action(StrEnum):
    """What happens to a finding: masked, kept in clear, or left for a person to review."""

    MASK = "MASK"
    KEEP = "KEEP"
    REVIEW = "REVIEW"


class IdentifierType(StrEnum):
    """TAB's identifier classes (used by evaluation and risk reasoning)."""

    DIRECT = "DIRECT"
    QUASI = "QUASI"
    NO_MASK = "NO_MASK"


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """Half-open character range ``[start, end)`` into a document's extracted text."""

    start: int
    end: int

    def __post_init__(self) -> None:
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"invalid span [{self.start}, {self.end})")

    def __len__(self) -> int:
        return self.end - self.start

    def overlaps(self, other: Span) -> bool:
        return self.start < other.end and other.start < self.end

    def contains(self, other: Span) -> bool:
        return self.start <= other.start and other.end <= self.end


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle on a page, in PDF points, origin bottom-left (as PDF user space)."""

    page: int
    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True, slots=True)
class Segment:
    """Maps a range of the extracted text back to its place in the file.

    ``locator`` is format-specific (e.g. ``word/document.xml#p12`` or ``page:3``);
    ``boxes`` holds one box per character for paged formats (empty otherwise).
    """

    span: Span
    locator: str
    boxes: tuple[Box, ...] = ()


def _frozen_mapping(value: Mapping[str, str] | None) -> Mapping[str, str]:
    return MappingProxyType(dict(value or {}))


@dataclass(frozen=True, slots=True)
class Document:
    """A document as Redactor sees it: the extracted text plus a map back to the file."""

    id: str
    source: Path
    format: str
    text: str
    segments: tuple[Segment, ...] = ()
    metadata: Mapping[str, str] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    page_count: int = 0
    sha256: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "metadata", _frozen_mapping(self.metadata))

    def snippet(self, span: Span) -> str:
        return self.text[span.start : span.end]


@dataclass(frozen=True, slots=True)
class Finding:
    """A detected span that may identify a person.

    ``subtype`` refines the label (``IBAN`` for CODE/IBAN, ``DATE`` for DATETIME/DATE).
    ``validated`` is true when a checksum or format validator confirmed the span.
    ``detectors`` lists every detector that proposed this span after merging.
    """

    span: Span
    label: Label
    text: str
    subtype: str = ""
    score: float = 1.0
    detector: str = ""
    detectors: tuple[str, ...] = ()
    validated: bool = False
    explanation: str = ""

    def __post_init__(self) -> None:
        if not self.detectors and self.detector:
            object.__setattr__(self, "detectors", (self.detector,))

    @property
    def full_type(self) -> str:
        return f"{self.label}/{self.subtype}" if self.subtype else str(self.label)

    def with_(self, **changes: object) -> Finding:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Entity:
    """A coreference group: mentions (indices into the findings list) masked together."""

    id: str
    label: Label
    mentions: tuple[int, ...]
    canonical: str = ""


@dataclass(frozen=True, slots=True)
class RiskSignal:
    """One risk indicator's verdict on one finding."""

    indicator: str
    score: float
    risky: bool
    explanation: str = ""


@dataclass(frozen=True, slots=True)
class Decision:
    """The decision for one finding, with who decided and why (never the original text)."""

    action: Action
    decided_by: str
    reason: str = ""
    strategy: str = ""


@dataclass(frozen=True, slots=True)
class PlannedReplacement:
    """One span to replace in the output, with the replacement text chosen by a strategy."""

    span: Span
    label: Label
    subtype: str
    entity_id: str
    strategy: str
    replacement: str
    secret: str  # the original text, kept in memory only for verification


@dataclass(frozen=True, slots=True)
class RedactionPlan:
    """Everything a writer needs: which spans to replace, and with what."""

    document_id: str
    replacements: tuple[PlannedReplacement, ...]
    policy: str = "default"
    options: Mapping[str, str] = field(default_factory=dict)
    #: Strings that must not survive anywhere in the output, even where the text does not show
    #: them (the policy's always-mask terms, ``--deny``): writers scrub them from hidden
    #: channels and verifiers search for them like the replaced spans.
    secrets: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", _frozen_mapping(self.options))
        object.__setattr__(self, "secrets", tuple(s for s in self.secrets if s.strip()))
        ordered = tuple(sorted(self.replacements, key=lambda r: (r.span.start, r.span.end)))
        for a, b in zip(ordered, ordered[1:], strict=False):
            if a.span.overlaps(b.span):
                raise ValueError("a redaction plan must not contain overlapping spans")
        object.__setattr__(self, "replacements", ordered)

    def labelled_secrets(self) -> list[tuple[str, str]]:
        """(label, string) of everything that must not survive: each replaced span, then each
        of :attr:`secrets` (labelled ``TERM``)."""
        return ([(str(r.label), r.secret) for r in self.replacements]
                + [("TERM", s) for s in self.secrets])

    def apply_to_text(self, text: str) -> str:
        """The text with every planned replacement applied (what the output should read)."""
        out: list[str] = []
        pos = 0
        for rep in self.replacements:
            out.append(text[pos : rep.span.start])
            out.append(rep.replacement)
            pos = rep.span.end
        out.append(text[pos:])
        return "".join(out)


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """A record of one replacement that carries no original text."""

    start: int
    end: int
    label: str
    subtype: str
    entity_id: str
    strategy: str
    decided_by: str


@dataclass(frozen=True, slots=True)
class ComponentFailure:
    """A plugin component that raised; recorded and reported, the run goes on."""

    plugin: str
    component: str
    phase: str
    error: str


@dataclass(frozen=True, slots=True)
class VerificationIssue:
    """Something of a redacted span that survived in an output (secret shown only in part)."""

    where: str
    what: str


@dataclass(frozen=True, slots=True)
class VerificationResult:
    """Outcome of re-reading a written output."""

    ok: bool
    checks: tuple[str, ...] = ()
    issues: tuple[VerificationIssue, ...] = ()
    warnings: tuple[str, ...] = ()
