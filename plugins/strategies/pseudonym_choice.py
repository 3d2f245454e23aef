"""How the pseudonym strategy picks a made-up value: seeded retries (HMAC of the original
under the user's key, so one original gets one pseudonym in every run), and the checks a
candidate passes — not the original nor inside it, no word of the original or (for names) of
the document, no year of the document hidden in its digits, not given to another original.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
from typing import Any

from redactor_plugins.strategies.generalization.fakes import UNIT_WORDS
from redactor_plugins.strategies.generalization.text import fold

from redactor.plugin_api import Document

__all__ = ["ALNUM", "MAX_TRIES", "UNIFORM_AFTER", "WIDEN_AFTER", "Seeder", "acceptable",
           "choose", "document_words"]

ALNUM = re.compile(r"[^\W_]+")
MAX_TRIES = 60
UNIFORM_AFTER = 12
WIDEN_AFTER = 30

# -- seeding ---------------------------------------------------------------------------------
class Seeder:
    """Seeds from HMAC(key, text) when a key is set, else fresh randomness."""

    def __init__(self, key: bytes | None) -> None:
        self.key = key

    def seed(self, *parts: object) -> int:
        if self.key is None:
            return secrets.randbits(63)
        msg = "\x1f".join(str(p) for p in parts).encode("utf-8")
        return int.from_bytes(hmac.new(self.key, msg, hashlib.sha256).digest()[:8], "big")

    def rng(self, *parts: object) -> random.Random:
        return random.Random(self.seed(*parts))  # noqa: S311 - pseudonyms, not secrets


_YEAR = re.compile(r"(?<!\d)(?:1[89]|20)\d{2}(?!\d)")
#: a document's numbers in any spelling: "11:05", "03/05/2011", "0113 378 4000"
_NUMBER_RUN = re.compile(r"\d(?:[\d:./-]*\d)?")
_SPACED_RUN = re.compile(r"\d(?:[\d:./ -]*\d)?")
_NON_DIGIT = re.compile(r"\D")


def document_words(memo: dict[str, Any], doc: Document) -> frozenset[str]:
    cached = memo["doc_words"].get(doc.id)
    if cached is None:
        cached = frozenset(fold(w) for w in ALNUM.findall(doc.text))
        memo["doc_words"] = {doc.id: cached}  # keep only the current document's words
        memo["doc_years"] = frozenset(_YEAR.findall(doc.text))
        memo["doc_numbers"] = frozenset(  # every other number, in any spelling
            digits for run in _NUMBER_RUN.findall(doc.text) + _SPACED_RUN.findall(doc.text)
            if len(digits := _NON_DIGIT.sub("", run)) >= 4)
        memo["doc_names"] = frozenset(fold(m.group(1)) for m in _NAME_WORD.finditer(doc.text))
    return cached


#: a capitalised word of four letters or more after a lower-case word, a comma or another
#: capitalised word (not a sentence's first): a name, most likely ("Aoife Brennan", "in Gdynia")
_NAME_WORD = re.compile(r"(?<=[\w,;)] )([A-Z][a-z]{3,})\b")


def _holds_a_name(candidate: str, memo: dict[str, Any]) -> bool:
    """Whether a made-up word holds a capitalised word of the document inside it ("Brennanton"
    beside "Aoife Brennan", "South Ameliafort School" beside "Amelia Hart"): the person's name
    would read through the fake."""
    names = memo.get("doc_names") or frozenset()
    for word in (fold(w) for w in ALNUM.findall(candidate)):
        inner = {word[i:j] for i in range(len(word)) for j in range(i + 4, len(word) + 1)}
        if names & (inner - {word}):  # (each piece of the word looked up: no scan of names)
            return True
    return False


def shows_another_number(candidate: str, original: str, memo: dict[str, Any]) -> bool:
    """A made-up number whose digits hold a year or another number of the document ("2019",
    or a time's "1105", inside a fake phone number): the export's check would read it as that
    value surviving in another spelling, and write no file."""
    digits, own = _NON_DIGIT.sub("", candidate), _NON_DIGIT.sub("", original)
    return any(y in digits and y not in own for kind in ("doc_years", "doc_numbers")
               for y in memo.get(kind, ()))


#: an address keeps its unit's word and a PO box its words (address_like)
_KEPT_WORDS = frozenset(UNIT_WORDS) | {"po", "box"}


def acceptable(candidate: str, original: str, memo: dict[str, Any],
               doc_words: frozenset[str], word_check: bool = True, min_len: int = 2,
               fresh: bool = True) -> bool:
    """Not the original, not containing it, sharing no word with it or (for names) with
    the document, and (``fresh``) not yet given to another original."""
    cand_words = [fold(w) for w in ALNUM.findall(candidate)]
    if not cand_words:
        return False
    orig = fold(original).strip()
    if orig and (orig in fold(candidate) or fold(candidate) in orig):
        return False
    if shows_another_number(candidate, original, memo):
        return False
    if word_check:
        orig_words = {fold(w) for w in ALNUM.findall(original)}
        if any(w in orig_words or w in doc_words for w in cand_words
               if len(w) >= min_len and w not in _KEPT_WORDS):
            return False
        folded = fold(candidate)
        if any(len(w) >= 2 and w in folded for w in orig_words - _KEPT_WORDS):  # "Tim" in "Martim"
            return False
        if _holds_a_name(candidate, memo):
            return False
    return not fresh or fold(candidate) not in memo["used"]


def choose(memo: dict[str, Any], doc_words: frozenset[str], original: str,
           make: Any, *seed_parts: object, word_check: bool = True, min_len: int = 2,
           share: bool = False) -> str:
    """The first acceptable candidate of ``make(rng)`` over deterministic retries. With
    ``share`` (a kind, not an identity: a kinship term, a nationality) a value another
    original has is taken when no fresh one fits ("Mummy" → "Aunt", then "Mum" → "Aunt",
    not "Aunt E27D"); otherwise a random suffix makes the last candidate unique."""
    seeder: Seeder = memo["seeder"]
    candidate, shared = "", ""
    for attempt in range(MAX_TRIES):
        candidate = make(seeder.rng(*seed_parts, attempt), attempt)
        if acceptable(candidate, original, memo, doc_words, word_check, min_len):
            break
        if share and not shared and acceptable(candidate, original, memo, doc_words,
                                               word_check, min_len, fresh=False):
            shared = candidate
    else:
        candidate = shared or f"{candidate} {secrets.token_hex(2).upper()}"
    memo["used"].add(fold(candidate))
    return candidate
