"""PDF pages rendered off the GUI thread, kept compressed and decoded on demand.

:func:`render_pdf_pages` runs in a job (pypdfium2, never on the GUI thread) and hands the
pages over in batches; each :class:`RenderedPage` keeps its pixels zlib-compressed, and only
the :data:`DECODED_PAGES` most recently painted pages stay decoded.
"""

from __future__ import annotations

import collections
import zlib
from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QImage


class RenderedPage:
    """A page rendered off the GUI thread, and its size in points.

    The pixels are kept zlib-compressed (a text page shrinks many times over: a 500-page colour
    PDF no longer needs ~1.6 GB), and :attr:`image` decompresses them on demand; the last
    :data:`DECODED_PAGES` decoded pages are kept, so repainting the pages on screen costs
    nothing more. Build it in any thread; read :attr:`image` on the GUI thread only.
    """

    __slots__ = ("index", "width_pt", "height_pt", "_size", "_format", "_stride", "_packed",
                 "_image")

    def __init__(self, index: int, image: QImage, width_pt: float, height_pt: float) -> None:
        self.index = index
        self.width_pt = width_pt
        self.height_pt = height_pt
        self._image: QImage | None = None
        self._pack(image.width(), image.height(), image.format(), image.bytesPerLine(),
                   bytes(image.constBits())[: image.sizeInBytes()])

    @classmethod
    def from_pixels(cls, index: int, size: tuple[int, int], fmt: QImage.Format, stride: int,
                    pixels: bytes, page_pt: tuple[float, float]) -> RenderedPage:
        """A page from raw pixel rows (no QImage is built until it is painted)."""
        page = cls.__new__(cls)
        page.index, (page.width_pt, page.height_pt), page._image = index, page_pt, None
        page._pack(size[0], size[1], fmt, stride, pixels)
        return page

    def _pack(self, width: int, height: int, fmt: QImage.Format, stride: int,
              pixels: bytes) -> None:
        self._size = (width, height)
        self._format = fmt
        self._stride = stride
        self._packed = zlib.compress(pixels, 1)

    @property
    def width(self) -> int:
        return self._size[0]

    @property
    def height(self) -> int:
        return self._size[1]

    @property
    def packed_bytes(self) -> int:
        """Bytes the page keeps while it is not decoded."""
        return len(self._packed)

    @property
    def image(self) -> QImage:
        if self._image is None:
            raw = zlib.decompress(self._packed)
            self._image = QImage(raw, self._size[0], self._size[1], self._stride,
                                 self._format).copy()  # a deep copy: ``raw`` is released
            _DECODED.append(self)
            while len(_DECODED) > DECODED_PAGES:
                _DECODED.popleft()._image = None
        return self._image


#: Decoded pages kept in memory (the most recently painted; a screen shows two to four).
DECODED_PAGES = 12
_DECODED: collections.deque[RenderedPage] = collections.deque()


def render_pdf_pages(path: str, scale: float, password: str | None = None,
                     check: Callable[[], object] | None = None,
                     on_pages: Callable[[list[RenderedPage]], object] | None = None,
                     batch: int = 8) -> list[RenderedPage]:
    """Render every page with pypdfium2 (call from a job, never on the GUI thread).
    ``on_pages``, if given, receives the pages in batches of ``batch`` as they are rendered."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(path, password=password)
    pages: list[RenderedPage] = []
    sent = 0  # pages already handed to on_pages
    try:
        for i in range(len(pdf)):
            if check is not None:
                check()
            page = pdf[i]
            pages.append(_rendered_page(i, page.render(scale=scale).to_pil(), page.get_size()))
            page.close()
            if on_pages is not None and (len(pages) - sent == batch or i == len(pdf) - 1):
                on_pages(pages[sent:])
                sent = len(pages)
    finally:
        pdf.close()
    return pages


def _rendered_page(index: int, pil: Any, page_pt: tuple[float, float]) -> RenderedPage:
    """A rendered page: 8-bit grey when it has no colour (most documents: a quarter of the
    pixels; the boxes drawn over it keep their colours), else 32-bit RGB, the format the
    screen paints fastest (pages are opaque)."""
    from PIL import Image

    rgb = pil.convert("RGB")
    r, g, b = rgb.split()
    grey = r.tobytes()
    size = (rgb.width, rgb.height)
    if grey == g.tobytes() == b.tobytes():
        return RenderedPage.from_pixels(index, size, QImage.Format.Format_Grayscale8,
                                        rgb.width, grey, page_pt)
    # QImage.Format_RGB32 is 0xffRRGGBB per pixel: the bytes B, G, R, 255 in memory
    opaque = Image.new("L", size, 255)
    pixels = Image.merge("RGBA", (b, g, r, opaque)).tobytes()
    return RenderedPage.from_pixels(index, size, QImage.Format.Format_RGB32, 4 * rgb.width,
                                    pixels, page_pt)
