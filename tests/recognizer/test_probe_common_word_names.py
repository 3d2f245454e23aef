"""What a letter about children with names that are common words (written for the purpose,
session 30) showed: "your children Hope, Summer and Will" left "Will" in clear twice ("and
Will", "says that Will has asthma") and made "Summer" an organisation; "Mr Young. Will was off
sick" was one person over a sentence's end."""

from __future__ import annotations

from pathlib import Path

import pytest
from probe_helpers import detected, uncovered
from redactor_plugins.detectors.recognizer import ner as ner_detector
from redactor_plugins.detectors.recognizer.mention_propagation import _mid_sentence
from redactor_plugins.detectors.recognizer.rules.person_rules import names_after_kin
from test_cov_masks_that_hide_no_one import _ner

from redactor.core.model import Label

LETTER = """Dear Mrs Green,

Re: your children Hope, Summer and Will

I met Hope and Summer at school on Tuesday with their teacher, Mr Young. Will was off sick.
Grace Brown, the school nurse, says that Will has asthma. The support worker will visit.
"""


@pytest.mark.parametrize(("text", "names"), [
    ("Re: your children Hope, Summer and Will", ["Hope", "Summer", "Will"]),
    ("her sons: Ola and Per live", ["Ola", "Per"]),
    ("the children were asleep", []),
])
def test_names_listed_after_a_plural_kin_noun(text: str, names: list[str]) -> None:
    assert [text[s:e] for s, e in names_after_kin(text)] == names


def test_a_persons_common_word_name_inside_a_sentence() -> None:
    text = "says that Will has. Will you call?\nWill went"
    assert _mid_sentence(text, text.index("Will"))
    assert not _mid_sentence(text, text.index("Will", 12))   # a sentence's start
    assert not _mid_sentence(text, text.rindex("Will"))      # a line's start


def test_the_letter_through_the_ner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, LETTER, [
        ("Mrs Green", "PERSON", 0), ("Hope", "PERSON", 0), ("Summer", "ORG", 0),
        ("Mr Young. Will", "PERSON", 0), ("Grace Brown", "PERSON", 0)])
    people = [(f.span.start, f.text) for f in found if f.label == Label.PERSON]
    texts = [t for _s, t in people]
    assert "Summer" in texts and "Mr Young" in texts
    wills = [s for s, t in people if t == "Will"]
    assert len(wills) == 2  # the list's and the one after "Mr Young." (the third, inside a
    # sentence, is propagation's: the end-to-end test below)
    assert "Mr Young. Will" not in texts


NER_OK, NER_WHY = ner_detector.model_available()


@pytest.mark.skipif(not NER_OK, reason=NER_WHY or "NER model absent")
def test_no_childs_name_left_in_the_letter(tmp_path: Path) -> None:
    text, _found, covered = detected(tmp_path, LETTER)
    assert uncovered(text, covered, ["Hope", "Summer", "Will", "Grace Brown", "Green",
                                     "Young"]) == []
    at = text.index("will visit")
    assert not set(range(at, at + 4)) & covered  # the verb stays


PLACES = """Chelsea said that Jordan moved to Lincoln in March and now lives with his new partner,
Georgia, in a flat near the station. Paris will have the children (Brooklyn, 6, and Sydney, 3)
every Friday. Devon offered to drive the children to Chelsea's on Sundays.
"""


def test_names_that_are_places_listed_after_children() -> None:
    assert [PLACES[s:e] for s, e in names_after_kin(PLACES)] == ["Brooklyn", "Sydney"]


def test_a_given_name_after_a_kin_noun_and_a_comma(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, PLACES, [
        ("Georgia", "LOC", 0), ("Sydney", "PERSON", 0), ("Lincoln", "LOC", 0)])
    got = {f.text: (f.label, f.score) for f in found}
    assert got["Georgia"][0] == Label.PERSON  # "his new partner, Georgia," (not a country)
    assert got["Lincoln"][0] == Label.LOC     # "moved to Lincoln": a town
    assert got["Sydney"] == (Label.PERSON, 0.9)  # above the name lists' town (0.7)


def test_a_persons_possessive_gets_the_persons_pseudonym() -> None:
    from redactor_plugins.strategies.pseudonym import _name_shaped

    assert _name_shaped("Chelsea's") and _name_shaped("Mr Berg's")
    assert not _name_shaped("the applicant")
