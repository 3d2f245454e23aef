"""Opt-in pytest fixtures for plugin authors (never auto-loaded).

Enable in your ``conftest.py`` with ``pytest_plugins = ["redactor.testing.pytest_plugin"]``
or on the command line with ``-p redactor.testing.pytest_plugin``. Fixtures:

* ``make_txt(text, name="sample.txt")``, ``make_docx(paragraphs, name="sample.docx")``,
  ``make_pdf(text_or_pages, name="sample.pdf")`` → a real file under ``tmp_path``;
* ``redactor_run(path, plugins=(), **kw)`` → :class:`~redactor.testing.PipelineRun` of the
  real pipeline (built-ins plus ``plugins``), written under ``tmp_path``;
* ``no_network``: fails the test on any connection or name lookup that leaves the machine.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from redactor.testing.documents import build_docx, build_pdf, build_txt
from redactor.testing.guards import NetworkGuard
from redactor.testing.pipeline_run import PipelineRun, run_pipeline


@pytest.fixture
def make_txt(tmp_path: Path) -> Callable[..., Path]:
    """Factory: ``make_txt(text, name="sample.txt") -> Path`` (UTF-8, line endings kept)."""
    def make(text: str, name: str = "sample.txt") -> Path:
        return build_txt(tmp_path / name, text)
    return make


@pytest.fixture
def make_docx(tmp_path: Path) -> Callable[..., Path]:
    """Factory: ``make_docx(paragraphs, name="sample.docx") -> Path`` (a str: one paragraph
    per line)."""
    def make(paragraphs: str | list[str], name: str = "sample.docx") -> Path:
        return build_docx(tmp_path / name, paragraphs)
    return make


@pytest.fixture
def make_pdf(tmp_path: Path) -> Callable[..., Path]:
    """Factory: ``make_pdf(text, name="sample.pdf") -> Path`` (a list: one page per item)."""
    def make(text: str | list[str], name: str = "sample.pdf", **kw: Any) -> Path:
        return build_pdf(tmp_path / name, text, **kw)
    return make


@pytest.fixture
def redactor_run(tmp_path: Path) -> Callable[..., PipelineRun]:
    """Factory: ``redactor_run(path, plugins=(), **kw) -> PipelineRun``; the export goes to
    ``tmp_path/out/`` unless ``output=`` is given (other keywords: see ``run_pipeline``)."""
    counter = itertools.count(1)

    def run(path: str | Path, plugins: Sequence[tuple[str, object]] = (),
            **kw: Any) -> PipelineRun:
        path = Path(path)
        if kw.get("output") is None:
            folder = tmp_path / "out"
            folder.mkdir(exist_ok=True)
            kw["output"] = folder / f"{path.stem}.{next(counter)}.redacted{path.suffix}"
        return run_pipeline(path, plugins, **kw)
    return run


@pytest.fixture
def no_network() -> Iterator[NetworkGuard]:
    """Refuse (``OSError``) and fail the test on any non-loopback connection, bind or name
    lookup made while it runs."""
    with NetworkGuard() as guard:
        yield guard
    if guard.attempts:
        pytest.fail("network access during the test: " + "; ".join(dict.fromkeys(guard.attempts)),
                    pytrace=False)
