"""Component protocols: what detectors, indicators, strategies, readers and writers provide.

Plugins hand objects satisfying these protocols to the host through ``register_*`` hooks.
Every component has a stable ``id`` (unique within its kind) and a ``version`` string.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from redactor.core.context import RunContext
from redactor.core.model import (
    Document,
    Entity,
    Finding,
    Label,
    RedactionPlan,
    RiskSignal,
    VerificationResult,
)


@runtime_checkable
class Detector(Protocol):
    """Finds spans that may identify a person.

    ``id`` is unique among detectors (``--disable-plugin ID`` leaves it out); ``version`` is
    free text. Heavy resources (models) load lazily on first use, never at import time.

    Optional: ``prepare(ctx) -> None`` loads those resources ahead of use. The pipeline calls
    it once, in a thread of its own, when it reads the first document, so that every
    component's models load at the same time as the others' and as the reading (it must be
    thread-safe and may be called again; an error in it is ignored there and surfaces in
    ``detect``, where it is reported as usual). Risk indicators may define it too.

    Optional: ``warm_up(ctx) -> None`` for a fast detector with no model that has cheap
    set-up to do ahead of use (compiling expressions): ``Pipeline.preload`` (the command
    line, batch) calls it in a thread of its own like ``prepare``, but the desktop app counts
    only a detector with ``prepare`` as slow, and still runs and shows this one first.
    """

    id: str
    version: str

    def detect(self, doc: Document, ctx: RunContext) -> Iterable[Finding]:
        """Return :class:`Finding` objects for ``doc.text``: each with a :class:`Label`, a
        non-empty :class:`Span` inside the text and ``text == doc.text[start:end]``. A finding
        that breaks a rule is left out and reported (strict mode raises). Never log document
        text; call ``ctx.check()`` in long loops."""
        ...


@runtime_checkable
class RiskIndicator(Protocol):
    """Estimates, for each finding, whether leaving it in clear risks re-identification.

    Only the indicators a policy lists in ``[risk] indicators`` run (all of them when the list
    is empty); an installed one that the active policy leaves out is reported on every run.
    """

    id: str
    version: str

    def assess(
        self,
        doc: Document,
        findings: Sequence[Finding],
        entities: Sequence[Entity],
        ctx: RunContext,
    ) -> Sequence[RiskSignal]:
        """Return exactly one :class:`RiskSignal` per finding, in the same order (another count
        or type is a broken contract: the indicator's signals are left out and reported).
        ``entities`` group the findings (``Entity.mentions`` index ``findings``)."""
        ...


@dataclass(frozen=True, slots=True)
class ReplacementRequest:
    """Everything a strategy may look at to choose a replacement for one mention."""

    finding: Finding
    """The mention to replace (``finding.text`` is the original, which must not come back)."""
    entity: Entity
    """Its coreference group: give every mention of one entity the same replacement."""
    document: Document
    """The whole document (its text, format and metadata), e.g. for context."""
    level: str = ""
    """The policy's ``level`` for this label (``country``, ``year`` …), ``""`` when unset."""
    options: Mapping[str, str] = field(default_factory=dict)
    """The policy's ``[options]`` table (``redact_marker`` …), read-only strings."""


@runtime_checkable
class Strategy(Protocol):
    """Chooses the replacement text for a masked mention.

    ``id`` is what ``--strategy``, policies (``strategy = "…"``) and the report name. State
    that must stay consistent across mentions (numbering, pseudonyms) belongs in
    ``ctx.memo_for(self.id)``: it lasts as long as the :class:`RunContext` — one document on
    the command line, a whole batch where the caller shares one memo (the GUI's batch export)
    — never in module globals.
    """

    id: str
    version: str

    def replacement(self, request: ReplacementRequest, ctx: RunContext) -> str:
        """Return the replacement text: never the original text nor text containing it. A
        strategy that raises or returns the original is replaced by ``redact`` for that
        mention (still masked) and a warning names it and counts the mentions. Raise
        :class:`~redactor.core.errors.UsageError` to stop the export instead (e.g. a missing
        key)."""
        ...


@runtime_checkable
class DocumentReader(Protocol):
    """Reads one file format into a :class:`Document`.

    ``sniff`` looks at the first bytes (and the path) and says whether this reader handles
    the file; it must not trust the extension alone. ``read`` raises
    :class:`~redactor.core.errors.InputError` with a clear message for bad input.

    Optional: ``warm_up(ctx) -> None`` does a reader's one-off set-up ahead of the first file
    (importing its libraries); the desktop app calls it, with the fast detectors'
    ``warm_up``, in the background once its window is up, so that the first file opened is
    shown and highlighted without that wait. It must be thread-safe and cheap (no models).
    """

    id: str
    version: str
    format: str
    extensions: tuple[str, ...]

    def sniff(self, path: Path, head: bytes) -> bool: ...

    def read(self, path: Path, ctx: RunContext) -> Document: ...


@runtime_checkable
class DocumentWriter(Protocol):
    """Writes a redacted copy of a document and proves it by re-reading the output.

    ``write`` writes to ``dest`` (a temporary path chosen by the core, in the destination's
    folder); the core verifies, then renames atomically, or deletes it. ``verify`` re-opens
    the written file (never the in-memory model) and reports anything that survived.
    """

    id: str
    version: str
    format: str

    def write(self, doc: Document, plan: RedactionPlan, dest: Path, ctx: RunContext) -> None: ...

    def verify(
        self, doc: Document, plan: RedactionPlan, output: Path, ctx: RunContext
    ) -> VerificationResult: ...


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What a search provider found for a query: result URLs, best first (no page content).

    ``query_id`` identifies the query without quoting it (e.g. a hash); ``hits`` is the number
    of results returned; ``total_hits`` the provider's count of all matching pages, or None
    when it reports none (see ``SearchProvider.reports_total_hits``).
    """

    query_id: str
    hits: int
    urls: tuple[str, ...] = ()
    total_hits: int | None = None


@runtime_checkable
class SearchProvider(Protocol):
    """A search service for the ``web-search`` risk indicator (docs/web-search.md).

    ``search(query, k, ctx)`` returns at most ``k`` result URLs, best first. A provider with
    ``needs_network`` sends the query off the machine: it is only called after the user saw
    the exact queries and consented (``ctx.network_allowed``). ``reports_total_hits`` says
    whether ``SearchResult.total_hits`` is filled. Errors raise; their messages never carry
    an API key.
    """

    id: str
    version: str
    needs_network: bool
    reports_total_hits: bool

    def search(self, query: str, k: int, ctx: RunContext) -> SearchResult: ...


@dataclass(frozen=True, slots=True)
class OcrWord:
    """One recognised word, as an :class:`OcrEngine` returns it."""

    text: str
    """The word as read (no surrounding spaces)."""
    box: tuple[float, float, float, float]
    """Its ink box in image pixels ``(x0, y0, x1, y1)``, origin top left."""
    confidence: float
    """The engine's confidence in [0, 1]."""


@runtime_checkable
class OcrEngine(Protocol):
    """Reads the words of a page image. ``image`` is a :class:`PIL.Image.Image` in RGB or L
    mode; words come in reading order. Runs offline: no model may be downloaded at run time."""

    id: str
    version: str

    def recognize(self, image: Any, ctx: RunContext) -> list[OcrWord]: ...


@dataclass(frozen=True, slots=True)
class SettingsSection:
    """A plugin's settings section: its name, defaults and a one-line description."""

    name: str
    defaults: Mapping[str, object]
    description: str = ""


LABELS: tuple[Label, ...] = tuple(Label)
