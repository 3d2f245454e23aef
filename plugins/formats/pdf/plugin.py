"""PDF reader and writer (plugin facade).

Reader ``pdf-reader`` (:mod:`redactor_plugins.formats.pdf.read`): text per page in reading order
with one box per character. Writer ``pdf-writer``: v1 (:mod:`redactor_plugins.formats.pdf.render_redact`)
renders redacted pages to images — the default and always-correct path; v2
(:mod:`redactor_plugins.formats.pdf.glyph_redact`, option ``keep_text_selectable`` or setting
``pdf.keep_text_selectable``) removes glyphs from content streams and keeps a page that way
only when the verifier proves it clean, else renders it. ``verify``
(:mod:`redactor_plugins.formats.pdf.verify`) re-opens the written file and searches two text
engines, every decompressed stream, every string object and the raw bytes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from redactor.plugin_api import (
    Document,
    RedactionPlan,
    RunContext,
    SettingsSection,
    VerificationResult,
    hookimpl,
)

# The reader's, writer's and verifier's modules (pikepdf, PDFium, Pillow, numpy, OCR) are
# imported when a PDF is first read or written, not when the plugin registers: a run on a
# TXT or DOCX never loads them (start-up, docs/performance.md).


class PdfReader:
    """Reader ``pdf-reader``: :class:`redactor_plugins.formats.pdf.read.PdfReader`, imported
    on first use."""

    id = "pdf-reader"
    version = "1.0"
    format = "pdf"
    extensions = (".pdf",)

    def __init__(self) -> None:
        self._reader: Any = None

    def _impl(self) -> Any:
        if self._reader is None:
            from redactor_plugins.formats.pdf.read import PdfReader as Impl

            self._reader = Impl()
        return self._reader

    def warm_up(self, ctx: RunContext) -> None:
        """Import the reader (PDFium, pikepdf, numpy: ~0.15 s) ahead of the first PDF."""
        self._impl()

    def sniff(self, path: Path, head: bytes) -> bool:
        return self._impl().sniff(path, head)

    def read(self, path: Path, ctx: RunContext) -> Document:
        return self._impl().read(path, ctx)


SETTINGS = SettingsSection(
    "pdf",
    {"keep_text_selectable": False, "text_layer": True, "dpi": 200},
    "PDF export: render redacted pages (default) or keep text selectable (v2)",
)


class PdfWriter:
    id = "pdf-writer"
    version = "1.0"
    format = "pdf"

    def __init__(self) -> None:
        self.last_pages: dict[int, str] = {}

    def write(self, doc: Document, plan: RedactionPlan, dest: Path, ctx: RunContext) -> None:
        from redactor_plugins.formats.pdf.render_redact import option_on, write_render

        if option_on(plan, ctx, "keep_text_selectable", False):
            from redactor_plugins.formats.pdf.glyph_redact import write_glyph

            self.last_pages = write_glyph(doc, plan, dest, ctx)
        else:
            self.last_pages = write_render(doc, plan, dest, ctx)
        ctx.memo_for(self.id)["pages"] = dict(self.last_pages)

    def verify(self, doc: Document, plan: RedactionPlan, output: Path,
               ctx: RunContext) -> VerificationResult:
        from redactor_plugins.formats.pdf.verify import verify_pdf

        return verify_pdf(doc, plan, output, ctx)


@hookimpl
def register_readers(register):  # type: ignore[no-untyped-def]
    register(PdfReader())


@hookimpl
def register_writers(register):  # type: ignore[no-untyped-def]
    register(PdfWriter())


@hookimpl
def register_settings(register):  # type: ignore[no-untyped-def]
    register(SETTINGS)
