"""DOCX reader and writer (the plugin facade; the work is done in the ``docx_*`` modules).

* :mod:`docx_package` — safe zip/XML loading (zip bombs, DTDs, macros) and new-zip writing;
* :mod:`docx_read` — text in reading order with an offset → run map;
* :mod:`docx_sanitize` — tracked changes accepted, hidden text and fields flattened, unknown
  markup removed (:mod:`docx_markup`), and on export everything outside the allow-list
  removed, values scrubbed (:mod:`docx_scrub`), images re-made (:mod:`docx_images`,
  :mod:`docx_vector`);
* :mod:`docx_write` — replacements inside the runs, then a sanitised new package;
* :mod:`docx_verify` — re-opens the output and searches every part; :mod:`docx_checks`
  checks its structure.

Macro-enabled documents (``.docm``) are refused with an :class:`InputError`: their macros can
hold data and code, and a redacted copy should not be asked to keep or drop them silently.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from redactor_plugins.formats.docx.package import Package

from redactor.plugin_api import (
    Document,
    RedactionPlan,
    RunContext,
    SettingsSection,
    VerificationResult,
    hookimpl,
    limits_for,
)

# The reader's, writer's and verifier's modules (lxml, Pillow, numpy, OCR) are imported when
# a DOCX is first sniffed, read or written, not when the plugin registers: a run on a TXT or
# PDF never loads them (start-up, docs/performance.md).


class DocxReader:
    id = "docx-reader"
    version = "1.0"
    format = "docx"
    extensions = (".docx", ".docm")

    def warm_up(self, ctx: RunContext) -> None:
        """Import the reader's modules ahead of the first DOCX."""
        import redactor_plugins.formats.docx.package
        import redactor_plugins.formats.docx.read
        import redactor_plugins.shared.ocr_parts  # noqa: F401

    def sniff(self, path: Path, head: bytes) -> bool:
        from redactor_plugins.formats.docx.package import sniff_docx

        return sniff_docx(path, head)

    def read(self, path: Path, ctx: RunContext) -> Document:
        from redactor_plugins.formats.docx.package import load_package
        from redactor_plugins.formats.docx.read import read_docx
        from redactor_plugins.shared.ocr_parts import with_picture_text

        limits = limits_for(ctx)  # input limits (settings section [limits])
        pkg = load_package(path, limits=limits)
        ctx.check()
        doc = read_docx(pkg, path, self.format)
        limits.check(path.name, "chars", len(doc.text))
        return with_picture_text(doc, picture_parts(pkg), ctx)  # OCR (docs/ocr.md)


class DocxWriter:
    id = "docx-writer"
    version = "1.0"
    format = "docx"

    def __init__(self) -> None:
        self._notes: dict[Path, list[str]] = {}  # what write() changed in pictures, per output

    def write(self, doc: Document, plan: RedactionPlan, dest: Path, ctx: RunContext) -> None:
        from redactor_plugins.formats.docx.write import write_docx

        self._notes[dest] = write_docx(doc, plan, dest)

    def verify(self, doc: Document, plan: RedactionPlan, output: Path,
               ctx: RunContext) -> VerificationResult:
        from redactor_plugins.formats.docx.verify import verify_docx

        read = int(doc.metadata.get("ocr_pictures", "0") or 0) > 0  # pictures OCR'd
        result = verify_docx(doc, plan, output, notes=self._notes.pop(output, []),
                             refuse_unread_images=refuse_unread_images(plan, ctx) and not read)
        return pictures_reread(result, doc, plan, output, ctx) if read else result


def picture_parts(pkg: Package) -> dict[str, bytes]:
    """The picture parts the story parts show (body, text boxes, headers, footers, notes,
    comments), for OCR."""
    from redactor_plugins.formats.docx.read import story_parts

    out: dict[str, bytes] = {}
    for part in story_parts(pkg):
        for rel in pkg.rels(part):
            if rel.kind == "image" and not rel.external and rel.part and rel.part not in out:
                out[rel.part] = pkg.parts[rel.part]
    return out


def pictures_reread(result: VerificationResult, doc: Document, plan: RedactionPlan,
                    output: Path, ctx: RunContext) -> VerificationResult:
    """``result`` with the export's pictures read again by OCR (their issues and checks
    added); the warning that pictures were not read is dropped (they were)."""
    from redactor_plugins.formats.docx.package import load_package
    from redactor_plugins.shared.ocr_parts import reread_pictures

    pkg = load_package(output, keep_comments=True)
    pictures = {p: d for p, d in pkg.parts.items() if pkg.content_type(p).startswith("image/")}
    ocr = reread_pictures(doc, plan, pictures, ctx)
    warnings = tuple(w for w in result.warnings if "may show text that was not read" not in w)
    issues = result.issues + tuple(ocr.issues)
    return VerificationResult(not issues, result.checks + tuple(ocr.checks), issues, warnings)


def refuse_unread_images(plan: RedactionPlan, ctx: RunContext) -> bool:
    """Whether pictures that may show text (not read: no OCR) make the export fail: the
    policy option ``refuse_unread_images`` or the setting ``docx.refuse_unread_images``."""
    option = str(plan.options.get("refuse_unread_images", "")).strip().lower()
    setting = ctx.settings.get("docx", "refuse_unread_images", False)
    return option in ("1", "true", "yes", "on") or setting is True or str(
        setting).strip().lower() in ("1", "true", "yes", "on")


SETTINGS = SettingsSection(
    "docx", {"refuse_unread_images": False},
    "DOCX export: refuse (instead of warning about) pictures that may show text, which is "
    "not read or redacted (no OCR)")


@hookimpl
def register_readers(register):  # type: ignore[no-untyped-def]
    register(DocxReader())


@hookimpl
def register_writers(register):  # type: ignore[no-untyped-def]
    register(DocxWriter())


@hookimpl
def register_settings(register):  # type: ignore[no-untyped-def]
    register(SETTINGS)
