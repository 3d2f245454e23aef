"""Identity, tax and health numbers of Hungary, Bulgaria, Croatia, Slovenia, Estonia,
Lithuania and Latvia.

A passed check makes a finding ``validated``; a failed one is a look-alike
(``<subtype>_LIKE``) only after the scheme's cue (see
:mod:`~redactor_plugins.detectors.patterns.ids` for the policy). Nine, ten, eleven and thirteen
digits are common lengths (references, phone numbers, other countries' numbers), and one
random run in a few hundred passes a birth date and a modulus-11 check (an EGN one in 120, an
isikukood one in 600), so all but two schemes count only after their cue:

* TAJ (HU, ``HEALTH_ID_HU``): nine digits, often "123 456 789"; the first eight weighted 3, 7,
  3, 7 … modulo 10 (:mod:`check_digits`); only after "TAJ", "társadalombiztosítási".
* Személyi azonosító (HU, ``NATIONAL_ID_HU``): eleven digits ("1 850101 1234" too) — sex,
  century and citizenship, YYMMDD, a serial, a check digit (1996. évi XX. törvény: the first
  ten weighted 1 … 10 for those born before 1997, 10 … 1 after, modulo 11); only after
  "személyi azonosító", "személyi szám".
* Adóazonosító jel (HU, ``TAX_ID_HU``): 8, the days from 1867-01-01 to the birth date, a
  serial, the first nine weighted 1 … 9 modulo 11; only after "adóazonosító".
* EGN (BG, ``NATIONAL_ID_BG``): ten digits, YYMMDD (month + 20 before 1900, + 40 from 2000),
  a serial (its parity the sex), a check digit; only after "ЕГН", "EGN".
* OIB (HR, ``TAX_ID_HR``): eleven digits, ISO 7064 mod 11,10; only after "OIB".
* EMŠO (SI, ``NATIONAL_ID_SI``): thirteen digits — DDMMYYY, the register (50: Slovenia), a
  serial, a check digit. After "EMŠO" any register; without a cue only Slovenia's register 50
  with a birth date from 1900 to today (one random thirteen-digit run in some 200 000 passes).
* Isikukood (EE, ``NATIONAL_ID_EE``) and asmens kodas (LT, ``NATIONAL_ID_LT``): one layout —
  sex and century (1–6; Lithuania's 9: no date), YYMMDD, a serial, a check digit (weights 1–9,
  1, then 3–9, 1–3) —
  told apart by the cue: "isikukood" says Estonia, "asmens kodas" Lithuania; a cue that names
  neither country ("personal code", "personal identification code") reports it as Estonian
  (``NATIONAL_ID_EE``). Without a cue: nothing.
* Personas kods (LV, ``NATIONAL_ID_LV``): "DDMMYY-CNNNN" — a birth date (until June 2017), the
  century (0–2), a serial, a check digit (python-stdnum). In that hyphenated layout, born since
  1900 (century 1 or 2), it stands alone (one random "123456-12345" in some 2 000 passes);
  eleven digits unbroken, or born in the 1800s, only after "personas kods". A code issued since
  July 2017 is "3", a digit 2–9 and nine random digits with no check digit at all: a
  look-alike after its cue.

A birth date in the future never passes. Where another scheme validates the same digits, the
one whose cue stands before them wins (:func:`~redactor_plugins.detectors.patterns.schemes.
european_ids.prefer_cued`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable

from redactor_plugins.detectors.patterns.common import (
    END_OF_DIGITS,
    GLUED_AFTER_FIRST,
    Hit,
    cue_before,
    mentions,
    scheme_hits,
)
from redactor_plugins.shared.identifiers.check_digits import (
    hu_personal_id_valid,
    hu_tax_id_valid,
    taj_hu_valid,
)
from stdnum.bg import egn
from stdnum.ee import ik
from stdnum.hr import oib
from stdnum.lt import asmens
from stdnum.lv import pvn
from stdnum.si import emso

_G = GLUED_AFTER_FIRST
_END = END_OF_DIGITS
_TAJ = re.compile(rf"\d{_G}\d{{2}}([ -]?)\d{{3}}\1\d{{3}}{_END}")
_HU_PID = re.compile(rf"\d{_G}([ -]?)\d{{6}}\1\d{{4}}{_END}")
_HU_TAX = re.compile(rf"8{_G}\d{{9}}{_END}")
_D10 = re.compile(rf"\d{_G}\d{{9}}{_END}")
_D11 = re.compile(rf"\d{_G}\d{{10}}{_END}")
_D13 = re.compile(rf"\d{_G}\d{{12}}{_END}")
_LV = re.compile(rf"\d{_G}\d{{5}}-\d{{5}}{_END}")

#: the words that announce each scheme's number, at most 40 characters before it on its line
CUES: dict[str, re.Pattern[str]] = {
    "HEALTH_ID_HU": re.compile(r"\bTAJ\b|(?i:\btaj[- ]?sz[aá]m|t[aá]rsadalombiztos[ií]t[aá]si)"),
    "NATIONAL_ID_HU": re.compile(r"(?i)szem[ée]lyi\s+(?:azonos[ií]t[oó]|sz[aá]m)"
                                 r"|hungarian\s+personal\s+(?:ID|identification|number)"),
    "TAX_ID_HU": re.compile(r"(?i)ad[oó]\s?azonos[ií]t[oó]|hungarian\s+tax\s+(?:ID|identification"
                            r"|number)"),
    "NATIONAL_ID_BG": re.compile(r"\b(?:ЕГН|EGN)\b|(?i:единен\s+граждански\s+номер"
                                 r"|bulgarian\s+(?:personal|civil|national|ID|identity))"),
    "TAX_ID_HR": re.compile(r"\bOIB\b|(?i:osobni\s+identifikacijski\s+broj)"),
    "NATIONAL_ID_SI": re.compile(r"(?i)\bEM[ŠS]O\b|enotn[aeio]\s+mati[čc]n[aeio]\s+[šs]tevilk"
                                 r"|slovenian\s+(?:personal|ID|identity|identification)"),
    "NATIONAL_ID_EE": re.compile(r"(?i)isikukood|estonian\s+(?:personal|ID|identity"
                                 r"|identification)|(?<!lithuanian\s)(?<!latvian\s)personal\s+"
                                 r"(?:identification\s+|ID\s+)?code"),
    "NATIONAL_ID_LT": re.compile(r"(?i)asmens\s+kod|lithuanian\s+(?:personal|ID|identity"
                                 r"|identification)"),
    "NATIONAL_ID_LV": re.compile(r"(?i)personas\s+kod|latvian\s+(?:personal|ID|identity"
                                 r"|identification)"),
}
#: lower-case words one of which a cued scheme's cue holds (a cheap test before its scan)
_WORDS: dict[str, tuple[str, ...]] = {
    "HEALTH_ID_HU": ("taj", "társadalombiztosítási", "tarsadalombiztositasi"),
    "NATIONAL_ID_HU": ("személyi", "szemelyi", "hungarian"),
    "TAX_ID_HU": ("azonosító", "azonosito", "hungarian"),
    "NATIONAL_ID_BG": ("егн", "egn", "граждански", "bulgarian"),
    "TAX_ID_HR": ("oib", "osobni"),
    "NATIONAL_ID_SI": ("emšo", "emso", "matičn", "maticn", "slovenian"),
    "NATIONAL_ID_EE": ("isikukood", "estonian", "code"),
    "NATIONAL_ID_LT": ("asmens", "lithuanian"),
    "NATIONAL_ID_LV": ("personas", "latvian"),
}


def _born_by_today(born: Callable[[str], dt.date], value: str) -> bool:
    """Whether ``born(value)`` is a date, and not a future one."""
    try:
        return born(value) <= dt.date.today()
    except ValueError:  # stdnum's ValidationError: no such date
        return False


def _egn(value: str) -> bool:
    return egn.is_valid(value) and _born_by_today(egn.get_birth_date, value)


def _emso(value: str) -> bool:
    return emso.is_valid(value) and _born_by_today(emso.get_birth_date, value)


def _emso_alone(value: str) -> bool:
    """An EMŠO of Slovenia's register (50) born from 1900 to today: valid without a cue."""
    return value[7:9] == "50" and _emso(value) and emso.get_birth_date(value).year >= 1900


def _ee(value: str) -> bool:
    return value[0] in "123456" and ik.is_valid(value) and _born_by_today(ik.get_birth_date,
                                                                          value)


def _lt(value: str) -> bool:
    return asmens.is_valid(value) and (value[0] == "9" or _born_by_today(ik.get_birth_date,
                                                                         value))


def _lv_new(value: str) -> bool:
    """A personal code of the layout issued since July 2017: "3", then 2–9 (no birth date)."""
    return value[0] == "3" and value[1] in "23456789"


_LV_LAST_OLD = dt.date(2017, 6, 30)  # the last day a code with a birth date was issued


def _lv(value: str) -> bool:
    """An old personal code: DDMMYY, the century 0–2, a serial, the check digit."""
    if _lv_new(value) or value[0] not in "0123" or value[6] not in "012" or \
            not pvn.is_valid(value):
        return False
    return pvn.get_birth_date(value) <= _LV_LAST_OLD


def _lv_alone(value: str) -> bool:
    """An old personal code in its hyphenated layout of someone born since 1900: valid
    without a cue."""
    return value[7] in "12" and _lv(value.replace("-", ""))


def _lv_like(value: str, cued: bool) -> bool:
    """A failed check after the cue, but not the 2017 layout (it has no check to fail)."""
    return cued and not _lv_new(value.replace("-", ""))


def _lv_2017(value: str, cued: bool) -> bool:
    return _lv_new(value.replace("-", ""))


def _cued_only(low: str, subtype: str) -> bool:
    """Whether one of the words of ``subtype``'s cue occurs in the lower-cased text."""
    return mentions(low, *_WORDS[subtype])


def _alone(text: str, pattern: re.Pattern[str], subtype: str, name: str,
           check: Callable[[str], bool]) -> Iterable[Hit]:
    """``pattern``'s matches that pass ``check`` (stricter than the scheme's own) where no cue
    of ``subtype`` stands before them (there the cued scan reports them)."""
    cue = CUES[subtype]
    return (h for h in scheme_hits(text, pattern, subtype, name, check, None)
            if not cue_before(cue, text, h.start))


def _scheme(text: str, pattern: re.Pattern[str], subtype: str, name: str,
            check: Callable[[str], bool], *, need_cue: bool = True,
            like: Callable[[str, bool], bool] = lambda value, cued: cued) -> Iterable[Hit]:
    return scheme_hits(text, pattern, subtype, name, check, CUES[subtype], need_cue=need_cue,
                       like=like)


def find(text: str) -> list[Hit]:
    """Every candidate of the nine schemes (overlaps with other schemes are resolved by
    :func:`~redactor_plugins.detectors.patterns.schemes.european_ids.prefer_cued`)."""
    low = text.lower()
    hits: list[Hit] = []
    if _cued_only(low, "HEALTH_ID_HU"):
        hits += _scheme(text, _TAJ, "HEALTH_ID_HU", "Hungarian TAJ number", taj_hu_valid)
    if _cued_only(low, "NATIONAL_ID_HU"):
        hits += _scheme(text, _HU_PID, "NATIONAL_ID_HU", "Hungarian personal identifier "
                        "(személyi azonosító)", hu_personal_id_valid)
    if _cued_only(low, "TAX_ID_HU"):
        hits += _scheme(text, _HU_TAX, "TAX_ID_HU", "Hungarian tax identifier (adóazonosító "
                        "jel)", hu_tax_id_valid)
    if _cued_only(low, "NATIONAL_ID_BG"):
        hits += _scheme(text, _D10, "NATIONAL_ID_BG", "Bulgarian EGN", _egn)
    if _cued_only(low, "TAX_ID_HR"):
        hits += _scheme(text, _D11, "TAX_ID_HR", "Croatian OIB", oib.is_valid)
    if _cued_only(low, "NATIONAL_ID_SI"):
        hits += _scheme(text, _D13, "NATIONAL_ID_SI", "Slovenian EMŠO", _emso)
    hits += _alone(text, _D13, "NATIONAL_ID_SI", "Slovenian EMŠO (Slovenia's register, a "
                   "birth date since 1900)", _emso_alone)
    if _cued_only(low, "NATIONAL_ID_LT"):  # before Estonia: "Lithuanian personal code"
        hits += _scheme(text, _D11, "NATIONAL_ID_LT", "Lithuanian asmens kodas", _lt)
    if _cued_only(low, "NATIONAL_ID_EE"):
        hits += _scheme(text, _D11, "NATIONAL_ID_EE", "Estonian isikukood", _ee)
    hits += _alone(text, _LV, "NATIONAL_ID_LV", "Latvian personal code (born since 1900)",
                   _lv_alone)
    if _cued_only(low, "NATIONAL_ID_LV"):
        hits += _scheme(text, _LV, "NATIONAL_ID_LV", "Latvian personal code",
                        lambda value: _lv(value.replace("-", "")), like=_lv_like)
        hits += _scheme(text, _D11, "NATIONAL_ID_LV", "Latvian personal code", _lv,
                        like=_lv_like)
        for pattern in (_LV, _D11):
            hits += _scheme(text, pattern, "NATIONAL_ID_LV", "Latvian personal code of the "
                            "2017 layout (no check digit)", lambda value: False, like=_lv_2017)
    return hits
