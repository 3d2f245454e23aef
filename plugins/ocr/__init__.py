"""OCR engines (hook ``register_ocr_engines``): turn page images into words with boxes and
confidences. ``rapid`` (the built-in ``rapidocr``: PP-OCRv6 small on ONNX Runtime, models
inside its wheel), ``tesseract`` (the system's Tesseract, when installed); ``plugin``
registers them. Formats reach them through ``ctx.ocr_engines``; see docs/ocr.md."""
