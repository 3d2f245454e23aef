"""``check_detector``: the contract of :class:`~redactor.plugin_api.Detector`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from redactor.core.model import Document, Finding, Label, Span
from redactor.testing.checks.common import Checker, is_real
from redactor.testing.documents import document_from_text
from redactor.testing.samples import huge_text, sample_items

Key = tuple[tuple[Any, ...], ...]


def check_detector(detector: Any, *, samples: Sequence[str] | None = None,
                   settings: Mapping[str, Any] | None = None,
                   context: Mapping[str, Any] | None = None, huge_chars: int = 1_000_000,
                   time_limit: float = 300.0) -> None:
    """Check a detector; raise :class:`ConformanceError` listing every problem.

    Tries: ``id``/``version``; the empty document; the built-in samples (CRLF, Hebrew and
    Arabic with U+200F, combining marks, emoji, fullwidth forms, odd whitespace) and
    ``samples`` (your texts, on which it must find something); every finding is a
    :class:`Finding` with a :class:`Span` inside the text, a :class:`Label` member, ``text ==
    doc.text[start:end]``, a score in [0, 1] and ``detector == id``; the same findings on a
    second call and from two threads at once; a document of ``huge_chars`` characters within
    ``time_limit`` seconds; no network, and no document text in logs, output, warnings,
    progress messages or exception messages. ``settings`` are the run's settings sections
    (e.g. ``{"recognizer": {"rampart": True}}``).
    """
    with Checker("detector", detector, settings, context) as c:
        if not c.identity(["detect"]):
            return
        for text in samples or ():
            c.secrets += [line.strip() for line in text.splitlines() if len(line.strip()) >= 20]
        empty = _detect(c, "the empty document", "")
        c.expect(empty is None or not empty, "the empty document: returned findings")
        items = sample_items(samples)
        first: dict[str, Key] = {}
        found_in_own = False
        for name, text in items:
            found = _detect(c, f"sample '{name}'", text)
            if found is not None:
                first[name] = _key(found)
                if name.startswith("sample "):
                    found_in_own = found_in_own or bool(found)
                    c.secrets += [f.text for f in found if isinstance(f, Finding)
                                  and isinstance(f.text, str) and len(f.text.strip()) >= 5]
        if samples and not found_in_own:
            c.problem("found nothing in the given samples, so its findings could not be "
                      "checked (give samples it should find something in)")
        stable = True
        for name, text in items:
            again = _detect(c, f"sample '{name}' (second call)", text)
            if again is not None and name in first and _key(again) != first[name]:
                stable = False
                c.fault("again", f"sample '{name}': a second call gave other findings "
                        "(not deterministic)")
        small = [(n, t) for n, t in items if n in first]

        def all_samples(i: int) -> dict[str, Key]:  # the second thread goes backwards
            return {n: _key(list(detector.detect(document_from_text(t), c.ctx())))
                    for n, t in (small if i == 0 else small[::-1])}

        for outcome in c.threads("detect from two threads at once", all_samples):
            if stable and outcome.ok and outcome.value != {n: first[n] for n, _ in small}:
                c.problem("two threads calling detect at the same time got other findings "
                          "than one thread alone (not thread-safe)")
                break
        if huge_chars > 0:
            text = huge_text(huge_chars)
            doc = document_from_text(text, "huge.txt")
            what = f"a {len(text):,}-character document"
            out = c.bounded(f"detect on {what}", lambda: list(detector.detect(doc, c.ctx())),
                            time_limit)
            if out.ok:
                c.note(f"detect on {what}: {out.seconds:.1f} s, {len(out.value or [])} "
                       "findings")
                validate_findings(c, what, doc, out.value or [], getattr(detector, "id", ""))


def _detect(c: Checker, what: str, text: str) -> list[Any] | None:
    doc = document_from_text(text, "sample.txt")
    result = c.call(f"detect on {what}", c.obj.detect, doc, c.ctx())  # type: ignore[attr-defined]
    if not result.ok:
        return None
    if not isinstance(result.value, Iterable) or isinstance(result.value, str | bytes):
        c.problem(f"detect on {what}: returned a {type(result.value).__name__}, not an "
                  "iterable of findings")
        return None
    found = c.call(f"detect on {what} (iterating the result)", list, result.value)
    if not found.ok or found.value is None:
        return None
    validate_findings(c, what, doc, found.value, getattr(c.obj, "id", ""))
    return found.value


def validate_findings(c: Checker, what: str, doc: Document, found: Sequence[Any],
                      detector_id: str) -> None:
    """Every item is a well-formed finding inside ``doc`` (one problem per kind of fault)."""
    faults: dict[str, str] = {}
    n = len(doc.text)
    for f in found:
        if not isinstance(f, Finding):
            faults.setdefault("type", f"returned a {type(f).__name__}, not a Finding")
            continue
        span = f.span
        if not (isinstance(span, Span) and all(isinstance(v, int) and not isinstance(v, bool)
                                               for v in (span.start, span.end))):
            faults.setdefault("span", f"a span is a {type(span).__name__}, not a Span of ints")
            continue
        where = f"[{span.start}, {span.end})"
        if not 0 <= span.start < span.end <= n:
            faults.setdefault("range", f"span {where} is empty or outside the text [0, {n})")
            continue
        if not isinstance(f.label, Label):
            faults.setdefault("label", f"the label of {where} is a {type(f.label).__name__}; "
                              "use a redactor.plugin_api.Label member, not a string")
        if f.text != doc.text[span.start:span.end]:
            faults.setdefault("text", f"finding.text of {where} is not doc.text[{span.start}:"
                              f"{span.end}]")
        if not (is_real(f.score) and 0.0 <= f.score <= 1.0):
            shown = f"{f.score:g}" if is_real(f.score) else f"a {type(f.score).__name__}"
            faults.setdefault("score", f"the score of {where} is {shown}, not a number in "
                              "[0, 1]")
        if f.detector != detector_id:
            faults.setdefault("detector", f"finding.detector of {where} is not the detector's "
                              "id")
        for attr, kind in (("subtype", str), ("explanation", str), ("validated", bool)):
            if not isinstance(getattr(f, attr), kind):
                faults.setdefault(attr, f"finding.{attr} of {where} is not a {kind.__name__}")
    for key, fault in faults.items():
        c.fault(f"detect:{key}", f"{what}: {fault}")


def _key(found: Sequence[Any]) -> Key:
    out = []
    for f in found:
        if isinstance(f, Finding) and isinstance(f.span, Span):
            score = round(f.score, 4) if is_real(f.score) else repr(f.score)
            out.append((f.span.start, f.span.end, str(f.label), f.subtype, f.text, score,
                        f.validated))
        else:
            out.append((repr(type(f)),))
    return tuple(out)
