"""Overlapping windows over a long document's word pieces, and stitching their outputs.

A word piece takes the output of the window in which it lies farthest from an edge, so nothing
is lost or duplicated at window boundaries. The NER and the sequence-labelling head of the
same model use these two functions, so their outputs line up piece by piece.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["overlapping_windows", "stitch"]


def overlapping_windows(n: int, size: int, overlap: int) -> list[tuple[int, int]]:
    """Overlapping ``[start, end)`` windows over ``n`` items: each is ``size`` long, the next
    starts ``size - overlap`` later, the last ends at ``n`` (also used to train the models)."""
    if n <= size:
        return [(0, n)]
    step = size - overlap
    if step <= 0:
        raise ValueError("the overlap must be smaller than the window")
    out = []
    s = 0
    while True:
        e = min(s + size, n)
        out.append((s, e))
        if e >= n:
            return out
        s += step


def stitch(out: Any, wins: Sequence[tuple[int, int]], results: Sequence[Any]) -> Any:
    """Fill ``out`` (numpy, first axis = word pieces) from each window's ``results`` (arrays
    of the window's length): each piece from the window where it is farthest from an edge."""
    import numpy as np

    best = np.full(len(out), -1, dtype=np.int64)
    for (s, e), p in zip(wins, results, strict=True):
        idx = np.arange(s, e)
        centrality = np.minimum(idx - s, e - 1 - idx)
        take = centrality > best[s:e]
        out[s:e][take] = p[take]
        best[s:e][take] = centrality[take]
    return out
