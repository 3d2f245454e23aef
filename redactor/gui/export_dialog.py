"""The export dialog: format, strategy, output path, a preview, then verification and report.

The preview is the planned text (``plan.apply_to_text(doc.text)``) computed by the same
pipeline that writes the file. Export goes through ``Pipeline.export``: atomic write, verify
by re-reading, and no file left behind on failure — a failed verification is shown plainly,
with the findings whose text survived (:mod:`redactor.gui.fix_panel`): the first is selected in
the main window, and each can be kept, widened or marked again (``fix``). For a PDF, "Preview
pages" writes and renders the export before it is saved (:mod:`redactor.gui.export_preview`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from redactor.core.analysis import Analysis
from redactor.core.context import RunContext
from redactor.core.errors import VerificationError
from redactor.core.pipeline import ExportResult, Pipeline
from redactor.core.report import write_report
from redactor.gui.export_preview import PreviewDialog, preview_work
from redactor.gui.fix_panel import FixPanel
from redactor.gui.jobs import Job, JobControl, JobRunner

AS_REVIEWED = ""


def with_strategy_everywhere(analysis: Analysis, strategy: str) -> Analysis:
    """A copy in which every entity uses ``strategy`` (the export's override)."""
    out = analysis
    for entity in analysis.entities:
        out = out.with_strategy(entity.mentions[0], strategy)
    return out


def default_output(source: Path, suffix: str | None = None) -> Path:
    return source.with_name(f"{source.stem}.redacted{suffix or source.suffix}")


def is_input_path(source: Path, dest: Path) -> bool:
    try:
        if dest.exists() and os.path.samefile(source, dest):
            return True
    except OSError:
        pass
    return dest.resolve() == source.resolve()


class ExportDialog(QDialog):
    """Export one reviewed document. ``exported`` carries the :class:`ExportResult`."""

    exported = Signal(object)
    fix = Signal(str, int)  # what to do ("show", "keep", "widen", "mark"), finding index

    def __init__(self, analysis: Analysis, pipeline: Pipeline, runner: JobRunner,
                 make_context: Callable[[JobControl], RunContext],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.analysis = analysis
        self.pipeline = pipeline
        self.runner = runner
        self.make_context = make_context
        self.result: ExportResult | None = None
        self.exporting: Analysis | None = None
        self.error = ""
        self.job: Job | None = None
        self._preview_job: Job | None = None
        doc = analysis.document
        self.setWindowTitle(f"Export {doc.source.name}")
        self.setAccessibleName("Export")
        self.resize(760, 640)

        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.format = QComboBox()
        self.format.setAccessibleName("Output format")
        formats = sorted({r.component.format for r in pipeline.host.components("writers")})
        for fmt in formats:
            self.format.addItem(fmt.upper(), fmt)
        if doc.format in formats:
            self.format.setCurrentIndex(formats.index(doc.format))
        form.addRow("&Format:", self.format)

        self.strategy = QComboBox()
        self.strategy.setAccessibleName("Replacement strategy")
        self.strategy.addItem(f"As reviewed (policy {analysis.policy.name})", AS_REVIEWED)
        for reg in pipeline.host.components("strategies"):
            self.strategy.addItem(f"{reg.id} for everything", reg.id)
        form.addRow("&Strategy:", self.strategy)

        row = QHBoxLayout()
        self.output = QLineEdit(str(default_output(doc.source)))
        self.output.setAccessibleName("Output file")
        row.addWidget(self.output, 1)
        self.browse = QPushButton("&Browse…")
        self.browse.setAccessibleName("Choose the output file")
        self.browse.clicked.connect(self._browse)
        row.addWidget(self.browse)
        output_label = QLabel("&Output:")
        output_label.setBuddy(self.output)
        form.addRow(output_label, row)
        layout.addLayout(form)

        self.preview_label = QLabel("Preview of the redacted text:")
        layout.addWidget(self.preview_label)
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setAccessibleName("Preview of the redacted text")
        self.preview.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        layout.addWidget(self.preview, 2)

        self.progress = QProgressBar()
        self.progress.setAccessibleName("Export progress")
        self.progress.setRange(0, 100)
        self.progress.hide()
        layout.addWidget(self.progress)

        self.outcome = QTextBrowser()
        self.outcome.setAccessibleName("Verification and report")
        self.outcome.setPlaceholderText("The verification result and the report appear here.")
        layout.addWidget(self.outcome, 1)
        self.fix_panel = FixPanel()
        self.fix_panel.fix.connect(self.fix)
        layout.addWidget(self.fix_panel)
        self.preview_dialog: PreviewDialog | None = None

        buttons = QHBoxLayout()
        self.save_report = QPushButton("Save &report…")
        self.save_report.setAccessibleName("Save the report")
        self.save_report.setEnabled(False)
        self.save_report.clicked.connect(self._save_report)
        buttons.addWidget(self.save_report)
        self.preview_pages = QPushButton("&Preview pages…")
        self.preview_pages.setAccessibleName("Preview the exported pages")
        self.preview_pages.setToolTip("Write and verify the export in a temporary folder and "
                                      "show its pages, before saving anything")
        self.preview_pages.clicked.connect(self.start_preview)
        buttons.addWidget(self.preview_pages)
        buttons.addStretch(1)
        self.export_button = QPushButton("&Export")
        self.export_button.setAccessibleName("Export")
        self.export_button.setDefault(True)
        self.export_button.clicked.connect(self.start_export)
        buttons.addWidget(self.export_button)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setAccessibleName("Cancel the export")
        self.cancel_button.clicked.connect(self._cancel)
        buttons.addWidget(self.cancel_button)
        self.close_button = QPushButton("&Close")
        self.close_button.setAccessibleName("Close")
        self.close_button.clicked.connect(self.accept)
        buttons.addWidget(self.close_button)
        layout.addLayout(buttons)

        self.strategy.currentIndexChanged.connect(self.refresh_preview)
        self.format.currentIndexChanged.connect(self._format_changed)
        self.refresh_preview()

    def set_analysis(self, analysis: Analysis) -> None:
        """The review changed while the dialog is open (it is not modal): export that (its
        policy too: drawn areas travel in its options)."""
        self.analysis = analysis
        self.pipeline = Pipeline(self.pipeline.host, analysis.policy)
        self.refresh_preview()

    # -- preview ---------------------------------------------------------------------------
    def effective_analysis(self) -> Analysis:
        strategy = self.strategy.currentData()
        return with_strategy_everywhere(self.analysis, strategy) if strategy else self.analysis

    def refresh_preview(self) -> None:
        analysis = self.effective_analysis()
        pipeline = self.pipeline

        def work(control: JobControl) -> str:
            plan = pipeline.plan(analysis, self.make_context(control))
            return plan.apply_to_text(analysis.document.text)

        self.preview.setPlainText("Planning…")
        if self._preview_job is not None:
            self._preview_job.cancel()
        self._preview_job = self.runner.run("preview", work, succeeded=self._show_preview,
                                            failed=self._preview_failed)

    def _show_preview(self, text: str) -> None:
        self.preview.setPlainText(text)

    def _preview_failed(self, message: str) -> None:
        self.preview.setPlainText(f"No preview: {message}")

    def start_preview(self) -> Job | None:
        """Write, verify and render the export's pages in a job; show them in a dialog."""
        if self.format.currentData() != "pdf":
            self._show_failure("Page previews are for PDF output; the text preview above "
                               "shows what other formats will read.")
            return None
        work = preview_work(self.effective_analysis(), self.pipeline, self.make_context, "pdf")
        self.preview_pages.setEnabled(False)
        self.outcome.setHtml("<p>Writing, verifying and rendering the preview…</p>")

        def shown(pages: list) -> None:
            self.preview_pages.setEnabled(True)
            self.outcome.setHtml("<p>Preview ready: nothing is saved until you press "
                                 "Export.</p>")
            self.preview_dialog = PreviewDialog(pages, self.analysis.document.source.name, self)
            self.preview_dialog.show()

        def failed(message: str) -> None:
            self.preview_pages.setEnabled(True)
            self._failed(message, job)

        job = self.runner.run("export-preview", work, succeeded=shown, failed=failed)
        return job

    def _format_changed(self) -> None:
        fmt = self.format.currentData()
        current = Path(self.output.text())
        if fmt and current.suffix.lower() != f".{fmt}":
            self.output.setText(str(current.with_suffix(f".{fmt}")))

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export to", self.output.text())
        if path:
            self.output.setText(path)

    # -- export ----------------------------------------------------------------------------
    def start_export(self, *, force: bool | None = None) -> Job | None:
        text = self.output.text().strip()
        if not text:
            self._show_failure("Choose an output file.")
            return None
        dest = Path(text).expanduser()
        if is_input_path(self.analysis.document.source, dest):
            self._show_failure("Refusing to overwrite the input file. Choose another output "
                               "path: the original must stay as it is.")
            return None
        if force is None:
            force = False
            if dest.exists():
                answer = QMessageBox.question(self, "Replace file?",
                                              f"{dest.name} exists. Replace it?")
                if answer != QMessageBox.StandardButton.Yes:
                    return None
                force = True
        analysis = self.effective_analysis()
        self.exporting = self.analysis  # the review this export was made from
        fmt = self.format.currentData()
        pipeline = self.pipeline

        def work(control: JobControl) -> ExportResult:
            return pipeline.export(analysis, dest, self.make_context(control),
                                   output_format=fmt, force=bool(force))

        self.export_button.setEnabled(False)
        self.fix_panel.hide()
        self.progress.setValue(0)
        self.progress.show()
        self.outcome.setHtml("<p>Writing and verifying…</p>")
        self.job = self.runner.run("export", work, progressed=self._progressed,
                                   succeeded=self._succeeded, failed=self._failed,
                                   cancelled=self._cancelled)
        return self.job

    def _progressed(self, phase: str, fraction: float) -> None:
        self.progress.setValue(int(fraction * 100))
        self.progress.setFormat(f"{phase} %p%")

    def _succeeded(self, result: ExportResult) -> None:
        self.result = result
        self.progress.setValue(100)
        self.export_button.setEnabled(True)
        self.save_report.setEnabled(True)
        self.outcome.setHtml(report_summary_html(result.report))
        self.exported.emit(result)

    def _failed(self, message: str, job: Job | None = None) -> None:
        self.export_button.setEnabled(True)
        self.progress.hide()
        job = job or self.job
        exc = job.exception if job else None
        if isinstance(exc, VerificationError) and self.fix_panel.show_issues(exc.issues):
            issues = "".join(f"<li>{_esc(r.describe())}</li>" for r in self.fix_panel.refs)
            self._show_failure("Verification FAILED — text of these findings was still in the "
                               "output, so <b>no file was written</b>. The first is selected "
                               f"in the main window; fix each below, then export again.<ul>"
                               f"{issues}</ul>", html=True)
        elif isinstance(exc, VerificationError):
            issues = "".join(f"<li>{_esc(getattr(i, 'where', ''))}: {_esc(getattr(i, 'what', ''))}"
                             "</li>" for i in exc.issues)
            self._show_failure("Verification FAILED — something that should have been removed "
                               "was still in the output, so <b>no file was written</b>."
                               f"<ul>{issues}</ul>{_esc(message)}", html=True)
        else:
            self._show_failure(f"Export failed, no file was written: {message}")

    def _cancelled(self) -> None:
        self.export_button.setEnabled(True)
        self.progress.hide()
        self._show_failure("Export cancelled; no file was written.")

    def _cancel(self) -> None:
        if self.job is not None and not self.job.done:
            self.job.cancel()
        else:
            self.reject()

    def _show_failure(self, message: str, html: bool = False) -> None:
        self.error = message
        body = message if html else _esc(message)
        self.outcome.setHtml(f"<h3 style='color:#D55E00'>⚠ Not exported</h3><p>{body}</p>")

    def _save_report(self) -> None:
        if self.result is None:
            return
        suggested = str(self.result.output.with_suffix(".report.html"))
        path, _ = QFileDialog.getSaveFileName(self, "Save report", suggested,
                                              "HTML (*.html);;JSON (*.json)")
        if path:
            write_report(self.result.report, Path(path))

    def closeEvent(self, event: object) -> None:  # noqa: N802
        if self.job is not None and not self.job.done:
            self.job.cancel()
        super().closeEvent(event)  # type: ignore[arg-type]


def _esc(text: str) -> str:
    import html

    return html.escape(str(text))


def report_summary_html(report: dict) -> str:
    ver = report["verification"]
    counts = report["counts"]
    status = ("<h3 style='color:#009E73'>✓ Verified: the written file was re-read and none of "
              "the redacted text was found</h3>") if ver["ok"] else (
        "<h3 style='color:#D55E00'>⚠ Verification failed</h3>")
    checks = "".join(f"<li>{_esc(c)}</li>" for c in ver["checks"])
    by_type = ", ".join(f"{_esc(k)}: {v}" for k, v in counts["by_type"].items()) or "none"
    warnings = "".join(f"<li>{_esc(w)}</li>" for w in report["warnings"])
    failures = "".join(f"<li>{_esc(f['plugin'])}/{_esc(f['component'])}: {_esc(f['error'])}</li>"
                       for f in report["failures"])
    return (f"{status}<p>Written: <b>{_esc(report['output']['name'])}</b><br>"
            f"SHA-256 {_esc(report['output']['sha256'])}</p>"
            f"<p>{counts['replacements']} replacement(s) — {by_type}</p><ul>{checks}</ul>"
            + (f"<p><b>Warnings</b></p><ul>{warnings}</ul>" if warnings else "")
            + (f"<p><b>Plugin failures</b></p><ul>{failures}</ul>" if failures else "")
            + "<p>Decisions: " + _esc(", ".join(f"{k}: {v}" for k, v in
                                               counts["decisions"].items())) + "</p>")
