"""``check_reader``: the contract of :class:`~redactor.plugin_api.DocumentReader`."""

from __future__ import annotations

import hashlib
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from redactor.core.errors import InputError
from redactor.core.model import Box, Document, Segment, Span
from redactor.testing.checks.common import Checker, describe, is_real

SNIFF_BYTES = 8192  # what the pipeline shows ``sniff``
#: Heads of other kinds of file: a reader must not claim all of them.
FOREIGN_HEADS: dict[str, bytes] = {
    "a PNG image": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01",
    "a PDF": b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n",
    "a zip that is not a Word document": b"PK\x03\x04\x14\x00\x00\x00\x08\x00readme.txt",
    "plain text": b"Zebulon Quillfeather lives in Oslo.\n",
    "a GIF image": b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!",
}
#: Bytes that are no known format (with NUL and other control bytes).
GARBAGE = bytes(range(256)) * 8


def check_reader(reader: Any, sample: Path, *, settings: Mapping[str, Any] | None = None,
                 context: Mapping[str, Any] | None = None) -> None:
    """Check a document reader with ``sample`` (a real file of its format); raise
    :class:`ConformanceError` listing every problem.

    Tries: ``id``/``version``/``format``/``extensions``; ``sniff`` says True for the sample,
    returns a bool, does not claim every foreign file, and does not trust the extension alone;
    ``read`` gives a well-formed :class:`Document` (its format, segments inside the text,
    sorted and covering every non-blank character, one box per character where boxes are
    given, pages in range, the file's SHA-256), the same document twice and from another
    thread; an empty, a truncated and a damaged copy give an :class:`InputError` (or, for the
    first two, a well-formed document) and garbage gives an :class:`InputError` — never
    another exception; no network, no document text in logs, output or exceptions.
    """
    sample = Path(sample)
    with Checker("reader", reader, settings, context) as c:
        if not c.identity(["sniff", "read"], ["format"]):
            return
        ext = _extensions(c)
        data = sample.read_bytes()
        own = c.call("sniff on the sample", reader.sniff, sample, data[:SNIFF_BYTES])
        if own.ok:
            c.expect(own.value is True, "sniff on the sample: did not return True")
        claimed = 0
        with tempfile.TemporaryDirectory(prefix="redactor-check-") as tmp:
            for what, head in FOREIGN_HEADS.items():
                out = c.call(f"sniff on {what}", reader.sniff, Path(tmp) / "file.bin", head)
                if out.ok and not isinstance(out.value, bool):
                    c.problem(f"sniff on {what}: returned a {type(out.value).__name__}, "
                              "not a bool")
                claimed += out.value is True
            c.expect(claimed < len(FOREIGN_HEADS), "sniff claims every kind of file it is shown")
            fake = Path(tmp) / f"garbage{ext}"
            fake.write_bytes(GARBAGE)
            out = c.call("sniff on garbage", reader.sniff, fake, GARBAGE[:SNIFF_BYTES])
            c.expect(not (out.ok and out.value is True),
                     f"sniff claims garbage named *{ext}: it must look at the content, not "
                     "trust the extension")
            doc = _read(c, "the sample", sample)
            if isinstance(doc, Document):
                _validate(c, "the sample", doc, data, sample)
                c.secrets += _secrets(doc.text, sample.name)
                again = _read(c, "the sample (second call)", sample)
                if isinstance(again, Document) and _key(again) != _key(doc):
                    c.problem("reading the sample twice gave different documents")
                thread = c.threads("read from another thread",
                                   lambda _: reader.read(sample, c.ctx()), n=1)[0]
                if thread.ok and isinstance(thread.value, Document) \
                        and _key(thread.value) != _key(doc):
                    c.problem("read from another thread gave a different document")
            _bad_input(c, Path(tmp), sample, data)


def _extensions(c: Checker) -> str:
    exts = getattr(c.obj, "extensions", None)
    if not isinstance(exts, tuple | list) or not exts or not all(
            isinstance(e, str) and re.fullmatch(r"\.[a-z0-9][a-z0-9._-]*", e) for e in exts):
        c.problem("`extensions` must be a non-empty tuple of lower-case suffixes with their "
                  "dot ('.txt')")
        return ".bin"
    return str(exts[0])


def _read(c: Checker, what: str, path: Path, expected: tuple[type[BaseException], ...] = ()
          ) -> Any:
    out = c.call(f"read on {what}", c.obj.read, path, c.ctx(), expected=expected)  # type: ignore[attr-defined]
    if out.ok and not isinstance(out.value, Document):
        c.problem(f"read on {what}: returned a {type(out.value).__name__}, not a Document")
    return out.value if out.ok else out.error


def _bad_input(c: Checker, tmp: Path, sample: Path, data: bytes) -> None:
    suffix = sample.suffix
    middle = len(data) // 2
    cases = {
        "an empty file": (b"", True),
        "a truncated copy": (data[:middle], True),
        "a damaged copy": (data[:middle // 2] + b"\x00" * 512 + data[middle // 2 + 512:], True),
        "garbage": (GARBAGE, False),
    }
    for what, (content, may_read) in cases.items():
        path = tmp / f"bad-{len(content)}{suffix}"
        path.write_bytes(content)
        got = _read(c, what, path, expected=(Exception,))
        if isinstance(got, Document):
            if may_read:
                _validate(c, what, got, content, path)
            else:
                c.problem(f"read on {what}: returned a document instead of raising InputError")
        elif isinstance(got, BaseException) and not isinstance(got, InputError):
            c.problem(f"read on {what}: raised {describe(got)}; bad input must raise "
                      "InputError (redactor.plugin_api) with a clear message")


def _validate(c: Checker, what: str, doc: Document, data: bytes, path: Path) -> None:
    fmt = getattr(c.obj, "format", None)
    c.expect(doc.format == fmt, f"read on {what}: document.format is not the reader's format")
    c.expect(isinstance(doc.id, str) and doc.id, f"read on {what}: document.id is empty")
    c.expect(isinstance(doc.source, Path) and doc.source.resolve() == path.resolve(),
             f"read on {what}: document.source is not the path that was read")
    if not isinstance(doc.text, str):
        c.problem(f"read on {what}: document.text is a {type(doc.text).__name__}, not a str")
        return
    c.expect(doc.sha256 in ("", hashlib.sha256(data).hexdigest()),
             f"read on {what}: document.sha256 is not the SHA-256 of the file's bytes")
    c.expect(isinstance(doc.page_count, int) and doc.page_count >= 0,
             f"read on {what}: document.page_count is not an int >= 0")
    c.expect(all(isinstance(k, str) and isinstance(v, str) for k, v in doc.metadata.items()),
             f"read on {what}: document.metadata must map str to str")
    c.expect(isinstance(doc.warnings, tuple) and all(isinstance(w, str) for w in doc.warnings),
             f"read on {what}: document.warnings must be a tuple of str")
    _segments(c, what, doc)


def _segments(c: Checker, what: str, doc: Document) -> None:
    n = len(doc.text)
    if not isinstance(doc.segments, tuple) or not all(
            isinstance(s, Segment) and isinstance(s.span, Span) for s in doc.segments):
        c.problem(f"read on {what}: document.segments must be a tuple of Segment")
        return
    covered = bytearray(n)
    last = 0
    for seg in doc.segments:
        s, e = seg.span.start, seg.span.end
        if not 0 <= s <= e <= n:
            c.problem(f"read on {what}: segment [{s}, {e}) is outside the text [0, {n})")
            return
        c.expect(s >= last, f"read on {what}: segments overlap or are out of order")
        c.expect(isinstance(seg.locator, str) and seg.locator,
                 f"read on {what}: a segment has no locator")
        last = max(last, e)
        covered[s:e] = b"\x01" * (e - s)
        if seg.boxes:
            _boxes(c, what, doc, seg)
    blank = [i for i, ch in enumerate(doc.text) if not covered[i] and not ch.isspace()]
    c.expect(not blank, f"read on {what}: {len(blank)} non-blank characters lie in no segment "
             f"(first at offset {blank[0] if blank else 0})")


def _boxes(c: Checker, what: str, doc: Document, seg: Segment) -> None:
    if len(seg.boxes) != len(seg.span):
        c.problem(f"read on {what}: a segment with boxes must have one box per character "
                  f"({len(seg.boxes)} boxes for {len(seg.span)} characters)")
    for box in seg.boxes:
        if not (isinstance(box, Box) and isinstance(box.page, int)
                and all(is_real(v) for v in (box.x0, box.y0, box.x1, box.y1))
                and box.x0 <= box.x1 and box.y0 <= box.y1):
            c.problem(f"read on {what}: a box is not a Box with x0 <= x1, y0 <= y1")
            return
        if doc.page_count and not 0 <= box.page < doc.page_count:
            c.problem(f"read on {what}: a box is on page {box.page}, outside [0, "
                      f"{doc.page_count})")
            return


def _key(doc: Document) -> tuple[Any, ...]:
    return (doc.text, doc.format, doc.page_count,
            tuple((s.span, s.locator, len(s.boxes)) for s in doc.segments))


def _secrets(text: str, filename: str) -> list[str]:
    """The sample's lines (16+ characters, not its file name): they must not appear in logs
    or messages."""
    lines = [ln.strip() for ln in text.splitlines() if len(ln.strip()) >= 16]
    return [ln for ln in dict.fromkeys(lines) if ln.casefold() not in filename.casefold()][:400]
