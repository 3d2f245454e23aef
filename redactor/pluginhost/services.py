"""Services for plugins' own CLI commands (``register_commands``): the user's saved settings,
reading a file with the installed readers and running the detectors — as the pipeline does.

Re-exported by :mod:`redactor.plugin_api`; a plugin never needs the host or the pipeline itself.
The pipeline is built lazily, once per settings object.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from redactor.core.settings import Settings

if TYPE_CHECKING:
    from redactor.core.context import RunContext
    from redactor.core.model import Document, Entity, Finding

_cached: tuple[Settings, Any] | None = None


def user_settings() -> Settings:
    """The user's saved settings (defaults where the file sets nothing)."""
    return Settings.load()


def _pipeline(settings: Settings) -> Any:
    global _cached
    if _cached is not None and _cached[0] is settings:
        return _cached[1]
    from redactor.core.pipeline import Pipeline
    from redactor.pluginhost.manager import PluginHost

    extra = os.environ.get("REDACTOR_NO_PLUGINS") != "1"
    pipeline = Pipeline(PluginHost(settings, load_entrypoints=extra, load_user_folder=extra))
    _cached = (settings, pipeline)
    return pipeline


def _context(ctx: RunContext | None) -> RunContext:
    from redactor.core.context import RunContext

    return ctx if ctx is not None else RunContext(settings=user_settings())


def read_document(path: str | os.PathLike[str], ctx: RunContext | None = None) -> Document:
    """Read ``path`` with the reader its content calls for; raises ``InputError`` when it
    cannot be read (the message never quotes the document)."""
    ctx = _context(ctx)
    return _pipeline(ctx.settings).read(Path(path), ctx)  # type: ignore[no-any-return]


def detect_entities(doc: Document, ctx: RunContext | None = None
                    ) -> tuple[list[Finding], tuple[Entity, ...]]:
    """Every detector's findings in ``doc`` (overlaps resolved) and their entities."""
    from redactor.core.entities import group_entities

    ctx = _context(ctx)
    findings = _pipeline(ctx.settings).detect(doc, ctx)
    return findings, group_entities(findings)
