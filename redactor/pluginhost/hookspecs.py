"""The hook specifications: the reference for plugin authors.

Each ``register_*`` hook receives a ``register`` callable; call it once per component you
provide. Components are then called directly by the pipeline, each call isolated: an
exception is recorded as a :class:`~redactor.core.model.ComponentFailure` and the run goes
on (``REDACTOR_STRICT_PLUGINS=1`` re-raises instead).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pluggy

PROJECT = "redactor"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def register_detectors(register: Callable[[Any], None]) -> None:
    """Register detectors: objects with ``id``, ``version`` and ``detect(doc, ctx)``.

    ``detect`` returns :class:`~redactor.plugin_api.Finding` objects whose spans index into
    ``doc.text`` and whose label is one of the eight TAB types.
    """


@hookspec
def register_risk_indicators(register: Callable[[Any], None]) -> None:
    """Register risk indicators: objects with ``id``, ``version`` and
    ``assess(doc, findings, entities, ctx)`` returning one ``RiskSignal`` per finding."""


@hookspec
def register_strategies(register: Callable[[Any], None]) -> None:
    """Register replacement strategies: objects with ``id``, ``version`` and
    ``replacement(request, ctx) -> str``. The id is what ``--strategy`` and policies name."""


@hookspec
def register_readers(register: Callable[[Any], None]) -> None:
    """Register document readers: ``id``, ``version``, ``format``, ``extensions``,
    ``sniff(path, head) -> bool`` and ``read(path, ctx) -> Document``."""


@hookspec
def register_writers(register: Callable[[Any], None]) -> None:
    """Register document writers: ``id``, ``version``, ``format``,
    ``write(doc, plan, dest, ctx)`` and ``verify(doc, plan, output, ctx)``."""


@hookspec
def register_search_providers(register: Callable[[Any], None]) -> None:
    """Register online search providers (``search(query, ctx)``). They are only ever called
    when the user allowed network access; the core never calls them otherwise."""


@hookspec
def register_ocr_engines(register: Callable[[Any], None]) -> None:
    """Register OCR engines: ``id``, ``version`` and ``recognize(image, ctx)`` returning
    :class:`~redactor.plugin_api.OcrWord` objects (text, pixel box, confidence) in reading
    order. Engines run offline with weights that ship inside their package."""


@hookspec
def register_settings(register: Callable[[Any], None]) -> None:
    """Register settings sections: ``register(SettingsSection(name, defaults, description))``.
    Defaults are merged under what the user saved; never register secrets."""


@hookspec
def register_commands(commands: Any) -> None:
    """Add CLI sub-commands: ``commands.add(name, help, configure, run)`` where
    ``configure(parser)`` adds arguments to an ``argparse`` parser and ``run(args) -> int``
    returns the exit code."""


@hookspec(historic=True)
def configure(settings: Any) -> None:
    """Called once with the loaded :class:`~redactor.core.settings.Settings` (historic: also
    for plugins registered later)."""


@hookspec
def document_did_open(document: Any, ctx: Any) -> None:
    """Called after a document was read. Must not log document text."""


@hookspec
def analysis_did_finish(analysis: Any, ctx: Any) -> None:
    """Called when a document's analysis (detection, risk, decisions) is complete."""


@hookspec
def redaction_did_write(result: Any, ctx: Any) -> None:
    """Called after an export was written and verified."""


@hookspec(firstresult=True)
def resolve_overlaps(findings: Sequence[Any], document: Any) -> list[Any] | None:
    """Return the findings with overlaps resolved (non-overlapping, sorted), or ``None`` to
    let the next implementation decide. The built-in default runs last (``trylast``)."""


@hookspec(firstresult=True)
def combine_risk(signals: Sequence[Any], finding: Any, k: int, combiner: str) -> Any | None:
    """Return a ``CombinedRisk`` for one finding from its risk signals, or ``None`` to defer.
    The built-in default (vote: risky when ≥ k of n signals are) runs last."""
