"""Build ``resources/gazetteers/common_words.json``: common words of the languages whose
documents Redactor reads with an English recognizer (Norwegian bokmål, Danish, Swedish,
German), without the names and places of the shipped gazetteer; and English, for a heading's
words only (a line in capitals).

The recognizer uses it to tell a capitalised common word from a name ("Notat" at a heading's
start, "Bescheid" in a German letter, which the English model tagged PERSON). Sources, all
permissive: the curated case-file vocabulary of ``curated.COMMON_WORDS`` (Apache-2.0, written
for Redactor), spaCy's stop words (MIT; build time only) and Faker's word lists (MIT; Danish
and German). Not wordfreq: its data is CC-BY-SA and no list derived from it is shipped.

    .venv/bin/python training/gazetteers/common_words.py
"""

from __future__ import annotations

import importlib
import json
import sys
import unicodedata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from curated import COMMON_WORDS  # noqa: E402 - this folder's module

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "resources" / "gazetteers" / "common_words.json"
LANGUAGES = ("en", "nb", "da", "sv", "de", "fr", "es", "it", "pt", "nl", "pl")
#: Faker's word lists (``faker.providers.lorem``) per language, where Faker has one
FAKER_LOREM = {"en": "en_US", "da": "da_DK", "de": "de_DE", "fr": "fr_FR", "es": "es_ES",
               "it": "it_IT", "nl": "nl_NL"}  # Polish's lists countries ("francja", "polska")
#: words of those lists that name a people, a language or a place: never common words here
#: (a lower-case "française" is a nationality)
PEOPLES = frozenset("anglais français française anglaise española español españoles europa "
                    "europea europeo americano francese inglese italiano".split())
#: gazetteer lists whose entries are names, never common words here
NAME_LISTS = ("given_names", "surnames", "cities", "countries", "states")


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def main() -> None:
    gazetteer = json.loads((ROOT / "resources" / "gazetteers" / "gazetteers.json").read_text())
    def entries(keys: tuple[str, ...]) -> set[str]:
        return {_fold(e[0] if isinstance(e, list) else e) for key in keys
                for e in gazetteer["lists"][key]["entries"]}

    names = entries(NAME_LISTS)
    people = entries(("given_names", "surnames"))
    # English words of headings that are also surnames stay ("Gross pay", "Student loan"): the
    # English list is only read on a heading's line, where a surname alone is rare
    english_names = entries(tuple(k for k in NAME_LISTS if k != "surnames"))
    from redactor_plugins.shared.names.titles import COURTESY

    out = {"format": 1, "source": "training/gazetteers/curated.py COMMON_WORDS (Apache-2.0), "
           "spaCy stop words (MIT), Faker lorem word lists (MIT), minus the gazetteer's "
           f"{', '.join(NAME_LISTS)} and courtesy titles", "languages": {}}
    for lang in LANGUAGES:
        found = set(COMMON_WORDS[lang])
        stop_words = set(importlib.import_module(f"spacy.lang.{lang}.stop_words").STOP_WORDS)
        found |= stop_words
        if lang in FAKER_LOREM:
            lorem = importlib.import_module(f"faker.providers.lorem.{FAKER_LOREM[lang]}")
            found |= set(lorem.Provider.word_list)
        words = {_fold(w) for w in found if w.replace(" ", "").isalpha() and len(w) > 1
                 and " " not in w}
        words -= (english_names if lang == "en" else names) | COURTESY | PEOPLES
        if lang != "en":  # a function word stays one where only a town has its name (Dutch
            words |= {_fold(w) for w in stop_words if w.isalpha() and len(w) > 1  # "haar"),
                      and _fold(w) not in people}  # not where a person may ("Hans", "Anders")
        out["languages"][lang] = sorted(words)
        print(f"{lang}: {len(words)} words")
    OUT.write_text(json.dumps(out, ensure_ascii=False, separators=(",", ":")) + "\n",
                   encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({OUT.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
