"""Plain-text reader and writer.

The reader detects the encoding (UTF-8 with or without BOM, UTF-16 with BOM, and otherwise
cp1252, falling back to Latin-1) and refuses binary files. The writer re-encodes with the
same encoding and BOM, so every byte outside a redacted span is unchanged — line endings
included (Python's universal newlines are never used). Writing another format's document
as TXT writes its extracted text as UTF-8.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from redactor_plugins.shared.text_codecs import (
    BINARY as _BINARY,
)
from redactor_plugins.shared.text_codecs import (
    BOMS as _BOMS,
)
from redactor_plugins.shared.text_codecs import (
    decode_text,
    encode_text,
)
from redactor_plugins.shared.text_codecs import (
    looks_utf16_without_bom as _looks_utf16_without_bom,
)

from redactor.plugin_api import (
    Document,
    InputError,
    RedactionPlan,
    RunContext,
    Segment,
    Span,
    VerificationResult,
    find_survivors,
    hookimpl,
    limits_for,
)

MAX_TXT_BYTES = 200 * 1024 * 1024
class TxtReader:
    id = "txt-reader"
    version = "1.0"
    format = "txt"
    extensions = (".txt", ".text", ".log", ".csv", ".md")

    def sniff(self, path: Path, head: bytes) -> bool:
        if any(head.startswith(bom) for bom, _, _ in _BOMS):
            return True
        if _looks_utf16_without_bom(head) or any(b in _BINARY for b in head):
            return False
        # a PDF whose streams are ASCII-encoded is printable, but it is a PDF, not text
        return b"%PDF-" not in head[:1024]

    def read(self, path: Path, ctx: RunContext) -> Document:
        size = path.stat().st_size
        if size > MAX_TXT_BYTES:
            raise InputError(f"{path.name}: text file larger than {MAX_TXT_BYTES // 2**20} MB")
        # input limits (settings section [limits]): no character is ever more than 4 bytes
        limits = limits_for(ctx)
        limits.check(path.name, "chars", size // 4)
        data = path.read_bytes()
        try:
            decoded = decode_text(data)
        except InputError as exc:
            raise InputError(f"{path.name}: {exc}") from exc
        text = decoded.text
        limits.check(path.name, "chars", len(text))
        return Document(
            id=path.name,
            source=path,
            format=self.format,
            text=text,
            segments=(Segment(Span(0, len(text)), "text"),),
            metadata={"encoding": decoded.encoding},
            sha256=hashlib.sha256(data).hexdigest(),
        )


class TxtWriter:
    id = "txt-writer"
    version = "1.0"
    format = "txt"

    def _encoding(self, doc: Document) -> str:
        return doc.metadata.get("encoding", "utf-8") if doc.format == "txt" else "utf-8"

    def write(self, doc: Document, plan: RedactionPlan, dest: Path, ctx: RunContext) -> None:
        encoding = self._encoding(doc)
        codec = next((c for _, name, c in _BOMS if name == encoding), encoding)
        for rep in plan.replacements:
            if rep.strategy != "encrypt":
                continue  # elsewhere a character the codepage lacks becomes "?" (documented)
            try:
                rep.replacement.encode(codec)
            except UnicodeEncodeError:
                from redactor.plugin_api import UsageError

                raise UsageError(
                    f"encrypted tokens cannot be written in this file's encoding ({encoding}): "
                    "'redactor reveal' could not read them back. Convert the file to UTF-8 "
                    "first, or choose another strategy") from None
        data = encode_text(plan.apply_to_text(doc.text), encoding)
        with dest.open("xb") as fh:
            fh.write(data)

    def verify(self, doc: Document, plan: RedactionPlan, output: Path,
               ctx: RunContext) -> VerificationResult:
        encoding = self._encoding(doc)
        expected = decode_text(encode_text(plan.apply_to_text(doc.text), encoding)).text
        written = decode_text(output.read_bytes()).text
        checks = ["re-read the written file and decoded it"]
        # every redacted span and always-mask term, in every spelling (look-alike letters,
        # references, invisible or tag characters, connectors, base64), in the whole file
        issues = find_survivors(plan.labelled_secrets(), expected, {"text": written},
                                every_spelling=True)
        checks.append(f"searched {len(plan.replacements)} redacted spans, {len(plan.secrets)} "
                      "always-mask terms and their variants")
        if written != expected:
            from redactor.plugin_api import VerificationIssue

            issues.append(VerificationIssue("text", "output differs from the planned text"))
        return VerificationResult(not issues, tuple(checks), tuple(issues))


@hookimpl
def register_readers(register):  # type: ignore[no-untyped-def]
    register(TxtReader())


@hookimpl
def register_writers(register):  # type: ignore[no-untyped-def]
    register(TxtWriter())
