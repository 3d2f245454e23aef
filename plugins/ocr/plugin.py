"""Built-in plugin ``ocr``: the OCR engines ``rapidocr`` (PP-OCRv6 small on ONNX Runtime,
models inside the ``rapidocr`` wheel) and, where the system has Tesseract with English data,
``tesseract`` (the independent engine that re-reads exports too); and the ``ocr`` settings
section. Which pages are read, and how, is up to the formats (docs/ocr.md)."""

from __future__ import annotations

from redactor_plugins.ocr.rapid import RapidOcrEngine, available
from redactor_plugins.ocr.tesseract import TesseractEngine, program
from redactor_plugins.shared.ocr_settings import DEFAULTS, SECTION

from redactor.plugin_api import SettingsSection, hookimpl

REDACTOR_API = ">=1,<2"
__version__ = "1.0"

_ENGINES: dict[str, object] = {}


def _engine(key: str, make: type) -> object:
    """One engine object per process (its models load once)."""
    if key not in _ENGINES:
        _ENGINES[key] = make()
    return _ENGINES[key]


@hookimpl
def register_ocr_engines(register):  # type: ignore[no-untyped-def]
    if available():
        register(_engine("rapidocr", RapidOcrEngine))
    if program() is not None:
        register(_engine("tesseract", TesseractEngine))


@hookimpl
def register_settings(register):  # type: ignore[no-untyped-def]
    register(SettingsSection(SECTION, dict(DEFAULTS),
                             "OCR of scanned pages, pictures in DOCX and image files: engine, "
                             "review threshold, size limits (docs/ocr.md)"))
