"""The common words of the languages an English recognizer misreads
(``resources/gazetteers/common_words.json``: the most frequent words of Norwegian, Danish,
Swedish, German, French, Spanish, Italian, Portuguese, Dutch and Polish without the
gazetteer's names and places; built by
``training/gazetteers/common_words.py``). Loaded on first use."""

from __future__ import annotations

import json
from functools import cache

from redactor_plugins.shared.language.calendar_words import MONTHS as CALENDAR_MONTHS

from redactor.plugin_api import resource_path

#: the month names of the languages the list knows (a month the model tagged MISC or LOC),
#: lower case, from ``calendar_words``
MONTHS: dict[str, frozenset[str]] = {
    lang: frozenset(n.casefold() for n in names) for lang, names in CALENDAR_MONTHS.items()
    if lang != "en"}


@cache
def common_words(language: str) -> frozenset[str]:
    """The common words (lower case) of ``language`` ("nb", "da", "sv", "de", "fr", "es",
    "it", "pt", "nl", "pl"; "en" for headings); empty for the others."""
    data = json.loads(resource_path("gazetteers", "common_words.json").read_text("utf-8"))
    return frozenset(data["languages"].get(language, ()))
