"""Pages rendered off the GUI thread, kept compressed and decoded on demand.

:func:`render_pages` runs in a job (never on the GUI thread) and hands the pages over in
batches: a PDF's pages (:func:`render_pdf_pages`, pypdfium2), an image file's pages
(:func:`render_image_pages`: PNG, JPEG, TIFF frames, read by OCR) and the pictures of a DOCX
that OCR read (:func:`render_docx_pictures`). Each :class:`RenderedPage` keeps its pixels
zlib-compressed, and only the :data:`DECODED_PAGES` most recently painted pages stay decoded.

An image's boxes are in its own pixels (origin bottom left: a page whose size in points is
the image's size in pixels), so its page keeps that size as its size in points and is shown
scaled to at most :data:`IMAGE_WIDTH` pixels wide.
"""

from __future__ import annotations

import collections
import io
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtGui import QImage

from redactor.core.model import Document


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


#: Formats whose pages are images (the image reader's formats).
IMAGE_FORMATS = frozenset({"png", "jpeg", "tiff"})
IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".tif", ".tiff"})
#: Images (pages, pictures) are shown at most this wide, in pixels.
IMAGE_WIDTH = 900
#: The locator prefix of the text OCR read from a DOCX picture (``ocr:word/media/…``).
PICTURE_PREFIX = "ocr:"

PagesSink = Callable[[list[RenderedPage]], object]


def page_count(path: Path, password: str | None = None) -> int:
    """A PDF's pages or an image file's frames, from its header (0 when not known): the
    total of the progress while the file is read (see :mod:`redactor.gui.ocr_progress`)."""
    suffix = path.suffix.lower()
    try:
        if suffix == ".pdf":
            import pypdfium2 as pdfium

            pdf = pdfium.PdfDocument(str(path), password=password)
            try:
                return len(pdf)
            finally:
                pdf.close()
        if suffix in IMAGE_SUFFIXES:
            from PIL import Image

            with Image.open(path) as img:
                return int(getattr(img, "n_frames", 1) or 1)
    except Exception:  # the reader says what is wrong with the file; this is a hint only
        return 0
    return 0


def has_pages(doc: Document) -> bool:
    """Whether the document has pages to show: character boxes on a PDF page, an image
    file's page or a DOCX picture that OCR read."""
    return any(s.boxes for s in doc.segments)


def render_pages(doc: Document, scale: float, password: str | None = None,
                 check: Callable[[], object] | None = None,
                 on_pages: PagesSink | None = None) -> list[RenderedPage]:
    """The document's pages, as :func:`render_pdf_pages` for a PDF, an image file's pages,
    or the DOCX pictures OCR read (call from a job)."""
    if doc.format == "pdf":
        return render_pdf_pages(str(doc.source), scale, password, check, on_pages)
    if doc.format in IMAGE_FORMATS:
        return render_image_pages(doc.source, check, on_pages)
    if any(s.locator.startswith(PICTURE_PREFIX) for s in doc.segments):
        return render_docx_pictures(doc, check, on_pages)
    return []


def _shown(frame: Any, index: int) -> RenderedPage:
    """A page or picture as shown: its pixels scaled to :data:`IMAGE_WIDTH`, its size in
    pixels as its size in points."""
    from PIL import Image

    size = (float(frame.width), float(frame.height))
    factor = min(1.0, IMAGE_WIDTH / max(1, frame.width))
    if factor < 1.0:
        frame = frame.resize((max(1, round(frame.width * factor)),
                              max(1, round(frame.height * factor))), Image.Resampling.BILINEAR)
    return _rendered_page(index, frame, size)


def _upright(img: Any, index: int) -> Any:
    """A frame as the OCR reader saw it: the first turned as its EXIF orientation says."""
    from PIL import ImageOps

    return ImageOps.exif_transpose(img) if index == 0 else img.copy()


def render_image_pages(path: Path, check: Callable[[], object] | None = None,
                       on_pages: PagesSink | None = None) -> list[RenderedPage]:
    """Every frame of a PNG, JPEG or TIFF (call from a job)."""
    from PIL import Image

    pages: list[RenderedPage] = []
    with Image.open(path) as img:
        for i in range(int(getattr(img, "n_frames", 1) or 1)):
            if check is not None:
                check()
            img.seek(i)
            pages.append(_shown(_upright(img, i), i))
            if on_pages is not None:
                on_pages(pages[-1:])
    return pages


def render_docx_pictures(doc: Document, check: Callable[[], object] | None = None,
                         on_pages: PagesSink | None = None) -> list[RenderedPage]:
    """The DOCX pictures whose text OCR read, each as a page numbered as its boxes are."""
    from PIL import Image

    parts: dict[int, str] = {}
    for seg in doc.segments:
        if seg.locator.startswith(PICTURE_PREFIX) and seg.boxes:
            parts.setdefault(seg.boxes[0].page, seg.locator[len(PICTURE_PREFIX):].lstrip("/"))
    pages: list[RenderedPage] = []
    with zipfile.ZipFile(doc.source) as z:
        for index, part in sorted(parts.items()):
            if check is not None:
                check()
            with Image.open(io.BytesIO(z.read(part))) as img:
                pages.append(_shown(_upright(img, 0), index))
            if on_pages is not None:
                on_pages(pages[-1:])
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
