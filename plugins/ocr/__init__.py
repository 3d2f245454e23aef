"""OCR engines (hook ``register_ocr_engines`` when it lands): turn page images into words with
boxes and confidences. Empty until the built-in OCR engine arrives; see docs/architecture.md."""
