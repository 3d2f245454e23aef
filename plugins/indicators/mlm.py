"""Masked-LM runtime for the risk indicators: batched masked scoring with ONNX Runtime.

Only ``onnxruntime``, ``tokenizers`` and ``numpy`` are used (no torch, no network). A model
folder holds ``model.onnx``, ``tokenizer.json`` and ``config.json``:

* the project's own model (``resources/models/mlm``) takes extra ``positions`` and ``targets``
  inputs and returns only log p(target) at those positions (the log-softmax runs inside the
  graph; packs before 1.1 return logits at the positions);
* a user-imported Hugging Face masked LM (``redactor models import``) returns logits for every
  position (``[B, T, V]``); the runtime picks the requested positions itself.

The central call is :meth:`MaskedLM.score`: for each request (a span of sub-tokens to score,
plus other sub-token ranges to hide), it masks *all* sub-tokens of the target and of the hidden
ranges at once inside a window of ``window`` sub-tokens centred on the target, and returns the
log-probability of each original target sub-token.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

import numpy as np  # noqa: E402
from redactor_plugins.shared.onnx_runs import reference_path, run  # noqa: E402
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

__all__ = ["DocTokens", "MaskedLM", "ScoreRequest", "default_mlm_dir", "load_mlm"]


def default_mlm_dir() -> Path:
    """The shipped model pack (``resources/models/mlm``; ``REDACTOR_RESOURCES`` moves it)."""
    return resource_path("models", "mlm")


@dataclass(frozen=True)
class DocTokens:
    """A document's sub-tokens (no special tokens) with character offsets."""

    ids: np.ndarray  # int64 [N]
    starts: np.ndarray  # int64 [N]
    ends: np.ndarray  # int64 [N]

    def __len__(self) -> int:
        return int(self.ids.shape[0])

    def token_range(self, start: int, end: int) -> tuple[int, int]:
        """Sub-tokens overlapping the characters [start, end): (first, last+1); empty if none."""
        i0 = int(np.searchsorted(self.ends, start, side="right"))
        i1 = int(np.searchsorted(self.starts, end, side="left"))
        return i0, max(i0, i1)

    def word_count(self, i0: int, i1: int) -> int:
        """Number of words among sub-tokens [i0, i1) (a word = tokens with touching offsets)."""
        if i1 <= i0:
            return 0
        gaps = self.starts[i0 + 1 : i1] > self.ends[i0 : i1 - 1]
        return int(gaps.sum()) + 1


@dataclass(frozen=True)
class ScoreRequest:
    """Score the sub-tokens ``target`` (first, end) with ``hide`` ranges also masked."""

    target: tuple[int, int]
    hide: tuple[tuple[int, int], ...] = ()


_cache: dict[tuple[str, int, str], MaskedLM] = {}
_LOCK = threading.Lock()


def load_mlm(model_dir: str | os.PathLike[str] | None = None, threads: int = 2) -> MaskedLM:
    """A cached :class:`MaskedLM` per folder (models load once per process)."""
    d = Path(model_dir) if model_dir else default_mlm_dir()
    key = (str(d.resolve()), int(threads), device())  # one per device (--device)
    with _LOCK:  # one load, also when two threads ask at once (Pipeline.preload)
        if key not in _cache:
            verify_model_pack(d)
            _cache[key] = MaskedLM(d, threads=threads)
        return _cache[key]


class MaskedLM:
    def __init__(self, model_dir: str | os.PathLike[str], *, threads: int = 2,
                 providers: list[str] | None = None) -> None:
        d = Path(model_dir)
        if not (d / "model.onnx").is_file() or not (d / "tokenizer.json").is_file():
            raise FileNotFoundError(f"{d}: no masked language model here (model.onnx, tokenizer.json)")
        self.model_dir = d
        self.config = json.loads((d / "config.json").read_text()) if (d / "config.json").is_file() else {}
        meta = self.config.get("redactor", {}) if isinstance(self.config.get("redactor"), dict) else {}
        self.name = str(meta.get("name") or self.config.get("_name_or_path") or d.name)
        self.tok, _key = load_tokenizer(d / "tokenizer.json")
        self.mask_id = token_id(self.tok, ("[MASK]", "<mask>"), 103)
        self.cls_id = token_id(self.tok, ("[CLS]", "<s>"), 101)
        self.sep_id = token_id(self.tok, ("[SEP]", "</s>"), 102)
        self.pad_id = token_id(self.tok, ("[PAD]", "<pad>"), 0)
        so = session_options(max(1, int(threads)))
        if providers is None:
            providers = default_providers()
        self.session = inference_session(d / "model.onnx", so, providers)
        self.inputs = {i.name for i in self.session.get_inputs()}
        self.has_positions = "positions" in self.inputs
        self.batch_scale = 8 if on_gpu(self.session) else 1  # a GPU wants large batches
        # packs since 1.1 pick log p(target) inside the graph (training/mlm/add_target_logprobs.py)
        self.has_targets = "targets" in self.inputs
        self.max_len = int(self.config.get("max_position_embeddings", 512))

    # -- tokenisation ----------------------------------------------------------------------
    def encode(self, text: str) -> DocTokens:
        enc = encode_document(self.tok, text)
        offs = np.asarray(enc.offsets, dtype=np.int64).reshape(-1, 2)
        return DocTokens(np.asarray(enc.ids, dtype=np.int64), offs[:, 0].copy(), offs[:, 1].copy())

    # -- scoring ---------------------------------------------------------------------------
    def score(self, doc: DocTokens, requests: Sequence[ScoreRequest], *, window: int = 64,
              batch_size: int = 32) -> list[np.ndarray]:
        """Log-probabilities of each target sub-token, all target and hidden sub-tokens masked
        at once, in a window of ``window`` sub-tokens (incl. [CLS]/[SEP]) centred on the target."""
        out: list[np.ndarray] = [np.zeros(0, dtype=np.float32)] * len(requests)
        rows = []
        n = len(doc)
        inner = max(8, min(window, self.max_len) - 2)
        for qi, rq in enumerate(requests):
            t0, t1 = rq.target
            t1 = min(t1, t0 + inner)  # a span longer than the window: score its first tokens
            if t1 <= t0:
                continue
            centre = (t0 + t1) // 2
            w0 = max(0, min(centre - inner // 2, n - inner))
            w1 = min(n, w0 + inner)
            ids = doc.ids[w0:w1].copy()
            for h0, h1 in (*rq.hide, (t0, t1)):
                a, b = max(h0, w0), min(h1, w1)
                if a < b:
                    ids[a - w0 : b - w0] = self.mask_id
            rows.append((qi, ids, np.arange(t0 - w0, t1 - w0) + 1, doc.ids[t0:t1]))
        # batch rows with similar numbers of scored positions and window lengths: the MLM head
        # costs 30,522 x 384 per position, so padding positions is what wastes time
        rows.sort(key=lambda r: (len(r[2]), len(r[1])))
        batch_size *= self.batch_scale
        for b in range(0, len(rows), batch_size):
            chunk = rows[b : b + batch_size]
            for qi, lp in zip((r[0] for r in chunk), self._run(chunk), strict=True):
                out[qi] = lp
        return out

    def _run(self, chunk) -> list[np.ndarray]:
        B = len(chunk)
        T = max(len(r[1]) for r in chunk) + 2
        P = max(len(r[2]) for r in chunk)
        ids = np.full((B, T), self.pad_id, dtype=np.int64)
        att = np.zeros((B, T), dtype=np.int64)
        pos = np.zeros((B, P), dtype=np.int64)
        for i, (_, w, p, _) in enumerate(chunk):
            ids[i, 0] = self.cls_id
            ids[i, 1 : len(w) + 1] = w
            ids[i, len(w) + 1] = self.sep_id
            att[i, : len(w) + 2] = 1
            pos[i, : len(p)] = p
        feed = {"input_ids": ids, "attention_mask": att}
        if "token_type_ids" in self.inputs:
            feed["token_type_ids"] = np.zeros_like(ids)
        if self.has_targets and not reference_path():
            tgt = np.zeros((B, P), dtype=np.int64)
            for i, (_, _, p, orig) in enumerate(chunk):
                tgt[i, : len(p)] = orig
            feed["positions"] = pos
            feed["targets"] = tgt
            lp_all = run(self.session, "mlm", ["target_logprobs"], feed)[0]
            return [lp_all[i, : len(r[2])].astype(np.float32) for i, r in enumerate(chunk)]
        if self.has_positions:
            feed["positions"] = pos
            if self.has_targets:
                feed["targets"] = np.zeros((B, P), dtype=np.int64)
            logits = run(self.session, "mlm", ["logits"], feed)[0]
        else:
            full = run(self.session, "mlm", ["logits"], feed)[0]
            logits = np.take_along_axis(full, pos[:, :, None], axis=1)
        logits = logits.astype(np.float32, copy=False)
        m = logits.max(-1, keepdims=True)
        lse = np.log(np.exp(logits - m).sum(-1, keepdims=True)) + m
        res = []
        for i, (_, _, p, orig) in enumerate(chunk):
            k = len(p)
            lp = logits[i, np.arange(k), orig] - lse[i, :k, 0]
            res.append(lp.astype(np.float32))
        return res

    def top1_probability(self, doc: DocTokens, target: tuple[int, int], *, window: int = 64
                         ) -> float:
        """Probability the model gives to the original first sub-token (for explanations)."""
        lp = self.score(doc, [ScoreRequest(target)], window=window)[0]
        return float(np.exp(lp[0])) if lp.size else 0.0

    def score_segments(self, doc: DocTokens, masked: np.ndarray, *, segment: int = 100,
                       batch_size: int = 16) -> np.ndarray:
        """Log-probability of every masked sub-token, the document cut into segments of
        ``segment`` sub-tokens and every masked sub-token of a segment replaced by [MASK] at
        once (how TAB's weighted precision scores a system output). NaN where not masked."""
        n = len(doc)
        out = np.full(n, np.nan, dtype=np.float32)
        rows = []
        for s in range(0, n, segment):
            idx = np.nonzero(masked[s : s + segment])[0]
            if idx.size == 0:
                continue
            ids = doc.ids[s : s + segment].copy()
            ids[idx] = self.mask_id
            rows.append((s, ids, idx + 1, doc.ids[s + idx]))
        for b in range(0, len(rows), batch_size):
            chunk = rows[b : b + batch_size]
            for (s, _, p, _), lp in zip(chunk, self._run(chunk), strict=True):
                out[s + p - 1] = lp
        return out
