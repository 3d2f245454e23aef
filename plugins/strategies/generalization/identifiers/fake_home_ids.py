"""Fake national identity numbers of Norway, Denmark, Sweden, Finland, Germany, France, the UK
(National Insurance number, NHS number, driving licence), the US (SSN) and India (Aadhaar):
each generator takes the original in compact form and a random generator and returns a
number of the same scheme that passes its check (python-stdnum), keeping what the layout says
of sex and century where it can, or None to be asked again."""

from __future__ import annotations

import random
import re
import string
from collections.abc import Callable

from redactor_plugins.strategies.generalization.identifiers.fake_world_ids import (
    _born as _date,
)
from redactor_plugins.strategies.generalization.identifiers.fake_world_ids import (
    _digits,
)
from redactor_plugins.strategies.generalization.names import faker_with

_BAD_NINO_PREFIX = {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}


def _no(c: str, rng: random.Random) -> str | None:
    from stdnum.no import fodselsnummer

    d = _date(rng, 1940, 1999)
    body = d.strftime("%d%m%y") + f"{rng.randint(0, 499):03d}"
    try:
        k1 = fodselsnummer.calc_check_digit1(body)
        k2 = fodselsnummer.calc_check_digit2(body + k1)
    except Exception:  # a check digit of 10: no number with this body
        return None
    new = body + k1 + k2
    return new if fodselsnummer.is_valid(new) else None


def _dk(c: str, rng: random.Random) -> str | None:
    from stdnum.dk import cpr

    new = _date(rng, 1940, 1999).strftime("%d%m%y") + str(rng.randint(0, 3)) + _digits(rng, 3)
    return new if cpr.is_valid(new) else None


def _se(c: str, rng: random.Random) -> str | None:
    from stdnum import luhn
    from stdnum.se import personnummer

    d = _date(rng, 1940, 2005)
    nine = d.strftime("%y%m%d") + _digits(rng, 3)
    new = nine + luhn.calc_check_digit(nine)
    if len(c) == 12:
        new = d.strftime("%Y")[:2] + new
    return new if personnummer.is_valid(new[:-4] + "-" + new[-4:]) else None


def _fi(c: str, rng: random.Random) -> str | None:
    from stdnum.fi import hetu

    sign = c[6] if len(c) == 11 and not c[6].isdigit() else "-"
    century = {"+": (1850, 1899), "-": (1900, 1999)}.get(sign, (2000, 2005))
    d = _date(rng, *century)
    n = f"{rng.randint(2, 899):03d}"
    check = "0123456789ABCDEFHJKLMNPRSTUVWXY"[int(d.strftime("%d%m%y") + n) % 31]
    new = d.strftime("%d%m%y") + sign + n + check
    return new if hetu.is_valid(new) else None


def _de(c: str, rng: random.Random) -> str | None:
    from stdnum.de import idnr
    from stdnum.iso7064 import mod_11_10

    digits = list("123456789" + rng.choice("0123456789"))
    rng.shuffle(digits)
    if digits[0] == "0":
        return None
    body = "".join(digits)
    new = body + mod_11_10.calc_check_digit(body)
    return new if idnr.is_valid(new) else None


def _fr(c: str, rng: random.Random) -> str | None:
    from stdnum.fr import nir

    body = (rng.choice("12") + f"{rng.randint(40, 99):02d}" + f"{rng.randint(1, 12):02d}"
            + f"{rng.randint(1, 95):02d}" + f"{rng.randint(1, 990):03d}"
            + f"{rng.randint(1, 999):03d}")
    new = body + f"{97 - int(body) % 97:02d}"
    return new if nir.is_valid(new) else None


def _uk(c: str, rng: random.Random) -> str | None:
    first = rng.choice("ABCEGHJKLMNOPRSTWXYZ")
    prefix = first + rng.choice("ABCEGHJKLMNPRSTWXYZ")
    if prefix in _BAD_NINO_PREFIX:
        return None
    return prefix + _digits(rng, 6) + rng.choice("ABCD")


def _uk_licence(c: str, rng: random.Random) -> str | None:
    """A British driving licence number: a surname's five letters, a birth date in the
    scheme's own order (decade, month + 50 for a woman, day, year), initials, 9, two letters."""
    fake = faker_with("en_GB", rng)
    letters = len(c[:5].rstrip("9"))  # as many surname letters as the original (9 pads)
    surname = ""
    for _ in range(40):
        surname = re.sub(r"[^A-Z]", "", str(fake.last_name()).upper())
        if len(surname) >= letters:
            break
    surname = surname[:letters].ljust(5, "9")
    born = _date(rng)
    month = born.month + (50 if int(c[6]) >= 5 else 0)  # the original's sex stays
    initials = "".join("9" if o == "9" else rng.choice(string.ascii_uppercase) for o in c[11:13])
    return (f"{surname}{born.year // 10 % 10}{month:02d}{born.day:02d}{born.year % 10}"
            f"{initials}9{rng.choice(string.ascii_uppercase)}{rng.choice(string.ascii_uppercase)}")


def _us(c: str, rng: random.Random) -> str | None:
    from stdnum.us import ssn

    new = f"{rng.randint(1, 899):03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"
    return new if ssn.is_valid(new) else None


def _in(c: str, rng: random.Random) -> str | None:
    from stdnum import verhoeff
    from stdnum.in_ import aadhaar

    body = rng.choice("23456789") + _digits(rng, 10)
    new = body + verhoeff.calc_check_digit(body)
    return new if aadhaar.is_valid(new) else None


def _nhs(c: str, rng: random.Random) -> str | None:
    """An NHS number in England's range (400–499 and 600–799 million), modulus 11."""
    from stdnum.gb import nhs

    body = rng.choice("467") + _digits(rng, 8)
    check = 11 - sum(int(d) * (10 - i) for i, d in enumerate(body)) % 11
    new = body + ("0" if check == 11 else str(check))
    return new if nhs.is_valid(new) else None  # a check digit of 10: no such number


#: subtype: (the original's compact shape, generator)
SCHEMES: dict[str, tuple[str, Callable[[str, random.Random], str | None]]] = {
    "NATIONAL_ID_NO": (r"\d{11}", _no), "NATIONAL_ID_DK": (r"\d{10}", _dk),
    "NATIONAL_ID_SE": (r"\d{10}|\d{12}", _se), "NATIONAL_ID_FI": (r"\d{6}[-+A-FU-Y]\d{3}\w", _fi),
    "NATIONAL_ID_DE": (r"\d{11}", _de), "NATIONAL_ID_FR": (r"[0-9AB]{15}", _fr),
    "NATIONAL_ID_UK": (r"[A-Z]{2}\d{6}[A-D]", _uk), "NATIONAL_ID_US": (r"\d{9}", _us),
    "NATIONAL_ID_IN": (r"\d{12}", _in), "NHS_NUMBER": (r"\d{10}", _nhs),
    "DRIVING_LICENCE_UK": (r"[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z]{2}", _uk_licence),
}
