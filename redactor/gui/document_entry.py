"""One file in the queue and everything the GUI knows about it: its status, document, analysis,
rendered pages, running job and undo stack (the data every part of the window shares)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtGui import QUndoStack

from redactor.core.analysis import Analysis
from redactor.core.model import Action, ComponentFailure, Document, Finding
from redactor.core.pipeline import ExportResult
from redactor.gui.docx_tables import TextTable
from redactor.gui.jobs import Job
from redactor.gui.page_view import PageIndex


class Status:
    PENDING = "pending"
    ANALYSING = "analysing"
    REVIEW = "needs review"
    EXPORTED = "exported"
    FAILED = "failed"


STATUS_SYMBOLS = {Status.PENDING: "○", Status.ANALYSING: "◔", Status.REVIEW: "◑",
                  Status.EXPORTED: "●", Status.FAILED: "✕"}


@dataclass(eq=False)
class DocumentEntry:
    """One file in the queue and everything the GUI knows about it."""

    path: Path
    status: str = Status.PENDING
    note: str = ""
    document: Document | None = None
    page_index: PageIndex | None = None  # the document's, when paged (built in the job)
    tables: tuple[TextTable, ...] = ()  # where a DOCX's tables are (found in the job)
    analysis: Analysis | None = None
    partial: list[Finding] = field(default_factory=list)
    pages: list[Any] = field(default_factory=list)
    failures: tuple[ComponentFailure, ...] = ()
    job: Job | None = None
    undo: QUndoStack | None = None
    export: ExportResult | None = None
    current: int | None = None
    password: str | None = field(default=None, repr=False)  # in memory only, never saved
    encrypted: bool = False
    message: str = ""  # the last status message about this file (shown when it is selected)

    @property
    def running(self) -> bool:
        """True while a job works on this file."""
        return self.job is not None and not self.job.done


def progress_note(analysis: Analysis) -> str:
    """The queue's note for an analysed file: ``30 findings, 22 masked, 5 to review``."""
    review = sum(1 for d in analysis.decisions if d.action == Action.REVIEW)
    masked = len(analysis.masked_indices) - review
    return (f"{len(analysis.findings)} findings, {masked} masked, {review} to review"
            if review else f"{len(analysis.findings)} findings, {masked} masked, none to review")
