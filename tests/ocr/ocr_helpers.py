"""Helpers for the OCR tests: a pipeline of the built-in formats, the terms detector, the
strategies and the OCR engines (no NER model: fast), the ``redact`` fixture, engine checks."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from redactor.core.context import RunContext
from redactor.core.pipeline import ExportResult, Pipeline
from redactor.core.policy import load_policy
from redactor.pluginhost.manager import PluginHost

ROOT = Path(__file__).resolve().parents[2]
BUILTINS = (
    "redactor_plugins.formats.txt.plugin",
    "redactor_plugins.formats.docx.plugin",
    "redactor_plugins.formats.pdf.plugin",
    "redactor_plugins.formats.image.plugin",
    "redactor_plugins.detectors.terms.plugin",
    "redactor_plugins.strategies.plugin",
    "redactor_plugins.ocr.plugin",
)


def rapidocr_installed() -> bool:
    from redactor_plugins.ocr.rapid import available

    return available()


def tesseract_installed() -> bool:
    from redactor_plugins.ocr.tesseract import program

    return program() is not None


needs_ocr = pytest.mark.skipif(not rapidocr_installed(), reason="rapidocr is not installed")
needs_tesseract = pytest.mark.skipif(not tesseract_installed(),
                                     reason="tesseract (the independent engine) is not installed")


def make_pipeline(deny: tuple[str, ...] = (), settings: dict[str, Any] | None = None,
                  builtins: tuple[str, ...] = BUILTINS) -> Pipeline:
    from redactor.core.settings import Settings

    host = PluginHost(Settings(dict(settings or {})), builtins=builtins,
                      load_entrypoints=False, load_user_folder=False)
    return Pipeline(host, load_policy(None).with_terms(tuple(deny), ()))


@pytest.fixture
def redact() -> Callable[..., ExportResult]:
    """``redact(src, dest, deny=(...), settings=None)``: read, analyse, export (verified)."""

    def run(src: Path, dest: Path, deny: tuple[str, ...] = (), settings: dict[str, Any] |
            None = None) -> ExportResult:
        pipe = make_pipeline(deny, settings)
        ctx = RunContext(settings=pipe.host.settings)
        analysis = pipe.analyze(pipe.read(src, ctx), ctx)
        return pipe.export(analysis, dest, ctx)

    return run


def cli(*args: str, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    """``redactor ARGS`` in a subprocess (built-in plugins only)."""
    return subprocess.run([sys.executable, "-m", "redactor.cli.main", "--no-plugins", *args],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)


@lru_cache(maxsize=2)
def engine(engine_id: str = "rapidocr") -> Any:
    """One engine object per test session (models load once)."""
    from redactor_plugins.ocr.rapid import RapidOcrEngine
    from redactor_plugins.ocr.tesseract import TesseractEngine

    return RapidOcrEngine() if engine_id == "rapidocr" else TesseractEngine()


def ocr_text(image: Any, engine_id: str = "rapidocr") -> str:
    """What an engine reads in ``image`` (for the tests' own checks of outputs)."""
    from redactor_plugins.shared.ocr_run import read_text

    found = engine(engine_id)
    ctx = RunContext()
    ctx.ocr_engines = {found.id: found}
    return read_text(image, ctx, found).text
