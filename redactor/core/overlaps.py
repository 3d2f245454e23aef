"""Default overlap resolution between findings of different detectors.

Rules, in order: identical spans merge (their detectors are united, the label most of them
agree on is kept, with the best score among those that agree; a user's always-mask term
takes the type a detector gives the same or an overlapping span);
among overlapping spans a checksum-validated pattern beats a model guess, then the longer
span wins, then the higher confidence, then the earlier detector. Losers that agree on the
label donate their detector names to the winner, so reports show every detector that saw it.

One exception keeps every detected character masked: a finding that strictly contains the
(validated) findings it overlaps is not cut down to them. It keeps its extent and takes the
type of the strongest finding inside ("ACME-2024-000123" from a plugin around a validated
"2024-000123" stays whole, typed as the pattern says). Only a validated finding can beat a
longer one, so nothing else changes — except that a span stringing validated identifiers
together with only punctuation and conjunctions between them ("B MW 1234 and 34 ABC 123")
leaves them apart (an identifier is one finding). A user's always-mask term inside a longer
finding is enclosed the same way, so that adding a term never unmasks a character: "Peter
Okafor" from the NER around the term "Okafor" stays whole, keeps the NER's type (a term's
default label, MISC, only fills in where no detector typed the place) and is always masked
(``redactor.core.analysis.decide``: a finding from the terms detector whose text contains a
term as whole words). A finding that only partly overlaps a user's term keeps its parts
outside the term as findings of their own ("Mr Peter" of "Mr Peter Okafor" beside the term
"Okafor of Leeds"). A person's name that loses to an overlapping finding keeps its parts
outside it the same way, where a part holds a capitalised word: "NOLAN" of "PC 4471 NOLAN"
beside a plate-shaped "15 PC 4471", "Dr Sanjay" of "Dr Sanjay Mehta" beside the place of care
"Mehta of Bootle Village Surgery" (what named a person is never left in clear because another
finding took part of it).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from redactor.core.model import Finding, Label, Span


def _priority(f: Finding) -> tuple[int, int, float]:
    return (1 if f.validated else 0, len(f.span), f.score)


WEAK_LABEL_DETECTORS = frozenset({"terms"})


def _weak_label(f: Finding) -> bool:
    """Findings whose label is only a default (a user's term, labelled MISC unless the user
    chose a label) adopt the type a detector gives the same place."""
    return f.detector in WEAK_LABEL_DETECTORS and f.label == Label.MISC


def merge_identical(findings: Sequence[Finding]) -> list[Finding]:
    """Collapse findings with exactly the same span into one.

    The label is the one most detectors agree on (a validated finding decides alone; ties
    go to the higher total confidence); the score is the best among those that agree; the
    subtype a validated finding's, else a look-alike's (``NATIONAL_ID_CZ_LIKE``: a scheme
    whose cue or layout the text shows), else the strongest one's (a model's guess from the
    span's shape, ``CASE_NUMBER``).
    """
    groups: dict[Span, list[Finding]] = {}
    for f in findings:
        groups.setdefault(f.span, []).append(f)
    out: list[Finding] = []
    for group in groups.values():
        if len(group) == 1:
            out.append(group[0])
            continue
        typed = [f for f in group if not _weak_label(f)]
        validated = [f for f in typed if f.validated]
        pool = validated or typed or group
        votes: dict[object, tuple[int, float]] = {}
        for f in pool:
            n, total = votes.get(f.label, (0, 0.0))
            votes[f.label] = (n + 1, total + f.score)
        label = max(votes, key=lambda lab: votes[lab])
        agreeing = [f for f in group if f.label == label]
        best = max(agreeing, key=_priority)
        detectors = tuple(dict.fromkeys(d for f in group for d in f.detectors))
        schemes = [f for f in agreeing if f.subtype.endswith("_LIKE")]  # a scheme's reading
        subtype = (best.subtype if best.validated or not schemes else schemes[0].subtype) \
            or next((f.subtype for f in agreeing if f.subtype), "")  # beats a shape's guess
        out.append(best.with_(detectors=detectors, score=max(f.score for f in agreeing),
                              validated=any(f.validated for f in group), subtype=subtype))
    return out


def ranked(findings: Sequence[Finding]) -> list[Finding]:
    """Identical spans merged, then strongest first (validated, longer, more confident,
    earlier): the order in which :func:`resolve_overlaps` accepts them."""
    merged = merge_identical([f for f in findings if len(f.span) > 0])
    order = sorted(range(len(merged)), key=lambda i: (_priority(merged[i]), -i), reverse=True)
    return [merged[i] for i in order]


def absorb(accepted: Finding, loser: Finding) -> Finding:
    """What an accepted finding keeps of an overlapping one that lost to it: a user's term
    takes the type a detector saw there ("Tomas Berg" → PERSON); the same label donates its
    detectors (and a subtype, when the loser lies inside)."""
    extra = tuple(d for d in loser.detectors if d not in accepted.detectors)
    if _weak_label(accepted) and not _weak_label(loser) and accepted.label != loser.label:
        return accepted.with_(label=loser.label, subtype=loser.subtype,
                              detectors=accepted.detectors + extra)
    if accepted.label == loser.label:
        subtype = accepted.subtype or (
            loser.subtype if accepted.span.contains(loser.span) else "")
        if extra or subtype != accepted.subtype:
            return accepted.with_(detectors=accepted.detectors + extra, subtype=subtype)
    return accepted


def encloses(outer: Finding, overlapped: Sequence[Finding]) -> bool:
    """Whether ``outer`` contains every finding it overlaps."""
    return all(outer.span.contains(f.span) for f in overlapped)


#: What may stand between two identifiers in a list: punctuation and conjunctions.
_FILLER = re.compile(r"(?i)[\s,;/&+()\-]*(?:(?:and|or|und|oder|et|ou|y|og|eller|och|en)"
                     r"[\s,;/&+()\-]*)?")


def only_fills_between(outer: Finding, inner: Sequence[Finding]) -> bool:
    """Whether ``outer`` merely strings together validated identifiers: two or more of them,
    with nothing else than punctuation and conjunctions between and around them ("B MW 1234
    and 34 ABC 123" from a model, around two validated plates). Each stays its own finding
    then, and the filler is not masked."""
    codes = sorted((f for f in inner if f.validated and f.label == Label.CODE),
                   key=lambda f: f.span.start)
    if len(codes) < 2 or len(codes) != len(inner):
        return False
    at = outer.span.start
    for f in (*codes, None):
        end = f.span.start if f is not None else outer.span.end
        if not _FILLER.fullmatch(outer.text[at - outer.span.start:end - outer.span.start]):
            return False
        if f is not None:
            at = f.span.end
    return True


def enclose(outer: Finding, inner: Sequence[Finding]) -> Finding:
    """``outer``'s extent (no part of it left in clear) with the type, score and validation of
    the strongest finding it contains, and the detectors of all of them. A user's term with
    the default label types nothing: where only such terms lie inside, ``outer`` keeps its
    own type, score and validation."""
    typed = [f for f in inner if not _weak_label(f)]
    best = max(typed, key=_priority) if typed else outer
    detectors = tuple(dict.fromkeys(d for f in (*inner, outer) for d in f.detectors))
    return best.with_(span=outer.span, text=outer.text, detectors=detectors)


def resolve_overlaps(findings: Sequence[Finding]) -> list[Finding]:
    """Return non-overlapping findings sorted by position (see module docstring)."""
    # Accepted findings never overlap one another, so sorted by start their ends are sorted
    # too, and those a candidate overlaps lie just before the first that starts at or after
    # its end: found by bisection, not by comparing with every accepted finding (which was
    # quadratic: seconds of GIL-holding Python for 10,000 findings).
    accepted: list[Finding] = []  # sorted by start
    starts: list[int] = []  # their start offsets
    for cand in ranked(findings):
        k = bisect.bisect_left(starts, cand.span.end)
        j = k
        while j > 0 and accepted[j - 1].span.end > cand.span.start:
            j -= 1
        if j == k:
            starts.insert(k, cand.span.start)
            accepted.insert(k, cand)
        elif only_fills_between(cand, accepted[j:k]):
            continue  # identifiers in a list stay apart; "and" is not masked
        elif encloses(cand, accepted[j:k]):  # never cut a finding down to what it contains
            accepted[j:k] = [enclose(cand, accepted[j:k])]
            starts[j:k] = [cand.span.start]
        else:
            rest = outside_terms(cand, accepted[j:k]) or outside_person(cand, accepted[j:k])
            for i in range(j, k):
                accepted[i] = absorb(accepted[i], cand)
            for piece in rest:  # never overlaps an accepted finding: see outside_terms
                at = bisect.bisect_left(starts, piece.span.start)
                starts.insert(at, piece.span.start)
                accepted.insert(at, piece)
    return accepted


def outside_terms(cand: Finding, overlapped: Sequence[Finding]) -> list[Finding]:
    """The parts of a losing ``cand`` outside the findings it overlaps, when one of those is
    a user's term and ``cand`` is not: "Mr Peter" of the NER's "Mr Peter Okafor" beside the
    term "Okafor of Leeds" (a term never unmasks what a detector found). Each part keeps
    ``cand``'s type, trimmed of spaces and punctuation; none without a letter or digit."""
    if cand.detector in WEAK_LABEL_DETECTORS or not any(
            f.detector in WEAK_LABEL_DETECTORS for f in overlapped):
        return []
    return _outside(cand, overlapped)


_CAPITALISED = re.compile(r"(?<![\w'’])[A-Z][A-Za-z'’-]+")


def outside_person(cand: Finding, overlapped: Sequence[Finding]) -> list[Finding]:
    """The parts of a losing person's name outside the findings it overlaps that hold a
    capitalised word ("NOLAN" of "PC 4471 NOLAN" beside "15 PC 4471"); none when a finding
    it overlaps is a person too (the name is then already masked as one)."""
    if cand.label != Label.PERSON or any(f.label == Label.PERSON for f in overlapped):
        return []
    return [f for f in _outside(cand, overlapped) if _CAPITALISED.search(f.text)]


def _outside(cand: Finding, overlapped: Sequence[Finding]) -> list[Finding]:
    pieces, at = [], cand.span.start
    for f in sorted(overlapped, key=lambda f: f.span.start):
        pieces.append((at, f.span.start))
        at = max(at, f.span.end)
    pieces.append((at, cand.span.end))
    out = []
    for a, b in pieces:
        if b <= a:
            continue
        text = cand.text[a - cand.span.start:b - cand.span.start]
        lead = len(text) - len(text.lstrip(_EDGE))
        text = text.strip(_EDGE)
        if any(c.isalnum() for c in text):
            start = a + lead
            out.append(cand.with_(span=Span(start, start + len(text)), text=text))
    return out


_EDGE = " \t\n\r\u00a0,;:.-–—()[]\"'“”‘’"
