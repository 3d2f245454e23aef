"""DOCX reader and writer (the plugin facade; the work is done in the ``docx_*`` modules).

* :mod:`docx_package` — safe zip/XML loading (zip bombs, DTDs, macros) and new-zip writing;
* :mod:`docx_read` — text in reading order with an offset → run map;
* :mod:`docx_sanitize` — tracked changes accepted, hidden text and fields flattened, and on
  export everything outside the allow-list removed;
* :mod:`docx_write` — replacements inside the runs, then a sanitised new package;
* :mod:`docx_verify` — re-opens the output and searches every part.

Macro-enabled documents (``.docm``) are refused with an :class:`InputError`: their macros can
hold data and code, and a redacted copy should not be asked to keep or drop them silently.
"""

from __future__ import annotations

from pathlib import Path

from redactor_plugins.formats.docx.package import load_package, sniff_docx
from redactor_plugins.formats.docx.read import read_docx
from redactor_plugins.formats.docx.verify import verify_docx
from redactor_plugins.formats.docx.write import write_docx

from redactor.plugin_api import (
    Document,
    RedactionPlan,
    RunContext,
    VerificationResult,
    hookimpl,
)


class DocxReader:
    id = "docx-reader"
    version = "1.0"
    format = "docx"
    extensions = (".docx", ".docm")

    def sniff(self, path: Path, head: bytes) -> bool:
        return sniff_docx(path, head)

    def read(self, path: Path, ctx: RunContext) -> Document:
        pkg = load_package(path)
        ctx.check()
        return read_docx(pkg, path, self.format)


class DocxWriter:
    id = "docx-writer"
    version = "1.0"
    format = "docx"

    def write(self, doc: Document, plan: RedactionPlan, dest: Path, ctx: RunContext) -> None:
        write_docx(doc, plan, dest)

    def verify(self, doc: Document, plan: RedactionPlan, output: Path,
               ctx: RunContext) -> VerificationResult:
        return verify_docx(doc, plan, output)


@hookimpl
def register_readers(register):  # type: ignore[no-untyped-def]
    register(DocxReader())


@hookimpl
def register_writers(register):  # type: ignore[no-untyped-def]
    register(DocxWriter())
