"""The main window: a queue of files, the document, its findings and the review actions.

A thin layer over :class:`~redactor.core.pipeline.Pipeline`: reading, analysing, planning and
exporting run in background jobs (:mod:`redactor.gui.jobs`); every review action replaces the
entry's immutable :class:`~redactor.core.analysis.Analysis` with a new copy made by the core
(``with_decision``, ``with_added_finding``, ``with_strategy``), pushed on a per-document
``QUndoStack`` as a (before, after) snapshot pair.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QElapsedTimer, QSettings, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QUndoCommand,
    QUndoGroup,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from redactor.core.analysis import Analysis
from redactor.core.context import RunContext
from redactor.core.errors import EncryptedInputError, RedactorError
from redactor.core.model import Action, ComponentFailure, Document, Finding, Label, Span
from redactor.core.pipeline import ExportResult, Pipeline, sha256_file
from redactor.core.policy import Policy, load_policy, preset_names
from redactor.core.review_file import (
    Review,
    add_matches,
    apply_review,
    load_review,
    reapply_user_decisions,
    review_path_for,
    save_review,
    search_spans,
    user_finding,
)
from redactor.core.settings import Settings, config_dir
from redactor.gui.document_view import DocumentView, PageIndex, page_index, render_pdf_pages
from redactor.gui.export_dialog import ExportDialog, default_output
from redactor.gui.findings_panel import DetailPane, FindingsPanel
from redactor.gui.jobs import Job, JobControl, JobRunner
from redactor.gui.palette import legend_html
from redactor.gui.review_dialogs import MarkDialog, SearchDialog, StrategyDialog
from redactor.gui.settings_dialog import SettingsDialog
from redactor.pluginhost.manager import PluginHost

FILE_FILTER = "Documents (*.docx *.pdf *.txt);;All files (*)"
MAX_RECENT = 10
PAGE_SCALE = 1.25
PARTIAL_REFRESH_MS = 300  # while analysing, the findings found so far are shown this often


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


@dataclass(frozen=True, slots=True)
class AnalysisOutcome:
    """What an analysis job returns (built off the GUI thread)."""

    analysis: Analysis
    failures: tuple[ComponentFailure, ...]
    notes: tuple[str, ...] = ()
    problem: str = ""
    rescored: bool = False


class SnapshotCommand(QUndoCommand):
    """Undo/redo by swapping whole (immutable) Analysis snapshots."""

    def __init__(self, window: MainWindow, entry: DocumentEntry, before: Analysis,
                 after: Analysis, text: str, current: int | None = None) -> None:
        super().__init__(text)
        self.window, self.entry = window, entry
        self.before, self.after = before, after
        self.current = current

    def redo(self) -> None:
        self.window._set_analysis(self.entry, self.after, self.current)

    def undo(self) -> None:
        self.window._set_analysis(self.entry, self.before, self.current)


class MainWindow(QMainWindow):
    """The desktop app. ``host``, ``settings``, ``policy`` and ``qsettings`` are injectable."""

    analysisFinished = Signal(object)  # DocumentEntry
    exportFinished = Signal(object)  # DocumentEntry

    def __init__(self, host: PluginHost | None = None, *, settings: Settings | None = None,
                 policy: Policy | None = None, qsettings: QSettings | None = None,
                 settings_path: Path | None = None, poll_ms: int = 100,
                 warm_up: bool = True) -> None:
        super().__init__()
        self.settings = settings or (host.settings if host else Settings.load(settings_path))
        self.settings_path = settings_path
        self.host = host or PluginHost(self.settings)
        self.policy = policy or self._initial_policy()
        self.qsettings = qsettings or QSettings(QSettings.Format.IniFormat,
                                                QSettings.Scope.UserScope, "redactor",
                                                "redactor-gui")
        self.runner = JobRunner(self, poll_ms=poll_ms)
        self.entries: list[DocumentEntry] = []
        self.undo_group = QUndoGroup(self)
        self.batch: list[Job] = []
        self.batch_memo: dict[str, Any] = {}
        self.export_dialog: ExportDialog | None = None
        self.export_entry: DocumentEntry | None = None
        self.last_message = ""
        self.confirm_close = True  # ask before closing with unsaved review work
        self.last_search_count = 0
        # findings arriving while analysing are shown by a throttled refresh of their own
        self._partial_timer = QTimer(self)
        self._partial_timer.setSingleShot(True)
        self._partial_timer.timeout.connect(self._refresh_partial)
        self._partial_clock = QElapsedTimer()  # since the last such refresh
        self.setWindowTitle("Redactor")
        self.setAccessibleName("Redactor")
        self.setAcceptDrops(True)
        self.resize(1280, 800)
        self._build_widgets()
        self._build_actions()
        self._update_actions()
        geometry = self.qsettings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if warm_up:
            QTimer.singleShot(0, self.warm_up_models)

    def _initial_policy(self) -> Policy:
        try:
            policy = load_policy(str(self.settings.get("core", "policy", "default")))
        except RedactorError:
            policy = load_policy("default")
        k = int(self.settings.get("core", "vote_k", policy.k) or policy.k)
        return dataclasses.replace(policy, k=max(1, k))

    # ------------------------------------------------------------------ construction ----
    def _build_widgets(self) -> None:
        central = QWidget()
        central.setAccessibleName("Workspace")
        outer = QVBoxLayout(central)
        outer.setContentsMargins(4, 4, 4, 4)

        self.banner = QLabel("")
        self.banner.setAccessibleName("Problems")
        self.banner.setWordWrap(True)
        self.banner.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                            | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.banner.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.banner.setStyleSheet("QLabel { border: 2px solid #D55E00; padding: 6px; }")
        self.banner.hide()
        outer.addWidget(self.banner)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setAccessibleName("Panes")
        outer.addWidget(splitter, 1)

        left = QWidget()
        left.setAccessibleName("Files pane")
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        files_label = QLabel("&Files")
        lv.addWidget(files_label)
        self.queue = QListWidget()
        self.queue.setAccessibleName("Files")
        self.queue.setAccessibleDescription("Files to redact, with their status")
        self.queue.setWordWrap(True)
        files_label.setBuddy(self.queue)
        self.queue.currentRowChanged.connect(self._queue_row_changed)
        lv.addWidget(self.queue, 1)
        splitter.addWidget(left)

        self.view = DocumentView()
        self.view.text_view.selectionChangedToSpan.connect(lambda _s: self._update_actions())
        splitter.addWidget(self.view)

        right = QSplitter(Qt.Orientation.Vertical)
        right.setAccessibleName("Findings pane")
        top = QWidget()
        top.setAccessibleName("Findings list")
        tv = QVBoxLayout(top)
        tv.setContentsMargins(0, 0, 0, 0)
        self.findings_label = QLabel("F&indings")
        self.findings_label.setAccessibleName("Findings summary")
        # a changing summary must not re-lay out the panes (and re-highlight) while analysing
        self.findings_label.setSizePolicy(QSizePolicy.Policy.Ignored,
                                          QSizePolicy.Policy.Preferred)
        tv.addWidget(self.findings_label)
        self.findings = FindingsPanel()
        self.findings_label.setBuddy(self.findings)
        self.findings.findingSelected.connect(self.go_to_finding)
        tv.addWidget(self.findings, 1)
        legend = QLabel(legend_html())
        legend.setAccessibleName("Legend")
        legend.setWordWrap(True)
        tv.addWidget(legend)
        buttons = QHBoxLayout()
        self.accept_button = QPushButton("&Mask (A)")
        self.accept_button.setAccessibleName("Mask the selected finding")
        self.reject_button = QPushButton("&Keep (R)")
        self.reject_button.setAccessibleName("Keep the selected finding in clear")
        self.whole_entity = QCheckBox("Every mention of the &entity")
        self.whole_entity.setAccessibleName("Apply to every mention of the entity")
        self.whole_entity.setChecked(True)
        buttons.addWidget(self.accept_button)
        buttons.addWidget(self.reject_button)
        buttons.addWidget(self.whole_entity)
        tv.addLayout(buttons)
        right.addWidget(top)
        self.detail = DetailPane()
        self.detail.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        right.addWidget(self.detail)
        right.setSizes([500, 250])
        splitter.addWidget(right)
        splitter.setSizes([230, 640, 520])
        self.setCentralWidget(central)

        bar = self.statusBar()
        bar.setAccessibleName("Status bar")
        self.status_label = QLabel("Open a DOCX, PDF or TXT file (Ctrl+O) or drop files here.")
        self.status_label.setAccessibleName("Status")
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        bar.addWidget(self.status_label, 1)
        self.progress = QProgressBar()
        self.progress.setAccessibleName("Progress")
        self.progress.setRange(0, 100)
        self.progress.setMaximumWidth(260)
        self.progress.hide()
        bar.addPermanentWidget(self.progress)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setAccessibleName("Cancel the running task")
        self.cancel_button.hide()
        self.cancel_button.clicked.connect(self.cancel)
        bar.addPermanentWidget(self.cancel_button)

    def _action(self, text: str, slot: Any, shortcuts: Sequence[str | QKeySequence] = (),
                tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcuts:
            action.setShortcuts([QKeySequence(s) for s in shortcuts])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        k = QKeySequence.StandardKey
        self.act_open = self._action("&Open…", self.open_dialog, [k.Open])
        self.act_save_review = self._action("&Save review", self.save_review, [k.Save],
                                            "Save the decisions next to the file")
        self.act_resume = self._action("&Resume saved review", self.resume_review,
                                       ["Ctrl+Shift+O"])
        self.act_export = self._action("&Export…", self.export_dialog_for_current, ["Ctrl+E"])
        self.act_export_all = self._action("Export &all…", self.export_all_dialog,
                                           ["Ctrl+Shift+E"])
        self.act_quit = self._action("&Quit", self.close, [k.Quit])
        self.act_analyse = self._action("&Analyse", self.analyse_current, ["F5"])
        self.act_analyse_all = self._action("Analyse a&ll", self.analyse_all, ["Shift+F5"])
        self.act_cancel = self._action("&Cancel", self.cancel, ["Esc"])
        self.act_password = self._action("Enter &password…", self.password_dialog,
                                         tip="Open an encrypted file with its password")
        self.act_next = self._action("&Next finding", lambda: self.step(1), ["J", "F8"])
        self.act_prev = self._action("&Previous finding", lambda: self.step(-1),
                                     ["K", "Shift+F8"])
        self.act_accept = self._action("&Mask", lambda: self.decide(Action.MASK), ["A"])
        self.act_reject = self._action("&Keep", lambda: self.decide(Action.KEEP), ["R"])
        self.act_accept_one = self._action(
            "Mask this mention only", lambda: self.decide(Action.MASK, whole_entity=False),
            ["Shift+A"])
        self.act_reject_one = self._action(
            "Keep this mention only", lambda: self.decide(Action.KEEP, whole_entity=False),
            ["Shift+R"])
        self.act_mark = self._action("Mark &selection…", self.mark_selection_dialog, ["M"])
        self.act_search = self._action("Search and &redact all…", self.search_dialog,
                                       [k.Find])
        self.act_strategy = self._action("S&trategy for a label…", self.strategy_dialog)
        self.act_rescore = self._action("Re-&score", self.rescore, ["Ctrl+R"],
                                        "Analyse again under the chosen policy and k, "
                                        "keeping your own decisions")
        self.act_settings = self._action("Se&ttings…", self.settings_dialog, [k.Preferences])
        self.act_about = self._action("&About Redactor", self.about)
        self.act_undo = self.undo_group.createUndoAction(self, "&Undo")
        self.act_undo.setShortcuts(QKeySequence.keyBindings(k.Undo))
        self.act_redo = self.undo_group.createRedoAction(self, "&Redo")
        self.act_redo.setShortcuts(QKeySequence.keyBindings(k.Redo) + [QKeySequence("Ctrl+Y")])
        self.addActions([self.act_undo, self.act_redo])

        menu = self.menuBar()
        menu.setAccessibleName("Menu bar")
        m = menu.addMenu("&File")
        m.addAction(self.act_open)
        self.recent_menu = m.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        m.addSeparator()
        m.addActions([self.act_save_review, self.act_resume])
        m.addSeparator()
        m.addActions([self.act_export, self.act_export_all])
        m.addSeparator()
        m.addAction(self.act_quit)
        m = menu.addMenu("&Edit")
        m.addActions([self.act_undo, self.act_redo])
        m.addSeparator()
        m.addActions([self.act_mark, self.act_search, self.act_strategy])
        m = menu.addMenu("&Review")
        m.addActions([self.act_next, self.act_prev])
        m.addSeparator()
        m.addActions([self.act_accept, self.act_reject, self.act_accept_one,
                      self.act_reject_one])
        m = menu.addMenu("&Analyse")
        m.addActions([self.act_analyse, self.act_analyse_all, self.act_rescore, self.act_cancel,
                      self.act_password])
        m = menu.addMenu("&Tools")
        m.addAction(self.act_settings)
        m = menu.addMenu("&Help")
        m.addAction(self.act_about)

        tb = QToolBar("Main")
        tb.setObjectName("main-toolbar")
        tb.setAccessibleName("Main toolbar")
        self.addToolBar(tb)
        tb.addActions([self.act_open, self.act_analyse, self.act_analyse_all, self.act_export,
                       self.act_export_all])
        tb.addSeparator()
        tb.addActions([self.act_undo, self.act_redo])
        tb.addSeparator()
        tb.addWidget(QLabel(" Policy "))
        self.policy_box = QComboBox()
        self.policy_box.setAccessibleName("Policy")
        names = preset_names()
        if self.policy.name not in names:
            names = [self.policy.name, *names]
        self.policy_box.addItems(names)
        self.policy_box.setCurrentText(self.policy.name)
        self.policy_box.currentTextChanged.connect(self.set_policy)
        tb.addWidget(self.policy_box)
        tb.addWidget(QLabel(" k "))
        self.k_box = QSpinBox()
        self.k_box.setAccessibleName("Risk threshold k")
        self.k_box.setToolTip("Mask when at least k risk indicators say risky")
        self.k_box.setRange(1, 20)
        self.k_box.setValue(self.policy.k)
        self.k_box.valueChanged.connect(self.set_k)
        tb.addWidget(self.k_box)
        tb.addAction(self.act_rescore)
        for w in tb.findChildren(QWidget):
            if not w.accessibleName() and hasattr(w, "defaultAction") and w.defaultAction():
                w.setAccessibleName(w.defaultAction().text().replace("&", ""))

        self.accept_button.clicked.connect(lambda: self.decide(Action.MASK))
        self.reject_button.clicked.connect(lambda: self.decide(Action.KEEP))

    # ------------------------------------------------------------------------- queue ----
    @property
    def current(self) -> DocumentEntry | None:
        row = self.queue.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def entry_for(self, path: Path) -> DocumentEntry | None:
        return next((e for e in self.entries if e.path == path), None)

    def open_dialog(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, "Open documents", "", FILE_FILTER)
        if paths:
            self.open_files([Path(p) for p in paths])

    def open_files(self, paths: Iterable[Path | str], *, analyse: bool = False
                   ) -> list[DocumentEntry]:
        added = []
        for raw in paths:
            path = Path(raw).expanduser().resolve()
            entry = self.entry_for(path)
            if entry is None:
                entry = DocumentEntry(path)
                entry.undo = QUndoStack(self.undo_group)
                self.entries.append(entry)
                item = QListWidgetItem()
                self.queue.addItem(item)
                self._refresh_item(entry)
                self._add_recent(path)
            added.append(entry)
        if added:
            self.queue.setCurrentRow(self.entries.index(added[0]))
            sidecar = review_path_for(added[0].path)
            self._message(f"Opened {len(added)} file(s)."
                          + (" A saved review exists: File → Resume saved review."
                             if sidecar.exists() else ""))
        if analyse:
            for entry in added:
                self.analyse(entry)
        self._update_actions()
        return added

    def _refresh_item(self, entry: DocumentEntry) -> None:
        row = self.entries.index(entry)
        item = self.queue.item(row)
        status = entry.status + (f" — {entry.note}" if entry.note else "")
        item.setText(f"{STATUS_SYMBOLS[entry.status]} {entry.path.name}\n    {status}")
        item.setToolTip(f"{entry.path}\n{status}")
        item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{entry.path.name}: {status}")

    def _set_status(self, entry: DocumentEntry, status: str, note: str = "") -> None:
        entry.status, entry.note = status, note
        self._refresh_item(entry)
        if entry is self.current:
            self._update_actions()

    def _queue_row_changed(self, _row: int) -> None:
        entry = self.current
        self.undo_group.setActiveStack(entry.undo if entry else None)
        self._show_entry(entry)

    def _show_entry(self, entry: DocumentEntry | None) -> None:
        doc = entry.document if entry else None
        self.view.set_document(doc, entry.page_index if entry else None)
        if entry is not None and entry.pages:
            self.view.page_view.set_pages(entry.pages)
        self._show_failures(entry)
        self._refresh_findings(entry)
        self._update_actions()

    # ---------------------------------------------------------------------- recent ----
    def recent_files(self) -> list[str]:
        value = self.qsettings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _add_recent(self, path: Path) -> None:
        recent = [str(path)] + [p for p in self.recent_files() if p != str(path)]
        self.qsettings.setValue("recent", recent[:MAX_RECENT])

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.recent_files()
        if not recent:
            a = self.recent_menu.addAction("No recent files")
            a.setEnabled(False)
        for p in recent:
            a = self.recent_menu.addAction(p)
            a.triggered.connect(lambda _c=False, p=p: self.open_files([p]))

    # -------------------------------------------------------------- drag and drop ----
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

    # -------------------------------------------------------------------- analysis ----
    def pipeline(self, policy: Policy | None = None) -> Pipeline:
        return Pipeline(self.host, policy or self.policy)

    def make_context(self, control: JobControl, memo: dict[str, Any] | None = None,
                     policy: Policy | None = None, password: str | None = None) -> RunContext:
        ctx = RunContext(settings=Settings(self.settings.to_dict()), cancel=control.cancel,
                         progress=control.progress, policy=policy or self.policy,
                         password=password)
        if memo is not None:
            ctx.memo = memo
        return ctx

    def warm_up_models(self) -> Job | None:
        """Load detectors' models (``load(ctx)``) in the background before the first run."""
        loaders = [r for r in self.host.components("detectors")
                   if callable(getattr(r.component, "load", None))]
        if not loaders:
            return None
        host = self.host

        def work(control: JobControl) -> int:
            ctx = self.make_context(control)
            for n, reg in enumerate(loaders):
                control.check()
                control.progress(f"load:{reg.id}", n / len(loaders))
                host.call(reg.plugin, reg.id, "load", reg.component.load, ctx)
            return len(loaders)

        self._message("Loading models…")
        return self.runner.run("load-models", work,
                               succeeded=lambda n: self._message(f"{n} model(s) ready."),
                               failed=lambda m: self._message(f"Loading models failed: {m}"))

    def analyse_current(self) -> Job | None:
        """Analyse the selected file; analysing it again keeps the reviewer's decisions."""
        entry = self.current
        if entry is None:
            return None
        if entry.analysis is not None:
            return self.rescore()
        return self.analyse(entry)

    def analyse_all(self) -> list[Job]:
        jobs = [job for e in self.entries
                if e.status in (Status.PENDING, Status.FAILED)
                and (job := self.analyse(e)) is not None]
        self._start_batch(jobs, "Analysing")
        return jobs

    def analyse(self, entry: DocumentEntry, *, review: Review | None = None,
                rescore: bool = False) -> Job | None:
        if entry.job is not None and not entry.job.done:
            return entry.job
        policy = self.policy
        pipeline = self.pipeline(policy)
        path = entry.path
        known_doc = entry.document
        paged_scale = PAGE_SCALE
        password = entry.password
        previous = entry.analysis if rescore else None

        def work(control: JobControl) -> AnalysisOutcome:
            ctx = self.make_context(control, policy=policy, password=password)
            doc = known_doc or pipeline.read(path, ctx)
            if not doc.sha256:
                doc = dataclasses.replace(doc, sha256=sha256_file(path))
            paged = any(s.boxes for s in doc.segments)
            # the page view's index is built here, not on the GUI thread
            control.partial(("document", (doc, page_index(doc) if paged else None)))
            if known_doc is None and paged:
                try:
                    # in batches, so that the first pages are on screen at once
                    render_pdf_pages(str(path), paged_scale, ctx.password, control.check,
                                     on_pages=lambda batch: control.partial(("pages", batch)))
                except RedactorError:
                    raise
                except Exception as exc:  # the page view is optional; the text view remains
                    control.partial(("pages-error", f"{type(exc).__name__}"))
            analysis = pipeline.analyze(
                doc, ctx, on_findings=lambda found: control.partial(("findings", found)))
            # laying saved or earlier decisions over the result is work too: done here
            fresh, notes, problem = analysis, [], ""
            if review is not None:
                try:
                    analysis = apply_review(analysis, review)
                    notes.append("saved review resumed")
                except RedactorError as exc:
                    problem = str(exc)
                    notes.append("saved review NOT applied")
            if previous is not None:
                analysis = reapply_user_decisions(previous, analysis)
            return AnalysisOutcome(analysis, fresh.failures, tuple(notes), problem,
                                   previous is not None)

        entry.partial = []
        if known_doc is None:
            entry.pages = []  # the pages are rendered again with the document
        job = self.runner.submit(f"analyse:{path.name}", work)
        job.partial.connect(lambda items, e=entry: self._analysis_partial(e, items))
        job.progressed.connect(lambda phase, f, e=entry: self._progress(e, phase, f))
        job.succeeded.connect(lambda result, e=entry: self._analysis_done(e, result))
        job.failed.connect(lambda msg, e=entry: self._analysis_failed(e, msg))
        job.cancelled.connect(lambda e=entry: self._analysis_cancelled(e))
        job.finished.connect(self._job_finished)
        entry.job = job
        self._set_status(entry, Status.ANALYSING)
        self.runner.start(job)
        self._show_progress(True)
        return job

    def _analysis_partial(self, entry: DocumentEntry, items: list[tuple[str, Any]]) -> None:
        changed = False
        for kind, value in items:
            if kind == "document":
                entry.document, entry.page_index = value
                if entry is self.current:
                    self.view.set_document(*value)
                    if entry.pages:  # rendered by an earlier run (a re-score renders none)
                        self.view.page_view.set_pages(entry.pages)
            elif kind == "pages":  # a batch, in page order
                entry.pages.extend(value)
                if entry is self.current:
                    self.view.page_view.set_pages(value)
            elif kind == "pages-error":
                if entry is self.current:
                    self.view.page_view.show_error(value)
            elif kind == "findings":
                entry.partial.extend(value)
                changed = True
        if changed and entry is self.current and entry.analysis is None:
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
        entry = self.current
        if (entry is None or entry.status != Status.ANALYSING or entry.analysis is not None
                or not entry.partial):
            return  # finished, cancelled or switched away meanwhile: shown by its handler
        self._partial_clock.start()
        self._refresh_findings(entry)

    def _analysis_done(self, entry: DocumentEntry, outcome: AnalysisOutcome) -> None:
        analysis = outcome.analysis
        entry.document = analysis.document
        entry.failures = outcome.failures
        entry.job = None
        if outcome.problem:
            self._show_problem(outcome.problem)
        if outcome.rescored and entry.analysis is not None:
            entry.undo.push(SnapshotCommand(self, entry, entry.analysis, analysis,
                                            f"Re-score under {analysis.policy.name}, "
                                            f"k={analysis.policy.k}", entry.current))
        else:
            entry.undo.clear()
            entry.analysis = analysis
            entry.current = 0 if analysis.findings else None
        entry.partial = []
        masked = len(entry.analysis.masked_indices)
        note = f"{len(entry.analysis.findings)} findings, {masked} masked"
        if outcome.notes:
            note += "; " + "; ".join(outcome.notes)
        self._set_status(entry, Status.REVIEW, note)
        if entry is self.current:
            self._show_failures(entry)
            if outcome.problem:
                self._show_problem(outcome.problem)
            self._refresh_findings(entry)
            if entry.current is not None:
                self.go_to_finding(entry.current)
        self._message(f"{entry.path.name}: analysed — {note}.")
        self.analysisFinished.emit(entry)

    def _analysis_failed(self, entry: DocumentEntry, message: str) -> None:
        job = entry.job
        entry.encrypted = isinstance(job.exception if job else None, EncryptedInputError)
        if entry.encrypted:
            message += " — use Analyse → Enter password…"
        entry.job = None
        self._set_status(entry, Status.FAILED, message)
        self._show_problem(f"{entry.path.name}: {message}")
        self.analysisFinished.emit(entry)

    def _analysis_cancelled(self, entry: DocumentEntry) -> None:
        entry.job = None
        entry.partial = []
        status = Status.REVIEW if entry.analysis is not None else Status.PENDING
        self._set_status(entry, status, "analysis cancelled")
        if entry is self.current:
            self._refresh_findings(entry)
        self._message(f"{entry.path.name}: analysis cancelled.")
        self.analysisFinished.emit(entry)

    def cancel(self) -> None:
        """Cancel every running or queued job (the pipeline stops at its next check)."""
        if self.runner.busy:
            self.runner.cancel_all()
            self._message("Cancelling…")

    # --------------------------------------------------------------- progress, batch ----
    def _start_batch(self, jobs: list[Job], verb: str) -> None:
        self.batch = list(jobs)
        self.batch_verb = verb
        self._show_progress(bool(jobs))

    def _progress(self, entry: DocumentEntry, phase: str, fraction: float) -> None:
        active = [j for j in self.batch if not j.done] if self.batch else []
        if len(self.batch) > 1:
            done = sum(1 for j in self.batch if j.done)
            overall = (done + fraction) / len(self.batch)
            self._set_progress(int(overall * 100),
                               f"{self.batch_verb} {done + 1}/{len(self.batch)} %p%")
        else:
            self._set_progress(int(fraction * 100), f"{phase.split(':')[0]} %p%")
        del active

    def _set_progress(self, value: int, fmt: str) -> None:
        """Update the bar without QProgressBar's synchronous repaint, which would paint every
        dirty widget of the window (pages, text, findings) inside the job's poll: the bar is
        repainted with the rest in a later turn of the event loop."""
        bar = self.progress
        if bar.value() == value and bar.format() == fmt:
            return
        bar.setUpdatesEnabled(False)
        bar.setFormat(fmt)
        bar.setValue(value)
        bar.setUpdatesEnabled(True)  # schedules the repaint

    def _show_progress(self, on: bool) -> None:
        self.progress.setVisible(on)
        self.cancel_button.setVisible(on)
        if on:
            self.progress.setValue(0)

    def _job_finished(self) -> None:
        if not self.runner.busy:
            self._show_progress(False)
            if len(self.batch) > 1:
                ok = sum(1 for j in self.batch if j.status == "succeeded")
                self._message(f"{self.batch_verb} finished: {ok} of {len(self.batch)} done.")
            self.batch = []
        self._update_actions()

    # ------------------------------------------------------------------ showing state ----
    def _refresh_findings(self, entry: DocumentEntry | None) -> None:
        if entry is not None and entry.analysis is not None:
            a = entry.analysis
            self.findings.set_analysis(a, entry.current)
            self.view.set_findings(a.findings, [d.action for d in a.decisions], entry.current)
            self.detail.show_finding(a, entry.current)
        elif entry is not None and entry.partial:
            self.findings.show_partial(entry.partial)
            self.view.set_findings(entry.partial, [Action.REVIEW] * len(entry.partial))
        else:
            self.findings.clear_all()
            self.view.set_findings([], [])
            self.detail.show_finding(None, None)
        summary = self.findings.summary()
        self.findings_label.setText("F&indings" + (f" — {summary}" if summary else ""))

    SHOWN_WARNINGS = 6  # reader warnings listed in the banner (the rest are counted)

    def _show_failures(self, entry: DocumentEntry | None) -> None:
        """The banner: failed plugin components, and what the reader could not read (pages
        without a text layer, images without text over them …). Never document text."""
        warnings = list(entry.document.warnings) if entry and entry.document else []
        if entry is None or not (entry.failures or warnings):
            if not (entry and entry.status == Status.FAILED):
                self.banner.hide()
            else:
                self.banner.setText(f"⚠ {entry.path.name} could not be analysed: {entry.note}")
                self.banner.show()
            return
        lines = []
        if entry.failures:
            lines.append(f"⚠ {len(entry.failures)} plugin component(s) failed; the rest of the "
                         "analysis ran, but their findings are missing — review with care:")
            for f in entry.failures:
                lines.append(f"• {f.plugin} / {f.component} ({f.phase}): {f.error}")
        if warnings:
            lines.append("⚠ Not everything in this file could be read — what is listed here is "
                         "neither analysed nor redacted; check it by eye:")
            lines += [f"• {w}" for w in warnings[:self.SHOWN_WARNINGS]]
            if len(warnings) > self.SHOWN_WARNINGS:
                lines.append(f"• … and {len(warnings) - self.SHOWN_WARNINGS} more")
        self.banner.setText("\n".join(lines))
        self.banner.show()

    def _show_problem(self, message: str) -> None:
        self.banner.setText(f"⚠ {message}")
        self.banner.show()
        self._message(message)

    def _message(self, text: str) -> None:
        self.last_message = text
        self.status_label.setText(text)

    def _update_actions(self) -> None:
        entry = self.current
        has = entry is not None
        analysed = has and entry.analysis is not None
        running = has and entry.job is not None and not entry.job.done
        has_finding = analysed and entry.current is not None
        for a in (self.act_analyse,):
            a.setEnabled(has and not running)
        self.act_analyse_all.setEnabled(any(e.status in (Status.PENDING, Status.FAILED)
                                            for e in self.entries))
        for a in (self.act_export, self.act_save_review, self.act_search, self.act_strategy,
                  self.act_rescore):
            a.setEnabled(analysed and not running)
        self.act_export_all.setEnabled(bool(self.entries) and not self.runner.busy)
        self.act_resume.setEnabled(has and not running)
        self.act_password.setEnabled(has and not running and entry.encrypted)
        for a in (self.act_accept, self.act_reject, self.act_accept_one, self.act_reject_one,
                  self.act_next, self.act_prev):
            a.setEnabled(has_finding and not running)
        self.accept_button.setEnabled(has_finding and not running)
        self.reject_button.setEnabled(has_finding and not running)
        self.act_mark.setEnabled(analysed and not running)
        self.act_cancel.setEnabled(self.runner.busy)
        # no undo or redo while a job works from this document's current state (re-score,
        # search and redact all): its result would be built from the state before the undo
        stack = entry.undo if has and not running else None
        if self.undo_group.activeStack() is not stack:
            self.undo_group.setActiveStack(stack)

    # ---------------------------------------------------------------------- review ----
    def go_to_finding(self, index: int) -> None:
        entry = self.current
        if entry is None or entry.analysis is None:
            return
        if not (0 <= index < len(entry.analysis.findings)):
            return
        entry.current = index
        a = entry.analysis
        self.view.show_current(index, a.findings[index].span)
        self.findings.select_finding(index)
        self.detail.show_finding(a, index)
        self._update_actions()

    def step(self, delta: int) -> None:
        entry = self.current
        if entry is None or entry.analysis is None or not entry.analysis.findings:
            return
        n = len(entry.analysis.findings)
        start = entry.current if entry.current is not None else (-1 if delta > 0 else n)
        self.go_to_finding(max(0, min(n - 1, start + delta)))

    def _set_analysis(self, entry: DocumentEntry, analysis: Analysis,
                      current: int | None) -> None:
        entry.analysis = analysis
        dlg = self.export_dialog
        if dlg is not None and self.export_entry is entry and dlg.isVisible():
            dlg.set_analysis(analysis)  # an open export dialog exports the review as it is now
        if current is not None and current >= len(analysis.findings):
            current = len(analysis.findings) - 1 if analysis.findings else None
        entry.current = current
        if entry.status == Status.EXPORTED:
            self._set_status(entry, Status.REVIEW, "changed since the export")
        else:
            masked = len(analysis.masked_indices)
            self._set_status(entry, entry.status,
                             f"{len(analysis.findings)} findings, {masked} masked")
        if entry is self.current:
            self._refresh_findings(entry)

    def _push(self, entry: DocumentEntry, after: Analysis, text: str,
              current: int | None) -> None:
        assert entry.analysis is not None and entry.undo is not None
        entry.undo.push(SnapshotCommand(self, entry, entry.analysis, after, text, current))

    def decide(self, action: Action, *, index: int | None = None,
               whole_entity: bool | None = None) -> None:
        entry = self.current
        if entry is None or entry.analysis is None:
            return
        i = entry.current if index is None else index
        if i is None:
            return
        whole = self.whole_entity.isChecked() if whole_entity is None else whole_entity
        a = entry.analysis
        after = a.with_decision(i, action, whole_entity=whole)
        word = "Mask" if action == Action.MASK else "Keep"
        scope = "entity" if whole else "mention"
        self._push(entry, after, f"{word} {a.findings[i].label} {scope}", i)
        self._message(f"{word}: {a.findings[i].full_type} ({scope}).")

    def mark_span(self, span: Span, label: Label) -> int | None:
        """Add a reviewer's finding; returns its index."""
        entry = self.current
        if entry is None or entry.analysis is None:
            return None
        a = entry.analysis
        try:
            finding = user_finding(a.document.text, span, label)
        except RedactorError as exc:
            self._show_problem(str(exc))
            return None
        after = a.with_added_finding(finding)
        # the mark may have grown over masked findings it partly covered
        index = next(i for i, f in enumerate(after.findings)
                     if f.span.start <= span.start and span.end <= f.span.end)
        self._push(entry, after, f"Mark {label}", index)
        self.go_to_finding(index)
        return index

    def mark_selection_dialog(self) -> None:
        entry = self.current
        span = self.view.text_view.selected_span()
        if entry is None or entry.analysis is None:
            return
        if span is None:
            self._message("Select text in the document first, then press M to mark it.")
            return
        dlg = MarkDialog(entry.analysis.document.text[span.start:span.end], parent=self)
        if dlg.exec():
            self.mark_span(span, dlg.chosen_label())

    def redact_all(self, query: str, mode: str = "word", label: Label = Label.MISC, *,
                   case_sensitive: bool = False) -> Job | None:
        """Mark every match as a finding. Matching and rebuilding the analysis run in a job
        (many matches in a long document take a while); the result is one undoable step."""
        entry = self.current
        if entry is None or entry.analysis is None or (entry.job and not entry.job.done):
            return None
        before = entry.analysis
        try:  # a bad regular expression is reported at once
            search_spans("", query, mode, case_sensitive=case_sensitive)
        except RedactorError as exc:
            self._show_problem(str(exc))
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
                self._message("No match.")
                return
            self._push(e, after, f"Redact all {n} match(es) as {label}", e.current)
            self._message(f"{n} match(es) marked as {label}.")

        def failed(message: str, e: DocumentEntry = entry) -> None:
            e.job = None
            self._show_problem(message)

        job = self.runner.submit("search", work)
        job.succeeded.connect(done)
        job.failed.connect(failed)
        job.cancelled.connect(lambda e=entry: setattr(e, "job", None))
        job.finished.connect(self._job_finished)
        entry.job = job
        self._update_actions()
        self.runner.start(job)
        return job

    def search_dialog(self) -> None:
        dlg = SearchDialog(self)
        if dlg.exec():
            self.redact_all(dlg.query.text(), dlg.mode.currentData(),
                            Label(dlg.label.currentData()),
                            case_sensitive=dlg.case.isChecked())

    def set_label_strategy(self, label: Label, strategy: str) -> None:
        entry = self.current
        if entry is None or entry.analysis is None:
            return
        if self.host.component("strategies", strategy) is None:
            self._show_problem(f"unknown strategy {strategy!r}")
            return
        after = entry.analysis
        for entity in after.entities:
            if entity.label == label:
                after = after.with_strategy(entity.mentions[0], strategy)
        self._push(entry, after, f"Strategy {strategy} for {label}", entry.current)

    def strategy_dialog(self) -> None:
        entry = self.current
        label = None
        if entry and entry.analysis is not None and entry.current is not None:
            label = entry.analysis.findings[entry.current].label
        ids = [r.id for r in self.host.components("strategies")]
        dlg = StrategyDialog(ids, label, self)
        if dlg.exec():
            self.set_label_strategy(Label(dlg.label.currentData()), dlg.strategy.currentText())

    # --------------------------------------------------------------- policy, rescore ----
    def set_policy(self, name: str) -> None:
        if not name or name == self.policy.name:
            return
        try:
            new = load_policy(name)
        except RedactorError as exc:
            self._show_problem(str(exc))
            return
        always = tuple(t for t in self.policy.always_mask if t not in new.always_mask)
        never = tuple(t for t in self.policy.never_mask if t not in new.never_mask)
        self.policy = dataclasses.replace(new.with_terms(always, never), k=self.k_box.value())
        self._message(f"Policy {name}: press Re-score (Ctrl+R) to apply it to the document.")

    def set_k(self, k: int) -> None:
        self.policy = dataclasses.replace(self.policy, k=max(1, int(k)))
        self._message(f"Risk threshold k={k}: press Re-score (Ctrl+R) to apply it.")

    def rescore(self) -> Job | None:
        """Analyse again under the current policy and k, keeping the reviewer's decisions."""
        entry = self.current
        if entry is None or entry.analysis is None:
            return None
        return self.analyse(entry, rescore=True)

    # -------------------------------------------------------------------- passwords ----
    def password_dialog(self) -> None:
        from PySide6.QtWidgets import QInputDialog, QLineEdit

        entry = self.current
        if entry is None:
            return
        text, ok = QInputDialog.getText(self, "Password", f"Password for {entry.path.name}:",
                                        QLineEdit.EchoMode.Password)
        if ok:
            self.open_with_password(entry, text)

    def open_with_password(self, entry: DocumentEntry, password: str) -> Job | None:
        """Analyse an encrypted file with its password (kept in memory for this session
        only: never written to settings, review files or reports)."""
        entry.password = password or None
        entry.document, entry.page_index = None, None
        return self.analyse(entry)

    # --------------------------------------------------------------- save / resume ----
    def save_review(self) -> Path | None:
        entry = self.current
        if entry is None or entry.analysis is None:
            return None
        try:
            path = save_review(entry.analysis)
        except (RedactorError, OSError) as exc:
            self._show_problem(f"The review could not be saved: {exc}")
            return None
        if entry.undo is not None:
            entry.undo.setClean()
        self._message(f"Review saved to {path.name} (decisions and offsets only, no text).")
        return path

    def resume_review(self) -> Job | None:
        entry = self.current
        if entry is None:
            return None
        try:
            review = load_review(review_path_for(entry.path))
        except RedactorError as exc:
            self._show_problem(str(exc))
            return None
        try:
            current_hash = sha256_file(entry.path)
        except OSError as exc:
            self._show_problem(f"{entry.path.name} cannot be read: {exc}")
            return None
        if review.input_sha256 != current_hash:
            self._show_problem(
                f"The saved review belongs to another version of {entry.path.name} (the "
                "file changed since it was saved: its SHA-256 differs). It was not applied.")
            return None
        if entry.analysis is not None and entry.analysis.document.sha256 == current_hash:
            try:
                after = apply_review(entry.analysis, review)
            except RedactorError as exc:
                self._show_problem(str(exc))
                return None
            self._push(entry, after, "Resume saved review", entry.current)
            self._message("Saved review resumed.")
            return None
        entry.document, entry.page_index = None, None  # the file may have changed
        return self.analyse(entry, review=review)

    # ------------------------------------------------------------------------ export ----
    def export_dialog_for_current(self) -> ExportDialog | None:
        entry = self.current
        if entry is None or entry.analysis is None:
            return None
        password = entry.password

        def make_context(control: JobControl) -> RunContext:
            return self.make_context(control, password=password)

        dlg = ExportDialog(entry.analysis, self.pipeline(entry.analysis.policy), self.runner,
                           make_context, self)
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
            self._set_status(entry, Status.REVIEW, "changed since the export")
            self._message(f"Exported and verified: {result.output} — but the review changed "
                          "meanwhile; export again to include the changes.")
            self.exportFinished.emit(entry)
            return
        if entry.undo is not None:
            entry.undo.setClean()
        self._set_status(entry, Status.EXPORTED, f"→ {result.output.name}, verified")
        self._message(f"Exported and verified: {result.output}")
        self.exportFinished.emit(entry)

    def export_all_dialog(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Export all to folder")
        if folder:
            self.export_all(Path(folder))

    def export_all(self, folder: Path, *, strategy: str | None = None) -> list[Job]:
        """Export every file into ``folder`` (analysing first those not analysed yet);
        pseudonyms and label numbers stay consistent across the batch."""
        self.batch_memo = {}
        jobs = []
        for entry in self.entries:
            if entry.job is not None and not entry.job.done:
                continue
            job = self._export_entry(entry, folder, strategy)
            if job is not None:
                jobs.append(job)
        self._start_batch(jobs, "Exporting")
        return jobs

    def _export_entry(self, entry: DocumentEntry, folder: Path, strategy: str | None
                      ) -> Job | None:
        from redactor.gui.export_dialog import with_strategy_everywhere

        policy = entry.analysis.policy if entry.analysis else self.policy
        pipeline = self.pipeline(policy)
        analysis = entry.analysis
        if analysis is not None and strategy:
            analysis = with_strategy_everywhere(analysis, strategy)
        dest = folder / default_output(entry.path).name
        memo = self.batch_memo
        path = entry.path
        password = entry.password

        def work(control: JobControl) -> tuple[Analysis, ExportResult]:
            ctx = self.make_context(control, memo, policy, password)
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
                if e is self.current:
                    self._show_entry(e)
            self._exported(e, result[1])

        def failed(message: str, e: DocumentEntry = entry) -> None:
            e.job = None
            self._set_status(e, Status.FAILED if e.analysis is None else e.status,
                             f"export failed: {message}")
            self._show_problem(f"{e.path.name}: export failed — {message}")

        def cancelled(e: DocumentEntry = entry) -> None:
            e.job = None
            self._set_status(e, e.status, "export cancelled")

        job = self.runner.submit(f"export:{path.name}", work)
        job.succeeded.connect(done)
        job.failed.connect(failed)
        job.cancelled.connect(cancelled)
        job.progressed.connect(lambda phase, f, e=entry: self._progress(e, phase, f))
        job.finished.connect(self._job_finished)
        entry.job = job
        if entry.analysis is None:
            self._set_status(entry, Status.ANALYSING, "then export")
        self.runner.start(job)
        return job

    # ---------------------------------------------------------------- settings, about ----
    def settings_dialog(self) -> SettingsDialog:
        dlg = SettingsDialog(self.host, self.settings, self.runner, self._save_settings, self)
        dlg.show()
        return dlg

    def _save_settings(self, settings: Settings) -> None:
        try:
            path = settings.save(self.settings_path)
            self._message(f"Settings saved to {path}. Plugin changes apply at the next start.")
        except OSError as exc:
            self._show_problem(f"Settings could not be saved: {exc}")

    def about(self) -> None:
        dlg = self.settings_dialog()
        dlg.tabs.setCurrentIndex(dlg.tabs.count() - 1)

    # ------------------------------------------------------------------------ close ----
    def unsaved_entries(self) -> list[DocumentEntry]:
        return [e for e in self.entries
                if e.analysis is not None and e.undo is not None and not e.undo.isClean()]

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
        if self.runner.busy:
            self.runner.cancel_all()
        self.runner.shutdown(5000)
        super().closeEvent(event)


def default_config_path() -> Path:
    return config_dir() / "settings.json"


__all__ = ["DocumentEntry", "MainWindow", "Status", "QMessageBox"]
