"""Coreference: grouping findings into entities that are masked together.

Two mentions are one entity when their normalised texts are equal (case, whitespace,
titles such as "Mr" and a possessive "'s" ignored). A person-name mention whose tokens are a
subset of exactly one longer person name ("Yalman" ⊂ "Galip Yalman") joins that name's
entity; an ambiguous part ("Yalman" when both "Galip Yalman" and "Ayse Yalman" occur) stays
an entity of its own.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

from redactor.core.model import Entity, Finding, Label

TITLES = frozenset(
    "mr mrs ms miss mx dr prof professor sir madam judge justice lord lady rev "
    "herr frau hr fru monsieur madame mme mlle m".split()
)
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


class _UnionFind:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def group_entities(findings: Sequence[Finding]) -> tuple[Entity, ...]:
    """Group findings into entities; ids are ``E1``, ``E2`` … in order of first mention."""
    uf = _UnionFind(len(findings))
    first_by_key: dict[str, int] = {}
    for i, f in enumerate(findings):
        key = " ".join(name_tokens(f.text)) if f.label == Label.PERSON else normalise(f.text)
        if not key:
            continue
        if key in first_by_key:
            uf.union(first_by_key[key], i)
        else:
            first_by_key[key] = i

    person_names: dict[tuple[str, ...], int] = {}
    for i, f in enumerate(findings):
        if f.label == Label.PERSON:
            toks = name_tokens(f.text)
            if toks:
                person_names.setdefault(toks, i)
    for toks, i in person_names.items():
        supersets = {
            uf.find(j)
            for other, j in person_names.items()
            if len(other) > len(toks) and set(toks) <= set(other)
        }
        if len(supersets) == 1:
            uf.union(i, supersets.pop())

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
