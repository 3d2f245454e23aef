"""Hand-computed cases for TAB's masking metrics."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from redactor.evaluation import evaluate_tab, wordlist_pos_tagger
from redactor.evaluation.tab_metrics import CLOSED_CLASS_POS, make_spacy_pos_tagger


def at(text: str, sub: str, nth: int = 0, length: int | None = None) -> tuple[int, int]:
    start = -1
    for _ in range(nth + 1):
        start = text.index(sub, start + 1)
    return (start, start + (len(sub) if length is None else length))


TEXT_A = "Mr John Smith of Oslo met the Court of Appeal on 3 May 1990. Smith left."
TEXT_B = "Anna Berg, a nurse from Bergen, was born in 1970. In 1970 Berg moved."


@pytest.fixture
def doc_a(make_doc):
    t = TEXT_A
    return make_doc(
        "A",
        t,
        {
            "a1": [
                ("e1", "PERSON", "DIRECT", at(t, "Mr John Smith")),
                ("e2", "LOC", "QUASI", at(t, "Oslo")),
                ("e3", "ORG", "QUASI", at(t, "the Court of Appeal")),
                ("e4", "DATETIME", "QUASI", at(t, "3 May 1990")),
                ("e1", "PERSON", "DIRECT", at(t, "Smith", 1)),
                ("e5", "MISC", "NO_MASK", at(t, "left")),
            ]
        },
    )


@pytest.fixture
def doc_b(make_doc):
    t = TEXT_B
    return make_doc(
        "B",
        t,
        {
            "a1": [
                ("e1", "PERSON", "DIRECT", at(t, "Anna Berg")),
                ("e2", "DEM", "QUASI", at(t, "a nurse")),
                ("e3", "LOC", "QUASI", at(t, "Bergen")),
                ("e4", "DATETIME", "NO_MASK", at(t, "1970")),
            ],
            "a2": [
                ("f1", "PERSON", "DIRECT", at(t, "Anna Berg")),
                ("f1", "PERSON", "DIRECT", at(t, "Berg moved", length=4)),
                ("f2", "LOC", "QUASI", at(t, "Bergen")),
                ("f3", "DATETIME", "NO_MASK", at(t, "1970")),  # first mention says NO_MASK,
                ("f3", "DATETIME", "QUASI", at(t, "1970", 1)),  # a later one QUASI: needs masking
            ],
        },
    )


OUT_A = [
    at(TEXT_A, "John Smith"),
    at(TEXT_A, "Oslo"),
    at(TEXT_A, "Court of Appeal"),
    at(TEXT_A, "3 May"),
    at(TEXT_A, "met"),
]
OUT_B = [at(TEXT_B, "Anna Berg"), at(TEXT_B, "nurse"), at(TEXT_B, "Bergen"), at(TEXT_B, "1970", 1)]


def test_single_annotator_hand_computed(doc_a):
    r = evaluate_tab([doc_a], {"A": OUT_A})
    # e1 leaks through its second mention "Smith"; e4 leaks "1990".
    assert (r.direct_entities, r.direct_entities_masked) == (1, 0)
    assert (r.quasi_entities, r.quasi_entities_masked) == (3, 2)
    assert r.er_direct == 0.0
    assert r.er_quasi == pytest.approx(2 / 3)
    assert r.er_all == pytest.approx(2 / 4)
    # tokens: Mr(exempt) John Smith | Smith(x) | Oslo | the(exempt) Court of Appeal | 3 May 1990(x)
    assert (r.recall_tokens_masked, r.recall_tokens) == (10, 12)
    assert (r.recall_mentions_masked, r.recall_mentions) == (3, 5)
    assert dict(r.recall_per_type) == pytest.approx(
        {"PERSON": 3 / 4, "LOC": 1.0, "ORG": 1.0, "DATETIME": 2 / 3}
    )
    # system tokens: John Smith Oslo Court of Appeal 3 May met -> 8 of 9 inside masked mentions
    assert r.system_tokens == 9
    assert r.token_precision == pytest.approx(8 / 9)
    p, rec = 8 / 9, 10 / 12
    assert r.f1 == pytest.approx(2 * p * rec / (p + rec))
    assert r.weighted_precision is None and r.weight_model is None


def test_weighted_precision_uses_supplied_weights(doc_a):
    def by_length(text, spans):
        return [float(e - s) for s, e in spans]

    r = evaluate_tab([doc_a], {"A": OUT_A}, token_weights=by_length, weight_model="length")
    # weights: John 4 Smith 5 Oslo 4 Court 5 of 2 Appeal 6 3 1 May 3 | met 3 (false positive)
    assert r.weighted_precision == pytest.approx(30 / 33)
    assert r.weight_model == "length"


def test_two_annotators_hand_computed(doc_b):
    r = evaluate_tab([doc_b], {"B": OUT_B})
    # a1: e1 e2 e3 masked. a2: f1 leaks ("Berg moved"), f2 masked, f3 masked (only its QUASI
    # mention must be masked).
    assert (r.direct_entities_masked, r.direct_entities) == (1, 2)
    assert (r.quasi_entities_masked, r.quasi_entities) == (4, 4)
    # a1: Anna Berg a(exempt) nurse Bergen = 5/5; a2: Anna Berg Berg(x) Bergen 1970(x) 1970 = 4/6
    assert (r.recall_tokens_masked, r.recall_tokens) == (9, 11)
    # precision: Anna 2, Berg 2, nurse 1, Bergen 2, second 1970 1 -> 8 / (5 tokens * 2 annotators)
    assert (r.precision_numerator, r.precision_denominator) == (8, 10)
    assert r.token_precision == pytest.approx(0.8)
    assert r.n_annotations == 2


def test_micro_average_over_documents_and_annotators(doc_a, doc_b):
    r = evaluate_tab([doc_a, doc_b], {"A": OUT_A, "B": OUT_B})
    assert r.er_direct == pytest.approx(1 / 3)
    assert r.er_quasi == pytest.approx(6 / 7)
    assert r.er_all == pytest.approx(7 / 10)
    assert r.token_recall == pytest.approx(19 / 23)
    # Official formula: sum of annotator counts / sum of per-document annotator numbers
    # (16/19), not the mean of per-token fractions (12/14).
    assert Fraction(r.precision_numerator).limit_denominator() / Fraction(
        r.precision_denominator
    ).limit_denominator() == Fraction(16, 19)
    assert r.token_precision == pytest.approx(16 / 19)


def test_missing_document_counts_as_nothing_masked(doc_a, doc_b):
    r = evaluate_tab([doc_a, doc_b], {"A": OUT_A})
    assert r.er_direct == 0.0  # doc B's two direct entities leak too
    assert r.direct_entities == 3


def test_pos_tagger_is_pluggable(doc_a):
    def nothing_closed_class(text):
        return [(s, e, "X") for s, e, _ in wordlist_pos_tagger(text)]

    nothing_closed_class.__name__ = "no-closed-class"
    r = evaluate_tab([doc_a], {"A": OUT_A}, pos_tagger=nothing_closed_class)
    # "the" is no longer exempt, so "the Court of Appeal" leaks; "Mr" stays exempt by its form.
    assert r.quasi_entities_masked == 1
    assert (r.recall_tokens_masked, r.recall_tokens) == (9, 12)
    assert r.pos_tagger == "no-closed-class"


def test_punctuation_stop_words_and_partial_coverage(make_doc):
    t = "See Application no. 12345/01 (the Ankara-Izmir road) of Mrs Smith."
    doc = make_doc(
        "C",
        t,
        {
            "a": [
                ("c", "CODE", "DIRECT", at(t, "no. 12345/01")),
                ("r", "LOC", "QUASI", at(t, "(the Ankara-Izmir road)")),
                ("p", "PERSON", "DIRECT", at(t, "Mrs Smith")),
            ]
        },
    )
    out = {
        "C": [
            at(t, "12345"),
            at(t, "01 (", length=2),
            at(t, "Ankara"),
            at(t, "Izmir road"),
            at(t, "Smit"),
        ]
    }
    r = evaluate_tab([doc], out)
    assert r.quasi_entities_masked == 1  # "(", "the", "-", ")" are exempt
    assert r.direct_entities_masked == 1  # code masked ("no", ".", "/" exempt); "Smith" is not
    assert r.tokens_per_type["PERSON"] == (1, 2)  # "Mrs" exempt, "Smith" partially covered


def test_wordlist_tagger_splits_clitics():
    text = "Smith's case wasn't heard by the court"
    tags = {text[s:e]: pos for s, e, pos in wordlist_pos_tagger(text)}
    assert tags["'s"] == "PART" and tags["n't"] == "PART"
    assert tags["by"] == "ADP" and tags["the"] == "DET" and tags["Smith"] == "X"
    assert CLOSED_CLASS_POS["and"] == "CCONJ"


def test_result_is_serialisable_and_frozen(doc_a):
    r = evaluate_tab([doc_a], {"A": OUT_A})
    d = json.loads(json.dumps(r.to_dict()))
    assert d["recall_per_type"]["ORG"] == 1.0 and d["tokens_per_type"]["PERSON"] == [3, 4]
    with pytest.raises(AttributeError):
        r.er_direct = 1.0  # type: ignore[misc]


def test_no_system_tokens_gives_undefined_precision(doc_a):
    r = evaluate_tab([doc_a], {"A": []})
    assert r.token_precision is None and r.f1 is None
    assert r.er_all == 0.0 and r.mention_recall == 0.0
    assert (r.recall_tokens_masked, r.recall_tokens) == (3, 12)  # "Mr", "of" and "the" are exempt


def test_invalid_output_is_rejected(doc_a):
    with pytest.raises(ValueError):
        evaluate_tab([doc_a], {"unknown": []})
    with pytest.raises(ValueError):
        evaluate_tab([doc_a], {"A": [(0, len(TEXT_A) + 1)]})
    with pytest.raises(ValueError):
        evaluate_tab([doc_a], {"A": OUT_A}, token_weights=lambda text, spans: [1.0])


def test_spacy_tagger_when_installed(doc_a):
    pytest.importorskip("spacy")
    try:
        tagger = make_spacy_pos_tagger()
    except OSError:
        pytest.skip("en_core_web_sm not installed")
    r = evaluate_tab([doc_a], {"A": OUT_A}, pos_tagger=tagger)
    assert r.pos_tagger == "spacy:en_core_web_sm"
    assert r.quasi_entities_masked == 2  # "the" is DET for spaCy too
