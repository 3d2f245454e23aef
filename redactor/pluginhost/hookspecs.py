"""The hook specifications: the reference for plugin authors.

Each ``register_*`` hook receives a ``register`` callable; call it once per component you
provide. Components are then called directly by the pipeline, each call isolated: an
exception, or a result that breaks the component's contract (checked), is recorded as a
:class:`~redactor.core.model.ComponentFailure` naming the plugin, the component and the rule,
and the run goes on (``REDACTOR_STRICT_PLUGINS=1`` raises instead). A plugin module must
implement at least one hook (decorated with ``@hookimpl``), else it is recorded as failed.
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
    """Register detectors (:class:`~redactor.plugin_api.Detector`): objects with ``id``,
    ``version`` and ``detect(doc, ctx) -> Iterable[Finding]``.

    Each :class:`~redactor.plugin_api.Finding` has a :class:`~redactor.plugin_api.Label` (one
    of the eight TAB types, not a string), a non-empty span inside ``doc.text`` and
    ``text == doc.text[start:end]``; a finding that breaks a rule is left out and reported as
    a failure naming the rule and the finding's index. Overlaps between detectors are
    resolved afterwards (see ``resolve_overlaps``).
    """


@hookspec
def register_risk_indicators(register: Callable[[Any], None]) -> None:
    """Register risk indicators (:class:`~redactor.plugin_api.RiskIndicator`): objects with
    ``id``, ``version`` and ``assess(doc, findings, entities, ctx) -> Sequence[RiskSignal]``.

    ``assess`` returns exactly one ``RiskSignal(indicator, score, risky, explanation="",
    abstained=False)`` per finding, in order: ``indicator`` is your id, ``score`` your
    estimate, ``risky`` your vote, ``explanation`` a reason for the reviewer, ``abstained``
    True when you could not judge (no vote). An indicator runs only when the active policy
    lists it in ``[risk] indicators`` (or the list is empty); otherwise every run warns that
    it is installed but not run (docs/policies.md).
    """


@hookspec
def register_strategies(register: Callable[[Any], None]) -> None:
    """Register replacement strategies (:class:`~redactor.plugin_api.Strategy`): objects with
    ``id``, ``version`` and ``replacement(request, ctx) -> str``. The id is what
    ``--strategy`` and policies name.

    A ``ReplacementRequest`` carries ``finding`` (the mention; its ``text`` must not come
    back), ``entity`` (its coreference group), ``document``, ``level`` (the policy's level for
    the label, e.g. ``"year"``) and ``options`` (the policy's ``[options]``). Keep numbering
    or pseudonyms consistent in ``ctx.memo_for(self.id)`` (it lives as long as the
    ``RunContext``). A strategy that raises or returns the original text is replaced by
    ``redact`` for that mention and a warning names it.
    """


@hookspec
def register_readers(register: Callable[[Any], None]) -> None:
    """Register document readers (:class:`~redactor.plugin_api.DocumentReader`): ``id``,
    ``version``, ``format``, ``extensions``, ``sniff(path, head) -> bool`` and
    ``read(path, ctx) -> Document``. The reader is chosen by content: ``sniff`` decides."""


@hookspec
def register_writers(register: Callable[[Any], None]) -> None:
    """Register document writers (:class:`~redactor.plugin_api.DocumentWriter`): ``id``,
    ``version``, ``format``, ``write(doc, plan, dest, ctx)`` and
    ``verify(doc, plan, output, ctx) -> VerificationResult``. The core verifies the written
    file too, then renames it into place, or deletes it."""


@hookspec
def register_search_providers(register: Callable[[Any], None]) -> None:
    """Register search providers for the ``web-search`` indicator: ``id``, ``version``,
    ``needs_network``, ``reports_total_hits`` and ``search(query, k, ctx) -> SearchResult``.
    A provider that needs the network is only called after the user consented to the exact
    queries; the core never calls providers itself (docs/web-search.md)."""


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
    let the next implementation decide. The built-in default runs last (``trylast``): a
    validated finding beats a longer one, then the longer span, then the higher score; a
    finding that strictly contains the ones it overlaps keeps its extent (no detected
    character is left in clear) and takes the type of the strongest one inside."""


@hookspec(firstresult=True)
def combine_risk(signals: Sequence[Any], finding: Any, k: int, combiner: str) -> Any | None:
    """Return a ``CombinedRisk`` for one finding from its risk signals, or ``None`` to defer.
    The built-in default (vote: risky when ≥ k of n signals are) runs last."""
