"""Exporting: the export dialog for the current file; Export all and Export folder hand the
work to :class:`~redactor.gui.batch_controller.BatchExportController` (the batch engine).

An open export dialog exports the review as it is now: :meth:`ExportController.review_changed`
hands it every new analysis of its file. A file whose review changed while it was written is
left "needs review"; otherwise the export marks it exported (and its undo stack clean).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from redactor.core.context import RunContext
from redactor.core.pipeline import ExportResult
from redactor.gui.background import BackgroundJobs
from redactor.gui.batch_controller import BatchExportController, QueueController
from redactor.gui.document_entry import DocumentEntry, Status
from redactor.gui.export_dialog import ExportDialog
from redactor.gui.file_queue import FileQueue
from redactor.gui.jobs import Job, JobControl
from redactor.gui.session import Session


class ExportController(QueueController):
    """Exports the queue's files, one through the dialog or all into a folder."""

    exportFinished = Signal(object)  # DocumentEntry
    fixRequested = Signal(object, str, int)  # entry, "show"/"keep"/"widen"/"mark", finding
    entryAnalysed = Signal(object)  # a DocumentEntry analysed by an export job (none now)

    def __init__(self, session: Session, queue: FileQueue, jobs: BackgroundJobs,
                 dialog_parent: QWidget) -> None:
        super().__init__(session, queue, jobs, dialog_parent)
        self.export_dialog: ExportDialog | None = None
        self.export_entry: DocumentEntry | None = None
        self.batch = BatchExportController(session, queue, jobs, dialog_parent)
        self.batch.message.connect(self.message)
        self.batch.problem.connect(self.problem)
        self.batch.entryExported.connect(self.exportFinished)

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
        dlg.fix.connect(lambda what, i, e=entry: self.fixRequested.emit(e, what, i))
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
            self.queue.tell(entry, f"Exported and verified: {result.output} — but the review "
                            "changed meanwhile; export again to include the changes.")
            self.exportFinished.emit(entry)
            return
        if entry.undo is not None:
            entry.undo.setClean()
        self.queue.set_status(entry, Status.EXPORTED, f"→ {result.output.name}, verified")
        self.queue.tell(entry, f"Exported and verified: {result.output}")
        self.exportFinished.emit(entry)

    # ------------------------------------------------------- export all, export folder ----
    def export_all_dialog(self) -> None:
        self.batch.export_all_dialog()

    def export_all(self, folder: Path, *, strategy: str | None = None) -> list[Job]:
        """Every file of the queue into ``folder``, through the batch engine and its journal
        (:mod:`redactor.gui.batch_controller`)."""
        return self.batch.export_all(folder, strategy=strategy)

    def export_folder_dialog(self) -> None:
        self.batch.export_folder_dialog()

    def export_folder(self, source: Path, folder: Path, *, strategy: str | None = None
                      ) -> list[Job]:
        """Every file under ``source`` into ``folder``, like :meth:`export_all`."""
        return self.batch.export_folder(source, folder, strategy=strategy)
