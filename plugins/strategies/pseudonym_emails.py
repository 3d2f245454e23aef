"""An e-mail address made of a person's name gets the person's pseudonym in the same shape:
"keeley.wood@harrowgatelane.co.uk" of Keeley Wood, whose pseudonym is Alison White, becomes
"alison.white@…", not "bclarke@…" — the reader of a pseudonymised letter sees one person.

Only the local part is rebuilt, from the name parts that the pseudonym strategy has already
mapped (``memo["tokens"]``: folded original part → its pseudonym); the domain is a made-up
one. The strategy calls :func:`named_email` for every e-mail address.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Mapping

from redactor_plugins.strategies.generalization.fakes import email_like

__all__ = ["local_part_from_names", "named_email"]

_PIECES = re.compile(r"([^\W\d_]+|\d+|[._+-])")


def _letters(name: str) -> str:
    """``name`` as an address spells it: lower case, ASCII letters only ("O'Neill" → "oneill",
    "Søren" → "soren")."""
    plain = unicodedata.normalize("NFKD", name.replace("ø", "o").replace("Ø", "O")
                                  .replace("æ", "ae").replace("ß", "ss"))
    return "".join(c for c in plain if c.isascii() and c.isalpha()).lower()


def _one_word(word: str, names: Mapping[str, str], initials: Mapping[str, str]) -> str | None:
    """``word`` of a local part spelled with the pseudonyms: name parts run together
    ("wood", "keeleywood", "mensahbonsu"), with an initial first or last ("kwood",
    "kmensahbonsu", "keeleyw"); None when it is not made of the document's names."""
    for lead in ("", word[:1]):  # an initial first, or none
        if lead and lead not in initials:
            continue
        rest = word[len(lead):]
        for tail in ("", rest[-1:]):  # an initial last, or none
            if tail and (tail not in initials or lead):
                continue
            core = rest[:len(rest) - len(tail)]
            spelled = _names_run(core, names)
            if spelled:
                return (initials[lead] if lead else "") + spelled + (
                    initials[tail] if tail else "")
    return None


def _names_run(word: str, names: Mapping[str, str]) -> str | None:
    """``word`` as name parts run together, each spelled with its pseudonym, or None."""
    if not word:
        return None
    if word in names:
        return names[word]
    for cut in range(2, len(word) - 1):
        if word[:cut] in names and (rest := _names_run(word[cut:], names)) is not None:
            return names[word[:cut]] + rest
    return None


def local_part_from_names(local: str, tokens: Mapping[str, str],
                          rng: random.Random) -> str | None:
    """The local part ``local`` of an address with every name part replaced by its
    pseudonym (separators kept, digits redrawn), or None when some word of it is not a
    mapped name part or no word is one."""
    names: dict[str, str] = {}
    initials: dict[str, str] = {}
    for original, fake in tokens.items():
        key, value = _letters(original), _letters(fake.split()[-1] if fake else "")
        if len(key) > 1 and value:
            names.setdefault(key, value)
            initials.setdefault(key[0], value[0])
    if not names:
        return None
    out, named = [], False
    for piece in _PIECES.findall(local):
        if piece.isdigit():
            out.append(str(rng.randint(1, 9)) + "".join(str(rng.randint(0, 9))
                                                        for _ in piece[1:]))
        elif piece[0].isalpha():
            word = _one_word(piece.lower(), names, initials)
            if word is None:
                if len(piece) == 1 and piece.lower() in initials:
                    word = initials[piece.lower()]  # "k.wood": the initial of a named part
                else:
                    return None
            else:
                named = True
            out.append(word)
        else:
            out.append(piece)
    return "".join(out) if named else None


def named_email(text: str, local: str, tokens: Mapping[str, str], rng: random.Random,
                locale: str) -> str:
    """A made-up address like ``text`` (:func:`email_like`); its local part from the
    pseudonyms of the names it is made of ("keeley.wood" of Keeley Wood → "alison.white"),
    when they came before it."""
    fake = email_like(text, rng, locale)
    named = local_part_from_names(local, tokens, rng)
    if named is None:
        return fake
    return named + fake[len(re.split(r"@|[ \t]*[\[(][ \t]*at|[ \t]AT[ \t]", fake, maxsplit=1)[0]):]
