"""Kinds of organisations, groups of people and miscellaneous things, by keyword tables in
``resources/generalize`` (``org_kinds.json``, ``occupations.json``, ``misc_kinds.json``).

* ORG levels: ``kind`` ("St. Olav Hospital" → "a hospital"), ``generic`` ("an organisation").
* DEM levels: ``broader`` ("Norwegian" → "a European national" / "European" before a noun,
  "lawyer" → "a legal professional"), ``generic`` ("a person").
* MISC levels: ``kind`` ("mesothelioma" → "a medical condition", "Gujarat riots" → "an
  event"), ``generic`` ("something").
"""

from __future__ import annotations

import re
from functools import cache

from redactor_plugins.generalize_places import (
    CONTINENT_ADJECTIVES,
    continent_of,
    demonym_country,
    lookup,
)
from redactor_plugins.generalize_text import Phrase, fold, kind_of, load_table

ORG_LEVELS = ("kind", "generic")
DEM_LEVELS = ("broader", "generic")
MISC_LEVELS = ("kind", "generic")

# Words after which a demonym names a language ("speaks Norwegian", "in Norwegian").
_LANGUAGE_CONTEXT = re.compile(r"\b(speaks?|spoke|spoken|speaking|in|into|from|language|"
                               r"translated|fluent)\s*$", re.IGNORECASE)
_NON_NOUNS = frozenset(
    "is was are were be been has have had and or but nor who which that whose whom to of in "
    "on at by for with from as than then he she they it his her their its the a an not also "
    "said says told went came left took made gave lived lives live died dies".split())


def generalize_org(canonical: str, level: str) -> Phrase:
    """The organisation's kind; a name that is only a place name (a club or council known
    by its town) becomes the kind of place."""
    if level == "generic":
        return Phrase("organisation")
    kind = kind_of(canonical, "org_kinds")
    if kind:
        return Phrase(kind)
    place = lookup(canonical)
    if place is not None and place.kind in ("city", "town", "country", "state"):
        return Phrase(place.kind)
    return Phrase("organisation")


@cache
def _occupations() -> tuple[tuple[str, str], ...]:
    """(keyword, group), longest keywords first."""
    pairs = [(fold(word), group) for group, kws in load_table("occupations")["groups"].items()
             for word in kws]
    return tuple(sorted(pairs, key=lambda p: -len(p[0])))


def occupation_group(text: str) -> str:
    low = fold(" ".join(text.split()))
    for word, group in _occupations():
        if re.search(rf"(?<!\w){re.escape(word)}(?:s|es)?(?!\w)", low):
            return group
    return ""


def occupation_keywords(group: str) -> list[str]:
    return [w for w, g in _occupations() if g == group]


def _plural_noun(text: str) -> str:
    if text.endswith(("person",)):
        return text[:-6] + "people"
    if text.endswith("member of the clergy"):
        return "members of the clergy"
    if text.startswith("member of"):
        return "members" + text[6:]
    if text.endswith(("s", "sh", "ch")):
        return text + "es"
    return text + "s"


def generalize_dem(text: str, level: str, doc_text: str = "", start: int = 0,
                   end: int = 0) -> Phrase:
    """A broader group for a demonym, occupation, religion or political group."""
    following = _next_word(doc_text, end)
    adjectival = (bool(following) and following[0].islower() and following not in _NON_NOUNS
                  and not re.search(r"(ed|ly)$", following))
    found = demonym_country(text)
    if found is not None:
        country, plural = found
        adjectival = adjectival and not plural
        continent = continent_of(country)
        adjective = CONTINENT_ADJECTIVES.get(continent, "")
        if level == "generic" or not adjective:
            if adjectival:
                return Phrase("certain", article=False)
            return Phrase("people" if plural else "person", plural=plural)
        if _LANGUAGE_CONTEXT.search(doc_text[max(0, start - 25) : start]) and not plural:
            return Phrase(f"a {adjective} language", article=False)
        if adjectival:
            return Phrase(adjective, article=False)
        return Phrase(f"{adjective} nationals" if plural else f"{adjective} national",
                      plural=plural)
    plural = bool(re.search(r"(?<![su])s$", text.strip())) and not adjectival
    if level == "generic":
        if adjectival:
            return Phrase("certain", article=False)
        return Phrase("people" if plural else "person", plural=plural)
    group = occupation_group(text)
    if not group:
        group = "member of a group"
    if adjectival:
        return Phrase(group)
    return Phrase(_plural_noun(group) if plural else group, plural=plural)


def generalize_misc(canonical: str, level: str) -> Phrase:
    if level == "generic":
        return Phrase("something", article=False, alt="matter")
    kind = kind_of(canonical, "misc_kinds")
    if kind:
        return Phrase(kind)
    return Phrase("something", article=False, alt="matter")


def _next_word(text: str, end: int) -> str:
    m = re.match(r"[ \t]*-?([^\W\d_]+)", text[end : end + 40])
    return m.group(1) if m else ""
