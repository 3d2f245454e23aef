"""Tokenizer calls that let other threads run.

``tokenizers.Tokenizer.encode`` holds the GIL for the whole text (tens of milliseconds for a
long document, during which the desktop app's GUI thread cannot run); ``encode_batch``
releases it and gives the same encoding.
"""

from __future__ import annotations

from typing import Any

__all__ = ["encode_document"]


def encode_document(tokenizer: Any, text: str) -> Any:
    """``tokenizer.encode(text, add_special_tokens=False)``, without holding the GIL."""
    return tokenizer.encode_batch([text], add_special_tokens=False)[0]
