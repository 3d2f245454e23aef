"""Explanations for caseworkers, not developers: labels, detectors and decisions in words.

:func:`headline` is the one sentence shown first for a finding ("Masked: a name that
identifies someone; found by the name model and the name list, 97 % sure."); the detail pane
folds the technical details below it. :data:`LABEL_WORDS` explains each label wherever one is
shown (lists, legend, dialogs). :func:`ocr_note` says when a finding's text was read by OCR
from a scan or a picture, and which words near it OCR was unsure of (the reason the core's
:mod:`redactor.core.ocr_review` sends such findings to review). Qt-free.
"""

from __future__ import annotations

from redactor.core.analysis import Analysis
from redactor.core.model import Action, Document, Finding, Label, Span
from redactor.core.ocr_review import GAP, low_spans

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
    if d.action == Action.REVIEW and d.decided_by == "ocr":
        words = ocr_doubts(analysis.document, f.span)
        what_ocr = (f"OCR was unsure of {_quoted(words)} in or next to it"
                    if words else "OCR was unsure of a word in or next to it")
        return (f"To review (masked unless you keep it): {what_ocr} — check it against the "
                f"image ({ocr_place(analysis.document, f.span)}). It was {found}.")
    if d.action == Action.REVIEW:
        return f"To review (masked unless you keep it): {_sentence(d.reason)} It was {found}."
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


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text.endswith((".", "!", "?")) else text + "."


def _quoted(words: list[str]) -> str:
    shown = [f"“{w}”" for w in words[:4]] + (["…"] if len(words) > 4 else [])
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def offset_ranges(value: object) -> list[tuple[int, int]]:
    """``"12-20,31-40"`` (document metadata written by the OCR readers) as ranges."""
    out = []
    for item in str(value or "").split(","):
        a, _, b = item.partition("-")
        if a.strip().isdigit() and b.strip().isdigit() and int(a) < int(b):
            out.append((int(a), int(b)))
    return sorted(out)


def read_by_ocr(doc: Document, span: Span) -> bool:
    """Whether (part of) ``span`` is text OCR read from a scan or a picture."""
    return any(a < span.end and span.start < b
               for a, b in offset_ranges(doc.metadata.get("ocr_spans")))


def ocr_doubts(doc: Document, span: Span) -> list[str]:
    """The words OCR read with low confidence in or next to ``span`` (the rule of
    :mod:`redactor.core.ocr_review`), as read."""
    return [doc.text[a:b] for a, b in low_spans(doc)
            if a < span.end + GAP and span.start - GAP < b]


def ocr_place(doc: Document, span: Span) -> str:
    """Where the text was read: "page 2", "the picture word/media/image1.png"."""
    for seg in doc.segments:
        if seg.span.start <= span.start < max(seg.span.end, seg.span.start + 1):
            if seg.locator.startswith("page:"):
                return f"page {seg.locator[5:]}"
            if seg.locator.startswith("ocr:"):
                return f"the picture {seg.locator[4:].rsplit('/', 1)[-1]}"
    return "the scan"


def ocr_note(analysis: Analysis, i: int) -> str:
    """A sentence for a finding whose text OCR read ("" for any other): where it was read,
    by which engine, and the words OCR was unsure of in or next to it."""
    doc, f = analysis.document, analysis.findings[i]
    if not read_by_ocr(doc, f.span):
        return ""
    engine = str(doc.metadata.get("ocr_engine", "") or "").split(" ", 1)[0]
    out = f"Read by OCR from {ocr_place(doc, f.span)}" + (f" ({engine})" if engine else "")
    doubts = ocr_doubts(doc, f.span)
    if doubts:
        return (out + f"; OCR was unsure of {_quoted(doubts)}: a misread letter can hide "
                "part of a name or number, so compare with the image (View → Show the "
                "OCR'd words, O).")
    return out + ": compare with the image if in doubt (View → Show the OCR'd words, O)."
