"""Identifiers of documents, devices and firms: a passport's or ID card's machine-readable
zone, and IMEI, BIC/SWIFT, EU VAT and passport numbers named by the word before them.

* The machine-readable zone (ICAO Doc 9303), as OCR or a copy-and-paste gives it: two lines
  of 44 characters (TD3, passports), two of 36 (TD2) or three of 30 (TD1, ID cards), letters,
  digits and the filler ``<``. It holds the holder's name, the document's number,
  nationality, birth date, sex and expiry, so each of its lines is one CODE finding
  (``MRZ``), the whole line (the names between the fillers had been found piece by piece,
  the check digits left in clear); ``validated`` when the check digits of the document
  number, the birth date and the expiry pass (weights 7, 3, 1; a letter counts 10–35, the
  filler 0), else ``MRZ_LIKE`` — the shape alone is specific enough to mask it.
* IMEI (a phone's serial): 15 digits whose last is a Luhn check digit (14 without it, or a
  16-digit IMEISV, which has none), after "IMEI"/"IMEISV"; the reporting body's layout
  "35-686800-004141-2" needs no cue. A failed check after the cue is ``IMEI_LIKE``.
* BIC / SWIFT code after "BIC" or "SWIFT": 4 letters (bank), 2 (country), 2 letters or
  digits (place), optionally 3 (branch). Validated when the country exists (python-stdnum;
  there is no checksum), else ``BIC_LIKE``.
* EU VAT number ("NL004495445B01", "DE 136695976"): a member state's prefix and that
  state's number, checked by python-stdnum; valid numbers need no cue, a failed check after
  "VAT", "USt-IdNr", "TVA", "BTW", "IVA", "MOMS" … is ``VAT_NUMBER_LIKE``.
* Passport numbers after "passport (number|no.)": 6 to 9 letters and digits with at least
  one digit. No scheme has a public check, so they are never validated (``PASSPORT``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import (
    LIKE,
    RANK_CASE,
    RANK_LOOKALIKE,
    RANK_VALIDATED,
    Hit,
    check_hit,
    cue_before,
)
from stdnum import bic, imei, luhn
from stdnum.eu import vat
from stdnum.gb import vat as gb_vat

from redactor.plugin_api import Label

_SEP = r"[ \t\u00a0]*(?:[:#]|\b(?:is|was)\b)?[ \t\u00a0]*"
_IMEI_CUED = re.compile(rf"\bIMEI(?:SV)?\b(?:[ \t]+(?:number|no\.?|nr\.?))?{_SEP}"
                        r"(?P<v>\d{2}[ -]?\d{6}[ -]?\d{6}(?:[ -]?\d{1,2})?)(?![\w]|[./-]\d)")
_IMEI_LAID_OUT = re.compile(r"(?<![\w-])\d{2}-\d{6}-\d{6}-\d(?![\w]|[./-]\d)")
_BIC = re.compile(rf"\b(?:BIC|SWIFT)(?:[ -]?(?:code|address))?\b{_SEP}"
                  r"(?P<v>[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?!\w)")
_VAT_STATES = ("AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI"
               "|GB")  # the United Kingdom's (GB 123 4567 89) have their own check
_VAT = re.compile(rf"(?<![\w])(?:{_VAT_STATES})[ \u00a0-]?[0-9A-Z](?:[ .\u00a0]?[0-9A-Z+*]){{7,13}}"
                  r"(?![\w]|[./-]\d)")
_VAT_CUE = re.compile(r"(?i)\b(?:VAT|MVA|MOMS|ALV|USt-?Id(?:Nr)?|TVA|BTW|IVA|P\.?\s?IVA|NIP|DI[ČC]"
                      r"|UID)\b[^\n]{0,25}$")
_PASSPORT = re.compile(r"(?i)\bpassport(?:[ \t]+(?:number|no\.?|nr\.?|#))?(?-i:" + _SEP + r")"
                       r"(?P<v>(?-i:[A-Z0-9]{6,9}))(?![\w]|[./-]\d)")


_hit = check_hit


def _imei_ok(value: str) -> bool:
    digits = re.sub(r"\D", "", value)
    if len(digits) == 15:
        return luhn.is_valid(digits)
    return imei.is_valid(digits)  # 14 digits (no check digit) or a 16-digit IMEISV


def find_imeis(text: str) -> Iterable[Hit]:
    seen: set[int] = set()
    for m in _IMEI_CUED.finditer(text):
        seen.add(m.start("v"))
        ok = _imei_ok(m.group("v"))
        yield _hit(m.start("v"), m.end("v"), "IMEI", "IMEI after its cue, " + (
            "Luhn check digit valid" if ok else "Luhn check digit invalid"), ok)
    for m in _IMEI_LAID_OUT.finditer(text):
        if m.start() not in seen and _imei_ok(m.group(0)):
            yield _hit(m.start(), m.end(), "IMEI", "IMEI in its own layout, Luhn check digit "
                       "valid", True)


def find_bics(text: str) -> Iterable[Hit]:
    for m in _BIC.finditer(text):
        ok = bic.is_valid(m.group("v"))
        yield _hit(m.start("v"), m.end("v"), "BIC", "BIC/SWIFT code after its cue, " + (
            "known country (no checksum exists)" if ok else "country code invalid"), ok)


def find_vat_numbers(text: str) -> Iterable[Hit]:
    for m in _VAT.finditer(text):
        value = m.group(0)
        # the pattern may swallow a following word: try shorter cuts at each separator
        cuts = [len(value)] + [s.start() for s in re.finditer(r"[ .\u00a0]", value)][::-1]
        for cut in cuts:
            part = value[:cut].rstrip(" .\u00a0")
            if len(part) > 4 and (vat.is_valid(part) or part.startswith("GB") and
                                  gb_vat.is_valid(part)):
                yield _hit(m.start(), m.start() + len(part), "VAT_NUMBER",
                           "EU VAT number, the member state's check valid", True)
                break
        else:
            if cue_before(_VAT_CUE, text, m.start()) and \
                    re.fullmatch(r"[A-Z]{2}-?[0-9A-Z]{8,12}", re.sub(r"[ \u00a0]", "", value)):
                yield _hit(m.start(), m.end(), "VAT_NUMBER", "EU VAT number after its cue, "
                           "check invalid", False)


def find_passports(text: str) -> Iterable[Hit]:
    for m in _PASSPORT.finditer(text):
        value = m.group("v")
        if any(c.isdigit() for c in value):
            yield Hit(m.start("v"), m.end("v"), Label.CODE, "PASSPORT", 0.95,
                      "passport number after its cue (no check exists)", RANK_CASE)


def find(text: str) -> list[Hit]:
    """Every candidate of the five kinds."""
    return [*find_zones(text), *find_imeis(text), *find_bics(text), *find_vat_numbers(text),
            *find_passports(text)]


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


def find_zones(text: str) -> Iterable[Hit]:
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
