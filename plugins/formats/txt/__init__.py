"""Plain text: reader and writer that keep every byte outside a redacted span."""
