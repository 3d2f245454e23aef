"""Check digits that python-stdnum does not know: a vehicle identification number's (49 CFR
565), an Australian Medicare card number's, a New Zealand National Health Index number's, a
Singapore NRIC/FIN's, a Hong Kong identity card number's and the three Hungarian numbers'
(TAJ, személyi azonosító, adóazonosító jel)."""

from __future__ import annotations

import datetime as dt
import re

_VALUE = {**{str(d): d for d in range(10)},
          **dict(zip("ABCDEFGH", range(1, 9), strict=True)),
          **dict(zip("JKLMN", range(1, 6), strict=True)), "P": 7, "R": 9,
          **dict(zip("STUVWXYZ", range(2, 10), strict=True))}
_WEIGHTS = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)


def vin_check_digit(vin: str) -> str:
    """The check digit of a 17-character VIN (the character its ninth place should hold)."""
    total = sum(_VALUE[c] * w for c, w in zip(vin.upper(), _WEIGHTS, strict=True))
    return "X" if total % 11 == 10 else str(total % 11)


_MEDICARE_WEIGHTS = (1, 3, 7, 9, 1, 3, 7, 9)


def medicare_au_valid(value: str) -> bool:
    """Services Australia's check: the ninth digit is the weighted sum (1, 3, 7, 9, 1, 3, 7,
    9) of the first eight modulo 10; the first digit is 2–6."""
    digits = re.sub(r"\D", "", value)
    if len(digits) not in (10, 11) or digits[0] not in "23456":
        return False
    return medicare_au_check(digits[:8]) == digits[8]


def medicare_au_check(first_eight: str) -> str:
    """The check digit of a Medicare card number's first eight digits."""
    return str(sum(int(d) * w for d, w in zip(first_eight, _MEDICARE_WEIGHTS, strict=True)) % 10)


_PNC_LETTERS = "ZABCDEFGHJKLMNPQRTUVWXY"


def pnc_check_letter(year: str, serial: str) -> str:
    """The check letter of a Police National Computer ID: the two-digit year followed by the
    serial padded to seven digits, modulo 23, in "ZABCDEFGHJKLMNPQRTUVWXY"."""
    return _PNC_LETTERS[int(year[-2:] + serial.rjust(7, "0")) % 23]


#: the letters of a New Zealand NHI: I and O are never used; A = 1 … Z = 24
NHI_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def _nhi_value(c: str) -> int:
    return int(c) if c.isdigit() else NHI_LETTERS.index(c) + 1


def nhi_nz_checks(value: str) -> tuple[str, ...]:
    """The check characters a New Zealand NHI's first six characters allow (HISO 10046):
    three letters and three digits ("ZZZ001" → "6", weights 7–2, modulus 11, none when the
    remainder is 0); three letters, two digits and a letter ("ZZZ00A" → a letter: modulus 24
    in the 2022 routine, modulus 23 in HISO 10046:2023 — both are in use)."""
    body = value.upper()
    if len(body) != 6 or any(c not in NHI_LETTERS for c in body[:3]):
        return ()
    total = sum(_nhi_value(c) * w for c, w in zip(body, (7, 6, 5, 4, 3, 2), strict=True))
    if body[3:].isdigit():
        return () if total % 11 == 0 else (str((11 - total % 11) % 10),)
    if body[3:5].isdigit() and body[5] in NHI_LETTERS:
        return tuple(dict.fromkeys(NHI_LETTERS[m - total % m - 1] for m in (24, 23)))
    return ()


def nhi_nz_valid(value: str) -> bool:
    """Whether ``value`` ("ZZZ0016", "zsc21tn") is a well-formed NHI with a right check."""
    v = value.strip().upper()
    return len(v) == 7 and v[6] in nhi_nz_checks(v[:6])


_NRIC_LETTERS = {"S": "JZIHGFEDCBA", "T": "JZIHGFEDCBA", "F": "XWUTRQPNMLK", "G": "XWUTRQPNMLK"}
_NRIC_OFFSET = {"S": 0, "T": 4, "F": 0, "G": 4}


def nric_sg_check(prefix: str, digits: str) -> str:
    """The check letter of a Singapore NRIC (prefix S or T: citizens and permanent residents)
    or FIN (F or G: foreigners): the seven digits weighted 2, 7, 6, 5, 4, 3, 2, plus 4 for T
    and G, modulo 11, looked up in the prefix's letter table; "" for another prefix (the M
    series of 2022 has a table of its own, not published)."""
    if prefix not in _NRIC_LETTERS or len(digits) != 7 or not digits.isdigit():
        return ""
    total = sum(int(d) * w for d, w in zip(digits, (2, 7, 6, 5, 4, 3, 2), strict=True))
    return _NRIC_LETTERS[prefix][(total + _NRIC_OFFSET[prefix]) % 11]


def nric_sg_valid(value: str) -> bool:
    """Whether ``value`` ("S1234567D") is an NRIC or FIN whose check letter is right."""
    v = value.strip().upper()
    return len(v) == 9 and v[8] == nric_sg_check(v[0], v[1:8]) != ""


def hkid_check(letters: str, digits: str) -> str:
    """The check character of a Hong Kong identity card number: one or two letters (A = 10 …
    Z = 35, a space = 36 before a single letter) weighted 9 and 8, six digits weighted 7 to
    2; eleven minus the sum modulo 11, where 10 is "A" and 11 is "0"."""
    if not (1 <= len(letters) <= 2 and letters.isalpha() and letters.isascii()) or \
            len(digits) != 6 or not digits.isdigit():
        return ""
    pair = letters.upper().rjust(2)
    total = sum((36 if c == " " else ord(c) - 55) * w for c, w in zip(pair, (9, 8), strict=True))
    total += sum(int(d) * w for d, w in zip(digits, range(7, 1, -1), strict=True))
    return "0123456789A"[(11 - total % 11) % 11]


def hkid_valid(value: str) -> bool:
    """Whether ``value`` ("A123456(3)", "AB9876543") is an HKID whose check character is
    right."""
    m = re.fullmatch(r"([A-Z]{1,2})(\d{6})\(?([0-9A])\)?", value.strip().upper())
    return m is not None and hkid_check(m.group(1), m.group(2)) == m.group(3)


def cn_ric_valid(value: str) -> bool:
    """python-stdnum's check of a Chinese resident identity number (birth date, a region
    known at that date, the ISO 7064 check character), without its KeyError on a region
    whose record has no county ("110000…")."""
    from stdnum.cn import ric

    try:
        return ric.is_valid(value)
    except KeyError:
        return False


def npi_valid(value: str) -> bool:
    """Whether ``value`` is a US National Provider Identifier: ten digits, the first 1 or 2,
    whose last is the Luhn check digit of "80840" and the nine before it (CMS)."""
    from stdnum import luhn

    digits = re.sub(r"[ -]", "", value)
    return len(digits) == 10 and digits.isdigit() and digits[0] in "12" and luhn.is_valid(
        "80840" + digits)


def npi_check(first_nine: str) -> str:
    """The check digit of an NPI's first nine digits."""
    from stdnum import luhn

    return luhn.calc_check_digit("80840" + first_nine)


def dea_check(six: str) -> str:
    """The check digit of a DEA registration number's first six digits: the sum of the
    first, third and fifth, plus twice the sum of the second, fourth and sixth, modulo 10."""
    d = [int(c) for c in six]
    return str((d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10)


def dea_valid(value: str) -> bool:
    """Whether ``value`` ("AB1234563") is a DEA registration number: a registrant's letter,
    a letter (the registrant's surname's, or 9), six digits and their check digit."""
    v = value.strip().upper()
    return re.fullmatch(r"[ABCDEFGHJKLMPRSTUX][A-Z9]\d{7}", v) is not None and \
        dea_check(v[2:8]) == v[8]


def taj_hu_check(first_eight: str) -> str:
    """The check digit of a Hungarian TAJ number (társadalombiztosítási azonosító jel): the
    first eight digits weighted 3, 7, 3, 7 … modulo 10."""
    return str(sum(int(d) * (7 if i % 2 else 3) for i, d in enumerate(first_eight)) % 10)


def taj_hu_valid(value: str) -> bool:
    """Whether ``value`` ("123 456 788") is nine digits whose last is the TAJ check digit."""
    digits = re.sub(r"[ -]", "", value)
    return len(digits) == 9 and digits.isdigit() and taj_hu_check(digits[:8]) == digits[8]


#: 1996. évi XX. törvény, annex 3: the first digit's centuries (1, 2: 1900–1999; 3, 4: before
#: 1900, or from 2000 for those born after 1996; 5, 6: foreigners born 1900–1999; 7, 8:
#: foreigners born before 1900 — or, where 7 and 8 went to immigrants, later)
_HU_CENTURIES = {"1": (1900,), "2": (1900,), "3": (1800, 2000), "4": (1800, 2000),
                 "5": (1900,), "6": (1900,), "7": (1800, 1900), "8": (1800, 1900)}
_HU_NEW_RULE = dt.date(1997, 1, 1)


def hu_personal_id_check(first_ten: str, born: dt.date) -> str:
    """The check digit of a Hungarian személyi azonosító: born before 1997, the ten digits
    weighted 1 … 10, from 1997 weighted 10 … 1; the sum modulo 11 ("" for 10: that serial is
    never issued)."""
    weights = range(1, 11) if born < _HU_NEW_RULE else range(10, 0, -1)
    check = sum(int(d) * w for d, w in zip(first_ten, weights, strict=True)) % 11
    return "" if check == 10 else str(check)


def hu_personal_id_born(value: str) -> list[dt.date]:
    """The birth dates that a Hungarian személyi azonosító's first seven digits may mean (its
    first digit, then YYMMDD), none in the future."""
    digits = re.sub(r"[ -]", "", value)
    if len(digits) != 11 or not digits.isdigit():
        return []
    out = []
    for century in _HU_CENTURIES.get(digits[0], ()):
        try:
            born = dt.date(century + int(digits[1:3]), int(digits[3:5]), int(digits[5:7]))
        except ValueError:
            continue
        if born <= dt.date.today():
            out.append(born)
    return out


def hu_personal_id_valid(value: str) -> bool:
    """Whether ``value`` ("1 850101 1231") is a személyi azonosító: a sex/century digit 1–8,
    a birth date, a serial and the check digit of its birth date's rule."""
    digits = re.sub(r"[ -]", "", value)
    return any(hu_personal_id_check(digits[:10], born) == digits[10]
               for born in hu_personal_id_born(digits))


_HU_TAX_EPOCH = dt.date(1867, 1, 1)


def hu_tax_id_check(first_nine: str) -> str:
    """The check digit of a Hungarian adóazonosító jel: the first nine digits weighted 1 … 9,
    modulo 11 ("" for 10: that serial is never issued)."""
    check = sum(int(d) * w for d, w in zip(first_nine, range(1, 10), strict=True)) % 11
    return "" if check == 10 else str(check)


def hu_tax_id_valid(value: str) -> bool:
    """Whether ``value`` ("8123456786") is an adóazonosító jel: 8, the days from 1 January 1867
    to the birth date (not in the future), a serial and the check digit."""
    digits = re.sub(r"[ -]", "", value)
    if len(digits) != 10 or not digits.isdigit() or digits[0] != "8":
        return False
    if _HU_TAX_EPOCH + dt.timedelta(days=int(digits[1:6])) > dt.date.today():
        return False
    return hu_tax_id_check(digits[:9]) == digits[9]


def hu_tax_id_days(born: dt.date) -> str:
    """The five digits of an adóazonosító jel that give the birth date."""
    return f"{(born - _HU_TAX_EPOCH).days:05d}"
