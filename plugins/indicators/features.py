"""Features of a span for the LLM-probability and span-classification indicators.

One code path for training (``training/risk/``) and run time (the plugin), so the shipped
classifiers see exactly the features they were trained on.

LLM-probability features (the paper's): mask *all* sub-tokens of the span at once, take the
masked LM's log-probability of each original sub-token given the context (a window of
``window`` sub-tokens centred on the span), aggregate to min, max, mean, median and sum, and add
the span's type (one-hot over TAB's eight types).

Span-classification features: the span's type, text and shape (number of words, number of
mentions of its entity in the document, capitalisation, digits, length), a hashed text prior
learnt from typed PII phrases (``wiki_train_spans.csv`` + training folds), hashed priors of the
words just before and after the span, and where in the document it stands. A classifier names
its features (``"features"`` in its JSON); the masked LM runs only for one that names
``lp_*`` or ``n_subtokens`` (span classifier 1.0 did; :func:`needs_mlm`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from redactor_plugins.indicators.mlm import DocTokens, MaskedLM, ScoreRequest

LABELS = ("PERSON", "CODE", "LOC", "ORG", "DEM", "DATETIME", "QUANTITY", "MISC")
LP_NAMES = ("lp_min", "lp_max", "lp_mean", "lp_median", "lp_sum")
LLM_FEATURES = LP_NAMES + tuple(f"type_{t}" for t in LABELS)
SPAN_EXTRA = ("n_words", "n_subtokens", "log_mentions", "cap_first", "upper_ratio",
              "digit_ratio", "n_chars_log", "text_prior")
SPAN_FEATURES = LLM_FEATURES + SPAN_EXTRA
#: the span classifier without the masked LM (span classifier 1.1): text, shape, context priors and how
#: common its words are (by how a WordPiece vocabulary splits them)
CONTEXT_FEATURES = ("ctx_left_prior", "ctx_right_prior", "rel_position")
VOCAB_FEATURES = ("vocab_pieces_max", "vocab_pieces_mean", "vocab_whole_ratio", "vocab_log_id")
TEXT_SPAN_FEATURES = (tuple(f"type_{t}" for t in LABELS)
                      + ("n_tokens", "log_mentions", "cap_first", "upper_ratio", "digit_ratio",
                         "n_chars_log", "text_prior") + CONTEXT_FEATURES + VOCAB_FEATURES
                      + ("det_score",))
#: the vocabulary the shipped span classifier reads (the NER's, loaded anyway)
DEFAULT_VOCABULARY = "resources/models/ner/tokenizer.json"
DEFAULT_WINDOW = 32
CONTEXT_LEFT, CONTEXT_RIGHT = 4, 3  # words of context read by the context priors
_WORDS = re.compile(r"\w+|[^\w\s]")
_LETTER_RUNS = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True)
class SpanInput:
    start: int
    end: int
    label: str
    text: str
    mentions: int = 1  # mentions of its entity in the document
    score: float = 1.0  # the detector's confidence in the finding


@dataclass
class SpanScores:
    """What the masked LM said about each span (parallel lists)."""

    logprobs: list[np.ndarray]
    token_ranges: list[tuple[int, int]]
    n_words: list[int]


def lp_stats(lp: np.ndarray) -> list[float]:
    if lp.size == 0:
        return [0.0, 0.0, 0.0, 0.0, 0.0]
    lp = np.sort(lp.astype(np.float64))
    n = lp.size
    # the median as np.median computes it (middle value, or the mean of the middle two),
    # without its per-call overhead (~0.1 ms, a tenth of the span features' time)
    median = lp[n // 2] if n % 2 else (lp[n // 2 - 1] + lp[n // 2]) / 2
    return [float(lp[0]), float(lp[-1]), float(lp.mean()), float(median), float(lp.sum())]


def score_spans(mlm: MaskedLM, doc: DocTokens, spans: Sequence[SpanInput], *,
                window: int = DEFAULT_WINDOW, batch_size: int = 32) -> SpanScores:
    ranges = [doc.token_range(s.start, s.end) for s in spans]
    lps = mlm.score(doc, [ScoreRequest(r) for r in ranges], window=window, batch_size=batch_size)
    return SpanScores(lps, ranges, [doc.word_count(*r) for r in ranges])


def one_hot(label: str) -> list[float]:
    return [1.0 if str(label) == t else 0.0 for t in LABELS]


def llm_vector(lp: np.ndarray, label: str) -> list[float]:
    return lp_stats(lp) + one_hot(label)


def surface(text: str) -> list[float]:
    letters = [c for c in text if c.isalpha()]
    n = max(1, len(text))
    return [
        1.0 if text[:1].isupper() else 0.0,
        (sum(c.isupper() for c in letters) / len(letters)) if letters else 0.0,
        sum(c.isdigit() for c in text) / n,
        math.log1p(len(text)),
    ]


def span_vector(lp: np.ndarray, span: SpanInput, n_words: int, text_prior: float) -> list[float]:
    return (llm_vector(lp, span.label)
            + [float(n_words), float(lp.size), math.log(max(1, span.mentions))]
            + surface(span.text) + [float(text_prior)])


def needs_mlm(names: Sequence[str]) -> bool:
    """Whether a classifier with these features needs the masked LM."""
    return any(n in LP_NAMES or n == "n_subtokens" for n in names)


def context_words(text: str, start: int, end: int) -> tuple[str, str]:
    """The last :data:`CONTEXT_LEFT` words (and punctuation marks) before a span and the
    first :data:`CONTEXT_RIGHT` after it, each joined by spaces."""
    left = _WORDS.findall(text[max(0, start - 80):start])[-CONTEXT_LEFT:]
    right = _WORDS.findall(text[end:end + 60])[:CONTEXT_RIGHT]
    return " ".join(left), " ".join(right)


def text_span_values(span: SpanInput, text_prior: float, left_prior: float, right_prior: float,
                     rel_position: float) -> dict[str, float]:
    """The masked-LM-free span features by name (:data:`TEXT_SPAN_FEATURES`)."""
    cap, upper, digits, chars = surface(span.text)
    values = {f"type_{t}": v for t, v in zip(LABELS, one_hot(span.label), strict=True)}
    values.update(n_tokens=float(len(_WORDS.findall(span.text))),
                  log_mentions=math.log(max(1, span.mentions)), cap_first=cap,
                  upper_ratio=upper, digit_ratio=digits, n_chars_log=chars,
                  text_prior=float(text_prior), ctx_left_prior=float(left_prior),
                  ctx_right_prior=float(right_prior), rel_position=float(rel_position),
                  det_score=float(span.score))
    return values


def vocabulary_values(tokenizer, texts: Sequence[str]) -> list[dict[str, float]]:
    """How common each text's words are, read off a WordPiece vocabulary (a stand-in for word
    frequency: a common word is one piece, a rare name several): the most and mean pieces per
    word, the share of one-piece words and the log of the largest id among them (later ids are
    rarer pieces). ``tokenizer`` is a ``tokenizers.Tokenizer``; letters only, digits dropped."""
    words = [_LETTER_RUNS.findall(t) for t in texts]
    encs = tokenizer.encode_batch([" ".join(w) for w in words], add_special_tokens=False)
    out = []
    for ws, enc in zip(words, encs, strict=True):
        if not ws:
            out.append(dict.fromkeys(VOCAB_FEATURES, 0.0))
            continue
        pieces: dict[int, int] = {}
        first: dict[int, int] = {}
        for i, w in enumerate(enc.word_ids):
            if w is None:
                continue
            pieces[w] = pieces.get(w, 0) + 1
            first.setdefault(w, enc.ids[i])
        per = list(pieces.values()) or [1]
        whole = [math.log(max(1, first[w])) for w, n in pieces.items() if n == 1]
        out.append({"vocab_pieces_max": float(max(per)), "vocab_pieces_mean": sum(per) / len(per),
                    "vocab_whole_ratio": sum(1 for n in per if n == 1) / len(per),
                    "vocab_log_id": max(whole) if whole else 12.0})
    return out


def row_of(names: Sequence[str], values: dict[str, float]) -> list[float]:
    """A classifier's input row: ``values`` in the order of its ``names``."""
    return [values[n] for n in names]


def matrix(rows: Sequence[Sequence[float]], width: int) -> np.ndarray:
    if not rows:
        return np.zeros((0, width), dtype=np.float64)
    return np.asarray(rows, dtype=np.float64)
