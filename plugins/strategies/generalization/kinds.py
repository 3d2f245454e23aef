"""Kinds of organisations, groups of people and miscellaneous things, by keyword tables in
``resources/generalize`` (``org_kinds.json``, ``occupations.json``, ``misc_kinds.json``).

* ORG levels: ``kind`` ("St. Olav Hospital" → "a hospital"), ``generic`` ("an organisation").
* DEM levels: ``broader`` ("Norwegian" → "a European national" / "European" before a noun,
  "lawyer" → "a legal professional"), ``generic`` ("a person").
* MISC levels: ``kind`` ("mesothelioma" → "a medical condition", "Gujarat riots" → "an
  event"), ``generic`` ("something").
"""

from __future__ import annotations

import re
from functools import cache

from redactor_plugins.shared.names.titles import JOB_HEADS
from redactor_plugins.strategies.generalization.places import (
    CONTINENT_ADJECTIVES,
    continent_of,
    demonym_country,
    lookup,
)
from redactor_plugins.strategies.generalization.text import (
    Phrase,
    fold,
    head_kind_of,
    indefinite_article,
    is_field_label,
    kind_of,
    load_table,
    noun_follows,
    previous_word,
)

#: nouns for a person that say only sex or stage of life: replaced by a neutral noun ("a
#: 29-year-old man" read "… Sami" as a pseudonym and "… member of a group" generalized)
PERSON_NOUNS = frozenset("""man woman men women boy girl boys girls lady gentleman person
    people child children adult adults teenager teenagers baby infant male female""".split())

#: what a person noun becomes when it is masked: the sex or the stage of life left out
#: ("Male detained" read "[REDACTED] detained": the noun kept as it was is refused)
_NEUTRAL_NOUNS = {
    "man": "person", "woman": "person", "male": "person", "female": "person", "lady": "person",
    "gentleman": "person", "adult": "person", "men": "people", "women": "people",
    "males": "people", "females": "people", "adults": "people", "boy": "child", "girl": "child",
    "baby": "child", "infant": "child", "boys": "children", "girls": "children",
    "child": "young person", "children": "young people", "teenager": "young person",
    "teenagers": "young people", "person": "individual", "people": "individuals",
}


def neutral_person_noun(text: str, doc_text: str = "", start: int = 0) -> str:
    """A person noun of :data:`PERSON_NOUNS` without the sex or the age it tells ("Male" →
    "Person", "two girls" → not handled here: one noun only), in the case of ``text``; a
    form's sex or gender field says "Not stated" ("Gender: Female" read "Gender: Person")."""
    word = text.strip()
    if doc_text and _SEX_FIELD.search(doc_text, max(0, start - 20), start):
        return "NOT STATED" if word.isupper() and len(word) > 1 else "Not stated"
    out = _NEUTRAL_NOUNS.get(fold(word), "person")
    if word.isupper() and len(word) > 1:
        return out.upper()
    return out[:1].upper() + out[1:] if word[:1].isupper() else out


#: a form's field for a person's sex right before a value ("Gender: ", "Sex⏎", "Gender\t")
_SEX_FIELD = re.compile(r"(?im)^[ \t]*(?:gender|sex)[ \t]*[:\t][ \t]*\Z")
#: ranks before an officer's name ("OFFICER BRIAN T. KOWALSKI"): kept by a pseudonym (it
#: read "ENGINEER …"); the name after it is what identifies
RANK_TITLES = frozenset("""officer deputy sheriff trooper agent detective sergeant constable
    inspector captain lieutenant corporal private""".split())
#: a judge's title without a name ("KIRSCH, Circuit Judges", "Iain D. Johnston, Judge"): kept
#: by a pseudonym, like a rank (a made-up occupation read "Keith A. Brown, Prosecutor")
JUDICIAL_TITLE = re.compile(
    r"(?:(?:Chief|Senior|Deputy|Associate|Presiding|Acting)\s+)?(?:(?:Circuit|District"
    r"|Magistrate|Bankruptcy|Appellate|Employment|Tribunal|Immigration|County|Supreme)\s+)?"
    r"(?:Judges?|Justices?)")

ORG_LEVELS = ("kind", "generic")
DEM_LEVELS = ("broader", "generic")
MISC_LEVELS = ("kind", "generic")

# Words after which a demonym names a language ("speaks Norwegian", "in Norwegian").
_LANGUAGE_CONTEXT = re.compile(r"\b(speaks?|spoke|spoken|speaking|in|into|from|language|"
                               r"translated|fluent)\s*$", re.IGNORECASE)
_NON_NOUNS = frozenset(
    "is was are were be been has have had and or but nor who which that whose whom to of in "
    "on at by for with from as than then he she they it his her their its the a an not also "
    "said says told went came left took made gave lived lives live died dies".split())


#: an organisation's kind by the recognizer's subtype, where its name's last word does not
#: say it ("Scoil Bhríde", "Grundschule Mauenheimer Straße": the form comes first)
_KIND_OF_SUBTYPE = {"SCHOOL": "school", "PRISON": "prison", "COMPANY": "company"}


def generalize_org(canonical: str, level: str, subtype: str = "") -> Phrase:
    """The organisation's kind; a name that is only a place name (a club or council known
    by its town) becomes the kind of place."""
    if level == "generic":
        return Phrase("organisation")
    kind = head_kind_of(canonical, "org_kinds")
    if kind:
        return Phrase(kind)
    place = lookup(canonical)
    if place is not None and place.kind in ("city", "town", "country", "state"):
        return Phrase(place.kind)
    return Phrase(_KIND_OF_SUBTYPE.get(subtype, "organisation"))


#: a nationality and "-born" ("Nigerian-born")
BORN = re.compile(r"(.+?)([-‑ ]born)", re.IGNORECASE)

#: Aboriginal Australian nations (and Torres Strait Islanders) and First Nations of North
#: America: each is replaced by another of its own kind ("Wiradjuri" read "a member of a group")
ABORIGINAL_NATIONS = frozenset({"wiradjuri", "gamilaraay", "kamilaroi", "noongar", "nyungar",
                                "yolngu", "arrernte", "warlpiri", "pitjantjatjara", "kaurna",
                                "dharug", "yorta yorta", "anangu", "koori", "koorie", "murri",
                                "torres strait islander"})
FIRST_NATIONS = frozenset({"cree", "ojibwe", "anishinaabe", "mi'kmaq", "mohawk", "dene",
                           "navajo", "cherokee", "lakota", "apache", "hopi", "haudenosaunee"})
#: ethnic groups and broad categories of race, each a pool of its kind (a pseudonym draws
#: another of the same pool; "a 46 y/o Hispanic female" had read "… Production assistant …")
ETHNIC_GROUPS = frozenset({"hispanic", "latino", "african-american", "afro-caribbean", "roma",
                           "romani", "sami", "saami", "maori", "inuit", "aboriginal", "berber",
                           "yoruba", "igbo", "hausa", "hazara", "pashtun", "uyghur", "uighur",
                           "tatar", "assyrian", "baloch", "fulani", "traveller"}
                          ) | ABORIGINAL_NATIONS | FIRST_NATIONS
RACE_WORDS = frozenset({"white", "black", "asian", "caucasian", "mixed-race"})
#: the words of a census's ethnic categories ("White British", "Black Caribbean")
_CENSUS_WORDS = frozenset("white black asian mixed british irish caribbean african pakistani "
                          "indian bangladeshi chinese arab other and".split())
#: a person described by colour, origin or build and sex ("a white male", "Asian women")
_DESCRIBED_PERSON = re.compile(
    r"(?i)(?:(?:white|black|asian|mixed[- ]race|mixed|brown|dark-skinned|light-skinned|"
    r"caucasian|tall|short|young|elderly|middle-aged|slim|stocky|heavily built|"
    + "|".join(sorted(ETHNIC_GROUPS)) + r")[ ,]+){1,3}"
    r"(males?|females?|m[ae]n|wom[ae]n|boys?|girls?)")
#: a heritage ("of Roma origin", "Ghanaian heritage"): its noun stays ("of Roma origin" had
#: read "of a medical condition")
_HERITAGE = re.compile(r"(?i)(?:[\w'’-]+\s+){1,3}(origin|heritage|descent|background|extraction)")

#: kinds of the MISC table that a DEM mention may be (TAB files health under DEM)
#: kinds of MISC that a DEM mention may be too (health is DEM in TAB; "Medicaid" read "member
#: of a group")
_HEALTH_KINDS = frozenset({"medical condition", "medical test", "medication", "benefit"})


@cache
def _occupations() -> tuple[tuple[str, str], ...]:
    """(keyword, group), longest keywords first."""
    pairs = [(fold(word), group) for group, kws in load_table("occupations")["groups"].items()
             for word in kws]
    return tuple(sorted(pairs, key=lambda p: -len(p[0])))


def occupation_group(text: str) -> str:
    low = fold(" ".join(text.split()))
    for word, group in _occupations():
        if re.search(rf"(?<!\w){re.escape(word)}(?:s|es)?(?!\w)", low):
            return group
    return ""


def occupation_keywords(group: str) -> list[str]:
    return [w for w, g in _occupations() if g == group]


def _plural_noun(text: str) -> str:
    if text.endswith(("person",)):
        return text[:-6] + "people"
    if text.endswith("member of the clergy"):
        return "members of the clergy"
    if text.startswith("member of"):
        return "members" + text[6:]
    if text.endswith(("s", "sh", "ch")):
        return text + "es"
    return text + "s"


def _dem_table(name: str) -> dict[str, object]:
    return {fold(k): v for k, v in load_table("occupations").get(name, {}).items()}


def _count_before(doc_text: str, start: int) -> bool:
    """A number (or "few"/"several") directly before ``start``: "the two youngest"."""
    m = re.search(r"(\w+)[ \t]+$", doc_text[max(0, start - 20) : start])
    return bool(m) and (m.group(1).isdigit() or fold(m.group(1)) in (
        "two three four five six seven eight nine ten few several many both".split()))


#: head nouns after a people's name that take no article ("of Kurdish origin")
_MASS_HEADS = frozenset("origin descent heritage background extraction ancestry roots".split())


def _nationality_phrase(text: str, level: str) -> Phrase | None:
    """ "US citizen" → "North American citizen", "Norwegian national living" → "European
    national living" (a demonym or country name before other words)."""
    tokens = text.split()
    for k in (2, 1):
        if len(tokens) <= k:
            continue
        head = " ".join(tokens[:k])
        found = demonym_country(head)
        country = found[0] if found is not None else ""
        if not country:
            place = lookup(head)
            country = place.country if place is not None and place.kind == "country" else ""
        if not country:
            continue
        rest = " ".join(tokens[k:])
        if not rest.islower():
            return None  # only common words ("national living") are kept
        adjective = CONTINENT_ADJECTIVES.get(continent_of(country), "")
        if level == "generic" or not adjective:
            adjective = "foreign"
        plural = rest.split(" ")[0].endswith("s") and not rest.split(" ")[0].endswith("ss")
        mass = rest.split(" ")[0] in _MASS_HEADS  # "of Asian heritage": no article
        return Phrase(f"{adjective} {rest}", plural=plural, article=not mass)
    return None


#: a child's school year ("Year 4", "Year R", "Yr 10", "grade 11", "4th grade", German and
#: Nordic "2. Klasse", "5. klasse", "årskurs 4", Irish "2nd class", "Rang a Dó", Scottish "P7",
#: "S2"), or the
#: child by it ("a seventh grader", "7th grader")
SCHOOL_YEAR = re.compile(r"(?P<pre>(?:Year|Yr\.?)\s?|[Gg]rade\s|(?:årskurs|åk)\s?|P(?=[1-7]\Z)"
                         r"|S(?=[1-6]\Z)|(?:Primary|Secondary)\s)"
                         r"(?P<n>1[0-3]|[1-9]|R)"
                         r"|(?P<m>1[0-2]|[1-9])(?:st|nd|rd|th)(?P<post>[-\s](?:grader|grade|class))"
                         r"|(?P<k>1[0-3]|[1-9])(?P<kpost>\.\s?(?:Klasse|klasse|trinn|Schuljahr))"
                         r"|(?P<w>(?i:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth"
                         r"|tenth|eleventh|twelfth))(?P<wpost>[-\s]grader)"
                         r"|(?P<ga>Rang\s(?:a\s)?)(?P<gan>hAon|Dó|Trí|Ceathair|Cúig|Sé)")
#: the Irish primary classes' numbers ("Rang a Dó": second class)
IRISH_CLASSES = "hAon Dó Trí Ceathair Cúig Sé".split()
#: the school years that US English writes as ordinal words ("a seventh grader")
GRADE_WORDS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh "
               "twelfth").split()


#: "national of Somalia", "citizens of the United Kingdom": the country is a noun there
_OF_COUNTRY = re.compile(r"(?i)((?:(?:an?|the)\s+)?(?:national|citizen|native|resident|subject)s?"
                         r"\s+of\s+)(?:the\s+)?(.+)")
#: words after which a country is a noun, not an adjective ("a national of [Somalia]")
_BEFORE_A_COUNTRY = frozenset("of from in to into across throughout".split())


def country_as_noun(text: str, doc_text: str = "", start: int = 0,
                    end: int = 0) -> tuple[str, str] | None:
    """(words kept before it, ISO code) of a country named as a noun in a DEM mention:
    ("national of ", "SO") for "national of Somalia", ("", "SO") for "Somalia" after "of",
    "from", "in" … with no noun after it (not "his UK mobile"); else None."""
    m = _OF_COUNTRY.fullmatch(" ".join(text.split()))
    lead, name = (m.group(1), m.group(2)) if m else ("", text.strip())
    place = lookup(name)
    if place is None or place.kind != "country":
        return None
    if not m and not (doc_text and previous_word(doc_text, start) in _BEFORE_A_COUNTRY
                      and not noun_follows(doc_text, end or start + len(text))):
        return None
    return lead, place.country


def school_year_number(m: re.Match[str]) -> int:
    """The number of a :data:`SCHOOL_YEAR` match (0 for England's reception year "R")."""
    if m.group("w"):
        return GRADE_WORDS.index(m.group("w").lower()) + 1
    if m.group("gan"):
        return IRISH_CLASSES.index(m.group("gan")) + 1
    return 0 if m.group("n") == "R" else int(m.group("n") or m.group("m") or m.group("k"))


def school_stage(m: re.Match[str]) -> str:
    """The stage of a school year: "primary school" for "Year 4" and "2. Klasse", "high
    school" for "grade 11"."""
    n = school_year_number(m)
    if m.group("k") or m.group("ga"):  # "2. Klasse", "5. klasse" (it raised: "[REDACTED]")
        return "primary school" if n <= 4 else "secondary school"
    if m.group("pre") and m.group("pre").startswith("Y"):
        return "primary school" if n <= 6 else "secondary school"
    if m.group("pre") and m.group("pre")[:1] in "PS":  # Scotland's "P7", "S2"
        return "primary school" if m.group("pre").startswith("P") else "secondary school"
    return "elementary school" if n <= 5 else "middle school" if n <= 8 else "high school"


def generalize_dem(text: str, level: str, doc_text: str = "", start: int = 0,
                   end: int = 0) -> Phrase:
    """A broader group for a demonym, occupation, religion or political group; a school
    year's stage."""
    if fold(text.strip()) in PERSON_NOUNS:  # "a 29-year-old man" → "… person"
        return Phrase(neutral_person_noun(text, doc_text, start), article=False)
    school = SCHOOL_YEAR.fullmatch(" ".join(text.split()))
    if school and school.group(0).endswith("grader"):  # "a seventh grader" → "a … pupil"
        return Phrase("school pupil" if level == "generic" else f"{school_stage(school)} pupil",
                      article=True)
    if school:
        return Phrase("school" if level == "generic" else school_stage(school), article=False)
    born = BORN.fullmatch(" ".join(text.split()))
    origin = demonym_country(born.group(1)) if born else None
    if born and origin is not None:  # "Nigerian-born" → "African-born"
        adjective = CONTINENT_ADJECTIVES.get(continent_of(origin[0]), "")
        return Phrase(f"{adjective or 'foreign'}{born.group(2)}", article=False)
    gendered = _DESCRIBED_PERSON.fullmatch(" ".join(text.split()))
    if gendered and level != "generic":  # "a white male" (a description of a person)
        plural = bool(gendered.group(1)) and gendered.group(1).endswith(("s", "men"))
        return Phrase("people" if plural else "person", plural=plural)
    following = _next_word(doc_text, end)
    adjectival = (bool(following) and following[0].islower() and following not in _NON_NOUNS
                  and not re.search(r"(ed|ly)$", following)) or (
        following[:1].isupper() and demonym_country(following) is not None)  # "British Indian"
    key = fold(" ".join(text.split())).strip(" .,;:")
    heritage = _HERITAGE.fullmatch(" ".join(text.split()))
    if heritage and demonym_country(text.split()[0]) is None:  # "of Roma origin"
        return Phrase(f"a certain {heritage.group(1).lower()}", article=False)
    if key in ETHNIC_GROUPS or key in RACE_WORDS or (key.split()[:1] in (
            ["white"], ["black"], ["asian"], ["mixed"]) and set(key.split()) <= _CENSUS_WORDS):
        # "an Aboriginal boy" → "an unspecified boy"; "she is Hispanic"; "White British"
        an = re.search(r"(?i)\ban[ \t]+\Z", doc_text[max(0, start - 4):start])
        return Phrase("unspecified" if an else "certain", article=False) if adjectival \
            else Phrase("member of an ethnic group")
    if doc_text and is_field_label(doc_text, start, end):
        label = _dem_table("field_labels").get(key)
        if isinstance(label, str):
            return Phrase(label, article=False)  # "Author:" → "Recorded by:"
    relation = _dem_table("relations").get(key) or _dem_table("relations").get(
        key[:-1] if key.endswith("s") else key)
    if isinstance(relation, str) and level != "generic":
        plural = key.endswith("s") and key not in _dem_table("relations")
        return Phrase(_plural_noun(relation) if plural else relation, plural=plural)
    adjective_forms = _dem_table("adjectives").get(key)
    if isinstance(adjective_forms, list):  # "the two youngest" → "the two younger ones"
        many = _count_before(doc_text, start)
        word = str(adjective_forms[1] if many else adjective_forms[0])
        if noun_follows(doc_text, end):
            word = word.split()[0]  # "her youngest daughter" → "her younger daughter"
        return Phrase(word, plural=many)
    country = country_as_noun(text, doc_text, start, end)
    if country is not None:  # "a national of Somalia" → "a national of an African country"
        lead, code = country
        adjective = CONTINENT_ADJECTIVES.get(continent_of(code), "") if level != "generic" \
            else ""
        where = f"{indefinite_article(adjective)} {adjective} country" if adjective else \
            "another country"
        return Phrase(lead + where, article=not lead) if lead else Phrase(
            f"{adjective} country" if adjective else "country")
    found = demonym_country(text)
    if found is None:
        phrase = _nationality_phrase(text, level)
        if phrase is not None:
            return phrase
    if found is not None:
        country, plural = found
        adjectival = adjectival and not plural
        continent = continent_of(country)
        adjective = CONTINENT_ADJECTIVES.get(continent, "")
        if level == "generic" or not adjective:
            if adjectival:
                return Phrase("certain", article=False)
            return Phrase("people" if plural else "person", plural=plural)
        if _LANGUAGE_CONTEXT.search(doc_text[max(0, start - 25) : start]) and not plural:
            return Phrase(f"{indefinite_article(adjective)} {adjective} language", article=False)
        if adjectival:
            return Phrase(adjective, article=False)
        return Phrase(f"{adjective} nationals" if plural else f"{adjective} national",
                      plural=plural)
    plural = bool(re.search(r"(?<![su])s$", text.strip())) and not adjectival
    if level == "generic":
        if adjectival:
            return Phrase("certain", article=False)
        return Phrase("people" if plural else "person", plural=plural)
    group = occupation_group(text)
    health = "" if group else kind_of(text, "misc_kinds")
    if health in _HEALTH_KINDS:  # "type 2 diabetes", "ECG" (health is DEM in TAB)
        return Phrase(health)
    if not group and adjectival:
        return Phrase("local", article=False)  # "a school nurse" → "a local …"
    if not group and (head := head_noun(text)):  # "cardiology secretaries" → "secretaries"
        return Phrase(head, plural=plural)
    last = fold(text.split()[-1]) if text.split() else ""
    if not group and last in JOB_HEADS:  # "Union Rep" → "representative", "Business Partner"
        return Phrase(_JOB_HEAD_WORDS.get(last, last))  # → "professional" (not "a member …")
    if not group:
        group = "member of a group"  # the last resort
    if adjectival:
        return Phrase(group)
    return Phrase(_plural_noun(group) if plural else group, plural=plural)


_HEAD_PHRASE = re.compile(r"[a-z][a-z'’-]*(?:\s+[a-z][a-z'’-]*)+")
_NOT_HEADS = frozenset("of the a an and or to in on at by for with from as is was are were be "
                       "been has have had who which that this these those it its his her their "
                       "our my your some any".split())


#: a job title's last word, said in full or more broadly
_JOB_HEAD_WORDS = {"rep": "representative", "partner": "professional", "lead": "professional"}


def head_noun(text: str) -> str:
    """The last word of a lower-case phrase of two or more words, when it reads as its noun
    ("child protection plan" → "plan", "perinatal mental health team" → "team",
    "drug-eluting stent" → "stent"); "" for a name, one word, a phrase with a function word
    ("overdose of sertraline") or one ending in a participle or an adverb ("chest pain
    radiating")."""
    flat = " ".join(text.split())
    if not _HEAD_PHRASE.fullmatch(flat) or set(flat.split()) & _NOT_HEADS:
        # "overdose of sertraline": its head is not its last word, and its first says much
        return ""
    head = flat.rsplit(" ", 1)[1].strip("'’-")
    if (len(head) < 3 or head in _NOT_HEADS or head.endswith(("ing", "ed", "ly"))
            or not head.isalpha()):
        return ""
    return head


def generalize_misc(canonical: str, level: str) -> Phrase:
    if level == "generic":
        return Phrase("something", article=False, alt="matter")
    word = {fold(k): v for k, v in load_table("misc_kinds").get("words", {}).items()}.get(
        fold(canonical.strip()))
    if word:
        return Phrase(word, article=False)  # "coping most days" → "managing most days"
    kind = kind_of(canonical, "misc_kinds")
    if kind:
        return Phrase(kind, article=kind not in _MASS_KINDS, plural=kind in _PLURAL_KINDS)
    return Phrase("something", article=False, alt="matter")


#: kinds said without an article ("Therapy with …") or in the plural ("to buy gifts for")
_MASS_KINDS = frozenset({"therapy", "gifts"})
_PLURAL_KINDS = frozenset({"gifts"})


def _next_word(text: str, end: int) -> str:
    """The word right after ``end``, also across one line break (a PDF's wrapped line)."""
    m = re.match(r"[ \t]*(?:\r?\n[ \t]*)?-?([^\W\d_]+)", text[end : end + 40])
    return m.group(1) if m else ""
