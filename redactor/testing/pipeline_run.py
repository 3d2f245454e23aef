"""``run_pipeline``: the real pipeline (read → detect → risk → plan → write → verify) on one
file, with the built-ins plus your plugin objects, offline and without autoloading."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from redactor.core.analysis import Analysis
from redactor.core.context import RunContext
from redactor.core.model import ComponentFailure, Finding
from redactor.core.pipeline import ExportResult, Pipeline
from redactor.core.policy import Policy, load_policy
from redactor.core.settings import Settings
from redactor.pluginhost.manager import PluginHost
from redactor.testing.guards import NetworkGuard


@dataclass(frozen=True, slots=True)
class PipelineRun:
    """What one run produced: the analysis, its findings, the verified export and its text as
    Redactor's own reader reads it back."""

    analysis: Analysis
    findings: list[Finding]
    output: Path
    output_text: str
    export: ExportResult
    failures: list[ComponentFailure]

    @property
    def labels(self) -> list[str]:
        """The findings' labels, in order (``["PERSON", "LOC", …]``)."""
        return [str(f.label) for f in self.findings]


def run_pipeline(path: str | Path, plugins: Sequence[tuple[str, object]] = (), *,
                 strategy: str | None = "redact", policy: str | Policy = "default",
                 deny: Iterable[str] = (), output: Path | None = None,
                 builtins: Iterable[str] | None = None,
                 settings: Mapping[str, Any] | None = None, strict: bool = True) -> PipelineRun:
    """Analyse and redact ``path`` as ``redactor redact`` would, with the built-ins (or the
    given built-in modules) plus ``plugins`` (``(name, module_or_object)`` pairs).

    ``strategy`` replaces every label's strategy (``None``: the policy's own); ``policy`` is
    a preset name, a TOML path or a :class:`Policy`; ``deny`` are always-mask terms;
    ``output`` defaults to ``<stem>.redacted<suffix>`` next to the input (replaced if it
    exists). ``settings`` are settings sections (nothing is read from the user's files).
    ``strict`` (the default) re-raises a plugin's exception instead of recording it, so a
    test sees it. Any network access that leaves the machine is refused and fails the run.
    """
    path = Path(path)
    dest = Path(output) if output is not None else path.with_name(
        f"{path.stem}.redacted{path.suffix}")
    kwargs: dict[str, Any] = {} if builtins is None else {"builtins": tuple(builtins)}
    host = PluginHost(Settings(dict(settings or {})), load_entrypoints=False,
                      load_user_folder=False, extra_plugins=list(plugins), strict=strict,
                      **kwargs)
    chosen = policy if isinstance(policy, Policy) else load_policy(policy)
    chosen = chosen.with_terms(tuple(deny))
    if strategy:
        chosen = chosen.with_strategy(strategy)
    pipeline = Pipeline(host, chosen)
    with NetworkGuard() as net:
        ctx = RunContext(settings=host.settings, network_allowed=False)
        analysis = pipeline.analyze(pipeline.read(path, ctx), ctx)
        export = pipeline.export(analysis, dest, ctx, force=True)
        output_text = _read_back(export.output, pipeline)
    if net.attempts:
        raise AssertionError("a plugin tried to reach the network during the run: "
                             + "; ".join(dict.fromkeys(net.attempts)))
    reported = [ComponentFailure(f["plugin"], f["component"], f["phase"], f["error"])
                for f in export.report.get("failures", [])]
    failures = list(dict.fromkeys([*analysis.failures, *reported, *host.take_failures()]))
    return PipelineRun(analysis, list(analysis.findings), export.output, output_text, export,
                       failures)


def _read_back(output: Path, pipeline: Pipeline) -> str:
    """The export's text as the built-in readers read it (the run's own host when no
    built-in reads its format)."""
    own = PluginHost(Settings(), load_entrypoints=False, load_user_folder=False)
    ctx = RunContext(settings=own.settings, network_allowed=False)
    suffix = output.suffix.lower()
    if any(suffix in getattr(r.component, "extensions", ()) for r in own.components("readers")):
        return Pipeline(own).read(output, ctx).text
    return pipeline.read(output, ctx).text
