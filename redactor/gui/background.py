"""The window's background jobs: the one :class:`~redactor.gui.jobs.JobRunner` every part
submits to, batches of jobs, and their progress bar and Cancel button in the status bar.

Parts submit to :attr:`BackgroundJobs.runner`, hand a job to :meth:`BackgroundJobs.watch` so
its end is reported (``changed``; a finished batch is summed up in ``message``), and report
its progress through :meth:`BackgroundJobs.progress` (phases in words:
:func:`~redactor.gui.ocr_progress.phase_words`, e.g. "Reading scanned pages (OCR): 2 of 10
done").
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QProgressBar, QPushButton

from redactor.gui.jobs import POLL_MS, Job, JobRunner
from redactor.gui.ocr_progress import phase_words


class BackgroundJobs(QObject):
    """Runs the window's jobs and shows how far they are."""

    changed = Signal()  # a watched job finished: what can be done now may have changed
    message = Signal(str)

    def __init__(self, parent: QObject | None = None, *, poll_ms: int = POLL_MS) -> None:
        super().__init__(parent)
        self.runner = JobRunner(self, poll_ms=poll_ms)
        self.batch: list[Job] = []
        self.batch_verb = ""
        self.progress_bar = QProgressBar()
        self.progress_bar.setAccessibleName("Progress")
        self.progress_bar.setRange(0, 100)
        self.progress_bar.setMaximumWidth(260)
        self.progress_bar.hide()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setAccessibleName("Cancel the running task")
        self.cancel_button.hide()
        self.cancel_button.clicked.connect(self.cancel)

    @property
    def busy(self) -> bool:
        return self.runner.busy

    def watch(self, job: Job) -> None:
        """Report the end of ``job`` (connect its other handlers first)."""
        job.finished.connect(self._job_finished)

    def cancel(self) -> None:
        """Cancel every running or queued job (the pipeline stops at its next check)."""
        if self.runner.busy:
            self.runner.cancel_all()
            self.message.emit("Cancelling…")

    def shutdown(self, timeout_ms: int = 5000) -> bool:
        """Cancel everything and wait for the jobs to stop (when the window closes)."""
        if self.runner.busy:
            self.runner.cancel_all()
        return self.runner.shutdown(timeout_ms)

    # ------------------------------------------------------------------------ progress ----
    def start_batch(self, jobs: list[Job], verb: str) -> None:
        self.batch = list(jobs)
        self.batch_verb = verb
        self.show_progress(bool(jobs))

    def progress(self, phase: str, fraction: float) -> None:
        """A job's progress: of the whole batch when several jobs run as one."""
        if len(self.batch) > 1:
            done = sum(1 for j in self.batch if j.done)
            overall = (done + fraction) / len(self.batch)
            self._set_progress(int(overall * 100),
                               f"{self.batch_verb} {done + 1}/{len(self.batch)} %p%")
        else:
            self._set_progress(int(fraction * 100), phase_words(phase))

    def _set_progress(self, value: int, fmt: str) -> None:
        """Update the bar without QProgressBar's synchronous repaint, which would paint every
        dirty widget of the window (pages, text, findings) inside the job's poll: the bar is
        repainted with the rest in a later turn of the event loop."""
        bar = self.progress_bar
        if bar.value() == value and bar.format() == fmt:
            return
        bar.setUpdatesEnabled(False)
        bar.setFormat(fmt)
        bar.setValue(value)
        bar.setUpdatesEnabled(True)  # schedules the repaint

    def show_progress(self, on: bool) -> None:
        self.progress_bar.setVisible(on)
        self.cancel_button.setVisible(on)
        if on:
            self.progress_bar.setValue(0)

    def _job_finished(self) -> None:
        if not self.runner.busy:
            self.show_progress(False)
            if len(self.batch) > 1:
                ok = sum(1 for j in self.batch if j.status == "succeeded")
                self.message.emit(f"{self.batch_verb} finished: {ok} of {len(self.batch)} "
                                  "done.")
            self.batch = []
        self.changed.emit()
