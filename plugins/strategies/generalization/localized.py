"""Generalizations in the document's language when it is Norwegian, Danish, Swedish or
German: the kind of a mention ("a medical condition", "a benefit") or its generic word
("something", "a person", "an organisation", "a place") in that language, with its article
(a Norwegian note had read "har to something", "sykmeldt på something av something"); the
generic words, kinship words and nationalities of French, Spanish, Italian, Portuguese and
Dutch too (a French note had read "de nationalité a member of a group"). Phrases no table
knows (dates, ages, numbers) stay as the English generalizer writes them."""

from __future__ import annotations

from redactor_plugins.shared.language.word_forms import forms_table, other_in_form

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


#: the generic words in French, Spanish, Italian, Portuguese, Dutch (with article) and Polish
_CONTINENTAL_WORDS: dict[str, tuple[str, ...]] = {
    "something": ("quelque chose", "algo", "qualcosa", "algo", "iets", "coś"),
    "matter": ("une question", "un asunto", "una questione", "um assunto", "een kwestie", "sprawa"),
    "person": ("une personne", "una persona", "una persona", "uma pessoa", "een persoon", "osoba"),
    "member of a group": ("une personne", "una persona", "una persona", "uma pessoa",
                          "een persoon", "osoba"),
    "organisation": ("une organisation", "una organización", "un'organizzazione",
                     "uma organização", "een organisatie", "organizacja"),
    "place": ("un lieu", "un lugar", "un luogo", "um lugar", "een plaats", "miejsce"),
    "medical condition": ("une maladie", "una enfermedad", "una malattia", "uma doença",
                          "een ziekte", "choroba"),
    "benefit": ("une prestation", "una prestación", "una prestazione", "uma prestação",
                "een uitkering", "świadczenie"),
    "offence": ("une infraction", "un delito", "un reato", "um crime", "een strafbaar feit", "przestępstwo"),
    "event": ("un événement", "un evento", "un evento", "um evento", "een gebeurtenis", "wydarzenie"),
    "law": ("une loi", "una ley", "una legge", "uma lei", "een wet", "ustawa"),
    "case": ("une affaire", "un caso", "un caso", "um processo", "een zaak", "sprawa"),
    "language": ("une langue", "un idioma", "una lingua", "uma língua", "een taal", "język"),
    "religion": ("une religion", "una religión", "una religione", "uma religião",
                 "een religie", "religia"),
}
_CONTINENTAL_COLUMN = {"fr": 0, "es": 1, "it": 2, "pt": 3, "nl": 4, "pl": 5}
LANGUAGES = frozenset(_COLUMN) | frozenset(_CONTINENTAL_COLUMN)


def localized(phrase_text: str, language: str) -> str | None:
    """``phrase_text`` (an English kind or generic word, without article) in ``language``
    with its article, or None when the language or the phrase is not in the table."""
    if language in _CONTINENTAL_COLUMN:
        more = _CONTINENTAL_WORDS.get(phrase_text.casefold())
        return None if more is None else more[_CONTINENTAL_COLUMN[language]]
    column = _COLUMN.get(language)
    words = _WORDS.get(phrase_text.casefold())
    return None if column is None or words is None else words[column]


#: nationalities as adjectives, (masculine, feminine[, neuter]) — a French "française" becomes
#: another feminine one ("italienne"), never an English "a member of a group"
_NATIONALITIES: dict[str, tuple[tuple[str, ...], ...]] = forms_table({
        "fr": "français/française allemand/allemande espagnol/espagnole italien/italienne "
              "portugais/portugaise belge/belge suisse/suisse marocain/marocaine "
              "algérien/algérienne tunisien/tunisienne turc/turque polonais/polonaise "
              "roumain/roumaine britannique/britannique sénégalais/sénégalaise "
              "malien/malienne congolais/congolaise syrien/syrienne afghan/afghane",
        "es": "español/española francés/francesa alemán/alemana italiano/italiana "
              "portugués/portuguesa colombiano/colombiana venezolano/venezolana "
              "rumano/rumana argentino/argentina peruano/peruana ecuatoriano/ecuatoriana "
              "británico/británica marroquí/marroquí",
        "it": "italiano/italiana francese/francese tedesco/tedesca spagnolo/spagnola "
              "rumeno/rumena albanese/albanese marocchino/marocchina cinese/cinese "
              "ucraino/ucraina egiziano/egiziana",
        "pt": "português/portuguesa brasileiro/brasileira espanhol/espanhola francês/francesa "
              "angolano/angolana cabo-verdiano/cabo-verdiana ucraniano/ucraniana "
              "romeno/romena",
        "nl": "Nederlands/Nederlandse Belgisch/Belgische Duits/Duitse Frans/Franse "
              "Marokkaans/Marokkaanse Turks/Turkse Pools/Poolse Surinaams/Surinaamse "
              "Syrisch/Syrische",
        # Polish: masculine, feminine and neuter ("obywatelstwo polskie")
        "pl": "polski/polska/polskie ukraiński/ukraińska/ukraińskie niemiecki/niemiecka/niemieckie "
              "białoruski/białoruska/białoruskie litewski/litewska/litewskie czeski/czeska/czeskie "
              "słowacki/słowacka/słowackie rumuński/rumuńska/rumuńskie "
              "wietnamski/wietnamska/wietnamskie gruziński/gruzińska/gruzińskie",
})


def other_nationality(word: str, language: str, pick: int) -> str | None:
    """Another nationality of ``language`` in ``word``'s gender and number ("française" →
    "italienne", "marocains" → "belges"), or None when ``word`` is none there."""
    return other_in_form(word, _NATIONALITIES.get(language, ()), pick, plural_s=True)


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
    "fr": ("mère tante sœur grand-mère", "père oncle frère grand-père", "fils neveu",
           "fille nièce", "épouse compagne", "époux mari compagnon"),
    "es": ("madre tía hermana abuela", "padre tío hermano abuelo", "hijo sobrino",
           "hija sobrina", "esposa pareja", "esposo marido"),
    "it": ("madre zia sorella nonna", "padre zio fratello nonno", "figlio nipote",
           "figlia nipote", "moglie compagna", "marito compagno"),
    "pt": ("mãe tia irmã avó", "pai tio irmão avô", "filho sobrinho", "filha sobrinha",
           "esposa companheira", "marido companheiro"),
    "nl": ("moeder tante zus oma", "vader oom broer opa", "zoon neef", "dochter nicht",
           "echtgenote partner", "echtgenoot man"),
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
