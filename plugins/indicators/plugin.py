"""The four offline risk indicators of Papadopoulou et al. (2023), a learned combiner, and the
``risk`` settings section.

Indicators (ids as policies and ``--indicators`` name them):

* ``llm-probability`` — how hard the span is to guess from its context under a masked LM
  (all its sub-tokens masked at once; min/max/mean/median/sum of their log-probabilities and
  the span's type) → a classifier trained on expert masking decisions;
* ``span-classifier`` — the span's type, its own text (a hashed text prior), its shape, size
  and number of mentions, the words around it (hashed context priors) and where it stands in
  the document → a classifier; the masked LM only when the classifier names its features;
* ``perturbation`` — whether the span makes another span predictable (masking it changes the
  other's log-probability by more than a threshold);
* ``sequence-labelling`` — a document-level MASK/NO_MASK token classifier; partial match (any
  word piece says MASK) by default, strict match (every word piece) as a setting.

All run offline with ONNX Runtime and numpy; classifiers are JSON (no pickle). Models and
thresholds are read from the settings section ``risk`` (``mlm_path`` may point at a masked LM a
user imported with ``redactor models import``). Heavy work is shared between indicators through
``ctx.memo`` (one masked-LM pass per document).

Explanations quote the document (a span's own text, or the one it reveals): they are meant for
the reviewer's screen and are not written to review files or reports by the core.
"""

from __future__ import annotations

import functools
import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from redactor_plugins.indicators.lazy_modules import LazyModule

from redactor.plugin_api import (
    CombinedRisk,
    Document,
    Entity,
    Finding,
    RiskSignal,
    RunContext,
    SettingsSection,
    hookimpl,
    resource_path,
)

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

# numpy, the features (ONNX Runtime, tokenizers) and the classifiers are imported by the first
# ``prepare``/``assess`` (a preload thread), not when the plugin host starts
np: Any = LazyModule("numpy")
rf: Any = LazyModule("redactor_plugins.indicators.features")
_models: Any = LazyModule("redactor_plugins.indicators.models")

__version__ = "1.0"
SECTION = "risk"
DEFAULTS: dict[str, Any] = {
    "mlm_path": "resources/models/mlm",
    "seqlabel_path": "resources/models/ner",  # the NER graph carries the MASK head
    "classifiers_path": "resources/risk",
    "threads": 2,
    "window": None,  # None: the window the shipped classifiers were trained with
    "seqlabel_match": "partial",  # partial | strict
    "seqlabel_threshold": None,  # None: the tuned value in resources/risk/seqlabel.json
    "llm_threshold": None,
    "span_threshold": None,
    "perturbation_threshold": None,
    "perturbation_window": None,  # None: the LLM features' window (their lp(B) is reused)
    "perturbation_max_neighbours": 6,
    "perturbation_max_pairs": 3000,
}
IDS = ("llm-probability", "span-classifier", "perturbation", "sequence-labelling")
_settings: Any = None  # set by the configure hook (combine_risk receives no context)


def setting(ctx: RunContext | None, key: str) -> Any:
    settings = ctx.settings if ctx is not None else _settings
    value = settings.get(SECTION, key, None) if settings is not None else None
    return DEFAULTS.get(key) if value is None or value == "" else value


def policy_threshold(ctx: RunContext | None, *ids: str) -> float | None:
    """The run's policy's threshold for an indicator (``[risk.thresholds]``), if it sets one:
    a policy chooses its operating point (the default: recall first) while each indicator
    keeps its own tuned threshold for other policies and for the evaluation's rows."""
    policy = getattr(ctx, "policy", None)
    return policy.threshold_for(*ids) if policy is not None else None


def threshold_of(ctx: RunContext | None, key: str, ids: Sequence[str], tuned_key: str,
                 default: float) -> float:
    """An indicator's threshold: the user's setting ``key``, else the policy's for one of
    ``ids``, else the tuned value ``tuned_key`` (resources/risk/tuning.json), else
    ``default``."""
    t = setting(ctx, key)
    if t is None:
        t = policy_threshold(ctx, *ids)
    if t is None:
        t = tuned(ctx, tuned_key, None)
    return float(t if t is not None else default)


def resolve(path: str | os.PathLike[str]) -> Path:
    """``resources/...`` means the bundled resources folder; other paths are used as given."""
    p = Path(path).expanduser()
    if not p.is_absolute() and p.parts and p.parts[0] == "resources":
        return resource_path(*p.parts[1:])
    return p


_json_cache: dict[str, Any] = {}


def _load_json_model(folder: Path, name: str) -> Any:
    path = folder / name
    key = str(path.resolve())
    if key not in _json_cache:
        _json_cache[key] = _models.load_model(path) if name != "tuning.json" else json.loads(path.read_text())
    return _json_cache[key]


def tuned(ctx: RunContext | None, name: str, default: Any = None) -> Any:
    """A tuned value from ``<classifiers_path>/tuning.json`` (thresholds chosen on dev data)."""
    folder = resolve(setting(ctx, "classifiers_path"))
    path = folder / "tuning.json"
    if not path.is_file():
        return default
    key = str(path.resolve())
    if key not in _json_cache:
        _json_cache[key] = json.loads(path.read_text(encoding="utf-8"))
    return _json_cache[key].get(name, default)


# -- per-document shared state -------------------------------------------------------------

@dataclass
class DocRisk:
    """What the indicators computed for one document and one list of findings."""

    key: tuple[Any, ...]
    spans: list[rf.SpanInput]
    entity_of: list[int]
    tokens: Any = None
    scores: rf.SpanScores | None = None
    seq: list[tuple[float, float]] | None = None
    pert: Any = None
    probs: dict[str, np.ndarray] = field(default_factory=dict)
    prior: list[float] | None = None  # the text prior of each span (span-classifier)
    context: list[float] | None = None  # the mean context prior of each span (span-classifier)


def _doc_key(doc: Document, findings: Sequence[Finding], ctx: RunContext) -> tuple[Any, ...]:
    return (doc.id, len(doc.text), hash(doc.text),
            tuple((f.span.start, f.span.end, str(f.label), f.score) for f in findings),
            str(setting(ctx, "mlm_path")), str(setting(ctx, "classifiers_path")),
            str(setting(ctx, "seqlabel_path")))


def doc_risk(doc: Document, findings: Sequence[Finding], entities: Sequence[Entity],
             ctx: RunContext) -> DocRisk:
    memo = ctx.memo_for("risk-indicators")
    key = _doc_key(doc, findings, ctx)
    cur = memo.get("doc")
    if cur is not None and cur.key == key:
        return cur
    entity_of = [-1] * len(findings)
    for e_idx, ent in enumerate(entities):
        for m in ent.mentions:
            if 0 <= m < len(findings):
                entity_of[m] = e_idx
    for i, e in enumerate(entity_of):  # findings without an entity are their own entity
        if e < 0:
            entity_of[i] = len(entities) + i
    counts: dict[int, int] = {}
    for e in entity_of:
        counts[e] = counts.get(e, 0) + 1
    spans = [rf.SpanInput(f.span.start, f.span.end, str(f.label), f.text, counts[entity_of[i]],
                          f.score) for i, f in enumerate(findings)]
    cur = DocRisk(key, spans, entity_of)
    memo["doc"] = cur  # only the latest document is kept
    return cur


def mlm_for(ctx: RunContext):
    from redactor_plugins.indicators.mlm import load_mlm

    return load_mlm(resolve(setting(ctx, "mlm_path")), threads=int(setting(ctx, "threads")))


def ensure_scores(doc: Document, dr: DocRisk, ctx: RunContext) -> rf.SpanScores:
    if dr.scores is None:
        mlm = mlm_for(ctx)
        dr.tokens = mlm.encode(doc.text)
        dr.scores = rf.score_spans(mlm, dr.tokens, dr.spans, window=mlm_window(ctx))
    return dr.scores


def mlm_window(ctx: RunContext) -> int:
    """Context window of the masked-LM features: the setting, else the one the classifiers
    were trained with (the LLM-probability classifier's, else the span classifier's when it
    reads them): a classifier sees features computed exactly as in training."""
    value = setting(ctx, "window")
    folder = resolve(setting(ctx, "classifiers_path"))
    for name in ("llm_probability.json", "span_classifier.json"):
        if value is None:
            try:
                value = _load_json_model(folder, name).d.get("window")
            except (OSError, ValueError, KeyError, AttributeError):
                value = None
    return int(value or rf.DEFAULT_WINDOW)


def _pct(p: float) -> str:
    if 0 < p < 0.01:
        return "under 1 %"
    if 0.99 < p < 1:
        return "over 99 %"
    return f"{round(100 * p)} %"


def _quote(text: str, n: int = 40) -> str:
    t = " ".join(text.split())
    return "'" + (t if len(t) <= n else t[: n - 1] + "…") + "'"


def _guessability(lp: np.ndarray) -> tuple[float, str]:
    """The masked LM's confidence in the original text (geometric mean per word piece)."""
    if lp.size == 0:
        return 0.0, "the masking model could not read this span"
    p = float(np.exp(lp.mean()))
    if p >= 0.5:
        return p, f"easy to guess from context (the masking model is {_pct(p)} sure of it)"
    if p >= 0.1:
        return p, f"partly guessable from context (the masking model is {_pct(p)} sure of it)"
    return p, f"hard to guess from context (the masking model is only {_pct(p)} sure of it)"


# -- indicators ----------------------------------------------------------------------------

def _vocabulary(model: Any) -> Any:
    """The WordPiece tokenizer whose vocabulary a span classifier reads (its ``vocabulary``;
    the NER's by default, built once and shared with the NER and the sequence labeller)."""
    return _tokenizer_at(str(resolve(model.d.get("vocabulary") or rf.DEFAULT_VOCABULARY)))


@functools.lru_cache(maxsize=8)
def _tokenizer_at(path: str) -> Any:
    """``load_tokenizer`` reads and hashes the file at every call: once per path here."""
    from redactor_plugins.shared.tokenizer_calls import load_tokenizer

    return load_tokenizer(path)[0]


def _priors(folder: Path, names: Sequence[str]) -> tuple[Any, Any, Any]:
    """The span classifier's text prior and, when it names context features, its left and
    right context priors (else None)."""
    text = _load_json_model(folder, "text_prior.json")
    if "ctx_left_prior" not in names:
        return text, None, None
    return (text, _load_json_model(folder, "context_left_prior.json"),
            _load_json_model(folder, "context_right_prior.json"))


_LANGUAGE_NAMES = {"nb": "Norwegian", "da": "Danish", "sv": "Swedish", "de": "German",
                   "fr": "French", "es": "Spanish", "it": "Italian", "pt": "Portuguese",
                   "nl": "Dutch", "pl": "Polish"}


def _other_language(text: str) -> str:
    """The name of the language other than English that ``text`` is written in, when its
    words tell ("Swedish"), or "" (English, too short to tell, or a script alone: a biography
    that writes its subject's name in Greek is no Greek text)."""
    from redactor_plugins.shared.language.detect import language_of

    return _LANGUAGE_NAMES.get(language_of(text), "")


class _Base:
    id = ""
    version = __version__

    def _signals(self, scores: Sequence[float], risky: Sequence[bool], why: Sequence[str]
                 ) -> list[RiskSignal]:
        return [RiskSignal(self.id, float(s), bool(r), w) for s, r, w in zip(scores, risky, why,
                                                                              strict=True)]


class LLMProbability(_Base):
    """Masked-LM log-probabilities of the span (+ type) → classifier."""

    id = "llm-probability"
    artefact = "llm_probability.json"
    threshold_key = "llm_threshold"

    def model(self, ctx: RunContext) -> Any:
        return _load_json_model(resolve(setting(ctx, "classifiers_path")), self.artefact)

    def prepare(self, ctx: RunContext) -> None:
        """Load the masked LM and the classifier ahead of use (Pipeline.preload)."""
        mlm_for(ctx)
        self.model(ctx)

    def threshold(self, ctx: RunContext, model: Any) -> float:
        return threshold_of(ctx, self.threshold_key, (self.id,), self.threshold_key,
                            model.threshold)

    def predict(self, doc: Document, findings: Sequence[Finding], entities: Sequence[Entity],
                ctx: RunContext) -> tuple[DocRisk, np.ndarray, float]:
        """The document's shared risk state, the classifier's probabilities and threshold."""
        dr = doc_risk(doc, findings, entities, ctx)
        model = self.model(ctx)
        p = model.predict_proba(self.features(doc, dr, ctx))
        dr.probs[self.id] = p
        return dr, p, self.threshold(ctx, model)

    def features(self, doc: Document, dr: DocRisk, ctx: RunContext) -> np.ndarray:
        sc = ensure_scores(doc, dr, ctx)
        return rf.matrix([rf.llm_vector(lp, s.label) for lp, s in zip(sc.logprobs, dr.spans, strict=True)],
                         len(rf.LLM_FEATURES))

    def assess(self, doc: Document, findings: Sequence[Finding], entities: Sequence[Entity],
               ctx: RunContext) -> Sequence[RiskSignal]:
        if not findings:
            return []
        dr, p, t = self.predict(doc, findings, entities, ctx)
        why = []
        for pi, lp in zip(p, dr.scores.logprobs, strict=True):
            _, guess = _guessability(lp)
            verdict = ("experts would likely mask it" if pi >= t else "experts would likely leave it")
            why.append(f"{guess}; {verdict} (score {_pct(pi)}, masks from {_pct(t)})")
        return self._signals(p, p >= t, why)


class SpanClassifier(LLMProbability):
    """The span's type, text, shape, size, mentions and context → classifier.

    The classifier's JSON names its features: the shipped one (span classifier 1.1) reads the span's text
    and its context words and never runs the masked LM; one that names ``lp_*`` (span classifier 1.0, or
    ``train_classifiers.py --span-features mlm``) gets the LLM-probability features too.
    """

    id = "span-classifier"
    artefact = "span_classifier.json"
    threshold_key = "span_threshold"

    def prepare(self, ctx: RunContext) -> None:
        """Load the classifier, its priors and (only when it uses it) the masked LM."""
        model = self.model(ctx)
        if rf.needs_mlm(model.features):
            mlm_for(ctx)
        _priors(resolve(setting(ctx, "classifiers_path")), model.features)
        if "vocab_log_id" in model.features:
            _vocabulary(model)

    def features(self, doc: Document, dr: DocRisk, ctx: RunContext) -> np.ndarray:
        # the real module, not the lazy one: no look-up through LazyModule per span
        import redactor_plugins.indicators.features as f

        model = self.model(ctx)
        names = list(model.features)
        prior, left, right = _priors(resolve(setting(ctx, "classifiers_path")), names)
        dr.prior = [prior.score(s.text, s.label) for s in dr.spans]
        vocab = (f.vocabulary_values(_vocabulary(model), [s.text for s in dr.spans])
                 if "vocab_log_id" in names else None)
        sc = ensure_scores(doc, dr, ctx) if f.needs_mlm(names) else None
        n = max(1, len(doc.text))
        dr.context = []
        rows = []
        for i, s in enumerate(dr.spans):
            lp = rp = 0.0
            if left is not None:
                lw, rw = f.context_words(doc.text, s.start, s.end)
                lp, rp = left.score(lw, s.label), right.score(rw, s.label)
            dr.context.append((lp + rp) / 2)
            values = f.text_span_values(s, dr.prior[i], lp, rp, s.start / n)
            if vocab is not None:
                values.update(vocab[i])
            if sc is not None:
                lps = sc.logprobs[i]
                values.update(zip(f.LP_NAMES, f.lp_stats(lps), strict=True))
                values.update(n_words=float(sc.n_words[i]), n_subtokens=float(lps.size))
            rows.append(f.row_of(names, values))
        return f.matrix(rows, len(names))

    def assess(self, doc: Document, findings: Sequence[Finding], entities: Sequence[Entity],
               ctx: RunContext) -> Sequence[RiskSignal]:
        if not findings:
            return []
        language = _other_language(doc.text)
        if language:  # it learnt what experts keep from English text: it clears nothing else
            why = (f"the document is in {language}; this classifier learnt from English "
                   "documents which spans experts keep, so it keeps none here → mask")
            law = "a legal provision names no one → keep"  # "11 kap. 1 § socialtjänstlagen"
            provision = [f.subtype == "LEGAL_PROVISION" for f in findings]
            return self._signals([0.0 if p else 1.0 for p in provision],
                                 [not p for p in provision], [law if p else why
                                                              for p in provision])
        dr, p, t = self.predict(doc, findings, entities, ctx)
        uses_mlm = rf.needs_mlm(self.model(ctx).features)
        why = []
        for i, (pi, s, pr) in enumerate(zip(p, dr.spans, dr.prior, strict=True)):
            kind = ("phrases like this are usually masked" if pr > 0.5 else
                    "phrases like this are often left in clear" if pr < -0.5 else
                    "phrases like this are masked about half of the time")
            parts = [f"{kind} ({s.label.lower()})"]
            c = dr.context[i]
            if c > 0.5:
                parts.append("the words around it usually surround masked spans")
            elif c < -0.5:
                parts.append("the words around it usually surround spans left in clear")
            if uses_mlm:
                parts.append(_guessability(dr.scores.logprobs[i])[1])
            if s.mentions > 1:
                parts.append(f"mentioned {s.mentions} times")
            verdict = "mask" if pi >= t else "keep"
            why.append("; ".join(parts) + f" → {verdict} (score {_pct(pi)}, masks from {_pct(t)})")
        return self._signals(p, p >= t, why)


class Perturbation(_Base):
    """Masking this span makes another span much harder to guess → risky in combination."""

    id = "perturbation"

    def assess(self, doc: Document, findings: Sequence[Finding], entities: Sequence[Entity],
               ctx: RunContext) -> Sequence[RiskSignal]:
        from redactor_plugins.indicators.perturbation import perturbation

        if not findings:
            return []
        t = threshold_of(ctx, "perturbation_threshold", (self.id,), "perturbation_threshold",
                         10.0)
        if t <= 0:  # every score is >= 0: all risky, no need to run the masked LM
            why = ("the perturbation threshold is 0 (on dev data no threshold beat masking every "
                   "span), so every span counts as risky")
            return self._signals([0.0] * len(findings), [True] * len(findings),
                                 [why] * len(findings))
        dr = doc_risk(doc, findings, entities, ctx)
        sc = ensure_scores(doc, dr, ctx)
        if dr.pert is None:
            dr.pert = perturbation(
                mlm_for(ctx), dr.tokens, sc.token_ranges, dr.entity_of, sc.logprobs,
                window=int(setting(ctx, "perturbation_window") or mlm_window(ctx)),
                max_neighbours=int(setting(ctx, "perturbation_max_neighbours")),
                max_pairs=int(setting(ctx, "perturbation_max_pairs")))
        why, risky = [], []
        for i, (s, j) in enumerate(zip(dr.pert.score, dr.pert.partner, strict=True)):
            r = s >= t
            risky.append(r)
            if j < 0:
                why.append("does not make any nearby span easier to guess")
                continue
            factor = math.exp(min(s, 50.0))
            other, mine = _quote(dr.spans[j].text), _quote(dr.spans[i].text)
            if r:
                why.append(f"reveals {other} together with {mine}: without it, {other} becomes "
                           f"{factor:,.0f}× harder to guess")
            else:
                why.append(f"helps little to guess other spans (at most {factor:,.1f}× for {other})")
        return self._signals(dr.pert.score, risky, why)


class SequenceLabelling(_Base):
    """A document-level MASK/NO_MASK token classifier applied to the detected spans."""

    id = "sequence-labelling"

    def __init__(self, match: str | None = None) -> None:
        self.match = match  # None: from the settings

    def prepare(self, ctx: RunContext) -> None:
        """Load the sequence labeller ahead of use (Pipeline.preload)."""
        from redactor_plugins.indicators.seqlabel import load_seqlabeller

        load_seqlabeller(resolve(setting(ctx, "seqlabel_path")),
                         threads=int(setting(ctx, "threads")))

    def assess(self, doc: Document, findings: Sequence[Finding], entities: Sequence[Entity],
               ctx: RunContext) -> Sequence[RiskSignal]:
        from redactor_plugins.indicators.seqlabel import load_seqlabeller, reading_spans

        if not findings:
            return []
        dr = doc_risk(doc, findings, entities, ctx)
        if dr.seq is None:
            model = load_seqlabeller(resolve(setting(ctx, "seqlabel_path")),
                                     threads=int(setting(ctx, "threads")))
            dr.seq = model.span_scores(*reading_spans(
                doc.text, [(f.span.start, f.span.end) for f in findings]))
        match = (self.match or str(setting(ctx, "seqlabel_match"))).lower()
        t = threshold_of(ctx, "seqlabel_threshold", (f"{self.id} ({match})", self.id),
                         f"seqlabel_{match}_threshold", 0.5)
        scores, risky, why = [], [], []
        foreign = bool(_other_language(doc.text))  # it read English: a provision named in
        for f, (hi, lo) in zip(findings, dr.seq, strict=True):  # another language is kept
            if foreign and f.subtype == "LEGAL_PROVISION":
                scores.append(0.0)
                risky.append(False)
                why.append("a legal provision names no one → keep")
                continue
            s = lo if match == "strict" else hi
            r = s >= t
            scores.append(s)
            risky.append(r)
            if match == "strict":
                why.append(("the document model marks every word of it as to be masked"
                            if r else "the document model does not mark every word of it as to be masked")
                           + f" (weakest word {_pct(lo)})")
            else:
                why.append(("the document model marks it as to be masked" if r else
                            "the document model marks it as safe to keep") + f" ({_pct(hi)} sure)"
                           if r else f"the document model marks it as safe to keep "
                           f"(only {_pct(hi)} for masking)")
        return self._signals(scores, risky, why)


# -- learned combiner ----------------------------------------------------------------------

def learned_combination(signals: Sequence[RiskSignal], folder: Path | None = None
                        ) -> CombinedRisk | None:
    folder = folder or resolve(setting(None, "classifiers_path"))
    path = folder / "combiner.json"
    if not path.is_file():
        return None
    model = _load_json_model(folder, "combiner.json")
    by_id = {s.indicator: s for s in signals}
    transform = model.d.get("transform", {})
    x = []
    for j, name in enumerate(model.features):
        s = by_id.get(name)
        if s is None:  # a disabled indicator contributes nothing: its training mean
            x.append(float(model.mean[j]))
            continue
        v = float(s.score)
        if transform.get(name) == "log1p":
            v = math.log1p(max(v, 0.0))
        x.append(v)
    p = float(model.predict_proba(np.asarray([x]))[0])
    risky = p >= model.threshold
    used = [n for n in model.features if n in by_id]
    fired = [s.indicator for s in signals if s.risky]
    head = (f"the learned combination of {len(used)} indicators puts the risk at {_pct(p)}"
            f" (masks from {_pct(model.threshold)})")
    tail = ("; risky according to: " + ", ".join(fired)) if fired else ""
    return CombinedRisk(risky, p, head + tail)


# -- hooks ---------------------------------------------------------------------------------

@hookimpl
def configure(settings):  # type: ignore[no-untyped-def]
    global _settings
    _settings = settings


@hookimpl
def register_settings(register):  # type: ignore[no-untyped-def]
    register(SettingsSection(SECTION, dict(DEFAULTS),
                             "Risk indicators: masked LM folder (mlm_path), models, thresholds"))


@hookimpl
def register_risk_indicators(register):  # type: ignore[no-untyped-def]
    register(LLMProbability())
    register(SpanClassifier())
    register(Perturbation())
    register(SequenceLabelling())


@hookimpl
def combine_risk(signals, finding, k, combiner):  # type: ignore[no-untyped-def]
    if combiner != "learned":
        return None
    return learned_combination(signals)
