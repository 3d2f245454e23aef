from __future__ import annotations

from redactor.core.entities import group_entities, name_tokens, normalise
from redactor.core.model import Finding, Label, Span


def mk(text: str, label: Label = Label.PERSON, at: int = 0) -> Finding:
    return Finding(Span(at, at + len(text)), label, text)


def test_name_parts_are_one_entity() -> None:
    findings = [mk("Mr Galip Yalman", at=0), mk("Galip Yalman", at=100), mk("Yalman", at=200)]
    entities = group_entities(findings)
    assert len(entities) == 1
    assert entities[0].mentions == (0, 1, 2)
    assert entities[0].canonical == "Mr Galip Yalman"


def test_identical_normalised_strings_group_across_case_and_space() -> None:
    findings = [mk("Ankara", Label.LOC), mk("ANKARA", Label.LOC, 50), mk("Izmir", Label.LOC, 90)]
    entities = group_entities(findings)
    assert [e.mentions for e in entities] == [(0, 1), (2,)]
    assert [e.id for e in entities] == ["E1", "E2"]


def test_ambiguous_surname_stays_separate() -> None:
    findings = [mk("Galip Yalman"), mk("Ayse Yalman", at=50), mk("Yalman", at=100)]
    entities = group_entities(findings)
    assert len(entities) == 3


def test_surname_does_not_join_other_labels() -> None:
    findings = [mk("Galip Yalman"), mk("Yalman", Label.ORG, 50)]
    assert len(group_entities(findings)) == 2


def test_normalisation_helpers() -> None:
    assert normalise("  Galip   Yalman's ") == "galip yalman"
    assert name_tokens("Mrs A. Yalman") == ("yalman",)
    assert name_tokens("Dr Ayşe Öz") == ("ayşe", "öz")


def test_different_gendered_titles_are_different_people() -> None:
    """Mr Okafor (the husband) is not Ms Okafor (the wife); Ms Okafor is Ms Margaret Okafor."""
    texts = ["Mr Okafor", "Ms Okafor", "Ms Margaret Okafor", "Mr Okafor", "Ms Okafor"]
    findings = [mk(t, at=100 * n) for n, t in enumerate(texts)]
    entities = group_entities(findings)
    assert sorted(e.mentions for e in entities) == [(0, 3), (1, 2, 4)]


def test_title_and_surname_join_only_a_compatible_full_name() -> None:
    findings = [mk("Mr Tomas Berg"), mk("Mrs Kari Berg", at=50), mk("Mr Berg", at=100),
                mk("Mrs Berg", at=150)]
    entities = group_entities(findings)
    assert sorted(e.mentions for e in entities) == [(0, 2), (1, 3)]
    # a surname alone that fits a man and a woman of that name stays apart from both
    both = [mk("Mr Okafor"), mk("Ms Okafor", at=50), mk("Okafor", at=100)]
    assert len(group_entities(both)) == 3


def test_the_same_title_picks_one_of_two_women_of_a_surname() -> None:
    """A case record names Ms Leanne Mitchell (the mother), Mrs Sandra Mitchell (the
    grandmother) and Kayden Mitchell (the child); "Ms Mitchell" is the mother, and "Mrs
    Mitchell" the grandmother. "Mitchell" alone fits all three and stays apart."""
    texts = ["Kayden Mitchell", "Ms Leanne Mitchell", "Mrs Sandra Mitchell", "Ms Mitchell",
             "Mrs Mitchell", "Mitchell"]
    findings = [mk(t, at=100 * n) for n, t in enumerate(texts)]
    entities = group_entities(findings)
    assert sorted(e.mentions for e in entities) == [(0,), (1, 3), (2, 4), (5,)]
    # two full names with the same title: "Ms Mitchell" is still ambiguous
    two = [mk("Ms Leanne Mitchell"), mk("Ms Sandra Mitchell", at=50), mk("Ms Mitchell", at=99)]
    assert len(group_entities(two)) == 3
