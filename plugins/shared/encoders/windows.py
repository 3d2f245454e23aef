"""Overlapping windows over a long document's word pieces, and stitching their outputs.

A word piece takes the output of the window in which it lies farthest from an edge, so nothing
is lost or duplicated at window boundaries. The NER and the sequence-labelling head of the
same model use these functions, so their outputs line up piece by piece.

On the CPU every window is its own batch (:data:`CPU_BATCH`): dynamic int8 quantisation reads
the range of the whole batch, so a window's numbers would otherwise depend on the windows it
happens to share a batch with; alone, a window gives the same numbers wherever it occurs. The
windows of a document run side by side on the cores (``workers``), one ONNX Runtime thread
each: on 2 cores ~16 % faster than batches of 8 on two intra-op threads.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any

#: windows per forward call on the CPU (see the module docstring); a GPU takes many
CPU_BATCH = 1
GPU_BATCH = 64

__all__ = ["CPU_BATCH", "GPU_BATCH", "Stopped", "overlapping_windows", "stitch",
           "windowed_probabilities_many",
           "windowed_probabilities"]


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


def case_flags(text: str, offsets: Sequence[tuple[int, int]]) -> list[int]:
    """1 for each word piece whose word starts with a capital letter, else 0 (special pieces,
    with empty offsets, 0): the token types of a model that sees capitalisation through an
    uncased tokenizer."""
    flags = []
    for s, e in offsets:
        if e <= s or not text[s].isalnum():
            flags.append(0)
            continue
        w = s
        while w > 0 and text[w - 1].isalnum():
            w -= 1
        flags.append(int(text[w].isupper()))
    return flags


def sentence_breaks(text: str, offsets: Sequence[tuple[int, int]]) -> list[int]:
    """Indices of the word pieces that begin a sentence or a line of ``text``: after a
    line break, or after ".", "!" or "?" ending a word of 4+ characters or a number (not
    "Mr." or "no.") and followed by a space."""
    out = []
    for i in range(1, len(offsets)):
        ps, pe = offsets[i - 1]
        s = offsets[i][0]
        gap = text[pe:s]
        if not gap:
            continue
        if "\n" in gap:
            out.append(i)
            continue
        if pe > ps and text[pe - 1] in ".!?" and gap.isspace():
            k = pe - 1
            j = k
            while j > 0 and not text[j - 1].isspace():
                j -= 1
            word = text[j:k]
            if len(word) >= 4 or (word and word.isdigit()):
                out.append(i)
    return out


def sentence_windows(n: int, size: int, overlap: int,
                     breaks: Sequence[int]) -> list[tuple[int, int]]:
    """Windows of at most ``size`` items that end at a sentence break where one lies in the
    second half of the window (the next then starts there, no overlap), else like
    :func:`overlapping_windows` (``overlap`` items shared)."""
    import bisect

    if n <= size:
        return [(0, n)]
    out = []
    s = 0
    while True:
        if n - s <= size:
            out.append((s, n))
            return out
        hi = bisect.bisect_right(breaks, s + size) - 1
        if hi >= 0 and breaks[hi] >= s + size // 2:
            e = breaks[hi]
            out.append((s, e))
            s = e
        else:
            out.append((s, s + size))
            s += size - overlap


@functools.cache
def _pool(workers: int) -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="redactor-encoder")


class Stopped(RuntimeError):
    """The interpreter is shutting down: a pass still running stops between windows."""


def _check_running() -> None:
    # at exit the main thread is marked stopped before the interpreter joins the other threads
    # (a background pass, ThreadPoolExecutor workers): a pass left running stops at its next
    # window instead of holding the exit (a prefetch of a 3,000-window text held it ~14 s)
    if not threading.main_thread().is_alive():
        raise Stopped("the interpreter is shutting down")


def _run_all(forward: Callable[..., Sequence[Any]], feeds: list[tuple[Any, ...]],
             workers: int) -> list[Sequence[Any]]:
    """``forward`` over ``feeds`` in order; with ``workers`` > 1 up to that many at once and
    as many queued behind them (no core waits for the next window), never more (an
    interrupted caller leaves at most ``2 × workers`` windows to run)."""
    if workers <= 1 or len(feeds) <= 1:
        out = []
        for feed in feeds:
            _check_running()
            out.append(forward(*feed))
        return out
    pool = _pool(workers)
    results: list[Any] = [None] * len(feeds)
    running: dict[Future[Sequence[Any]], int] = {}
    nxt = 0
    while nxt < len(feeds) or running:
        while nxt < len(feeds) and len(running) < 2 * workers:
            _check_running()
            running[pool.submit(forward, *feeds[nxt])] = nxt
            nxt += 1
        done, _ = wait(running, return_when=FIRST_COMPLETED)
        for fut in done:
            results[running.pop(fut)] = fut.result()
    return results


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


def windowed_probabilities(ids: Sequence[int], forward: Callable[..., Sequence[Any]], *,
                           window: int, overlap: int, batch_size: int, cls_id: int,
                           sep_id: int, pad_id: int, workers: int = 1,
                           breaks: Sequence[int] | None = None,
                           types: Sequence[int] | None = None) -> list[Any]:
    r"""Softmax probabilities per word piece of ``ids`` for each output of ``forward``.

    ``ids`` (non-empty) is read in :func:`overlapping_windows` of ``window`` pieces including
    [CLS] and [SEP], ``batch_size`` windows per call of ``forward(input_ids, attention_mask)``
    — ``forward(input_ids, attention_mask, token_type_ids)`` when the pieces' ``types`` are
    given (:func:`case_flags`; [CLS], [SEP] and padding get 0) — (padded with ``pad_id`` to the batch's longest window; with ``workers`` > 1, up to that
    many calls at once from a thread pool, so ``forward`` must be thread-safe, as
    ``InferenceSession.run`` is), and each output is
    :func:`stitch`\ ed: one ``(len(ids), n_labels)`` float32 array per output. The NER and the
    sequence labeller's own pass over the same graph both read documents this way, so a head
    computed in either gives the same numbers.
    """
    import numpy as np

    n = len(ids)
    wins = _plan(n, window, overlap, breaks)
    size = max(1, batch_size)
    batches = [wins[k : k + size] for k in range(0, len(wins), size)]
    feeds = [_feed([(ids, s, e) for s, e in batch], cls_id, sep_id, pad_id,
                   None if types is None else [types] * len(batch))
             for batch in batches]
    outputs = _run_all(forward, feeds, workers)
    per_output: list[list[Any]] = []
    for batch, result in zip(batches, outputs, strict=True):
        for o, logits in enumerate(result):
            p = _softmax(logits)
            if o == len(per_output):
                per_output.append([])
            per_output[o].extend(p[i, 1 : e - s + 1] for i, (s, e) in enumerate(batch))
    return [stitch(np.zeros((n, res[0].shape[-1]), dtype=np.float32), wins, res)
            for res in per_output]


def _plan(n: int, window: int, overlap: int,
          breaks: Sequence[int] | None) -> list[tuple[int, int]]:
    """The windows over ``n`` pieces: ending at sentence ends where ``breaks`` are known."""
    if breaks is not None:
        return sentence_windows(n, window - 2, overlap, breaks)
    return overlapping_windows(n, window - 2, overlap)


def _feed(rows: Sequence[tuple[Sequence[int], int, int]], cls_id: int, sep_id: int,
          pad_id: int, types: Sequence[Sequence[int]] | None = None) -> tuple[Any, ...]:
    """``(input_ids, attention_mask)`` of windows ``(ids, start, end)``: [CLS] window [SEP],
    padded to the longest; with ``types`` (each row's document's token types) also the
    windows' ``token_type_ids``."""
    import numpy as np

    m = max(e - s for _, s, e in rows) + 2
    x = np.full((len(rows), m), pad_id, dtype=np.int64)
    att = np.zeros((len(rows), m), dtype=np.int64)
    for i, (ids, s, e) in enumerate(rows):
        x[i, : e - s + 2] = [cls_id, *ids[s:e], sep_id]
        att[i, : e - s + 2] = 1
    if types is None:
        return x, att
    tt = np.zeros_like(x)
    for i, (_ids, s, e) in enumerate(rows):
        tt[i, 1 : e - s + 1] = types[i][s:e]
    return x, att, tt


def _softmax(logits: Any) -> Any:
    import numpy as np

    p = np.exp(logits - logits.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    return p


def windowed_probabilities_many(docs: Sequence[tuple[Sequence[int], Sequence[int] | None]],
                                forward: Callable[..., Sequence[Any]], *, window: int,
                                overlap: int, batch_size: int, cls_id: int, sep_id: int,
                                pad_id: int, types: Sequence[Sequence[int]] | None = None
                                ) -> list[list[Any]]:
    """:func:`windowed_probabilities` of several documents ``(ids, breaks)`` (with ``types``:
    each document's token types, as there) at once, for a
    GPU: the windows of all of them are sorted by length and read ``batch_size`` at a time
    (a batch holds windows of several documents, padded only to its own longest), then each
    document's windows are stitched as alone. One list of outputs per document (an empty
    document: ``[]``). Only a graph whose numbers do not depend on the batch should be fed
    this way (the NER's float graph on a GPU, ``float_graph.py``): the int8 graph quantises a
    batch's activations together, which is why the CPU keeps one window per call."""
    import numpy as np

    plans = [_plan(len(ids), window, overlap, breaks) if len(ids) else []
             for ids, breaks in docs]
    jobs = sorted(((d, s, e) for d, wins in enumerate(plans) for s, e in wins),
                  key=lambda j: j[2] - j[1])
    got: dict[tuple[int, int, int], list[Any]] = {}  # (doc, start, end) -> outputs
    size = max(1, batch_size)
    for k in range(0, len(jobs), size):
        _check_running()
        batch = jobs[k : k + size]
        feed = _feed([(docs[d][0], s, e) for d, s, e in batch], cls_id, sep_id, pad_id,
                     None if types is None else [types[d] for d, _, _ in batch])
        for logits in forward(*feed):
            p = _softmax(logits)
            for i, (d, s, e) in enumerate(batch):
                got.setdefault((d, s, e), []).append(p[i, 1 : e - s + 1])
    out: list[list[Any]] = []
    for d, wins in enumerate(plans):
        results = [got[(d, s, e)] for s, e in wins]
        per_output = zip(*results, strict=True)  # each output's arrays, window by window
        out.append([stitch(np.zeros((len(docs[d][0]), r[0].shape[-1]), dtype=np.float32),
                           wins, list(r)) for r in per_output] if wins else [])
    return out
