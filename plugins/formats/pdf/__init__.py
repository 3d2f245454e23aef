"""PDF: reader (``read``), v1 writer that burns redactions into rendered pages
(``render_redact``, ``rects``, ``image_paint``, ``hidden_text``), v2 writer that removes glyphs
and keeps text selectable (``glyph_redact``), verifier (``verify``); ``plugin`` registers them."""
