"""Jobs in the languages whose Faker lists English ones (Italian, Dutch): the recognizer
tells a lower-case job from the English model's ORG or MISC by them ("lavora come commessa",
"idraulico"), and a pseudonym picks another from them ("commessa" → "parrucchiera"; it read
"un'organizzazione"). Written for Redactor (Apache-2.0)."""

from __future__ import annotations

from redactor_plugins.shared.language.word_forms import forms_table, other_in_form

#: language code → (masculine, feminine) job nouns, lower case
JOBS: dict[str, tuple[tuple[str, ...], ...]] = forms_table({
        "it": "commesso/commessa idraulico/idraulica elettricista/elettricista "
              "infermiere/infermiera insegnante/insegnante maestro/maestra "
              "cameriere/cameriera cuoco/cuoca barista/barista muratore/muratrice "
              "autista/autista impiegato/impiegata operaio/operaia medico/medica "
              "avvocato/avvocata parrucchiere/parrucchiera falegname/falegname "
              "meccanico/meccanica contadino/contadina cassiere/cassiera badante/badante "
              "farmacista/farmacista ingegnere/ingegnera architetto/architetta "
              "giornalista/giornalista ragioniere/ragioniera fornaio/fornaia "
              "commercialista/commercialista pizzaiolo/pizzaiola magazziniere/magazziniera "
              "netturbino/netturbina postino/postina poliziotto/poliziotta "
              "educatore/educatrice assistente/assistente",
        "nl": "verpleegkundige/verpleegkundige leraar/lerares loodgieter/loodgieter "
              "elektricien/elektricien kok/kok kapper/kapster schoonmaker/schoonmaakster "
              "chauffeur/chauffeuse vrachtwagenchauffeur/vrachtwagenchauffeur "
              "verkoper/verkoopster caissière/caissière bakker/bakker slager/slager "
              "timmerman/timmervrouw metselaar/metselaar monteur/monteur "
              "magazijnmedewerker/magazijnmedewerker postbode/postbode "
              "boekhouder/boekhoudster advocaat/advocate arts/arts apotheker/apotheker "
              "tandarts/tandarts journalist/journaliste ingenieur/ingenieur "
              "architect/architecte politieagent/politieagente taxichauffeur/taxichauffeur "
              "glazenwasser/glazenwasser schilder/schilder tuinman/tuinvrouw "
              "kinderopvangmedewerker/kinderopvangmedewerker",
})


def job_words(language: str) -> frozenset[str]:
    """Every form of the jobs of ``language`` (empty for a language not listed)."""
    return frozenset(form for pair in JOBS.get(language, ()) for form in pair)


def other_job(word: str, language: str, pick: int) -> str | None:
    """Another job of ``language`` in ``word``'s form ("commessa" → a feminine one), or None
    when ``word`` is no job of the list."""
    return other_in_form(word, JOBS.get(language, ()), pick)
