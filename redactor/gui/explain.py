"""Explanations for caseworkers, not developers: labels, detectors and decisions in words.

:func:`headline` is the one sentence shown first for a finding ("Masked: a name that
identifies someone; found by the name model and the name list, 97 % sure."); the detail pane
folds the technical details below it. :data:`LABEL_WORDS` explains each label wherever one is
shown (lists, legend, dialogs). Qt-free.
"""

from __future__ import annotations

from redactor.core.analysis import Analysis
from redactor.core.model import Action, Finding, Label

#: What each label means, in words (tooltips, legend, label choosers).
LABEL_WORDS: dict[str, str] = {
    "PERSON": "person: a name, with titles and initials",
    "CODE": "code: an ID, case or account number, phone number, e-mail…",
    "LOC": "place: country, city, address, building…",
    "ORG": "organisation: company, court, school, public body…",
    "DEM": "demographic: age, job, nationality, religion…",
    "DATETIME": "date or time: a day, a period, an hour…",
    "QUANTITY": "amount: money, percentage, count, measure…",
    "MISC": "other identifying detail: an event, a product, a vessel…",
}
_WHAT = {
    "PERSON": "a name that identifies someone",
    "CODE": "a number or code that identifies someone",
    "LOC": "a place that can point to someone",
    "ORG": "an organisation that can point to someone",
    "DEM": "a personal detail (age, job, nationality…) that can point to someone",
    "DATETIME": "a date or time that can point to someone",
    "QUANTITY": "an amount that can point to someone",
    "MISC": "a detail that can point to someone",
}
_DETECTORS = {
    "ner": "the name model",
    "gazetteer": "the name list",
    "patterns": "a pattern check (format and checksum)",
    "terms": "your always-mask list",
    "reviewer": "you",
    "gold": "the annotators",
}


def label_words(label: str | Label) -> str:
    """``"DEM — demographic: age, job, nationality, religion…"``."""
    words = LABEL_WORDS.get(str(label))
    return f"{label} — {words}" if words else str(label)


def detector_name(detector: str) -> str:
    return _DETECTORS.get(detector, f"the {detector} detector")


def detector_words(finding: Finding) -> str:
    """Who found it: ``"the name model and the name list"``."""
    names = list(dict.fromkeys(detector_name(d) for d in (finding.detectors
                                                          or (finding.detector,)) if d))
    if not names:
        return "a detector"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def sure(score: float) -> str:
    """A detector's score as "97 %"."""
    return f"{round(100 * max(0.0, min(1.0, score)))} %"


def headline(analysis: Analysis, i: int) -> str:
    """The one sentence a caseworker reads first about finding ``i``."""
    f, d = analysis.findings[i], analysis.decisions[i]
    what = _WHAT.get(str(f.label), "a detail that can point to someone")
    found = ("marked by you" if f.detector == "reviewer"
             else f"found by {detector_words(f)}, {sure(f.score)} sure")
    if d.action == Action.REVIEW:
        return f"To review (masked unless you keep it): {d.reason} It was {found}."
    if d.action == Action.MASK:
        if d.decided_by == "user":
            return f"Masked by you: {what}."
        if d.decided_by == "entity":
            return f"Masked: another mention of the same {_short(f.label)} is masked; {found}."
        return f"Masked: {what}; {found}."
    if d.decided_by == "user":
        return f"Kept in clear by you; {found}."
    if d.decided_by == "policy":
        return f"Kept in clear: {d.reason}; {found}."
    return (f"Kept in clear: the risk checks found it unlikely to identify anyone; "
            f"{found}.")


def _short(label: str | Label) -> str:
    return {"PERSON": "name", "CODE": "code", "LOC": "place", "ORG": "organisation",
            "DATETIME": "date"}.get(str(label), "detail")
