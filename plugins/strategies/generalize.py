"""The ``generalize`` strategy: replace a mention with something less specific of the same
kind, so that the text keeps its meaning ("Oslo" → "a city in Norway", "6 January 2022" →
"2022", "42 years old" → "in their forties", "St. Olav Hospital" → "a hospital").

The level comes from the policy (``[labels.X] level = …``); an empty level uses the type's
default. Levels per label (default first):

=========  ==========================================================================
DATETIME   ``year``, ``month`` (month and year), ``decade``; times of day → "in the
           morning", date ranges → their year(s), durations → "a few weeks"
QUANTITY   ``range`` ("between 1,000 and 5,000 euros", "in their forties", "a few
           children", "… euros a month"), ``magnitude``
LOC        ``country`` ("a city in Norway"), ``region`` ("a city in Europe"), ``place``
ORG        ``kind`` ("a hospital"), ``generic`` ("an organisation")
DEM        ``broader`` ("a European national", "a legal professional"), ``generic``
CODE       ``number`` ("[number]")
PERSON     ``person`` ("a person"; "X" after a title such as "Mr")
MISC       ``kind`` ("an event", "a medical condition"), ``generic`` ("something")
=========  ==========================================================================

An unknown level raises :class:`UsageError` (the pipeline then falls back to ``redact``).
Sentence fixes (articles, dropped article after "the", capitals at sentence start,
possessives) are in :mod:`redactor_plugins.strategies.generalization.text`. A replacement for PERSON or
CODE never contains a word (3+ characters) of the original.
"""

from __future__ import annotations

import functools
import re

from redactor_plugins.shared.language.detect import language_of
from redactor_plugins.shared.text_pieces import fit_for_cell
from redactor_plugins.strategies.generalization import date_times as clock
from redactor_plugins.strategies.generalization import numbers as numbers
from redactor_plugins.strategies.generalization import time as times
from redactor_plugins.strategies.generalization.date_times import date_inside
from redactor_plugins.strategies.generalization.demographics import KIN, is_kin_term
from redactor_plugins.strategies.generalization.fakes import ROAD, count_bounds
from redactor_plugins.strategies.generalization.kinds import (
    DEM_LEVELS,
    MISC_LEVELS,
    ORG_LEVELS,
    PERSON_NOUNS,
    generalize_dem,
    generalize_misc,
    generalize_org,
    head_noun,
)
from redactor_plugins.strategies.generalization.localized import LANGUAGES as LOCAL_LANGUAGES
from redactor_plugins.strategies.generalization.localized import localized
from redactor_plugins.strategies.generalization.names import detect_locale
from redactor_plugins.strategies.generalization.org_names import names_an_org
from redactor_plugins.strategies.generalization.places import LEVELS as LOC_LEVELS
from redactor_plugins.strategies.generalization.places import generalize_place, place_adjective
from redactor_plugins.strategies.generalization.text import (
    DETERMINERS,
    TITLES,
    Phrase,
    at_sentence_start,
    capitalise,
    fold,
    indefinite_article,
    noun_follows,
    previous_word,
    render,
    shares_identifying_word,
)

from redactor.plugin_api import Label, ReplacementRequest, RunContext, UsageError

LEVELS: dict[Label, tuple[str, ...]] = {
    Label.DATETIME: ("year", "month", "decade"),
    Label.QUANTITY: numbers.LEVELS,
    Label.LOC: LOC_LEVELS,
    Label.ORG: ORG_LEVELS,
    Label.DEM: DEM_LEVELS,
    Label.CODE: ("number",),
    Label.PERSON: ("person",),
    Label.MISC: MISC_LEVELS,
}
CODE_WORDS = {"EMAIL": "[email address]", "URL": "[web address]"}


def levels_for(label: Label) -> tuple[str, ...]:
    return LEVELS[label]


def check_level(label: Label, level: str) -> str:
    """The level to use (the type's default when empty); UsageError when unknown."""
    known = LEVELS[label]
    if not level:
        return known[0]
    level = level.strip().lower()
    # A level of another type (e.g. ``range`` for an age written as DATETIME) is accepted
    # where it makes sense; see generalize_phrase.
    if level in known or level in numbers.LEVELS:
        return level
    raise UsageError(f"generalize: unknown level {level!r} for {label} "
                     f"(known: {', '.join(known)})")


def generalize_phrase(label: Label, text: str, canonical: str, level: str, *,
                      doc_text: str = "", start: int = 0, end: int = 0,
                      subtype: str = "") -> Phrase:
    """The generalized phrase (before sentence fixes) for one mention."""
    if label == Label.MISC and names_an_org(text):  # "Document Examination Unit" read "matter"
        label, level = Label.ORG, ""
    elif label == Label.MISC and is_kin_term(text):  # "her daughter's home" read "her matter's"
        label, level = Label.DEM, ""
    level = check_level(label, level)
    if label == Label.DEM and re.fullmatch(r"\d{1,3}", text.strip()) and int(text) <= 120:
        return numbers.generalize_age(float(text), "bare", _number_level(level))  # "Marc (38)"
    if label not in (Label.DATETIME, Label.QUANTITY, Label.CODE, Label.PERSON) and not any(
            c.isalpha() for c in text):
        return Phrase("[number]", article=False)  # a number mislabelled as a name
    if label in (Label.DATETIME, Label.QUANTITY, Label.DEM):
        ages = numbers.ages_in_span(text)
        if ages:
            return numbers.generalize_ages(ages, _number_level(level))
        age = numbers.age_in_span(text)
        if age is not None:
            return numbers.generalize_age(age[0], age[1], _number_level(level))
        bare_age = numbers.age_from_context(text, doc_text, start, end) if doc_text else None
        if bare_age is not None:
            return numbers.generalize_age(bare_age, "bare", _number_level(level))
    if label == Label.DATETIME:
        previous = previous_word(doc_text, start) if doc_text else ""
        date_level = level if level in times.LEVELS else "year"
        special = _special_datetime(text, date_level, previous, subtype)
        if special is not None:
            return special
        with times.document_dates("", doc_text):  # "03/02/2025" of a US text: 2 March
            parsed = times.parse_date(text)
        if parsed is not None:
            phrase = times.generalize_date(parsed, level if level in times.LEVELS else "year")
            if (not phrase.article and parsed.day is not None and doc_text
                    and previous_word(doc_text, start) == "on"):
                return Phrase(f"day in {phrase.text}")  # "on 6 May 2021" → "on a day in 2021"
            return phrase
        inside = date_inside(text)  # "3 November 2026 at approximately 2 p.m."
        if inside is not None:
            return times.generalize_date(inside, level if level in times.LEVELS else "year")
        if WEEKDAY_AND_DIGITS.search(text):  # "Friday 3/7" read "a quantity"
            return Phrase("certain date", alt="date")
        if _EVERY_WEEKDAY.fullmatch(text.strip()):  # "visits every Sunday" read "visits date"
            return Phrase("every week", article=False)
        rate = numbers.RATE.search(text.strip())
        q = numbers.parse_quantity(text.strip()[: rate.start()] if rate else text)
        if q is not None and q.unit:  # a duration ("twenty-eight years", "three days a week")
            inner = numbers.generalize_duration(q, _number_level(level)) or \
                numbers.generalize_quantity(q, _number_level(level))
            if rate and rate.start() > 0:  # the rate stays ("a few days a week")
                return Phrase(inner.text + rate.group(0), inner.article, inner.plural,
                              inner.alt + rate.group(0) if inner.alt else "")
            return inner
        if any(c.isdigit() for c in text) and ":" in text:
            return Phrase("certain time", alt="time")
        return Phrase("certain date", alt="date")
    if label == Label.QUANTITY:
        rate = numbers.generalize_rate(text, _number_level(level)) or \
            numbers.generalize_count_range(text, _number_level(level))
        if rate is not None:
            return rate
        q = numbers.parse_quantity(text)
        if q is None:
            return Phrase("certain amount", alt="amount")
        if doc_text and text.strip().casefold() in ("one", "1") and count_bounds(
                doc_text, start, end)[1] == 1:  # as the pseudonym decides: a singular noun
            return Phrase(indefinite_article(doc_text[end : end + 30]),  # "one sibling"
                          article=False)
        return numbers.generalize_quantity(q, _number_level(level))
    if label == Label.LOC:
        if ROAD.fullmatch(text.strip()):  # "on the A61" → "on the road" (it read "address")
            return Phrase("road")
        if doc_text and _attributive(doc_text, start, end):  # "his UK mobile"
            return place_adjective(canonical or text, level)
        return generalize_place(canonical or text, level, doc_text)
    if label == Label.ORG:
        return generalize_org(canonical or text, level, subtype)
    if label == Label.DEM:
        return generalize_dem(text, level, doc_text, start, end)
    if label == Label.CODE:
        word = CODE_WORDS.get(subtype.upper()) or ("[email address]" if "@" in text else
                                                   "[number]")
        return Phrase(word, article=False)
    if label in (Label.PERSON, Label.MISC) and doc_text and previous_word(
            doc_text, start) in TITLES | _GREETINGS:  # "Dear a person" reads wrong
        return Phrase("X", article=False)  # "Mr Yalman" → "Mr X"
    if label == Label.PERSON and doc_text and re.search(r"[^\W\d_]+[ \t]+$", doc_text[
            max(0, start - 30):start]) and previous_word(doc_text, start) in _KIN_WORDS | _ROLES:
        # "my sister Nadia's house" → "my sister X's house" (not "his partner, Ms Mitchell,")
        return Phrase("X", article=False)
    if label == Label.PERSON and doc_text and previous_word(doc_text, start) in _CONJUNCTIONS:
        return Phrase("a person", article=False)  # "I confirm that Peter" is no determiner
    if label == Label.PERSON:
        return Phrase("person")
    phrase = generalize_misc(canonical or text, level)
    if phrase.text == "something" and label == Label.MISC and subtype == "HEALTH" and \
            level != "generic":
        return Phrase("health condition")  # "hx of T2DM" read "hx of something"
    if phrase.text == "something" and label == Label.MISC and doc_text and _attributive(
            doc_text, start, end) and " " not in text.strip():
        return Phrase("certain", article=False)  # "a cruciate ligament" read "a matter ligament"
    last = fold(text.split()[-1]) if len(text.split()) > 1 else ""
    if phrase.text == "something" and level != "generic" and label == Label.MISC and \
            last in _NAMED_KINDS:  # "a UEFA Pro Licence" read "a matter": "a licence"
        return Phrase(last, article=not doc_text or previous_word(doc_text, start) not in
                      DETERMINERS)
    if phrase.text == "something" and level != "generic" and label == Label.MISC:
        head = head_noun(text)  # "a child protection plan" → "a plan", not "a matter"
        if head and (not doc_text or _english(doc_text)):  # "du har rett" has no English head
            after_determiner = bool(doc_text) and previous_word(doc_text, start) in DETERMINERS
            return Phrase(head, article=after_determiner, plural=head.endswith("s"))
    return phrase


#: the last word of a named thing that says what kind it is ("UEFA Pro Licence", "FAI Cup")
_NAMED_KINDS = frozenset("""licence license certificate diploma award cup trophy medal prize
    scheme programme program course qualification""".split())


@functools.lru_cache(maxsize=8)
def _english(doc_text: str) -> bool:
    """Whether the document reads as English (a string's hash is cached: cheap per mention)."""
    return detect_locale(doc_text).startswith("en")


_EVERY_WEEKDAY = re.compile(r"(?i)(?:every|each|most)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)"
                            r"days?(?:\s+(?:morning|afternoon|evening|night)s?)?")
#: a weekday and a date in digits that no date form parsed ("Friday 3/7")
WEEKDAY_AND_DIGITS = re.compile(r"(?i)\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b\W+\d")

#: a letter's or e-mail's greeting before a name: the name becomes "X", as after a title
_GREETINGS = frozenset({"hi", "hello", "hey", "dear", "thanks", "morning", "afternoon"})

#: words that are determiners elsewhere but only join a clause before a name
_CONJUNCTIONS = frozenset({"that", "which", "what", "whether"})

#: a role's noun before a name ("your companion Lee" read "your companion person"): "X" too
_ROLES = frozenset("companion colleague friend neighbour neighbor manager supervisor client "
                   "patient pupil teacher carer caseworker solicitor landlord tenant "
                   "flatmate housemate classmate".split())
#: kinship words before a name ("my son Idris"): the name becomes "X", as after a title
_KIN_WORDS = frozenset(t for terms in KIN.values() for t in terms if " " not in t)


def _special_datetime(text: str, level: str, previous: str, subtype: str) -> Phrase | None:
    """Times of day, seasons, date ranges, a lone "Between", a count read as a date."""
    opener = times.range_opener(text)
    if opener is not None:
        return opener
    hour = clock.parse_time(text)
    if hour is None and times.parse_date(text) is None:
        hour = clock.clock_hour_inside(text)  # "at about 22:15"
    if hour is not None and (subtype.upper() == "TIME" or times.parse_date(text) is None):
        return clock.generalize_time_of_day(hour, level, previous)
    season = times.generalize_season(text, level) or times.generalize_weekday(text)
    if season is not None:
        return season
    if subtype.upper() == "DATE_RANGE" or re.search(r"\d.*\b(?:and|to|until)\b.*\d", text):
        rng = times.generalize_range(text, level, previous)
        if rng is not None:
            return rng
    unit = _BARE_UNITS.get(text.strip().lower())
    if unit:  # "most days" (the unit alone was found): "most times"
        return Phrase(unit, article=False)
    word = numbers.parse_word_number(text) if text.strip().isalpha() else None
    if word is not None and times.parse_date(text) is None:  # "five" read as a date
        return Phrase(numbers.count_words(word) or "some", article=False)
    m = re.fullmatch(r"\s*(\w+)(\s+of)(\s+the)?\s*", text, re.IGNORECASE)
    if m:  # "five of [the six sessions]": a count, not a date
        q = numbers.parse_quantity(m.group(1))
        words = numbers.count_words(q.value) if q is not None else ""
        if q is not None:
            return Phrase(f"{words or 'some'}{m.group(2)}{m.group(3) or ''}", article=False)
    return None


_BARE_UNITS = {"days": "times", "day": "time", "weeks": "times", "week": "time",
               "months": "periods", "month": "period", "nights": "times", "night": "time"}


def _attributive(doc_text: str, start: int, end: int) -> bool:
    """A name used like an adjective: a determiner or possessive before, a lower-case noun
    after ("his UK mobile", "a Bristol school")."""
    return noun_follows(doc_text, end) and previous_word(doc_text, start) in DETERMINERS


def _number_level(level: str) -> str:
    return level if level in numbers.LEVELS else numbers.DEFAULT_LEVEL


_SAFE_FALLBACK: dict[Label, Phrase] = {
    Label.PERSON: Phrase("person"),
    Label.CODE: Phrase("[number]", article=False),
    Label.LOC: Phrase("place"),
    Label.ORG: Phrase("organisation"),
    Label.MISC: Phrase("something", article=False, alt="matter"),
    Label.DEM: Phrase("person"),
}


def generalize_mention(label: Label, text: str, canonical: str, level: str, *,
                       doc_text: str = "", start: int = 0, end: int = 0,
                       subtype: str = "", paragraphs: bool = False) -> str:
    """The final replacement string for one mention (sentence fixes applied); ``paragraphs``
    when every line of ``doc_text`` is a paragraph or table cell (DOCX)."""
    phrase = generalize_phrase(label, text, canonical, level, doc_text=doc_text, start=start,
                               end=end, subtype=subtype)
    language = language_of(doc_text) if doc_text else "en"
    if language in LOCAL_LANGUAGES and label not in (Label.DATETIME, Label.QUANTITY,
                                                     Label.CODE):
        local = localized(phrase.text, language) or (None if label == Label.DEM else localized(
            _SAFE_FALLBACK.get(label, phrase).text, language))  # an age stays "a child"
        if local is not None:  # a Norwegian, Danish, Swedish or German text: its own words
            return capitalise(local) if at_sentence_start(doc_text, start) else local
    out = render(phrase, doc_text, start, end, text, paragraphs) if doc_text else render(
        phrase, text, 0, len(text), text)
    strict = label in (Label.PERSON, Label.CODE)
    if label == Label.DEM and fold(text.strip()) in PERSON_NOUNS:
        return out  # "a 29-year-old man" → "… person": a neutral noun (kinds.neutral_person_noun)
    if (strict and shares_identifying_word(text, out)) or _contains(text, out) or (
            strict and canonical and shares_identifying_word(canonical, out)):
        fallback = _SAFE_FALLBACK.get(label, Phrase("something", article=False))
        out = render(fallback, doc_text or text, start, end if doc_text else len(text), text)
    return out


def _contains(original: str, output: str) -> bool:
    o = original.strip().casefold()
    return bool(o) and o in output.casefold()


class GeneralizeStrategy:
    """Generalize to a less specific phrase of the same type, at the policy's level."""

    id = "generalize"
    version = "1.0"

    def replacement(self, request: ReplacementRequest, ctx: RunContext) -> str:
        f = request.finding
        level = request.level or request.options.get(f"generalize_level_{f.label}", "")
        out = generalize_mention(f.label, f.text, request.entity.canonical, level,
                                 doc_text=request.document.text, start=f.span.start,
                                 end=f.span.end, subtype=f.subtype,
                                 paragraphs=request.document.format == "docx")
        return fit_for_cell(request.document.text, out)  # a CSV's row keeps its columns
