"""Export all (every file of the queue) and Export folder (a whole folder tree) into an output
folder, through the batch engine and its journal (:mod:`redactor.gui.batch_export`).

One background job runs the export; the status bar shows files finished of all, files per
second and the time left, and Cancel stops it (the file in progress leaves nothing behind and
is redone next time). At the end every file of the queue that took part shows its outcome, the
status line sums the run up and the problems banner lists refused and failed files with their
reasons. Exporting into the same folder again skips what is done.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from redactor.batch import BatchProgress
from redactor.core.analysis import Analysis
from redactor.core.redact_one import DONE, FAILED, REFUSED
from redactor.core.settings import Settings
from redactor.gui.background import BackgroundJobs
from redactor.gui.batch_export import (
    PENDING,
    SKIPPED,
    ExportOutcome,
    ExportRequest,
    app_file,
    run_export,
)
from redactor.gui.document_entry import DocumentEntry, Status
from redactor.gui.file_queue import FileQueue
from redactor.gui.jobs import Job, JobControl
from redactor.gui.session import Session

SHOWN_PROBLEMS = 5  # refused or failed files named in the banner (the rest are counted)


def duration(seconds: float) -> str:
    """``42 s``, ``3 min``, ``1 h 05 min``."""
    s = max(0, round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{round(s / 60)} min"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


def progress_text(p: BatchProgress) -> str:
    """The progress bar's text (counts only, no colon: the bar adds the percentage)."""
    text = f"Exporting {p.finished}/{p.total} files"
    if p.files_per_s:
        text += f", {p.files_per_s:.1f} files/s"
    if p.eta_s is not None and p.finished < p.total:
        text += f", about {duration(p.eta_s)} left"
    return text


def summary_text(outcome: ExportOutcome, folder: Path) -> str:
    counts = [(outcome.count(DONE), "exported and verified"),
              (outcome.count(SKIPPED), "already done"), (outcome.count(REFUSED), "refused"),
              (outcome.count(FAILED), "failed"),
              (outcome.count(PENDING), "not finished (exported next time)")]
    parts = [f"{n} {what}" for n, what in counts if n] or ["nothing to do"]
    head = "Export cancelled" if outcome.cancelled else "Export finished"
    return f"{head} — {folder}: {', '.join(parts)} ({duration(outcome.seconds)})."


class QueueController(QObject):
    """What the export controllers share (:class:`BatchExportController` and
    :class:`~redactor.gui.export_controller.ExportController`): the session, the file queue,
    the background jobs, the window that parents their dialogs, and the ``message`` (status
    line) and ``problem`` (problems banner) signals."""

    message = Signal(str)
    problem = Signal(str)

    def __init__(self, session: Session, queue: FileQueue, jobs: BackgroundJobs,
                 dialog_parent: QWidget) -> None:
        super().__init__(dialog_parent)
        self.session = session
        self.queue = queue
        self.jobs = jobs
        self.dialog_parent = dialog_parent


class BatchExportController(QueueController):
    """Starts Export all / Export folder jobs and reports how they end."""

    entryExported = Signal(object)  # a DocumentEntry now exported
    batchFinished = Signal(object)  # the ExportOutcome

    job: Job | None = None  # the export running now
    last_progress: BatchProgress | None = None
    last_outcome: ExportOutcome | None = None

    # --------------------------------------------------------------------- dialogs ----
    def export_all_dialog(self) -> None:
        folder = QFileDialog.getExistingDirectory(self.dialog_parent, "Export all to folder")
        if folder:
            self.export_all(Path(folder))

    def export_folder_dialog(self) -> None:
        source = QFileDialog.getExistingDirectory(self.dialog_parent, "Folder to export")
        if not source:
            return
        folder = QFileDialog.getExistingDirectory(self.dialog_parent,
                                                  "Write the redacted copies to folder")
        if folder:
            self.export_folder(Path(source), Path(folder))

    # -------------------------------------------------------------------- starting ----
    def export_all(self, folder: Path, *, strategy: str | None = None) -> list[Job]:
        """Export every file of the queue into ``folder`` (see the module docstring)."""
        entries = [e for e in self.queue.entries if not e.running]
        if not entries:
            return []
        return self._start(tuple(e.path for e in entries), folder, entries, False, strategy)

    def export_folder(self, source: Path, folder: Path, *, strategy: str | None = None
                      ) -> list[Job]:
        """Export every file under ``source`` (its whole tree) into ``folder``; files of
        the queue under it are exported with the reviewer's decisions."""
        source = Path(os.path.abspath(source))
        entries = [e for e in self.queue.entries
                   if source in Path(os.path.abspath(e.path)).parents and not e.running]
        return self._start((source,), folder, entries, True, strategy)

    def _start(self, inputs: tuple[Path, ...], folder: Path, entries: list[DocumentEntry],
               recursive: bool, strategy: str | None) -> list[Job]:
        if self.jobs.busy:
            self.message.emit("Wait for the running task to finish (or cancel it) first.")
            return []
        session = self.session
        session.host.settings_sections()  # the plugins' defaults join the settings first
        policy = session.policy.with_strategy(strategy) if strategy else session.policy
        pipeline = session.pipeline(policy)
        app = tuple(app_file(e.path, e.analysis, session.policy, e.password,
                             e.export.output if e.status == Status.EXPORTED and e.export
                             else None) for e in entries)
        request = ExportRequest(inputs, Path(folder), policy, Settings(session.settings.to_dict()),
                                app, recursive, strategy)

        def work(control: JobControl) -> ExportOutcome:
            return run_export(request, pipeline,
                              lambda password: session.make_context(control, None, policy,
                                                                    password),
                              progress=control.partial, cancel=control.cancel)

        before = {e: (e.status, e.note, e.analysis) for e in entries}
        job = self.jobs.runner.submit(f"export-to:{Path(folder).name}", work)
        job.partial.connect(self._progress)
        job.succeeded.connect(lambda out: self._finished(out, Path(folder), before))
        job.failed.connect(lambda msg: self._failed(msg, before))
        job.cancelled.connect(lambda: self._restore(before, "export cancelled"))
        self.jobs.watch(job)
        for e in entries:
            e.job = job
            self.queue.set_status(e, e.status, "exporting…")
        self.job = job
        self.last_progress = None
        self.jobs.start_batch([job], "Exporting")
        self.jobs.runner.start(job)
        self.message.emit(f"Exporting to {folder}…")
        return [job]

    # ------------------------------------------------------------------ while it runs ----
    def _progress(self, items: list[object]) -> None:
        reports = [p for p in items if isinstance(p, BatchProgress)]
        if not reports:
            return
        for p in reports:
            if p.last_status in (REFUSED, FAILED):
                self.message.emit(f"{p.last}: {p.last_status} — {p.last_error}")
        p = reports[-1]
        self.last_progress = p
        self.jobs.progress(progress_text(p), p.finished / p.total if p.total else 0.0)

    # ------------------------------------------------------------------------ its end ----
    def _finished(self, outcome: ExportOutcome, folder: Path,
                  before: dict[DocumentEntry, tuple[str, str, Analysis | None]]) -> None:
        self.job = None
        by_path = {f.path: f for f in outcome.files}
        for e, (status, note, analysis) in before.items():
            e.job = None
            f = by_path.get(Path(os.path.abspath(e.path)))
            if f is None or f.status == PENDING:
                self.queue.set_status(e, status, "export cancelled" if outcome.cancelled
                                      else note)
            elif f.status in (DONE, SKIPPED):
                if f.result is not None:
                    e.export = f.result
                if e.analysis is analysis and e.undo is not None:
                    e.undo.setClean()
                self.queue.set_status(e, Status.EXPORTED, f"→ {f.rel}, verified"
                                      + (" (done before)" if f.status == SKIPPED else ""))
                self.entryExported.emit(e)
            else:
                self.queue.set_status(e, status if e.analysis is not None else Status.FAILED,
                                      f"export {f.status}: {f.reason}")
        problems = [f for f in outcome.files if f.status in (REFUSED, FAILED)]
        if problems:
            lines = [f"{f.rel} — {f.status}: {f.reason}" for f in problems[:SHOWN_PROBLEMS]]
            more = len(problems) - SHOWN_PROBLEMS
            self.problem.emit(f"{len(problems)} file(s) not exported: " + "; ".join(lines)
                              + (f"; and {more} more (see the journal)" if more > 0 else ""))
        if outcome.error:
            self.problem.emit(f"The batch engine did not run: {outcome.error}")
        self.message.emit(summary_text(outcome, folder))
        # the export results (their plans hold document text) live on in the entries only
        outcome.files = [dataclasses.replace(f, result=None) for f in outcome.files]
        self.last_outcome = outcome
        self.batchFinished.emit(outcome)

    def _failed(self, message: str,
                before: dict[DocumentEntry, tuple[str, str, Analysis | None]]) -> None:
        self._restore(before, f"export failed: {message}")
        self.problem.emit(f"Export failed: {message}")

    def _restore(self, before: dict[DocumentEntry, tuple[str, str, Analysis | None]],
                 note: str) -> None:
        self.job = None
        for e, (status, _note, _analysis) in before.items():
            e.job = None
            self.queue.set_status(e, status, note)
