"""The document view: the text view, plus a page view for paged formats (PDF), as tabs.

Both views share one :class:`~redactor.gui.shown_findings.ShownFindings` index of the findings
shown; the text view is in :mod:`redactor.gui.text_view`, the page view in
:mod:`redactor.gui.page_view` and page rendering in :mod:`redactor.gui.page_render`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QTabWidget, QWidget

from redactor.core.model import Action, Document, Finding, Span
from redactor.gui.page_view import PageIndex, PdfPageView
from redactor.gui.text_view import TextDocumentView


class DocumentView(QTabWidget):
    """The text view, plus a page view for paged formats (PDF)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Document")
        self.text_view = TextDocumentView()
        self.page_view = PdfPageView()
        # one index of the findings for both views: sorted once, not once per view
        self.shown = self.page_view.shown = self.text_view.shown
        self.addTab(self.text_view, "&Text")
        self.setTabVisible(0, True)
        self._page_tab = -1
        self.doc: Document | None = None

    @property
    def is_paged(self) -> bool:
        return self._page_tab >= 0

    def set_document(self, doc: Document | None, index: PageIndex | None = None) -> None:
        """Show ``doc`` (``index``: its :func:`page_index`, when a job has built it)."""
        self.doc = doc
        self.text_view.set_document(doc)
        paged = doc is not None and (index is not None or any(s.boxes for s in doc.segments))
        if paged and self._page_tab < 0:
            self._page_tab = self.insertTab(0, self.page_view, "&Pages")
        elif not paged and self._page_tab >= 0:
            self.removeTab(self._page_tab)
            self._page_tab = -1
        self.page_view.set_document(doc if paged else None, index)
        self.setCurrentIndex(0)

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
