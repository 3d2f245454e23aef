"""Data-preparation helpers for the NER recipe (pure Python, no torch).

Spans are ``(start, end, type)`` character offsets, end exclusive.  Token offsets are
``(start, end)`` pairs as produced by a ``tokenizers`` fast tokenizer (special tokens have
``(0, 0)``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from redactor_plugins.detectors.recognizer.ner_runtime import overlapping_windows
from redactor_plugins.shared.encoders.windows import case_flags as case_flags

from redactor.evaluation import is_validation_document

TYPES: tuple[str, ...] = ("PERSON", "CODE", "LOC", "ORG", "DEM", "DATETIME", "QUANTITY", "MISC")
LABELS: list[str] = ["O"] + [f"{p}-{t}" for t in TYPES for p in ("B", "I")]
LABEL2ID: dict[str, int] = {lab: i for i, lab in enumerate(LABELS)}

Span = tuple[int, int, str]

REPO = Path(__file__).resolve().parents[2]
SHARED_DATA = Path(os.environ.get("REDACTOR_SHARED_DATA", REPO.parent / "shared" / "data"))
WORK = REPO / "training" / "work" / "ner"

# ---------------------------------------------------------------------------------------------
# Document split


def is_validation(doc_id: str) -> bool:
    """Fixed validation rule (:func:`redactor.evaluation.is_validation_document`)."""
    return is_validation_document(doc_id)


def split_docs(docs: Iterable[dict]) -> tuple[list[dict], list[dict]]:
    """Return ``(train, validation)`` according to :func:`is_validation`."""
    train: list[dict] = []
    val: list[dict] = []
    for d in docs:
        (val if is_validation(d["doc_id"]) else train).append(d)
    return train, val


# ---------------------------------------------------------------------------------------------
# Span handling


def gold_spans(doc: dict) -> list[Span]:
    """All gold mentions of a TAB-format document (every annotator, every masking decision)."""
    out: list[Span] = []
    for ann in doc.get("annotations", {}).values():
        for m in ann.get("entity_mentions", []):
            if m["entity_type"] in TYPES and m["end_offset"] > m["start_offset"]:
                out.append((int(m["start_offset"]), int(m["end_offset"]), m["entity_type"]))
    return sorted(set(out))


def resolve_overlaps(spans: Iterable[Span]) -> list[Span]:
    """Make spans non-overlapping: longest first (ties: earlier start), overlapping ones dropped."""
    chosen: list[Span] = []
    for s in sorted(set(spans), key=lambda x: (-(x[1] - x[0]), x[0], x[2])):
        if all(s[1] <= c[0] or s[0] >= c[1] for c in chosen):
            chosen.append(s)
    return sorted(chosen)


def merge_silver(constructed: Iterable[Span], teacher: Iterable[Span]) -> list[Span]:
    """Spans known by construction win; teacher spans are added only where they overlap none."""
    base = resolve_overlaps(constructed)
    out = list(base)
    for t in sorted(set(teacher)):
        if all(t[1] <= c[0] or t[0] >= c[1] for c in out):
            out.append(t)
    return resolve_overlaps(out)


SPACY_MAP: dict[str, str | None] = {
    "PERSON": "PERSON",
    "GPE": "LOC",
    "LOC": "LOC",
    "FAC": "LOC",
    "ORG": "ORG",
    "NORP": "DEM",
    "DATE": "DATETIME",
    "TIME": "DATETIME",
    "MONEY": "QUANTITY",
    "QUANTITY": "QUANTITY",
    "PERCENT": "QUANTITY",
    "CARDINAL": "QUANTITY",
    "EVENT": "MISC",
    "LAW": "MISC",
    "WORK_OF_ART": "MISC",
    "ORDINAL": None,
    "PRODUCT": None,
    "LANGUAGE": None,
}


def map_teacher(text: str, ents: Iterable[tuple[int, int, str]]) -> list[Span]:
    """Map spaCy OntoNotes entities to our types.  CARDINAL is kept only when it is a spelled
    or plain number that is not part of an article/paragraph reference (a common false
    positive: "Article 3", "§ 2")."""
    out: list[Span] = []
    for s, e, lab in ents:
        t = SPACY_MAP.get(lab)
        if t is None:
            continue
        if lab == "CARDINAL":
            before = text[max(0, s - 12) : s].lower()
            if any(w in before for w in ("article", "§", "rule", "paragraph", "section", "no.")):
                continue
        # strip leading determiners that spaCy includes ("the United Kingdom")
        frag = text[s:e]
        if frag.lower().startswith("the ") and t in ("LOC", "DATETIME"):
            s += 4
        while e > s and text[e - 1] in " .,;:'’\")":
            e -= 1
        if e > s:
            out.append((s, e, t))
    return out


# ---------------------------------------------------------------------------------------------
# BIO


def bio_tags(offsets: Sequence[tuple[int, int]], spans: Iterable[Span]) -> list[str]:
    """BIO tag per token.  A token belongs to a span when its characters overlap it; special
    tokens (empty offsets) get ``O``.  Every word piece of a span is tagged (B on the first)."""
    spans = resolve_overlaps(spans)
    tags = ["O"] * len(offsets)
    j = 0
    prev_span = -1
    for i, (s, e) in enumerate(offsets):
        if e <= s:
            prev_span = -1
            continue
        while j < len(spans) and spans[j][1] <= s:
            j += 1
        if j < len(spans) and spans[j][0] < e:
            tags[i] = ("I-" if prev_span == j else "B-") + spans[j][2]
            prev_span = j
        else:
            prev_span = -1
    return tags


def bio_to_spans(
    offsets: Sequence[tuple[int, int]], tags: Sequence[str]
) -> list[Span]:
    """Inverse of :func:`bio_tags` (an I- after O or after another type starts a new span)."""
    out: list[Span] = []
    cur: list | None = None
    for (s, e), tag in zip(offsets, tags, strict=True):
        if e <= s or tag == "O":
            if cur:
                out.append(tuple(cur))  # type: ignore[arg-type]
            cur = None
            continue
        p, t = tag.split("-", 1)
        if cur is not None and p == "I" and cur[2] == t:
            cur[1] = e
        else:
            if cur:
                out.append(tuple(cur))  # type: ignore[arg-type]
            cur = [s, e, t]
    if cur:
        out.append(tuple(cur))  # type: ignore[arg-type]
    return out


def windows(n: int, size: int, stride: int) -> list[tuple[int, int]]:
    """Overlapping windows of the run-time model (``stride`` = overlap), so that training
    and inference cut documents alike."""
    return overlapping_windows(n, size, stride)


# ---------------------------------------------------------------------------------------------
# I/O


def load_tab(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def write_jsonl(path: Path, rows: Iterable[dict]) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
            n += 1
    return n


def read_jsonl(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def doc_record(doc_id: str, text: str, spans: Iterable[Span], source: str) -> dict:
    return {
        "id": doc_id,
        "source": source,
        "text": text,
        "spans": [list(s) for s in resolve_overlaps(spans)],
    }
