"""ONNX Runtime inference for the shipped 8-type NER token classifier (no torch/transformers).

Usage::

    from redactor_plugins.detectors.recognizer.ner_runtime import NerModel
    model = NerModel()                     # resources/models/ner
    for start, end, label, conf in model.predict(text):
        ...

Labels: PERSON, CODE, LOC, ORG, DEM, DATETIME, QUANTITY, MISC (TAB's entity types).
Long texts are cut into overlapping windows of word pieces; each word piece takes the
prediction of the window in which it lies farthest from an edge, so spans are neither lost nor
duplicated at window boundaries.  Word pieces of one word always share one label.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
log = logging.getLogger(__name__)

import numpy as np  # noqa: E402
from redactor_plugins.shared.encoders import head_memo  # noqa: E402
from redactor_plugins.shared.encoders.windows import (  # noqa: E402
    CPU_BATCH,
    GPU_BATCH,
    case_flags,
    overlapping_windows,
    sentence_breaks,
    windowed_probabilities,
    windowed_probabilities_many,
)
from redactor_plugins.shared.onnx_runs import run  # noqa: E402
from redactor_plugins.shared.onnx_sessions import (  # noqa: E402
    default_providers,
    inference_session,
    on_gpu,
    parallel_runs,
)
from redactor_plugins.shared.tokenizer_calls import encode_document, load_tokenizer  # noqa: E402

from redactor.plugin_api import resource_path  # noqa: E402

__all__ = ["NerModel", "NerSpan", "default_model_dir", "overlapping_windows"]

NerSpan = tuple[int, int, str, float]

_TRAIL_PUNCT = " \t\r\n,;:!?\u00a0"
_LEAD_PUNCT = " \t\r\n,;:.!?(\"'“‘«\u00a0"
_PAIRS = {")": "(", "]": "[", "”": "“", "’": "‘", "»": "«", '"': '"', "'": "'"}


def default_model_dir() -> Path:
    """The shipped model pack (``resources/models/ner``; ``REDACTOR_RESOURCES`` moves it)."""
    return resource_path("models", "ner")


@dataclass(frozen=True)
class _Piece:
    start: int
    end: int
    word: int


_PREFETCH_KEEP = 4


@functools.cache
def _prefetch_pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="redactor-ner-prefetch")


class NerModel:
    """Token classifier over ONNX Runtime.

    ``window`` is the number of word pieces per window including [CLS]/[SEP]; ``overlap`` the
    number of word pieces shared by consecutive windows.
    """

    def __init__(
        self,
        model_dir: str | os.PathLike[str] | None = None,
        *,
        window: int | None = None,
        overlap: int | None = None,
        batch_size: int | None = None,
        threads: int = 2,
        providers: list[str] | None = None,
        float_graph: bool | None = None,
    ) -> None:
        d = Path(model_dir) if model_dir is not None else default_model_dir()
        self.model_dir = d
        meta: dict[str, Any] = {}
        if (d / "config.json").is_file():
            meta = json.loads((d / "config.json").read_text(encoding="utf-8"))
        self.metadata = meta
        labels = json.loads((d / "labels.json").read_text(encoding="utf-8"))
        if isinstance(labels, dict):  # {"id2label": {...}} or {"0": "O", ...}
            labels = labels.get("labels") or labels.get("id2label") or labels
            if isinstance(labels, dict):
                labels = [labels[str(i)] for i in range(len(labels))]
        self.labels: list[str] = list(labels)
        self.window = int(window or meta.get("window", 256))
        self.overlap = int(overlap if overlap is not None else meta.get("overlap", 64))
        if self.window < 8 or not 0 <= self.overlap < self.window - 2:
            raise ValueError("window must be >= 8 and overlap < window - 2")
        # the key lets the sequence labeller reuse this tokenisation (same tokenizer file)
        self.tokenizer, self.tok_key = load_tokenizer(d / "tokenizer.json")
        self.cls_id = self._token_id("[CLS]", 101)
        self.sep_id = self._token_id("[SEP]", 102)
        self.pad_id = self._token_id("[PAD]", 0)
        if providers is None:
            providers = default_providers()
        #: batches of a document run side by side, one intra-op thread each (CPU)
        self.workers, so = parallel_runs(threads, providers)
        #: on a GPU (or when asked) the int8 graph's products run in float, so that a window's
        #: numbers do not depend on the other windows of its batch (:mod:`float_graph`)
        self.float_graph = ("CUDAExecutionProvider" in providers if float_graph is None
                            else float_graph)
        self.session = _session(d / "model.onnx", so, providers, self.float_graph)
        self._inputs = {i.name for i in self.session.get_inputs()}
        #: the graph reads capitalisation as token types (its tokenizer lowercases)
        self.case_types = bool(meta.get("case_types"))
        if self.case_types and "token_type_ids" not in self._inputs:
            raise ValueError(f"{d}: config.json says case_types but the graph has no "
                             "token_type_ids input")
        # a second head in the same graph (the sequence labeller's MASK/NO_MASK): computed in
        # the same pass and kept in head_memo for the sequence-labelling indicator
        heads = meta.get("heads") or {}
        outputs = {o.name for o in self.session.get_outputs()}
        self.extra_heads = {name: h["output"] for name, h in heads.items()
                            if isinstance(h, dict) and h.get("output") in outputs}
        self._outputs = ["logits", *self.extra_heads.values()]
        self._model_key = head_memo.model_key(d / "model.onnx") if self.extra_heads else None
        self._pending: dict[str, Future[tuple[list[_Piece], np.ndarray]]] = {}
        self._pending_lock = threading.Lock()
        # windows per forward call: one on the CPU (a window's numbers then never depend on
        # its neighbours), many on a GPU
        gpu = on_gpu(self.session)
        self.batch_size = max(1, batch_size or (GPU_BATCH if gpu else CPU_BATCH))

    def _token_id(self, tok: str, default: int) -> int:
        i = self.tokenizer.token_to_id(tok)
        return default if i is None else int(i)

    # -------------------------------------------------------------------------------------
    def _forward(self, ids: np.ndarray, att: np.ndarray,
                 types: np.ndarray | None = None) -> list[np.ndarray]:
        """Logits of every output (``logits`` first, then the extra heads) for one batch."""
        feed = {"input_ids": ids, "attention_mask": att}
        if "token_type_ids" in self._inputs:
            feed["token_type_ids"] = np.zeros_like(ids) if types is None else types
        return run(self.session, "ner", self._outputs,
                   {k: v for k, v in feed.items() if k in self._inputs})

    def prefetch(self, text: str) -> None:
        """Start the pass over ``text`` in the background (one document at a time, in the
        order asked); :meth:`token_probabilities` of the same text then takes its result.
        Lets the caller's other work (pattern detectors, the previous document's risk
        indicators) run while the cores compute. The last few are kept."""
        if not text or not text.strip():
            return
        with self._pending_lock:
            if text in self._pending:
                return
            self._pending[text] = _prefetch_pool().submit(self._pass, text)
            while len(self._pending) > _PREFETCH_KEEP:
                self._pending.pop(next(iter(self._pending)))

    def token_probabilities(self, text: str) -> tuple[list[_Piece], np.ndarray]:
        """Word pieces of ``text`` and their label probabilities (n_pieces, n_labels).
        The extra heads' probabilities of the same pass go to :mod:`head_memo`."""
        with self._pending_lock:
            pending = self._pending.pop(text, None)
        if pending is not None:
            if pending.exception() is None:
                return pending.result()
            # a failed prefetch: computed again here, where the error surfaces
        return self._pass(text)

    def prefetch_many(self, texts: Sequence[str]) -> None:
        """Start the passes over several texts in the background, in one job: on a GPU
        (batches of more than one window) the windows of all of them share batches
        (:func:`windowed_probabilities_many`), which keeps the device busy where one court
        case fills a sixth of a batch; on the CPU each text is prefetched as by
        :meth:`prefetch` (one window per call, so no number depends on the neighbours)."""
        texts = [t for t in dict.fromkeys(texts) if t and t.strip()]
        if self.batch_size <= 1 or len(texts) <= 1:
            for text in texts:
                self.prefetch(text)
            return
        with self._pending_lock:
            todo = [t for t in texts if t not in self._pending]
            if not todo:
                return
            parts: list[Future[tuple[list[_Piece], np.ndarray]]] = [Future() for _ in todo]

            def hand_out(job: Future[list[tuple[list[_Piece], np.ndarray]]]) -> None:
                exc = job.exception()
                for i, part in enumerate(parts):
                    if exc is not None:
                        part.set_exception(exc)
                    else:
                        part.set_result(job.result()[i])

            _prefetch_pool().submit(self._pass_many, todo).add_done_callback(hand_out)
            for text, part in zip(todo, parts, strict=True):
                self._pending[text] = part
            while len(self._pending) > max(_PREFETCH_KEEP, 2 * len(todo)):
                self._pending.pop(next(iter(self._pending)))

    def _types(self, text: str, enc: Any) -> list[int] | None:
        """The pieces' case flags for a pack trained with them (``case_types``), else None."""
        return case_flags(text, enc.offsets) if self.case_types else None

    def _pieces(self, enc: Any) -> list[_Piece]:
        return [_Piece(s, e, -1 if w is None else int(w))
                for (s, e), w in zip(enc.offsets, enc.word_ids, strict=True)]

    def _keep_heads(self, text: str, enc: Any, heads: Sequence[np.ndarray]) -> None:
        """The extra heads' probabilities of the pass over ``text``, for :mod:`head_memo`."""
        if self._model_key is not None:
            offs = np.asarray(enc.offsets, dtype=np.int64).reshape(-1, 2)
            for name, head in zip(self.extra_heads, heads, strict=True):
                head_memo.remember(self._model_key, name, text, (offs[:, 0], offs[:, 1], head))

    def _pass(self, text: str) -> tuple[list[_Piece], np.ndarray]:
        enc = encode_document(self.tokenizer, text, self.tok_key)
        pieces = self._pieces(enc)
        if not pieces:
            return pieces, np.zeros((0, len(self.labels)), dtype=np.float32)
        probs, *heads = windowed_probabilities(
            enc.ids, self._forward, window=self.window, overlap=self.overlap,
            batch_size=self.batch_size, cls_id=self.cls_id, sep_id=self.sep_id,
            pad_id=self.pad_id, workers=self.workers,
            breaks=sentence_breaks(text, enc.offsets), types=self._types(text, enc))
        self._keep_heads(text, enc, heads)
        return pieces, probs

    def _pass_many(self, texts: list[str]) -> list[tuple[list[_Piece], np.ndarray]]:
        """:meth:`_pass` of each text, their windows batched together (GPU)."""
        encs = [encode_document(self.tokenizer, text, self.tok_key) for text in texts]
        results = windowed_probabilities_many(
            [(enc.ids, sentence_breaks(text, enc.offsets)) for text, enc in zip(texts, encs,
                                                                               strict=True)],
            self._forward, window=self.window, overlap=self.overlap,
            batch_size=self.batch_size, cls_id=self.cls_id, sep_id=self.sep_id,
            pad_id=self.pad_id, types=None if not self.case_types else
            [self._types(text, enc) for text, enc in zip(texts, encs, strict=True)])
        out = []
        for text, enc, outputs in zip(texts, encs, results, strict=True):
            pieces = self._pieces(enc)
            if not pieces:
                out.append((pieces, np.zeros((0, len(self.labels)), dtype=np.float32)))
                continue
            probs, *heads = outputs
            self._keep_heads(text, enc, heads)
            out.append((pieces, probs))
        return out

    def predict(self, text: str) -> list[NerSpan]:
        """Entity spans ``(start, end, label, confidence)`` with character offsets into
        ``text`` (end exclusive), sorted, non-overlapping."""
        if not text or not text.strip():
            return []
        pieces, probs = self.token_probabilities(text)
        if not pieces:
            return []
        lab_idx = probs.argmax(-1)
        conf = probs.max(-1)
        # word-level consistency: continuation pieces follow the word's first piece
        tags: list[str] = []
        prev_word = -2
        first_tag = "O"
        for i, pc in enumerate(pieces):
            if pc.word >= 0 and pc.word == prev_word and i > 0:
                tags.append("O" if first_tag == "O" else "I-" + first_tag[2:])
            else:
                first_tag = self.labels[int(lab_idx[i])]
                tags.append(first_tag)
            prev_word = pc.word
        spans: list[NerSpan] = []
        cur: list[Any] | None = None  # [start, end, type, [conf...]]
        for i, (pc, tag) in enumerate(zip(pieces, tags, strict=True)):
            if tag == "O" or pc.end <= pc.start:
                if cur is not None:
                    spans.append(self._finish(text, cur))
                cur = None
                continue
            bio, typ = tag.split("-", 1)
            # continue on I- of the same type, and also on a B- that touches the previous
            # piece with no character in between ("john" "." "smith" in an e-mail address)
            if cur is not None and cur[2] == typ and (bio == "I" or pc.start == cur[1]):
                cur[1] = pc.end
                cur[3].append(float(conf[i]))
            else:
                if cur is not None:
                    spans.append(self._finish(text, cur))
                cur = [pc.start, pc.end, typ, [float(conf[i])]]
        if cur is not None:
            spans.append(self._finish(text, cur))
        return [s for s in spans if s[1] > s[0]]

    @staticmethod
    def _finish(text: str, cur: list[Any]) -> NerSpan:
        s, e, typ, confs = cur
        s, e = _trim(text, s, e)
        return (s, e, typ, round(float(np.mean(confs)), 4))


def _session(path: Path, so: Any, providers: list[str], float_graph: bool) -> Any:
    """The model's inference session: the int8 graph as shipped, or (``float_graph``) its
    float copy built in memory; where that copy cannot be built (no ``onnx`` package, an
    unfamiliar graph) the int8 graph, with a warning."""
    if float_graph:
        try:
            import onnxruntime as ort
            from redactor_plugins.shared.encoders.float_graph import dequantized_model

            return ort.InferenceSession(dequantized_model(path), so, providers=providers)
        except (ImportError, ValueError) as exc:
            log.warning("NER: the float graph for batches could not be built (%s); the int8 "
                        "graph runs, whose numbers depend a little on the batch",
                        type(exc).__name__)
    return inference_session(path, so, providers)


def _trim(text: str, s: int, e: int) -> tuple[int, int]:
    """Strip surrounding whitespace and punctuation that is not part of the entity: keep a
    final full stop after an initial or abbreviation ("J.", "a.m.", "Ltd."), keep closing
    brackets/quotes that have their opening partner inside the span."""
    changed = True
    while changed and e > s:
        changed = False
        while e > s and text[e - 1] in _TRAIL_PUNCT:
            e -= 1
            changed = True
        while s < e and text[s] in _LEAD_PUNCT:
            s += 1
            changed = True
        if e > s and text[e - 1] == ".":
            word = text[s : e - 1].rsplit(None, 1)[-1] if text[s : e - 1].strip() else ""
            if not (len(word) <= 3 or "." in word):
                e -= 1
                changed = True
        if e - s > 1 and text[e - 1] in "'’" and _possessive(text, e - 1):
            e -= 1  # "Siobhan's", "the Joneses' house": the name ends before the apostrophe
            changed = True
        if e > s and text[e - 1] in _PAIRS and _PAIRS[text[e - 1]] not in text[s : e - 1]:
            e -= 1
            changed = True
    return s, e


def _possessive(text: str, i: int) -> bool:
    """Whether the apostrophe at ``i`` makes a possessive: "'s" ending a word, or "'" after
    an "s" ending one."""
    after = text[i + 1 : i + 3]
    if after[:1] in ("s", "S"):
        return len(after) < 2 or not after[1].isalnum()
    return text[i - 1 : i] in ("s", "S") and not after[:1].isalnum()
