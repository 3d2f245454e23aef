"""Standalone images (PNG, JPEG, TIFF incl. multi-page) read by OCR: ``read`` (text with one
box per character, pixels), ``write`` (boxes burnt into the pixels, re-encoded without
metadata), ``verify`` (re-opened and read again by OCR); ``plugin`` registers them."""
