"""Tests for acme-case-numbers, written with Redactor's test kit."""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata
from typing import Any

import pytest
from redactor.plugin_api import Label, RunContext
from redactor.testing import check_detector, document_from_text

from redactor_acme_case_numbers import plugin
from redactor_acme_case_numbers.plugin import AcmeCaseNumbersDetector

NAME = "acme-case-numbers"  # entry point and component id

SAMPLE = "Case ACME-2024-000123 was merged into ACME-2023-004567 by Jane Doe."


def test_contract() -> None:
    check_detector(AcmeCaseNumbersDetector(), samples=[SAMPLE])


def test_finds_case_numbers() -> None:
    doc = document_from_text(SAMPLE)
    found = list(AcmeCaseNumbersDetector().detect(doc, RunContext()))
    assert [f.text for f in found] == ["ACME-2024-000123", "ACME-2023-004567"]
    for f in found:
        assert f.label is Label.CODE and f.validated
        assert doc.text[f.span.start:f.span.end] == f.text


def test_finds_old_style_numbers() -> None:
    doc = document_from_text("Before 2015: ACME/2012/4567 (filed as ACME/2012/004567).")
    found = list(AcmeCaseNumbersDetector().detect(doc, RunContext()))
    assert [f.text for f in found] == ["ACME/2012/4567", "ACME/2012/004567"]


def test_ignores_lookalikes() -> None:
    doc = document_from_text("ACME-24-000123, ACME-2024-000000, XACME-2024-000123, "
                             "ACME-1850-000001, ACME-2024/000123, ACME/2020/123456, "
                             "ACME-2012-004567, ACME-2999-000001, ACME-2024-0001234")
    assert list(AcmeCaseNumbersDetector().detect(doc, RunContext())) == []


@pytest.mark.parametrize("make", ["make_txt", "make_docx", "make_pdf"])
def test_end_to_end(make: str, request: pytest.FixtureRequest,
                    redactor_run: Callable[..., Any]) -> None:
    """A real TXT, DOCX and PDF file through the whole pipeline, export verified."""
    path = request.getfixturevalue(make)("Our reference is ACME-2024-000123.\n"
                                         "Please quote it when you reply.")
    run = redactor_run(path, plugins=[(NAME, plugin)], policy="foia")
    mine = [f for f in run.findings if NAME in f.detectors]
    assert [(f.text, f.label) for f in mine] == [("ACME-2024-000123", Label.CODE)]
    assert "ACME-2024-000123" not in run.output_text
    assert "Please quote it" in run.output_text


def test_entry_point() -> None:
    """Fails until the project is installed (pip install -e .): Redactor looks here."""
    names = {ep.name: ep.value for ep in metadata.entry_points(group="redactor")}
    assert names.get(NAME) == plugin.__name__
