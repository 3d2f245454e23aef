"""The latest outputs of a multi-head model's extra heads, per document.

The shipped NER pack also carries the sequence labeller's MASK/NO_MASK head
(``config.json`` → ``heads``): the recognizer's forward pass computes both, keeps the extra
head's per-piece probabilities here, and the ``sequence-labelling`` indicator takes them
instead of running the encoder again. Keys are the model file (path, size, time) and the
document's text; only the latest few documents are kept, in memory, never written anywhere.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

__all__ = ["clear", "model_key", "recall", "remember"]

_LOCK = threading.Lock()
_RECENT: list[tuple[tuple[tuple[str, int, int], str, int, str], Any]] = []
_KEEP = 4


def model_key(path: str | os.PathLike[str]) -> tuple[str, int, int]:
    """Identity of a model file: its resolved path, size and modification time."""
    p = Path(path).resolve()
    st = p.stat()
    return (str(p), st.st_size, st.st_mtime_ns)


def remember(model: tuple[str, int, int], head: str, text: str, value: Any) -> None:
    """Keep ``value`` (a head's output for ``text``) for a later :func:`recall`."""
    k = (model, head, len(text), text)
    with _LOCK:
        _RECENT[:] = [(kk, v) for kk, v in _RECENT if kk != k]
        _RECENT.insert(0, (k, value))
        del _RECENT[_KEEP:]


def recall(model: tuple[str, int, int], head: str, text: str) -> Any | None:
    """The value remembered for this model, head and text, or None."""
    k = (model, head, len(text), text)
    with _LOCK:
        for kk, v in _RECENT:
            if kk == k:
                return v
    return None


def clear() -> None:
    with _LOCK:
        _RECENT.clear()
