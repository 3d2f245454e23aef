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
    """The eight entity types of the Text Anonymization Benchmark (TAB). A finding's label
    must be one of these members (``Label.PERSON``), never a plain string."""

    PERSON = "PERSON"
    """Names of people, with titles and initials ("Mr Galip Yalman")."""
    CODE = "CODE"
    """Numbers and codes that identify something: case and ID numbers, IBANs, phone numbers."""
    LOC = "LOC"
    """Places: countries, cities, addresses, named buildings."""
    ORG = "ORG"
    """Organisations: companies, courts, schools, public bodies."""
    DEM = "DEM"
    """Demographic attributes: nationality, ethnicity, religion, profession, age."""
    DATETIME = "DATETIME"
    """Dates, times and periods."""
    QUANTITY = "QUANTITY"
    """Meaningful quantities: amounts of money, percentages, counts, measures."""
    MISC = "MISC"
    """Any other identifying information (events, products, a ship's name)."""


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
    """Half-open character range ``[start, end)`` into a document's extracted text
    (``doc.text[start:end]``); ``Span(5, 3)`` raises ``ValueError``."""

    start: int
    """Offset of the first character (0-based, in characters, not bytes)."""
    end: int
    """Offset just after the last character; ``len(span) == end - start``."""

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
    """A stable id for this document within a run (readers use the file name)."""
    source: Path
    """The file it was read from."""
    format: str
    """The reader's format: ``txt``, ``docx``, ``pdf`` …"""
    text: str
    """The extracted text: every span indexes into it."""
    segments: tuple[Segment, ...] = ()
    """Map from ranges of ``text`` back to places in the file (see :class:`Segment`)."""
    metadata: Mapping[str, str] = field(default_factory=dict)
    """Format-specific facts (encoding, producer …), read-only."""
    warnings: tuple[str, ...] = ()
    """The reader's notes for the user (one line each, no document text)."""
    page_count: int = 0
    """Pages of a paged format, else 0."""
    sha256: str = ""
    """SHA-256 of the input file, hex."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "metadata", _frozen_mapping(self.metadata))

    def snippet(self, span: Span) -> str:
        return self.text[span.start : span.end]


@dataclass(frozen=True, slots=True)
class Finding:
    """A detected span that may identify a person.

    The pipeline checks every finding a detector returns; one that breaks a rule (label not a
    :class:`Label`, span not a :class:`Span` inside the text, ``text`` not the document's
    slice) is left out and reported as a failure of that detector.
    """

    span: Span
    """Where it is: offsets into ``doc.text``, non-empty, inside the text."""
    label: Label
    """Its type: a :class:`Label` member, not a string."""
    text: str
    """Exactly ``doc.text[span.start:span.end]`` (checked); kept in memory only."""
    subtype: str = ""
    """Refines the label: ``IBAN`` for CODE/IBAN, ``DATE`` for DATETIME/DATE."""
    score: float = 1.0
    """The detector's confidence in [0, 1]; breaks ties between overlapping findings."""
    detector: str = ""
    """The id of the detector that proposed it (set it to your detector's ``id``)."""
    detectors: tuple[str, ...] = ()
    """Every detector that proposed this span after merging (defaults to ``(detector,)``)."""
    validated: bool = False
    """True when a checksum or format validator confirmed the span; a validated finding
    wins the type of the findings it overlaps (resolve_overlaps)."""
    explanation: str = ""
    """Why it was detected, for the reviewer's screen (may quote the document; never
    written to reports)."""

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
    """A short id within the document (``E1`` …), shown in reports instead of the text."""
    label: Label
    """The type the mentions share."""
    mentions: tuple[int, ...]
    """Indices into the findings list of every mention of this entity."""
    canonical: str = ""
    """The longest text among the mentions (document text: memory only)."""


@dataclass(frozen=True, slots=True)
class RiskSignal:
    """One risk indicator's verdict on one finding.

    ``assess`` returns exactly one per finding, in the findings' order (checked: otherwise
    all of that indicator's signals are left out and the failure is reported).
    ``combine_risk`` turns a finding's signals into its decision — by default a vote: mask
    when at least ``k`` of the indicators that did not abstain say ``risky``.
    """

    indicator: str
    """The id of the indicator that produced it (your indicator's ``id``)."""
    score: float
    """The risk estimate, higher is riskier (0–1 for the built-ins); shown to the reviewer."""
    risky: bool
    """The vote: True when leaving the span in clear risks re-identification. The indicator
    decides it, at ``ctx.policy.threshold_for(self.id)`` when the policy sets one."""
    explanation: str = ""
    """A short reason for the reviewer's screen (may quote the document; never written to
    reports or review files)."""
    abstained: bool = False
    """True when the indicator could not judge the finding (not run: no consent, budget
    spent, a service error …): it then casts no vote — neither "risky" nor "safe" — and its
    explanation says why."""


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
class FindingRef:
    """Which finding a problem is about, without its text: its id (``F12``: the 12th finding
    of the analysis), label, page (1-based; 0 when the format has none) and offsets."""

    index: int
    """Index into ``Analysis.findings``."""
    label: str
    start: int
    end: int
    page: int = 0
    entity_id: str = ""

    @property
    def finding_id(self) -> str:
        return f"F{self.index + 1}"

    def describe(self) -> str:
        """``F12 (PERSON, page 3, characters 1200–1203)`` — never the text."""
        page = f", page {self.page}" if self.page else ""
        return f"{self.finding_id} ({self.label}{page}, characters {self.start}–{self.end})"


@dataclass(frozen=True, slots=True)
class VerificationIssue:
    """Something of a redacted span that survived in an output (secret shown only in part).

    ``secret_ref`` is a digest of the surviving string keyed per process (never the string;
    :func:`redactor.core.verify.secret_ref`); the export resolves it into ``findings``, the
    findings whose text survived (:mod:`redactor.core.issue_refs`)."""

    where: str
    what: str
    secret_ref: str = field(default="", compare=False, repr=False)
    findings: tuple[FindingRef, ...] = ()


@dataclass(frozen=True, slots=True)
class VerificationResult:
    """Outcome of re-reading a written output."""

    ok: bool
    checks: tuple[str, ...] = ()
    issues: tuple[VerificationIssue, ...] = ()
    warnings: tuple[str, ...] = ()
