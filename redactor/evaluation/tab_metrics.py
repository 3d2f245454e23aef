"""TAB's privacy and utility metrics for masked character spans (Pilán et al., 2022).

Follows the semantics of TAB's official evaluation script: annotators are kept apart and every
count is micro-averaged over (document, annotator) pairs. See ``docs/evaluation.md``.

Part of speech: the official script tags the document with spaCy and lets tokens tagged ADP,
PART, CCONJ or DET stay unmasked. Spacy is not a run-time dependency, so the default tagger
(:func:`wordlist_pos_tagger`) is a closed-class English word list, an approximation; pass
``pos_tagger=make_spacy_pos_tagger()`` to follow the official tagging where spaCy is installed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any

from redactor.evaluation.tab_format import Document, Span, SystemOutput

#: Tagged token: (start, end, universal POS tag).
TaggedToken = tuple[int, int, str]
#: Tags a whole document text; the official script uses spaCy's ``token.pos_``.
PosTagger = Callable[[str], Sequence[TaggedToken]]
#: Information content of each token span, e.g. -log p(token) under a masked LM.
TokenWeights = Callable[[str, Sequence[Span]], Sequence[float]]

POS_TO_IGNORE = frozenset({"ADP", "PART", "CCONJ", "DET"})
TOKENS_TO_IGNORE = frozenset({"mr", "mrs", "ms", "no", "nr", "about"})
CHARACTERS_TO_IGNORE = frozenset(" ,.-;:/&()[]–'\" ’“”")

_WORD = re.compile(r"\w+")

_ADP = (
    "aboard about above across after against along alongside amid amidst among amongst around "
    "as at atop before behind below beneath beside besides between beyond by despite during "
    "except for from in inside into of on onto outside over per since than through throughout "
    "till to toward towards under underneath unlike until unto upon versus via vs with within "
    "without"
)
_PART = "not n't n’t 's ’s"
_CCONJ = "and or but nor"
_DET = "a an the this that these those each every some any all no another both either neither"

#: Closed-class English words and the universal POS the default tagger gives them.
CLOSED_CLASS_POS: Mapping[str, str] = MappingProxyType(
    {
        **{w: "ADP" for w in _ADP.split()},
        **{w: "DET" for w in _DET.split()},
        **{w: "CCONJ" for w in _CCONJ.split()},
        **{w: "PART" for w in _PART.split()},
    }
)

# Words, with spaCy-like splitting of clitics: "don't" -> "do" "n't", "Smith's" -> "Smith" "'s".
_TAGGER_TOKEN = re.compile(r"\w+?(?=n['’]t\b)|n['’]t\b|['’]s\b|\w+", re.IGNORECASE)


def wordlist_pos_tagger(text: str) -> list[TaggedToken]:
    """Default tagger: closed-class words get their POS (:data:`CLOSED_CLASS_POS`), others "X".

    An approximation of spaCy's en_core_web_sm tagging: it ignores context, so e.g. "as" or
    "since" are always ADP and possessive pronouns (his, her) are never DET (spaCy: PRON).
    """
    return [
        (m.start(), m.end(), CLOSED_CLASS_POS.get(m.group().lower(), "X"))
        for m in _TAGGER_TOKEN.finditer(text)
    ]


def make_spacy_pos_tagger(model: str = "en_core_web_sm") -> PosTagger:
    """A tagger running a spaCy pipeline, as the official script does.

    Raises ImportError/OSError when spaCy or the model is not installed.
    """
    import spacy

    nlp = spacy.load(model, disable=["ner", "lemmatizer"])

    def tag(text: str) -> list[TaggedToken]:
        return [(t.idx, t.idx + len(t), t.pos_) for t in nlp(text)]

    tag.__name__ = f"spacy:{model}"
    return tag


def split_by_tokens(text: str, start: int, end: int) -> list[Span]:
    """The ``\\w+`` tokens of ``text[start:end]``, in document offsets."""
    return [(m.start(), m.end()) for m in _WORD.finditer(text, start, end)]


def exempt_offsets(text: str, pos_tagger: PosTagger = wordlist_pos_tagger) -> bytearray:
    """Per character: 1 if it may stay unmasked inside a mention, else 0.

    Exempt: characters in :data:`CHARACTERS_TO_IGNORE` and every character of a token whose
    POS is in :data:`POS_TO_IGNORE` or whose lowercase is in :data:`TOKENS_TO_IGNORE`.
    """
    exempt = bytearray(len(text))
    for i, ch in enumerate(text):
        if ch in CHARACTERS_TO_IGNORE:
            exempt[i] = 1
    for start, end, pos in pos_tagger(text):
        if pos in POS_TO_IGNORE or text[start:end].lower() in TOKENS_TO_IGNORE:
            exempt[start:end] = b"\x01" * (end - start)
    return exempt


def _covered_map(text: str, spans: Iterable[Span], exempt: bytearray) -> bytes:
    """Per character: 1 if masked by a system span or exempt."""
    covered = bytearray(exempt)
    for start, end in spans:
        if end > start:
            covered[start:end] = b"\x01" * (end - start)
    return bytes(covered)


def _is_masked(covered: bytes, start: int, end: int) -> bool:
    return covered.find(0, start, end) == -1


def _ratio(num: float, den: float) -> float | None:
    return num / den if den else None


def _f1(p: float | None, r: float | None) -> float | None:
    if p is None or r is None:
        return None
    return 0.0 if p + r == 0 else 2 * p * r / (p + r)


@dataclass(frozen=True)
class TabResult:
    """TAB metrics over a set of documents; ratios are None when their denominator is 0."""

    er_direct: float | None
    er_quasi: float | None
    er_all: float | None
    token_recall: float | None
    mention_recall: float | None
    token_precision: float | None
    weighted_precision: float | None
    f1: float | None
    recall_per_type: Mapping[str, float]
    # counts
    n_documents: int
    n_annotations: int
    direct_entities: int
    direct_entities_masked: int
    quasi_entities: int
    quasi_entities_masked: int
    recall_tokens: int
    recall_tokens_masked: int
    recall_mentions: int
    recall_mentions_masked: int
    tokens_per_type: Mapping[str, tuple[int, int]]
    system_tokens: int
    precision_numerator: float
    precision_denominator: float
    weighted_numerator: float | None
    weighted_denominator: float | None
    pos_tagger: str
    weight_model: str | None

    def to_dict(self) -> dict[str, Any]:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["recall_per_type"] = dict(self.recall_per_type)
        d["tokens_per_type"] = {k: list(v) for k, v in self.tokens_per_type.items()}
        return d


def _validate_output(docs: Mapping[str, Document], output: SystemOutput) -> None:
    for doc_id, spans in output.items():
        if doc_id not in docs:
            raise ValueError(f"system output has a document not in the gold data: {doc_id}")
        n = len(docs[doc_id].text)
        for start, end in spans:
            if not 0 <= start <= end <= n:
                raise ValueError(f"invalid span ({start}, {end}) in {doc_id}")


def evaluate_tab(
    docs: Iterable[Document],
    output: SystemOutput,
    *,
    pos_tagger: PosTagger = wordlist_pos_tagger,
    token_weights: TokenWeights | None = None,
    weight_model: str | None = None,
) -> TabResult:
    """Score ``output`` (``{doc_id: [(start, end), ...]}`` masked spans) against ``docs``.

    Every document in ``docs`` is evaluated; one missing from ``output`` has nothing masked.
    (The official script scores only the documents present in the output file: pass only
    those documents to reproduce that.) ``token_weights`` enables weighted precision;
    ``weight_model`` names the model behind it for the report.
    """
    docs = list(docs)
    by_id = {d.doc_id: d for d in docs}
    _validate_output(by_id, output)

    ent = {"direct": [0, 0], "quasi": [0, 0]}  # [masked, total]
    tok = [0, 0]
    men = [0, 0]
    per_type: dict[str, list[int]] = {}
    p_num = p_den = 0.0
    w_num = w_den = 0.0
    n_sys_tokens = n_annotations = 0

    for doc in docs:
        text = doc.text
        covered = _covered_map(text, output.get(doc.doc_id, ()), exempt_offsets(text, pos_tagger))
        n_annotations += len(doc.annotators)

        # recall: entities of every annotator that need masking
        for entity in doc.entities:
            if not entity.need_masking:
                continue
            kind = ent["direct" if entity.is_direct else "quasi"]
            kind[1] += 1
            if all(_is_masked(covered, m.start, m.end) for m in entity.mentions_to_mask):
                kind[0] += 1
            counts = per_type.setdefault(entity.entity_type, [0, 0])
            for m in entity.mentions:  # the official script counts all mentions here
                men[1] += 1
                men[0] += _is_masked(covered, m.start, m.end)
                for start, end in split_by_tokens(text, m.start, m.end):
                    hit = _is_masked(covered, start, end)
                    tok[0] += hit
                    tok[1] += 1
                    counts[0] += hit
                    counts[1] += 1

        # precision: every \w+ token of every system span
        sys_tokens = [
            t
            for start, end in output.get(doc.doc_id, ())
            for t in split_by_tokens(text, start, end)
        ]
        if not sys_tokens:
            continue
        masked_mentions = [
            (m.start, m.end, layer.annotator)
            for layer in doc.annotators
            for e in layer.entities
            if e.need_masking
            for m in e.mentions_to_mask
        ]
        n_ann = sum(1 for layer in doc.annotators if layer.mentions)
        scores = [
            len({a for s, e, a in masked_mentions if s <= start and e >= end})
            for start, end in sys_tokens
        ]
        n_sys_tokens += len(sys_tokens)
        p_num += sum(scores)
        p_den += n_ann * len(sys_tokens)
        if token_weights is not None:
            weights = list(token_weights(text, sys_tokens))
            if len(weights) != len(sys_tokens):
                raise ValueError("token_weights returned a wrong number of weights")
            if any(not math.isfinite(w) for w in weights):
                raise ValueError("token_weights returned a non-finite weight")
            w_num += sum(s * w for s, w in zip(scores, weights, strict=True))
            w_den += n_ann * sum(weights)

    token_recall = _ratio(tok[0], tok[1])
    token_precision = _ratio(p_num, p_den)
    weighted = _ratio(w_num, w_den) if token_weights is not None else None
    tagger_name = getattr(pos_tagger, "__name__", type(pos_tagger).__name__)
    return TabResult(
        er_direct=_ratio(*ent["direct"]),
        er_quasi=_ratio(*ent["quasi"]),
        er_all=_ratio(ent["direct"][0] + ent["quasi"][0], ent["direct"][1] + ent["quasi"][1]),
        token_recall=token_recall,
        mention_recall=_ratio(*men),
        token_precision=token_precision,
        weighted_precision=weighted,
        f1=_f1(token_precision, token_recall),
        recall_per_type=MappingProxyType(
            {t: c[0] / c[1] for t, c in sorted(per_type.items()) if c[1]}
        ),
        n_documents=len(docs),
        n_annotations=n_annotations,
        direct_entities=ent["direct"][1],
        direct_entities_masked=ent["direct"][0],
        quasi_entities=ent["quasi"][1],
        quasi_entities_masked=ent["quasi"][0],
        recall_tokens=tok[1],
        recall_tokens_masked=tok[0],
        recall_mentions=men[1],
        recall_mentions_masked=men[0],
        tokens_per_type=MappingProxyType({t: (c[0], c[1]) for t, c in sorted(per_type.items())}),
        system_tokens=n_sys_tokens,
        precision_numerator=p_num,
        precision_denominator=p_den,
        weighted_numerator=w_num if token_weights is not None else None,
        weighted_denominator=w_den if token_weights is not None else None,
        pos_tagger=tagger_name,
        weight_model=weight_model if token_weights is not None else None,
    )
