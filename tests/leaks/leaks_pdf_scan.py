"""The independent leak scan for PDF outputs: other code than the verifier.

pypdf decodes every stream (all filters, inline images) and parses every content stream,
its strings and names and the CMaps' destination strings; pdfminer.six, pypdf and PDFium
extract text; the raw file bytes are read too — all under NFKC, with invisible and tag
characters, case and punctuation removed, in Latin-1, UTF-8 and UTF-16 (LE/BE, both
alignments). Also: whether a name drawn on a page is still visible (pixels).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium

NAME = "Kristoffer Haugland"
KEPT = "The weather was fine."
SIZE = (300.0, 200.0)
#: Where page 2 draws the hidden name, when it draws it visibly (x0, y0, x1, y1)
NAME_RECT = (15.0, 90.0, 200.0, 115.0)


_INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u2060-\u206f\ufeff\U000e0000-\U000e0fff]")


def squash(text: str) -> str:
    """NFKC, invisible and tag characters removed, case-folded, letters and digits only."""
    text = _INVISIBLE.sub("", unicodedata.normalize("NFKC", text))
    return "".join(c for c in text.casefold() if c.isalnum())


def _views(data: bytes) -> list[str]:
    views = [data.decode("latin-1"), data.decode("utf-8", "ignore")]
    for start in (0, 1):
        views += [data[start:].decode("utf-16-le", "ignore"),
                  data[start:].decode("utf-16-be", "ignore")]
    return views


_BFCHAR = re.compile(rb"<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f\s]*)>")


def _cmap_views(data: bytes) -> list[str]:
    """A CMap's destination strings, joined in order (UTF-16BE)."""
    if b"beginbf" not in data:
        return []
    joined = b"".join(bytes.fromhex(re.sub(rb"\s", b"", m.group(1)).decode())
                      for m in _BFCHAR.finditer(data) if len(m.group(1).strip()) % 2 == 0)
    return [joined.decode("utf-16-be", "ignore")]


def _content_views(stream: object, reader: object) -> list[str]:
    """Strings, names and inline image data of a stream parsed as content."""
    from pypdf.generic import ContentStream

    parts: list[str] = []
    try:
        operations = ContentStream(stream, reader).operations
    except Exception:  # not content
        return parts
    for operands, _op in operations:
        items = [operands] if isinstance(operands, dict) else operands
        for item in items:
            if isinstance(item, dict) and "data" in item:
                parts += _views(item["data"])
            _walk(item, parts)
    return ["".join(parts)]


def _pypdf_objects(path: Path) -> list[object]:
    import pypdf

    reader = pypdf.PdfReader(str(path))
    out: list[object] = []
    for num in {int(m.group(1)) for m in re.finditer(rb"(\d+) 0 obj", path.read_bytes())} | \
            set(range(1, 1 + int(reader.trailer.get("/Size", 0)))):
        try:
            obj = reader.get_object(num)
        except Exception:  # free or broken entries
            continue
        if obj is not None:
            out.append(obj)
    return out


def _walk(obj: object, out: list[str], depth: int = 0) -> None:
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NameObject

    if depth > 40 or isinstance(obj, IndirectObject):
        return
    if isinstance(obj, DictionaryObject):
        for k, v in obj.items():
            out.append(str(k))
            _walk(v, out, depth + 1)
    elif isinstance(obj, ArrayObject):
        for v in obj:
            _walk(v, out, depth + 1)
    elif isinstance(obj, NameObject):
        out.append(str(obj))
    elif isinstance(obj, bytes | str):
        raw = obj if isinstance(obj, bytes) else getattr(obj, "original_bytes", b"")
        out += _views(raw) if raw else []
        out.append(str(obj))


def independent_texts(path: Path) -> dict[str, str]:
    """Everything the scan reads from ``path``, by channel."""
    import pypdf
    from pdfminer.high_level import extract_text
    from pypdf.generic import StreamObject

    texts: dict[str, list[str]] = {"streams": [], "content": [], "objects": [], "text": []}
    reader = pypdf.PdfReader(str(path))
    for obj in _pypdf_objects(path):
        if isinstance(obj, StreamObject):
            try:
                data = obj.get_data()
            except Exception:
                data = obj._data  # noqa: SLF001
            texts["streams"] += _views(data) + _cmap_views(data)
            if obj.get("/Subtype") != "/Image":
                texts["content"] += _content_views(obj, reader)
        _walk(obj, texts["objects"])
    for page in reader.pages:
        contents = page.get_contents()
        if contents is not None:
            texts["content"] += _content_views(contents, reader)
        texts["text"].append(page.extract_text() or "")
    texts["text"].append(extract_text(str(path)))
    doc = pdfium.PdfDocument(path)
    try:
        for i in range(len(doc)):
            tp = doc[i].get_textpage()
            texts["text"].append(tp.get_text_range())
            tp.close()
    finally:
        doc.close()
    raw = path.read_bytes()
    return {"raw": "\n".join(_views(raw)), **{k: "\n".join(v) for k, v in texts.items()}}


def independent_hits(path: Path, name: str = NAME) -> list[str]:
    """The channels of ``path`` where ``name`` can be read back."""
    needle = squash(name)
    return [where for where, text in independent_texts(path).items() if needle in squash(text)]


def kept_text_stays(path: Path) -> bool:
    doc = pdfium.PdfDocument(path)
    try:
        text = ""
        for i in range(len(doc)):
            tp = doc[i].get_textpage()
            text += tp.get_text_range()
            tp.close()
    finally:
        doc.close()
    return squash(KEPT) in squash(text)


def render(path: Path, index: int, scale: float = 2.0) -> np.ndarray:
    doc = pdfium.PdfDocument(path)
    try:
        return np.asarray(doc[index].render(scale=scale).to_pil().convert("L"))
    finally:
        doc.close()


def name_still_drawn(src: Path, out: Path, index: int = 1,
                     rect: tuple[float, float, float, float] = NAME_RECT) -> bool:
    """Whether the ink page ``index`` of ``src`` draws in ``rect`` is still there, unboxed,
    in ``out`` (text only pixels show, as on a rendered page)."""
    x0, y0, x1, y1 = rect
    top, bottom = int((SIZE[1] - y1) * 2), int((SIZE[1] - y0) * 2)
    left, right = int(x0 * 2), int(x1 * 2)
    before = render(src, index)[top:bottom, left:right]
    after = render(out, index)[top:bottom, left:right]
    ink = before < 128
    if ink.sum() < 20:
        return False
    return bool((after[ink] < 128).mean() > 0.8 and (after[~ink] > 128).mean() > 0.8)
