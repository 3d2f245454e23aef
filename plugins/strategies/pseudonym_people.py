"""The pseudonym strategy's people: a made-up name for each part of a person's name, the
same part the same fake in every mention of a document (given names by sex, surnames by the
document's locale), titles, initials, particles and post-nominals kept where they stand
("Mr T. Berg" → "Mr K. Larsen"). :mod:`.pseudonym` calls :func:`person_pseudonym`."""

from __future__ import annotations

import random
import re
from typing import Any

from redactor_plugins.shared.names.particles import PARTICLES
from redactor_plugins.shared.names.rulers import RULER
from redactor_plugins.shared.names.titles import (
    HONORIFIC_SUFFIXES,
    POST_NOMINALS,
    RANK_WORDS,
    local_title,
)
from redactor_plugins.strategies.generalization import numbers as numbers
from redactor_plugins.strategies.generalization.names import (
    _person_provider,
    a_surname_here,
    beside_a_first_name,
    detect_locale,
    faker_with,
    gender_of,
    gender_table,
    is_first_name,
    kin_before,
    letter_pseudonym,
)
from redactor_plugins.strategies.generalization.text import (
    TITLES,
    fold,
)
from redactor_plugins.strategies.pseudonym_choice import (
    UNIFORM_AFTER,
    WIDEN_AFTER,
    choose,
    document_words,
    shows_another_number,
)

from redactor.plugin_api import (
    Document,
    ReplacementRequest,
    name_initials,
)


def _locale(memo: dict[str, Any], request: ReplacementRequest) -> str:
    forced = (request.options.get("locale") or "").strip()
    if forced:
        return forced.replace("-", "_")
    doc = request.document
    if doc.id not in memo["locales"]:
        memo["locales"][doc.id] = detect_locale(doc.text)
    return str(memo["locales"][doc.id])


# Headings that a detector may take into a name at a line break ("Tomas Berg\nPhone").
FIELD_WORDS = frozenset(
    "phone telephone tel mobile cell email e-mail fax address account iban client name "
    "date dob born age nationality occupation signature signed ref reference case".split())


# -- persons -------------------------------------------------------------------------------
#: a name part: letters, with an apostrophe inside a name kept ("O'Connor", "D'Angelo" are one
#: part; the "s" of "Berg's" is not)
_NAME_PART = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]{2,})*", re.UNICODE)


def _is_title(word: str) -> bool:
    """A title kept in a pseudonym: "Mr", "Dr", or a police rank ("PC 4471 Hollings")."""
    return (word.casefold() in TITLES and len(word) > 1) or word in RANK_WORDS


#: a role before a name, kept like a title when it starts the mention ("Officer R. Mahmood",
#: "Governor S. Price"; not in "John Judge"); Aboriginal English's "Aunty" and "Uncle" for an
#: elder
_ROLE_TITLES = frozenset("Officer Governor Nurse Judge Councillor Sheriff Deputy Agent Trooper "
                         "Detective Sergeant Captain Lieutenant Colonel Sister Matron Aunty "
                         "Auntie Uncle Kagawad Tanod".split())  # an elder's "Aunty Pearl
# Kelly" too; a Philippine barangay's councillor and watchman


def _particle(word: str, text: str) -> bool:
    """A name particle: "de", "van", or "VAN", "DER" in a name in capitals ("VAN DER MERWE"
    had become three names, "ROBERT ANTHONY MOORE"; "MA. CRISTINA DELA CRUZ y SANTOS"), or a
    capitalised one that another particle follows ("Van den Berg" at a sentence's start)."""
    return word in PARTICLES or (word.isupper() and word.lower() in PARTICLES and all(
        w.isupper() or w in PARTICLES or w in POST_NOMINALS for w in _NAME_PART.findall(text))
    ) or (word[:1].isupper() and word.lower() in PARTICLES and re.search(
        rf"(?<!\w){re.escape(word)}\s+(?:den|der|de|la|le|van|von|del|della|da|di|du|los)\s",
        text) is not None)



#: a judge's post after the name, kept after "Hon" ("Hon Lam J": Mr Justice Lam; it read
#: "Hon Bruce P")
_JUDGES_POSTS = frozenset("J JA LJ AJ CJ PJ VP".split())
_HONOURABLE = re.compile(r"(?i)(?:the\s+)?hon(?:ourable)?\.?\s")


def _parts(text: str, locale: str = "") -> tuple[list[str], list[str]]:
    """(name parts, titles) of a person mention."""
    names, titles = [], []
    words = _NAME_PART.findall(text)
    for i, w in enumerate(words):
        if _particle(w, text) and (i > 0 or w[:1].isupper() and len(words) > 2 and _particle(
                words[1], text)):
            continue  # "de" of "Sanne de Vries", "VAN DER" of "VAN DER MERWE": no name part
        if fold(w) in HONORIFIC_SUFFIXES and i > 0 and re.search(rf"-{w}\b", text):
            continue  # "-sensei" of "Tanaka-sensei"
        role = i == 0 and len(words) > 1 and (w in _ROLE_TITLES or local_title(text, locale))
        (titles if _is_title(w) or role or i > 0 and w in POST_NOMINALS else names).append(w)
    return names, titles


def _title_before(doc: Document, start: int) -> list[str]:
    m = re.search(r"([^\W\d_]+)\.?\s+$", doc.text[max(0, start - 12) : start])
    return [m.group(1)] if m and _is_title(m.group(1)) else []


_COLLAR = re.compile(r"(?<!\w)\d+(?!\w)")
_RULER_OF = re.compile(rf"{RULER}\s+of\s+(?:the\s+)?")


#: a word a hyphen parts over a line's end ("Halli-⏎well" of a scanned page): one name
_WRAPPED = re.compile(r"(?<=[^\W\d_])-[^\S\n]*\n[^\S\n]*(?=[a-zà-ÿ])")


def person_pseudonym(request: ReplacementRequest, memo: dict[str, Any]) -> str:
    f = request.finding
    if _WRAPPED.search(f.text):  # the name made whole, so that "Mr Halliwell" gets the same
        f = f.with_(text=_WRAPPED.sub("", f.text))  # surname (the line's break goes)
    doc = request.document
    locale = _locale(memo, request)
    doc_words = document_words(memo, doc)
    canonical = request.entity.canonical or f.text
    canon_names, canon_titles = _parts(canonical, locale)
    mention_names, mention_titles = _parts(f.text, locale)
    titles = mention_titles + canon_titles + _title_before(doc, f.span.start)
    canon_names = [n for n in canon_names if fold(n) not in FIELD_WORDS]
    full = [n for n in canon_names if len(n) > 1] or [n for n in mention_names if len(n) > 1
                                                      and fold(n) not in FIELD_WORDS]
    first_line_end = f.text.find("\n")  # heading words after it are kept, nothing else
    ruler = _RULER_OF.match(f.text)  # "Duke of Edinburgh": the title and "of" stay
    kept_until = ruler.end() if ruler else 0
    gender = gender_of(full, titles, locale) or (  # "his wife, Hodan", "your son Oisín Ó
        kin_before(doc.text, f.span.start) or "")  # Súilleabháin": the kin word says
    roles: dict[str, str] = {}
    surname_first = re.match(r"[A-Z][A-Z'’-]+,\s", canonical.strip()) is not None
    last_word = {fold(p) for p in _NAME_PART.findall((canonical.split() or [""])[-1])}
    for i, name in enumerate(full):
        if len(full) == 1 and f.subtype in ("SURNAME", "GIVEN_NAME"):  # a table's column
            roles[fold(name)] = "last" if f.subtype == "SURNAME" else "first"
        elif len(full) == 1:
            solo_first = (fold(name) in gender_table() or is_first_name(name) or beside_a_first_name(
                doc.text, f.span.start, f.span.end)) and not titles and not a_surname_here(doc.text, name)
            roles[fold(name)] = "first" if solo_first else "last"
        elif surname_first:  # "WILLIAMS, Jordan Lee" of a register: "Williams" a surname
            roles[fold(name)] = "last" if i == 0 else "first"
        else:  # the last word's parts are all the surname's ("Okafor" of "Okafor-Banjo")
            roles[fold(name)] = "last" if i == len(full) - 1 or fold(name) in last_word else \
                "first"
    for name in full:
        _map_part(memo, doc_words, name, roles[fold(name)], gender, locale, canonical)
    if f.text.strip() in name_initials(canonical):  # "SC" of "Sharon Clarke (SC)": the
        fakes = [letter_pseudonym(memo, n, doc.text) if len(n) == 1  # fake's initials
                 else memo["tokens"][fold(n)][0] for n in canon_names]
        every = "".join(n[0] for n in canon_names).upper() == f.text.strip()
        out = "".join(fakes if every else (fakes[0], fakes[-1])).upper()  # never the same
        return out if out != f.text.strip() else "".join(letter_pseudonym(memo, c) for c in out)

    def replace(m: re.Match[str]) -> str:
        word = m.group(0)
        key = fold(word)
        if _is_title(word) or m.start() < kept_until or (
                word in _JUDGES_POSTS and m.end() == len(f.text.rstrip(". :"))
                and m.start() > 0 and _HONOURABLE.match(f.text)) or (
                m.start() == 0 and word in ("Ma", "MA") and f.text[2:3] == ".") or (
                m.start() == 0 and word in _ROLE_TITLES and word not in full) or (
                m.start() == 0 and local_title(f.text, locale)) or (
                m.start() > 0 and word in POST_NOMINALS):  # "… Price MBBS MRCPsych"
            return word
        if 0 <= first_line_end < m.start() and key in FIELD_WORDS and key not in {
                fold(n) for n in full}:
            return word  # "Tomas Berg\nPhone": a table's next cell, not part of the name
        if key == "s" and m.start() > 0 and f.text[m.start() - 1] in "'’":
            return word  # a possessive
        if key in HONORIFIC_SUFFIXES and m.start() > 0 and f.text[m.start() - 1] == "-":
            return word  # "Tanaka-sensei" (it read "Duane-vaughan")
        if _particle(word, f.text) and (m.start() > 0 or len(f.text.split()) > 1):  # "de Vries",
            return word  # "van Dijk", "Mac Cárthaigh" after a line break: the particle stays
        if len(word) == 1:  # an initial: the initial of the pseudonym of a matching part
            for name in full:
                if fold(name).startswith(key):
                    return _case_like(memo["tokens"][fold(name)][:1], word)
            return _case_like(letter_pseudonym(memo, word, doc.text), word)
        role = roles.get(key) or ("first" if key in gender_table() else "last")
        return _case_like(_map_part(memo, doc_words, word, role, gender, locale, canonical),
                          word)

    named = _NAME_PART.sub(replace, f.text)
    if not _COLLAR.search(named):
        return named
    # a number in a name is an officer's collar number ("PC 4471 Hollings"): another one,
    # which no number of the document holds in any spelling ("1105" beside a time "11:05"
    # had failed the export's check)
    rng = memo["seeder"].rng("PERSON-NUMBER", fold(canonical))

    def collar(d: re.Match[str]) -> str:
        new = ""
        for _ in range(50):
            new = "".join(rng.choice("0123456789") for _ in d.group())
            if new != d.group() and not shows_another_number(new, d.group(), memo):
                break
        return new

    return _COLLAR.sub(collar, named)


def _map_part(memo: dict[str, Any], doc_words: frozenset[str], part: str, role: str,
              gender: str, locale: str, canonical: str) -> str:
    key = fold(part)
    tokens: dict[str, str] = memo["tokens"]
    if key in tokens:
        return tokens[key]

    def make(rng: random.Random, attempt: int) -> str:
        fake = faker_with(locale, rng)
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
        if role != "first":
            return str(value)
        given = str(value).split()[0]  # a given name that reads as one ("Curtis", "Randall"
        return given if attempt >= UNIFORM_AFTER or is_first_name(given) else ""  # are surnames too)

    value = choose(memo, doc_words, canonical + " " + part, make, "PERSON", role, gender,
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
