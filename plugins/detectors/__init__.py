"""Detectors: patterns, term lists and the neural recognizer (one package each)."""
