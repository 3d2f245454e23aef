"""Token-level evaluation of the entity recognizer (the format of Table 3 in Papadopoulou et al.).

Tokens are the ``\\w+`` matches of the document text. A token carries label L on the gold side
when it overlaps (shares a character with) a gold mention of type L, and on the predicted side
when it overlaps a predicted span labelled L. Every gold mention counts, whatever its masking
decision (DIRECT, QUASI and NO_MASK alike): this measures detection, not the masking decision.

Gold layer: ``"union"`` (default) labels a token with the types of every annotator's mentions,
so a token two annotators typed differently carries both labels; ``"first"`` uses only the
first annotator of each document (file order). ``tab_dev.json`` has one merged layer, where
the two coincide.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from redactor.evaluation.tab_format import ENTITY_TYPES, Document

LabelledSpan = tuple[int, int, str]
Predictions = Mapping[str, Sequence[LabelledSpan]]
GoldLayer = Literal["union", "first"]

_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class PRF:
    """Counts behind precision, recall and F1; ratios are None when undefined."""

    tp_pred: int  # predicted tokens that are correct
    n_pred: int
    tp_gold: int  # gold tokens that are found
    n_gold: int

    @property
    def precision(self) -> float | None:
        return self.tp_pred / self.n_pred if self.n_pred else None

    @property
    def recall(self) -> float | None:
        return self.tp_gold / self.n_gold if self.n_gold else None

    @property
    def f1(self) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None:
            return None
        return 0.0 if p + r == 0 else 2 * p * r / (p + r)

    def to_dict(self) -> dict[str, Any]:
        return {
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
            "tp_pred": self.tp_pred,
            "n_pred": self.n_pred,
            "tp_gold": self.tp_gold,
            "n_gold": self.n_gold,
        }


@dataclass(frozen=True)
class DetectionResult:
    """Per-type and micro-averaged token scores, with and without label match.

    * ``per_type[L]``: predicted-L tokens that are gold-L / gold-L tokens predicted L.
    * ``micro``: the same counts summed over types.
    * ``per_type_any[L]`` (labels ignored): predicted-L tokens that are gold PII of any type /
      gold-L tokens predicted as PII of any type.
    * ``any_pii``: tokens as PII vs not, labels ignored (the paper's headline P/R/F1).
    """

    per_type: Mapping[str, PRF]
    micro: PRF
    per_type_any: Mapping[str, PRF]
    any_pii: PRF
    n_documents: int
    gold_layer: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "per_type": {k: v.to_dict() for k, v in self.per_type.items()},
            "micro": self.micro.to_dict(),
            "per_type_any": {k: v.to_dict() for k, v in self.per_type_any.items()},
            "any_pii": self.any_pii.to_dict(),
            "n_documents": self.n_documents,
            "gold_layer": self.gold_layer,
        }


def _token_labels(
    tokens: list[tuple[int, int]], ends: list[int], spans: Iterable[LabelledSpan]
) -> list[set[str]]:
    labels: list[set[str]] = [set() for _ in tokens]
    for start, end, label in spans:
        i = bisect.bisect_right(ends, start)  # first token ending after start
        while i < len(tokens) and tokens[i][0] < end:
            labels[i].add(label)
            i += 1
    return labels


def _gold_spans(doc: Document, layer: GoldLayer) -> list[LabelledSpan]:
    layers = doc.annotators if layer == "union" else doc.annotators[:1]
    return [(m.start, m.end, m.entity_type) for lay in layers for m in lay.mentions]


def _type_order(labels: Iterable[str]) -> list[str]:
    known = [t for t in ENTITY_TYPES if t in labels]
    return known + sorted(set(labels) - set(ENTITY_TYPES))


def evaluate_detection(
    docs: Iterable[Document], predictions: Predictions, *, gold_layer: GoldLayer = "union"
) -> DetectionResult:
    """Compare ``{doc_id: [(start, end, label), ...]}`` with the gold mentions of ``docs``.

    Documents missing from ``predictions`` have no predicted spans.
    """
    if gold_layer not in ("union", "first"):
        raise ValueError(f"unknown gold_layer {gold_layer!r}")
    docs = list(docs)
    known = {d.doc_id for d in docs}
    unknown = set(predictions) - known
    if unknown:
        raise ValueError(f"predictions for documents not in the gold data: {sorted(unknown)}")

    # counts[label] = [tp_pred, n_pred, tp_gold, n_gold]
    typed: dict[str, list[int]] = {}
    untyped: dict[str, list[int]] = {}
    any_counts = [0, 0, 0, 0]
    for doc in docs:
        tokens = [(m.start(), m.end()) for m in _WORD.finditer(doc.text)]
        ends = [e for _, e in tokens]
        gold = _token_labels(tokens, ends, _gold_spans(doc, gold_layer))
        pred = _token_labels(tokens, ends, predictions.get(doc.doc_id, ()))
        for g, p in zip(gold, pred, strict=True):
            if p:
                any_counts[1] += 1
                any_counts[0] += bool(g)
            if g:
                any_counts[3] += 1
                any_counts[2] += bool(p)
            for label in p:
                c, u = typed.setdefault(label, [0] * 4), untyped.setdefault(label, [0] * 4)
                c[1] += 1
                c[0] += label in g
                u[1] += 1
                u[0] += bool(g)
            for label in g:
                c, u = typed.setdefault(label, [0] * 4), untyped.setdefault(label, [0] * 4)
                c[3] += 1
                c[2] += label in p
                u[3] += 1
                u[2] += bool(p)

    order = _type_order(typed)
    micro = [sum(typed[t][i] for t in order) for i in range(4)]
    return DetectionResult(
        per_type=MappingProxyType({t: PRF(*typed[t]) for t in order}),
        micro=PRF(*micro),
        per_type_any=MappingProxyType({t: PRF(*untyped[t]) for t in order}),
        any_pii=PRF(*any_counts),
        n_documents=len(docs),
        gold_layer=gold_layer,
    )


def _fmt(x: float | None, digits: int) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def format_markdown(result: DetectionResult, digits: int = 2) -> str:
    """A Markdown table: one row per type, then micro average and "any PII" rows."""
    head = (
        "| type | P | R | F1 | P (any label) | R (any label) | F1 (any label) | gold tokens |\n"
        "|---|---|---|---|---|---|---|---|"
    )
    rows = [head]

    def row(name: str, typed: PRF, untyped: PRF) -> str:
        cells = [
            typed.precision,
            typed.recall,
            typed.f1,
            untyped.precision,
            untyped.recall,
            untyped.f1,
        ]
        return f"| {name} | " + " | ".join(_fmt(c, digits) for c in cells) + f" | {typed.n_gold} |"

    for t in result.per_type:
        rows.append(row(t, result.per_type[t], result.per_type_any[t]))
    rows.append(row("**micro**", result.micro, result.any_pii))
    return "\n".join(rows) + "\n"
