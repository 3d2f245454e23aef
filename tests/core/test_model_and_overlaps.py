from __future__ import annotations

import pytest

from redactor.core.model import Finding, Label, PlannedReplacement, RedactionPlan, Span
from redactor.core.overlaps import resolve_overlaps


def f(start: int, end: int, label: Label = Label.PERSON, score: float = 0.5,
      detector: str = "d", validated: bool = False) -> Finding:
    return Finding(Span(start, end), label, "x" * (end - start), score=score,
                   detector=detector, validated=validated)


def test_span_validation_and_relations() -> None:
    with pytest.raises(ValueError):
        Span(5, 3)
    assert Span(0, 5).overlaps(Span(4, 6))
    assert not Span(0, 5).overlaps(Span(5, 6))
    assert Span(0, 10).contains(Span(2, 3))
    assert len(Span(3, 7)) == 4


def test_longer_span_wins() -> None:
    out = resolve_overlaps([f(0, 5, score=0.9), f(0, 12, score=0.5)])
    assert [x.span for x in out] == [Span(0, 12)]


def test_validated_pattern_beats_longer_model_guess() -> None:
    model = f(0, 20, Label.ORG, score=0.99, detector="ner")
    pattern = f(3, 10, Label.CODE, score=1.0, detector="patterns", validated=True)
    out = resolve_overlaps([model, pattern])
    # the pattern decides the type; the span containing it is not cut (no part left in clear)
    assert [(x.span, x.label) for x in out] == [(Span(0, 20), Label.CODE)]


def test_higher_confidence_wins_at_equal_length() -> None:
    out = resolve_overlaps([f(0, 5, Label.LOC, 0.4), f(1, 6, Label.ORG, 0.8)])
    assert [x.label for x in out] == [Label.ORG]


def test_identical_spans_merge_detectors() -> None:
    out = resolve_overlaps([f(0, 5, detector="a", score=0.3), f(0, 5, detector="b", score=0.7)])
    assert len(out) == 1
    assert set(out[0].detectors) == {"a", "b"}
    assert out[0].score == 0.7


def test_non_overlapping_are_kept_sorted() -> None:
    out = resolve_overlaps([f(10, 12), f(0, 3), f(5, 8)])
    assert [x.span.start for x in out] == [0, 5, 10]


def test_empty_spans_dropped() -> None:
    assert resolve_overlaps([f(3, 3)]) == []


def test_plan_rejects_overlaps_and_applies_in_order() -> None:
    def rep(s: int, e: int, text: str) -> PlannedReplacement:
        return PlannedReplacement(Span(s, e), Label.PERSON, "", "E1", "redact", text, "secret")

    plan = RedactionPlan("d", (rep(6, 11, "[B]"), rep(0, 5, "[A]")))
    assert plan.apply_to_text("Hello world!") == "[A] [B]!"
    with pytest.raises(ValueError):
        RedactionPlan("d", (rep(0, 5, "a"), rep(3, 8, "b")))


def test_identical_spans_take_the_majority_label() -> None:
    out = resolve_overlaps([f(0, 5, Label.ORG, 0.9, "ner"), f(0, 5, Label.LOC, 0.6, "gaz"),
                            f(0, 5, Label.LOC, 0.5, "rampart")])
    assert len(out) == 1
    assert out[0].label == Label.LOC
    assert out[0].score == 0.6
    assert set(out[0].detectors) == {"ner", "gaz", "rampart"}


def test_winner_inherits_subtype_of_contained_same_label_span() -> None:
    long = f(0, 20, Label.DATETIME, 0.8, "ner")
    short = Finding(Span(5, 10), Label.DATETIME, "x" * 5, subtype="DATE", score=0.7,
                    detector="patterns")
    out = resolve_overlaps([long, short])
    assert [(x.span, x.subtype) for x in out] == [(Span(0, 20), "DATE")]


def test_user_term_takes_the_detected_type() -> None:
    term = Finding(Span(3, 13), Label.MISC, "x" * 10, subtype="TERM", detector="terms",
                   validated=True)
    ner_same = f(3, 13, Label.PERSON, 0.8, "ner")
    out = resolve_overlaps([term, ner_same])
    assert [(x.label, x.validated) for x in out] == [(Label.PERSON, True)]
    assert "terms" in out[0].detectors
    ner_longer = f(0, 13, Label.PERSON, 0.8, "ner")  # "Mr Tomas Berg" around "Tomas Berg"
    out = resolve_overlaps([term, ner_longer])
    # the name keeps its extent (a term never unmasks "Mr"), its type and its validation
    assert [(x.span, x.label, x.validated) for x in out] == [(Span(0, 13), Label.PERSON, False)]
    assert set(out[0].detectors) == {"terms", "ner"}
    typed_term = term.with_(label=Label.ORG)  # a label the user chose does type the place
    out = resolve_overlaps([typed_term, ner_longer])
    assert [(x.span, x.label) for x in out] == [(Span(0, 13), Label.ORG)]


def _resolve_by_pairs(findings):  # type: ignore[no-untyped-def]
    """The module's rules applied by comparing each candidate with every accepted finding
    (the obvious quadratic reading of the docstring), as a reference."""
    from redactor.core.overlaps import absorb, enclose, encloses, outside_terms, ranked

    accepted: list = []
    for cand in ranked(findings):
        clash = [i for i, acc in enumerate(accepted) if acc.span.overlaps(cand.span)]
        if not clash:
            accepted.append(cand)
            continue
        inside = sorted((accepted[i] for i in clash), key=lambda f: f.span.start)
        if encloses(cand, inside):  # a finding is not cut down to what it contains
            accepted = [a for i, a in enumerate(accepted) if i not in clash]
            accepted.append(enclose(cand, inside))
            continue
        rest = outside_terms(cand, inside)
        for i in clash:
            accepted[i] = absorb(accepted[i], cand)
        accepted += rest
    return sorted(accepted, key=lambda f: (f.span.start, f.span.end))


def test_overlap_resolution_by_bisection_equals_the_pairwise_rules() -> None:
    import random

    rng = random.Random(5)
    labels = [Label.PERSON, Label.ORG, Label.MISC]
    for _ in range(200):
        findings = []
        for _ in range(rng.randint(0, 60)):
            s = rng.randint(0, 200)
            e = s + rng.randint(0, 20)
            findings.append(Finding(Span(s, e), rng.choice(labels), "x" * (e - s),
                                    detector=rng.choice(["ner", "terms", "patterns"]),
                                    score=rng.choice([0.5, 0.9]), validated=rng.random() < 0.1,
                                    subtype=rng.choice(["", "a"])))
        got = resolve_overlaps(findings)
        assert got == _resolve_by_pairs(findings)
        assert all(not a.span.overlaps(b.span) for a, b in zip(got, got[1:], strict=False))
