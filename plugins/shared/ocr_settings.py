"""The ``ocr`` settings section and the line height an engine may size its detection by.

Kept apart from :mod:`redactor_plugins.shared.ocr_run` (numpy, Pillow) so that the OCR
plugin registers its engines and settings without importing either.
"""

from __future__ import annotations

from contextvars import ContextVar

__all__ = ["DEFAULTS", "LINE_HEIGHT", "SECTION"]

SECTION = "ocr"
DEFAULTS: dict[str, object] = {
    "enabled": True,            # read scanned pages, pictures in DOCX and image files
    "engine": "rapidocr",       # the engine that reads ("" = the first registered)
    "verify_engines": "all",    # "all": every registered engine re-reads exports; "primary"
    "min_confidence": 0.8,      # words read below this are flagged for review
    "max_pixels": 40_000_000,   # a page is scaled down to this many pixels before OCR
    "pdf_dpi": 0,               # 0: chosen from the page's images (150–400), else this dpi
    "detect_orientation": True,  # try 180° (and the other axis) when a page reads badly
    "deskew": True,
    "docx_images": True,        # read pictures in DOCX bodies, headers, footers, text boxes
    "threads": 0,               # CPU threads of the built-in engine (0: the cores, up to 4)
    "precision": "int8",        # "int8": the built-in engine's int8 models (resources); "float"
    "alphabet": "latin",        # the built-in engine reads Latin, Greek, Cyrillic ("all": + CJK)
}
#: The height (pixels) of the text lines of the image an engine is reading, where the page
#: analysis found lines (else None): engines may size their detection by it.
LINE_HEIGHT: ContextVar[float | None] = ContextVar("ocr_line_height", default=None)
