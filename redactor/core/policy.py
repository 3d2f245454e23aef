"""Redaction policies: per-label actions, strategies and levels, term lists, risk settings.

A policy is a TOML file. Presets ship in ``resources/policies``; ``--policy NAME`` picks a
preset and ``--policy FILE`` a user's file. Example::

    name = "research"
    strategy = "label"                 # default strategy
    context = ["MISC/LEGAL_PROVISION"] # findings of these types are listed only when masked
    [labels.LOC]
    action = "auto"                    # auto (risk decides) | mask | keep | review
    strategy = "generalize"
    level = "country"
    [terms]
    always_mask = ["Project Falcon"]
    never_mask = ["European Court of Human Rights"]
    [risk]
    combiner = "vote"                  # or "learned"
    k = 1
    indicators = []                    # empty: every enabled indicator
    [risk.thresholds]                  # this policy's operating point (else each indicator's own)
    span-classifier = 0.14
    sequence-labelling = 0.2
    [review]                           # triage: uncertain decisions go to REVIEW
    propagated = true                  # masked only because its entity is masked elsewhere
    [review.detection]                 # per label: detector scores below go to review
    PERSON = 0.5
    [review.margin]                    # per label: risk scores this close to the thresholds
    ORG = 0.3
    [review.disagreement]              # per label: masked though at most this share of the
    ORG = 0.25                         # indicators says risky (1 of 4)
    [options]
    redact_marker = "[REDACTED]"
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from redactor.core.errors import UsageError
from redactor.core.model import Label
from redactor.core.resources import resource_path

ACTIONS = ("auto", "mask", "keep", "review")


@dataclass(frozen=True, slots=True)
class LabelRule:
    """What to do with findings of one label."""

    action: str = "auto"
    strategy: str = ""
    level: str = ""


@dataclass(frozen=True, slots=True)
class ReviewRule:
    """When a decision is uncertain enough to send the finding to REVIEW (``[review]``; see
    :func:`redactor.core.combine.triage`). Per-label values are (label, number) pairs, so a
    policy stays hashable and picklable."""

    enabled: bool = True
    #: a mention masked only because another mention of its entity is masked
    propagated: bool = False
    #: (label, score): a detector score below it is an uncertain detection
    detection: tuple[tuple[str, float], ...] = ()
    #: (label, margin): masked on risk scores at most this far above the thresholds
    margin: tuple[tuple[str, float], ...] = ()
    #: (label, share): masked although at most this share of the indicators says risky (the
    #: indicators disagree: 0.25 sends "1 of 4 say risky" to review)
    disagreement: tuple[tuple[str, float], ...] = ()

    def detection_for(self, label: str) -> float:
        return dict(self.detection).get(str(label), 0.0)

    def disagreement_for(self, label: str) -> float:
        return dict(self.disagreement).get(str(label), 0.0)

    def margin_for(self, label: str) -> float:
        return dict(self.margin).get(str(label), 0.0)


@dataclass(frozen=True, slots=True)
class Policy:
    """A complete, validated policy."""

    name: str = "default"
    description: str = ""
    strategy: str = "redact"
    labels: Mapping[Label, LabelRule] = field(default_factory=dict)
    always_mask: tuple[str, ...] = ()
    never_mask: tuple[str, ...] = ()
    combiner: str = "vote"
    k: int = 1
    indicators: tuple[str, ...] = ()
    #: indicator id → the score from which it says "risky" under this policy
    thresholds: Mapping[str, float] = field(default_factory=dict)
    options: Mapping[str, str] = field(default_factory=dict)
    #: types ("LABEL" or "LABEL/SUBTYPE") whose findings are *context*: they take part in
    #: detection (their parts are no findings of their own) but identify no one by
    #: themselves, so the analysis lists them only when they are masked or under review
    context: tuple[str, ...] = ()
    #: triage: which uncertain decisions go to review (``[review]``; off when absent)
    review: ReviewRule = field(default_factory=lambda: ReviewRule(enabled=False))

    def __post_init__(self) -> None:
        object.__setattr__(self, "labels", MappingProxyType(dict(self.labels)))
        object.__setattr__(self, "thresholds", MappingProxyType(dict(self.thresholds)))
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))

    def threshold_for(self, *keys: str) -> float | None:
        """This policy's risk threshold for the first of ``keys`` it sets (an indicator id,
        or a more specific form such as "sequence-labelling (strict)" first), else None."""
        for key in keys:
            if key in self.thresholds:
                return self.thresholds[key]
        return None

    def is_context(self, label: Label, subtype: str) -> bool:
        """Whether a finding of this type is context (see :attr:`context`)."""
        return str(label) in self.context or f"{label}/{subtype}" in self.context

    def rule(self, label: Label) -> LabelRule:
        return self.labels.get(label, LabelRule())

    def strategy_for(self, label: Label) -> str:
        return self.rule(label).strategy or self.strategy

    def with_terms(self, always: tuple[str, ...] = (), never: tuple[str, ...] = ()) -> Policy:
        return dataclasses.replace(
            self,
            always_mask=self.always_mask + tuple(always),
            never_mask=self.never_mask + tuple(never),
        )

    def with_strategy(self, strategy: str) -> Policy:
        """Use ``strategy`` for every label (a command-line ``--strategy`` override)."""
        labels = {lab: dataclasses.replace(rule, strategy="") for lab, rule in self.labels.items()}
        return dataclasses.replace(self, strategy=strategy, labels=labels)


def _str_tuple(value: Any, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise UsageError(f"policy: {where} must be a list of strings")
    return tuple(value)


def policy_from_dict(data: Mapping[str, Any], fallback_name: str = "custom") -> Policy:
    """Validate a parsed TOML mapping into a :class:`Policy`."""
    for section in ("labels", "terms", "risk", "options", "review"):
        if not isinstance(data.get(section, {}), Mapping):
            raise UsageError(f"policy: [{section}] must be a table")
    labels: dict[Label, LabelRule] = {}
    for key, raw in dict(data.get("labels", {})).items():
        try:
            label = Label(str(key).upper())
        except ValueError as exc:
            raise UsageError(f"policy: unknown label {key!r}") from exc
        if not isinstance(raw, Mapping):
            raise UsageError(f"policy: [labels.{key}] must be a table")
        action = str(raw.get("action", "auto")).lower()
        if action not in ACTIONS:
            raise UsageError(f"policy: action for {key} must be one of {', '.join(ACTIONS)}")
        labels[label] = LabelRule(action, str(raw.get("strategy", "")), str(raw.get("level", "")))
    terms = dict(data.get("terms", {}))
    risk = dict(data.get("risk", {}))
    k = risk.get("k", 1)
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise UsageError("policy: risk.k must be a positive integer")
    options = {str(a): str(b) for a, b in dict(data.get("options", {})).items()}
    for key, value in options.items():  # XML (DOCX) and PDF text cannot hold them
        if any(ord(c) < 32 and c not in "\t\n\r" or ord(c) == 127 for c in value):
            raise UsageError(f"policy: options.{key} contains a control character")
    thresholds: dict[str, float] = {}
    raw_thresholds = risk.get("thresholds", {})
    if not isinstance(raw_thresholds, Mapping):
        raise UsageError("policy: [risk.thresholds] must be a table of indicator = number")
    for key, value in raw_thresholds.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise UsageError(f"policy: risk.thresholds.{key} must be a number >= 0")
        thresholds[str(key)] = float(value)
    combiner = str(risk.get("combiner", "vote"))  # plugins may add combiners: not checked here
    indicators = _str_tuple(risk.get("indicators"), "risk.indicators")
    if indicators and k > len(indicators):
        raise UsageError(f"policy: risk.k = {k} but only {len(indicators)} indicator(s) are "
                         "enabled: no span could ever reach the vote")
    context = _str_tuple(data.get("context"), "context")
    for entry in context:
        if entry.split("/", 1)[0] not in Label.__members__:
            raise UsageError(f"policy: unknown label in context entry {entry!r} (LABEL or "
                             "LABEL/SUBTYPE)")
    return Policy(
        context=context,
        review=_review_rule(data.get("review")),
        name=str(data.get("name", fallback_name)),
        description=str(data.get("description", "")),
        strategy=str(data.get("strategy", "redact")),
        labels=labels,
        always_mask=_str_tuple(terms.get("always_mask"), "terms.always_mask"),
        never_mask=_str_tuple(terms.get("never_mask"), "terms.never_mask"),
        combiner=combiner,
        k=k,
        indicators=indicators,
        thresholds=thresholds,
        options=options,
    )


def _review_rule(raw: Any) -> ReviewRule:
    """The ``[review]`` table (absent: triage off)."""
    if raw is None:
        return ReviewRule(enabled=False)
    per_label: dict[str, tuple[tuple[str, float], ...]] = {}
    for key in ("detection", "margin", "disagreement"):
        table = raw.get(key, {})
        if not isinstance(table, Mapping):
            raise UsageError(f"policy: [review.{key}] must be a table of LABEL = number")
        pairs = []
        for lab, value in table.items():
            if str(lab).upper() not in Label.__members__:
                raise UsageError(f"policy: unknown label {lab!r} in [review.{key}]")
            if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
                raise UsageError(f"policy: review.{key}.{lab} must be a number >= 0")
            pairs.append((str(lab).upper(), float(value)))
        per_label[key] = tuple(sorted(pairs))
    flags = {k: raw.get(k, d) for k, d in (("enabled", True), ("propagated", False))}
    for key, value in flags.items():
        if not isinstance(value, bool):
            raise UsageError(f"policy: review.{key} must be true or false")
    return ReviewRule(flags["enabled"], flags["propagated"], per_label["detection"],
                      per_label["margin"], per_label["disagreement"])


def preset_names() -> list[str]:
    folder = resource_path("policies")
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []


def load_policy(name_or_path: str | Path | None) -> Policy:
    """Load a preset by name (``default``, ``research`` …) or a TOML file by path."""
    if name_or_path is None or name_or_path == "":
        name_or_path = "default"
    candidate = Path(name_or_path)
    if candidate.suffix.lower() == ".toml" or candidate.exists():
        path = candidate
    else:
        path = resource_path("policies") / f"{name_or_path}.toml"
        if not path.is_file():
            known = ", ".join(preset_names()) or "none"
            raise UsageError(f"unknown policy {str(name_or_path)!r} (presets: {known})")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise UsageError(f"policy file not found: {path}") from exc
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"policy file {path.name} is not valid TOML: {exc}") from exc
    return policy_from_dict(data, fallback_name=path.stem)
