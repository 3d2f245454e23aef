"""A test kit for plugin authors (no pytest dependency at import time).

    from redactor.testing import build_txt, check_detector, run_pipeline

    def test_contract():
        check_detector(ShipNames(), samples=["She sailed on the Titanic."])

    def test_end_to_end(tmp_path):
        path = build_txt(tmp_path / "a.txt", "She sailed on the Titanic.")
        run = run_pipeline(path, [("ships", my_ships)])
        assert "Titanic" not in run.output_text

Fixtures for pytest (``make_txt``, ``make_docx``, ``make_pdf``, ``redactor_run``,
``no_network``) are opt-in: ``pytest_plugins = ["redactor.testing.pytest_plugin"]`` in your
``conftest.py``. See ``docs/testing-kit.md``.
"""

from __future__ import annotations

from redactor.testing.checks import (
    ConformanceError,
    check_component,
    check_detector,
    check_indicator,
    check_ocr_engine,
    check_reader,
    check_search_provider,
    check_strategy,
    check_writer,
    host_context,
)
from redactor.testing.documents import build_docx, build_pdf, build_txt, document_from_text
from redactor.testing.guards import Capture, NetworkGuard
from redactor.testing.host import isolated_host
from redactor.testing.pipeline_run import PipelineRun, run_pipeline

__all__ = [
    "Capture",
    "ConformanceError",
    "NetworkGuard",
    "PipelineRun",
    "build_docx",
    "build_pdf",
    "build_txt",
    "check_component",
    "check_detector",
    "check_indicator",
    "check_ocr_engine",
    "check_reader",
    "check_search_provider",
    "check_strategy",
    "check_writer",
    "document_from_text",
    "host_context",
    "isolated_host",
    "run_pipeline",
]
