"""Coreference: grouping findings into entities that are masked together.

Two mentions are one entity when their normalised texts are equal (case, whitespace,
titles such as "Mr" and a possessive "'s" ignored). A person-name mention whose tokens are a
subset of exactly one longer person name ("Yalman" ⊂ "Galip Yalman") joins that name's
entity; an ambiguous part ("Yalman" when both "Galip Yalman" and "Ayse Yalman" occur) stays
an entity of its own.

When a title and a surname fit several full names, the one whose mentions carry the same
title takes it ("Ms Mitchell" beside "Ms Leanne Mitchell" and "Mrs Sandra Mitchell").

Gendered titles are a constraint, never a key: "Mr Okafor" and "Ms Okafor" are two people,
a title and a surname join only a full name whose title is compatible (same gender, or none),
and no union of any pass — here or in :mod:`redactor.core.coreference` — puts mentions with
a male and a female title into one entity (:func:`title_gender`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

from redactor.core.coreference import (
    COURTESY_TITLES,
    FEMALE_TITLES,
    MALE_TITLES,
    alone_can_mean,
    coreference_links,
    name_key,
)
from redactor.core.model import Entity, Finding, Label

TITLES = COURTESY_TITLES  # what a mention drops before it is compared
_WORD = re.compile(r"\w+", re.UNICODE)


def normalise(text: str) -> str:
    """Case-folded text with accents kept, whitespace collapsed, possessive removed."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = re.sub(r"['’]s$", "", text.strip())
    return " ".join(text.split())


def name_tokens(text: str) -> tuple[str, ...]:
    """Tokens of a person name without titles (``"Mr Galip Yalman"`` → ``galip yalman``)."""
    tokens = [t for t in _WORD.findall(normalise(text)) if t not in TITLES]
    return tuple(t for t in tokens if not (len(t) == 1 and t.isalpha() and len(tokens) > 1))


# -- gendered titles (a constraint on grouping people): MALE_TITLES, FEMALE_TITLES ----------


def title_gender(finding: Finding) -> str:
    """``"m"`` or ``"f"`` for a PERSON mention that starts with a gendered title, else ``""``."""
    if finding.label != Label.PERSON:
        return ""
    words = _WORD.findall(normalise(finding.text))
    for w in words[:2]:  # "Mr", or "Dr Mrs …"
        if w in MALE_TITLES and len(words) > 1:
            return "m"
        if w in FEMALE_TITLES and len(words) > 1:
            return "f"
    return ""


def _titles_that_tell_apart(findings: Sequence[Finding], genders: Sequence[str],
                            titles: Sequence[str]) -> set[tuple[str, str]]:
    """(surname key, title) pairs whose title picks one person: two full names of that surname
    and gender carry different titles ("Ms Leanne Mitchell", "Mrs Sandra Mitchell"), so "Ms
    Mitchell" and "Mrs Mitchell" are not one key."""
    seen: dict[str, set[str]] = {}
    for f, g, t in zip(findings, genders, titles, strict=True):
        toks = name_key(f.text) if f.label == Label.PERSON else ()
        if t and g and len(toks) > 1:
            seen.setdefault(f"{toks[-1]}|{g}", set()).add(t)
    return {(key, t) for key, ts in seen.items() if len(ts) > 1 for t in ts}


def _title_word(finding: Finding) -> str:
    """The title a PERSON mention starts with ("ms" of "Ms Mitchell"), else ``""``."""
    words = _WORD.findall(normalise(finding.text))
    return words[0] if finding.label == Label.PERSON and len(words) > 1 and \
        words[0] in TITLES else ""


class _UnionFind:
    """Union-find whose groups remember the gendered titles of their mentions: a union
    that would join a male and a female title is refused (returns False)."""

    def __init__(self, genders: Sequence[str], titles: Sequence[str] = ()) -> None:
        self.parent = list(range(len(genders)))
        self.genders = [{g} - {""} for g in genders]
        self.titles = [{t} - {""} for t in titles] or [set() for _ in genders]

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def compatible(self, a: int, b: int) -> bool:
        return len(self.genders[self.find(a)] | self.genders[self.find(b)]) <= 1

    def union(self, a: int, b: int) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return True
        if not self.compatible(ra, rb):
            return False
        lo, hi = min(ra, rb), max(ra, rb)
        self.parent[hi] = lo
        self.genders[lo] |= self.genders[hi]
        self.titles[lo] |= self.titles[hi]
        return True
# ---------------------------------------------------------------------------------------------


_CODE_NOUN = re.compile(r"[^\W\d_]+\.?\s+(?:no\.?\s*)?(?=\S*\d)")


def _code_key(key: str) -> str:
    """A code's key without the noun a pattern took in ("cell h-2-17" → "h-2-17"), when what
    is left is no bare short number ("cell 2" and "room 2" stay apart)."""
    m = _CODE_NOUN.match(key)
    rest = key[m.end():] if m else key
    return rest if m and len(rest) >= 4 and not rest.isdigit() else key


def group_entities(findings: Sequence[Finding], text: str = "") -> tuple[Entity, ...]:
    """Group findings into entities; ids are ``E1``, ``E2`` … in order of first mention.
    ``text`` (the document's) lets :mod:`redactor.core.coreference` see defined aliases."""
    genders = [title_gender(f) for f in findings]
    titles = [_title_word(f) for f in findings]
    uf = _UnionFind(genders, titles)
    split = _titles_that_tell_apart(findings, genders, titles)
    first_by_key: dict[str, int] = {}
    for i, f in enumerate(findings):
        key = " ".join(name_key(f.text)) if f.label == Label.PERSON else normalise(f.text)
        if f.label == Label.CODE:  # "cell H-2-17" and "Location: H-2-17": one cell
            key = _code_key(key)
        if key and genders[i]:  # "Mr Okafor" and "Ms Okafor": two people
            key += "|" + genders[i]
        if key and (key, titles[i]) in split:  # "Ms Mitchell", "Mrs Mitchell": two women
            key += "|" + titles[i]
        if not key:
            continue
        if key in first_by_key:
            uf.union(first_by_key[key], i)
        else:
            first_by_key[key] = i

    person_names: dict[tuple[tuple[str, ...], str, str], int] = {}
    for i, f in enumerate(findings):
        if f.label == Label.PERSON:
            toks = name_key(f.text)  # initials kept: "T. Berg" is not "K. Berg"
            if toks:
                told = titles[i] if (" ".join(toks) + "|" + genders[i], titles[i]) in split \
                    else ""
                person_names.setdefault((toks, genders[i], told), i)
    for (toks, gender, _told), i in person_names.items():
        supersets = {  # only names with a compatible title: Mr Berg is not Mrs Kari Berg;
            uf.find(j)  # "Okafor" alone fits "Mr Okafor" and "Ms Okafor": ambiguous
            for (other, g, _t), j in person_names.items()
            if (len(other) > len(toks) and set(toks) <= set(other)
                # one word: a first or last name, not "Yusuf" of "Halima Yusuf Ali"
                and (len(toks) > 1 or alone_can_mean(toks[0], other))
                or (not gender and g and other == toks)) and uf.compatible(i, j)
        }
        if len(supersets) > 1 and titles[i]:  # "Ms Mitchell" beside "Ms Leanne Mitchell"
            supersets = {r for r in supersets  # and "Mrs Sandra Mitchell": hers
                         if titles[i] in uf.titles[uf.find(r)]}
        if len(supersets) == 1:
            uf.union(i, supersets.pop())

    # -- links between different texts of one entity: redactor.core.coreference ----------
    for a, b in coreference_links(findings, text):
        uf.union(a, b)
    # -------------------------------------------------------------------------------------

    groups: dict[int, list[int]] = {}
    for i in range(len(findings)):
        groups.setdefault(uf.find(i), []).append(i)
    ordered = sorted(groups.values(), key=lambda idx: idx[0])
    entities: list[Entity] = []
    for n, members in enumerate(ordered, start=1):
        labels = Counter(findings[i].label for i in members)
        label = labels.most_common(1)[0][0]
        canonical = max((findings[i].text for i in members), key=len)
        entities.append(Entity(id=f"E{n}", label=label, mentions=tuple(members), canonical=canonical))
    return tuple(entities)


def entity_index(entities: Sequence[Entity], n_findings: int) -> tuple[int, ...]:
    """For each finding, the index of its entity in ``entities``."""
    index = [-1] * n_findings
    for e_idx, entity in enumerate(entities):
        for m in entity.mentions:
            index[m] = e_idx
    return tuple(index)
