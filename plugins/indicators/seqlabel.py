"""Sequence-labelling risk runtime: a MASK / NO_MASK token classifier over the whole document.

Two kinds of model pack:

* **a head of the NER** (the shipped default, ``resources/models/ner``): the pack's
  ``config.json`` names a ``heads.mask`` output of the NER graph. The recognizer's forward pass
  computes it with the entity labels and leaves it in
  :mod:`redactor_plugins.shared.encoders.head_memo`; this runtime takes it from there and runs
  the graph itself (the pack's windows, 128 word pieces sharing 32, read as the NER reads
  them: :func:`~redactor_plugins.shared.encoders.windows.windowed_probabilities`) only when the
  recognizer did not read this document with this pack (another NER, the NER switched off, or
  ``REDACTOR_REFERENCE_PATH=1``, the test that the shared pass changes nothing).
* **a stand-alone token classifier** (``id2label`` NO_MASK/MASK, as ``train_seqlabel.py``
  makes): windows of 128 word pieces overlapping by 32.

Each word piece keeps the probability from the window in which it lies farthest from an edge.
A detected span is then judged by its word pieces: *partial match* — any piece says MASK
(score = the highest probability); *strict match* — every piece says MASK (score = the lowest
probability).
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

import numpy as np  # noqa: E402
from redactor_plugins.shared.encoders import head_memo  # noqa: E402
from redactor_plugins.shared.encoders.windows import (  # noqa: E402
    CPU_BATCH,
    GPU_BATCH,
    case_flags,
    sentence_breaks,
    windowed_probabilities,
)
from redactor_plugins.shared.onnx_runs import reference_path, run  # noqa: E402
from redactor_plugins.shared.onnx_sessions import (  # noqa: E402
    default_providers,
    device,
    inference_session,
    on_gpu,
    parallel_runs,
    session_options,
)
from redactor_plugins.shared.tokenizer_calls import (  # noqa: E402
    encode_document,
    load_tokenizer,
    token_id,
)

from redactor.plugin_api import reading_view, resource_path, verify_model_pack  # noqa: E402

__all__ = ["SeqLabeller", "default_seqlabel_dir", "load_seqlabeller", "reading_spans"]


def reading_spans(text: str, spans: list[tuple[int, int]]
                  ) -> tuple[str, list[tuple[int, int]]]:
    """``text`` as the detectors read it (:func:`redactor.plugin_api.reading_view`: look-alike
    letters, escapes and invisible characters undone) and ``spans`` moved onto it, so that the
    sequence labeller reads what the NER read — and takes the NER's pass from the memo."""
    import bisect

    view = reading_view(text)
    if view.identity or view.starts is None or view.ends is None:
        return text, list(spans)
    starts, ends = view.starts, view.ends
    return view.text, [(bisect.bisect_right(ends, s), bisect.bisect_left(starts, e))
                       for s, e in spans]


def default_seqlabel_dir() -> Path:
    """The shipped model pack: the NER's (``resources/models/ner``, whose graph carries the
    MASK/NO_MASK head; ``REDACTOR_RESOURCES`` moves it)."""
    return resource_path("models", "ner")


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
        head = (self.config.get("heads") or {}).get("mask")
        #: the output to read: the NER graph's ``mask_logits`` head, or a classifier's ``logits``
        self.output = str(head["output"]) if head else "logits"
        self.head = "mask" if head else None
        #: the NER graph reads capitalisation as token types (as the recognizer feeds it)
        self.case_types = bool(head and self.config.get("case_types"))
        if head:  # the NER's windows and batches: the same pass gives the same numbers
            labels = {str(i): v for i, v in enumerate(head.get("labels") or ["NO_MASK", "MASK"])}
            window = int(self.config.get("window", 256))
            overlap = int(self.config.get("overlap", 64))
            batch_size = CPU_BATCH
        else:
            labels = self.config.get("id2label") or {"0": "NO_MASK", "1": "MASK"}
            if "MASK" not in labels.values() or "labels" in self.config:
                raise ValueError(f"{d}: no MASK/NO_MASK head (an NER pack without one: graft it "
                                 "with training/risk/train_mask_head.py)")
        self.mask_index = int(next((k for k, v in labels.items() if v == "MASK"), 1))
        # the key shares the NER's tokenisation of a document when the tokenizers are the same
        self.tok, self.tok_key = load_tokenizer(d / "tokenizer.json")
        self.cls_id = token_id(self.tok, ("[CLS]",), 101)
        self.sep_id = token_id(self.tok, ("[SEP]",), 102)
        self.pad_id = token_id(self.tok, ("[PAD]",), 0)
        self.threads = max(1, int(threads))
        self.model_key = head_memo.model_key(d / "model.onnx")
        self._input_names: set[str] = set()
        self.workers = 1
        self._session = None if head else self._load()
        self._session_lock = threading.Lock()
        self.window, self.overlap = window, overlap
        self.inner = window - 2
        self.step = max(1, self.inner - overlap)
        self.batch_size = batch_size
        if self._session is not None and on_gpu(self._session):
            self.batch_size *= 8

    def _load(self):  # noqa: ANN202 - an onnxruntime.InferenceSession
        providers = default_providers()
        if self.head:  # the NER's windowed batches, side by side
            self.workers, so = parallel_runs(self.threads, providers)
        else:
            so = session_options(self.threads)
        session = inference_session(self.model_dir / "model.onnx", so, providers)
        self._input_names = {i.name for i in session.get_inputs()}
        return session

    @property
    def session(self):  # noqa: ANN201
        """The ONNX session; a NER head's is built on first need (the recognizer's pass
        usually supplies the outputs)."""
        if self._session is None:
            with self._session_lock:
                if self._session is None:
                    self._session = self._load()
                    if on_gpu(self._session):
                        self.batch_size = GPU_BATCH
        return self._session

    def _feed(self, ids: np.ndarray, att: np.ndarray,
              types: np.ndarray | None = None) -> dict[str, np.ndarray]:
        feed = {"input_ids": ids, "attention_mask": att}
        if "token_type_ids" in self._input_names:
            feed["token_type_ids"] = np.zeros_like(ids) if types is None else types
        return feed

    def token_probs(self, text: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(starts, ends, P(MASK)) per word piece of ``text``."""
        if self.head is not None:
            return self._head_probs(text)
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
            logits = run(self.session, "seqlabel", None, self._feed(x, att))[0].astype(np.float64)
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

    def _head_probs(self, text: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The NER graph's MASK head: from the recognizer's pass when it read this text with
        this pack, else one pass of the graph here (the NER's windows and stitching)."""
        got = None if reference_path() else head_memo.recall(self.model_key, self.head, text)
        if got is None:
            enc = encode_document(self.tok, text, self.tok_key)
            offs = np.asarray(enc.offsets, dtype=np.int64).reshape(-1, 2)
            probs = np.zeros((0, 2), dtype=np.float32)
            if enc.ids:
                probs = windowed_probabilities(
                    enc.ids, lambda *feed: run(self.session, "seqlabel", [self.output],
                                               self._feed(*feed)),
                    window=self.window, overlap=self.overlap, batch_size=self.batch_size,
                    cls_id=self.cls_id, sep_id=self.sep_id, pad_id=self.pad_id,
                    workers=self.workers, breaks=sentence_breaks(text, enc.offsets),
                    types=case_flags(text, enc.offsets) if self.case_types else None)[0]
            got = (offs[:, 0], offs[:, 1], probs)
        st, en, pr = got
        return st, en, pr[:, self.mask_index]

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
