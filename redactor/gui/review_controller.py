"""Review decisions: moving between findings, mask/keep, marking text, search and redact all,
strategies per label, saving the review, and undo/redo of all of them.

Every change replaces the entry's immutable :class:`~redactor.core.analysis.Analysis` with a
new copy made by the core (``with_decision``, ``with_added_finding``, ``with_strategy``),
pushed on the entry's ``QUndoStack`` (one per file, in one ``QUndoGroup``) as a
(before, after) snapshot pair. ``analysisChanged`` tells the other parts (an open export
dialog) that an entry's analysis was replaced.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoGroup, QUndoStack
from PySide6.QtWidgets import QWidget

from redactor.core.analysis import Analysis
from redactor.core.errors import RedactorError
from redactor.core.model import Action, Label, Span
from redactor.core.review_file import add_matches, save_review, search_spans, user_finding
from redactor.gui.background import BackgroundJobs
from redactor.gui.document_entry import DocumentEntry, Status
from redactor.gui.file_queue import FileQueue
from redactor.gui.jobs import Job, JobControl
from redactor.gui.review_dialogs import MarkDialog, SearchDialog, StrategyDialog
from redactor.gui.workspace import Workspace
from redactor.pluginhost.manager import PluginHost


class SnapshotCommand(QUndoCommand):
    """Undo/redo by swapping whole (immutable) Analysis snapshots."""

    def __init__(self, review: ReviewController, entry: DocumentEntry, before: Analysis,
                 after: Analysis, text: str, current: int | None = None) -> None:
        super().__init__(text)
        self.review, self.entry = review, entry
        self.before, self.after = before, after
        self.current = current

    def redo(self) -> None:
        self.review.set_analysis(self.entry, self.after, self.current)

    def undo(self) -> None:
        self.review.set_analysis(self.entry, self.before, self.current)


class ReviewController(QObject):
    """The reviewer's decisions on the current file of the queue."""

    analysisChanged = Signal(object)  # a DocumentEntry whose analysis was replaced
    changed = Signal()  # what can be done now may have changed
    message = Signal(str)
    problem = Signal(str)

    def __init__(self, queue: FileQueue, workspace: Workspace, jobs: BackgroundJobs,
                 host: PluginHost, dialog_parent: QWidget) -> None:
        super().__init__(dialog_parent)
        self.queue = queue
        self.workspace = workspace
        self.jobs = jobs
        self.host = host
        self.dialog_parent = dialog_parent
        self.undo_group = QUndoGroup(self)
        self.last_search_count = 0
        queue.entryAdded.connect(self.adopt)

    def adopt(self, entry: DocumentEntry) -> None:
        """Give a new file its undo stack."""
        entry.undo = QUndoStack(self.undo_group)

    def activate(self, entry: DocumentEntry | None) -> None:
        """Undo and redo act on ``entry``'s stack (none: nothing to undo)."""
        stack = entry.undo if entry is not None else None
        if self.undo_group.activeStack() is not stack:
            self.undo_group.setActiveStack(stack)

    def unsaved_entries(self) -> list[DocumentEntry]:
        """The files with decisions neither saved nor exported."""
        return [e for e in self.queue.entries
                if e.analysis is not None and e.undo is not None and not e.undo.isClean()]

    # ------------------------------------------------------------------ snapshots ----
    def set_analysis(self, entry: DocumentEntry, analysis: Analysis,
                     current: int | None) -> None:
        entry.analysis = analysis
        self.analysisChanged.emit(entry)
        if current is not None and current >= len(analysis.findings):
            current = len(analysis.findings) - 1 if analysis.findings else None
        entry.current = current
        if entry.status == Status.EXPORTED:
            self.queue.set_status(entry, Status.REVIEW, "changed since the export")
        else:
            masked = len(analysis.masked_indices)
            self.queue.set_status(entry, entry.status,
                                  f"{len(analysis.findings)} findings, {masked} masked")
        if entry is self.queue.current:
            self.workspace.refresh_findings(entry)

    def push(self, entry: DocumentEntry, after: Analysis, text: str,
             current: int | None) -> None:
        """Replace the entry's analysis with ``after`` as one undoable step."""
        assert entry.analysis is not None and entry.undo is not None
        entry.undo.push(SnapshotCommand(self, entry, entry.analysis, after, text, current))

    # --------------------------------------------------------------------- moving ----
    def go_to_finding(self, index: int) -> None:
        entry = self.queue.current
        if entry is None or entry.analysis is None:
            return
        if not (0 <= index < len(entry.analysis.findings)):
            return
        entry.current = index
        self.workspace.show_finding(entry.analysis, index)
        self.changed.emit()

    def step(self, delta: int) -> None:
        entry = self.queue.current
        if entry is None or entry.analysis is None or not entry.analysis.findings:
            return
        n = len(entry.analysis.findings)
        start = entry.current if entry.current is not None else (-1 if delta > 0 else n)
        self.go_to_finding(max(0, min(n - 1, start + delta)))

    # ------------------------------------------------------------------ decisions ----
    def decide(self, action: Action, *, index: int | None = None,
               whole_entity: bool | None = None) -> None:
        entry = self.queue.current
        if entry is None or entry.analysis is None:
            return
        i = entry.current if index is None else index
        if i is None:
            return
        whole = self.workspace.whole_entity_chosen() if whole_entity is None else whole_entity
        a = entry.analysis
        after = a.with_decision(i, action, whole_entity=whole)
        word = "Mask" if action == Action.MASK else "Keep"
        scope = "entity" if whole else "mention"
        self.push(entry, after, f"{word} {a.findings[i].label} {scope}", i)
        self.message.emit(f"{word}: {a.findings[i].full_type} ({scope}).")

    def mark_span(self, span: Span, label: Label) -> int | None:
        """Add a reviewer's finding; returns its index."""
        entry = self.queue.current
        if entry is None or entry.analysis is None:
            return None
        a = entry.analysis
        try:
            finding = user_finding(a.document.text, span, label)
        except RedactorError as exc:
            self.problem.emit(str(exc))
            return None
        after = a.with_added_finding(finding)
        # the mark may have grown over masked findings it partly covered
        index = next(i for i, f in enumerate(after.findings)
                     if f.span.start <= span.start and span.end <= f.span.end)
        self.push(entry, after, f"Mark {label}", index)
        self.go_to_finding(index)
        return index

    def mark_selection_dialog(self) -> None:
        entry = self.queue.current
        span = self.workspace.selected_span()
        if entry is None or entry.analysis is None:
            return
        if span is None:
            self.message.emit("Select text in the document first, then press M to mark it.")
            return
        dlg = MarkDialog(entry.analysis.document.text[span.start:span.end],
                         parent=self.dialog_parent)
        if dlg.exec():
            self.mark_span(span, dlg.chosen_label())

    def redact_all(self, query: str, mode: str = "word", label: Label = Label.MISC, *,
                   case_sensitive: bool = False) -> Job | None:
        """Mark every match as a finding. Matching and rebuilding the analysis run in a job
        (many matches in a long document take a while); the result is one undoable step."""
        entry = self.queue.current
        if entry is None or entry.analysis is None or (entry.job and not entry.job.done):
            return None
        before = entry.analysis
        try:  # a bad regular expression is reported at once
            search_spans("", query, mode, case_sensitive=case_sensitive)
        except RedactorError as exc:
            self.problem.emit(str(exc))
            return None

        def work(control: JobControl) -> tuple[int, Analysis]:
            spans = search_spans(before.document.text, query, mode,
                                 case_sensitive=case_sensitive)
            control.check()
            return len(spans), add_matches(before, spans, label) if spans else before

        def done(result: tuple[int, Analysis], e: DocumentEntry = entry) -> None:
            e.job = None
            n, after = result
            self.last_search_count = n
            if not n:
                self.message.emit("No match.")
                return
            self.push(e, after, f"Redact all {n} match(es) as {label}", e.current)
            self.message.emit(f"{n} match(es) marked as {label}.")

        def failed(message: str, e: DocumentEntry = entry) -> None:
            e.job = None
            self.problem.emit(message)

        job = self.jobs.runner.submit("search", work)
        job.succeeded.connect(done)
        job.failed.connect(failed)
        job.cancelled.connect(lambda e=entry: setattr(e, "job", None))
        self.jobs.watch(job)
        entry.job = job
        self.changed.emit()
        self.jobs.runner.start(job)
        return job

    def search_dialog(self) -> None:
        dlg = SearchDialog(self.dialog_parent)
        if dlg.exec():
            self.redact_all(dlg.query.text(), dlg.mode.currentData(),
                            Label(dlg.label.currentData()),
                            case_sensitive=dlg.case.isChecked())

    def set_label_strategy(self, label: Label, strategy: str) -> None:
        entry = self.queue.current
        if entry is None or entry.analysis is None:
            return
        if self.host.component("strategies", strategy) is None:
            self.problem.emit(f"unknown strategy {strategy!r}")
            return
        after = entry.analysis
        for entity in after.entities:
            if entity.label == label:
                after = after.with_strategy(entity.mentions[0], strategy)
        self.push(entry, after, f"Strategy {strategy} for {label}", entry.current)

    def strategy_dialog(self) -> None:
        entry = self.queue.current
        label = None
        if entry and entry.analysis is not None and entry.current is not None:
            label = entry.analysis.findings[entry.current].label
        ids = [r.id for r in self.host.components("strategies")]
        dlg = StrategyDialog(ids, label, self.dialog_parent)
        if dlg.exec():
            self.set_label_strategy(Label(dlg.label.currentData()), dlg.strategy.currentText())

    # ------------------------------------------------------------------------ save ----
    def save_review(self) -> Path | None:
        """Save the current file's decisions next to it (offsets and labels, no text)."""
        entry = self.queue.current
        if entry is None or entry.analysis is None:
            return None
        try:
            path = save_review(entry.analysis)
        except (RedactorError, OSError) as exc:
            self.problem.emit(f"The review could not be saved: {exc}")
            return None
        if entry.undo is not None:
            entry.undo.setClean()
        self.message.emit(f"Review saved to {path.name} (decisions and offsets only, no text).")
        return path
