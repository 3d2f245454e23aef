"""Postal codes of Ireland, Canada, the United States, Australia and the Netherlands
(LOC/POSTCODE_<country>), each one span, validated by its format; British postcodes are in
:mod:`..regional`.

* Irish Eircode (``D02 X285``, ``A65 F4E2``): a routing key (a letter and two digits, or
  "D6W") and a unique identifier of four characters from 0–9 and A C D E F H K N P R T V W X Y
  (with a digit, or after "Eircode");
* Canadian postal code (``K1A 0B1``): letter, digit, letter, digit, letter, digit, without D,
  F, I, O, Q, U (nor W or Z first);
* US ZIP code and ZIP+4 (``20500``, ``20500-0003``) after a state's two letters ("Washington,
  DC 20500-0003"; five digits alone are too many other things);
* Australian postcode after its state's abbreviation, in the state's ranges ("Sydney NSW
  2000"; not "THE CHILDREN ACT 1989");
* Dutch postcode (``1012 AB``) before the town's capitalised name, in a text with a Dutch
  address's words ("…straat", "Nederland" …).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import RANK_VALIDATED, Hit
from redactor_plugins.shared.names.region_codes import US_STATES

from redactor.plugin_api import Label

_EIR = "0-9ACDEFHKNPRTVWXY"
_EIRCODE = re.compile(rf"(?<![\w-])(?:[ACDEFHKNPRTVWXY]\d\d|D6W)[ ]?[{_EIR}]{{4}}(?![\w-])")
_CA_LETTER = "ABCEGHJ-NPRSTV-Z"
_CANADA = re.compile(rf"(?<![\w-])[ABCEGHJ-NPRSTVXY]\d[{_CA_LETTER}][ -]?\d[{_CA_LETTER}]\d"
                     r"(?![\w-])")
_US_ZIP = re.compile(rf"(?<![\w-])(?:{US_STATES})[ ]{{1,2}}(\d{{5}}(?:-\d{{4}})?)(?![\w-])")
_AUSTRALIA = re.compile(r"(?<![\w-])(?:NSW|VIC|Vic|QLD|Qld|SA|WA|TAS|Tas|NT|ACT)[ ]{1,2}"
                        r"(\d{4})(?![\w-])")
#: each state's postcode ranges ("THE CHILDREN ACT 1989" is no Canberra postcode)
_AU_RANGES = {
    "NSW": ((1000, 2599), (2619, 2899), (2921, 2999)),
    "ACT": ((200, 299), (2600, 2618), (2900, 2920)),
    "VIC": ((3000, 3999), (8000, 8999)), "QLD": ((4000, 4999), (9000, 9999)),
    "SA": ((5000, 5999),), "WA": ((6000, 6999),), "TAS": ((7000, 7999),), "NT": ((800, 999),),
}


def _in_state(state: str, code: int) -> bool:
    return any(low <= code <= high for low, high in _AU_RANGES.get(state.upper(), ()))


_NETHERLANDS = re.compile(r"(?<![\w-])([1-9]\d{3}[ ]?(?!SA|SD|SS)[A-Z]{2})(?=[ ]{1,2}[A-Z][a-z])")


_EIRCODE_CUE = re.compile(r"(?i)eircode\W*\Z")
#: a Dutch address's words: a Dutch postcode is only looked for in a text that has one ("in
#: 2019 AB Smith" is no postcode)
_DUTCH = re.compile(r"(?i)\b(?:Nederland|Netherlands|Holland|Amsterdam|Rotterdam|Den\s+Haag|Utrecht"
                    r"|Eindhoven|Groningen|Tilburg|Almere|Breda|Nijmegen)\b|(?:straat|gracht|weg"
                    r"|laan|plein|kade|singel)\b")


def _hit(start: int, end: int, country: str, name: str) -> Hit:
    return Hit(start, end, Label.LOC, f"POSTCODE_{country}", 0.95, f"{name}, valid format",
               RANK_VALIDATED, True)


#: one pass for the codes that start with a letter and a digit (Eircode, Canada), one for
#: those after a state's letters (US, Australia): each match is then checked by its own form
_LETTER_DIGIT = re.compile(r"(?<![\w-])[A-Z]\d[\dA-Z][ -]?[0-9A-Z]{3,4}(?![\w-]|\([0-9A-Z]\))")
# (a bracketed check character after it: a Hong Kong identity card's "A123456(3)")
_AFTER_STATE = re.compile(r"(?<![\w-])[A-Z][A-Za-z]{1,2}[ ]{1,2}\d{4,5}(?:-\d{4})?(?![\w-])")


def find(text: str) -> Iterable[Hit]:
    """Every postal code of the kinds above."""
    for c in _LETTER_DIGIT.finditer(text):
        if m := _EIRCODE.fullmatch(text, c.start(), c.end()):  # letters alone after the key
            if re.search(r"\d", m.group(0)[3:]) or _EIRCODE_CUE.search(  # only after its cue
                    text, max(0, m.start() - 12), m.start()):
                yield _hit(m.start(), m.end(), "IE", "Irish Eircode")
        elif _CANADA.fullmatch(text, c.start(), c.end()):
            yield _hit(c.start(), c.end(), "CA", "Canadian postal code")
    for c in _AFTER_STATE.finditer(text):
        if m := _US_ZIP.fullmatch(text, c.start(), c.end()):
            yield _hit(m.start(1), m.end(1), "US", "US ZIP code after a state")
        elif (m := _AUSTRALIA.fullmatch(text, c.start(), c.end())) and _in_state(
                m.group(0).split()[0], int(m.group(1))):
            yield _hit(m.start(1), m.end(1), "AU", "Australian postcode after a state")
    dutch = [m.span(1) for m in _NETHERLANDS.finditer(text)]
    for start, end in dutch if dutch and _DUTCH.search(text) else ():  # (the costlier check
        yield _hit(start, end, "NL", "Dutch postcode before a town")  # only for candidates)
