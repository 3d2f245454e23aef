"""The language of a document, by script, function words and letters: the Faker locale a
pseudonym is drawn from, and the language whose common words the recognizer knows are no
names (an English model reads "Notat", "Bescheid" as people)."""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

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
        if score > 0.01:  # letters alone tell nothing: "Ní Bhriain", "Ó Súilleabháin" in an
            # English letter had made it Spanish
            score += 2.0 * sum(letters[c] for c in special) / max(1, sum(letters.values()))
        if score > best_score:
            best, best_score = loc, score
    if best_score < 0.05:  # few function words (a statement's table): the default, British
        best = default  # where the text reads so ("N7 8JE" had read "North Garrett 80041")
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


#: fewer words than this tell no language for certain (a sentence of English without its
#: function words read as Danish: "I saw a white male, aged about 30")
MIN_WORDS = 40


@lru_cache(maxsize=16)
def language_of(text: str) -> str:
    """The language code of :data:`LANGUAGES` for ``text`` ("en", "nb", "da", "sv", "de" …);
    "en" when nothing tells, or when the text has fewer than :data:`MIN_WORDS` words."""
    if len(re.findall(r"[^\W\d_]+", text[:20000])) < MIN_WORDS:
        return "en"
    locale = detect_locale(text)
    return next((code for code, (loc, _w, _s) in LANGUAGES.items() if loc == locale),
                "en" if locale.startswith("en") else locale[:2])
