"""The document view: the text view, plus a page view for paged formats (PDF), as tabs.

The views share one :class:`~redactor.gui.shown_findings.ShownFindings` index of the findings
shown; the text view is in :mod:`redactor.gui.text_view` (a DOCX with tables is shown by
:mod:`redactor.gui.table_view` instead, in the same tab), the page view in
:mod:`redactor.gui.page_view` and page rendering in :mod:`redactor.gui.page_render`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QStackedWidget, QTabWidget, QWidget

from redactor.core.model import Action, Document, Finding, Span
from redactor.gui.docx_tables import TextTable
from redactor.gui.page_view import PageIndex, PdfPageView
from redactor.gui.table_view import TableTextView
from redactor.gui.text_view import TextDocumentView


class DocumentView(QTabWidget):
    """The text view, plus a page view for paged formats (PDF)."""

    selectionChangedToSpan = Signal(object)  # the Span selected in the text, or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Document")
        self.plain_view = TextDocumentView()
        self.table_view = TableTextView()
        self.page_view = PdfPageView()
        # one index of the findings for every view: sorted once, not once per view
        self.shown = self.page_view.shown = self.table_view.shown = self.plain_view.shown
        for view in (self.plain_view, self.table_view):
            view.selectionChangedToSpan.connect(self._selection_changed)
        self._text_stack = QStackedWidget()
        self._text_stack.setAccessibleName("Document text")
        self._text_stack.addWidget(self.plain_view)
        self._text_stack.addWidget(self.table_view)
        self.text_view: TextDocumentView | TableTextView = self.plain_view
        self.addTab(self._text_stack, "&Text")
        self.setTabVisible(0, True)
        self._page_tab = -1
        self.doc: Document | None = None

    def _selection_changed(self, span: object) -> None:
        if self.sender() is self.text_view:
            self.selectionChangedToSpan.emit(span)

    @property
    def is_paged(self) -> bool:
        return self._page_tab >= 0

    def set_document(self, doc: Document | None, index: PageIndex | None = None,
                     tables: tuple[TextTable, ...] = ()) -> None:
        """Show ``doc`` (``index``: its :func:`page_index`, when a job has built it;
        ``tables``: where its tables are, :func:`~redactor.gui.docx_tables.docx_tables`)."""
        self.doc = doc
        view = self.table_view if tables else self.plain_view
        if view is not self.text_view:
            self.text_view.set_document(None)  # the other view lets its text go
            self.text_view = view
            self._text_stack.setCurrentWidget(view)
        view.set_document(doc, tables)
        paged = doc is not None and (index is not None or any(s.boxes for s in doc.segments))
        if paged and self._page_tab < 0:
            self._page_tab = self.insertTab(0, self.page_view, self._pages_title(doc))
        elif not paged and self._page_tab >= 0:
            self.removeTab(self._page_tab)
            self._page_tab = -1
        elif paged:
            self.setTabText(self._page_tab, self._pages_title(doc))
        self.page_view.set_document(doc if paged else None, index)
        # a PDF or a scan opens on its pages; a DOCX on its text (its pictures are a tab)
        self.setCurrentIndex(1 if paged and doc is not None and doc.format == "docx" else 0)

    @staticmethod
    def _pages_title(doc: Document | None) -> str:
        """"Pages", or "Pictures" for a DOCX whose pictures were read by OCR."""
        return "&Pictures" if doc is not None and doc.format == "docx" else "&Pages"

    def set_findings(self, findings: Sequence[Finding], actions: Sequence[Action],
                     current: int | None = None) -> None:
        new = self.shown.set(findings, actions, current)
        self.text_view.findings_changed(new)
        if self.is_paged:
            self.page_view.findings_changed(new)

    def scroll_to(self, span: Span) -> None:
        self.text_view.scroll_to(span)
        if self.is_paged:
            self.page_view.scroll_to(span)

    def show_current(self, current: int | None, span: Span | None) -> None:
        self.text_view.show_current(current, span)
        if self.is_paged:
            self.page_view.set_current(current)
            if span is not None:
                self.page_view.scroll_to(span)
