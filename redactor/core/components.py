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

    ``detect`` returns findings with offsets into ``doc.text``. It must not log document text.
    Heavy resources (models) should load lazily on first use, or in ``load(ctx)`` if defined.
    """

    id: str
    version: str

    def detect(self, doc: Document, ctx: RunContext) -> Iterable[Finding]: ...


@runtime_checkable
class RiskIndicator(Protocol):
    """Estimates, for each finding, whether leaving it in clear risks re-identification.

    ``assess`` returns exactly one :class:`RiskSignal` per finding, in the same order.
    """

    id: str
    version: str

    def assess(
        self,
        doc: Document,
        findings: Sequence[Finding],
        entities: Sequence[Entity],
        ctx: RunContext,
    ) -> Sequence[RiskSignal]: ...


@dataclass(frozen=True, slots=True)
class ReplacementRequest:
    """Everything a strategy may look at to choose a replacement for one mention."""

    finding: Finding
    entity: Entity
    document: Document
    level: str = ""
    options: Mapping[str, str] = field(default_factory=dict)


@runtime_checkable
class Strategy(Protocol):
    """Chooses the replacement text for a masked mention.

    Must never return the original text or a substring of a direct identifier. State that
    must stay consistent across mentions and documents belongs in ``ctx.memo_for(self.id)``.
    """

    id: str
    version: str

    def replacement(self, request: ReplacementRequest, ctx: RunContext) -> str: ...


@runtime_checkable
class DocumentReader(Protocol):
    """Reads one file format into a :class:`Document`.

    ``sniff`` looks at the first bytes (and the path) and says whether this reader handles
    the file; it must not trust the extension alone. ``read`` raises
    :class:`~redactor.core.errors.InputError` with a clear message for bad input.
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
    """What a search provider found for a query (no page content is kept)."""

    query_id: str
    hits: int
    urls: tuple[str, ...] = ()


@runtime_checkable
class SearchProvider(Protocol):
    """An online search service; only called when ``ctx.network_allowed`` is true."""

    id: str
    version: str

    def search(self, query: str, ctx: RunContext) -> SearchResult: ...


@dataclass(frozen=True, slots=True)
class OcrWord:
    """One recognised word: its text, its ink box in image pixels ``(x0, y0, x1, y1)`` (origin
    top left) and the engine's confidence in [0, 1]."""

    text: str
    box: tuple[float, float, float, float]
    confidence: float


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
