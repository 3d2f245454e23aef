"""Fake identity, tax, bank and health numbers of the schemes in ``patterns.schemes.asian_ids``,
``americas_africa_ids``, ``eastern_european_ids`` and the second half of ``european_ids``
(Switzerland, Austria, Portugal, Greece, Czechia/Slovakia, Romania).

Each generator takes the original in compact form (letters and digits only, upper case) and a
``random.Random`` and returns a compact fake of the same scheme that passes its check
(python-stdnum's, or :mod:`~redactor_plugins.shared.identifiers.check_digits`), or None (the
caller tries again). Kept from the original: what the layout says about the holder's sex and
century (South African serial, Korean and Romanian first digit, Chinese serial's parity,
Czech month + 50, Greek AMKA's tenth digit, CURP's sex letter, the first digit of a Hungarian
személyi azonosító, an Estonian or Lithuanian code, a Bulgarian EGN's month offset and serial's
parity, a Slovenian EMŠO's serial half, a Latvian code's century digit or 2017 layout), a South
African's citizenship digit, a Slovenian EMŠO's register, an NRIC/FIN's letter (citizen, resident, foreigner), an HKID's count of letters, a
PAN's holder kind, a Portuguese NIF's first digit (a person or a company), a Chinese number's
province. Birth dates, serials, places and names' letters are drawn anew.
"""

from __future__ import annotations

import datetime as dt
import random
import string
from collections.abc import Callable

from redactor_plugins.shared.identifiers.check_digits import (
    cn_ric_valid,
    hkid_check,
    hu_personal_id_check,
    hu_tax_id_check,
    hu_tax_id_days,
    nric_sg_check,
    taj_hu_check,
)

Generator = Callable[[str, random.Random], "str | None"]
_LETTERS = string.ascii_uppercase


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def _letters(rng: random.Random, n: int, pool: str = _LETTERS) -> str:
    return "".join(rng.choice(pool) for _ in range(n))


def _born(rng: random.Random, first: int = 1940, last: int = 2005) -> dt.date:
    return dt.date(rng.randint(first, last), 1, 1) + dt.timedelta(days=rng.randint(0, 364))


def _valid(module: str, new: str) -> str | None:
    import importlib

    return new if importlib.import_module(module).is_valid(new) else None


def _za(c: str, rng: random.Random) -> str | None:
    """YYMMDD, a serial (below 5000: a woman, kept), citizenship (kept), 8 or 9, Luhn."""
    from stdnum import luhn

    born = _born(rng)
    serial = rng.randint(0, 4999) + (5000 if int(c[6:10]) >= 5000 else 0)
    body = f"{born:%y%m%d}{serial:04d}{c[10]}{rng.choice('89')}"
    return _valid("stdnum.za.idnr", body + luhn.calc_check_digit(body))


def _cpf(c: str, rng: random.Random) -> str | None:
    """Nine digits and the two modulus-11 check digits."""
    body = _digits(rng, 9)
    for weight in (10, 11):
        total = sum(int(d) * (weight - i) for i, d in enumerate(body))
        body += str(total * 10 % 11 % 10)
    return _valid("stdnum.br.cpf", body)


def _curp(c: str, rng: random.Random) -> str | None:
    """Initials, a birth date, the sex letter (kept), a state, consonants, the century's
    differentiator (a digit before 2000, a letter after) and the check digit."""
    from stdnum.mx import curp

    born = _born(rng)
    body = (_letters(rng, 1, "BCDFGHJLMNPRSTVZ") + rng.choice("AEIOU") + _letters(rng, 2)
            + f"{born:%y%m%d}" + c[10] + rng.choice(sorted(curp._valid_states))
            + _letters(rng, 3, "BCDFGHJKLMNPQRSTVWXYZ")
            + (rng.choice(string.digits) if born.year < 2000 else rng.choice(_LETTERS)))
    return _valid("stdnum.mx.curp", body + curp.calc_check_digit(body))


def _ahv(c: str, rng: random.Random) -> str | None:
    """756, nine digits, the EAN-13 check digit."""
    from stdnum import ean

    body = "756" + _digits(rng, 9)
    return _valid("stdnum.ch.ssn", body + ean.calc_check_digit(body))


def _at(c: str, rng: random.Random) -> str | None:
    """A serial (100–999), the check digit, a birth date DDMMYY."""
    from stdnum.at import vnr

    number = str(rng.randint(100, 999)) + "0" + f"{_born(rng):%d%m%y}"
    new = number[:3] + vnr.calc_check_digit(number) + number[4:]
    return _valid("stdnum.at.vnr", new)


def _pt(c: str, rng: random.Random) -> str | None:
    """The first digit kept (a person, a company …), seven digits, the check digit."""
    from stdnum.pt import nif

    body = c[0] + _digits(rng, 7)
    return _valid("stdnum.pt.nif", body + nif.calc_check_digit(body))


def _gr(c: str, rng: random.Random) -> str | None:
    """A birth date DDMMYY, four digits (the last one's parity, the holder's sex, kept), Luhn."""
    from stdnum import luhn

    body = f"{_born(rng):%d%m%y}" + _digits(rng, 3) + rng.choice(
        "13579" if int(c[9]) % 2 else "02468")
    return _valid("stdnum.gr.amka", body + luhn.calc_check_digit(body))


def _cz(c: str, rng: random.Random) -> str | None:
    """A birth date YYMMDD (a woman's month + 50, kept), a serial, the whole a multiple of 11
    (nine digits, no check, before 1954)."""
    month_add = 50 if int(c[2:4]) > 50 else 0
    born = _born(rng, 1955, 2005) if len(c) == 10 else _born(rng, 1920, 1953)
    body = f"{born.year % 100:02d}{born.month + month_add:02d}{born.day:02d}" + _digits(rng, 3)
    if len(c) == 10:
        check = int(body) % 11
        if check == 10:
            return None
        body += str(check)
    return _valid("stdnum.cz.rc", body)


def _ro(c: str, rng: random.Random) -> str | None:
    """Sex and century (kept), a birth date, a county, a serial, the check digit."""
    from stdnum.ro import cnp

    years = {"1": (1920, 1999), "2": (1920, 1999), "3": (1850, 1899), "4": (1850, 1899),
             "5": (2000, 2020), "6": (2000, 2020)}.get(c[0], (1940, 2005))
    county = rng.choice(sorted(k for k in cnp._COUNTIES if k.isdigit() and int(k) <= 46))
    body = c[0] + f"{_born(rng, *years):%y%m%d}" + county + f"{rng.randint(1, 999):03d}"
    return _valid("stdnum.ro.cnp", body + cnp.calc_check_digit(body))


def _cn(c: str, rng: random.Random) -> str | None:
    """The province (first two digits) kept, four region digits, a birth date, a serial of
    the same parity (the holder's sex), the ISO 7064 check character."""
    from stdnum.cn import ric

    serial = _digits(rng, 2) + rng.choice("13579" if int(c[16]) % 2 else "02468")
    born = f"{_born(rng):%Y%m%d}"
    for _ in range(40):  # a region of the province that existed at the birth date
        body = c[:2] + f"{rng.randint(1, 30):02d}{rng.randint(1, 30):02d}" + born + serial
        new = body + ric.calc_check_digit(body + "0")
        if cn_ric_valid(new):
            return new
    return None


def _kr(c: str, rng: random.Random) -> str | None:
    """A birth date of the century that the sex/century digit (kept) says, a place, a serial,
    the check digit."""
    from stdnum.kr import rrn

    years = (2000, 2019) if c[6] in "3478" else (1900, 1999) if c[6] in "1256" else (1800, 1899)
    body = f"{_born(rng, *years):%y%m%d}" + c[6] + f"{rng.randint(0, 96):02d}" + _digits(rng, 3)
    return _valid("stdnum.kr.rrn", body + rrn.calc_check_digit(body))


def _jp(c: str, rng: random.Random) -> str | None:
    """Eleven digits and the check digit."""
    from stdnum.jp import in_

    body = rng.choice("123456789") + _digits(rng, 10)
    return _valid("stdnum.jp.in_", body + in_.calc_check_digit(body))


def _sg(c: str, rng: random.Random) -> str | None:
    """The letter kept (S/T citizens and residents, F/G foreigners), seven digits, the check
    letter; an M number (no published table) gets a letter at random."""
    body = _digits(rng, 7)
    return c[0] + body + (nric_sg_check(c[0], body) or rng.choice(_LETTERS))


def _hk(c: str, rng: random.Random) -> str | None:
    """As many letters as the original (drawn), six digits, the check character."""
    letters = _letters(rng, len(c) - 7)
    body = _digits(rng, 6)
    return letters + body + hkid_check(letters, body)


def _pan(c: str, rng: random.Random) -> str | None:
    """Three letters, the holder's kind (kept: P a person), a letter, four digits, a letter."""
    return _letters(rng, 3) + c[3] + _letters(rng, 1) + _digits(rng, 4) + _letters(rng, 1)


def _il(c: str, rng: random.Random) -> str | None:
    """Digits and a Luhn check digit, as many as the original."""
    from stdnum import luhn

    body = _digits(rng, len(c) - 1)
    return _valid("stdnum.il.idnr", body + luhn.calc_check_digit(body))


def _cl(c: str, rng: random.Random) -> str | None:
    """As many digits as the original's body, the modulus-11 check character (0–9 or K)."""
    from stdnum.cl import rut

    body = rng.choice("123456789") + _digits(rng, len(c) - 2)
    return _valid("stdnum.cl.rut", body + rut.calc_check_digit(body))


def _taj(c: str, rng: random.Random) -> str | None:
    """Eight digits and the TAJ check digit (weights 3, 7, modulo 10)."""
    body = _digits(rng, 8)
    return body + taj_hu_check(body)


#: a Hungarian személyi azonosító's first digit: the birth years it allows a fake
_HU_YEARS = {"1": (1920, 1999), "2": (1920, 1999), "3": (2000, 2020), "4": (2000, 2020),
             "5": (1920, 1996), "6": (1920, 1996), "7": (1880, 1899), "8": (1880, 1899)}


def _hu(c: str, rng: random.Random) -> str | None:
    """The sex/century/citizenship digit (kept), a birth date of its century, a serial, the
    check digit of the birth date's rule (none for a remainder of 10: drawn again)."""
    if c[0] not in _HU_YEARS:
        return None
    born = _born(rng, *_HU_YEARS[c[0]])
    body = c[0] + f"{born:%y%m%d}" + _digits(rng, 3)
    check = hu_personal_id_check(body, born)
    return body + check if check else None


def _hu_tax(c: str, rng: random.Random) -> str | None:
    """8, the days from 1867-01-01 to a birth date, a serial, the check digit."""
    body = "8" + hu_tax_id_days(_born(rng)) + _digits(rng, 3)
    check = hu_tax_id_check(body)
    return body + check if check else None


def _bg(c: str, rng: random.Random) -> str | None:
    """A birth date of the century that the month says (+ 20: 1800s, + 40: 2000s; kept), a
    serial of the same parity (the sex, kept), the check digit."""
    from stdnum.bg import egn

    month = int(c[2:4])
    add, years = (40, (2000, 2020)) if month > 40 else (20, (1880, 1899)) if month > 20 else \
        (0, (1920, 1999))
    born = _born(rng, *years)
    body = f"{born:%y}{born.month + add:02d}{born:%d}" + _digits(rng, 2) + rng.choice(
        "13579" if int(c[8]) % 2 else "02468")
    return _valid("stdnum.bg.egn", body + egn.calc_check_digit(body))


def _hr(c: str, rng: random.Random) -> str | None:
    """Ten digits and the ISO 7064 mod 11,10 check digit."""
    from stdnum.iso7064 import mod_11_10

    body = rng.choice("123456789") + _digits(rng, 9)
    return _valid("stdnum.hr.oib", body + mod_11_10.calc_check_digit(body))


def _si(c: str, rng: random.Random) -> str | None:
    """A birth date DDMMYYY, the register (kept: 50 Slovenia), a serial of the same half (below
    500 a man, kept), the check digit (not a remainder that reads 10)."""
    born = _born(rng)
    serial = rng.randint(0, 499) + (500 if int(c[9:12]) >= 500 else 0)
    body = f"{born:%d%m}{born.year % 1000:03d}" + c[7:9] + f"{serial:03d}"
    total = sum(int(d) * w for d, w in zip(body, (7, 6, 5, 4, 3, 2) * 2, strict=True))
    if total % 11 == 1:
        return None
    return _valid("stdnum.si.emso", body + str(-total % 11 % 10))


#: an Estonian or Lithuanian code's first digit: the birth years it allows a fake
_EE_YEARS = {"1": (1880, 1899), "2": (1880, 1899), "3": (1920, 1999), "4": (1920, 1999),
             "5": (2000, 2020), "6": (2000, 2020)}


def _ee_lt(module: str) -> Generator:
    def fake(c: str, rng: random.Random) -> str | None:
        """The sex/century digit (kept), a birth date of its century (Lithuania's 9, no
        date: nine digits), a serial, the check digit."""
        from stdnum.ee import ik

        if c[0] == "9":
            body = "9" + _digits(rng, 9)
        elif c[0] in _EE_YEARS:
            body = c[0] + f"{_born(rng, *_EE_YEARS[c[0]]):%y%m%d}" + _digits(rng, 3)
        else:
            return None
        return _valid(module, body + ik.calc_check_digit(body + "0"))

    return fake


def _lv(c: str, rng: random.Random) -> str | None:
    """The 2017 layout kept ("3", its second digit, nine random digits: no check digit); else
    a birth date DDMMYY of the century digit's century (kept), a serial, the check digit (not
    a remainder that reads 10)."""
    from stdnum.lv import pvn

    if c[0] == "3" and c[1] in "23456789":
        return c[:2] + _digits(rng, 9)
    years = {"0": (1880, 1899), "1": (1920, 1999), "2": (2000, 2016)}.get(c[6])
    if years is None:
        return None
    body = f"{_born(rng, *years):%d%m%y}" + c[6] + _digits(rng, 3)
    if (1 + sum(int(d) * w for d, w in zip(body, (10, 5, 8, 4, 2, 1, 6, 3, 7, 9),
                                            strict=True))) % 11 == 10:
        return None
    return _valid("stdnum.lv.pvn", body + pvn.calc_check_digit_pers(body))


def _ng(c: str, rng: random.Random) -> str | None:
    """Eleven digits (a BVN keeps its "22"; no check digit exists)."""
    return c[:2] + _digits(rng, 9) if c.startswith("22") else str(rng.randint(1, 9)) + \
        _digits(rng, 10)


def _kra(c: str, rng: random.Random) -> str | None:
    """The holder's kind kept (A a person, P a company), nine digits, a letter."""
    return c[0] + _digits(rng, 9) + _letters(rng, 1)


def _ph(c: str, rng: random.Random) -> str | None:
    """As many digits as the original, the first not 0 (no check digit is published)."""
    return str(rng.randint(1, 9)) + _digits(rng, len(c) - 1)


#: subtype: (the original's compact shape, generator)
SCHEMES: dict[str, tuple[str, Generator]] = {
    "NATIONAL_ID_ZA": (r"\d{13}", _za), "NATIONAL_ID_NG": (r"\d{11}", _ng),
    "BANK_ID_NG": (r"22\d{9}", _ng), "TAX_ID_KE": (r"[AP]\d{9}[A-Z]", _kra),
    "NATIONAL_ID_PH": (r"\d{12}|\d{16}", _ph),
    "NATIONAL_ID_BR": (r"\d{11}", _cpf),
    "NATIONAL_ID_MX": (r"[A-Z]{4}\d{6}[HMX][A-Z]{5}[0-9A-Z]\d", _curp),
    "NATIONAL_ID_CL": (r"\d{7,8}[\dK]", _cl), "NATIONAL_ID_CH": (r"756\d{10}", _ahv),
    "NATIONAL_ID_AT": (r"\d{10}", _at), "TAX_ID_PT": (r"\d{9}", _pt),
    "HEALTH_ID_GR": (r"\d{11}", _gr), "NATIONAL_ID_CZ": (r"\d{9,10}", _cz),
    "NATIONAL_ID_RO": (r"\d{13}", _ro), "NATIONAL_ID_CN": (r"\d{17}[\dX]", _cn),
    "NATIONAL_ID_KR": (r"\d{13}", _kr), "NATIONAL_ID_JP": (r"\d{12}", _jp),
    "NATIONAL_ID_SG": (r"[STFGM]\d{7}[A-Z]", _sg), "NATIONAL_ID_HK": (r"[A-Z]{1,2}\d{6}[0-9A]", _hk),
    "TAX_ID_IN": (r"[A-Z]{5}\d{4}[A-Z]", _pan), "NATIONAL_ID_IL": (r"\d{8,9}", _il),
    "HEALTH_ID_HU": (r"\d{9}", _taj), "NATIONAL_ID_HU": (r"\d{11}", _hu),
    "TAX_ID_HU": (r"8\d{9}", _hu_tax), "NATIONAL_ID_BG": (r"\d{10}", _bg),
    "TAX_ID_HR": (r"\d{11}", _hr), "NATIONAL_ID_SI": (r"\d{13}", _si),
    "NATIONAL_ID_EE": (r"\d{11}", _ee_lt("stdnum.ee.ik")),
    "NATIONAL_ID_LT": (r"\d{11}", _ee_lt("stdnum.lt.asmens")), "NATIONAL_ID_LV": (r"\d{11}", _lv),
}
