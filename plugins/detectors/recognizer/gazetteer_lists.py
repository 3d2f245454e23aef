"""The gazetteer's lists, loaded (``resources/gazetteers/gazetteers.json``, built by
``training/gazetteers/build.py``): an index of the entries of each list by their words, the
name table (given names and surnames, with their ambiguity flags) and the context lists
(titles, words that are never names, nationality heads). Loaded once per process and shared;
:mod:`.gazetteer` matches a text against them."""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from pathlib import Path

from redactor.plugin_api import Label, resource_path

__all__ = ["Gazetteer", "default_path", "load_gazetteer"]

#: a token of an entry or a text: a word (with inner apostrophes and hyphens) or one sign
_TOKEN = re.compile(r"\w+(?:['’\-]\w+)*|[^\w\s]")


def _key(text: str) -> str:
    return text.casefold().replace("’", "'")


_PRIORITY = {  # which list wins for the same key (higher first)
    "nationalities": 9, "countries": 8, "languages": 7, "religions": 7, "ethnic_groups": 6,
    "states": 6, "titles": 5, "occupations": 5, "education": 5, "health": 5, "offences": 5,
    "events": 5, "cities": 4, "dem_other": 1, "misc_other": 1,
}


@dataclass(frozen=True, slots=True)
class _Entry:
    list_name: str
    label: Label
    subtype: str
    cased: bool
    role: str
    ambiguous: bool
    caps: tuple[bool, ...]  # which entry tokens start with a capital


@dataclass(frozen=True, slots=True)
class _Name:
    given: bool
    surname: bool
    ambiguous: bool


#: the eight possible (immutable) name records, shared by every name (fast start-up)
_NAME_VALUES = {(g, s, a): _Name(g, s, a) for g in (False, True) for s in (False, True)
                for a in (False, True)}


class Gazetteer:
    """The loaded lists with their lookup indexes (immutable after construction)."""

    def __init__(self, data: dict) -> None:
        self.index: dict[tuple[str, ...], list[_Entry]] = {}
        self.max_len: dict[str, int] = {}
        self.names: dict[str, _Name] = {}
        ctx = data.get("context", {})
        self.titles = frozenset(_key(t) for t in ctx.get("person_titles", ()))
        self.never = frozenset(ctx.get("never_name", ()))
        self.heads = tuple(ctx.get("nationality_heads", ()))
        self.proper_non_names: set[str] = set()
        for name, spec in data["lists"].items():
            role = spec["role"]
            label = Label(spec["label"])
            cased = spec["match"] == "cased"
            if role in ("given", "surname"):
                given, surname = role == "given", role == "surname"
                names, shared = self.names, _NAME_VALUES
                for text, amb in spec["entries"]:
                    prev = names.get(text)
                    if prev is None:
                        names[text] = shared[given, surname, bool(amb)]
                    else:
                        names[text] = shared[prev.given or given, prev.surname or surname,
                                             bool(amb) and prev.ambiguous]
                continue
            subtype = spec["subtype"]
            proper = cased and name in ("nationalities", "countries", "languages", "religions",
                                        "ethnic_groups")
            index, max_len, findall = self.index, self.max_len, _TOKEN.findall
            entries: dict[tuple[bool, tuple[bool, ...]], _Entry] = {}  # equal entries shared
            for text, amb in spec["entries"]:
                if text.isalpha():  # one word (most entries): what the general case finds
                    words = [text]
                    key = (text.lower() if text.isascii() else _key(text),)
                    shape = (bool(amb), (text[0].isupper(),))
                else:
                    words = findall(text)  # what tokenize() finds, without its objects
                    if not words:
                        continue
                    # ASCII: casefold is lower() and there is no ’ to replace
                    key = (tuple(findall(text.lower())) if text.isascii()
                           else tuple(_key(w) for w in words))
                    shape = (bool(amb), tuple(w[0].isupper() for w in words))
                entry = entries.get(shape)
                if entry is None:
                    entry = entries[shape] = _Entry(name, label, subtype, cased, role, *shape)
                index.setdefault(key, []).append(entry)
                if max_len.get(key[0], 0) < len(key):
                    max_len[key[0]] = len(key)
                if proper and len(words) == 1 and not amb:
                    self.proper_non_names.add(words[0])
        for entries in self.index.values():
            if len(entries) > 1:
                entries.sort(key=lambda e: (-_PRIORITY.get(e.list_name, 0), e.ambiguous))

    def in_list(self, word: str, list_name: str, ambiguous: bool = False) -> bool:
        """Whether one word is in a list ("Swedish", "nationalities"), marked ambiguous or not;
        several words separated by spaces are one phrase ("Torres Strait Islander")."""
        return any(e.list_name == list_name and (ambiguous or not e.ambiguous)
                   for e in self.index.get(tuple(_key(w) for w in word.split()) or ("",), ()))

    @classmethod
    def load(cls, path: Path) -> Gazetteer:
        """The lists in ``path``, parsed so that other threads run meanwhile (see
        :func:`_entry_flag`)."""
        return cls(json.loads(path.read_text(encoding="utf-8"), parse_int=_entry_flag))


def _entry_flag(digits: str) -> int:
    """An integer of the lists' JSON (every entry has one: its ambiguity flag). Being Python,
    not C, it lets the interpreter switch threads while the file is parsed: ``json.loads``
    alone holds the GIL for the whole 1.3 MB (30–40 ms, more on a busy CPU), a stall of the
    desktop app's window while the lists load in the background."""
    return int(digits)


_LOCK = threading.Lock()
_CACHE: dict[Path, Gazetteer] = {}


def default_path() -> Path:
    return resource_path("gazetteers", "gazetteers.json")


def load_gazetteer(path: Path | None = None) -> Gazetteer:
    """The gazetteer at ``path`` (default: the bundled one), loaded once per process."""
    path = (path or default_path()).resolve()
    with _LOCK:
        gaz = _CACHE.get(path)
        if gaz is None:
            gaz = _CACHE[path] = Gazetteer.load(path)
        return gaz
