"""Exporting: the export dialog for the current file, and exporting every file of the queue
into a folder as one batch (analysing first the files not analysed yet).

An open export dialog exports the review as it is now: :meth:`ExportController.review_changed`
hands it every new analysis of its file. A file whose review changed while it was written is
left "needs review"; otherwise the export marks it exported (and its undo stack clean).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from redactor.core.analysis import Analysis
from redactor.core.context import RunContext
from redactor.core.pipeline import ExportResult
from redactor.gui.background import BackgroundJobs
from redactor.gui.document_entry import DocumentEntry, Status
from redactor.gui.export_dialog import ExportDialog, default_output, with_strategy_everywhere
from redactor.gui.file_queue import FileQueue
from redactor.gui.jobs import Job, JobControl
from redactor.gui.session import Session


class ExportController(QObject):
    """Exports the queue's files, one through the dialog or all into a folder."""

    exportFinished = Signal(object)  # DocumentEntry
    entryAnalysed = Signal(object)  # a DocumentEntry analysed by an export job
    message = Signal(str)
    problem = Signal(str)

    def __init__(self, session: Session, queue: FileQueue, jobs: BackgroundJobs,
                 dialog_parent: QWidget) -> None:
        super().__init__(dialog_parent)
        self.session = session
        self.queue = queue
        self.jobs = jobs
        self.dialog_parent = dialog_parent
        self.export_dialog: ExportDialog | None = None
        self.export_entry: DocumentEntry | None = None
        self.batch_memo: dict[str, Any] = {}

    def review_changed(self, entry: DocumentEntry) -> None:
        """An entry's analysis was replaced: an open export dialog of it exports the new one."""
        dlg = self.export_dialog
        if (dlg is not None and self.export_entry is entry and dlg.isVisible()
                and entry.analysis is not None):
            dlg.set_analysis(entry.analysis)

    def export_dialog_for_current(self) -> ExportDialog | None:
        entry = self.queue.current
        if entry is None or entry.analysis is None:
            return None
        password = entry.password
        session = self.session

        def make_context(control: JobControl) -> RunContext:
            return session.make_context(control, password=password)

        dlg = ExportDialog(entry.analysis, session.pipeline(entry.analysis.policy),
                           self.jobs.runner, make_context, self.dialog_parent)
        dlg.exported.connect(lambda result, e=entry, d=dlg: self._exported(e, result, d))
        self.export_dialog = dlg
        self.export_entry = entry
        dlg.show()
        return dlg

    def _exported(self, entry: DocumentEntry, result: ExportResult,
                  dlg: ExportDialog | None = None) -> None:
        entry.export = result
        if dlg is not None and dlg.exporting is not entry.analysis:
            # the review changed while the file was written: the export is already stale
            self.queue.set_status(entry, Status.REVIEW, "changed since the export")
            self.message.emit(f"Exported and verified: {result.output} — but the review "
                              "changed meanwhile; export again to include the changes.")
            self.exportFinished.emit(entry)
            return
        if entry.undo is not None:
            entry.undo.setClean()
        self.queue.set_status(entry, Status.EXPORTED, f"→ {result.output.name}, verified")
        self.message.emit(f"Exported and verified: {result.output}")
        self.exportFinished.emit(entry)

    # -------------------------------------------------------------------- export all ----
    def export_all_dialog(self) -> None:
        folder = QFileDialog.getExistingDirectory(self.dialog_parent, "Export all to folder")
        if folder:
            self.export_all(Path(folder))

    def export_all(self, folder: Path, *, strategy: str | None = None) -> list[Job]:
        """Export every file into ``folder`` (analysing first those not analysed yet);
        pseudonyms and label numbers stay consistent across the batch."""
        self.batch_memo = {}
        jobs = []
        for entry in self.queue.entries:
            if entry.job is not None and not entry.job.done:
                continue
            job = self._export_entry(entry, folder, strategy)
            if job is not None:
                jobs.append(job)
        self.jobs.start_batch(jobs, "Exporting")
        return jobs

    def _export_entry(self, entry: DocumentEntry, folder: Path, strategy: str | None
                      ) -> Job | None:
        session = self.session
        policy = entry.analysis.policy if entry.analysis else session.policy
        pipeline = session.pipeline(policy)
        analysis = entry.analysis
        if analysis is not None and strategy:
            analysis = with_strategy_everywhere(analysis, strategy)
        dest = folder / default_output(entry.path).name
        memo = self.batch_memo
        path = entry.path
        password = entry.password

        def work(control: JobControl) -> tuple[Analysis, ExportResult]:
            ctx = session.make_context(control, memo, policy, password)
            a = analysis
            if a is None:
                a = pipeline.analyze(pipeline.read(path, ctx), ctx)
                if strategy:
                    a = with_strategy_everywhere(a, strategy)
            return a, pipeline.export(a, dest, ctx)

        def done(result: tuple[Analysis, ExportResult], e: DocumentEntry = entry) -> None:
            e.job = None
            if e.analysis is None:
                e.analysis, e.document = result[0], result[0].document
                e.failures = result[0].failures
                e.current = 0 if result[0].findings else None
                self.entryAnalysed.emit(e)
            self._exported(e, result[1])

        def failed(message: str, e: DocumentEntry = entry) -> None:
            e.job = None
            self.queue.set_status(e, Status.FAILED if e.analysis is None else e.status,
                                  f"export failed: {message}")
            self.problem.emit(f"{e.path.name}: export failed — {message}")

        def cancelled(e: DocumentEntry = entry) -> None:
            e.job = None
            self.queue.set_status(e, e.status, "export cancelled")

        job = self.jobs.runner.submit(f"export:{path.name}", work)
        job.succeeded.connect(done)
        job.failed.connect(failed)
        job.cancelled.connect(cancelled)
        job.progressed.connect(lambda phase, f: self.jobs.progress(phase, f))
        self.jobs.watch(job)
        entry.job = job
        if entry.analysis is None:
            self.queue.set_status(entry, Status.ANALYSING, "then export")
        self.jobs.runner.start(job)
        return job
