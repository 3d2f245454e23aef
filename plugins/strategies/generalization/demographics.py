"""Same-kind pseudonyms for demographic mentions (DEM) and counted words.

The kind of a DEM mention is read from its text (a detector's subtype is often empty), and its
pseudonym is of the same kind, in the same grammatical form:

* an age ("aged 38", "aged 4, 7 and 11", "45-year-old") → the same words, other ages;
* a school year ("Year 4", "4th grade") → another near it, written the same way;
* a nationality, with its head noun ("a Norwegian national" → "a Danish national",
  "Norwegians" → "Danes"), or a country used as one ("his UK mobile", "a US citizen") → a
  nationality of the same continent;
* a kinship term ("father", "grandmother", "sons") → another of the same gender and number —
  never an occupation; a birth order ("youngest") → another ("eldest");
* a religion or political movement → another of the same group that reads in the same
  places ("a practising Muslim" → "a practising Sikh", never "… Jewish");
* a marital status ("divorced", "a widow") → another of the same form (adjective or noun);
* an occupation → another of its group (in the document's language), else a Faker job when
  the words read as a role ("biathlete"); anything else ("dizzy") is generalized by the
  caller (:func:`role_like`).

Whatever the kind, the article before the mention stays right: after "a" the pseudonym starts
with a consonant sound, after "an" with a vowel sound (:func:`article_fits`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

from redactor_plugins.shared.language.calendar_words import YEARS_OF_AGE
from redactor_plugins.strategies.generalization.kinds import (  # noqa: F401 - re-exported
    ABORIGINAL_NATIONS,
    BORN,
    ETHNIC_GROUPS,
    FIRST_NATIONS,
    GRADE_WORDS,
    IRISH_CLASSES,
    PERSON_NOUNS,
    RACE_WORDS,
    SCHOOL_YEAR,
    country_as_noun,
    neutral_person_noun,
    occupation_group,
    occupation_keywords,
    school_year_number,
)
from redactor_plugins.strategies.generalization.numbers import (
    _NUMBER_RE,
    IRREGULAR_PLURALS,
    age_in_span,
    ages_in_span,
    parse_number,
    parse_word_number,
)
from redactor_plugins.strategies.generalization.places import (
    continent_of,
    country_name,
    demonym_country,
    lookup,
)
from redactor_plugins.strategies.generalization.text import (
    fold,
    indefinite_article,
    load_table,
)

KIN = {
    "male": "father brother son uncle grandfather husband nephew stepfather grandson "
            "half-brother stepson elder_brother great-uncle great-nephew".split(),
    "female": "mother sister daughter aunt grandmother wife niece stepmother granddaughter "
              "half-sister stepdaughter elder_sister great-aunt great-niece".split(),
    "": "parent sibling child cousin grandparent spouse partner relative guardian "
        "grandchild elder_sibling".split(),
}
KIN = {g: [t.replace("_", " ") for t in terms] for g, terms in KIN.items()}
KIN_PLURALS = {"child": "children", "grandchild": "grandchildren"}
BIRTH_ORDER = {"youngest": "eldest", "eldest": "youngest", "oldest": "youngest",
               "younger": "older", "older": "younger", "elder": "younger",
               "firstborn": "second-born", "middle": "eldest"}
#: marital status, as adjectives and as nouns (a pseudonym keeps the form)
MARITAL = ({"married", "divorced", "separated", "widowed", "single", "engaged", "unmarried",
            "remarried", "cohabiting"},
           {"widow", "widower", "divorcee", "divorcée", "bachelor", "spinster", "newlywed"},
           # the side of the family ("her maternal grandmother" read "her local great-aunt")
           {"maternal", "paternal"},
           # sexual orientation ("I am also gay" read "… a member of a group")
           {"gay", "lesbian", "bisexual", "homosexual", "heterosexual", "asexual", "pansexual",
            "queer"},
           # languages, as an interpreter's ("(Kurdish Sorani)" read "(a member of a group)")
           {"arabic", "farsi", "dari", "pashto", "urdu", "punjabi", "bengali", "somali",
            "tigrinya", "amharic", "kurdish sorani", "kurdish kurmanji", "sorani", "kurmanji",
            "turkish", "albanian", "vietnamese", "mandarin", "cantonese", "tamil", "gujarati",
            "swahili", "lingala", "oromo", "romanian", "polish", "lithuanian", "portuguese"},
           # ethnic groups and broad categories of race, each for one of its kind ("a 46 y/o
           # Hispanic female" read "… Production assistant female")
           set(ABORIGINAL_NATIONS), set(FIRST_NATIONS),
           set(ETHNIC_GROUPS - ABORIGINAL_NATIONS - FIRST_NATIONS), set(RACE_WORDS),
           # census categories, each for another ("Black Caribbean" read "a member of a group")
           {"white british", "white irish", "black caribbean", "black african", "black british",
            "asian indian", "asian pakistani", "asian bangladeshi", "asian british"})
#: group words with one form only: "a practising Muslim" must not become "a practising Jewish",
#: "a retired nurse" not "a pensioner nurse"
ADJECTIVE_ONLY = frozenset({"jewish", "orthodox", "evangelical", "retired", "semi-retired",
                            "unemployed", "out-of-work"})
NOUN_ONLY = frozenset({"jew", "pensioner", "retiree", "jobseeker"})
_NOUN_DEMONYMS = frozenset("Briton Swede Turk Scot Dane Finn Pole Serb Croat Spaniard Kurd "
                           "Arab Slovene Icelander Luxembourger".split())
HEAD_NOUNS = frozenset("national nationals citizen citizens origin descent nationality "
                       "resident residents".split())
# occupation keywords of other languages, left out of English documents
NOT_ENGLISH = frozenset("sosionom barnevernspedagog sozialarbeiter advokat dommer anwalt "
                        "rechtsanwalt richter lege sykepleier arzt ärztin lærer lehrer "
                        "sturmführer politibetjent soldat ingeniør prest elev".split())
_NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve "
                 "thirteen fourteen fifteen sixteen seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_in_words(n: int) -> str:
    """An English number word for 0–99 ("forty-two"); digits beyond."""
    if 0 <= n < 20:
        return _NUMBER_WORDS[n]
    if 20 <= n < 100:
        return _TENS[n // 10 - 2] + ("" if n % 10 == 0 else "-" + _NUMBER_WORDS[n % 10])
    return str(n)


def other_number(token: str, rng: random.Random, low: int = 1, high: int = 10**9,
                 spread: int = 0) -> str:
    """Another whole number written like ``token`` (digits or words, capitalised alike)."""
    value = parse_number(token) if _NUMBER_RE.fullmatch(token) else parse_word_number(token)
    if value is None:
        return token
    v = int(value)
    low = max(low, 2) if v >= 2 and low < 2 else low  # a plural stays plural
    step = spread or max(1, round(v * rng.uniform(0.1, 0.5)))
    new = v
    while new == v:
        new = min(high, max(low, v + rng.choice((-1, 1)) * rng.randint(1, step)))
        if low == high:
            break
    if token[:1].isdigit():
        return str(new)
    word = number_in_words(new)
    return word.capitalize() if token[:1].isupper() else word


def article_fits(candidate: str, doc_text: str, start: int) -> bool:
    """Whether the "a"/"an" right before ``start`` (if any) suits ``candidate``."""
    m = re.search(r"(?<!\w)(an?)\s+$", doc_text[max(0, start - 5) : start], re.IGNORECASE)
    return m is None or indefinite_article(candidate) == m.group(1).lower()


def _pick(rng: random.Random, pool: Sequence[str], ok: Callable[[str], bool]) -> str | None:
    good = sorted(p for p in dict.fromkeys(pool) if ok(p))
    return rng.choice(good) if good else None


def _in_pool(word: str, rng: random.Random, fits: Callable[[str], bool]) -> str:
    """Another word of the kind pool (:data:`MARITAL`) that ``word`` is in, cased like it;
    "" when it is in none."""
    low = fold(word)
    pool = next((p for p in MARITAL if low in p), None)
    other = _pick(rng, sorted(pool - {low}), fits) if pool else ""
    if other and word[:1].isupper():
        other = " ".join(w.capitalize() for w in other.split())
    return other or ""


def _shifted_ages(text: str, spots: list[re.Match[str]], shift: int) -> str | None:
    """Every age of ``spots`` moved by ``shift`` years (one that would fall below 1 the other
    way), written like it; None when one is no whole number."""
    out, at = [], 0
    for m in spots:
        token = m.group(0)
        value = parse_number(token) if token.isdigit() else parse_word_number(token)
        if value is None or value != int(value):
            return None
        new = int(value) + shift if int(value) + shift >= 1 else int(value) + abs(shift)
        word = str(new) if token[:1].isdigit() else number_in_words(new)
        if set(word.casefold().split("-")) & set(token.casefold().split("-")):
            return None  # "forty" → "forty-one" would keep the original's word in clear
        out += [text[at : m.start()], word.capitalize() if token[:1].isupper() else word]
        at = m.end()
    return "".join(out) + text[at:]


def _ages(text: str, rng: random.Random, shift: int = 0) -> str:
    """Other ages in the same words: each ``shift`` years on where one is given (the
    document's ages and birth dates move together), else drawn near it; a list of ages in
    digits keeps its order ("aged 4, 7 and 11" read "aged 2, 10 and 9")."""
    pattern = re.compile(r"\d{1,3}|\b(?:" + "|".join(_NUMBER_WORDS[1:] + _TENS) + r")\b",
                         re.IGNORECASE)
    spots = list(pattern.finditer(text))
    if shift and spots and (moved := _shifted_ages(text, spots, shift)) is not None:
        return moved
    old = [int(m.group(0)) for m in spots if m.group(0).isdigit()]
    for _ in range(10):
        new = [other_number(m.group(0), rng, 1, 110, 5) for m in spots]
        if len(old) == len(spots) >= 2 and all(x.isdigit() for x in new) and (
                old == sorted(old) or old == sorted(old, reverse=True)):
            new = [str(v) for v in sorted(map(int, new), reverse=old != sorted(old))]
        if not any(m.group(0) == v for m, v in zip(spots, new, strict=True)) and len(
                set(new)) == len({m.group(0) for m in spots}):  # "aged 4, 7 and 11" read
            break  # "aged 6, 9 and 9"; sorting may put a drawn age where it was: draw again
    out, at = [], 0
    for m, value in zip(spots, new, strict=True):
        out += [text[at : m.start()], value]
        at = m.end()
    return "".join(out) + text[at:]


def _adjectives(english: bool) -> list[tuple[str, str]]:
    """(demonym adjective, country): English ones only (capitalised in the table; nouns such
    as "Swede" left out) for English text."""
    table = load_table("demonyms")["demonyms"]
    return [(d, c) for d, c in table.items() if " " not in d and d[:1].isalpha()
            and (not english or (d[:1].isupper() and d not in _NOUN_DEMONYMS))]


_NEEDS_THE = re.compile(r"(?:United|Republic|Netherlands|Philippines|Czech|Democratic|"
                       r"Central African|Gambia|Bahamas|Maldives)\b|.*Islands$")


def _country(country: str, rng: random.Random) -> str:
    """Another country of the same continent, by its English name ("SO" → "Kenya")."""
    pool = sorted({c for _d, c in _adjectives(True)})
    same = [c for c in pool if c != country and continent_of(c) == continent_of(country)]
    name = country_name(rng.choice(same or [c for c in pool if c != country]))
    return name.split(" - ")[0]  # "Congo - Kinshasa" → "Congo"


def _nationality(country: str, plural: bool, rng: random.Random,
                 fits: Callable[[str], bool], english: bool = True) -> str:
    pool = _adjectives(english)
    if plural:  # "Norwegians" → "Italians": only forms that take an "s"
        pool = [(d, c) for d, c in pool if d.endswith(("an", "i"))] or pool
    same = [d for d, c in pool if c != country and continent_of(c) == continent_of(country)]
    others = [d for d, c in pool if c != country]
    choice = _pick(rng, same, fits) or _pick(rng, others, fits) or "Foreign"
    choice = choice[:1].upper() + choice[1:]
    if plural and not choice.endswith(("sh", "ch", "se", "s")):
        choice += "s"
    return choice


_GENERATION = {t: g for g, terms in {
    "parent": "father stepfather mother stepmother parent uncle aunt",
    "grandparent": "grandfather grandmother grandparent great-uncle great-aunt",  # a child's
    # "grandmother, Mrs Kari Berg" had read "her wife"
    "sibling": "brother half-brother sister half-sister sibling elder brother elder sister "
               "elder sibling cousin",
    "spouse": "husband wife spouse partner",  # "his older sister Mia (15)" read "his older wife"
    "child": "son stepson daughter stepdaughter child nephew niece",
    "grandchild": "grandson granddaughter grandchild great-nephew great-niece"}.items()
    for t in re.findall(r"elder \w+|[\w-]+", terms)}


_INFORMAL_KIN = {"mum": "mother", "mom": "mother", "mummy": "mother", "mam": "mother",
                 "mommy": "mother", "mama": "mother", "dad": "father", "daddy": "father",
                 "papa": "father", "mums": "mothers", "dads": "fathers", "nan": "grandmother",
                 "nana": "grandmother", "nanna": "grandmother", "nanny": "grandmother",
                 "gran": "grandmother", "granny": "grandmother", "grandma": "grandmother",
                 "grandad": "grandfather", "granddad": "grandfather", "grandpa": "grandfather",
                 # Irish: a grandfather, a grandmother, a daddy, a mammy
                 "daideo": "grandfather", "mamó": "grandmother", "daidí": "father",
                 "mamaí": "mother"}


#: every kinship term, in the singular and the plural, and the informal ones
_KIN_TERMS = frozenset({t for terms in KIN.values() for t in terms}
                       | {KIN_PLURALS.get(t, t + "s") for terms in KIN.values() for t in terms}
                       | set(_INFORMAL_KIN))


def is_kin_term(text: str) -> bool:
    """Whether ``text`` is one kinship term ("daughter", "mum", "grandparents"): what
    :func:`_kin` has another term for."""
    return text.strip().casefold() in _KIN_TERMS


def _kin(low: str, rng: random.Random, fits: Callable[[str], bool]) -> str | None:
    """Another kinship term of the same gender and number — of the same generation when
    one fits ("mother" → "stepmother" is refused: it contains the original) — or None if
    ``low`` is none."""
    low = _INFORMAL_KIN.get(low, low)  # "mum" is a mother
    for terms in KIN.values():
        for term in terms:
            plural_form = KIN_PLURALS.get(term, term + "s")
            if low not in (term, plural_form):
                continue

            plural = low == plural_form
            rest = [t for t in terms if term not in t and t not in term]  # no "stepfather"
            others = [KIN_PLURALS.get(t, t + "s") if plural else t for t in rest]
            generation = _GENERATION.get(term, term)
            kin = {generation, "sibling"} if generation == "spouse" else {generation}
            same = [o for t, o in zip(rest, others, strict=True)
                    if _GENERATION.get(t, t) in kin]  # a husband may become a brother
            if not same and generation == "sibling":  # "his older sister Mia (15)" read
                same = ["cousins" if plural else "cousin"]  # "his older wife"
            return _pick(rng, same, fits) or _pick(rng, others, fits) or rng.choice(others)
    return None


#: how English nouns for a person's role end ("biathlete", "teacher", "pianist", "trustee")
_ROLE_NOUN = re.compile(r"(?:er|or|ist|ian|eer|man|men|woman|women|ess|ete|ee|ary|ive|ic|"
                        r"ogist|wright|smith|maker|ers|ors|ists|ians|ees)$")


def _school_year(m: re.Match[str], rng: random.Random, shift: int = 0) -> str:
    """Another school year near this one, written the same way ("Year 4" → "Year 5"): moved
    as the ages are (``shift`` years) where it stays a school year, else drawn."""
    n = school_year_number(m)
    pre = m.group("pre") or ""
    top = 13 if pre.startswith("Y") or m.group("k") else 7 if pre.startswith("P") else \
        6 if pre.startswith("S") or (m.group("post") or "").endswith("class") or m.group(
            "ga") else 12  # Irish
    # primary: 1st–6th class; Scottish P1–P7, S1–S6
    other = n + shift if shift and 1 <= n + shift <= top else rng.choice(
        [k for k in range(max(1, n - 2), min(top, n + 2) + 1) if k != n])
    if m.group("pre"):
        return f"{m.group('pre')}{other}"
    if m.group("ga"):  # "Rang a Dó" → "Rang a Trí"
        return f"{m.group('ga')}{IRISH_CLASSES[other - 1]}"
    if m.group("w"):  # "seventh grader" → "eighth grader"
        word = GRADE_WORDS[other - 1]
        return (word.capitalize() if m.group("w")[:1].isupper() else word) + m.group("wpost")
    if m.group("k"):  # "2. Klasse" → "3. Klasse"
        return f"{other}{m.group('kpost')}"
    suffix = "th" if 10 <= other % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(other % 10, "th")
    return f"{other}{suffix}{m.group('post')}"


def grade_like(doc_text: str, start: int, text: str, shift: int) -> str:
    """A school grade given as a number after "Grade"/"Year" ("Grade: 7") moved as the ages
    are (``shift`` years), or "" (not such a grade, or it would leave grades 1–13)."""
    if not text.isdigit() or not _GRADE_CUE.search(doc_text, max(0, start - 12), start):
        return ""
    new = int(text) + shift
    return str(new) if shift and 1 <= int(text) <= 13 and 1 <= new <= 13 else ""


_GRADE_CUE = re.compile(r"(?i)\b(?:grade|year|yr|class)[ \t]*[:.]?[ \t]*\Z")


def role_like(text: str) -> bool:
    """Whether the last word of ``text`` looks like a noun for a role (so a made-up job can
    stand in for it); "dizzy", "pregnant" and "left-handed" do not."""
    words = fold(text).split()  # a short word needs the occupations' table: "door" of "door
    return bool(words) and _ROLE_NOUN.search(words[-1]) is not None and (  # keys" read
        len(words[-1]) >= 6 or bool(occupation_group(words[-1])))  # "hospital pharmacist"


#: degrees written out, each another's pseudonym
_WORD_DEGREES = ("bachelor's degree", "master's degree", "doctorate", "postgraduate diploma",
                 "foundation degree", "higher national diploma")


def dem_pseudonym(text: str, rng: random.Random, doc_text: str = "", start: int = 0,
                  english: bool = True, *, any_job: bool = True, age_shift: int = 0) -> str:
    """A DEM pseudonym of the same kind and form as ``text`` (see module docstring); "" when
    no kind fits and ``any_job`` is false (no Faker job for it). An age moves by
    ``age_shift`` years where it is given (and the article before it allows)."""
    def fits(candidate: str) -> bool:
        return article_fits(candidate, doc_text, start) if doc_text else True

    low = fold(" ".join(text.split()))
    if low in PERSON_NOUNS:  # "a 29-year-old man" read "a 24-year-old Sami": it names no one
        return neutral_person_noun(text, doc_text, start)  # and its sex or age is left out
    if age_in_span(text) is not None or ages_in_span(text) or re.fullmatch(
            r"(?:age[sd]?|in (?:his|her|their))\b.*|\d{1,3}s?"
            rf"|\d{{1,3}} {YEARS_OF_AGE}\b.*", low):  # "9 ans", "9 lat"
        # as the birth dates move ("DOB … (age 87)"), or as near as the article before it
        # allows ("an 87-year-old" → "an 88-year-old", not "an 89-"; nor "a 11-year-old")
        near = [s for s in (age_shift, age_shift - 1, age_shift + 1, age_shift - 2,
                            age_shift + 2) if s] if age_shift else []
        for ages in [_ages(text, rng, s) for s in near] + [_ages(text, rng) for _ in range(20)]:
            if fits(ages):
                break
        return ages
    school = SCHOOL_YEAR.fullmatch(" ".join(text.split()))
    if school:
        return _school_year(school, rng, age_shift)
    if low in _WORD_DEGREES:  # "a master's degree" read "a games developer"
        return _pick(rng, [d for d in _WORD_DEGREES if d != low], fits) or low
    born = BORN.fullmatch(text.strip())
    if born and demonym_country(born.group(1)) is not None:  # "Nigerian-born"
        found = demonym_country(born.group(1))
        assert found is not None
        return _nationality(found[0], False, rng, fits, english) + born.group(2)
    words = text.split()
    if len(words) >= 2 and fold(words[-1]) in HEAD_NOUNS:
        head = " ".join(words[:-1])
        found = demonym_country(head)
        place = lookup(head) if found is None else None
        if found is not None or (place is not None and place.kind == "country"):
            country = found[0] if found is not None else place.country  # type: ignore[union-attr]
            adj = _nationality(country, False, rng, fits, english)
            return f"{adj} {words[-1]}"
    as_noun = country_as_noun(text, doc_text, start)
    if as_noun is not None:  # "national of Somalia" → "national of Kenya"; "from Somalia"
        name = _country(as_noun[1], rng)
        return as_noun[0] + ("the " if _NEEDS_THE.match(name) else "") + name
    found = demonym_country(text)
    if found is not None:
        return _nationality(found[0], found[1], rng, fits, english)
    place = lookup(text)
    if place is not None and place.kind == "country":  # "his UK mobile"
        return _nationality(place.country, False, rng, fits, english)
    if low in BIRTH_ORDER:
        return BIRTH_ORDER[low]
    if len(words) == 2 and fold(words[1]) in PERSON_NOUNS and (
            group := _in_pool(words[0], rng, fits)):
        return f"{group} {words[1]}"  # "Hispanic female" → "Hausa female"
    bare = re.sub(r"^(?:an?|the)\s+", "", low)
    for pool in MARITAL:
        if bare in pool:
            other = _pick(rng, sorted(pool - {bare}), lambda c: fits(c) if bare == low else True)
            if other and text.strip()[:1].isupper():  # "Kurdish Sorani" → "Tigrinya"
                other = " ".join(w.capitalize() for w in other.split())
            article = low[: len(low) - len(bare)]
            if article.strip() in ("a", "an") and other:
                article = indefinite_article(other) + " "
            return article + (other or bare)
    kin = _kin(low, rng, fits) if len(words) == 1 else None
    if kin is not None:
        return kin
    group = occupation_group(text)
    if group:
        plural = low.endswith("s") and not low.endswith("ss")
        wrong_form = (NOUN_ONLY if low in ADJECTIVE_ONLY else ADJECTIVE_ONLY if low in NOUN_ONLY
                      else ADJECTIVE_ONLY | NOUN_ONLY)  # a word of both forms needs both
        pool = [w for w in occupation_keywords(group) if fold(w) not in low
                and not (english and w in NOT_ENGLISH) and w not in wrong_form]
        if plural:
            pool = [IRREGULAR_PLURALS.get(w, w + ("es" if w.endswith(("s", "sh", "ch")) else
                                                  "s")) for w in pool]
        choice = _pick(rng, pool, fits)
        if choice:
            return choice
    if not any_job:
        return ""
    from faker import Faker

    fake = Faker("en_US")
    fake.seed_instance(rng.getrandbits(63))
    job = ""
    for _ in range(30):
        job = str(fake.job()).split(",")[0].lower()
        if fits(job):
            break
    return job


#: locales whose Faker lists jobs in the language (German, Danish, French, Spanish,
#: Portuguese, Polish); Norwegian, Swedish, Italian and Dutch have none (theirs are English)
JOB_LOCALES = frozenset({"de_DE", "de_AT", "da_DK", "fr_FR", "es_ES", "pt_PT", "pl_PL"})


def local_job(locale: str, rng: random.Random) -> str:
    """A job in the document's language ("Pflegehelferin" → "Fleischer"; it read "Colour
    technologist"; "chauffeur de taxi" → "iconographe"): German nouns keep their capital, the
    other languages write a job in lower case."""
    from faker import Faker

    fake = Faker(locale)
    fake.seed_instance(rng.getrandbits(63))
    job = ""
    for _ in range(10):  # not "ingénieur analogicien analogicienne": both forms written out
        job = re.split(r"\s*/\s*", str(fake.job()).split(",")[0])[0].strip()
        words = job.split()
        if not any(b != a and b.startswith(a[:-1]) for a, b in zip(words, words[1:],
                                                                 strict=False)) and not \
                re.search(r"\b(\w+ \w+) \1\b", job):  # nor "… des écoles des écoles"
            break
    return job if locale.startswith("de") else job[:1].lower() + job[1:]
