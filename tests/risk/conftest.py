"""Fixtures for the risk-indicator tests: no network, the shipped models, small documents."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from redactor.core.resources import resource_path

MLM_DIR = resource_path("models", "mlm")
SEQ_DIR = resource_path("models", "ner")  # the NER graph carries the MASK head
RISK_DIR = resource_path("risk")


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any attempt to open a network connection fails the test."""

    def refuse(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError(f"network connection attempted: {args!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", lambda *a, **k: refuse(None, *a))


def _need(path: Path, what: str) -> None:
    if not (path / "model.onnx").is_file() and not any(path.glob("*.json")):
        pytest.skip(f"{what} not built yet ({path})")


@pytest.fixture
def mlm_dir() -> Path:
    _need(MLM_DIR, "masked LM")
    return MLM_DIR


@pytest.fixture
def seq_dir() -> Path:
    _need(SEQ_DIR, "sequence labeller")
    return SEQ_DIR


@pytest.fixture
def risk_ready(mlm_dir: Path, seq_dir: Path) -> None:
    for name in ("llm_probability.json", "span_classifier.json", "text_prior.json"):
        if not (RISK_DIR / name).is_file():
            pytest.skip(f"{name} not built yet")


from risk_samples import ITEMS, TEXT, findings_for  # noqa: E402


@pytest.fixture
def small_doc():
    from redactor.core.entities import group_entities
    from redactor.core.model import Document

    fs = findings_for(TEXT, ITEMS)
    return Document("doc-1", Path("doc-1.txt"), "txt", TEXT), fs, group_entities(fs)
