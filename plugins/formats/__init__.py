"""File formats: one package each (reader, writer, sanitiser, verifier together)."""
