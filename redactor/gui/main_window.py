"""The main window: builds the parts below, lays them out and wires them; it decides nothing.

Each part has one job and talks to the others through its methods and signals:

- ``session`` (:class:`~redactor.gui.session.Session`): settings, plugin host, policy and k;
- ``jobs`` (:class:`~redactor.gui.background.BackgroundJobs`): the background jobs, their
  progress bar and Cancel button;
- ``queue`` (:class:`~redactor.gui.file_queue.FileQueue`): the open files and their status;
- ``workspace`` (:class:`~redactor.gui.workspace.Workspace`): the panes — document view
  (text and pages), findings, details, problems banner;
- ``review`` (:class:`~redactor.gui.review_controller.ReviewController`): decisions, marks,
  search and redact all, saving the review, undo/redo;
- ``analysis`` (:class:`~redactor.gui.analysis_controller.AnalysisController`): analysing,
  re-scoring, resuming a saved review, passwords;
- ``web_search`` (:class:`~redactor.gui.web_search_controller.WebSearchController`):
  checking a file with web search, after the user's consent;
- ``export`` (:class:`~redactor.gui.export_controller.ExportController`): exporting one file
  or all of them;
- ``actions`` (:class:`~redactor.gui.actions.Actions`): actions, menus and toolbar.

The window's own methods (``open_files``, ``analyse_current``, ``decide`` …) hand the work to
the part that does it. Status messages belong to a file: a message about a file not selected
waits in its entry and shows when that file is selected (:meth:`FileQueue.tell`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, QTimer, QUrl, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QUndoGroup
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QSizePolicy,
)

from redactor.core.context import RunContext
from redactor.core.errors import RedactorError
from redactor.core.model import Action, Label, Span
from redactor.core.pipeline import Pipeline
from redactor.core.policy import Policy
from redactor.core.review_file import Review, save_review
from redactor.core.settings import Settings
from redactor.gui import help_dialogs
from redactor.gui.actions import Actions
from redactor.gui.analysis_controller import AnalysisController
from redactor.gui.background import BackgroundJobs
from redactor.gui.detail_pane import DetailPane
from redactor.gui.document_entry import DocumentEntry, Status
from redactor.gui.document_view import DocumentView
from redactor.gui.export_controller import ExportController
from redactor.gui.export_dialog import ExportDialog
from redactor.gui.fast_path import prepare_fast_path
from redactor.gui.file_queue import FileQueue
from redactor.gui.findings_panel import FindingsPanel
from redactor.gui.jobs import Job, JobControl, JobRunner
from redactor.gui.native_libraries import load_native_libraries
from redactor.gui.review_controller import ReviewController
from redactor.gui.session import Session
from redactor.gui.settings_dialog import SettingsDialog
from redactor.gui.web_search_controller import WebSearchController
from redactor.gui.workspace import Workspace
from redactor.pluginhost.manager import PluginHost


class MainWindow(QMainWindow):
    """The desktop app. ``host``, ``settings``, ``policy`` and ``qsettings`` are injectable."""

    analysisFinished = Signal(object)  # DocumentEntry
    exportFinished = Signal(object)  # DocumentEntry

    def __init__(self, host: PluginHost | None = None, *, settings: Settings | None = None,
                 policy: Policy | None = None, qsettings: QSettings | None = None,
                 settings_path: Path | None = None, poll_ms: int = 100,
                 warm_up: bool = True, prepare: bool = True) -> None:
        super().__init__()
        load_native_libraries()  # before the window is shown: see redactor.gui.native_libraries
        self.session = Session(host, settings=settings, policy=policy,
                               settings_path=settings_path, parent=self)
        self.qsettings = qsettings or QSettings(QSettings.Format.IniFormat,
                                                QSettings.Scope.UserScope, "redactor",
                                                "redactor-gui")
        self.jobs = BackgroundJobs(self, poll_ms=poll_ms)
        self.queue = FileQueue(self.qsettings)
        self.workspace = Workspace(self.queue)
        self.review = ReviewController(self.queue, self.workspace, self.jobs, self.session.host,
                                       self)
        self.analysis = AnalysisController(self.session, self.queue, self.workspace, self.jobs,
                                           self.review, self)
        self.export = ExportController(self.session, self.queue, self.jobs, self)
        self.web_search = WebSearchController(self.session, self.queue, self.jobs,
                                              self.review, self)
        self.last_message = ""
        self.confirm_close = True  # ask before closing with unsaved review work
        #: analyse a file as soon as it is opened (the document is shown at once either way)
        self.analyse_on_open = self.qsettings.value("review/analyse_on_open", True,
                                                    type=bool)
        self.setWindowTitle("Redactor")
        self.setAccessibleName("Redactor")
        self.setAcceptDrops(True)
        self.resize(1280, 800)
        self.setCentralWidget(self.workspace)
        self._build_status_bar()
        # (an attribute: QWidget.actions() is reached as QMainWindow.actions(window))
        self.actions = Actions(self, self, self.review.undo_group, self.session.policy)
        self.actions.analyse_on_open.setChecked(bool(self.analyse_on_open))
        self._wire()
        self.update_actions()
        geometry = self.qsettings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        #: the job readying readers and fast detectors after start-up (``prepare``)
        self.prepare_job: Job | None = None
        if prepare:
            QTimer.singleShot(0, self.prepare_fast_path)
        if warm_up:
            QTimer.singleShot(0, self.warm_up_models)

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        bar.setAccessibleName("Status bar")
        self.status_label = QLabel("Open a DOCX, PDF or TXT file (Ctrl+O) or drop files here.")
        self.status_label.setAccessibleName("Status")
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        bar.addWidget(self.status_label, 1)
        bar.addPermanentWidget(self.jobs.progress_bar)
        bar.addPermanentWidget(self.jobs.cancel_button)

    def _wire(self) -> None:
        for part in (self.session, self.jobs, self.queue, self.review, self.analysis,
                     self.export):
            part.message.connect(self._message)
        for part in (self.session, self.review, self.analysis, self.export):
            part.problem.connect(self._show_problem)
        self.queue.currentEntryChanged.connect(self._current_changed)
        self.queue.entryChanged.connect(
            lambda e: self.update_actions() if e is self.queue.current else None)
        self.workspace.findingSelected.connect(self.go_to_finding)
        self.workspace.maskClicked.connect(lambda: self.decide(Action.MASK))
        self.workspace.keepClicked.connect(lambda: self.decide(Action.KEEP))
        self.workspace.selectionChanged.connect(lambda _span: self.update_actions())
        self.workspace.nextUnreviewed.connect(self.next_unreviewed)
        self.workspace.bulkDecision.connect(self.review.decide_many)
        self.workspace.areaDrawn.connect(self.review.add_area)
        self.export.fixRequested.connect(self.review.fix)
        self.review.changed.connect(self.update_actions)
        self.review.analysisChanged.connect(self.export.review_changed)
        self.jobs.changed.connect(self.update_actions)
        self.analysis.analysisFinished.connect(self.analysisFinished)
        self.export.exportFinished.connect(self.exportFinished)
        self.export.entryAnalysed.connect(
            lambda e: self._show_entry(e) if e is self.queue.current else None)
        self.actions.policyChosen.connect(
            lambda name: self.session.set_policy(name, self.actions.chosen_k()))
        self.actions.kChosen.connect(self.session.set_k)
        self.web_search.message.connect(self._message)
        self.web_search.problem.connect(self._show_problem)

    # ------------------------------------------------------------------ wiring ----
    def _current_changed(self, entry: DocumentEntry | None) -> None:
        self.review.activate(entry)
        self._show_entry(entry)
        if entry is not None:  # this file's own last message, not another file's
            self._message(entry.message or f"{entry.path.name}: {entry.status}"
                          + (f" — {entry.note}" if entry.note else ""))

    def _show_entry(self, entry: DocumentEntry | None) -> None:
        self.workspace.show_entry(entry)
        self.update_actions()

    def update_actions(self) -> None:
        """Enable what can be done now with the current file."""
        entry = self.queue.current
        self.actions.enable_for(entry, self.queue.entries, self.jobs.busy)
        self.workspace.set_decisions_enabled(self.actions.decisions_enabled)
        # no undo or redo while a job works from this document's current state (re-score,
        # search and redact all): its result would be built from the state before the undo
        self.review.activate(entry if entry is not None and not entry.running else None)

    def _show_problem(self, message: str) -> None:
        self.workspace.show_problem(message)
        self._message(message)

    def _message(self, text: str) -> None:
        self.last_message = text
        self.status_label.setText(text)

    # ---------------------------------------------- the parts' state, for callers ----
    @property
    def settings(self) -> Settings:
        return self.session.settings

    @property
    def host(self) -> PluginHost:
        return self.session.host

    @property
    def policy(self) -> Policy:
        return self.session.policy

    @property
    def settings_path(self) -> Path | None:
        return self.session.settings_path

    @property
    def runner(self) -> JobRunner:
        return self.jobs.runner

    @property
    def undo_group(self) -> QUndoGroup:
        return self.review.undo_group

    @property
    def current(self) -> DocumentEntry | None:
        return self.queue.current

    @property
    def entries(self) -> list[DocumentEntry]:
        return self.queue.entries

    @property
    def last_search_count(self) -> int:
        return self.review.last_search_count

    @property
    def view(self) -> DocumentView:
        return self.workspace.view

    @property
    def findings(self) -> FindingsPanel:
        return self.workspace.findings

    @property
    def findings_label(self) -> QLabel:
        return self.workspace.findings_label

    @property
    def detail(self) -> DetailPane:
        return self.workspace.detail

    @property
    def banner(self) -> QLabel:
        return self.workspace.banner

    @property
    def progress(self) -> QProgressBar:
        return self.jobs.progress_bar

    # ------------------------------------------------------------------- files ----
    def open_dialog(self) -> None:
        paths = self.queue.choose_files()
        if paths:
            self.open_files(paths)

    def open_files(self, paths: Iterable[Path | str], *, analyse: bool = False
                   ) -> list[DocumentEntry]:
        """Open files: each is shown at once (read in a job), and analysed when ``analyse``
        or the setting "Analyse files when opened" says so."""
        added = self.queue.open(paths)
        for entry in added:
            if entry.analysis is not None or entry.running:
                continue
            if analyse or self.analyse_on_open:
                self.analysis.analyse(entry)
            elif entry.document is None:
                self.analysis.show_document(entry)
        self.update_actions()
        return added

    def set_analyse_on_open(self, on: bool) -> None:
        self.analyse_on_open = bool(on)
        self.qsettings.setValue("review/analyse_on_open", self.analyse_on_open)

    def entry_for(self, path: Path) -> DocumentEntry | None:
        return self.queue.entry_for(path)

    def recent_files(self) -> list[str]:
        return self.queue.recent.paths()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        paths = [Path(u.toLocalFile()) for u in event.mimeData().urls() if u.isLocalFile()]
        files = [p for p in paths if p.is_file()]
        if files:
            self.open_files(files)
            event.acceptProposedAction()

    @staticmethod
    def urls_for(paths: Iterable[Path]) -> list[QUrl]:
        return [QUrl.fromLocalFile(str(p)) for p in paths]

    # ---------------------------------------------------------- runs (session) ----
    def pipeline(self, policy: Policy | None = None) -> Pipeline:
        return self.session.pipeline(policy)

    def make_context(self, control: JobControl, memo: dict[str, Any] | None = None,
                     policy: Policy | None = None, password: str | None = None) -> RunContext:
        return self.session.make_context(control, memo, policy, password)

    def set_policy(self, name: str) -> None:
        self.session.set_policy(name, self.actions.chosen_k())

    def set_k(self, k: int) -> None:
        self.session.set_k(k)

    def settings_dialog(self) -> SettingsDialog:
        return self.session.settings_dialog(self.jobs.runner, self)

    def about(self) -> None:
        self.session.about(self.jobs.runner, self)

    # ---------------------------------------------------------------- analysis ----
    def prepare_fast_path(self) -> Job | None:
        self.prepare_job = prepare_fast_path(self.session, self.jobs.runner)
        return self.prepare_job

    def warm_up_models(self) -> Job | None:
        return self.analysis.warm_up_models()

    def analyse_current(self) -> Job | None:
        return self.analysis.analyse_current()

    def analyse_all(self) -> list[Job]:
        return self.analysis.analyse_all()

    def analyse(self, entry: DocumentEntry, *, review: Review | None = None,
                rescore: bool = False) -> Job | None:
        return self.analysis.analyse(entry, review=review, rescore=rescore)

    def rescore(self) -> Job | None:
        return self.analysis.rescore()

    def cancel(self) -> None:
        self.jobs.cancel()

    def password_dialog(self) -> None:
        self.analysis.password_dialog()

    def open_with_password(self, entry: DocumentEntry, password: str) -> Job | None:
        return self.analysis.open_with_password(entry, password)

    def resume_review(self) -> Job | None:
        return self.analysis.resume_review()

    def web_search_dialog(self) -> None:
        self.web_search.check_current()

    # ------------------------------------------------------------------ review ----
    def go_to_finding(self, index: int) -> None:
        self.review.go_to_finding(index)

    def step(self, delta: int) -> None:
        self.review.step(delta)

    def decide(self, action: Action, *, index: int | None = None,
               whole_entity: bool | None = None) -> None:
        self.review.decide(action, index=index, whole_entity=whole_entity)

    def mark_span(self, span: Span, label: Label) -> int | None:
        return self.review.mark_span(span, label)

    def mark_selection_dialog(self) -> None:
        self.review.mark_selection_dialog()

    def redact_all(self, query: str, mode: str = "word", label: Label | None = None, *,
                   case_sensitive: bool = False) -> Job | None:
        return self.review.redact_all(query, mode, label, case_sensitive=case_sensitive)

    def search_dialog(self) -> Any:
        return self.review.search_dialog()

    def set_label_strategy(self, label: Label, strategy: str) -> None:
        self.review.set_label_strategy(label, strategy)

    def strategy_dialog(self) -> None:
        self.review.strategy_dialog()

    def next_unreviewed(self) -> int | None:
        return self.review.next_unreviewed()

    def widen(self) -> int | None:
        return self.review.widen()

    def mark_again(self) -> None:
        self.review.mark_again()

    def draw_areas(self, on: bool) -> None:
        """Drag over a page to draw an area (on the Pages tab, shown for the purpose)."""
        self.view.page_view.set_drawing(on)
        if on and self.view.is_paged:
            self.view.setCurrentWidget(self.view.page_view)
            self._message("Drag a rectangle over a signature, stamp or photo; press D to stop.")

    def clear_areas(self) -> None:
        self.review.clear_areas()

    def show_ocr_words(self, on: bool) -> None:
        """Draw the words OCR read over the pages (the Pages tab is shown for the purpose)."""
        self.view.page_view.set_ocr_overlay(on)
        if on and self.view.is_paged:
            self.view.setCurrentWidget(self.view.page_view)
            self._message("The words OCR read are drawn over the image; those read with low "
                          "confidence are orange and dashed. Press O to hide them.")

    def user_guide(self) -> Any:
        return help_dialogs.user_guide(self)

    def shortcuts(self) -> Any:
        return help_dialogs.shortcuts(self, self.actions)

    def save_review(self) -> Path | None:
        return self.review.save_review()

    def unsaved_entries(self) -> list[DocumentEntry]:
        return self.review.unsaved_entries()

    # ------------------------------------------------------------------ export ----
    def export_dialog_for_current(self) -> ExportDialog | None:
        return self.export.export_dialog_for_current()

    def export_all_dialog(self) -> None:
        self.export.export_all_dialog()

    def export_all(self, folder: Path, *, strategy: str | None = None) -> list[Job]:
        return self.export.export_all(folder, strategy=strategy)

    def export_folder_dialog(self) -> None:
        self.export.export_folder_dialog()

    def export_folder(self, source: Path, folder: Path, *, strategy: str | None = None
                      ) -> list[Job]:
        return self.export.export_folder(source, folder, strategy=strategy)

    # ------------------------------------------------------------------- close ----
    def end_session(self) -> list[Path]:
        """The session ends (SIGTERM at logout): save the unsaved reviews, stop the jobs
        (briefly), close and quit, asking nothing. Returns the review files written."""
        written = self.review.save_unsaved()
        self.confirm_close = False
        self.jobs.shutdown(2000)
        self.close()
        app = QApplication.instance()
        if app is not None:
            app.quit()
        return written

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        unsaved = self.unsaved_entries() if self.confirm_close else []
        if unsaved:
            names = ", ".join(e.path.name for e in unsaved[:5])
            answer = QMessageBox.question(
                self, "Unsaved review",
                f"Your decisions for {names} are not saved or exported. Save the review(s) "
                "before closing?",
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
            if answer == QMessageBox.StandardButton.Cancel:
                event.ignore()
                return
            if answer == QMessageBox.StandardButton.Save:
                for e in unsaved:
                    try:
                        save_review(e.analysis)  # type: ignore[arg-type]
                    except (RedactorError, OSError) as exc:
                        self._show_problem(f"{e.path.name}: the review could not be saved: "
                                           f"{exc}")
                        event.ignore()
                        return
        self.qsettings.setValue("window/geometry", self.saveGeometry())
        self.jobs.shutdown(5000)
        super().closeEvent(event)


__all__ = ["DocumentEntry", "MainWindow", "Status", "QMessageBox"]
