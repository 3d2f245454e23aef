"""Build ``resources/gazetteers/common_words.json``: the most frequent words of the languages
whose documents Redactor reads with an English recognizer (Norwegian bokmål, Danish, Swedish,
German), without the names and places of the shipped gazetteer.

The recognizer uses it to tell a capitalised common word from a name ("Notat" at a heading's
start, "Bescheid" in a German letter, which the English model tagged PERSON). Offline and
reproducible: wordfreq (build time only; its data CC-BY-SA 4.0, only the word list's top is
kept, as facts about frequency) and the gazetteer in this repository.

    .venv/bin/python training/gazetteers/common_words.py
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

from wordfreq import top_n_list

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "resources" / "gazetteers" / "common_words.json"
LANGUAGES = ("nb", "da", "sv", "de")
TOP = 15000
#: gazetteer lists whose entries are names, never common words here
NAME_LISTS = ("given_names", "surnames", "cities", "countries", "states")


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def main() -> None:
    gazetteer = json.loads((ROOT / "resources" / "gazetteers" / "gazetteers.json").read_text())
    names = {_fold(e[0] if isinstance(e, list) else e) for key in NAME_LISTS
             for e in gazetteer["lists"][key]["entries"]}
    out = {"format": 1, "source": f"wordfreq top {TOP} per language, minus the gazetteer's "
           f"{', '.join(NAME_LISTS)}", "languages": {}}
    for lang in LANGUAGES:
        words = [w for w in top_n_list(lang, TOP) if w.isalpha() and len(w) > 1
                 and _fold(w) not in names]
        out["languages"][lang] = sorted(set(words))
        print(f"{lang}: {len(words)} words")
    OUT.write_text(json.dumps(out, ensure_ascii=False, separators=(",", ":")) + "\n",
                   encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({OUT.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
