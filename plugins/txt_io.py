"""Plain-text reader and writer.

The reader detects the encoding (UTF-8 with or without BOM, UTF-16 with BOM, and otherwise
cp1252, falling back to Latin-1) and refuses binary files. The writer re-encodes with the
same encoding and BOM, so every byte outside a redacted span is unchanged — line endings
included (Python's universal newlines are never used). Writing another format's document
as TXT writes its extracted text as UTF-8.
"""

from __future__ import annotations

import codecs
import hashlib
from dataclasses import dataclass
from pathlib import Path

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
)

MAX_TXT_BYTES = 200 * 1024 * 1024
# (BOM, our encoding name, codec for the bytes after the BOM) — longest BOMs first.
_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig", "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le-bom", "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be-bom", "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le-bom", "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be-bom", "utf-16-be"),
)
# Bytes that never occur in text (C0 controls other than tab, LF, VT, FF, CR, ESC).
_BINARY = set(range(0, 9)) | {14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31}


@dataclass(frozen=True, slots=True)
class Decoded:
    text: str
    encoding: str


def decode_text(data: bytes) -> Decoded:
    """Decode bytes of a text file, or raise :class:`InputError` for binary content."""
    for bom, name, codec in _BOMS:
        if data.startswith(bom):
            try:
                return Decoded(data[len(bom):].decode(codec), name)
            except UnicodeDecodeError as exc:
                raise InputError("the text file is not valid " + codec.upper()) from exc
    if _looks_utf16_without_bom(data):
        raise InputError("UTF-16 text without a byte-order mark is not supported")
    if any(b in _BINARY for b in data[:65536]):
        raise InputError("the file is binary, not text")
    try:
        return Decoded(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return Decoded(data.decode("cp1252"), "cp1252")
    except UnicodeDecodeError:
        return Decoded(data.decode("latin-1"), "latin-1")


def _looks_utf16_without_bom(data: bytes) -> bool:
    sample = data[:4096]
    if len(sample) < 8:
        return False
    zeros_odd = sum(1 for b in sample[1::2] if b == 0)
    zeros_even = sum(1 for b in sample[0::2] if b == 0)
    half = len(sample) // 2
    return zeros_odd > 0.4 * half or zeros_even > 0.4 * half


def encode_text(text: str, encoding: str) -> bytes:
    """Encode as the input was (same BOM); characters a legacy codepage lacks become ``?``."""
    for bom, name, codec in _BOMS:
        if encoding == name:
            return bom + text.encode(codec, errors="replace")
    return text.encode(encoding, errors="replace")


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
        data = path.read_bytes()
        try:
            decoded = decode_text(data)
        except InputError as exc:
            raise InputError(f"{path.name}: {exc}") from exc
        text = decoded.text
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
        issues = find_survivors(((str(r.label), r.secret) for r in plan.replacements),
                                expected, {"text": written})
        checks.append(f"searched {len(plan.replacements)} redacted spans and their variants")
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
