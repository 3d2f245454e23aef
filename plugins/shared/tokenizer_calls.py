"""Tokenizer calls that let other threads run.

``tokenizers.Tokenizer.encode`` holds the GIL for the whole text (tens of milliseconds for a
long document, during which the desktop app's GUI thread cannot run); ``encode_batch``
releases it and gives the same encoding.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path
from typing import Any

__all__ = ["encode_document", "load_tokenizer", "tokenizer_key"]

_LOCK = threading.Lock()
#: the latest encodings, keyed by (tokenizer file digest, text): models that share a tokenizer
#: (the NER and the sequence labeller) tokenise a document once
_RECENT: list[tuple[tuple[str, int, str], Any]] = []
_KEEP = 2


def tokenizer_key(path: str | Path) -> str:
    """A digest of a ``tokenizer.json``: equal for files that tokenise alike."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def load_tokenizer(path: str | Path) -> tuple[Any, str]:
    """The tokenizer in ``path`` (no truncation, no padding) and its :func:`tokenizer_key`."""
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(path))
    tok.no_truncation()
    tok.no_padding()
    return tok, tokenizer_key(path)


def encode_document(tokenizer: Any, text: str, key: str | None = None) -> Any:
    """``tokenizer.encode(text, add_special_tokens=False)``, without holding the GIL; with a
    ``key`` (:func:`tokenizer_key`) the encoding is shared with other callers of that key."""
    if key is None:
        return tokenizer.encode_batch([text], add_special_tokens=False)[0]
    k = (key, len(text), text)
    with _LOCK:
        for kk, enc in _RECENT:
            if kk == k:
                return enc
    enc = tokenizer.encode_batch([text], add_special_tokens=False)[0]
    with _LOCK:
        _RECENT.insert(0, (k, enc))
        del _RECENT[_KEEP:]
    return enc
