"""Identifier schemes of the pattern detector, one module per family: European and Nordic
national and business numbers, travel documents and machine-readable zones, North American and
Australian numbers, vehicle identification numbers. Each exposes ``find(text) -> list[Hit]``."""
