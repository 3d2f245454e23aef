"""Fixtures of the OCR tests (the helpers live in ocr_helpers.py)."""

from ocr_helpers import redact  # noqa: F401  (the fixture)
