"""Review decisions: moving between findings (and to the next one to review), mask/keep one
finding or every finding the list shows, marking and widening text, areas drawn over pages,
search and redact all, strategies per label, saving the review, and undo/redo of all of them.

Every change replaces the entry's immutable :class:`~redactor.core.analysis.Analysis` with a
new copy (the core's ``with_decision``, ``with_added_finding``, ``with_strategy``, and
:mod:`redactor.gui.review_edits`), pushed on the entry's ``QUndoStack`` (one per file, in one
``QUndoGroup``) as a (before, after) snapshot pair. ``analysisChanged`` tells the other parts
(an open export dialog) that an entry's analysis was replaced.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoGroup, QUndoStack
from PySide6.QtWidgets import QWidget

from redactor.core.analysis import Analysis
from redactor.core.errors import RedactorError
from redactor.core.model import Action, Box, Label, Span
from redactor.core.review_file import save_review, search_spans, user_finding
from redactor.gui.background import BackgroundJobs
from redactor.gui.document_entry import DocumentEntry, Status, progress_note
from redactor.gui.file_queue import FileQueue
from redactor.gui.jobs import Job, JobControl
from redactor.gui.review_dialogs import MarkDialog, StrategyDialog
from redactor.gui.review_edits import (
    areas_of,
    label_for,
    with_areas,
    with_decisions,
    with_matches,
    with_widened,
)
from redactor.gui.search_dialog import SearchDialog
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
        self._refresh = True  # set_analysis shows the result (see push)
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
            self.queue.set_status(entry, Status.REVIEW, "changed since the export; "
                                  + progress_note(analysis))
        else:
            self.queue.set_status(entry, entry.status, progress_note(analysis))
        if entry is self.queue.current and self._refresh:
            self.workspace.refresh_findings(entry)

    def push(self, entry: DocumentEntry, after: Analysis, text: str,
             current: int | None, *, refresh: bool = True) -> None:
        """Replace the entry's analysis with ``after`` as one undoable step (``refresh``:
        False when the caller shows it itself, as the end of a re-score does in parts)."""
        assert entry.analysis is not None and entry.undo is not None
        self._refresh = refresh
        try:
            entry.undo.push(SnapshotCommand(self, entry, entry.analysis, after, text, current))
        finally:
            self._refresh = True

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

    def next_unreviewed(self) -> int | None:
        """Go to the next finding still to review (after the current one, wrapping round);
        None when none is left."""
        entry = self.queue.current
        if entry is None or entry.analysis is None:
            return None
        a = entry.analysis
        todo = [i for i, d in enumerate(a.decisions) if d.action == Action.REVIEW]
        if not todo:
            self.message.emit("Nothing left to review in this file.")
            return None
        after = [i for i in todo if entry.current is None or i > entry.current]
        target = (after or todo)[0]
        self.go_to_finding(target)
        self.message.emit(f"To review: {len(todo)} left in this file.")
        return target

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

    def decide_many(self, indices: list[int], action: Action, what: str) -> None:
        """One decision for many findings (those the list shows), one undoable step."""
        entry = self.queue.current
        if entry is None or entry.analysis is None or not indices:
            return
        word = "Mask" if action == Action.MASK else "Keep"
        after = with_decisions(entry.analysis, indices, action)
        self.push(entry, after, f"{word} {len(indices)} {what}", entry.current)
        self.message.emit(f"{word}: {len(indices)} finding(s) ({what}).")

    def widen(self, index: int | None = None) -> int | None:
        """Grow a finding to the whole word(s) it is part of ("mw-" → "mw-Okafor")."""
        entry = self.queue.current
        if entry is None or entry.analysis is None:
            return None
        i = entry.current if index is None else index
        if i is None:
            return None
        after, new = with_widened(entry.analysis, i)
        self.push(entry, after, "Widen the mask", new)
        self.go_to_finding(new)
        return new

    def mark_again(self, index: int | None = None) -> None:
        """Select a finding's text (a little wider) and ask for its label, to mark it anew."""
        entry = self.queue.current
        if entry is None or entry.analysis is None:
            return
        i = entry.current if index is None else index
        if i is None:
            return
        f = entry.analysis.findings[i]
        self.workspace.view.text_view.select_span(f.span)
        self.message.emit("Adjust the selection in the text if needed, then press M to mark it.")
        self.mark_selection_dialog(default=f.label)

    def add_area(self, box: Box) -> None:
        """An area drawn over a page (a signature, a stamp, a photo): burnt on export."""
        entry = self.queue.current
        if entry is None or entry.analysis is None:
            return
        after = with_areas(entry.analysis, [*areas_of(entry.analysis), box])
        self.push(entry, after, f"Draw an area on page {box.page + 1}", entry.current)
        self.message.emit(f"Area on page {box.page + 1} will be burnt on export (Ctrl+Z "
                          "undoes it).")

    def clear_areas(self) -> None:
        entry = self.queue.current
        if entry is None or entry.analysis is None or not areas_of(entry.analysis):
            return
        self.push(entry, with_areas(entry.analysis, []), "Remove the drawn areas",
                  entry.current)

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

    def mark_selection_dialog(self, default: Label = Label.PERSON) -> None:
        entry = self.queue.current
        span = self.workspace.selected_span()
        if entry is None or entry.analysis is None:
            return
        if span is None:
            self.message.emit("Select text in the document first, then press M to mark it.")
            return
        dlg = MarkDialog(entry.analysis.document.text[span.start:span.end], default,
                         parent=self.dialog_parent)
        if dlg.exec():
            self.mark_span(span, dlg.chosen_label())

    def redact_all(self, query: str, mode: str = "word", label: Label | None = None, *,
                   case_sensitive: bool = False, spans: list[Span] | None = None
                   ) -> Job | None:
        """Mask every match (or the ``spans`` ticked in the search dialog). A match over an
        existing finding masks that finding and keeps its label and entity; any other match
        becomes a finding of ``label`` — by default the label of the existing findings of
        that text, else MISC. Matching and rebuilding run in a job; one undoable step."""
        entry = self.queue.current
        if entry is None or entry.analysis is None or (entry.job and not entry.job.done):
            return None
        before = entry.analysis
        try:  # a bad regular expression is reported at once
            search_spans("", query, mode, case_sensitive=case_sensitive)
        except RedactorError as exc:
            self.problem.emit(str(exc))
            return None
        chosen = spans

        def work(control: JobControl) -> tuple[int, int, Label, Analysis]:
            found = chosen if chosen is not None else search_spans(
                before.document.text, query, mode, case_sensitive=case_sensitive)
            control.check()
            use = label or label_for(before, [before.document.text[s.start:s.end]
                                              for s in found[:50]])
            if not found:
                return 0, 0, use, before
            after, added, masked = with_matches(before, found, use)
            return added, masked, use, after

        def done(result: tuple[int, int, Label, Analysis], e: DocumentEntry = entry) -> None:
            e.job = None
            added, masked, use, after = result
            self.last_search_count = added + masked
            if not added + masked:
                self.message.emit("No match.")
                return
            self.push(e, after, f"Redact all: {added + masked} match(es)", e.current)
            self.message.emit(f"{added} match(es) marked as {use}; {masked} existing "
                              "finding(s) masked (their labels unchanged).")

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

    def search_dialog(self) -> SearchDialog | None:
        """Find, tick the matches to redact (with their context), then redact them."""
        entry = self.queue.current
        if entry is None or entry.analysis is None:
            return None
        dlg = SearchDialog(entry.analysis, self.dialog_parent)
        dlg.apply.connect(lambda q, mode, lab, case, spans: self.redact_all(
            q, mode, lab, case_sensitive=case, spans=spans))
        dlg.show()
        return dlg

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

    def fix(self, entry: DocumentEntry, what: str, index: int) -> None:
        """A refused export's finding: select it (its file first), then keep, widen or mark
        it again as the reviewer chose."""
        if entry is not self.queue.current:
            self.queue.setCurrentRow(self.queue.entries.index(entry))
        if entry.analysis is None or not 0 <= index < len(entry.analysis.findings):
            return
        self.go_to_finding(index)
        if what == "keep":
            self.decide(Action.KEEP, index=index, whole_entity=False)
        elif what == "widen":
            self.widen(index)
        elif what == "mark":
            self.mark_again(index)

    # ------------------------------------------------------------------------ save ----
    def save_unsaved(self) -> list[Path]:
        """Save the review of every file with unsaved decisions, asking nothing (the session
        ends: SIGTERM at logout); returns the review files written."""
        written = []
        for e in self.unsaved_entries():
            try:
                written.append(save_review(e.analysis))  # type: ignore[arg-type]
                if e.undo is not None:
                    e.undo.setClean()
            except (RedactorError, OSError):
                continue  # nothing more can be done while the session ends
        return written

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
