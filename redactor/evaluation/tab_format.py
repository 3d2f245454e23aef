"""Typed, read-only view of documents in TAB's JSON format.

Handles the official multi-annotator files (``annotations`` keyed by annotator id) as well as
the single merged layer of ``tab_dev.json`` and the Wikipedia biographies (one annotator each).
Also home of document-level k-fold splitting, deterministic by sha256 of the document id.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

ENTITY_TYPES: tuple[str, ...] = (
    "PERSON",
    "CODE",
    "LOC",
    "ORG",
    "DEM",
    "DATETIME",
    "QUANTITY",
    "MISC",
)
IDENTIFIER_TYPES: tuple[str, ...] = ("DIRECT", "QUASI", "NO_MASK")

Span = tuple[int, int]
SystemOutput = Mapping[str, Sequence[Span]]


class TabFormatError(ValueError):
    """Raised for a JSON document that does not follow TAB's format."""


@dataclass(frozen=True)
class Mention:
    """One annotated span (character offsets, end exclusive)."""

    mention_id: str
    entity_id: str
    entity_type: str
    start: int
    end: int
    span_text: str
    identifier_type: str
    confidential_status: str | None = None
    edit_type: str | None = None
    related_mentions: tuple[str, ...] = ()

    @property
    def needs_masking(self) -> bool:
        return self.identifier_type in ("DIRECT", "QUASI")

    @property
    def span(self) -> Span:
        return (self.start, self.end)


@dataclass(frozen=True)
class Entity:
    """Mentions one annotator grouped under one ``entity_id`` (TAB's semantics).

    ``need_masking`` and ``is_direct`` come from the first mention; if the mentions disagree on
    whether masking is needed, the entity needs masking (``is_direct`` stays as the first
    mention says, as in TAB's evaluation script).
    """

    entity_id: str
    annotator: str
    entity_type: str
    mentions: tuple[Mention, ...]
    need_masking: bool
    is_direct: bool

    @property
    def mentions_to_mask(self) -> tuple[Mention, ...]:
        return tuple(m for m in self.mentions if m.needs_masking)


@dataclass(frozen=True)
class AnnotatorLayer:
    """All mentions of one annotator (or of the merged layer) in one document."""

    annotator: str
    mentions: tuple[Mention, ...]
    entities: tuple[Entity, ...]

    @classmethod
    def from_mentions(cls, annotator: str, mentions: Iterable[Mention]) -> AnnotatorLayer:
        mentions = tuple(mentions)
        return cls(annotator, mentions, group_entities(annotator, mentions))


@dataclass(frozen=True)
class Document:
    """One annotated document with its annotator layers, in file order."""

    doc_id: str
    text: str
    annotators: tuple[AnnotatorLayer, ...]
    task: str = ""
    dataset_type: str = ""
    meta: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)
    generalized_text: str | None = field(default=None, compare=False, hash=False)

    @property
    def annotator_ids(self) -> tuple[str, ...]:
        return tuple(layer.annotator for layer in self.annotators)

    def layer(self, annotator: str) -> AnnotatorLayer:
        for layer in self.annotators:
            if layer.annotator == annotator:
                return layer
        raise KeyError(annotator)

    @property
    def entities(self) -> tuple[Entity, ...]:
        return tuple(e for layer in self.annotators for e in layer.entities)


def group_entities(annotator: str, mentions: Sequence[Mention]) -> tuple[Entity, ...]:
    """Group mentions by ``entity_id`` (first-seen order) following TAB's rules."""
    groups: dict[str, list[Mention]] = {}
    for m in mentions:
        groups.setdefault(m.entity_id, []).append(m)
    entities = []
    for entity_id, ms in groups.items():
        first = ms[0]
        need = first.needs_masking or len({m.needs_masking for m in ms}) > 1
        entities.append(
            Entity(
                entity_id=entity_id,
                annotator=annotator,
                entity_type=first.entity_type,
                mentions=tuple(ms),
                need_masking=need,
                is_direct=first.identifier_type == "DIRECT",
            )
        )
    return tuple(entities)


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def parse_mention(raw: Mapping[str, Any], text_length: int) -> Mention:
    """Build a :class:`Mention` from its JSON object, validating offsets and types."""
    for key in ("entity_id", "identifier_type", "start_offset", "end_offset", "entity_type"):
        if key not in raw:
            raise TabFormatError(f"mention lacks {key!r}")
    start, end = int(raw["start_offset"]), int(raw["end_offset"])
    if start < 0 or end > text_length or start >= end:
        raise TabFormatError(f"invalid character offsets [{start}-{end}]")
    if raw["identifier_type"] not in IDENTIFIER_TYPES:
        raise TabFormatError(f"invalid identifier type {raw['identifier_type']!r}")
    related = raw.get("related_mentions") or ()
    return Mention(
        mention_id=str(raw.get("entity_mention_id", "")),
        entity_id=str(raw["entity_id"]),
        entity_type=str(raw["entity_type"]),
        start=start,
        end=end,
        span_text=str(raw.get("span_text", "")),
        identifier_type=str(raw["identifier_type"]),
        confidential_status=_opt_str(raw.get("confidential_status")),
        edit_type=_opt_str(raw.get("edit_type")),
        related_mentions=tuple(str(r) for r in related),
    )


def parse_document(raw: Mapping[str, Any]) -> Document:
    """Build a :class:`Document` from one element of a TAB JSON list."""
    for key in ("doc_id", "text", "annotations"):
        if key not in raw:
            raise TabFormatError(f"document lacks {key!r}")
    text = str(raw["text"])
    layers = []
    for annotator, ann in raw["annotations"].items():
        if "entity_mentions" not in ann:
            raise TabFormatError(f"annotations of {annotator!r} lack 'entity_mentions'")
        mentions = [parse_mention(m, len(text)) for m in ann["entity_mentions"]]
        layers.append(AnnotatorLayer.from_mentions(str(annotator), mentions))
    return Document(
        doc_id=str(raw["doc_id"]),
        text=text,
        annotators=tuple(layers),
        task=str(raw.get("task") or ""),
        dataset_type=str(raw.get("dataset_type") or ""),
        meta=MappingProxyType(dict(raw.get("meta") or {})),
        generalized_text=_opt_str(raw.get("generalized_text")),
    )


def parse_documents(raw: Any) -> tuple[Document, ...]:
    """Parse a decoded TAB JSON value (a list of documents)."""
    if not isinstance(raw, list):
        raise TabFormatError("a TAB file must contain a JSON list of documents")
    docs = tuple(parse_document(d) for d in raw)
    ids = [d.doc_id for d in docs]
    if len(set(ids)) != len(ids):
        raise TabFormatError("duplicate doc_id in file")
    return docs


def load_tab(path: str | Path) -> tuple[Document, ...]:
    """Load a TAB-format JSON file."""
    with open(path, encoding="utf-8") as fh:
        return parse_documents(json.load(fh))


def restrict_annotators(
    docs: Iterable[Document], annotators: Collection[str]
) -> tuple[Document, ...]:
    """Keep only the given annotators' layers; documents left without any are dropped."""
    out = []
    for doc in docs:
        layers = tuple(layer for layer in doc.annotators if layer.annotator in annotators)
        if layers:
            out.append(
                Document(
                    doc.doc_id,
                    doc.text,
                    layers,
                    doc.task,
                    doc.dataset_type,
                    doc.meta,
                    doc.generalized_text,
                )
            )
    return tuple(out)


def gold_output(
    docs: Iterable[Document],
    *,
    annotators: Collection[str] | None = None,
    include_no_mask: bool = False,
) -> dict[str, list[Span]]:
    """System output built from gold mentions, for sanity checks.

    With ``include_no_mask=False`` (default) only mentions annotated DIRECT or QUASI are masked:
    for one annotator this is that annotator's "perfect" output. With ``include_no_mask=True``
    every gold span is masked. ``annotators=None`` uses all annotators of each document;
    documents without any of the given annotators are left out. Spans are merged
    (:func:`merge_spans`): TAB's precision counts a token once per system span containing it.
    """
    out: dict[str, list[Span]] = {}
    for doc in docs:
        layers = [
            layer for layer in doc.annotators if annotators is None or layer.annotator in annotators
        ]
        if layers:
            spans = [
                m.span
                for layer in layers
                for m in layer.mentions
                if include_no_mask or m.needs_masking
            ]
            out[doc.doc_id] = merge_spans(spans)
    return out


def merge_spans(spans: Iterable[Span]) -> list[Span]:
    """Sorted union of spans: overlapping or touching spans become one (a mask on the page)."""
    merged: list[list[int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(s, e) for s, e in merged]


def perfect_output(docs: Iterable[Document], annotator: str) -> dict[str, list[Span]]:
    """The spans ``annotator`` decided to mask (DIRECT or QUASI mentions)."""
    return gold_output(docs, annotators={annotator})


def mask_all_gold_output(
    docs: Iterable[Document], annotators: Collection[str] | None = None
) -> dict[str, list[Span]]:
    """Every gold span, NO_MASK included, of the given (default: all) annotators."""
    return gold_output(docs, annotators=annotators, include_no_mask=True)


# --- document-level cross-validation -------------------------------------------------------

T = TypeVar("T")


def sha256_fold(doc_id: str, k: int) -> int:
    """Fold of a document: first 8 bytes of sha256(doc_id), big-endian, modulo ``k``."""
    digest = hashlib.sha256(doc_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % k


def is_validation_document(doc_id: str) -> bool:
    """The fixed validation rule of the models trained on the dev data (the NER model's
    held-out documents): the second byte of sha256(doc_id) is divisible by 4.

    (The first byte cannot be used: every development document has an odd first byte because
    documents with an even first byte are held out for acceptance testing.)
    """
    return hashlib.sha256(doc_id.encode("utf-8")).digest()[1] % 4 == 0


@dataclass(frozen=True)
class Fold:
    """One cross-validation fold: train on ``train``, score only ``test``."""

    index: int
    train: tuple[Any, ...]
    test: tuple[Any, ...]


def _doc_id_of(doc: Any) -> str:
    return doc if isinstance(doc, str) else str(doc.doc_id)


def split_documents(
    docs: Iterable[T],
    k: int = 5,
    *,
    fold_of: Callable[[str, int], int] = sha256_fold,
    doc_id: Callable[[T], str] = _doc_id_of,
) -> tuple[Fold, ...]:
    """Split documents into ``k`` document-level folds, deterministically.

    ``docs`` may be :class:`Document` objects, anything with a ``doc_id`` attribute, or plain
    id strings (``doc_id`` maps an item to its id). Each document falls in exactly one test
    fold, chosen by ``fold_of(doc_id, k)`` (default: :func:`sha256_fold`), so a classifier
    trained on ``fold.train`` never scores a document it was trained on. Input order is kept.
    """
    if k < 2:
        raise ValueError("k must be at least 2")
    items = list(docs)
    ids = [doc_id(d) for d in items]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate document ids")
    assignment = [fold_of(i, k) for i in ids]
    if any(not 0 <= a < k for a in assignment):
        raise ValueError("fold_of returned a fold outside 0..k-1")
    return tuple(
        Fold(
            index=f,
            train=tuple(d for d, a in zip(items, assignment, strict=True) if a != f),
            test=tuple(d for d, a in zip(items, assignment, strict=True) if a == f),
        )
        for f in range(k)
    )
