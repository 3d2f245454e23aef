"""Mention propagation and defined aliases (every mention of a detected name is found)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from redactor_plugins.detectors.recognizer import ner as ner_detector
from redactor_plugins.detectors.recognizer.mention_propagation import defined_aliases, propagate
from redactor_plugins.detectors.recognizer.rules import person_rules

from redactor.core.settings import Settings
from redactor.plugin_api import Document, Finding, Label, RunContext, Span

TEXT = ("The area is owned by Postel Properties Limited (“Postel”), a private company. "
        "An audit of Latem AB’s liability began. Postel sold the land. The court met. "
        "Latem AB paid. The Court said so. A teacher met another teacher and a third teacher. "
        "The Social Insurance Office (försäkringskassan; hereinafter “the Office”) refused. "
        "The Office appealed. Mr Berg wrote to\nMr  Berg and to Bergen. Application 36110/97 "
        "and 36110/97.")


def _f(text: str, label: Label, nth: int = 0) -> Finding:
    i = -1
    for _ in range(nth + 1):
        i = TEXT.index(text, i + 1)
    return Finding(Span(i, i + len(text)), label, text, detector="ner")


def _spans(found: list[Finding]) -> list[tuple[str, Label]]:
    return [(f.text, f.label) for f in sorted(found, key=lambda f: f.span.start)]


def test_aliases_defined_in_brackets_after_a_name() -> None:
    found = [_f("Postel Properties Limited", Label.ORG), _f("Social Insurance Office", Label.ORG),
             _f("Latem AB", Label.ORG)]
    aliases = defined_aliases(TEXT, found, "ner")
    assert _spans(aliases) == [("Postel", Label.ORG), ("Office", Label.ORG)]
    assert all(TEXT[a.span.start:a.span.end] == a.text for a in aliases)


def test_specific_names_are_found_everywhere() -> None:
    found = [_f("Latem AB", Label.ORG), _f("Berg", Label.PERSON), _f("36110/97", Label.CODE)]
    new = propagate(TEXT, found, "ner")
    assert _spans(new) == [("Latem AB", Label.ORG), ("Berg", Label.PERSON),
                           ("36110/97", Label.CODE)]
    # whole words only: "Bergen" is not a mention of "Berg"; the possessive form was the
    # tagged one and the bare form is found
    assert all(f.detector == "ner" and "elsewhere" in f.explanation for f in new)


def test_whitespace_between_words_may_differ() -> None:
    found = [_f("Mr Berg", Label.PERSON)]
    assert [f.text for f in propagate(TEXT, found, "ner")] == ["Mr  Berg"]


def test_aliases_are_propagated() -> None:
    found = [_f("Postel Properties Limited", Label.ORG), _f("Social Insurance Office", Label.ORG)]
    aliases = defined_aliases(TEXT, found, "ner")
    new = propagate(TEXT, found, "ner", always=aliases)
    assert _spans(new) == [("Postel", Label.ORG), ("Office", Label.ORG)]
    assert [f.span.start for f in new] == [TEXT.index("Postel sold"), TEXT.index("Office appealed")]


def test_common_words_need_a_majority_of_tagged_mentions() -> None:
    # "Court": the document also says "court", so it is a common word; its only capitalised
    # occurrence is tagged, nothing to add. "teacher": 1 of 3 tagged -> not propagated;
    # 2 of 3 tagged -> the third is added.
    assert propagate(TEXT, [_f("Court", Label.ORG)], "ner") == []
    assert propagate(TEXT, [_f("teacher", Label.DEM)], "ner") == []
    two = [_f("teacher", Label.DEM), _f("teacher", Label.DEM, 1)]
    assert [(f.text, f.span.start) for f in propagate(TEXT, two, "ner")] == [
        ("teacher", TEXT.index("third teacher") + len("third "))]


def test_dates_and_amounts_are_left_to_the_patterns() -> None:
    text = "On 3 May 1997 and again on 3 May 1997."
    first = Finding(Span(3, 13), Label.DATETIME, "3 May 1997", detector="ner")
    assert propagate(text, [first], "ner") == []


def test_detector_propagates_unless_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "Latem AB was audited. Later Latem AB paid and Latem AB’s owner left."

    class Stub:
        def predict(self, t: str) -> list[tuple[int, int, str, float]]:
            return [(0, 8, "ORG", 0.9)]

    monkeypatch.setattr(ner_detector, "model_available", lambda path=None: (True, ""))
    monkeypatch.setattr(ner_detector, "load_model", lambda path=None, threads=0: Stub())
    doc = Document("d", Path("d.txt"), "txt", text)
    found = list(ner_detector.NerDetector().detect(doc, RunContext()))
    assert [f.span.start for f in found] == [0, 28, 46]
    off = Settings({"recognizer": {"propagate_mentions": False}})
    assert len(list(ner_detector.NerDetector().detect(doc, RunContext(settings=off)))) == 1


def test_parts_of_addresses_are_neither_sources_nor_targets() -> None:
    text = ("Write to anna@riverside-family.example. The family moved. Visit "
            "www.Latem.example or Latem AB today. The family left.")
    s = text.index("family")
    inside = Finding(Span(s, s + 6), Label.ORG, "family", detector="ner")
    assert propagate(text, [inside], "ner") == []
    s = text.index("Latem AB")
    name = Finding(Span(s, s + 5), Label.ORG, "Latem", detector="ner")
    assert propagate(text, [name], "ner") == []  # "Latem" in the URL is not a mention
    half = [Finding(Span(i, i + 6), Label.ORG, "family", detector="ner")
            for i in (text.index("family moved"),)]
    assert propagate(text, half, "ner") == []  # 1 of 2 free-standing: not a majority


def test_another_name_given_after_a_person() -> None:
    text = ("Dathus or Datus, was elected Bishop of Ravenna. John Smith, also known as Jack "
            "Smith, met Marie Curie (née Skłodowska). Mr Berg or Mr Olsen came. Anna or Her "
            "sister came. Mr Smith or the applicant. Later Datus died.")

    def person(name: str) -> Finding:
        i = text.index(name)
        return Finding(Span(i, i + len(name)), Label.PERSON, name, detector="ner")

    found = [person(n) for n in ("Dathus", "John Smith", "Marie Curie", "Mr Berg", "Anna",
                                 "Mr Smith")]
    aliases = defined_aliases(text, found, "ner")
    # a title, a pronoun or a lower-case phrase after "or" is not another name
    assert [a.text for a in aliases] == ["Datus", "Jack Smith", "Skłodowska"]
    assert all(a.label == Label.PERSON and "another name" in a.explanation for a in aliases)
    later = propagate(text, found, "ner", always=aliases)
    assert [f.text for f in later] == ["Datus"] and later[0].span.start == text.rindex("Datus")


LETTERS = ("Re: M (A Child)\n1. This is an application in respect of M, a girl aged 7. M's "
           "mother is Ms Webb. The report of J. M. Smith and M. Jones is in Annex M.\n"
           "A. The facts\nI saw M.")


def test_a_person_known_by_a_letter_is_found_wherever_named() -> None:
    """"M's mother" stayed in clear while every other "M" of the judgment was masked."""
    at = LETTERS.index("M (A")
    found = [Finding(Span(at, at + 1), Label.PERSON, "M", detector="ner")]
    new = propagate(LETTERS, found, "ner")
    want = [LETTERS.index(cue) + len(cue) for cue in ("respect of ", "aged 7. ", "Annex ",
                                                      "I saw ")]
    assert [(f.span.start, f.text, f.label) for f in new] == [
        (w, "M", Label.PERSON) for w in want]
    # the initials of "J. M. Smith" and "M. Jones" are not the person; "I" never is, "A" only
    # where no article can stand ("(A Child)" is one: test_probe_reports_and_statements.py)
    assert propagate(LETTERS, [Finding(Span(LETTERS.index("A."), LETTERS.index("A.") + 1),
                                       Label.PERSON, "A", detector="ner")], "ner") == []


def test_a_letter_the_model_calls_a_person_once_is_a_person_everywhere() -> None:
    first, second = LETTERS.index("M (A"), LETTERS.index("M, a girl")
    found = [Finding(Span(first, first + 1), Label.PERSON, "M", detector="ner"),
             Finding(Span(second, second + 1), Label.MISC, "M", detector="ner")]
    assert [f.label for f in person_rules.one_label_per_name(found)] == [Label.PERSON] * 2


def test_a_name_the_model_mostly_calls_a_person_is_a_person_everywhere() -> None:
    # "Kayden" PERSON twice and MISC once in a case record: the label strategy numbered him
    # once, the pseudonym strategy wrote "collect something from school"
    text = "Kayden was seen. Kayden told her. Nan will collect Kayden daily. Leeds and Leeds."
    at = [m.start() for m in re.finditer("Kayden", text)]
    leeds = [m.start() for m in re.finditer("Leeds", text)]
    found = [Finding(Span(a, a + 6), lab, "Kayden", detector="ner")
             for a, lab in zip(at, (Label.PERSON, Label.PERSON, Label.MISC), strict=True)]
    found += [Finding(Span(leeds[0], leeds[0] + 5), Label.PERSON, "Leeds", detector="ner"),
              Finding(Span(leeds[1], leeds[1] + 5), Label.LOC, "Leeds", detector="ner")]
    labels = [f.label for f in person_rules.one_label_per_name(found)]
    # a tie is no majority: "Leeds" keeps both labels
    assert labels == [Label.PERSON] * 3 + [Label.PERSON, Label.LOC]
