"""Helpers of the probe tests: what the whole detection step (every default detector, the
shipped models, overlap resolution) masks of a text."""

from __future__ import annotations

from pathlib import Path

from redactor.core.model import Finding


def detected(tmp_path: Path, text: str) -> tuple[str, list[Finding], set[int]]:
    """(the document's text as read, its findings, the offsets they cover) for ``text`` saved
    as a TXT file."""
    from redactor.core.context import RunContext
    from redactor.core.pipeline import Pipeline
    from redactor.core.settings import Settings
    from redactor.pluginhost.manager import PluginHost

    src = tmp_path / "probe.txt"
    src.write_text(text, encoding="utf-8")
    host = PluginHost(Settings({}), load_entrypoints=False, load_user_folder=False)
    pipeline = Pipeline(host)
    ctx = RunContext(settings=host.settings)
    doc = pipeline.read(src, ctx)
    found = pipeline.detect(doc, ctx)
    return doc.text, found, {i for f in found for i in range(f.span.start, f.span.end)}


def uncovered(text: str, covered: set[int], names: list[str]) -> list[tuple[str, int]]:
    """Each (name, offset) of ``names`` in ``text`` that a finding leaves partly in clear."""
    out = []
    for name in names:
        at = -1
        while (at := text.find(name, at + 1)) >= 0:
            if not set(range(at, at + len(name))) <= covered:
                out.append((name, at))
    return out


def covers(covered: set[int], text: str, phrase: str) -> bool:
    """Whether a finding covers any character of the first ``phrase`` in ``text``."""
    at = text.index(phrase)
    return bool(covered & set(range(at, at + len(phrase))))


def kinds_of(tmp_path: Path, text: str) -> tuple[str, dict[str, tuple[object, str]], set[int]]:
    """(text as read, each finding's text → (label, subtype), the offsets they cover)."""
    read, found, covered = detected(tmp_path, text)
    return read, {f.text: (f.label, f.subtype) for f in found}, covered


def redacted(tmp_path: Path, text: str, strategy: str, name: str = "probe") -> str:
    """The text of ``text`` (saved as a TXT file) redacted with ``strategy`` end to end."""
    from redactor.testing import run_pipeline

    src = tmp_path / f"{name}.txt"
    src.write_text(text, encoding="utf-8")
    return run_pipeline(src, strategy=strategy, output=tmp_path / f"{name}_{strategy}.txt"
                        ).output_text
