"""The common words of the languages an English recognizer misreads
(``resources/gazetteers/common_words.json``: the most frequent words of Norwegian, Danish,
Swedish and German without the gazetteer's names and places; built by
``training/gazetteers/common_words.py``). Loaded on first use."""

from __future__ import annotations

import json
from functools import cache

from redactor.plugin_api import resource_path

#: the month names of the languages the list knows (a month the model tagged MISC or LOC)
MONTHS: dict[str, frozenset[str]] = {
    "nb": frozenset("januar februar mars april mai juni juli august september oktober "
                    "november desember".split()),
    "da": frozenset("januar februar marts april maj juni juli august september oktober "
                    "november december".split()),
    "sv": frozenset("januari februari mars april maj juni juli augusti september oktober "
                    "november december".split()),
    "de": frozenset("januar februar märz april mai juni juli august september oktober "
                    "november dezember".split()),
}


@cache
def common_words(language: str) -> frozenset[str]:
    """The common words (lower case) of ``language`` ("nb", "da", "sv", "de"); empty for the
    others."""
    data = json.loads(resource_path("gazetteers", "common_words.json").read_text("utf-8"))
    return frozenset(data["languages"].get(language, ()))
