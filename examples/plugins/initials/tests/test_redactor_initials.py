"""Tests for initials, written with Redactor's test kit."""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

from redactor.plugin_api import Entity, Finding, Label, ReplacementRequest, RunContext, Span
from redactor.testing import check_strategy, document_from_text

from redactor_initials import plugin
from redactor_initials.plugin import InitialsStrategy, initials

NAME = "initials"  # entry point and component id


def _request(text: str, label: Label = Label.PERSON, canonical: str = "") -> ReplacementRequest:
    doc = document_from_text(f"Dear {text},")
    finding = Finding(Span(5, 5 + len(text)), label, text, detector="test")
    return ReplacementRequest(finding, Entity("E1", label, (0,), canonical or text), doc)


def test_contract() -> None:
    check_strategy(InitialsStrategy())


def test_initials() -> None:
    assert initials("Jane Doe") == "J. D."
    assert initials("Jean-Luc van Damme") == "J. L. v. D."
    assert initials("42") == ""


def test_replacements() -> None:
    strategy = InitialsStrategy()
    ctx = RunContext()
    assert strategy.replacement(_request("Jane Doe"), ctx) == "J. D."
    assert strategy.replacement(_request("J"), ctx) == "[PERSON]"  # never the original
    assert strategy.replacement(_request("Acme Ltd", Label.ORG), ctx) == "[ORG]"


def test_one_person_one_replacement() -> None:
    strategy = InitialsStrategy()
    ctx = RunContext()
    assert strategy.replacement(_request("Jane Doe"), ctx) == "J. D."
    assert strategy.replacement(_request("Ms Doe", canonical="Jane Doe"), ctx) == "J. D."
    assert strategy.replacement(_request("John Dee"), ctx) == "J. D. (2)"  # someone else
    assert strategy.replacement(_request("jane  doe"), ctx) == "J. D."
    assert strategy.replacement(_request("John Dee"), RunContext()) == "J. D."  # a new batch


def test_end_to_end(make_txt: Callable[..., Path], redactor_run: Callable[..., Any]) -> None:
    path = make_txt("Jane Doe met John Smith in Leeds.\n")
    run = redactor_run(path, plugins=[(NAME, plugin)], strategy=NAME, policy="foia")
    assert "Jane Doe" not in run.output_text
    assert "J. D." in run.output_text


def test_entry_point() -> None:
    """Fails until the project is installed (pip install -e .): Redactor looks here."""
    names = {ep.name: ep.value for ep in metadata.entry_points(group="redactor")}
    assert names.get(NAME) == plugin.__name__
