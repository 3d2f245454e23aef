"""The redaction pipeline: read → detect → resolve overlaps → group entities → assess risk →
combine → decide → plan (strategies) → write → verify.

Qt-free and synchronous; the CLI and the GUI both drive it. Every plugin component call is
isolated by the host; cancellation is checked between components and documents.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import re
import threading
import uuid
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from redactor.core import read_ahead
from redactor.core.analysis import Analysis, decide, kept_context
from redactor.core.combine import CombinedRisk, triage, vote
from redactor.core.components import ReplacementRequest
from redactor.core.context import RunContext
from redactor.core.contracts import invalid_findings, signals_problem
from redactor.core.entities import entity_index, group_entities
from redactor.core.errors import InputError, RedactorError, UsageError, VerificationError
from redactor.core.hashing import sha256_file
from redactor.core.issue_refs import with_finding_refs, write_failure
from redactor.core.model import (
    Action,
    ComponentFailure,
    Document,
    Finding,
    PlannedReplacement,
    RedactionPlan,
    RiskSignal,
    VerificationIssue,
    VerificationResult,
)
from redactor.core.normalize import detection_views
from redactor.core.ocr_review import review_low_confidence
from redactor.core.policy import Policy
from redactor.core.report import build_report
from redactor.core.verify import CORE_CHECK_BYTES, core_output_issues, output_name_warnings
from redactor.pluginhost.manager import PluginHost, Registered

SNIFF_BYTES = 8192
FALLBACK_STRATEGY = "redact"
log = logging.getLogger("redactor.pipeline")


@dataclass(frozen=True, slots=True)
class ExportResult:
    """What an export produced: the output path, its plan, verification and report."""

    output: Path
    plan: RedactionPlan
    verification: VerificationResult
    report: dict[str, Any]




#: a typed label's entity number ("[QUANTITY 2]"), which shows no original ("2. Klasse" had
#: been masked "[REDACTED]": its label repeated the digit)
_LABEL_NUMBER = re.compile(r"(\[[A-Z][A-Z_]{1,20} )\d+(?=\])")


def keeps_original(original: str, replacement: str) -> bool:
    """Does ``replacement`` still show ``original``? As a substring, or, for an original of
    up to three characters (a co-accused "R", "Sá"), as a whole word: "[PERSON 2]" does not
    show "R", nor "[QUANTITY 2]" a "2" (the entity's number) — and a single letter only in
    its own case: "a person" does not show "A"."""
    secret = original.strip()
    if len(secret) > 3:
        return secret.casefold() in replacement.casefold()
    replacement = _LABEL_NUMBER.sub(r"\1", replacement)  # "[QUANTITY 2]" for "2": a count
    flags = re.IGNORECASE if len(secret) > 1 else 0  # a letter: "a person" does not show "A"
    return bool(secret) and re.search(rf"(?<!\w){re.escape(secret)}(?!\w)", replacement,
                                      flags) is not None


class Pipeline:
    """Drives the plugin components found by a :class:`PluginHost` under a :class:`Policy`."""

    def __init__(self, host: PluginHost, policy: Policy | None = None) -> None:
        self.host = host
        self.policy = policy or Policy()
        self._prepared: dict[str, threading.Thread] | None = None

    # -- loading ahead -----------------------------------------------------------------------
    def preload(self, ctx: RunContext) -> None:
        """Start loading the models and lists of the detectors and the enabled risk indicators
        (their optional ``prepare(ctx)``), each in a thread of its own, so that they load at
        the same time as each other and as the document is read; once per pipeline. ONNX
        Runtime and file reading release the GIL, so this shortens the start-up on any
        machine with more than one core. Fast detectors' ``warm_up(ctx)`` run the same way.
        A component's ``detect``/``assess`` waits for its own ``prepare`` (or ``warm_up``);
        an error there is left for that call to report."""
        if self._prepared is not None:
            return
        self._prepared = {}
        # fast detectors' cheap set-up (``warm_up``: compiling expressions) first: the first
        # detector runs as soon as the document is read
        for component_id, component, prepare in self.warm_ups() + self.preparable():
            thread = threading.Thread(target=self.prepare_one,
                                      args=(component_id, prepare, ctx),
                                      name=f"redactor-prepare-{component_id}")
            self._prepared[f"{id(component)}"] = thread
            thread.start()

    def warm_ups(self, readers: bool = False) -> list[tuple[str, Any, Callable[[RunContext], None]]]:
        """(id, component, its ``warm_up``) of the fast detectors that have one, after those
        of the readers when ``readers`` (the desktop app readies both at start-up)."""
        regs = [*(self.host.components("readers") if readers else ()), *self.fast_detectors()]
        return [(r.id, r.component, warm_up) for r in regs
                if callable(warm_up := getattr(r.component, "warm_up", None))]

    def fast_detectors(self) -> list[Registered[Any]]:
        """The registered detectors without a model to load (no ``prepare``), in order."""
        return [r for r in self.host.components("detectors")
                if not callable(getattr(r.component, "prepare", None))]

    def preparable(self) -> list[tuple[str, Any, Callable[[RunContext], None]]]:
        """(id, component, its ``prepare``) of the detectors and the enabled risk indicators
        that load something ahead of use, in the order the analysis needs them."""
        enabled = set(self.policy.indicators)
        regs = list(self.host.components("detectors")) + [
            r for r in self.host.components("risk_indicators") if not enabled or r.id in enabled]
        return [(r.id, r.component, prepare) for r in regs
                if callable(prepare := getattr(r.component, "prepare", None))]

    @staticmethod
    def prepare_one(component_id: str, prepare: Callable[[RunContext], None],
                     ctx: RunContext) -> None:
        try:
            prepare(ctx)
        except Exception as exc:  # the component's own call reports it (isolated, named)
            log.debug("preparing %s failed (%s)", component_id, type(exc).__name__)

    def _ready(self, component: Any) -> None:
        """Wait for ``component``'s :meth:`preload` thread, if it has one."""
        thread = (self._prepared or {}).get(f"{id(component)}")
        if thread is not None:
            thread.join()

    # -- reading ---------------------------------------------------------------------------
    def reader_for(self, path: Path) -> Registered[Any]:
        """Pick a reader by content (sniffing), never by extension alone."""
        if not path.exists():
            raise InputError(f"{path.name}: file not found")
        if path.is_dir():
            raise InputError(f"{path.name}: is a directory, not a file")
        try:
            with path.open("rb") as fh:
                head = fh.read(SNIFF_BYTES)
        except OSError as exc:
            raise InputError(f"{path.name}: cannot be read ({exc.strerror or exc})") from exc
        if not head:
            raise InputError(f"{path.name}: the file is empty")
        readers = self.host.components("readers")
        suffix = path.suffix.lower()
        claimed = [r for r in readers if suffix in getattr(r.component, "extensions", ())]
        # A known extension must match the content; an unknown one is judged by content alone.
        for reg in claimed or readers:
            if self.host.call(reg.plugin, reg.id, "sniff", reg.component.sniff, path, head):
                return reg
        if claimed:
            actual = next((r.component.format.upper() for r in readers if r not in claimed
                           and self.host.call(r.plugin, r.id, "sniff", r.component.sniff,
                                              path, head)), "")
            looks = f" (its content looks like {actual})" if actual else ""
            raise InputError(
                f"{path.name}: the content is not a valid {claimed[0].component.format.upper()} "
                f"file{looks}; the extension does not match what is inside")
        raise InputError(f"{path.name}: unsupported file type (supported: "
                         + ", ".join(sorted({r.component.format for r in readers})) + ")")

    def read(self, path: Path, ctx: RunContext) -> Document:
        reg = self.reader_for(path)
        ctx.check()
        self.preload(ctx)  # models load while the document is read
        self.hand_ocr_engines(ctx)
        try:
            with ctx.timed("read"):
                doc = reg.component.read(path, ctx)
        except RedactorError:
            raise
        except MemoryError as exc:
            raise InputError(f"{path.name}: too large to process") from exc
        except Exception as exc:
            if self.host.strict:
                raise
            raise InputError(f"{path.name}: cannot be read as {reg.component.format.upper()} "
                             f"({type(exc).__name__})") from exc
        self.host.pm.hook.document_did_open(document=doc, ctx=ctx)
        return doc

    def hand_ocr_engines(self, ctx: RunContext) -> None:
        """Put the registered OCR engines into ``ctx`` (readers OCR scans and pictures,
        writers' verifiers re-read exports with them; docs/ocr.md)."""
        if not ctx.ocr_engines:
            ctx.ocr_engines = {r.id: r.component for r in self.host.components("ocr_engines")}

    # -- analysis --------------------------------------------------------------------------
    def prefetch(self, doc: Document, ctx: RunContext,
                 views: Sequence[Any] | None = None) -> None:
        """Let detectors that can (an optional ``prefetch(doc, ctx)`` method) start their
        slow work on ``doc`` in the background: ``detect`` calls it first, so a model's pass
        runs while the pattern detectors do; ``redactor analyze`` calls it for the next file
        while this one is assessed (:func:`redactor.core.read_ahead.prefetch`)."""
        read_ahead.prefetch(self.host.components("detectors"), doc, ctx, views, self._ready)

    def prefetch_group(self, ctx: RunContext) -> int:
        """How many documents to read ahead and start together (:meth:`prefetch_many`): 1,
        or more where a detector batches documents (the NER on a GPU: 8)."""
        return read_ahead.prefetch_group(self.host.components("detectors"), ctx)

    def prefetch_many(self, items: Sequence[tuple[Document, RunContext]]) -> None:
        """:meth:`prefetch` of several documents, in one job for the detectors that batch."""
        read_ahead.prefetch_many(self.host.components("detectors"), items, self._ready)

    def detect(self, doc: Document, ctx: RunContext,
               on_findings: Callable[[list[Finding]], None] | None = None) -> list[Finding]:
        """Run every detector (isolated) and resolve overlaps."""
        raw: list[Finding] = []
        detectors = self.host.components("detectors")
        # detectors read the text as a reader shows it (look-alike letters, escapes, invisible
        # characters undone: redactor.core.normalize); spans map back onto doc.text
        views = detection_views(doc)
        self.prefetch(doc, ctx, views)
        for n, reg in enumerate(detectors):
            ctx.check()
            ctx.progress(f"detect:{reg.id}", n / max(1, len(detectors)))
            for view in views:
                with ctx.timed(f"detect:{reg.id}"):
                    self._ready(reg.component)
                    found = self.host.call(reg.plugin, reg.id, "detect", lambda c=reg.component,
                                           d=view.document: list(c.detect(d, ctx)))
                if not found:
                    continue
                valid, broken = invalid_findings(found, view.document)
                if broken:  # wrong types, offsets outside the text, text not the slice …
                    self.host.contract_broken(reg.plugin, reg.id, "detect", broken)
                valid = view.to_original(doc, valid)
                raw.extend(valid)
                if on_findings is not None:
                    on_findings(valid)
        ctx.check()
        with ctx.timed("overlaps"):
            resolved = self.host.pm.hook.resolve_overlaps(findings=raw, document=doc)
        return list(resolved or [])

    def assess(self, doc: Document, findings: Sequence[Finding], entities: Sequence[Any],
               ctx: RunContext) -> tuple[tuple[RiskSignal, ...], ...]:
        """Run the enabled risk indicators (isolated); one tuple of signals per finding."""
        per_finding: list[list[RiskSignal]] = [[] for _ in findings]
        enabled = set(self.policy.indicators)
        registered = self.host.components("risk_indicators")
        for missing in sorted(enabled - {r.id for r in registered}):  # a typo, or not loaded
            self.host.failures.append(ComponentFailure(
                "policy", missing, "assess",
                "no such risk indicator is loaded (see `redactor plugins`); the vote runs "
                "without it"))
        indicators = [r for r in registered if not enabled or r.id in enabled]
        if not ctx.search_providers:  # for the web-search indicator (docs/web-search.md)
            ctx.search_providers = {r.id: r.component
                                    for r in self.host.components("search_providers")}
        for n, reg in enumerate(indicators):
            ctx.check()
            ctx.progress(f"risk:{reg.id}", n / max(1, len(indicators)))
            with ctx.timed(f"risk:{reg.id}"):
                self._ready(reg.component)
                out = self.host.call(reg.plugin, reg.id, "assess", lambda c=reg.component:
                                     list(c.assess(doc, findings, entities, ctx)))
            if out is None:
                continue
            problem = signals_problem(out, len(findings))
            if problem:
                self.host.contract_broken(reg.plugin, reg.id, "assess", problem)
                continue
            for i, signal in enumerate(out):
                per_finding[i].append(signal)
        return tuple(tuple(s) for s in per_finding)

    def unused_indicators(self) -> list[Registered[Any]]:
        """Risk indicators from installed (not built-in) plugins that the policy does not run
        (a policy that lists indicators runs only those)."""
        enabled = set(self.policy.indicators)
        if not enabled:
            return []
        builtin = {r.name for r in self.host.records if str(r.origin) == "builtin"}
        return [r for r in self.host.components("risk_indicators")
                if r.id not in enabled and r.plugin not in builtin]

    def policy_warnings(self) -> list[str]:
        """One line per installed risk indicator that the active policy does not run, saying
        how to enable it."""
        return [indicator_not_run(reg.id, reg.plugin, self.policy)
                for reg in self.unused_indicators()]

    def combine(self, findings: Sequence[Finding],
                signals: Sequence[Sequence[RiskSignal]]) -> tuple[CombinedRisk, ...]:
        out = []
        for f, sig in zip(findings, signals, strict=True):
            res = self.host.pm.hook.combine_risk(signals=list(sig), finding=f, k=self.policy.k,
                                                 combiner=self.policy.combiner)
            out.append(res if isinstance(res, CombinedRisk) else vote(sig, self.policy.k))
        return tuple(out)

    def decision_policy(self, ctx: RunContext) -> Policy:
        """The policy with the settings file's term lists (section ``terms``): a user's
        always-mask term is masked and a never-mask term kept whatever the risk vote says."""
        always = tuple(ctx.settings.strings("terms", "always_mask"))
        never = tuple(ctx.settings.strings("terms", "never_mask"))
        return self.policy.with_terms(always, never) if always or never else self.policy

    def analyze(self, doc: Document, ctx: RunContext,
                on_findings: Callable[[list[Finding]], None] | None = None) -> Analysis:
        if ctx.policy is None:
            ctx.policy = self.policy
        findings = self.detect(doc, ctx, on_findings)
        with ctx.timed("entities"):
            entities = group_entities(findings, doc.text)
            ent_of = entity_index(entities, len(findings))
        signals = self.assess(doc, findings, entities, ctx)
        with ctx.timed("decide"):
            combined = self.combine(findings, signals)
            decisions = decide(findings, entities, ent_of, combined, self.decision_policy(ctx))
            decisions = triage(findings, signals, decisions, self.policy)  # uncertain → REVIEW
            # findings beside words OCR read with low confidence go to review (docs/ocr.md)
            decisions, ocr_notes = review_low_confidence(doc, findings, entities, decisions)
        ctx.progress("analysed", 1.0)
        analysis = Analysis(doc, tuple(findings), entities, ent_of, signals, combined, decisions,
                            self.policy, tuple(collapse(self.host.take_failures())),
                            tuple(self.policy_warnings()) + ocr_notes)
        # context (a kept legal provision) is not listed: it shaped detection, names no one
        analysis = analysis.without(kept_context(findings, decisions, self.policy))
        self.host.pm.hook.analysis_did_finish(analysis=analysis, ctx=ctx)
        return analysis

    # -- planning --------------------------------------------------------------------------
    def plan(self, analysis: Analysis, ctx: RunContext) -> RedactionPlan:
        """Choose a replacement for every masked (or still under review) mention.

        Mentions under review are masked on export: recall comes first. A strategy that fails
        or returns the original text falls back to the plain ``redact`` marker (see
        :meth:`plan_with_warnings` for the warnings that says so).
        """
        return self.plan_with_warnings(analysis, ctx)[0]

    def plan_with_warnings(self, analysis: Analysis, ctx: RunContext
                           ) -> tuple[RedactionPlan, list[str]]:
        """:meth:`plan`, plus one warning per strategy that fell back (naming it, the reason
        and how many mentions); repeated failures of one strategy are recorded once."""
        doc = analysis.document
        replacements: list[PlannedReplacement] = []
        fallbacks: dict[tuple[str, str, str, str], int] = {}
        n_failures = len(self.host.failures)
        last_end = -1
        for i in sorted(analysis.masked_indices, key=lambda j: analysis.findings[j].span.start):
            f = analysis.findings[i]
            if f.span.start < last_end:
                continue
            entity = analysis.entity_for(i)
            decision = analysis.decisions[i]
            strategy_id = decision.strategy or self.policy.strategy_for(f.label)
            rule = self.policy.rule(f.label)
            request = ReplacementRequest(f, entity, doc, rule.level, dict(self.policy.options))
            text, used, why = self._replacement(strategy_id, request, ctx)
            if why:
                key = (strategy_id, self._plugin_of(strategy_id), why, used)
                fallbacks[key] = fallbacks.get(key, 0) + 1
            replacements.append(PlannedReplacement(f.span, f.label, f.subtype, entity.id, used,
                                                   text, f.text))
            last_end = f.span.end
        self.host.failures[n_failures:] = collapse(self.host.failures[n_failures:])
        plan = RedactionPlan(doc.id, tuple(replacements), self.policy.name,
                             dict(self.policy.options),
                             tuple(dict.fromkeys(self.decision_policy(ctx).always_mask)))
        warnings = [f"strategy {sid!r} (plugin {plugin!r}) {why} for {n} mention(s); they were "
                    f"masked with {used!r} instead" for (sid, plugin, why, used), n
                    in fallbacks.items()]
        return plan, warnings

    def _plugin_of(self, strategy_id: str) -> str:
        reg = self.host.component("strategies", strategy_id)
        return reg.plugin if reg is not None else "?"

    def _replacement(self, strategy_id: str, request: ReplacementRequest,
                     ctx: RunContext) -> tuple[str, str, str]:
        """(replacement, strategy used, why the requested one was not used or "")."""
        reg = self.host.component("strategies", strategy_id)
        if reg is None:
            raise UsageError(f"unknown strategy {strategy_id!r}; available: "
                             + ", ".join(r.id for r in self.host.components("strategies")))
        refused: list[UsageError] = []
        raised: list[bool] = []

        def replace() -> str | None:
            try:
                return reg.component.replacement(request, ctx)
            except UsageError as exc:  # asked for what cannot be done here (a missing key):
                refused.append(exc)     # stop, rather than fall back to another strategy
                return None
            except Exception:
                raised.append(True)
                raise

        text = self.host.call(reg.plugin, reg.id, "replacement", replace)
        if refused:
            raise refused[0]
        if isinstance(text, str) and not keeps_original(request.finding.text, text):
            return text, reg.id, ""
        why = ("failed (raised an error)" if raised else
               "returned the original text" if isinstance(text, str) else
               f"returned a {type(text).__name__}, not a str")
        fallback = self.host.component("strategies", FALLBACK_STRATEGY)
        if fallback is None or reg.id == FALLBACK_STRATEGY:
            return "█" * max(1, len(request.finding.text)), "blocks", why
        return fallback.component.replacement(request, ctx), fallback.id, why

    # -- writing ---------------------------------------------------------------------------
    def writer_for(self, fmt: str) -> Registered[Any]:
        for reg in self.host.components("writers"):
            if reg.component.format == fmt:
                return reg
        raise UsageError(f"no writer for format {fmt!r}")

    def export(self, analysis: Analysis, dest: Path, ctx: RunContext, *,
               output_format: str | None = None, force: bool = False) -> ExportResult:
        """Write a redacted copy atomically, verify it by re-reading, or leave no file."""
        doc = analysis.document
        dest = Path(dest)
        _refuse_input(doc.source, dest)
        if dest.exists() and not force:
            raise UsageError(f"{dest.name}: output exists (use --force to replace it)")
        if dest.exists() and dest.is_dir():
            raise UsageError(f"{dest.name}: output is a directory")
        if not dest.parent.is_dir():
            raise UsageError(f"{dest.parent}: output folder does not exist")
        fmt = output_format or _format_from_suffix(dest, self) or doc.format
        writer = self.writer_for(fmt)
        self.hand_ocr_engines(ctx)
        self.host.take_failures()
        plan, plan_warnings = self.plan_with_warnings(analysis, ctx)
        plan_failures = tuple(self.host.take_failures())
        ctx.check()
        tmp = dest.parent / f".{dest.name}.partial-{uuid.uuid4().hex[:8]}"
        try:
            ctx.progress("write", 0.0)
            try:
                writer.component.write(doc, plan, tmp, ctx)
            except RedactorError:
                raise
            except Exception as exc:
                if self.host.strict:
                    raise
                raise write_failure(doc, fmt, exc) from exc
            if not tmp.is_file():
                raise RedactorError(f"the {fmt.upper()} writer wrote no file")
            ctx.check()
            ctx.progress("verify", 0.5)
            try:
                result = writer.component.verify(doc, plan, tmp, ctx)
            except Exception as exc:
                if self.host.strict:
                    raise
                raise VerificationError(
                    f"verification could not re-read the output ({type(exc).__name__}); "
                    "no file was written") from exc
            if not isinstance(result, VerificationResult):
                raise VerificationError(f"the {fmt.upper()} writer's verification returned no "
                                        "result; no file was written")
            if not result.ok:
                where = "; ".join(f"{i.where}: {i.what}" for i in result.issues[:5])
                raise VerificationError(  # each issue names its findings (id, page)
                    f"verification failed, no file was written: {where}",
                    with_finding_refs(result.issues, analysis, plan))
            core = self._core_check(doc, plan, tmp, third_party=self._third_party(writer))
            if core:
                where = "; ".join(f"{i.where}: {i.what}" for i in core[:5])
                raise VerificationError(
                    f"the core's own check failed, no file was written: {where}",
                    with_finding_refs(core, analysis, plan))
            with tmp.open("rb") as fh:
                os.fsync(fh.fileno())
            os.replace(tmp, dest)
        finally:
            tmp.unlink(missing_ok=True)
        ctx.progress("done", 1.0)
        if plan_failures or plan_warnings:
            analysis = dataclasses.replace(analysis, failures=analysis.failures + plan_failures,
                                           warnings=analysis.warnings + tuple(plan_warnings))
        named = output_name_warnings(dest.name, [s for _, s in plan.labelled_secrets()])
        if named:  # the output's name is the user's choice: said, not refused
            result = dataclasses.replace(result, warnings=(*result.warnings, *named))
        report = build_report(analysis, plan, result, dest, sha256_file(dest))
        out = ExportResult(dest, plan, result, report)
        self.host.pm.hook.redaction_did_write(result=out, ctx=ctx)
        return out

    def _third_party(self, writer: Registered[Any]) -> bool:
        """Whether a writer comes from a plugin other than the built-in ones."""
        return not any(r.name == writer.plugin and str(r.origin) == "builtin"
                       for r in self.host.plugin_records())

    @staticmethod
    def _core_check(doc: Document, plan: RedactionPlan, output: Path, *, third_party: bool
                    ) -> list[VerificationIssue]:
        """:func:`core_output_issues` on the written file (bounded reads)."""
        size = output.stat().st_size
        same = False
        if plan.replacements:  # something was replaced: the file must differ
            try:
                if size == doc.source.stat().st_size:
                    same = output.read_bytes() == doc.source.read_bytes()
            except OSError:
                same = False
        views: list[str] = []
        if third_party and not same and size <= CORE_CHECK_BYTES:
            data = output.read_bytes()
            chunks = [data]
            if zipfile.is_zipfile(output):
                with zipfile.ZipFile(output) as zf:
                    budget = CORE_CHECK_BYTES
                    for info in zf.infolist():
                        if info.file_size > budget:
                            break
                        budget -= info.file_size
                        chunks.append(zf.read(info))
            for chunk in chunks:
                views += [chunk.decode("utf-8", "ignore"), chunk.decode("latin-1"),
                          chunk.decode("utf-16-le", "ignore")]
        secrets = [s for _, s in plan.labelled_secrets()]
        return core_output_issues(same, secrets, plan.apply_to_text(doc.text), views)

    def redact_file(self, path: Path, dest: Path, ctx: RunContext, *,
                    output_format: str | None = None, force: bool = False) -> ExportResult:
        doc = self.read(path, ctx)
        analysis = self.analyze(doc, ctx)
        return self.export(analysis, dest, ctx, output_format=output_format, force=force)


def indicator_not_run(indicator: str, plugin: str, policy: Policy) -> str:
    """The one-line note that an installed risk indicator is not run, and how to enable it."""
    ids = ",".join([*policy.indicators, indicator])
    return (f"risk indicator {indicator!r} (plugin {plugin!r}) is installed but policy "
            f"{policy.name!r} does not run it: add it to [risk] indicators in a policy file "
            f"(docs/policies.md) or pass --indicators {ids}")


def collapse(failures: Sequence[ComponentFailure]) -> list[ComponentFailure]:
    """Identical failures once each, with how often they happened ("… (12 times)")."""
    counts: dict[ComponentFailure, int] = {}
    for f in failures:
        counts[f] = counts.get(f, 0) + 1
    return [f if n == 1 else dataclasses.replace(f, error=f"{f.error} ({n} times)")
            for f, n in counts.items()]


def _refuse_input(source: Path, dest: Path) -> None:
    try:
        same = dest.exists() and source.exists() and os.path.samefile(source, dest)
    except OSError:
        same = False
    if same or dest.resolve() == source.resolve():
        raise UsageError("refusing to overwrite the input file; choose another output path")


def _format_from_suffix(dest: Path, pipeline: Pipeline) -> str | None:
    suffix = dest.suffix.lower()
    for reg in pipeline.host.components("readers"):
        if suffix in getattr(reg.component, "extensions", ()):
            fmt = reg.component.format
            if any(w.component.format == fmt for w in pipeline.host.components("writers")):
                return str(fmt)
    return None


def masked_actions() -> tuple[Action, ...]:
    return (Action.MASK, Action.REVIEW)
