"""Previewing an export's pages before saving: the PDF is written and verified into a
temporary folder (exactly as the export would write it) and its pages are rendered, in a job;
:class:`PreviewDialog` shows them. Nothing is left behind: the temporary folder is removed
as soon as the pages are rendered."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout, QWidget

from redactor.core.analysis import Analysis
from redactor.core.context import RunContext
from redactor.core.pipeline import Pipeline
from redactor.gui.jobs import JobControl
from redactor.gui.page_render import RenderedPage, render_pdf_pages
from redactor.gui.page_view import PdfPageView

PREVIEW_SCALE = 1.0


def preview_work(analysis: Analysis, pipeline: Pipeline,
                 make_context: Callable[[JobControl], RunContext], fmt: str
                 ) -> Callable[[JobControl], list[RenderedPage]]:
    """The job: export to a temporary file, render its pages, remove the file."""

    def work(control: JobControl) -> list[RenderedPage]:
        with tempfile.TemporaryDirectory(prefix="redactor-preview-") as tmp:
            dest = Path(tmp) / f"preview.{fmt}"
            ctx = make_context(control)
            pipeline.export(analysis, dest, ctx, output_format=fmt)
            return render_pdf_pages(str(dest), PREVIEW_SCALE, None, control.check)

    return work


class PreviewDialog(QDialog):
    """The exported pages, as they will be saved (burnt boxes and areas included)."""

    def __init__(self, pages: list[RenderedPage], name: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Preview of the exported pages — {name}")
        self.setAccessibleName("Preview of the exported pages")
        self.resize(760, 900)
        layout = QVBoxLayout(self)
        note = QLabel(f"{len(pages)} page(s), written and verified exactly as Export will "
                      "write them (nothing is saved yet).")
        note.setWordWrap(True)
        layout.addWidget(note)
        self.view = PdfPageView()
        self.view.setAccessibleName("Exported pages")
        self.view.set_document(None)
        self.view.set_pages(pages)
        layout.addWidget(self.view, 1)
        self.pages = pages
