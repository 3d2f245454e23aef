"""National ID numbers of Poland, the Netherlands, Turkey, Italy, Spain, Belgium, Ireland,
Switzerland, Austria, Portugal (tax), Greece (health), Czechia and Slovakia, and Romania.

Each scheme's check comes from python-stdnum; only a passed check makes a finding
``validated`` (see :mod:`~redactor_plugins.detectors.patterns.ids` for the look-alike policy):

* PESEL (PL): 11 digits, birth date and check digit; a failed check is a look-alike only
  after its cue ("PESEL").
* BSN (NL): 9 digits (or 4.2.3, "1112.22.333"), the "11-test". One 9-digit run in eleven
  passes it, so a BSN needs its cue ("BSN", "burgerservicenummer", "sofinummer"); after the
  cue a failed test is a look-alike.
* T.C. Kimlik No (TR): 11 digits, two check digits; look-alike only after its cue.
* Codice fiscale (IT): 16 characters, letters and digits in fixed places (digits may be
  replaced by letters, "omocodia"), a check letter; the shape is so specific that a failed
  check is always a look-alike.
* DNI (ES): 8 digits and a check letter; NIE: X, Y or Z, 7 digits and a check letter
  (separators allowed); the NIE shape is a look-alike when its letter is wrong, the DNI's
  only after a cue ("DNI", "NIF", "NIE").
* Numéro national / rijksregisternummer (BE): 11 digits, usually "YY.MM.DD-SSS.CC"; birth
  date and modulus 97. Written in its dotted layout a failed check is a look-alike.
* PPS number (IE): 7 digits and a check letter, optionally a second letter; look-alike only
  after its cue ("PPS", "PPSN").
* AHV/AVS number (CH): "756.1234.5678.97", an EAN-13 check digit; a look-alike in its dotted
  layout or after its cue.
* Versicherungsnummer (AT): 10 digits — serial, check digit, birth date DDMMYY — only after
  its cue ("SVNR", "Sozialversicherungsnummer").
* NIF (PT): 9 digits and a check digit, only after its cue ("NIF", "contribuinte").
* AMKA (GR): 11 digits — birth date, serial, a Luhn check digit — only after "AMKA".
* Rodné číslo (CZ and SK, one scheme): "YYMMDD/SSSC" — birth date (month + 50 for a woman),
  the whole number a multiple of 11; a look-alike after its cue; the nine digits of one
  issued before 1954 have no check digit: a look-alike, only after its cue (one slashed
  number in twenty has a date's shape).
* CNP (RO): 13 digits — sex and century, birth date, county, serial, a check digit; a
  look-alike after "CNP".

Several schemes share "11 digits": a number valid in more than one is reported once, as the
scheme whose cue stands before it, else as the first of :func:`find` 's callers' order
(Norway, Germany before these).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from redactor_plugins.detectors.patterns.common import (
    END_OF_DIGITS,
    GLUED_AFTER_FIRST,
    Hit,
    cue_before,
    scheme_hits,
)
from stdnum.at import vnr
from stdnum.be import nn
from stdnum.ch import ssn as ahv
from stdnum.cz import rc
from stdnum.es import dni, nie
from stdnum.gr import amka
from stdnum.ie import pps
from stdnum.it import codicefiscale
from stdnum.nl import bsn
from stdnum.pl import pesel
from stdnum.pt import nif
from stdnum.ro import cnp
from stdnum.tr import tckimlik

_G = GLUED_AFTER_FIRST
_END = END_OF_DIGITS
_D11 = re.compile(rf"\d{_G}\d{{10}}{_END}")
_BSN = re.compile(rf"\d{_G}(?:\d{{8}}|\d{{3}}\.\d{{2}}\.\d{{3}}){_END}")
_CF_DIGIT = "[0-9LMNPQRSTUV]"
_CF = re.compile(rf"(?<![\w])[A-Z]{{6}}{_CF_DIGIT}{{2}}[ABCDEHLMPRST]{_CF_DIGIT}{{2}}[A-Z]"
                 rf"{_CF_DIGIT}{{3}}[A-Z](?!\w)")
_DNI = re.compile(rf"\d{_G}\d{{7}}[ -]?[A-Z](?!\w)")
_NIE = re.compile(r"(?<![\w])[XYZ][ -]?\d{7}[ -]?[A-Z](?!\w)")
_BE_NN = re.compile(rf"\d{_G}\d[.]?\d{{2}}[.]?\d{{2}}[-. ]?\d{{3}}[.]?\d{{2}}{_END}")
_BE_DOTTED = re.compile(r"\d{2}\.\d{2}\.\d{2}[-.]\d{3}\.\d{2}")
_PPS = re.compile(rf"\d{_G}\d{{6}}[A-W][ABHTWXZ]?(?!\w)")
_AHV = re.compile(rf"7{_G}56([.]?)\d{{4}}\1\d{{4}}\1\d{{2}}{_END}")
_AT_VNR = re.compile(rf"\d{_G}\d{{3}}[ ]?\d{{6}}{_END}")
_PT_NIF = re.compile(rf"\d{_G}\d{{2}}([ ]?)\d{{3}}\1\d{{3}}{_END}")
_RC = re.compile(rf"\d{_G}\d{{5}}/\d{{4}}{_END}")
_RC9 = re.compile(rf"\d{_G}\d{{5}}/\d{{3}}{_END}")  # before 1954: no check digit
_CNP = re.compile(rf"[1-9]{_G}\d{{12}}{_END}")

#: the words that announce each scheme's number, at most 40 characters before it
CUES: dict[str, re.Pattern[str]] = {
    "NATIONAL_ID_PL": re.compile(r"\bPESEL\b"),
    "NATIONAL_ID_NL": re.compile(r"(?i)\b(?:BSN|burgerservicenummer|sofi-?nummer)\b"),
    "NATIONAL_ID_TR": re.compile(r"(?i)\b(?:T\.?\s?C\.?\s+)?kimlik\b|\bTCKN\b"),
    "NATIONAL_ID_IT": re.compile(r"(?i)\bcodice\s+fiscale\b|\bC\.?F\.?(?=\W)"),
    "NATIONAL_ID_ES": re.compile(r"\b(?:DNI|NIE|NIF)\b"),
    "NATIONAL_ID_BE": re.compile(r"(?i)\b(?:rijksregister|national\s+(?:register\s+)?number"
                                 r"|num[ée]ro\s+national|NISS|INSZ)"),
    "NATIONAL_ID_IE": re.compile(r"\bPPSN?\b|(?i:personal\s+public\s+service)"),
    "NATIONAL_ID_NO": re.compile(r"(?i)f\u00f8dselsnummer|\bf\.?nr\b|personnummer"),
    "NATIONAL_ID_DE": re.compile(r"(?i)steuer-?id|\bIdNr\b|identifikationsnummer"),
    "NATIONAL_ID_CH": re.compile(r"\bAHV|\bAVS\b|\bOASI\b"),
    "NATIONAL_ID_AT": re.compile(r"(?i)\bSVNR\b|\bVSNR\b|sozialversicherungsnummer"
                                 r"|versicherungsnummer|social\s+(?:insurance|security)\s+(?:number|no)"),
    "TAX_ID_PT": re.compile(r"(?i)\bNIF\b|\bNIPC\b|contribuinte|identifica[çc][ãa]o\s+fiscal"),
    "HEALTH_ID_GR": re.compile(r"\bAMKA\b|ΑΜΚΑ"),
    "NATIONAL_ID_CZ": re.compile(r"(?i)rodn[éeý]\s+č[íi]sl|\bR\.?\s?Č\b|birth\s+number"),
    "NATIONAL_ID_RO": re.compile(r"\bCNP\b|(?i:cod\s+numeric\s+personal)"),
}


def cued(text: str, start: int, subtype: str,
         cues: Mapping[str, re.Pattern[str]] = CUES) -> bool:
    """Does the cue of ``subtype``'s scheme (in ``cues``) stand on the same line within 40
    characters before ``start``?"""
    cue = cues.get(subtype)
    return cue is not None and cue_before(cue, text, start)


def _scheme(
    text: str, pattern: re.Pattern[str], subtype: str, name: str, check: Callable[[str], bool],
    *, need_cue: bool = False, like: Callable[[str, bool], bool] = lambda value, cue: cue,
) -> Iterable[Hit]:
    """``pattern``'s matches as ``subtype``'s scheme with its cue (:func:`scheme_hits`)."""
    return scheme_hits(text, pattern, subtype, name, check, CUES.get(subtype),
                       need_cue=need_cue, like=like)


def find(text: str) -> list[Hit]:
    """Every candidate of the thirteen schemes (overlaps between them resolved by
    :func:`prefer_cued`)."""
    hits: list[Hit] = []
    hits += _scheme(text, _D11, "NATIONAL_ID_PL", "Polish PESEL", pesel.is_valid)
    hits += _scheme(text, _D11, "NATIONAL_ID_TR", "Turkish T.C. Kimlik No", tckimlik.is_valid)
    hits += _scheme(text, _BSN, "NATIONAL_ID_NL", "Dutch BSN", bsn.is_valid, need_cue=True)
    hits += _scheme(text, _CF, "NATIONAL_ID_IT", "Italian codice fiscale",
                    codicefiscale.is_valid, like=lambda value, cue: True)
    hits += _scheme(text, _DNI, "NATIONAL_ID_ES", "Spanish DNI", dni.is_valid)
    hits += _scheme(text, _NIE, "NATIONAL_ID_ES", "Spanish NIE", nie.is_valid,
                    like=lambda value, cue: True)
    hits += _scheme(text, _BE_NN, "NATIONAL_ID_BE", "Belgian national number", nn.is_valid,
                    like=lambda value, cue: cue or _BE_DOTTED.fullmatch(value) is not None)
    hits += _scheme(text, _PPS, "NATIONAL_ID_IE", "Irish PPS number", pps.is_valid)
    hits += _scheme(text, _AHV, "NATIONAL_ID_CH", "Swiss AHV number", ahv.is_valid,
                    like=lambda value, cue: cue or "." in value)
    hits += _scheme(text, _AT_VNR, "NATIONAL_ID_AT", "Austrian social insurance number",
                    vnr.is_valid, need_cue=True)
    hits += _scheme(text, _PT_NIF, "TAX_ID_PT", "Portuguese NIF", nif.is_valid, need_cue=True)
    hits += _scheme(text, _D11, "HEALTH_ID_GR", "Greek AMKA", amka.is_valid, need_cue=True)
    hits += _scheme(text, _RC, "NATIONAL_ID_CZ", "Czech or Slovak birth number", rc.is_valid)
    hits += _scheme(text, _RC9, "NATIONAL_ID_CZ", "Czech or Slovak birth number of nine "
                    "digits (no check digit)", lambda value: False, need_cue=True)
    hits += _scheme(text, _CNP, "NATIONAL_ID_RO", "Romanian CNP", cnp.is_valid)
    return hits


def prefer_cued(text: str, hits: list[Hit],
                cues: Mapping[str, re.Pattern[str]] = CUES) -> list[Hit]:
    """One validated hit per span: where several schemes accept the same characters, the one
    whose cue stands before them, else the first in ``hits``; look-alikes of a span some
    scheme validated are dropped, and of look-alikes alone those whose cue stands before
    them are kept when there are any."""
    by_span: dict[tuple[int, int], list[Hit]] = {}
    for h in hits:
        by_span.setdefault((h.start, h.end), []).append(h)
    out: list[Hit] = []
    for (start, _end), group in by_span.items():
        valid = [h for h in group if h.validated]
        if not valid:
            out += [h for h in group if cued(text, start, h.subtype.removesuffix("_LIKE"),
                                             cues)] or group
            continue
        out.append(next((h for h in valid if cued(text, start, h.subtype, cues)), valid[0]))
    return out
