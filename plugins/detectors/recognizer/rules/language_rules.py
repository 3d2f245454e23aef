"""What a span the English model tagged is in a text of another language — Norwegian, Danish,
Swedish, German, French, Spanish, Italian, Portuguese, Dutch or Polish: the language's common
words ("Notat", "Note de synthèse", "l'école"), months and decades ("siden mars", "dagli anni
'90"), a name's lower-case tail ("Kari møtte"), a nationality after its cue ("de nationalité
française") and a job of the language ("camarero")."""

from __future__ import annotations

import functools
import re

from redactor_plugins.shared.language.calendar_words import CONTINENTAL, DECADE
from redactor_plugins.shared.language.common_words import MONTHS, common_words
from redactor_plugins.shared.language.local_jobs import job_words

__all__ = ["common_function_word", "common_word_span", "local_occupation", "month_word",
           "name_without_lower_tail", "nationality_after_cue"]

#: languages whose nouns are written in lower case: a capital there marks a name or a
#: sentence's start
#: the continental languages among them (French, Spanish, Italian, Portuguese, Dutch, Polish)
_CONTINENTAL = frozenset(CONTINENTAL)
_LOWER_NOUNS = frozenset({"nb", "da", "sv"}) | _CONTINENTAL
_ELIDED_TAIL = re.compile(r"['’][^\W\d_]+")
_SENTENCE_START = re.compile(r"(?:^|[.!?:]\s+|\n\s*|[-–—•*]\s+)\Z")


def common_word_span(text: str, start: int, end: int, language: str) -> bool:
    """Whether a span the model tagged PERSON, ORG or LOC is only common words of the
    document's language (not English), none a name or place of the gazetteer: "Notat",
    "Neste møte" at a line's start of a Norwegian note, "Bescheid" (one word) in a German
    letter. In Norwegian, Danish and Swedish, where nouns are not capitalised, only at a
    sentence's or a line's start and with no capital after the first word (a capital
    elsewhere marks a name)."""
    words = common_words(language)
    if not words:
        return False
    if language in _CONTINENTAL and (glued := _ELIDED_TAIL.match(text, end)):
        end = glued.end()  # the model's "l" of "l'école": the word it is glued to
    found = re.findall(r"[^\W\d_]+", text[start:end])
    if language in _CONTINENTAL:  # "l'école": the elided article is no word of its own
        found = [w for w in found if len(w) > 1] or found
    if not found or not all(w.casefold() in words for w in found):
        return False
    if language not in _LOWER_NOUNS:  # German: one common noun ("Bescheid")
        return len(found) == 1
    if language in _CONTINENTAL and all(w.islower() for w in found):
        return True  # no capital, so no name, wherever it stands ("l'école", "synthèse")
    # a sentence's first word and lower-case words after it ("Neste møte:"), not "NAV
    # Grünerløkka" (a capital inside marks a name, common word or not)
    return all(w.islower() for w in found[1:]) and bool(
        _SENTENCE_START.search(text, max(0, start - 3), start))


_NATIONALITY_CUE = re.compile(
    r"(?i)(?:(?:de|di|van|met\s+de)\s+)?(?:nationalité|nacionalidad|nazionalità"
    r"|nacionalidade|nationaliteit|obywatelstw[oa])\s+([^\W\d_]+)")


def nationality_after_cue(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The nationality of a continental span that is its cue and it ("de nationalité
    française", "di nazionalità italiana", which the English model tagged ORG): its word."""
    m = _NATIONALITY_CUE.fullmatch(text, start, end)
    if m:
        return m.start(1), m.end(1)
    word = re.fullmatch(r"[^\W\d_]+", text[start:end])  # the cue before: "de nacionalidad
    return (start, end) if word and _CUE_BEFORE.search(text, max(0, start - 20), start) \
        else None  # [española]"


_CUE_BEFORE = re.compile(r"(?i)(?:nationalité|nacionalidad|nazionalità|nacionalidade"
                         r"|obywatelstw[oa])\s+\Z")


_JOB_LOCALES = {"fr": "fr_FR", "es": "es_ES", "pt": "pt_PT", "pl": "pl_PL", "de": "de_DE",
                "da": "da_DK"}


@functools.lru_cache(maxsize=8)
def _job_heads(language: str) -> frozenset[str]:
    """The first words of Faker's job titles of ``language`` (its own words: "camarero",
    "chauffeur"), lower case; empty where Faker lists English jobs or none."""
    import importlib

    locale = _JOB_LOCALES.get(language)
    if locale is None:
        return frozenset()
    jobs = importlib.import_module(f"faker.providers.job.{locale}").Provider.jobs
    return frozenset(j.split()[0].casefold() for j in jobs if j.split())


def local_occupation(span: str, language: str) -> bool:
    """Whether a lower-case span of a continental or German text begins with a job's word of
    its language ("camarero", "chauffeur de taxi": the English model's MISC)."""
    words = span.split()
    return 1 <= len(words) <= 4 and span.islower() and (words[0].casefold() in _job_heads(
        language) or words[0].casefold() in job_words(language))


def common_function_word(span: str, language: str) -> bool:
    """Whether a MISC or DEM span is one lower-case common word of the document's language
    (not English): "sin" of a Swedish "för sin lärare", which the English model tagged."""
    word = span.strip()
    return word.islower() and " " not in word and word in common_words(language)


def month_word(word: str, language: str) -> bool:
    """Whether ``word`` is a month's name in the document's language ("siden mars"), or a
    decade in its words ("dagli anni '90": the model's ORG)."""
    return word.casefold() in MONTHS.get(language, frozenset()) or (
        language in _CONTINENTAL and _DECADE.search(word) is not None)


_DECADE = re.compile(rf"{DECADE}\Z")  # a preposition before it may stay ("dagli anni '90")


_LOWER_TAIL = re.compile(r"(?:[^\S\n]+[a-zæøåäöüß][\w'’-]*)+\Z")


def name_without_lower_tail(text: str, start: int, end: int, language: str) -> int:
    """``end`` moved back over lower-case words at the end of a name in a Norwegian, Danish,
    Swedish or German text ("Kari møtte", "Ahmed dersom": the verb or conjunction after the
    name, which the English model took in)."""
    if language not in _LOWER_NOUNS | {"de"}:
        return end
    m = _LOWER_TAIL.search(text, start, end)
    return m.start() if m is not None and m.start() > start else end
