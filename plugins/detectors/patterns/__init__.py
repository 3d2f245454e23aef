"""Validated pattern detector: one module per family (``codes``, ``contact``, ``datetime``,
``ids``, ``quantity``), shared rules in ``common``, registration in ``plugin``."""
