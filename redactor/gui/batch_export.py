"""Export all and Export folder, the part that runs in the background job (no widgets).

One run writes every input into the output folder, mirroring the tree as ``redactor batch``
does, and records each file in the batch journal there (``.redactor-journal.sqlite``), so the
same export run again redoes only what is not done yet:

- files carrying the reviewer's own work — an analysis in the app with decisions, marks or
  strategies of the reviewer, else a saved review next to the file
  (``FILE.redactor-review.json``) — and files opened with a password are exported here, from
  that analysis (:class:`OwnFile`), each verified like any export;
- every other file goes through the batch engine (:func:`redactor.batch.run_batch`, the
  ``inline`` engine on the app's own pipeline, whose models are already loaded).

The engine cannot take per-file decisions, so it never sees the first kind: they are excluded
from its inputs (the tree's root is computed over all inputs first, so the output paths do not
move). Saved reviews are never inputs. Nothing here logs or returns document text.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from redactor.batch import BatchOptions, BatchProgress, run_batch
from redactor.batch import journal as jn
from redactor.batch.inputs import Source, expand_inputs
from redactor.batch.runner import journal_files, journal_lock, make_setup
from redactor.core.analysis import Analysis
from redactor.core.context import CancelToken, RunContext
from redactor.core.errors import (
    CancelledError,
    InputError,
    RedactorError,
    UsageError,
    VerificationError,
)
from redactor.core.hashing import sha256_file
from redactor.core.model import Label
from redactor.core.pipeline import ExportResult, Pipeline
from redactor.core.policy import Policy
from redactor.core.redact_one import DONE, FAILED, REFUSED, RedactionRecord, error_fields
from redactor.core.review_file import (
    SUFFIX,
    USER_DETECTOR,
    apply_review,
    load_review,
    review_path_for,
)
from redactor.core.settings import Settings
from redactor.gui.export_dialog import with_strategy_everywhere

SKIPPED, PENDING = "skipped", "pending"  # besides done, refused, failed


def has_reviewer_work(analysis: Analysis) -> bool:
    """Whether the analysis holds anything the reviewer decided (a mark, a decision, a
    strategy of their own): the batch engine, which analyses afresh, would lose it."""
    for f, d in zip(analysis.findings, analysis.decisions, strict=True):
        if f.detector == USER_DETECTOR or d.decided_by == "user":
            return True
        if d.strategy and d.strategy != analysis.policy.strategy_for(Label(f.label)):
            return True
    return False


@dataclass(frozen=True, slots=True)
class AppFile:
    """What the app knows of one input: its analysis, whether that holds what the engine
    cannot redo (``reviewed``: see :func:`app_file`), its password, and where this very
    analysis was exported before."""

    path: Path
    analysis: Analysis | None = None
    reviewed: bool = False
    password: str | None = field(default=None, repr=False)
    exported_to: Path | None = None


def app_file(path: Path, analysis: Analysis | None, engine_policy: Policy,
             password: str | None = None, exported_to: Path | None = None) -> AppFile:
    """An :class:`AppFile`; its analysis counts as reviewed when it holds the reviewer's work
    or was made under another policy than the engine's (another preset, k, or web search
    the user consented to): what the reviewer sees is what is exported."""
    reviewed = analysis is not None and (has_reviewer_work(analysis)
                                         or analysis.policy != engine_policy)
    return AppFile(path, analysis, reviewed, password, exported_to)


@dataclass(frozen=True, slots=True)
class ExportRequest:
    """One export: ``inputs`` (files, or one folder) into ``outdir``. ``policy`` is the
    engine's (a strategy override applied); ``strategy`` is laid over the files exported
    from an analysis."""

    inputs: tuple[Path, ...]
    outdir: Path
    policy: Policy
    settings: Settings
    app: tuple[AppFile, ...] = ()
    recursive: bool = False
    strategy: str | None = None


@dataclass(frozen=True, slots=True)
class FileOutcome:
    """How one input ended: done, skipped (done before), refused, failed or pending."""

    path: Path
    rel: str
    status: str
    output: Path | None = None
    reason: str = ""
    result: ExportResult | None = None  # files exported here (not by the engine)


@dataclass
class ExportOutcome:
    """Every input's outcome, in the tree's order, and the run's time."""

    files: list[FileOutcome]
    journal: Path
    seconds: float = 0.0
    cancelled: bool = False
    error: str = ""  # the engine refused to start (another batch holds the journal …)

    def count(self, status: str) -> int:
        return sum(1 for f in self.files if f.status == status)


class _Progress:
    """Reports the whole run's progress as one :class:`BatchProgress`."""

    def __init__(self, total: int, sink: Callable[[BatchProgress], None] | None) -> None:
        self.total, self.sink = total, sink
        self.start = time.monotonic()
        self.own: dict[str, int] = dict.fromkeys((DONE, SKIPPED, REFUSED, FAILED), 0)

    def own_file(self, out: FileOutcome) -> None:
        if out.status in self.own:
            self.own[out.status] += 1
        self.emit(out.rel, out.status, out.reason)

    def engine(self, p: BatchProgress) -> None:
        self.emit(p.last, p.last_status, p.last_error, p)

    def emit(self, last: str = "", status: str = "", error: str = "",
             p: BatchProgress | None = None) -> None:
        if self.sink is None:
            return
        o = self.own
        done = o[DONE] + (p.done if p else 0)
        skipped = o[SKIPPED] + (p.skipped if p else 0)
        refused = o[REFUSED] + (p.refused if p else 0)
        failed = o[FAILED] + (p.failed if p else 0)
        finished = done + skipped + refused + failed
        elapsed = time.monotonic() - self.start
        worked = done + refused + failed  # files skipped as done before took no time
        eta = (self.total - finished) * elapsed / worked if worked and elapsed > 0 else None
        self.sink(BatchProgress(
            total=self.total, finished=finished, done=done, skipped=skipped, refused=refused,
            failed=failed, in_flight=p.in_flight if p else 1, elapsed=elapsed,
            files_per_s=done / elapsed if elapsed > 0 and done else 0.0, eta_s=eta,
            last=last, last_status=status, last_error=error))


def run_export(req: ExportRequest, pipeline: Pipeline,
               make_context: Callable[[str | None], RunContext], *,
               progress: Callable[[BatchProgress], None] | None = None,
               cancel: CancelToken | None = None) -> ExportOutcome:
    """Run one export (see the module docstring) in the calling thread. ``pipeline`` runs
    under ``req.policy`` (with ``req.strategy`` applied); ``make_context(password)`` gives a
    fresh context per file. Raises :class:`UsageError` for unusable inputs or outputs."""
    cancel = cancel or CancelToken()
    outdir = Path(os.path.abspath(req.outdir))
    outdir.mkdir(parents=True, exist_ok=True)
    journal_path = outdir / jn.DEFAULT_NAME
    inputs = tuple(p for p in req.inputs if Path(p).exists())
    gone = [FileOutcome(Path(p), Path(p).name, REFUSED, None, f"{Path(p).name}: file not found")
            for p in req.inputs if not Path(p).exists()]  # moved or deleted since it was opened
    sources = expand_inputs(inputs, outdir, recursive=req.recursive,
                            exclude=journal_files(journal_path)) if inputs else []
    reviews = tuple(s.path for s in sources if s.path.name.endswith(SUFFIX))
    sources = [s for s in sources if not s.path.name.endswith(SUFFIX)]
    if not sources and not gone:
        raise UsageError("no files to export")
    app = {Path(os.path.abspath(a.path)): a for a in req.app}
    own = [(s, app.get(s.path)) for s in sources if _exported_here(s.path, app.get(s.path))]
    own_paths = {s.path for s, _ in own}
    key = make_setup(BatchOptions(policy=req.policy, settings=req.settings)).key()
    track = _Progress(len(sources), progress)
    track.emit()
    outcomes: dict[Path, FileOutcome] = {}
    started = time.time()
    if own:
        with journal_lock(journal_path), jn.Journal(journal_path) as journal:
            for src, known in own:
                if cancel.cancelled:
                    break
                out = _export_own(src, known, req.strategy, pipeline, make_context, journal,
                                  key)
                outcomes[src.path] = out
                track.own_file(out)
    error = ""
    rest = [s for s in sources if s.path not in own_paths]
    if rest and not cancel.cancelled:
        options = BatchOptions(policy=req.policy, settings=req.settings, engine="inline",
                               pipeline=pipeline, retries=1, recursive=req.recursive,
                               exclude=reviews + tuple(sorted(own_paths)))
        try:
            run_batch(inputs, outdir, options, progress=track.engine, cancel=cancel)
        except RedactorError as exc:
            error = str(exc)
        if not error:
            outcomes.update(_engine_outcomes(journal_path, rest, started))
    files = [outcomes.get(s.path) or FileOutcome(s.path, s.rel, PENDING, s.output)
             for s in sources] + gone
    return ExportOutcome(files, journal_path, round(time.monotonic() - track.start, 3),
                         cancel.cancelled, error)


def _exported_here(path: Path, known: AppFile | None) -> bool:
    """Whether this file is exported here rather than by the engine."""
    if known is not None and known.reviewed:
        return True
    return review_path_for(path).is_file() or (known is not None and bool(known.password))


def _export_own(src: Source, known: AppFile | None, strategy: str | None, pipeline: Pipeline,
                make_context: Callable[[str | None], RunContext], journal: jn.Journal,
                key: str) -> FileOutcome:
    """Export one file from the reviewer's analysis (or its saved review) and journal it."""
    start = time.perf_counter()
    name = src.path.name

    def ended(status: str, exc: BaseException) -> FileOutcome:
        cls, reason = error_fields(exc)
        if status != PENDING and journal.get(str(src.path)) is not None:
            code = exc.exit_code if isinstance(exc, RedactorError) else 1
            journal.finish(str(src.path), RedactionRecord(
                status, code, round(time.perf_counter() - start, 4), error_class=cls,
                error_message=reason))
        return FileOutcome(src.path, src.rel, status, src.output, reason)

    sidecar = review_path_for(src.path)
    analysis = known.analysis if known is not None else None
    if known is not None and not known.reviewed and sidecar.is_file():
        analysis = None  # nothing changed in the app: the saved review is the reviewer's work
    try:
        sha = sha256_file(src.path)
        old = journal.get(str(src.path))
        if _done_before(old, src, sha, key, analysis, known, sidecar):
            return FileOutcome(src.path, src.rel, SKIPPED, src.output)
        owned = old is not None and old.output == str(src.output)
        if src.output.exists() and not owned:
            raise UsageError(f"{src.output.name}: a file of that name exists in the output "
                             "folder and was not written by this export; it was left alone")
        ctx = make_context(known.password if known is not None else None)
        if analysis is None:
            review = load_review(sidecar) if sidecar.is_file() else None
            doc = pipeline.read(src.path, ctx)
            if not doc.sha256:
                doc = dataclasses.replace(doc, sha256=sha)
            analysis = pipeline.analyze(doc, ctx)
            if review is not None:
                analysis = apply_review(analysis, review)
        elif analysis.document.sha256 and analysis.document.sha256 != sha:
            raise InputError(f"{name}: the file changed since it was analysed; analyse it "
                             "again before exporting")
        if strategy:
            analysis = with_strategy_everywhere(analysis, strategy)
        src.output.parent.mkdir(parents=True, exist_ok=True)
        journal.upsert_pending(str(src.path), src.rel, str(src.output), src.path.stat().st_size,
                               sha, key, reset_attempts=True)
        journal.mark_running(str(src.path))
        writer = Pipeline(pipeline.host, analysis.policy)  # the policy it was analysed under
        result = writer.export(analysis, src.output, ctx, force=owned)
    except CancelledError as exc:
        if journal.get(str(src.path)) is not None:
            journal.mark_pending(str(src.path))
        return ended(PENDING, exc)
    except (InputError, VerificationError, UsageError) as exc:
        return ended(REFUSED, exc)
    except OSError as exc:
        return ended(FAILED, RedactorError(f"{name}: {exc.strerror or 'OS error'}"))
    except Exception as exc:  # a bug or a broken plugin: reported, the run goes on
        return ended(FAILED, exc)
    counts = result.report["counts"]
    journal.finish(str(src.path), RedactionRecord(
        DONE, 0, round(time.perf_counter() - start, 4), input_sha256=sha,
        output_sha256=result.report["output"]["sha256"],
        replacements=int(counts["replacements"]),
        counts={str(k): int(v) for k, v in counts["by_type"].items()},
        words=len(analysis.document.text.split())))
    return FileOutcome(src.path, src.rel, DONE, src.output, result=result)


def _done_before(old: jn.Entry | None, src: Source, sha: str, key: str,
                 analysis: Analysis | None, known: AppFile | None, sidecar: Path) -> bool:
    """The journal says done for this input, settings and output, and what would be
    exported now is what was exported then."""
    if old is None or old.status != jn.DONE or old.sha256 != sha or old.config != key \
            or old.output != str(src.output) or not src.output.exists():
        return False
    if analysis is not None:  # the app exported this very analysis there before
        return known is not None and known.exported_to == src.output
    if sidecar.is_file():  # written after the review was last saved
        return src.output.stat().st_mtime >= sidecar.stat().st_mtime
    return True


def _engine_outcomes(journal_path: Path, sources: Sequence[Source], started: float
                     ) -> dict[Path, FileOutcome]:
    """The engine's files as its journal records them (``updated`` before this run: skipped)."""
    out: dict[Path, FileOutcome] = {}
    with jn.Journal(journal_path) as journal:
        for s in sources:
            e = journal.get(str(s.path))
            if e is None or e.status in (jn.PENDING, jn.RUNNING):
                out[s.path] = FileOutcome(s.path, s.rel, PENDING, s.output)
            elif e.status == jn.DONE:
                status = SKIPPED if e.updated < started else DONE
                out[s.path] = FileOutcome(s.path, s.rel, status, Path(e.output))
            else:
                out[s.path] = FileOutcome(s.path, s.rel, e.status, Path(e.output),
                                          e.error_message)
    return out
