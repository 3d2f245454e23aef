"""Names and languages for pseudonyms: the document's Faker locale (by script, function words
and letters) and a first name's gender (``redactor.plugin_api.gender_table``: Faker's locale
providers).
"""

from __future__ import annotations

import random
import re
import string
from collections import Counter
from functools import cache
from typing import Any

from redactor_plugins.strategies.generalization.text import fold

from redactor.plugin_api import gender_table, name_votes  # noqa: F401 - gender_table re-exported

DEFAULT_LOCALE = "en_US"

# Faker locale per detected language; function words are frequent, short and distinctive.
LANGUAGES: dict[str, tuple[str, str, str]] = {
    # code: (faker locale, function words, distinctive letters)
    "en": ("en_US", "the and of to in is was that for with his her he she on by as at from "
           "which were has have had this not be are an", ""),
    "nb": ("no_NO", "og i det som er på en til av for med ikke har den de ble han hun var "
           "seg etter om fra ved skal sin kan også", "æøå"),
    "da": ("da_DK", "og i det som er på en til af for med ikke har den de blev han hun var "
           "sig efter om fra ved skal sin kan også", "æøå"),
    "sv": ("sv_SE", "och i att det som är på en till av för med inte har den de blev han "
           "hon var sig efter om från vid ska sin kan också", "äöå"),
    "de": ("de_DE", "und der die das ist nicht von zu den mit sich des auf für im dem ein "
           "eine er sie es wurde wird bei aus", "äöüß"),
    "fr": ("fr_FR", "le la les et des est un une du dans que qui pour pas au sur avec il "
           "elle ne se par aux été", "éèêàçù"),
    "es": ("es_ES", "el la los las y de que en un una es por con para del se no su al lo "
           "como fue", "ñáéíóú"),
    "it": ("it_IT", "il la di e che è un una per non del della con si le dei nel sono "
           "alla gli da", "àèéìòù"),
    "nl": ("nl_NL", "de het een en van is dat niet op te zijn met voor hij zij was er aan "
           "ook bij door", ""),
    "pl": ("pl_PL", "i w nie na się z do że jest to jak co o po ale przez od jego był",
           "ąćęłńóśźż"),
    "pt": ("pt_PT", "o a os as e de que em um uma é não do da com para por se foi no na",
           "ãõçáéí"),
    "fi": ("fi_FI", "ja on ei se että oli hän mutta kun myös tai joka ovat sen", "äö"),
    "tr": ("tr_TR", "ve bir bu da de için ile çok ne olarak daha gibi olan", "çğışöü"),
}
SCRIPT_LOCALES = (("\u0400", "\u04ff", "ru_RU"), ("\u0370", "\u03ff", "el_GR"))
MALE_TITLES = frozenset("mr sir lord herr hr monsieur m signor señor sr".split())
FEMALE_TITLES = frozenset("mrs ms miss madam lady frau fru frk madame mme mlle signora "
                          "señora sra".split())


# -- locale --------------------------------------------------------------------------------
def detect_locale(text: str, default: str = DEFAULT_LOCALE) -> str:
    """A Faker locale for ``text``: by script, then by function words and letters."""
    sample = text[:20000]
    for lo, hi, loc in SCRIPT_LOCALES:
        if sum(lo <= c <= hi for c in sample) > 20:
            return loc
    tokens = Counter(w.casefold() for w in re.findall(r"[^\W\d_]+", sample))
    total = sum(tokens.values())
    if total < 5:
        return default
    letters = Counter(c for c in sample.casefold() if c.isalpha())
    best, best_score = "", 0.0
    for _code, (loc, function_words, special) in LANGUAGES.items():
        score = sum(tokens[w] for w in function_words.split()) / total
        score += 2.0 * sum(letters[c] for c in special) / max(1, sum(letters.values()))
        if score > best_score:
            best, best_score = loc, score
    if best_score < 0.05:
        return default
    if best == "en_US" and _british(sample, tokens):
        best = "en_GB"
    if best in ("no_NO", "da_DK"):  # Norwegian or Danish: a few telling spellings
        nb = sum(tokens[w] for w in _NORWEGIAN_ONLY)
        da = sum(tokens[w] for w in _DANISH_ONLY)
        best = "da_DK" if da > nb else "no_NO"
    return best


#: words that tell Norwegian (bokmål) from Danish, each common in one and not in the other
#: ("og", "ikke", "jeg" are both; a Danish letter read as Norwegian got Norwegian names)
_NORWEGIAN_ONLY = ("ble", "etter", "hva", "av", "kjære", "vennlig", "mottatt", "utbetalt",
                   "søknad", "hjelp", "deres", "noe", "mye", "fikk", "gjennom", "vedtak")
_DANISH_ONLY = ("blev", "efter", "hvad", "af", "mig", "nu", "kære", "venlig", "modtaget",
                "udbetalt", "ansøgning", "hjælp", "jeres", "noget", "meget", "fik", "gennem",
                "afgørelse")

#: British spellings, and a British postcode or pound amount: an English text written in the
#: UK gets British names, towns and addresses ("Flat 3, 27 Wellington Road, Leeds LS12 4QT"
#: read "38544 Dana Plaza Suite 076")
_BRITISH_WORDS = ("centre", "organisation", "behaviour", "colour", "favour", "honour",
                  "programme", "practise", "licence", "defence", "paediatric", "paediatrician",
                  "anaesthetic", "haemorrhage", "oesophagus", "judgment", "whilst", "recognise",
                  "recognised", "apologise", "authorised", "organised", "neighbour", "labour",
                  "borough", "mum", "mummy")
_UK_MARKS = re.compile(r"£|\bGBP\b|\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b|\bNHS\b|\bHMP?\b")


def _british(sample: str, tokens: Counter[str]) -> bool:
    """Whether an English text reads as British (spellings, postcodes, pounds)."""
    return bool(_UK_MARKS.search(sample)) or sum(tokens[w] for w in _BRITISH_WORDS) >= 2


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


def gender_of(tokens: list[str], titles: list[str]) -> str:
    """``male``, ``female`` or '' from titles, else from the first name."""
    for title in titles:
        t = title.casefold().rstrip(".")
        if t in MALE_TITLES:
            return "male"
        if t in FEMALE_TITLES:
            return "female"
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


def beside_a_first_name(text: str, start: int, end: int) -> bool:
    """Whether a one-word name is listed beside a given name ("Tyler (9) and Maisie (4)"):
    a given name too, though no name list knows it (it read "Tyler" → "Robert" and "Maisie"
    → "Zhang")."""
    before = _LISTED_BEFORE.search(text[max(0, start - 30) : start])
    after = _LISTED_AFTER.match(text, end)
    return any(m is not None and (fold(m.group(1)) in gender_table() or is_first_name(
        m.group(1))) for m in (before, after))


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
