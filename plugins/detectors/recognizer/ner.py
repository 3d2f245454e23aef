"""NER detector (id ``ner``): the shipped transformer token classifier for TAB's eight types.

Wraps :class:`redactor_plugins.detectors.recognizer.ner_runtime.NerModel` (ONNX Runtime, int8), loaded lazily once
per process and model folder (thread-safe). The model's labels are TAB types; a subtype is
added from the span's shape (``DATETIME/DATE``, ``CODE/CASE_NUMBER``, ``QUANTITY/MONEY`` …) so
every finding maps onto the eight types with subtypes. Labels in other schemes (``PER``,
``GPE``, ``NORP`` …, e.g. from an imported model) are mapped through :data:`ALIASES`.

The setting ``recognizer.ner_model`` names a token-classification model imported with
``redactor models import`` to use instead of the shipped one (its labels may be ``B-PER`` …,
see :data:`ALIASES`). When no model is installed the detector is not registered
(``recognizer`` logs a warning), so a run never fails because of it.
"""

from __future__ import annotations

import importlib
import logging
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from redactor_plugins.detectors.patterns.table_columns import column_type
from redactor_plugins.detectors.recognizer.mention_propagation import (
    defined_aliases,
    native_names,
    propagate,
)
from redactor_plugins.detectors.recognizer.rules.identifier_cues import (  # noqa: F401 - re-exported
    inside_identifier_cue,
    trim_identifier_cue,
)
from redactor_plugins.detectors.recognizer.rules.model_spans import mend_model_spans
from redactor_plugins.detectors.recognizer.rules.person_rules import (  # noqa: F401 - re-exported
    drop_inside_grown as _drop_inside,
)
from redactor_plugins.detectors.recognizer.rules.person_rules import (
    name_parts,
)
from redactor_plugins.detectors.recognizer.rules.span_edges import (  # noqa: F401 - re-exported
    whole_words,
)
from redactor_plugins.detectors.recognizer.rules.span_kinds import (  # noqa: F401 - re-exported
    _default_gazetteer,
    bare_government,
    bare_government_finding,
    non_word,
)
from redactor_plugins.detectors.recognizer.rules.span_numbers import (  # noqa: F401 - re-exported
    widen_code,
)
from redactor_plugins.shared.names.titles import JOB_HEADS
from redactor_plugins.shared.text_pieces import (  # noqa: F401 - split_at_breaks re-exported
    delimited_table,
    split_at_breaks,
    split_at_cells,
    split_at_dashes,
    split_between_numbers,
    tab_tables,
    wrap_width,
)

from redactor.plugin_api import (
    Document,
    Finding,
    Label,
    ModelIntegrityError,
    RunContext,
    Span,
    verify_model_pack,
)

log = logging.getLogger("redactor.ner")

SECTION = "recognizer"
MODEL_FILES = ("model.onnx", "tokenizer.json", "labels.json")

ALIASES: dict[str, tuple[Label, str]] = {
    "PER": (Label.PERSON, ""), "PERSON": (Label.PERSON, ""), "NAME": (Label.PERSON, ""),
    "GIVEN_NAME": (Label.PERSON, "GIVEN_NAME"), "SURNAME": (Label.PERSON, "SURNAME"),
    "LOC": (Label.LOC, ""), "GPE": (Label.LOC, ""), "FAC": (Label.LOC, "FACILITY"),
    "ADDRESS": (Label.LOC, "ADDRESS"), "CITY": (Label.LOC, "CITY"),
    "ORG": (Label.ORG, ""), "NORP": (Label.DEM, "NATIONALITY"), "DEM": (Label.DEM, ""),
    "DATE": (Label.DATETIME, "DATE"), "TIME": (Label.DATETIME, "TIME"),
    "DATETIME": (Label.DATETIME, ""),
    "CARDINAL": (Label.QUANTITY, "COUNT"), "QUANTITY": (Label.QUANTITY, ""),
    "MONEY": (Label.QUANTITY, "MONEY"), "PERCENT": (Label.QUANTITY, "PERCENT"),
    "ORDINAL": (Label.QUANTITY, "ORDINAL"),
    "CODE": (Label.CODE, ""), "ID": (Label.CODE, ""), "EMAIL": (Label.CODE, "EMAIL"),
    "PHONE": (Label.CODE, "PHONE"), "URL": (Label.CODE, "URL"),
    "MISC": (Label.MISC, ""), "EVENT": (Label.MISC, "EVENT"), "LAW": (Label.MISC, "LEGAL_PROVISION"),
    "WORK_OF_ART": (Label.MISC, "WORK"), "PRODUCT": (Label.MISC, "PRODUCT"),
    "LANGUAGE": (Label.DEM, "LANGUAGE"),
}

_MONTHS = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
           r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)")
_YEAR = re.compile(r"^(?:in\s+)?(?:1[5-9]|20)\d{2}s?$")
_TIME = re.compile(r"\b\d{1,2}(?:[:.]\d{2})+\s*(?:[ap]\.?m\.?)?\b|\b\d{1,2}\s*[ap]\.?m\.?\b|"
                   r"\b\d{1,2} ?h ?\d\d\b|"  # "14h30"
                   r"\b(?:noon|midnight|morning|evening|night|afternoon)\b", re.IGNORECASE)
_DATE = re.compile(rf"\b\d{{1,2}}\s+{_MONTHS}\b|\b{_MONTHS}\s+\d{{1,2}}\b|"
                   r"\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b", re.IGNORECASE)
_RANGE = re.compile(r"\b(?:between|from)\b.*\b(?:and|to|until)\b|[–-]\s*\d", re.IGNORECASE)
_DURATION = re.compile(r"\b(?:years?|months?|weeks?|days?|hours?|minutes?)\b", re.IGNORECASE)
_CASE_NO = re.compile(r"\d+\s*/\s*\d{2,4}\b")
_MONEY = re.compile(r"[€$£¥]|\b(?:EUR|USD|GBP|CHF|SEK|NOK|DKK|TRY|RUB|PLN|euros?|dollars?|"
                    r"pounds?|francs?|kronor|kroner|lira|liras|roubles?|rubles?|zlotys?|"
                    r"hryvnias?|lei|levs?|korun[ay]?)\b", re.IGNORECASE)
_AGE = re.compile(r"\b(?:aged?|years?\s+old|year-old)\b", re.IGNORECASE)
# a date or time names a number or a calendar word; "past", "Between" or "five of the" alone
# (model slips) are not dates
_TEMPORAL = re.compile(
    rf"\d|{_MONTHS}\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day|\b(?:years?|months?|weeks?|"
    r"days?|decades?|centur(?:y|ies)|hours?|minutes?|seconds?|fortnight|spring|summer|autumn|"
    r"winter|fall|morning|afternoon|evening|night|noon|midnight|today|yesterday|tomorrow|"
    r"christmas|easter|weekend|annual|season)", re.IGNORECASE)
# a relative time with no anchor ("that day", "the summer", "most days"): it names no
# date. Of the 21 TAB dev DATETIME mentions with no digit, month or number word, the one such
# bare time ("that day") is NO_MASK; Wikipedia dev has none (the patterns keep finding
# "the following morning", "later that day" … for the risk indicators to judge)
_UNANCHORED = re.compile(
    r"(?:(?:the|that|this|those|these|same|early|late|most|many|some|all)\s+)*"
    r"(?:(?:spring|summer|autumn|winter|day|night|evening|morning|afternoon|weekend)s?|fall)"
    # how often, not when ("has contact every other weekend"; TAB: "every six months" NO_MASK)
    r"|(?:every|each)(?:\s+(?:other|second|third|few|two|three|four|six|couple\s+of))?\s+"
    r"(?:day|night|week|weekend|fortnight|month|year|morning|evening|afternoon)s?",
    re.IGNORECASE)
#: Documents read ahead and passed together on a GPU: a TAB court case is ~10 windows, so 8
#: of them fill a batch of 64 windows (``windows.GPU_BATCH``) about once
GPU_READ_AHEAD = 8

_PERCENT = re.compile(r"%|\bper\s*cent\b|\bpercent\b", re.IGNORECASE)
def subtype_for(label: Label, text: str) -> str:
    """A subtype from the span's shape ("" when nothing specific fits)."""
    t = text.strip()
    if label == Label.DEM and t.split() and t.split()[-1].casefold() in JOB_HEADS:
        return "OCCUPATION"  # "Designated Safeguarding Lead", "Claims Handler"
    if label == Label.DATETIME:
        if _YEAR.match(t):
            return "YEAR"
        if _RANGE.search(t) and (_DATE.search(t) or re.search(r"\d{4}", t)):
            return "DATE_RANGE"
        if _DATE.search(t) or re.search(rf"{_MONTHS}\s+\d{{4}}", t, re.IGNORECASE):
            return "DATE"
        if _TIME.search(t):
            return "TIME"
        if _DURATION.search(t):
            return "DURATION"
        return "DATE"
    if label == Label.CODE:
        if "@" in t and "/" not in t:  # "tiktok.com/@mark.davies.85" is an address
            return "EMAIL" if not t.startswith("@") else "HANDLE"
        if re.match(r"(?:https?://|www\.)", t, re.IGNORECASE):
            return "URL"
        if _CASE_NO.search(t):
            return "CASE_NUMBER"
        # a phone only with an international prefix or a bracketed area code: digits alone
        # ("2024-1187") may be a reference; a pattern that checked them gives the subtype
        if re.fullmatch(r"(?:\+|\(\+?)\d[\d\s().-]{6,}|00\d*[\s().-][\d\s().-]{5,}", t):
            return "PHONE"  # "00" and digits alone: an account ("kontonr. 0012345678")
        return ""
    if label == Label.QUANTITY:
        if _MONEY.search(t):
            return "MONEY"
        if _PERCENT.search(t):
            return "PERCENT"
        if _AGE.search(t):
            return "AGE"
        if re.fullmatch(r"[\d\s,.]+", t):
            return "COUNT"
        return "MEASURE" if re.search(r"\d", t) else ""
    return ""


def map_label(raw: str, text: str) -> tuple[Label, str] | None:
    """Model label → (TAB label, subtype). Accepts ``B-``/``I-`` prefixes and
    ``LABEL/SUBTYPE``; None for ``O`` and labels with no TAB counterpart."""
    name = raw.strip()
    if name[:2] in ("B-", "I-", "E-", "S-", "L-", "U-"):
        name = name[2:]
    name, _, sub = name.partition("/")
    name = name.upper()
    if name in Label.__members__:
        label = Label(name)
        return label, sub or subtype_for(label, text)
    alias = ALIASES.get(name)
    if alias is None:
        return None
    return alias[0], sub or alias[1] or subtype_for(alias[0], text)


def _runtime() -> Any:
    return importlib.import_module("redactor_plugins.detectors.recognizer.ner_runtime")


def default_model_dir() -> Path:
    rt = _runtime()
    fn = getattr(rt, "default_model_dir", None) or rt.NerModel.default_model_dir
    return Path(fn())


def imported_model_dir(name: str) -> Path:
    """The folder of a token-classification model imported under ``name``."""
    from redactor.plugin_api import get_model

    info = get_model(name)
    if info.kind != "token-classification":
        raise ValueError(f"model {name!r} is a {info.kind} model, not a token classifier")
    return info.path


def any_imported_token_classifier() -> bool:
    try:
        from redactor.plugin_api import list_models

        return any(m.kind == "token-classification" for m in list_models())
    except Exception:  # a broken data folder must not break registration
        return False


def model_available(path: Path | None = None) -> tuple[bool, str]:
    """(True, "") when the model folder is complete, else (False, reason)."""
    try:
        path = path or default_model_dir()
    except Exception as exc:  # the runtime module itself is missing or broken
        return False, f"NER runtime unavailable ({type(exc).__name__}: {exc})"
    missing = [f for f in MODEL_FILES if not (path / f).is_file()]
    if missing:
        return False, f"NER model not installed in {path} (missing {', '.join(missing)})"
    return True, ""


_LOCK = threading.Lock()
_MODELS: dict[tuple[Path, int, str], Any] = {}


def load_model(path: Path | None = None, threads: int = 0) -> Any:
    """The NER model, loaded once per process and folder (thread-safe)."""
    path = (path or default_model_dir()).resolve()
    key = (path, threads, os.environ.get("REDACTOR_DEVICE", "auto"))  # one per device
    with _LOCK:
        model = _MODELS.get(key)
        if model is None:
            verify_model_pack(path)
            kwargs = {"threads": threads} if threads > 0 else {}
            model = _MODELS[key] = _runtime().NerModel(path, **kwargs)
        return model


class NerDetector:
    """Detector ``ner`` (see the module docstring)."""

    id = "ner"
    version = "1.0"

    def __init__(self, path: Path | None = None) -> None:
        self.path = path

    def prepare(self, ctx: RunContext) -> None:
        """Load the model ahead of use (Pipeline.preload); a missing one is left for
        :meth:`detect` to report."""
        self._model_if_ready(ctx)

    def _model_if_ready(self, ctx: RunContext) -> Any | None:
        """The loaded model, or None when the NER is off or its (shipped) model is missing."""
        settings = ctx.settings
        if not settings.get(SECTION, "ner", True):
            return None
        path = self.model_dir(settings)
        if not settings.get(SECTION, "ner_model", "") and not model_available(path)[0]:
            return None
        return load_model(path, int(settings.get(SECTION, "threads", 0) or 0))

    def model_dir(self, settings: Any) -> Path | None:
        """The model folder: an imported model (``ner_model``), a folder in the shipped
        layout (``ner_path``: `redactor evaluate`'s out-of-fold models) or the shipped one."""
        name = str(settings.get(SECTION, "ner_model", "") or "")
        if name:
            return imported_model_dir(name)
        folder = str(settings.get(SECTION, "ner_path", "") or "")
        return Path(folder) if folder else self.path

    def prefetch(self, doc: Document, ctx: RunContext) -> None:
        """Start the model's pass over ``doc`` in the background (Pipeline.prefetch);
        :meth:`detect` takes its result. Does nothing when the model is off or missing."""
        model = self._model_if_ready(ctx) if doc.text.strip() else None
        if model is not None:
            model.prefetch(doc.text)

    def prefetch_many(self, docs: list[Document], ctx: RunContext) -> None:
        """Start the model's passes over several documents in one background job: on a GPU
        their windows share batches (``NerModel.prefetch_many``); on the CPU as
        :meth:`prefetch`, one by one."""
        texts = [d.text for d in docs if d.text.strip()]
        model = self._model_if_ready(ctx) if texts else None
        if model is not None:
            model.prefetch_many(texts)

    def prefetch_group(self, ctx: RunContext) -> int:
        """How many documents a caller should read ahead and hand to :meth:`prefetch_many`
        at once: :data:`GPU_READ_AHEAD` when the model runs on a GPU (windows batched by
        the dozen), else 1."""
        from redactor_plugins.shared.onnx_sessions import default_providers

        try:
            gpu = "CUDAExecutionProvider" in default_providers()
        except RuntimeError:  # --device cuda without CUDA: detect() says so
            return 1
        model = self._model_if_ready(ctx) if gpu else None
        return GPU_READ_AHEAD if model is not None and model.batch_size > 1 else 1

    def detect(self, doc: Document, ctx: RunContext) -> Iterator[Finding]:
        settings = ctx.settings
        if not settings.get(SECTION, "ner", True) or not doc.text.strip():
            return
        min_score = float(settings.get(SECTION, "ner_min_score", 0.0) or 0.0)
        name = str(settings.get(SECTION, "ner_model", "") or "")
        path = self.model_dir(settings)
        if not name:
            ok, why = model_available(path)
            if not ok:
                raise ModelIntegrityError(why)
        model = load_model(path, int(settings.get(SECTION, "threads", 0) or 0))
        ctx.check()
        found: list[Finding] = []
        delim = delimited_table(doc.text) if doc.format == "txt" else (  # a CSV export, or
            "\t" if doc.format == "docx" and tab_tables(doc.text) else "")  # a DOCX table
        wrap = wrap_width(doc.text) if doc.format == "txt" and not delim else 0
        for span_start, span_end, raw, score in model.predict(doc.text):
            if span_end <= span_start or float(score) < min_score:
                continue
            pieces = split_at_breaks(doc.text, int(span_start), int(span_end),
                                     soft_newlines=doc.format == "pdf", wrap=wrap)
            if delim:  # "J. Kaur⏎CP-1044": no span runs from one cell into the next
                pieces = [p for s, e in pieces for p in split_at_cells(doc.text, s, e, delim)]
            kind = (map_label(str(raw), "") or (None,))[0]
            if kind in (Label.PERSON, Label.ORG, Label.LOC, Label.MISC):  # "Grounds - … Act"
                pieces = [p for s, e in pieces for p in split_at_dashes(doc.text, s, e)]
            elif kind in (Label.CODE, Label.QUANTITY):  # "153.53⏎11" of a statement
                pieces = [p for s, e in pieces for p in split_between_numbers(doc.text, s, e)]
            for start, end in pieces:
                text = doc.text[start:end]
                mapped = map_label(str(raw), text)
                if mapped is None:
                    continue
                label, subtype = mapped
                if label == Label.DATETIME and (not _TEMPORAL.search(text)
                                                or _UNANCHORED.fullmatch(text.strip())):
                    continue
                found.append(Finding(Span(start, end), label, text, subtype=subtype,
                                     score=round(float(score), 4), detector=self.id,
                                     explanation=f"NER model ({raw})"))
        found = mend_model_spans(doc.text, found, self.id)
        if delim:  # a table's column says what its cells are ("Paris" of a "Forename" column)
            found = [f if kind == (f.label, f.subtype) else f.with_(label=kind[0],
                                                                    subtype=kind[1])
                     for f in found for kind in [column_type(
                         doc.text, f.span.start, f.span.end, f.label, f.subtype)]]
        yield from found
        if settings.get(SECTION, "propagate_mentions", True):
            ctx.check()
            aliases = [a for a in defined_aliases(doc.text, found, self.id)
                       + native_names(doc.text, found, self.id)
                       if not bare_government_finding(doc.text, a)]
            yield from aliases
            # no bare "Government" is in found or aliases, so none is propagated
            yield from propagate(doc.text, found, self.id,
                                 always=aliases + name_parts(doc.text, found, self.id))
