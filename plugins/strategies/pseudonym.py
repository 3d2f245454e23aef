"""The ``pseudonym`` strategy: realistic, consistent replacements of the same type.

* PERSON: Faker names in the document's locale (detected cheaply from function words and
  letters, or ``[options] locale = "nb_NO"``), of the same gender where the original's is
  clear (a title such as Mr/Mrs, or a first name that Faker's locale providers list only as
  male or only as female). Every name part maps consistently for the whole batch: "Mr Galip
  Yalman" → "Mr Eirik Dahl", "Yalman" → "Dahl", "Galip" → "Eirik", "G." → "E.". Titles stay.
* ORG → a fake company; LOC → a fake city, country, street or address; CODE → a random code
  of the same shape (digits→digits, letters→letters, case and separators kept); DATETIME →
  the date shifted by one offset per batch, in the same format (durations between dates are
  kept); QUANTITY → a nearby number in the same format; DEM → another nationality or an
  occupation of the same group; MISC has no same-type fake and is generalized.

Consistency: choices live in ``ctx.memo_for("pseudonym")`` (batch-scoped), keyed by the
normalised original. Reproducibility: with a pseudonym key (``redactor keys init
pseudonym`` or ``REDACTOR_KEY_PSEUDONYM``) every choice is seeded from HMAC-SHA256(key,
normalised text), so the same key gives the same pseudonyms in every run; without a key the
choices are fresh random ones. ``[options] pseudonym_key = "none"`` ignores a stored key.

A pseudonym never equals a word of the document (no collision with a real name), never
shares a word with its original, and is never reused for another original in the batch.
(Checked against the document where the name is first seen; later documents reuse it.)
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
import string
from collections import Counter
from functools import cache
from typing import Any

from redactor_plugins.strategies.generalization import numbers as numbers
from redactor_plugins.strategies.generalization import time as times
from redactor_plugins.strategies.generalization.kinds import occupation_group, occupation_keywords
from redactor_plugins.strategies.generalization.places import (
    continent_of,
    demonym_country,
    demonyms,
    lookup,
)
from redactor_plugins.strategies.generalization.text import TITLES, capitalise, fold, normalise
from redactor_plugins.strategies.generalize import generalize_mention
from redactor_plugins.strategies.keys import get_key

from redactor.plugin_api import Document, Label, ReplacementRequest, RunContext, UsageError

_ALNUM = re.compile(r"[^\W_]+")
MAX_TRIES = 60
UNIFORM_AFTER = 12
WIDEN_AFTER = 30
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
    if best in ("no_NO", "da_DK"):  # Norwegian or Danish: a few telling spellings
        nb = sum(tokens[w] for w in ("ikke", "ble", "etter", "hva", "jeg", "og", "av", "være"))
        da = sum(tokens[w] for w in ("blev", "efter", "hvad", "af", "være", "mig", "nu"))
        best = "da_DK" if da > nb else "no_NO"
    return best


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
def gender_table() -> dict[str, str]:
    """First name (case-folded) → ``male``/``female``, from every Faker locale's person
    provider; names listed under both genders are left out."""
    import importlib
    import pkgutil

    import faker.providers.person as person

    male: set[str] = set()
    female: set[str] = set()
    for mod in pkgutil.iter_modules(person.__path__):
        try:
            provider = importlib.import_module(f"{person.__name__}.{mod.name}").Provider
        except Exception:  # noqa: S112 - a broken locale just contributes no names
            continue
        male.update(fold(n) for n in getattr(provider, "first_names_male", ()) or ())
        female.update(fold(n) for n in getattr(provider, "first_names_female", ()) or ())
    table = {n: "male" for n in male - female}
    table.update({n: "female" for n in female - male})
    return table


@cache
def first_name_votes() -> dict[str, tuple[int, int]]:
    """First name (case-folded) → (locales listing it as male, as female), over every
    Faker locale."""
    return {n: (v[0], v[1]) for n, v in _name_votes().items() if v[0] or v[1]}


@cache
def _name_votes() -> dict[str, tuple[int, int, int]]:
    """Name → (locales listing it as a male, a female first name, a last name)."""
    import importlib
    import pkgutil

    import faker.providers.person as person

    votes: dict[str, list[int]] = {}
    for mod in pkgutil.iter_modules(person.__path__):
        try:
            provider = importlib.import_module(f"{person.__name__}.{mod.name}").Provider
        except Exception:  # noqa: S112 - a broken locale just contributes no names
            continue
        for i, attr in enumerate(("first_names_male", "first_names_female", "last_names")):
            for n in set(getattr(provider, attr, ()) or ()):
                votes.setdefault(fold(n), [0, 0, 0])[i] += 1
    return {n: (v[0], v[1], v[2]) for n, v in votes.items()}


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


# -- seeding ---------------------------------------------------------------------------------
class Seeder:
    """Seeds from HMAC(key, text) when a key is set, else fresh randomness."""

    def __init__(self, key: bytes | None) -> None:
        self.key = key

    def seed(self, *parts: object) -> int:
        if self.key is None:
            return secrets.randbits(63)
        msg = "\x1f".join(str(p) for p in parts).encode("utf-8")
        return int.from_bytes(hmac.new(self.key, msg, hashlib.sha256).digest()[:8], "big")

    def rng(self, *parts: object) -> random.Random:
        return random.Random(self.seed(*parts))  # noqa: S311 - pseudonyms, not secrets


def _state(request: ReplacementRequest, ctx: RunContext) -> dict[str, Any]:
    memo = ctx.memo_for(PseudonymStrategy.id)
    if "seeder" not in memo:
        opt = (request.options.get("pseudonym_key") or "").strip().lower()
        key = None if opt in ("none", "off", "false", "random") else get_key(
            "pseudonym", required=False)
        memo["seeder"] = Seeder(key)
        memo["tokens"] = {}  # folded original name part → pseudonym part
        memo["used"] = set()  # folded pseudonyms already given to some original
        memo["values"] = {}  # (label, normalised original) → pseudonym
        memo["locales"] = {}  # document id → locale
        memo["doc_words"] = {}  # document id → folded words of the document
    return memo


def _doc_words(memo: dict[str, Any], doc: Document) -> frozenset[str]:
    cached = memo["doc_words"].get(doc.id)
    if cached is None:
        cached = frozenset(fold(w) for w in _ALNUM.findall(doc.text))
        memo["doc_words"] = {doc.id: cached}  # keep only the current document's words
    return cached


def _locale(memo: dict[str, Any], request: ReplacementRequest) -> str:
    forced = (request.options.get("locale") or "").strip()
    if forced:
        return forced.replace("-", "_")
    doc = request.document
    if doc.id not in memo["locales"]:
        memo["locales"][doc.id] = detect_locale(doc.text)
    return str(memo["locales"][doc.id])


def _acceptable(candidate: str, original: str, memo: dict[str, Any],
                doc_words: frozenset[str], word_check: bool = True, min_len: int = 2) -> bool:
    """Not the original, not containing it, sharing no word with it or (for names) with
    the document, and not yet given to another original."""
    cand_words = [fold(w) for w in _ALNUM.findall(candidate)]
    if not cand_words:
        return False
    orig = fold(original).strip()
    if orig and (orig in fold(candidate) or fold(candidate) in orig):
        return False
    if word_check:
        orig_words = {fold(w) for w in _ALNUM.findall(original)}
        if any(w in orig_words or w in doc_words for w in cand_words if len(w) >= min_len):
            return False
        folded = fold(candidate)
        if any(len(w) >= 2 and w in folded for w in orig_words):  # "Tim" in "Martim"
            return False
    return fold(candidate) not in memo["used"]


def _choose(memo: dict[str, Any], doc_words: frozenset[str], original: str,
            make: Any, *seed_parts: object, word_check: bool = True, min_len: int = 2) -> str:
    """The first acceptable candidate of ``make(rng)`` over deterministic retries."""
    seeder: Seeder = memo["seeder"]
    candidate = ""
    for attempt in range(MAX_TRIES):
        candidate = make(seeder.rng(*seed_parts, attempt), attempt)
        if _acceptable(candidate, original, memo, doc_words, word_check, min_len):
            break
    else:
        candidate = f"{candidate} {secrets.token_hex(2).upper()}"
    memo["used"].add(fold(candidate))
    return candidate


def _faker_with(locale: str, rng: random.Random) -> Any:
    fake = _faker(locale)
    fake.seed_instance(rng.getrandbits(63))
    return fake


# Headings that a detector may take into a name at a line break ("Tomas Berg\nPhone").
FIELD_WORDS = frozenset(
    "phone telephone tel mobile cell email e-mail fax address account iban client name "
    "date dob born age nationality occupation signature signed ref reference case".split())


# -- persons -------------------------------------------------------------------------------
_NAME_PART = re.compile(r"[^\W\d_]+", re.UNICODE)


def _parts(text: str) -> tuple[list[str], list[str]]:
    """(name parts, titles) of a person mention."""
    names, titles = [], []
    for w in _NAME_PART.findall(text):
        (titles if w.casefold() in TITLES and len(w) > 1 else names).append(w)
    return names, titles


def _title_before(doc: Document, start: int) -> list[str]:
    m = re.search(r"([^\W\d_]+)\.?\s+$", doc.text[max(0, start - 12) : start])
    return [m.group(1)] if m and m.group(1).casefold() in TITLES else []


def person_pseudonym(request: ReplacementRequest, memo: dict[str, Any]) -> str:
    f = request.finding
    doc = request.document
    locale = _locale(memo, request)
    doc_words = _doc_words(memo, doc)
    canonical = request.entity.canonical or f.text
    canon_names, canon_titles = _parts(canonical)
    mention_names, mention_titles = _parts(f.text)
    titles = mention_titles + canon_titles + _title_before(doc, f.span.start)
    canon_names = [n for n in canon_names if fold(n) not in FIELD_WORDS]
    full = [n for n in canon_names if len(n) > 1] or [n for n in mention_names if len(n) > 1
                                                      and fold(n) not in FIELD_WORDS]
    first_line_end = f.text.find("\n")  # heading words after it are kept, nothing else
    gender = gender_of(full, titles)
    roles: dict[str, str] = {}
    for i, name in enumerate(full):
        if len(full) == 1:
            solo_first = (fold(name) in gender_table() or is_first_name(name)) and not titles
            roles[fold(name)] = "first" if solo_first else "last"
        else:
            roles[fold(name)] = "last" if i == len(full) - 1 else "first"
    for name in full:
        _map_part(memo, doc_words, name, roles[fold(name)], gender, locale, canonical)

    def replace(m: re.Match[str]) -> str:
        word = m.group(0)
        key = fold(word)
        if key in TITLES and len(word) > 1:
            return word
        if 0 <= first_line_end < m.start() and key in FIELD_WORDS and key not in {
                fold(n) for n in full}:
            return word  # "Tomas Berg\nPhone": a table's next cell, not part of the name
        if key == "s" and m.start() > 0 and f.text[m.start() - 1] in "'’":
            return word  # a possessive
        if len(word) == 1:  # an initial: the initial of the pseudonym of a matching part
            for name in full:
                if fold(name).startswith(key):
                    return _case_like(memo["tokens"][fold(name)][:1], word)
            return _case_like(_map_part(memo, doc_words, word + "?", "first", gender, locale,
                                        canonical)[:1], word)
        role = roles.get(key) or ("first" if key in gender_table() else "last")
        return _case_like(_map_part(memo, doc_words, word, role, gender, locale, canonical),
                          word)

    return _NAME_PART.sub(replace, f.text)


def _map_part(memo: dict[str, Any], doc_words: frozenset[str], part: str, role: str,
              gender: str, locale: str, canonical: str) -> str:
    key = fold(part)
    tokens: dict[str, str] = memo["tokens"]
    if key in tokens:
        return tokens[key]

    def make(rng: random.Random, attempt: int) -> str:
        fake = _faker_with(locale, rng)
        if attempt >= WIDEN_AFTER:  # the locale's names are all taken: names of any locale
            if role == "last":
                pool = sorted({str(n) for loc in ("en_US", "en_GB", "en_IE", "de_DE", "no_NO",
                                                  "fr_FR", "it_IT", "es_ES", "nl_NL")
                               for n in (_person_provider(loc).last_names or ())})
            else:
                pool = sorted(n.capitalize() for n, g in gender_table().items()
                              if (g == gender or not gender) and n.isalpha() and n.isascii())
            value = rng.choice(pool)
        elif attempt >= UNIFORM_AFTER:  # common names all taken: any name of the locale
            attr = {"last": "last_names", "male": "first_names_male",
                    "female": "first_names_female"}.get("last" if role == "last" else gender,
                                                        "first_names")
            pool = sorted(getattr(_person_provider(locale), attr, ()) or ()) or ["Alex"]
            value = rng.choice(pool)
        elif role == "last":
            value = fake.last_name()
        elif gender == "male":
            value = fake.first_name_male()
        elif gender == "female":
            value = fake.first_name_female()
        else:
            value = fake.first_name()
        return str(value).split()[0] if role == "first" else str(value)

    value = _choose(memo, doc_words, canonical + " " + part, make, "PERSON", role, gender,
                    locale, key)
    tokens[key] = value
    return value


def _case_like(value: str, original: str) -> str:
    if original.isupper() and len(original) > 1:
        return value.upper()
    if original.islower():
        return value.lower()
    return value


# -- other types -----------------------------------------------------------------------------
def code_like(text: str, rng: random.Random) -> str:
    """Same shape: digits → digits, letters → letters (case kept), the rest kept."""
    out = []
    for c in text:
        if c.isdigit():
            out.append(rng.choice(string.digits))
        elif c.isalpha() and c.isascii():
            out.append(rng.choice(string.ascii_uppercase if c.isupper() else
                                  string.ascii_lowercase))
        elif c.isalpha():
            out.append(rng.choice(string.ascii_uppercase if c.isupper() else
                                  string.ascii_lowercase))
        else:
            out.append(c)
    return "".join(out)


def _shift_days(memo: dict[str, Any]) -> int:
    if "shift_days" not in memo:
        rng = memo["seeder"].rng("DATETIME", "shift")
        memo["shift_days"] = rng.choice((-1, 1)) * rng.randint(30, 365)
    return int(memo["shift_days"])


def _email_like(text: str, rng: random.Random, locale: str) -> str:
    fake = _faker_with(locale, rng)
    return str(fake.email())


def _names_a_date(text: str) -> bool:
    """Whether ``text`` holds a calendar date or year (a range "1 March and 12 March 2024"
    that no date shift could rewrite whole): such a mention is generalized, never changed in
    one number only — that kept the rest of the range, the real dates, in clear."""
    return bool(_YEAR.search(text) or times.MONTH_NAME.search(text))


_YEAR = re.compile(r"(?<!\d)(?:1[5-9]|2[0-1])\d\d(?!\d)")


def _quantity_like(text: str, rng: random.Random) -> str:
    m = numbers._NUMBER_RE.search(text)
    if m is None:
        q = numbers.parse_quantity(text)
        if q is None:
            return code_like(text, rng)
        new = max(1, int(round(q.value * rng.choice((rng.uniform(0.6, 0.9),
                                                     rng.uniform(1.1, 1.5))))))
        if new == q.value:
            new += 1
        wm = numbers._WORDNUM_RE.search(text)
        assert wm is not None
        return text[: wm.start()] + f"{new:,}" + (" " if wm.group(0).endswith(" ") else "") + \
            text[wm.end():]
    token = m.group(0)
    value = numbers.parse_number(token)
    if value is None:
        return code_like(text, rng)
    factor = rng.choice((rng.uniform(0.6, 0.9), rng.uniform(1.1, 1.5)))
    new_value = value * factor
    decimals = len(re.split(r"[.,]", token)[-1]) if re.search(r"[.,]\d{1,2}$", token) else 0
    if decimals:
        new = f"{new_value:.{decimals}f}"
        if "," in token[-decimals - 1 :]:
            new = new.replace(".", ",")
    else:
        n = max(1, int(round(new_value)))
        if n == int(value):
            n += 1
        sep = next((c for c in token if c in ",.\u00a0\u202f' "), "")
        new = f"{n:,}".replace(",", sep) if sep and n >= 1000 else str(n)
    return text[: m.start()] + new + text[m.end() :]


def value_pseudonym(request: ReplacementRequest, memo: dict[str, Any]) -> str:
    f = request.finding
    label = f.label
    text = f.text
    key = (str(label), normalise(text))
    values: dict[tuple[str, str], str] = memo["values"]
    if key in values:
        return values[key]
    doc = request.document
    locale = _locale(memo, request)
    doc_words = _doc_words(memo, doc)
    seed = (str(label), key[1])
    result: str
    if label == Label.DATETIME:
        days = _shift_days(memo)
        shifted = None
        for delta in (0, 7, -7, 30):
            shifted = times.shift_date(text, days + delta)
            if shifted is None or fold(text).strip() not in fold(shifted):
                break
        if shifted is None and not _names_a_date(text):  # a duration ("three years")
            q = numbers.parse_quantity(text)
            shifted = _choose(memo, frozenset(), text, lambda r, _a: _quantity_like(text, r), *seed,
                              word_check=False) if q else None
        result = shifted if shifted is not None and fold(text).strip() not in fold(shifted) else \
            generalize_mention(label, text, request.entity.canonical, "year",
                               doc_text=doc.text, start=f.span.start, end=f.span.end)
    elif label == Label.QUANTITY:
        result = _choose(memo, frozenset(), text, lambda r, _a: _quantity_like(text, r), *seed,
                         word_check=False)
    elif label == Label.CODE:
        if "@" in text:
            local = text.split("@", 1)[0]  # the domain's words ("com") may repeat
            result = _choose(memo, frozenset(), local,
                             lambda r, _a: _email_like(text, r, locale), *seed)
        else:
            result = _choose(memo, doc_words, text, lambda r, _a: code_like(text, r), *seed,
                             min_len=3)
    elif label == Label.ORG:
        result = _choose(memo, doc_words, text,
                         lambda r, _a: str(_faker_with(locale, r).company()), *seed)
    elif label == Label.LOC:
        result = _choose(memo, doc_words, text, lambda r, _a: _place_like(text, r, locale), *seed)
    elif label == Label.DEM:
        result = _choose(memo, doc_words, text, lambda r, _a: _dem_like(text, r), *seed)
    else:  # MISC (and anything new): no same-type fake; generalize
        result = generalize_mention(label, text, request.entity.canonical, "",
                                    doc_text=doc.text, start=f.span.start, end=f.span.end)
        return result
    if text[:1].isupper() and label in (Label.DEM, Label.LOC, Label.ORG):
        result = capitalise(result)
    values[key] = result
    return result


def _place_like(text: str, rng: random.Random, locale: str) -> str:
    fake = _faker_with(locale, rng)
    place = lookup(text)
    if place is not None and place.kind == "country":
        return str(fake.country())
    if any(c.isdigit() for c in text):
        return str(fake.street_address())
    if place is None and re.search(r"(gate|gata|vei|veien|street|road|avenue|straße)\b", text,
                                   re.IGNORECASE):
        return str(fake.street_name())
    return str(fake.city())


def _dem_like(text: str, rng: random.Random) -> str:
    found = demonym_country(text)
    if found is not None:
        country, plural = found
        same = [d for d, c in demonyms().items() if c != country and " " not in d
                and d[:1].isalpha() and continent_of(c) == continent_of(country)]
        choice = rng.choice(sorted(same) or ["foreign"])
        choice = choice.capitalize()
        return choice + ("s" if plural and not choice.endswith(("sh", "ch", "se", "s")) else "")
    group = occupation_group(text)
    options = [w for w in occupation_keywords(group) if fold(w) not in fold(text)] if group else []
    if options:
        return rng.choice(sorted(options))
    from faker import Faker

    fake = Faker(DEFAULT_LOCALE)
    fake.seed_instance(rng.getrandbits(63))
    return str(fake.job()).split(",")[0].lower()


class PseudonymStrategy:
    """Replace with a consistent, realistic pseudonym of the same type (see module doc)."""

    id = "pseudonym"
    version = "1.0"

    def replacement(self, request: ReplacementRequest, ctx: RunContext) -> str:
        memo = _state(request, ctx)
        label = request.finding.label
        if not request.finding.text.strip():
            raise UsageError("pseudonym: empty mention")
        if label == Label.PERSON:
            return person_pseudonym(request, memo)
        return value_pseudonym(request, memo)
