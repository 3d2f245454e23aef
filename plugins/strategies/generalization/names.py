"""Names and languages for pseudonyms: the document's Faker locale (by script, function words
and letters) and a first name's gender (``redactor.plugin_api.gender_table``: Faker's locale
providers).
"""

from __future__ import annotations

import random
import re
import string
from functools import cache, lru_cache
from typing import Any

from redactor_plugins.shared.language.detect import (  # noqa: F401 - re-exported
    DEFAULT_LOCALE,
    LANGUAGES,
    SCRIPT_LOCALES,
    detect_locale,
)
from redactor_plugins.strategies.generalization.text import fold

from redactor.plugin_api import gender_table, name_votes  # noqa: F401 - gender_table re-exported

MALE_TITLES = frozenset("mr sir lord herr hr monsieur m signor señor sr don d dhr pan sig "
                        "meneer mijnheer uncle"
                        .split())  # "D." and "M." only where the text's language makes them one
FEMALE_TITLES = frozenset("mrs ms miss madam lady frau fru frk madame mme mlle signora "
                          "señora sra srta doña dña dona dra mevr mw mevrouw pani aunty auntie".split())


@cache
def _faker(locale: str) -> Any:
    from faker import Faker

    try:
        return Faker(locale)
    except AttributeError:
        return Faker(DEFAULT_LOCALE)


@cache
def _person_provider(locale: str) -> Any:
    import importlib

    try:
        return importlib.import_module(f"faker.providers.person.{locale}").Provider
    except ImportError:
        return importlib.import_module(f"faker.providers.person.{DEFAULT_LOCALE}").Provider


# -- gender ----------------------------------------------------------------------------------
@cache
def first_name_votes() -> dict[str, tuple[int, int]]:
    """First name (case-folded) → (locales listing it as male, as female), over every
    Faker locale."""
    return {n: (v[0], v[1]) for n, v in _name_votes().items() if v[0] or v[1]}


_name_votes = name_votes  # name → (male, female, last-name locales): redactor.plugin_api


def is_first_name(name: str) -> bool:
    """A given name: listed by Faker's locales as a first name more often than as a last
    name (a given-name-only mention such as "Emma" then gets a given name)."""
    male, female, last = _name_votes().get(fold(name), (0, 0, 0))
    return male + female > last


def gender_of(tokens: list[str], titles: list[str], locale: str = "") -> str:
    """``male``, ``female`` or '' from titles, else from the first name: as the document's
    locale lists it ("Kari" is a woman in a Norwegian text, a man in a Finnish one), else as
    all locales do."""
    for title in titles:
        t = title.casefold().rstrip(".")
        if t in MALE_TITLES:
            return "male"
        if t in FEMALE_TITLES:
            return "female"
    if tokens and locale:
        provider = _person_provider(locale)
        name = fold(tokens[0])
        male = name in {fold(n) for n in getattr(provider, "first_names_male", ()) or ()}
        female = name in {fold(n) for n in getattr(provider, "first_names_female", ()) or ()}
        if male != female:
            return "male" if male else "female"
    if tokens:
        known = gender_table().get(fold(tokens[0]), "")
        if known:
            return known
        male, female = first_name_votes().get(fold(tokens[0]), (0, 0))
        if male >= 2 * female + 1 or female >= 2 * male + 1:  # a clear majority of locales
            return "male" if male > female else "female"
    return ""


def faker_with(locale: str, rng: random.Random) -> Any:
    """The locale's Faker, seeded from ``rng``."""
    fake = _faker(locale)
    fake.seed_instance(rng.getrandbits(63))
    return fake


_LISTED_BEFORE = re.compile(r"([A-Z][a-z]+)(?:\s*\(\d{1,2}\))?\s*(?:,|and|&)\s*$")
_LISTED_AFTER = re.compile(r"(?:\s*\(\d{1,2}\))?\s*(?:,|and|&)\s*([A-Z][a-z]+)")


#: kinship nouns right before a one-word name ("his wife, Hodan", "her son Daniel"): a given
#: name, of the sex the noun says
_KIN_BEFORE = re.compile(
    r"\b(?:(?P<f>wife|mother|daughter|sister|aunt|niece|grandmother|girlfriend|stepdaughter"
    r"|stepmother|mum|mom)|(?P<m>husband|father|son|brother|uncle|nephew|grandfather"
    r"|boyfriend|stepson|stepfather|dad)|partner|child|cousin|friend|baby)(?:,)?[ \t]+\Z")


def kin_before(text: str, start: int) -> str | None:
    """"female", "male" or "" when a kinship noun stands right before a one-word name ("his
    wife, Hodan": "Hodan" is her given name, though no name list knows it — it read
    "Brown"); None when none does."""
    m = _KIN_BEFORE.search(text[max(0, start - 24) : start])
    if m is None:
        return None
    return "female" if m.group("f") else "male" if m.group("m") else ""


def beside_a_first_name(text: str, start: int, end: int) -> bool:
    """Whether a one-word name is listed beside a given name ("Tyler (9) and Maisie (4)"), or
    after a kinship noun ("his wife, Hodan"): a given name too, though no name list knows it
    (it read "Tyler" → "Robert" and "Maisie" → "Zhang")."""
    if kin_before(text, start) is not None:
        return True
    before = _LISTED_BEFORE.search(text[max(0, start - 30) : start])
    after = _LISTED_AFTER.match(text, end)
    return any(m is not None and (fold(m.group(1)) in gender_table() or is_first_name(
        m.group(1))) for m in (before, after))


@lru_cache(maxsize=1024)  # asked once per one-word name's mention; a text's hash is cached
def a_surname_here(text: str, name: str) -> bool:
    """Whether ``name`` stands after a given name somewhere in ``text`` ("Shane Mansfield"):
    alone ("Mansfield & Mansfield", a case's name) it is that family's surname, though the
    name lists know it as a given name too."""
    for m in re.finditer(rf"\b([A-Z][a-z'’-]+)[ \t]+{re.escape(name)}\b", text):
        if fold(m.group(1)) not in MALE_TITLES | FEMALE_TITLES and is_first_name(m.group(1)):
            return True
    return False


def letter_pseudonym(memo: dict[str, Any], letter: str, doc_text: str = "") -> str:
    """Another capital for a person known only by a letter ("co-accused A, B, H, N and R"):
    the same for every mention, never the same for two letters, and, while the alphabet
    lasts, no letter that stands alone anywhere in the document (it may be someone else)."""
    letters: dict[str, str] = memo.setdefault("letters", {})
    key = letter.upper()
    if key not in letters:
        if "alone" not in memo:
            memo["alone"] = frozenset(re.findall(r"(?<![\w.])([A-Z])(?!\w)", doc_text))
        taken = set(letters.values())
        free = [c for c in string.ascii_uppercase if c not in taken and c != key]
        pool = [c for c in free if c not in memo["alone"] and c not in letters] or free \
            or [key + "1"]
        letters[key] = memo["seeder"].rng("PERSON-LETTER", key).choice(pool)
    return letters[key]
