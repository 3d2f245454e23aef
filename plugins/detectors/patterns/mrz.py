"""The machine-readable zone of a passport or an identity card (ICAO Doc 9303), as OCR or a
copy-and-paste gives it: two lines of 44 characters (TD3, passports), two of 36 (TD2) or three
of 30 (TD1, ID cards), letters, digits and the filler ``<``. The zone holds the holder's name,
the document's number, nationality, birth date, sex and expiry, so each of its lines is one
CODE finding (``MRZ``), the whole line: the names between the fillers were found piece by
piece, the check digits were left in clear.

``validated`` when the check digits of the document number, the birth date and the expiry
date pass (weights 7, 3, 1; a letter counts 10–35, the filler 0); a zone whose checks fail is
``MRZ_LIKE`` — the shape alone is specific enough to mask it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import LIKE, RANK_LOOKALIKE, RANK_VALIDATED, Hit

from redactor.plugin_api import Label

_LINE = r"[A-Z0-9<]{%d}[ \t]*"
_ZONES = (  # (line length, lines)
    (44, 2), (36, 2), (30, 3))
_BLOCKS = [re.compile(r"(?m)^(?=.*<)" + r"\n".join([_LINE % n] * k) + r"$") for n, k in _ZONES]


def check_digit(field: str) -> str:
    """ICAO 9303 check digit of ``field``: weights 7, 3, 1; 0–9, A–Z as 10–35, ``<`` as 0."""
    total = 0
    for i, c in enumerate(field):
        value = int(c) if c.isdigit() else (ord(c) - 55 if c.isalpha() else 0)
        total += value * (7, 3, 1)[i % 3]
    return str(total % 10)


def _checked(fields: list[tuple[str, str]]) -> bool:
    return all(check_digit(f) == c for f, c in fields)


def zone_valid(lines: list[str]) -> bool:
    """Whether the document number's, the birth date's and the expiry's check digits pass."""
    n = len(lines[0])
    if n == 44:  # TD3: the second line holds the fields
        b = lines[1]
        return _checked([(b[0:9], b[9]), (b[13:19], b[19]), (b[21:27], b[27])])
    if n == 36:  # TD2
        b = lines[1]
        return _checked([(b[0:9], b[9]), (b[13:19], b[19]), (b[21:27], b[27])])
    a, b = lines[0], lines[1]  # TD1: the number on the first line, the dates on the second
    return _checked([(a[5:14], a[14]), (b[0:6], b[6]), (b[8:14], b[14])])


def find(text: str) -> Iterable[Hit]:
    """One hit per line of every machine-readable zone."""
    seen: set[int] = set()
    for pattern in _BLOCKS:
        for m in pattern.finditer(text):
            if m.start() in seen:
                continue
            lines = [line.rstrip(" \t") for line in m.group(0).split("\n")]
            ok = zone_valid(lines)
            pos = m.start()
            for line in m.group(0).split("\n"):
                seen.add(pos)
                end = pos + len(line.rstrip(" \t"))
                if ok:
                    yield Hit(pos, end, Label.CODE, "MRZ", 1.0, "machine-readable zone of a "
                              "passport or ID card, check digits valid", RANK_VALIDATED, True)
                else:
                    yield Hit(pos, end, Label.CODE, "MRZ" + LIKE, 0.5, "machine-readable "
                              "zone's shape, check digits invalid", RANK_LOOKALIKE, False)
                pos += len(line) + 1
