"""Helpers for plugin authors' tests (no pytest dependency at import time).

    from redactor.testing import document_from_text, isolated_host

    def test_my_detector():
        doc = document_from_text("She sailed on the Titanic.")
        findings = list(MyDetector().detect(doc, RunContext()))
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

from redactor.core.model import Document, Segment, Span
from redactor.pluginhost.manager import PluginHost


def document_from_text(text: str, name: str = "test.txt") -> Document:
    """An in-memory TXT document (no file needed) for detector and indicator tests."""
    return Document(id=name, source=Path(name), format="txt", text=text,
                    segments=(Segment(Span(0, len(text)), "text"),),
                    metadata={"encoding": "utf-8"},
                    sha256=hashlib.sha256(text.encode()).hexdigest())


def isolated_host(*plugins: tuple[str, object], builtins: Iterable[str] | None = None
                  ) -> PluginHost:
    """A host with the built-ins (or the given ones) plus your plugin objects, and without
    autoloading anything installed on the machine."""
    kwargs = {} if builtins is None else {"builtins": tuple(builtins)}
    return PluginHost(load_entrypoints=False, load_user_folder=False,
                      extra_plugins=list(plugins), **kwargs)  # type: ignore[arg-type]
