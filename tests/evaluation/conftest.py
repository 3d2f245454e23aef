"""Shared fixtures for the evaluation tests."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from redactor.evaluation import Document, parse_documents

SHARED_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"

# (entity_id, entity_type, identifier_type, (start, end))
MentionSpec = tuple[str, str, str, tuple[int, int]]


def build_doc(doc_id: str, text: str, annotators: Mapping[str, Sequence[MentionSpec]]) -> Document:
    """A TAB JSON document built inline, parsed by the real parser."""
    raw: dict[str, Any] = {
        "doc_id": doc_id,
        "text": text,
        "dataset_type": "test",
        "annotations": {},
    }
    for annotator, specs in annotators.items():
        mentions = []
        for i, (entity_id, etype, itype, (start, end)) in enumerate(specs):
            mentions.append(
                {
                    "entity_type": etype,
                    "entity_mention_id": f"{annotator}_m{i}",
                    "start_offset": start,
                    "end_offset": end,
                    "span_text": text[start:end],
                    "edit_type": "check",
                    "identifier_type": itype,
                    "entity_id": f"{annotator}_{entity_id}",
                    "confidential_status": "NOT_CONFIDENTIAL",
                }
            )
        raw["annotations"][annotator] = {"entity_mentions": mentions}
    return parse_documents([raw])[0]


@pytest.fixture
def make_doc() -> Callable[..., Document]:
    return build_doc


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data not found at {SHARED_DATA}")
    return SHARED_DATA
