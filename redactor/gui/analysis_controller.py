"""Analysing files in background jobs: reading, rendering the pages, analysing; re-scoring and
resuming a saved review (both keep the reviewer's decisions); passwords of encrypted files;
loading the detectors' models before the first run.

Everything slow runs in the job (:mod:`redactor.gui.jobs`), including the page view's index,
where a DOCX's tables are and laying saved decisions over the result. What the job finds on
the way (the document, page batches, findings) is shown as it arrives; findings are shown by a
throttled refresh of their own, at most every :data:`PARTIAL_REFRESH_MS`. While a file is read
its progress counts pages, and the scanned pages OCR has read (:mod:`redactor.gui.ocr_progress`);
Cancel stops the reading between pages.

Fast detectors first: an analysis job reads the file without loading the detectors' models
(:class:`FastFirstPipeline`), shows the document, and runs the detectors without a model
(patterns, term lists) before anything else; only when the first detector that loads
something (``prepare``) is about to run does it start loading the models and render the
pages (:class:`~redactor.gui.early_findings.AfterFastDetectors`). Loading the models while
reading made the reading 3–4 times slower (both hold the GIL, on two cores) and delayed the
first findings by seconds; the total time is the same. The models then load one at a time
(see FastFirstPipeline). On a long document the detectors without a model search its first
piece first (:mod:`redactor.gui.early_findings`).
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QElapsedTimer, QObject, QTimer, Signal
from PySide6.QtWidgets import QInputDialog, QLineEdit, QWidget

from redactor.core.analysis import Analysis
from redactor.core.context import RunContext
from redactor.core.errors import EncryptedInputError, RedactorError
from redactor.core.model import ComponentFailure, Document
from redactor.core.pipeline import Pipeline, sha256_file
from redactor.core.review_file import (
    Review,
    apply_review,
    load_review,
    reapply_user_decisions,
    review_path_for,
)
from redactor.gui.background import BackgroundJobs
from redactor.gui.document_entry import DocumentEntry, Status, progress_note
from redactor.gui.docx_tables import docx_tables
from redactor.gui.early_findings import AfterFastDetectors, EarlyFindings
from redactor.gui.file_queue import FileQueue
from redactor.gui.jobs import Job, JobControl
from redactor.gui.ocr_progress import ReadProgress
from redactor.gui.page_render import has_pages, page_count, render_pages
from redactor.gui.page_view import page_index, pending_index
from redactor.gui.review_controller import ReviewController
from redactor.gui.session import Session
from redactor.gui.workspace import Workspace

PAGE_SCALE = 1.25
PARTIAL_REFRESH_MS = 300  # while analysing, the findings found so far are shown this often
#: between two parts of an ended analysis put on screen: the pane changed is repainted, and
#: whatever else waits (input, the partial list's slices) runs, before the next part
SHOW_STEP_MS = 15


@dataclass(frozen=True, slots=True)
class AnalysisOutcome:
    """What an analysis job returns (built off the GUI thread)."""

    analysis: Analysis
    failures: tuple[ComponentFailure, ...]
    notes: tuple[str, ...] = ()
    problem: str = ""
    rescored: bool = False


def reading_context(session: Session, control: JobControl, path: Path,
                    password: str | None = None, policy: Any = None) -> RunContext:
    """A job's run context for reading ``path``: its progress counts pages and notices OCR
    (the OCR engines handed to the reader are watched), in the job's thread."""
    ctx = session.make_context(control, policy=policy, password=password)
    progress = ReadProgress(control.progress, page_count(path, password),
                            pictures=path.suffix.lower() == ".docx")
    ctx.progress = progress
    ctx.ocr_engines = progress.watch(
        {r.id: r.component for r in session.host.components("ocr_engines")})
    return ctx


def shown_with(doc: Document, index_later: bool = False) -> tuple[Document, Any, Any]:
    """What the views need of a document read by a job, built in the job: its page index
    (when it has pages) and where its tables are (a DOCX). ``index_later``: a stand-in
    index (:func:`pending_index`); the job sends the real one as ``("page-index", …)``."""
    index = None
    if has_pages(doc):
        index = pending_index(doc) if index_later else page_index(doc)
    return doc, index, docx_tables(doc)


def render_in_job(doc: Document, ctx: RunContext, control: JobControl) -> None:
    """Render the document's pages in batches, as partial results (the first pages are on
    screen at once); a failure leaves the text view alone."""
    if not has_pages(doc):
        return
    try:
        render_pages(doc, PAGE_SCALE, ctx.password, control.check,
                     on_pages=lambda batch: control.partial(("pages", batch)))
    except RedactorError:
        raise
    except Exception as exc:  # the page view is optional; the text view remains
        control.partial(("pages-error", f"{type(exc).__name__}"))


class FastFirstPipeline(EarlyFindings, Pipeline):
    """A pipeline whose :meth:`read` does not start loading the detectors' models: the
    analysis job starts that (:meth:`load_models`) once the fast detectors have reported
    (on a long document, their findings in its first piece first: :class:`EarlyFindings`).

    The models load one after another in one thread, in the order they are needed (the
    detectors', then the enabled risk indicators'), not each in a thread of its own
    (:meth:`Pipeline.preload`): loading holds the GIL in C calls (building a tokenizer,
    20–45 ms each), and several loaders at once chained them into GUI stalls of 200–250 ms.
    No component with a model runs before all are loaded (:meth:`_ready`): a model's
    inference keeps every core busy, and a loader that holds the GIL while it waits for a
    core stalled the GUI for 100–160 ms (2 cores); loading alone leaves ≤ ~50 ms, and as
    loading and inference share the same cores, the analysis takes about as long."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._loading: dict[int, threading.Event] | None = None

    def preload(self, ctx: RunContext) -> None:
        """Nothing while reading: see :meth:`load_models`."""

    def load_models(self, ctx: RunContext) -> None:
        """Start loading the models (``prepare(ctx)``), in a thread of their own; once."""
        if self._loading is not None:
            return
        todo = self.preparable()
        loading = self._loading = {id(c): threading.Event() for _i, c, _p in todo}

        def load() -> None:
            for component_id, component, prepare in todo:
                try:
                    self.prepare_one(component_id, prepare, ctx)  # errors: see preload
                finally:
                    loading[id(component)].set()

        threading.Thread(target=load, name="redactor-prepare").start()

    def _ready(self, component: Any) -> None:
        """If :meth:`load_models` is loading ``component``'s model, wait until it has loaded
        every model (see the class's docstring)."""
        loading = self._loading or {}
        if id(component) in loading:
            for event in loading.values():
                event.wait()


class AnalysisController(QObject):
    """Starts analyses of the queue's files and shows their results."""

    analysisFinished = Signal(object)  # DocumentEntry (analysed, failed or cancelled)
    message = Signal(str)
    problem = Signal(str)

    def __init__(self, session: Session, queue: FileQueue, workspace: Workspace,
                 jobs: BackgroundJobs, review: ReviewController,
                 dialog_parent: QWidget) -> None:
        super().__init__(dialog_parent)
        self.session = session
        self.queue = queue
        self.workspace = workspace
        self.jobs = jobs
        self.review = review
        self.dialog_parent = dialog_parent
        # findings arriving while analysing are shown by a throttled refresh of their own
        self._partial_timer = QTimer(self)
        self._partial_timer.setSingleShot(True)
        self._partial_timer.timeout.connect(self._refresh_partial)
        self._partial_clock = QElapsedTimer()  # since the last such refresh
        self._reading: dict[DocumentEntry, Job] = {}  # files being read to be shown
        # an ended analysis shown one pane per turn of the event loop (show_result)
        self._showing: tuple[DocumentEntry, list[Callable[[], None]]] | None = None
        self._show_timer = QTimer(self)
        self._show_timer.setSingleShot(True)
        self._show_timer.setInterval(SHOW_STEP_MS)
        self._show_timer.timeout.connect(self._show_step)
        #: documents read by a read job for the analysis queued behind it (written and taken
        #: on the one worker thread, in job order)
        self._handed: dict[Path, Document] = {}

    def warm_up_models(self) -> Job | None:
        """Load detectors' models (``load(ctx)``) in the background before the first run."""
        host = self.session.host
        loaders = [r for r in host.components("detectors")
                   if callable(getattr(r.component, "load", None))]
        if not loaders:
            return None

        def work(control: JobControl) -> int:
            ctx = self.session.make_context(control)
            for n, reg in enumerate(loaders):
                control.check()
                control.progress(f"load:{reg.id}", n / len(loaders))
                host.call(reg.plugin, reg.id, "load", reg.component.load, ctx)
            return len(loaders)

        self.message.emit("Loading models…")
        return self.jobs.runner.run(
            "load-models", work,
            succeeded=lambda n: self.message.emit(f"{n} model(s) ready."),
            failed=lambda m: self.message.emit(f"Loading models failed: {m}"))

    # -------------------------------------------------------------------- starting ----
    def analyse_current(self) -> Job | None:
        """Analyse the selected file; analysing it again keeps the reviewer's decisions."""
        entry = self.queue.current
        if entry is None:
            return None
        if entry.analysis is not None:
            return self.rescore()
        return self.analyse(entry)

    def show_document(self, entry: DocumentEntry) -> Job | None:
        """Read a file (and render its pages) without analysing it: opening shows the
        document at once; Analyse (F5) then reuses what was read. The read job is not the
        entry's job (exports and batches do not wait for it); an analysis asked for meanwhile
        is queued behind it and takes the document it read (:attr:`_handed`)."""
        if entry.running or entry.document is not None or entry in self._reading:
            return entry.job
        # the models load once the document is shown (loading them while reading made the
        # reading several times slower)
        pipeline = FastFirstPipeline(self.session.host, self.session.policy)
        session, path, password = self.session, entry.path, entry.password
        handed = self._handed

        def work(control: JobControl) -> None:
            ctx = reading_context(session, control, path, password)
            doc = pipeline.read(path, ctx)
            if not doc.sha256:
                doc = dataclasses.replace(doc, sha256=sha256_file(path))
            handed[path] = doc  # for an analysis queued behind this job (same worker)
            control.partial(("document", shown_with(doc)))
            render_in_job(doc, ctx, control)
            pipeline.load_models(ctx)  # in threads of their own, while the reviewer looks

        def done(e: DocumentEntry) -> None:
            self._reading.pop(e, None)
            if e.job is None and e.analysis is None:
                self.queue.set_status(e, Status.PENDING, "read — press Analyse (F5)")
                self._handed.pop(e.path, None)  # nothing queued took it: the entry has it

        def failed(message: str, e: DocumentEntry) -> None:
            self._reading.pop(e, None)
            e.document, e.page_index, e.tables, e.pages = None, None, (), []
            if e.job is None and e.analysis is None:
                self.queue.set_status(e, Status.FAILED, message)
                self.queue.tell(e, f"{e.path.name}: {message}")
                if e is self.queue.current:
                    self.problem.emit(f"{e.path.name}: {message}")

        def cancelled(e: DocumentEntry) -> None:
            self._reading.pop(e, None)
            self._handed.pop(e.path, None)
            if e.job is None and e.analysis is None:
                self.queue.set_status(e, Status.PENDING, "reading cancelled — press Analyse "
                                      "(F5)")
                self.queue.tell(e, f"{e.path.name}: reading cancelled.")

        entry.pages = []
        job = self.jobs.runner.submit(f"read:{path.name}", work)
        self._reading[entry] = job
        job.partial.connect(lambda items, e=entry: self._analysis_partial(e, items))
        job.progressed.connect(lambda phase, f: self.jobs.progress(phase, f))
        job.succeeded.connect(lambda _r, e=entry: done(e))
        job.failed.connect(lambda m, e=entry: failed(m, e))
        job.cancelled.connect(lambda e=entry: cancelled(e))
        self.jobs.watch(job)
        self.jobs.runner.start(job)
        self.jobs.show_progress(True)
        return job

    def analyse_all(self) -> list[Job]:
        jobs = [job for e in self.queue.entries
                if e.status in (Status.PENDING, Status.FAILED)
                and (job := self.analyse(e)) is not None]
        self.jobs.start_batch(jobs, "Analysing")
        return jobs

    def rescore(self) -> Job | None:
        """Analyse again under the current policy and k, keeping the reviewer's decisions."""
        entry = self.queue.current
        if entry is None or entry.analysis is None:
            return None
        return self.analyse(entry, rescore=True)

    def analyse(self, entry: DocumentEntry, *, review: Review | None = None,
                rescore: bool = False) -> Job | None:
        if entry.job is not None and not entry.job.done:
            return entry.job
        reading = entry in self._reading  # queued behind the read: takes its document
        handed = self._handed
        session = self.session
        policy = session.policy
        pipeline = FastFirstPipeline(session.host, policy)  # models load after the fast part
        path = entry.path
        known_doc = entry.document
        known_shown = (entry.document, entry.page_index, entry.tables)
        password = entry.password
        previous = entry.analysis if rescore else None

        def work(control: JobControl) -> AnalysisOutcome:
            read = handed.pop(path, None) if reading else None  # the read job's, if any
            if known_doc is None and read is None:
                ctx = reading_context(session, control, path, password, policy)
                doc = pipeline.read(path, ctx)
            else:
                ctx = session.make_context(control, policy=policy, password=password)
                doc = known_doc or read  # type: ignore[assignment]
            if not doc.sha256:
                doc = dataclasses.replace(doc, sha256=sha256_file(path))
            # the page view's index and the tables are found here, not on the GUI thread;
            # for a file read here, the index comes after the fast detectors' findings
            render_here = known_doc is None and read is None
            known = (known_doc is not None and known_shown[0] is known_doc
                     and not getattr(known_shown[1], "pending", False))
            shown = known_shown if known else shown_with(doc, index_later=render_here)
            control.partial(("document", shown))

            def after_fast_detectors() -> None:
                pipeline.load_models(ctx)
                if shown[1] is not None and shown[1].pending:
                    control.partial(("page-index", (doc, page_index(doc))))
                if render_here:
                    render_in_job(doc, ctx, control)  # in batches, while the models load

            step = AfterFastDetectors(ctx.progress, pipeline.fast_detectors(),
                                      after_fast_detectors)
            ctx.progress = step
            analysis = pipeline.analyze(
                doc, ctx, on_findings=lambda found: control.partial(("findings", found)))
            step.fire()
            # laying saved or earlier decisions over the result is work too: done here
            fresh, notes, problem = analysis, [], ""
            if review is not None:
                try:
                    analysis = apply_review(analysis, review)
                    notes.append("saved review resumed")
                except RedactorError as exc:
                    problem = str(exc)
                    notes.append("saved review NOT applied")
            if previous is not None:  # the reviewer's decisions and drawn areas stay
                analysis = reapply_user_decisions(previous, analysis)
            return AnalysisOutcome(analysis, fresh.failures, tuple(notes), problem,
                                   previous is not None)

        entry.partial = []
        if known_doc is None and not reading:
            entry.pages = []  # the pages are rendered again with the document
        job = self.jobs.runner.submit(f"analyse:{path.name}", work)
        job.partial.connect(lambda items, e=entry: self._analysis_partial(e, items))
        job.progressed.connect(lambda phase, f: self.jobs.progress(phase, f))
        job.succeeded.connect(lambda result, e=entry: self._analysis_done(e, result))
        job.failed.connect(lambda msg, e=entry: self._analysis_failed(e, msg))
        job.cancelled.connect(lambda e=entry: self._analysis_cancelled(e))
        self.jobs.watch(job)
        entry.job = job
        self.queue.set_status(entry, Status.ANALYSING)
        self.jobs.runner.start(job)
        self.jobs.show_progress(True)
        return job

    # ------------------------------------------------------------- while it runs ----
    def _analysis_partial(self, entry: DocumentEntry, items: list[tuple[str, Any]]) -> None:
        changed = False
        current = entry is self.queue.current
        for kind, value in items:
            if kind == "document":
                if entry.document is value[0]:
                    continue  # shown already (a re-score's, or a read job's that came late)
                entry.document, entry.page_index, entry.tables = value
                if current:  # pages rendered by an earlier run (a re-score renders none)
                    self.workspace.show_document(*value, entry.pages)
            elif kind == "page-index":  # after a pending_index stand-in
                doc, index = value
                if entry.document is doc:
                    entry.page_index = index
                    if current:
                        self.workspace.view.page_view.set_index(index)
            elif kind == "pages":  # a batch, in page order
                entry.pages.extend(value)
                if current:
                    self.workspace.add_pages(value)
            elif kind == "pages-error":
                if current:
                    self.workspace.show_pages_error(value)
            elif kind == "findings":
                entry.partial.extend(value)
                changed = True
        if changed and current and entry.analysis is None:
            self._schedule_partial_refresh()

    def _schedule_partial_refresh(self) -> None:
        """Show the findings found so far in a later turn of the event loop (not in the job's
        poll, which may just have shown the document), at most every PARTIAL_REFRESH_MS:
        with the worker holding the GIL most of the time, every refresh costs the GUI thread
        waits as well as work."""
        if self._partial_timer.isActive():
            return
        clock = self._partial_clock
        wait = max(0, PARTIAL_REFRESH_MS - clock.elapsed()) if clock.isValid() else 0
        self._partial_timer.start(wait)

    def _refresh_partial(self) -> None:
        entry = self.queue.current
        if (entry is None or entry.status != Status.ANALYSING or entry.analysis is not None
                or not entry.partial):
            return  # finished, cancelled or switched away meanwhile: shown by its handler
        self._partial_clock.start()
        self.workspace.refresh_findings(entry)

    # ------------------------------------------------------------------ its end ----
    def _analysis_done(self, entry: DocumentEntry, outcome: AnalysisOutcome) -> None:
        analysis = outcome.analysis
        entry.document = analysis.document
        entry.failures = outcome.failures
        entry.job = None
        if outcome.problem:
            self.problem.emit(outcome.problem)
        if outcome.rescored and entry.analysis is not None:
            self.review.push(entry, analysis, f"Re-score under {analysis.policy.name}, "
                             f"k={analysis.policy.k}", entry.current,
                             refresh=entry is not self.queue.current)  # else: show_result
        else:
            assert entry.undo is not None
            entry.undo.clear()
            entry.analysis = analysis
            entry.current = 0 if analysis.findings else None
        entry.partial = []
        note = progress_note(entry.analysis)
        if outcome.notes:
            note += "; " + "; ".join(outcome.notes)
        self.queue.set_status(entry, Status.REVIEW, note)
        self.queue.tell(entry, f"{entry.path.name}: analysed — {note}.")
        if entry is self.queue.current:
            self.workspace.show_failures(entry)
            if outcome.problem:
                self.problem.emit(outcome.problem)
            self.show_result(entry)  # analysisFinished once it is shown
        else:
            self.analysisFinished.emit(entry)

    def show_result(self, entry: DocumentEntry) -> None:
        """Show an analysis that has just ended, one pane per turn of the event loop (the
        findings list, the highlights, the triage bar and details, then the current finding
        in view), and emit ``analysisFinished`` when all is shown (:attr:`showing_result`).

        Done at once, this and the repaint of every pane it changes blocked the GUI thread
        for 80–290 ms on 20 pages (2,000 findings; the list's paint alone 17–50 ms). A pane
        changed in one turn is repainted before the next part runs. Each part shows the
        entry as it is then; the rest is dropped when the reviewer switches to another file
        or the file is analysed again meanwhile (what is on screen is then shown by that)."""
        self._end_showing()
        steps = self.workspace.analysis_parts(entry)
        steps.append(lambda: self.review.go_to_finding(entry.current)
                     if entry.current is not None else None)
        self._showing = (entry, steps)
        self._show_timer.start()

    @property
    def showing_result(self) -> bool:
        """True while an analysis that has ended is still being put on screen."""
        return self._showing is not None

    def _show_step(self) -> None:
        if self._showing is None:
            return
        entry, steps = self._showing
        if entry is self.queue.current and entry.job is None and entry.analysis is not None:
            steps.pop(0)()
        else:
            steps.clear()  # shown by whatever replaced it
        if steps:
            self._show_timer.start()
        else:
            self._end_showing()

    def _end_showing(self) -> None:
        """Finish showing a result: ``analysisFinished`` (parts not run yet are dropped)."""
        showing, self._showing = self._showing, None
        self._show_timer.stop()
        if showing is not None:
            self.analysisFinished.emit(showing[0])

    @staticmethod
    def _drop_pending_index(entry: DocumentEntry) -> None:
        """A job that ended before sending the real page index leaves none (the page view
        builds it when the document is shown again)."""
        if entry.page_index is not None and entry.page_index.pending:
            entry.page_index = None

    def _analysis_failed(self, entry: DocumentEntry, message: str) -> None:
        self._drop_pending_index(entry)
        job = entry.job
        entry.encrypted = isinstance(job.exception if job else None, EncryptedInputError)
        if entry.encrypted:
            message += " — use Analyse → Enter password…"
        entry.job = None
        self.queue.set_status(entry, Status.FAILED, message)
        self.queue.tell(entry, f"{entry.path.name}: {message}")
        if entry is self.queue.current:
            self.problem.emit(f"{entry.path.name}: {message}")
        self.analysisFinished.emit(entry)

    def _analysis_cancelled(self, entry: DocumentEntry) -> None:
        self._drop_pending_index(entry)
        entry.job = None
        entry.partial = []
        status = Status.REVIEW if entry.analysis is not None else Status.PENDING
        self.queue.set_status(entry, status, "analysis cancelled")
        if entry is self.queue.current:
            self.workspace.refresh_findings(entry)
        self.queue.tell(entry, f"{entry.path.name}: analysis cancelled.")
        self.analysisFinished.emit(entry)

    # -------------------------------------------------------------------- passwords ----
    def password_dialog(self) -> None:
        entry = self.queue.current
        if entry is None:
            return
        text, ok = QInputDialog.getText(self.dialog_parent, "Password",
                                        f"Password for {entry.path.name}:",
                                        QLineEdit.EchoMode.Password)
        if ok:
            self.open_with_password(entry, text)

    def open_with_password(self, entry: DocumentEntry, password: str) -> Job | None:
        """Analyse an encrypted file with its password (kept in memory for this session
        only: never written to settings, review files or reports)."""
        entry.password = password or None
        entry.document, entry.page_index, entry.tables = None, None, ()
        return self.analyse(entry)

    # ------------------------------------------------------------------ resume ----
    def resume_review(self) -> Job | None:
        """Lay the saved review over the current file: at once when it is analysed (one
        undoable step), else with its analysis. Refused when the file changed since."""
        entry = self.queue.current
        if entry is None:
            return None
        try:
            review = load_review(review_path_for(entry.path))
        except RedactorError as exc:
            self.problem.emit(str(exc))
            return None
        try:
            current_hash = sha256_file(entry.path)
        except OSError as exc:
            self.problem.emit(f"{entry.path.name} cannot be read: {exc}")
            return None
        if review.input_sha256 != current_hash:
            self.problem.emit(
                f"The saved review belongs to another version of {entry.path.name} (the "
                "file changed since it was saved: its SHA-256 differs). It was not applied.")
            return None
        if entry.analysis is not None and entry.analysis.document.sha256 == current_hash:
            try:
                after = apply_review(entry.analysis, review)
            except RedactorError as exc:
                self.problem.emit(str(exc))
                return None
            self.review.push(entry, after, "Resume saved review", entry.current)
            self.message.emit("Saved review resumed.")
            return None
        entry.document, entry.page_index, entry.tables = None, None, ()  # it may have changed
        return self.analyse(entry, review=review)
