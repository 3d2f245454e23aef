"""Text as two independent engines extract it from a written PDF, page by page.

* pdfminer.six (pdfplumber's engine): characters in content order, through each font's
  ``/ToUnicode`` map or encoding, with no layout analysis — a light device that records the
  characters only (pdfminer's layout objects cost ten times more and add nothing here:
  leak search ignores whitespace). pdfminer does not apply ``/ActualText``.
* PDFium: its text page, as PDF viewers show it (``/ActualText`` applied).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium

Progress = Callable[[int], None] | None


#: Pages read before PDFium's document is reopened (memory stays bounded on long files).
REOPEN_PAGES = 256


def pdfium_pages_text(path: Path, password: str | None = None,
                      progress: Progress = None) -> Iterator[str]:
    doc = pdfium.PdfDocument(path, password=password)
    try:
        for i in range(len(doc)):
            if progress is not None:
                progress(i)
            if i and i % REOPEN_PAGES == 0:  # PDFium keeps what it parsed until closed
                doc.close()
                doc = pdfium.PdfDocument(path, password=password)
            page = doc[i]
            tp = page.get_textpage()
            try:
                yield tp.get_text_range()
            finally:
                tp.close()
                page.close()
    finally:
        doc.close()


def pdfminer_pages_text(path: Path, pages: Iterable[int] | None = None,
                        progress: Progress = None) -> Iterator[str]:
    """Each page's characters in content order, by pdfminer.six (unmapped codes: U+FFFD)."""
    from pdfminer.pdfdevice import PDFDevice
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    class TextDevice(PDFDevice):
        def __init__(self, manager: PDFResourceManager) -> None:
            super().__init__(manager)
            self.parts: list[str] = []

        def render_string(self, textstate: Any, seq: Any, ncs: Any,
                          graphicstate: Any) -> None:
            font = textstate.font
            if font is None:
                return
            for obj in seq:
                if not isinstance(obj, bytes):
                    continue
                for cid in font.decode(obj):
                    try:
                        self.parts.append(font.to_unichr(cid))
                    except Exception:  # PDFUnicodeNotDefined and friends
                        self.parts.append("\ufffd")
            self.parts.append("\n")

    wanted = set(pages) if pages is not None else None
    manager = PDFResourceManager(caching=True)
    with path.open("rb") as fh:
        for n, page in enumerate(PDFPage.get_pages(fh)):
            if wanted is not None and n not in wanted:
                continue
            if progress is not None:
                progress(n)
            device = TextDevice(manager)
            PDFPageInterpreter(manager, device).process_page(page)
            yield "".join(device.parts)
