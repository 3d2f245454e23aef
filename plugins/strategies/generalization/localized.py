"""Generalizations in the document's language when it is Norwegian, Danish, Swedish or
German: the kind of a mention ("a medical condition", "a benefit") or its generic word
("something", "a person", "an organisation", "a place") in that language, with its article
(a Norwegian note had read "har to something", "sykmeldt på something av something").
Phrases no table knows (dates, ages, numbers) stay as the English generalizer writes them."""

from __future__ import annotations

#: English phrase of :mod:`kinds` / the generic fallbacks → (nb, da, sv, de), with article
_WORDS: dict[str, tuple[str, str, str, str]] = {
    "something": ("noe", "noget", "något", "etwas"),
    "matter": ("noe", "noget", "något", "etwas"),
    "person": ("en person", "en person", "en person", "eine Person"),
    "member of a group": ("en person", "en person", "en person", "eine Person"),
    "organisation": ("en organisasjon", "en organisation", "en organisation",
                     "eine Organisation"),
    "place": ("et sted", "et sted", "en plats", "ein Ort"),
    "medical condition": ("en sykdom", "en sygdom", "en sjukdom", "eine Krankheit"),
    "medication": ("et legemiddel", "et lægemiddel", "ett läkemedel", "ein Medikament"),
    "medical test": ("en undersøkelse", "en undersøgelse", "en undersökning",
                     "eine Untersuchung"),
    "benefit": ("en ytelse", "en ydelse", "en förmån", "eine Leistung"),
    "offence": ("et lovbrudd", "en lovovertrædelse", "ett brott", "eine Straftat"),
    "substance": ("et stoff", "et stof", "ett ämne", "eine Substanz"),
    "overdose": ("en overdose", "en overdosis", "en överdos", "eine Überdosis"),
    "event": ("en hendelse", "en begivenhed", "en händelse", "ein Ereignis"),
    "law": ("en lov", "en lov", "en lag", "ein Gesetz"),
    "court decision": ("en rettsavgjørelse", "en retsafgørelse", "ett domstolsbeslut",
                       "eine Gerichtsentscheidung"),
    "court order": ("en rettskjennelse", "en retskendelse", "ett domstolsbeslut",
                    "ein Gerichtsbeschluss"),
    "debt": ("en gjeld", "en gæld", "en skuld", "eine Schuld"),
    "vehicle": ("et kjøretøy", "et køretøj", "ett fordon", "ein Fahrzeug"),
    "language": ("et språk", "et sprog", "ett språk", "eine Sprache"),
    "religion": ("en religion", "en religion", "en religion", "eine Religion"),
    "case": ("en sak", "en sag", "ett ärende", "ein Verfahren"),
    "identity": ("en identitet", "en identitet", "en identitet", "eine Identität"),
    "creative work": ("et verk", "et værk", "ett verk", "ein Werk"),
    "award": ("en pris", "en pris", "ett pris", "eine Auszeichnung"),
    "piece of clothing": ("et klesplagg", "et stykke tøj", "ett klädesplagg",
                          "ein Kleidungsstück"),
    "social media platform": ("en sosial medieplattform", "et socialt medie",
                              "en social medieplattform", "eine Social-Media-Plattform"),
    # a school year's stage, without an article ("die 2. Klasse" → "die Grundschule")
    "primary school": ("barneskole", "indskoling", "lågstadiet", "Grundschule"),
    "secondary school": ("ungdomsskole", "udskoling", "högstadiet", "Sekundarstufe"),
}
_COLUMN = {"nb": 0, "da": 1, "sv": 2, "de": 3}
LANGUAGES = frozenset(_COLUMN)


def localized(phrase_text: str, language: str) -> str | None:
    """``phrase_text`` (an English kind or generic word, without article) in ``language``
    with its article, or None when the language or the phrase is not in the table."""
    column = _COLUMN.get(language)
    words = _WORDS.get(phrase_text.casefold())
    return None if column is None or words is None else words[column]


#: kinship words of the Nordic languages and German, each with others of the same sex (a
#: German "Mutter" had read "Arboriculturist": the English table knows no "Mutter")
_KIN: dict[str, tuple[str, ...]] = {
    "nb": ("mor tante søster bestemor", "far onkel bror bestefar", "sønn nevø", "datter niese"),
    "da": ("mor moster faster søster mormor", "far morbror farbror bror morfar", "søn nevø",
           "datter niece"),
    "sv": ("mor mamma moster faster syster mormor", "far pappa morbror farbror bror morfar",
           "son brorson systerson", "dotter brorsdotter systerdotter"),
    "de": ("Mutter Tante Schwester Großmutter Oma", "Vater Onkel Bruder Großvater Opa",
           "Sohn Neffe Enkel", "Tochter Nichte Enkelin", "Ehefrau Partnerin",
           "Ehemann Partner"),
}


def other_kin(word: str, language: str, pick: int) -> str | None:
    """Another kinship word of ``word``'s sex in ``language`` (``pick`` chooses among them,
    the case of the word kept), or None when ``word`` is none there."""
    for group in _KIN.get(language, ()):
        words = group.split()
        folded = [w.casefold() for w in words]
        if word.casefold() in folded:
            others = [w for w in words if word.casefold() not in w.casefold()]  # "Mutter":
            # not "Großmutter", which shows it (the pipeline refused it: "[REDACTED]")
            other = others[pick % len(others)]
            return other[:1].upper() + other[1:] if word[:1].isupper() else other
    return None
