"""Tokenizer calls that let other threads run.

``tokenizers.Tokenizer.encode`` holds the GIL for the whole text (tens of milliseconds for a
long document, during which the desktop app's GUI thread cannot run); ``encode_batch``
releases it and gives the same encoding. Building a tokenizer holds the GIL too (20–45 ms for
a 20,000–30,000-piece vocabulary, longer on a busy CPU): :func:`load_tokenizer` builds each
distinct tokenizer file once per process (the NER and the sequence labeller share theirs).
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path
from typing import Any

__all__ = ["encode_document", "load_tokenizer", "token_id", "tokenizer_key"]

_LOCK = threading.Lock()
#: the latest encodings, keyed by (tokenizer file digest, text): models that share a tokenizer
#: (the NER and the sequence labeller) tokenise a document once
_RECENT: list[tuple[tuple[str, int, str], Any]] = []
_KEEP = 2
#: the tokenizers built so far, by :func:`tokenizer_key` (a tokenizer is read-only once built)
_BUILT: dict[str, Any] = {}
_BUILD_LOCK = threading.Lock()


def tokenizer_key(path: str | Path) -> str:
    """A digest of a ``tokenizer.json``: equal for files that tokenise alike."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def load_tokenizer(path: str | Path) -> tuple[Any, str]:
    """The tokenizer in ``path`` (no truncation, no padding) and its :func:`tokenizer_key`;
    files with the same content give the same object, built once. Callers must not change
    its settings."""
    from tokenizers import Tokenizer

    data = Path(path).read_bytes()
    key = hashlib.sha256(data).hexdigest()
    with _BUILD_LOCK:
        tok = _BUILT.get(key)
        if tok is None:
            tok = _BUILT[key] = Tokenizer.from_buffer(data)
            tok.no_truncation()
            tok.no_padding()
    return tok, key


def token_id(tokenizer: Any, tokens: tuple[str, ...], default: int) -> int:
    """The id of the first of ``tokens`` in the vocabulary, else ``default`` (one look-up
    each: ``get_vocab`` would copy the whole vocabulary into a dict, holding the GIL)."""
    for token in tokens:
        i = tokenizer.token_to_id(token)
        if i is not None:
            return int(i)
    return default


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
