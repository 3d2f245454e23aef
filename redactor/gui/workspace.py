"""The window's central area: the problems banner, the file queue, the document view, the
findings list with its summary, legend and Mask/Keep buttons, and the finding's details.

:class:`Workspace` lays these out and shows a :class:`DocumentEntry` in them; it decides
nothing. What the reviewer does here reaches the other parts through its signals
(``findingSelected``, ``maskClicked``, ``keepClicked``, ``selectionChanged``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from redactor.core.analysis import Analysis
from redactor.core.model import Action, Document, Label, Span
from redactor.gui.detail_pane import DetailPane
from redactor.gui.document_entry import DocumentEntry, Status
from redactor.gui.document_view import DocumentView
from redactor.gui.docx_tables import TextTable
from redactor.gui.explain import label_words
from redactor.gui.findings_model import FindingFilter
from redactor.gui.findings_panel import FindingsPanel
from redactor.gui.page_render import RenderedPage
from redactor.gui.page_view import PageIndex
from redactor.gui.palette import legend_html
from redactor.gui.review_edits import areas_of
from redactor.gui.triage_bar import TriageBar


class Workspace(QWidget):
    """The panes of the main window (the file queue's widget is given; the rest is made here)."""

    findingSelected = Signal(int)  # the reviewer picked a finding in the list
    maskClicked = Signal()
    keepClicked = Signal()
    selectionChanged = Signal(object)  # the Span selected in the text view, or None
    nextUnreviewed = Signal()
    bulkDecision = Signal(list, object, str)  # finding indices, Action, what they are
    areaDrawn = Signal(object)  # a Box drawn over a page (0-based page, PDF points)

    SHOWN_WARNINGS = 6  # reader warnings listed in the banner (the rest are counted)

    def __init__(self, queue: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Workspace")
        outer = QVBoxLayout(self)
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
        files_label.setBuddy(queue)
        lv.addWidget(queue, 1)
        splitter.addWidget(left)

        self.view = DocumentView()
        self.view.selectionChangedToSpan.connect(self.selectionChanged)
        self.view.page_view.findingClicked.connect(self.findingSelected)
        self.view.page_view.areaDrawn.connect(self.areaDrawn)
        splitter.addWidget(self.view)

        right = QSplitter(Qt.Orientation.Vertical)
        right.setAccessibleName("Findings pane")
        right.addWidget(self._findings_pane())
        self.detail = DetailPane()
        self.detail.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        right.addWidget(self.detail)
        right.setSizes([500, 250])
        splitter.addWidget(right)
        splitter.setSizes([230, 640, 520])
        self._current: int | None = None

    def _findings_pane(self) -> QWidget:
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
        self.triage = TriageBar()
        self.triage.filterChanged.connect(self._filter_changed)
        self.triage.nextClicked.connect(lambda: self.nextUnreviewed.emit())
        self.triage.maskShownClicked.connect(lambda: self._bulk(Action.MASK))
        self.triage.keepShownClicked.connect(lambda: self._bulk(Action.KEEP))
        tv.addWidget(self.triage)
        self.findings = FindingsPanel()
        self.findings_label.setBuddy(self.findings)
        self.findings.findingSelected.connect(self.findingSelected)
        tv.addWidget(self.findings, 1)
        legend = QLabel(legend_html())
        legend.setAccessibleName("Legend")
        legend.setWordWrap(True)
        legend.setToolTip("\n".join(label_words(lab) for lab in Label))
        tv.addWidget(legend)
        buttons = QHBoxLayout()
        self.accept_button = QPushButton("&Mask (A)")
        self.accept_button.setAccessibleName("Mask the selected finding")
        self.accept_button.clicked.connect(lambda: self.maskClicked.emit())
        self.reject_button = QPushButton("&Keep (R)")
        self.reject_button.setAccessibleName("Keep the selected finding in clear")
        self.reject_button.clicked.connect(lambda: self.keepClicked.emit())
        self.whole_entity = QCheckBox("Every mention of the &entity")
        self.whole_entity.setAccessibleName("Apply to every mention of the entity")
        self.whole_entity.setChecked(True)
        buttons.addWidget(self.accept_button)
        buttons.addWidget(self.reject_button)
        buttons.addWidget(self.whole_entity)
        tv.addLayout(buttons)
        return top

    def _filter_changed(self, flt: FindingFilter) -> None:
        self.findings.set_filter(flt, self._current)
        self._show_summary()

    def _bulk(self, action: Action) -> None:
        shown = self.findings.shown_findings()
        flt = self.triage.filter()
        what = "shown" + (" (filtered)" if flt.active else "")
        self.bulkDecision.emit(shown, action, what)

    def _show_summary(self) -> None:
        summary = self.findings.summary()
        self.findings_label.setText("F&indings" + (f" — {summary}" if summary else ""))

    # ---------------------------------------------------------------- what is asked ----
    def whole_entity_chosen(self) -> bool:
        """Whether a decision applies to every mention of the entity."""
        return self.whole_entity.isChecked()

    def selected_span(self) -> Span | None:
        """The span selected in the text view, if any."""
        return self.view.text_view.selected_span()

    def set_decisions_enabled(self, on: bool) -> None:
        self.accept_button.setEnabled(on)
        self.reject_button.setEnabled(on)

    # ------------------------------------------------------------------ showing state ----
    def show_entry(self, entry: DocumentEntry | None) -> None:
        """Show a file: its document (and pages), problems and findings."""
        doc = entry.document if entry else None
        self.view.set_document(doc, entry.page_index if entry else None,
                               entry.tables if entry else ())
        if entry is not None and entry.pages:
            self.view.page_view.set_pages(entry.pages)
        self.show_failures(entry)
        self.refresh_findings(entry)

    def show_document(self, doc: Document, index: PageIndex | None,
                      tables: tuple[TextTable, ...] = (),
                      pages: Sequence[RenderedPage] = ()) -> None:
        """Show a document read by a job (``index``, ``tables``: its page index and tables,
        built by the job; ``pages``: rendered by an earlier run)."""
        self.view.set_document(doc, index, tables)
        if pages:
            self.view.page_view.set_pages(pages)

    def add_pages(self, pages: Sequence[RenderedPage]) -> None:
        """Show a batch of pages, in page order, as they are rendered."""
        self.view.page_view.set_pages(pages)

    def show_pages_error(self, message: str) -> None:
        self.view.page_view.show_error(message)

    def refresh_findings(self, entry: DocumentEntry | None) -> None:
        """Show the entry's findings (those found so far, while it is analysed)."""
        self._current = entry.current if entry is not None else None
        if entry is not None and entry.analysis is not None:
            for part in self.analysis_parts(entry):
                part()
            return
        if entry is not None and entry.partial:
            self.findings.show_partial(entry.partial)
            self.view.set_findings(entry.partial, [Action.REVIEW] * len(entry.partial))
            self.triage.set_analysis(None)
        else:
            self.findings.clear_all()
            self.view.set_findings([], [])
            self.view.page_view.set_areas([])
            self.detail.show_finding(None, None)
            self.triage.set_analysis(None)
        self._show_summary()

    def analysis_parts(self, entry: DocumentEntry) -> list[Callable[[], None]]:
        """What :meth:`refresh_findings` does for an analysed entry, in parts that each
        change one pane: the findings list, the highlights (text and pages), the triage bar
        and the details. Run one per turn of the event loop, each pane is repainted alone
        between them (the end of an analysis: see
        :meth:`~redactor.gui.analysis_controller.AnalysisController.show_result`); each part
        shows the entry as it is when it runs."""

        def findings_list() -> None:
            assert entry.analysis is not None
            self._current = entry.current
            self.findings.set_analysis(entry.analysis, entry.current)
            self._show_summary()

        def highlights() -> None:
            a = entry.analysis
            assert a is not None
            self.view.set_findings(a.findings, [d.action for d in a.decisions], entry.current)
            self.view.page_view.set_areas(areas_of(a))

        def triage_and_details() -> None:
            assert entry.analysis is not None
            self.triage.set_analysis(entry.analysis)
            self.detail.show_finding(entry.analysis, entry.current)

        return [findings_list, highlights, triage_and_details]

    def show_finding(self, analysis: Analysis, index: int) -> None:
        """Make finding ``index`` the current one: in view, selected, its details shown."""
        self._current = index
        self.view.show_current(index, analysis.findings[index].span)
        self.findings.select_finding(index)
        self.detail.show_finding(analysis, index)

    def show_failures(self, entry: DocumentEntry | None) -> None:
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

    def show_problem(self, message: str) -> None:
        self.banner.setText(f"⚠ {message}")
        self.banner.show()
