"""Sequence-labelling risk runtime: a MASK / NO_MASK token classifier over the whole document.

The model (``resources/models/seqlabel``: ``model.onnx``, ``tokenizer.json``, ``config.json``)
reads the document in windows of 128 word pieces overlapping by 32; each word piece keeps the
probability from the window in which it lies farthest from an edge. A detected span is then
judged by its word pieces: *partial match* — any piece says MASK (score = the highest
probability); *strict match* — every piece says MASK (score = the lowest probability).
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

import numpy as np  # noqa: E402
from redactor_plugins.shared.onnx_runs import run  # noqa: E402
from redactor_plugins.shared.onnx_sessions import (  # noqa: E402
    default_providers,
    device,
    inference_session,
    on_gpu,
    session_options,
)
from redactor_plugins.shared.tokenizer_calls import (  # noqa: E402
    encode_document,
    load_tokenizer,
    token_id,
)

from redactor.plugin_api import resource_path, verify_model_pack  # noqa: E402

__all__ = ["SeqLabeller", "default_seqlabel_dir", "load_seqlabeller"]


def default_seqlabel_dir() -> Path:
    """The shipped model pack (``resources/models/seqlabel``; ``REDACTOR_RESOURCES`` moves it)."""
    return resource_path("models", "seqlabel")


_cache: dict[tuple[str, int, str], SeqLabeller] = {}
_LOCK = threading.Lock()


def load_seqlabeller(model_dir: str | os.PathLike[str] | None = None, threads: int = 2
                     ) -> SeqLabeller:
    d = Path(model_dir) if model_dir else default_seqlabel_dir()
    key = (str(d.resolve()), int(threads), device())  # one per device (--device)
    with _LOCK:  # one load, also when two threads ask at once (Pipeline.preload)
        if key not in _cache:
            verify_model_pack(d)
            _cache[key] = SeqLabeller(d, threads=threads)
        return _cache[key]


class SeqLabeller:
    def __init__(self, model_dir: str | os.PathLike[str], *, threads: int = 2,
                 window: int = 128, overlap: int = 32, batch_size: int = 16) -> None:
        d = Path(model_dir)
        if not (d / "model.onnx").is_file():
            raise FileNotFoundError(f"{d}: no sequence-labelling model (model.onnx)")
        self.model_dir = d
        self.config = json.loads((d / "config.json").read_text()) if (d / "config.json").is_file() else {}
        labels = self.config.get("id2label") or {"0": "NO_MASK", "1": "MASK"}
        self.mask_index = int(next((k for k, v in labels.items() if v == "MASK"), 1))
        # the key shares the NER's tokenisation of a document when the tokenizers are the same
        self.tok, self.tok_key = load_tokenizer(d / "tokenizer.json")
        self.cls_id = token_id(self.tok, ("[CLS]",), 101)
        self.sep_id = token_id(self.tok, ("[SEP]",), 102)
        so = session_options(max(1, int(threads)))
        self.session = inference_session(d / "model.onnx", so, default_providers())
        self.inputs = {i.name for i in self.session.get_inputs()}
        self.inner = window - 2
        self.step = max(1, self.inner - overlap)
        self.batch_size = batch_size * (8 if on_gpu(self.session) else 1)

    def token_probs(self, text: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(starts, ends, P(MASK)) per word piece of ``text``."""
        enc = encode_document(self.tok, text, self.tok_key)
        ids = np.asarray(enc.ids, dtype=np.int64)
        offs = np.asarray(enc.offsets, dtype=np.int64).reshape(-1, 2)
        n = len(ids)
        probs = np.zeros(n, dtype=np.float32)
        if n == 0:
            return offs[:, 0], offs[:, 1], probs
        starts = list(range(0, max(1, n - self.inner) + self.step, self.step))
        starts = sorted({min(s, max(0, n - self.inner)) for s in starts})
        best = np.full(n, -1, dtype=np.int64)  # distance to the nearest window edge
        for b in range(0, len(starts), self.batch_size):
            chunk = starts[b : b + self.batch_size]
            T = min(self.inner, n) + 2
            x = np.zeros((len(chunk), T), dtype=np.int64)
            att = np.zeros_like(x)
            for i, s in enumerate(chunk):
                w = ids[s : s + self.inner]
                x[i, 0], x[i, len(w) + 1] = self.cls_id, self.sep_id
                x[i, 1 : len(w) + 1] = w
                att[i, : len(w) + 2] = 1
            feed = {"input_ids": x, "attention_mask": att}
            if "token_type_ids" in self.inputs:
                feed["token_type_ids"] = np.zeros_like(x)
            logits = run(self.session, "seqlabel", None, feed)[0].astype(np.float64)
            z = logits - logits.max(-1, keepdims=True)
            p = np.exp(z) / np.exp(z).sum(-1, keepdims=True)
            for i, s in enumerate(chunk):
                m = min(self.inner, n - s)
                pos = np.arange(m)
                dist = np.minimum(pos, m - 1 - pos)
                if s == 0:
                    dist = np.maximum(dist, m - 1 - pos)  # document start: no left edge
                if s + m >= n:
                    dist = np.maximum(dist, pos)  # document end: no right edge
                sel = dist > best[s : s + m]
                idx = s + pos[sel]
                probs[idx] = p[i, 1 + pos[sel], self.mask_index]
                best[idx] = dist[sel]
        return offs[:, 0], offs[:, 1], probs

    def span_scores(self, text: str, spans: list[tuple[int, int]]
                    ) -> list[tuple[float, float]]:
        """(max, min) P(MASK) over the word pieces of each character span ((0, 0) if none)."""
        st, en, pr = self.token_probs(text)
        out = []
        for s, e in spans:
            i0 = int(np.searchsorted(en, s, side="right"))
            i1 = int(np.searchsorted(st, e, side="left"))
            if i1 <= i0:
                out.append((0.0, 0.0))
            else:
                seg = pr[i0:i1]
                out.append((float(seg.max()), float(seg.min())))
        return out
