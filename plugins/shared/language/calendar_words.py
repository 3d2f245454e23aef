"""Month and weekday names of the languages Redactor reads, one list per language: the date
patterns find "17 avril 2023", "12 de marzo de 2021" or "3 maja 2020" with them, and a
pseudonym writes its shifted month in the original's language ("19 avril", not "19 april").
"""

from __future__ import annotations

import re
from functools import lru_cache

#: language code → the twelve month names as a date writes them (Polish: the genitive of
#: "3 maja"; Nordic and Romance languages write them in lower case)
MONTHS: dict[str, tuple[str, ...]] = {
    "en": ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"),
    "nb": tuple("januar februar mars april mai juni juli august september oktober november "
                "desember".split()),
    "sv": tuple("januari februari mars april maj juni juli augusti september oktober november "
                "december".split()),
    "de": tuple("Januar Februar März April Mai Juni Juli August September Oktober November "
                "Dezember".split()),
    "da": tuple("januar februar marts april maj juni juli august september oktober november "
                "december".split()),
    "fr": tuple("janvier février mars avril mai juin juillet août septembre octobre novembre "
                "décembre".split()),
    "es": tuple("enero febrero marzo abril mayo junio julio agosto septiembre octubre "
                "noviembre diciembre".split()),
    "it": tuple("gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre "
                "novembre dicembre".split()),
    "pt": tuple("janeiro fevereiro março abril maio junho julho agosto setembro outubro "
                "novembro dezembro".split()),
    "nl": tuple("januari februari maart april mei juni juli augustus september oktober "
                "november december".split()),
    "pl": tuple("stycznia lutego marca kwietnia maja czerwca lipca sierpnia września "
                "października listopada grudnia".split()),
}

#: spellings a keyboard without accents gives ("fevrier", "aout"), and Spanish "setiembre"
MONTH_VARIANTS: dict[str, int] = {"fevrier": 2, "aout": 8, "decembre": 12, "marco": 3,
                                  "setiembre": 9, "maerz": 3}

#: language code → Monday … Sunday
WEEKDAYS: dict[str, tuple[str, ...]] = {
    "en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    "fr": ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"),
    "es": ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"),
    "it": ("lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"),
    "pt": ("segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira",
           "sábado", "domingo"),
    "nl": ("maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"),
    # Polish after "w"/"we" ("we wtorek 20 czerwca"): the accusative
    "pl": ("poniedziałek", "wtorek", "środę", "czwartek", "piątek", "sobotę", "niedzielę"),
    "de": ("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"),
    "nb": ("mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag"),
    "sv": ("måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"),
    "da": ("mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag"),
}

#: the languages whose dates read "day month year" with a bare day ("17 avril 2023",
#: "12 marzo 2021"; Spanish and Portuguese put "de" between) — the Nordic and German ones
#: write "12. januar" and have their own pattern
CONTINENTAL = ("fr", "es", "it", "pt", "nl", "pl")


def weekday_number(word: str) -> tuple[str, int] | None:
    """(language, 0–6) for a full weekday name of any language above (English first)."""
    low = word.casefold()
    for lang, names in WEEKDAYS.items():
        for i, name in enumerate(names):
            if name.casefold() == low:
                return lang, i
    return None


@lru_cache(maxsize=1)
def month_numbers() -> dict[str, int]:
    """Every month name of the languages above and its variants, lower case → 1–12."""
    numbers: dict[str, int] = {}
    for names in MONTHS.values():
        for i, name in enumerate(names, start=1):
            numbers.setdefault(name.casefold(), i)
    numbers.update(MONTH_VARIANTS)
    return numbers


def alternation(words: list[str] | tuple[str, ...], capitalised: bool = True) -> str:
    """A regex group of ``words``, each also capitalised when asked, written as a trie
    ("ma(?:rzo|ggio|y(?:o)?)…": a word start that begins no word costs one test, where a
    flat list of 150 names cost 150; a longer word is tried before its prefix)."""
    forms = set(words)
    if capitalised:
        forms |= {w[:1].upper() + w[1:] for w in words}
    return _trie_pattern(forms)


def _trie_pattern(words: set[str]) -> str:
    trie: dict[str, dict] = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, dict]) -> str:
        ends = "" in node
        branches = [re.escape(ch) + emit(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if ends:
            return "(?:" + body + ")?"
        return body

    return "(?:" + emit(trie) + ")"


def continental_months() -> str:
    """A regex group of the month names of :data:`CONTINENTAL` languages and their variants,
    capitalised too ("Mars 2021" opens a sentence) except Polish ("Maja" is a name)."""
    names = {n for lang in CONTINENTAL if lang != "pl" for n in MONTHS[lang]} | set(MONTH_VARIANTS)
    forms = names | {n[:1].upper() + n[1:] for n in names} | set(MONTHS["pl"])
    return _trie_pattern(forms)


#: the words before a decade's number ("les années 1990", "los años 80", "gli anni '90", "de
#: jaren '90", Polish "od lat 90.")
DECADE_WORDS = (r"(?:(?:[Ll]es|[Ll]os|[Gg]li|[Dd]e|[Oo]s)\s+)?(?:années|años|anni|jaren|anos"
                r"|lat|latach)\s+")
#: a decade in words, its number in full or in two digits
DECADE = rf"(?<!\w){DECADE_WORDS}(?:(?:1[5-9]|20)\d0|['’]?\d0)(?![\w'’])"
#: the words for years after an age's number ("9 ans", "45 años", "14 anni", "6 jaar", "9 lat")
YEARS_OF_AGE = r"(?:ans|años|anni|anos|jaar|lat|lata)"
#: an age's short form after its number in English ("46 y/o", "46yo", "3 y.o.")
AGE_SHORT = r"(?:y/o|y\.o\.|yo)"
