"""Fake identifiers of the schemes in ``patterns.schemes`` (European, Nordic business, travel
document, North American, Australian and vehicle numbers) and of coordinates and what3words
addresses (``patterns.regional``).

Each generator takes the original in compact form (letters and digits only, upper case) and a
``random.Random`` and returns a compact fake of the same scheme that passes python-stdnum's
check, or None (the caller tries again). Kept from the original: what the layout of the
scheme says about the holder's sex (PESEL, codice fiscale, Belgian national number), the NIE's
first letter, a PPS number's second letter, a VAT number's member state, a BIC's country, a
Norwegian account's bank (its first four digits), a Swedish organisation number's legal
form (its first two), a SIN's first digit (region, or 9: a temporary resident), an EIN's
IRS prefix, a routing number's Federal Reserve district (its first two digits), a Medicare
card's state digit, a VIN's maker (its first three characters) and model year (its tenth), a
Canadian business number's program account.
Nothing else — birth dates, serials, places and banks are drawn anew.
"""

from __future__ import annotations

import datetime as dt
import random
import re
import string
from collections.abc import Callable

from redactor_plugins.shared.identifiers.check_digits import (
    dea_check,
    medicare_au_check,
    npi_check,
    pnc_check_letter,
    vin_check_digit,
)
from redactor_plugins.shared.identifiers.coordinates import coordinate_spans

Generator = Callable[[str, random.Random], "str | None"]


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def _born(rng: random.Random, first: int = 1940, last: int = 2005) -> dt.date:
    return dt.date(rng.randint(first, last), 1, 1) + dt.timedelta(days=rng.randint(0, 364))


def _pl(c: str, rng: random.Random) -> str | None:
    """PESEL: YYMMDD (month + 20 for 2000–2099), serial, sex digit (odd: male), check."""
    from stdnum.pl import pesel

    born = _born(rng)
    month = born.month + (20 if born.year >= 2000 else 0)
    sex = rng.choice("13579" if int(c[9]) % 2 else "02468")
    body = f"{born.year % 100:02d}{month:02d}{born.day:02d}" + _digits(rng, 3) + sex
    new = body + pesel.calc_check_digit(body)
    return new if pesel.is_valid(new) else None


def _nl(c: str, rng: random.Random) -> str | None:
    """BSN: nine digits that pass the 11-test (one draw in eleven does)."""
    from stdnum.nl import bsn

    new = rng.choice("123456789") + _digits(rng, 8)
    return new if bsn.is_valid(new) else None


def _tr(c: str, rng: random.Random) -> str | None:
    """T.C. Kimlik No: nine digits (the first not 0) and two check digits."""
    from stdnum.tr import tckimlik

    body = rng.choice("123456789") + _digits(rng, 8)
    new = body + tckimlik.calc_check_digits(body)
    return new if tckimlik.is_valid(new) else None


_CF_MONTHS = "ABCDEHLMPRST"


def _it(c: str, rng: random.Random) -> str | None:
    """Codice fiscale: three + three consonant-like letters, birth year, month letter, day
    (+ 40 for a woman, kept), a place code, the check letter."""
    from stdnum.it import codicefiscale

    letters = "".join(rng.choice("BCDFGHLMNPRSTVZ") for _ in range(6))
    born = _born(rng)
    try:
        woman = codicefiscale.get_gender(c) == "F"
    except Exception:  # the original's check failed (a look-alike): any sex
        woman = rng.random() < 0.5
    place = rng.choice("ABCDEFGHILM") + f"{rng.randint(1, 999):03d}"
    body = (letters + f"{born.year % 100:02d}" + _CF_MONTHS[born.month - 1]
            + f"{born.day + (40 if woman else 0):02d}" + place)
    new = body + codicefiscale.calc_check_digit(body)
    return new if codicefiscale.is_valid(new) else None


def _es(c: str, rng: random.Random) -> str | None:
    """DNI (eight digits, check letter) or NIE (its X/Y/Z kept, seven digits, check letter)."""
    from stdnum.es import dni, nie

    if c[0] in "XYZ":
        body = c[0] + _digits(rng, 7)
        new = body + nie.calc_check_digit(body)
        return new if nie.is_valid(new) else None
    body = _digits(rng, 8)
    new = body + dni.calc_check_digit(body)
    return new if dni.is_valid(new) else None


def _be(c: str, rng: random.Random) -> str | None:
    """Belgian national number: YYMMDD, a serial (odd: male, kept), 97 − the rest mod 97
    (a "2" in front of the number for births from 2000)."""
    from stdnum.be import nn

    born = _born(rng)
    serial = rng.randint(1, 997)
    if serial % 2 != int(c[6:9]) % 2:
        serial += 1
    body = born.strftime("%y%m%d") + f"{serial:03d}"
    base = int(("2" if born.year >= 2000 else "") + body)
    new = body + f"{97 - base % 97:02d}"
    return new if nn.is_valid(new) else None


def _ie(c: str, rng: random.Random) -> str | None:
    """PPS number: seven digits, the check letter, the original's second letter if any."""
    from stdnum.ie import pps, vat

    digits = _digits(rng, 7)
    second = c[8:]
    new = digits + vat.calc_check_digit(digits + (second if second in ("A", "B", "H") else ""))
    new += second
    return new if pps.is_valid(new) else None


def _imei(c: str, rng: random.Random) -> str | None:
    """IMEI: the reporting body's two digits kept, 12 new digits, the Luhn digit (a 16-digit
    IMEISV has no check; 14 digits are an IMEI without it)."""
    from stdnum import luhn

    body = c[:2] + _digits(rng, 12)
    if len(c) == 15:
        return body + luhn.calc_check_digit(body)
    return body + _digits(rng, len(c) - 14)


def _vat(c: str, rng: random.Random) -> str | None:
    """EU or UK VAT number: the state kept, the digits after it drawn until its check passes
    (one draw in 10–1,000 does, per state: France's key and SIREN need two checks)."""
    from stdnum.eu import vat
    from stdnum.gb import vat as gb_vat

    check = gb_vat.is_valid if c.startswith("GB") else vat.is_valid  # the UK's own check
    for _ in range(50):
        new = c[:2] + "".join(rng.choice(string.digits) if ch.isdigit() else ch for ch in c[2:])
        if check(new):
            return new
    return None


def _bic(c: str, rng: random.Random) -> str | None:
    """BIC: a new bank code and place (letters and digits where the original had them), the
    country kept, "XXX" (head office) kept."""
    from stdnum import bic

    def alike(part: str) -> str:  # a letter for a letter, a digit for a digit
        return "".join(rng.choice(string.digits if ch.isdigit() else string.ascii_uppercase)
                       for ch in part)

    branch = c[8:] if c[8:] in ("", "XXX") else alike(c[8:])
    new = alike(c[:4]) + c[4:6] + alike(c[6:8]) + branch
    return new if bic.is_valid(new) else None


def _redraw(scheme: str, keep: int = 0, floor: str = "0") -> Generator:
    """A generator that keeps the first ``keep`` digits (a bank's or a legal form's), draws
    the rest (the first drawn one at least ``floor``) and returns the number when the
    python-stdnum module ``scheme`` accepts it (one draw in 10 or 11 does; the caller tries
    again). The module is imported at the first draw, not when the plugin host starts."""
    def draw(c: str, rng: random.Random) -> str | None:
        import importlib

        check = importlib.import_module(scheme).is_valid
        for _ in range(20):
            first = rng.choice([d for d in string.digits if d >= floor]) if keep < len(c) else ""
            new = c[:keep] + first + _digits(rng, len(c) - keep - 1)
            if check(new):
                return new
        return None
    return draw


def _alike(part: str, rng: random.Random) -> str:
    """Upper-case letters for letters, digits for digits (the caller lays out case)."""
    return "".join(rng.choice(string.digits) if ch.isdigit() else rng.choice(
        string.ascii_uppercase) for ch in part)


#: sites whose name says nothing of a person: a profile's address keeps them
_PLATFORMS = ("LINKEDINCOM", "FACEBOOKCOM", "INSTAGRAMCOM", "TIKTOKCOM", "TWITTERCOM", "XCOM",
              "YOUTUBECOM", "GITHUBCOM", "SNAPCHATCOM", "REDDITCOM", "THREADSNET", "MEDIUMCOM")


def _url(c: str, rng: random.Random) -> str | None:
    """A web address: its scheme, "www" and a known platform's name kept, the rest (the
    profile, the path, another site's name) drawn anew ("linkedin.com/in/leah-carter-4b2a91"
    read "linkedin.cwo/in/uoaj-…": the platform scrambled, the path's shape kept)."""
    keep = re.match(r"(?:HTTPS?)?(?:WWW)?", c)
    at = keep.end() if keep else 0
    host = next((p for p in _PLATFORMS if c.startswith(p, at)), "")
    at += len(host)
    return c[:at] + _alike(c[at:], rng) if at < len(c) else None


def _handle(c: str, rng: random.Random) -> str | None:
    """A social media handle of the same shape ("@markd1985" → "@qwtsz4417")."""
    return _alike(c, rng)


#: a Norwegian account keeps its bank's four digits, a Swedish organisation number its legal
#: form ("55…": a company), a Norwegian one its first digit
_NORDIC: dict[str, tuple[str, Generator]] = {
    "BANK_ACCOUNT_NO": (r"\d{11}", _redraw("stdnum.no.kontonr", 4)),
    "ORG_NUMBER_NO": (r"\d{9}", _redraw("stdnum.no.orgnr", 1)),
    "ORG_NUMBER_DK": (r"\d{8}", _redraw("stdnum.dk.cvr", 0, "1")),
    "ORG_NUMBER_SE": (r"\d{10}", _redraw("stdnum.se.orgnr", 2, "2")),
    "ORG_NUMBER_FI": (r"\d{8}", _redraw("stdnum.fi.ytunnus", 0, "1")),
}


def _sin(c: str, rng: random.Random) -> str | None:
    """A SIN: the first digit kept (a region, or 9: a temporary resident), seven random
    digits, the Luhn check digit."""
    from stdnum import luhn
    from stdnum.ca import sin

    body = c[0] + _digits(rng, 7)
    new = body + luhn.calc_check_digit(body)
    return new if sin.is_valid(new) else None


def _abn(c: str, rng: random.Random) -> str | None:
    """ABN: two check digits (modulus 89) before nine random digits, the first not 0."""
    from stdnum.au import abn

    body = rng.choice("123456789") + _digits(rng, 8)
    new = abn.calc_check_digits(body) + body
    return new if abn.is_valid(new) else None


def _acn(c: str, rng: random.Random) -> str | None:
    from stdnum.au import acn

    body = _digits(rng, 8)
    return body + acn.calc_check_digit(body)


def _medicare_au(c: str, rng: random.Random) -> str | None:
    """Medicare card: the state digit kept, seven random digits, the check digit, an issue
    number and (where the original has one) an individual reference number."""
    body = c[0] + _digits(rng, 7)
    return body + medicare_au_check(body) + rng.choice("123456789") + "".join(
        rng.choice("123456789") for _ in c[10:])


def _itin(c: str, rng: random.Random) -> str | None:
    from stdnum.us import itin

    group = rng.choice([*range(50, 66), *range(70, 89), *range(90, 93), *range(94, 100)])
    new = "9" + _digits(rng, 2) + f"{group:02d}" + _digits(rng, 4)
    return new if itin.is_valid(new) else None


_MBI_LETTERS = "ACDEFGHJKMNPQRTUVWXY"


def _mbi(c: str, rng: random.Random) -> str | None:
    """A Medicare Beneficiary Identifier: each place drawn from what CMS allows there."""
    def one(kind: str) -> str:
        return rng.choice({"C": "123456789", "A": _MBI_LETTERS, "N": string.digits,
                           "X": _MBI_LETTERS + string.digits}[kind])
    return "".join(one(k) for k in "CAXNAXNAANN")


def _vin(c: str, rng: random.Random) -> str | None:
    """A VIN: the maker (WMI) and model year kept, the rest drawn (no I, O, Q), and the check
    digit computed where the original's was right."""
    chars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
    new = c[:3] + "".join(rng.choice(chars) for _ in range(6)) + c[9] + "".join(
        rng.choice(chars if i < 2 else string.digits) for i in range(7))
    if c[8] == vin_check_digit(c):
        new = new[:8] + vin_check_digit(new) + new[9:]
    return new


def _bn_ca(c: str, rng: random.Random) -> str | None:
    """A Canadian business number (nine digits, Luhn), its program account kept."""
    from stdnum import luhn

    body = rng.choice("123456789") + _digits(rng, 7)
    return body + luhn.calc_check_digit(body) + c[9:]


def _pnc(c: str, rng: random.Random) -> str | None:
    """A PNC ID: the year kept (when the record was made), a new serial, its check letter."""
    body = c[:-1]
    year = body[:4] if len(body) >= 11 else body[:2]
    serial = _digits(rng, len(body) - len(year))
    return year + serial + pnc_check_letter(year, serial)


def _upn(c: str, rng: random.Random) -> str | None:
    """A UPN: the local authority's number kept, the school, year and serial drawn, the
    check letter computed."""
    from stdnum.gb import upn

    body = c[1:4] + _digits(rng, 9)
    new = upn.calc_check_digit(body) + body
    return new if upn.is_valid(new) else None


def _nhi_nz(c: str, rng: random.Random) -> str | None:
    """A New Zealand NHI of the original's format: new letters and digits, its check
    character (HISO 10046:2023 for the new format)."""
    from redactor_plugins.shared.identifiers.check_digits import NHI_LETTERS, nhi_nz_checks

    body = "".join(rng.choice(NHI_LETTERS) for _ in range(3)) + _digits(rng, 2) + (
        rng.choice(string.digits) if c[5].isdigit() else rng.choice(NHI_LETTERS))
    checks = nhi_nz_checks(body)
    return body + checks[-1] if checks else None


def _ird_nz(c: str, rng: random.Random) -> str | None:
    """A New Zealand IRD number of the original's length (8 or 9 digits) that Inland
    Revenue's check accepts."""
    from stdnum.nz import ird

    new = str(rng.randint(10_000_001, 149_999_999 if len(c) == 9 else 99_999_999)).zfill(len(c))
    return new if ird.is_valid(new) else None


def _ohip(c: str, rng: random.Random) -> str | None:
    """An Ontario health card number: nine digits drawn, the Luhn check digit, a new version
    code where there was one."""
    from stdnum import luhn

    body = str(rng.randint(1, 9)) + _digits(rng, 8)
    letters = "".join(rng.choice(string.ascii_uppercase) for _ in range(len(c) - 10))
    return body + luhn.calc_check_digit(body) + letters


def _bc_phn(c: str, rng: random.Random) -> str | None:
    """A BC Personal Health Number: 9, eight digits drawn, the Ministry's mod 11 check."""
    from stdnum.ca import bc_phn

    for _ in range(30):
        new = "9" + _digits(rng, 9)
        if bc_phn.is_valid(new) and new[-1] != "0":  # a check of 0 is one that the Ministry's
            return new  # sample code and python-stdnum disagree on: never made up
    return None


def _npi(c: str, rng: random.Random) -> str | None:
    """An NPI: the first digit kept (1 a person, 2 an organisation), eight drawn, the check."""
    body = c[0] + _digits(rng, 8)
    return body + npi_check(body)


def _dea(c: str, rng: random.Random) -> str | None:
    """A DEA number: the registrant's kind (first letter) kept, the surname's letter and six
    digits drawn, the check digit."""
    body = _digits(rng, 6)
    return c[0] + rng.choice(string.ascii_uppercase) + body + dea_check(body)


def _keep_letters(c: str, rng: random.Random) -> str | None:
    """Digits drawn anew, letters kept ("A087654321" → "A512093374", "XXXXX4821")."""
    return "".join(rng.choice(string.digits) if ch.isdigit() else ch for ch in c)


def _new_letters(c: str, rng: random.Random) -> str | None:
    """Digits and letters drawn anew, the shape kept: a prison number's letters are part of
    the number ("A1234BC" → "K7302XT"; keeping "A…BC" kept three of its seven characters)."""
    return "".join(rng.choice(string.digits) if ch.isdigit() else
                   rng.choice(string.ascii_uppercase) if ch.isupper() else ch for ch in c)


#: subtype: (the original's compact shape, generator) — North American, Australian and New
#: Zealand numbers, VINs, professional registrations and extensions
_ANGLO: dict[str, tuple[str, Generator]] = {
    "NATIONAL_ID_CA": (r"\d{9}", _sin),
    "BUSINESS_NUMBER_CA": (r"\d{9}(?:R[TPCMRZ]\d{4})?", _bn_ca),
    "EIN_US": (r"\d{9}", _redraw("stdnum.us.ein", 2)), "ITIN_US": (r"9\d{8}", _itin),
    "ROUTING_NUMBER_US": (r"\d{9}", _redraw("stdnum.us.rtn", 2)),
    "ALIEN_NUMBER_US": (r"A?\d{8,9}", _keep_letters), "MEDICARE_US": (r"[1-9A-Z]{11}", _mbi),
    "LAST_DIGITS": (r"(?:X{5})?\d{4}", _keep_letters),
    "TAX_ID_AU": (r"\d{8,9}", _redraw("stdnum.au.tfn", 0, "1")),
    "BUSINESS_NUMBER_AU": (r"\d{11}", _abn), "COMPANY_NUMBER_AU": (r"\d{9}", _acn),
    "MEDICARE_AU": (r"[2-6]\d{9,10}", _medicare_au), "CRN_AU": (r"\d{9}[A-Z]", _keep_letters),
    "HEALTH_ID_CA_ON": (r"\d{10}(?:[A-Z]{2})?", _ohip), "HEALTH_ID_CA_BC": (r"9\d{9}", _bc_phn),
    "HEALTH_ID_NZ": (r"[A-Z]{3}\d{2}[0-9A-Z]{2}", _nhi_nz), "TAX_ID_NZ": (r"\d{8,9}", _ird_nz),
    "VIN": (r"[A-HJ-NPR-Z0-9]{17}", _vin),
    "PROFESSIONAL_REGISTRATION": (r"[A-Z0-9]{7,8}", _keep_letters),
    "PHONE_EXTENSION": (r"\d{2,6}", _keep_letters),
    "PNC_ID": (r"\d{3,11}[A-Z]", _pnc), "CRO_NUMBER": (r"\d{3,8}[A-Z]", _keep_letters),
    "PRISON_NUMBER": (r"[A-Z]\d{4}[A-Z]{2}", _new_letters),
    "BRP_NUMBER": (r"[A-Z]{2}\d{7}", _keep_letters), "UAN": (r"\d{16}", _keep_letters),
    "PROVIDER_ID_US": (r"[12]\d{9}", _npi), "DEA_NUMBER_US": (r"[A-Z][A-Z9]\d{7}", _dea),
    "UPN": (r"[A-Z]\d{11}[0-9A-Z]", _upn), "UTR": (r"\d{10}", _redraw("stdnum.gb.utr", 0, "1")),
}


def fake_coordinates(text: str, rng: random.Random) -> str | None:
    """Another latitude and longitude in the same layout (signs, degrees, hemispheres kept;
    every digit drawn anew, the degrees within range)."""
    for _ in range(50):
        new = "".join(rng.choice(string.digits) if ch.isdigit() else ch for ch in text)
        if new != text and (0, len(new)) in [(s, e) for s, e, _why in coordinate_spans(new)]:
            return new
    return None


def fake_what3words(text: str, rng: random.Random) -> str | None:
    """Three other words in the same layout ("///filled.count.soap" → "///lamp.river.glow")."""
    from faker import Faker

    words = Faker("en_US")
    words.seed_instance(rng.random())
    lead = "///" if text.startswith("///") else ""
    picked = [w for w in words.words(12, unique=True) if w.isalpha() and w.islower()][:3]
    return lead + ".".join(picked) if len(picked) == 3 else None


#: subtypes faked from their whole text (not a compact string of letters and digits)
WHOLE_TEXT: dict[str, Callable[[str, random.Random], str | None]] = {
    "COORDINATES": fake_coordinates, "WHAT3WORDS": fake_what3words,
}


#: subtype: (the original's compact shape, generator)
SCHEMES: dict[str, tuple[str, Generator]] = {
    "NATIONAL_ID_PL": (r"\d{11}", _pl), "NATIONAL_ID_NL": (r"\d{9}", _nl),
    "NATIONAL_ID_TR": (r"\d{11}", _tr), "NATIONAL_ID_IT": (r"[A-Z0-9]{16}", _it),
    "NATIONAL_ID_ES": (r"\d{8}[A-Z]|[XYZ]\d{7}[A-Z]", _es), "NATIONAL_ID_BE": (r"\d{11}", _be),
    "NATIONAL_ID_IE": (r"\d{7}[A-W][A-Z]?", _ie), "IMEI": (r"\d{14,16}", _imei),
    "VAT_NUMBER": (r"[A-Z]{2}[0-9A-Z+*]{8,12}", _vat), "BIC": (r"[A-Z0-9]{8}(?:[A-Z0-9]{3})?", _bic),
    **_NORDIC, **_ANGLO,
    "URL": (r"[A-Z0-9]+", _url), "HANDLE": (r"[A-Z0-9]+", _handle),
}


_CITATION_SHAPE = re.compile(r"\d{1,4}\s+[A-Z][\w.'’ ]*?\s+\d")
#: a neutral citation: its year, its court (kept), its number, a division in brackets (kept)
_NEUTRAL = re.compile(r"\[((?:19|20)\d\d)\](\s+[A-Z][A-Za-z0-9]+(?:\s+(?:Civ|Crim))?\s+)(\d{1,5})"
                      r"(\s*(?:\([A-Za-z]{1,12}\))?)")
_NUMBER_GROUP = re.compile(r"\d+")
#: an Australian or New Zealand report: (year) volume report page; the report is kept
_ROUND_YEAR = re.compile(r"\(((?:1[89]|20)\d\d)\)\s+\d{1,4}(\s+[A-Z][A-Za-z ]{0,10}?\s+)\d{1,5}")


def _near_year(own: int, rng: random.Random, attempt: int = 0) -> int:
    """Another year near ``own``, none to come (a citation of 2027 reads made up): within
    two, or from the tenth retry up to six before (the pseudonym refuses a fake that shows
    a year of the document, and every year within two may be one)."""
    near = [y for y in (own - 2, own - 1, own + 1) if y <= dt.date.today().year]
    return rng.choice(near if attempt < 10 else near + list(range(own - 6, own - 2)))


def fake_citation(text: str, rng: random.Random, attempt: int = 0) -> str | None:
    """A law report citation with other numbers: the reporter, court and month kept, a year
    another year ("2021 WL 4410362, at *2 (N.D. Ill. Sept. 27, 2021)" → "2017 WL 8320115, at
    *6 (N.D. Ill. Sept. 14, 2017)"); a neutral citation keeps its court and a year within two
    of its own ("[2025] EWFC 112 (B)" → "[2024] EWFC 387 (B)"; it read "[1910] SQEP 835");
    None for a text of no such shape."""
    if (neutral := _NEUTRAL.fullmatch(text.strip())) is not None:
        year = _near_year(int(neutral.group(1)), rng, attempt)
        digits = neutral.group(3)
        number = str(rng.randint(1, 10 ** len(digits) - 1)).zfill(len(digits) if
                                                                    digits[0] == "0" else 1)
        return f"[{year}]{neutral.group(2)}{number}{neutral.group(4)}"
    if (report := _ROUND_YEAR.fullmatch(text.strip())) is not None:  # "(2006) 206 FLR 212"
        return (f"({_near_year(int(report.group(1)), rng, attempt)}) {rng.randint(1, 400)}"
                f"{report.group(2)}{rng.randint(1, 2000)}")
    if not _CITATION_SHAPE.match(text):
        return None
    year = str(rng.randint(1990, 2023))

    def other(m: re.Match[str]) -> str:
        digits = m.group(0)
        if re.fullmatch(r"(?:19|20)\d\d", digits):
            return year
        if len(digits) <= 2 and "," in text[m.end():m.end() + 1]:  # a day
            return str(rng.randint(1, 28))
        return str(rng.randint(10 ** (len(digits) - 1), 10 ** len(digits) - 1))
    return _NUMBER_GROUP.sub(other, text)


_EIR = "0123456789ACDEFHKNPRTVWXY"
_CA_FIRST, _CA_LETTER = "ABCEGHJKLMNPRSTVXY", "ABCEGHJKLMNPRSTVWXYZ"


def fake_postal_code(text: str, rng: random.Random) -> str | None:
    """A postal code of the same country and layout (an Eircode's, a Canadian, a US ZIP or
    ZIP+4, an Australian or a Dutch one); None for another text."""
    t = text.strip()
    sep = " " if " " in t else ("-" if "-" in t[3:4] else "")
    if re.fullmatch(r"(?:[ACDEFHKNPRTVWXY]\d\d|D6W) ?[0-9ACDEFHKNPRTVWXY]{4}", t):  # Eircode
        key = rng.choice("ACDEFHKNPRTVWXY") + f"{rng.randint(1, 99):02d}"
        return key + sep + "".join(rng.choice(_EIR) for _ in range(4))
    if re.fullmatch(r"[A-Z]\d[A-Z][ -]?\d[A-Z]\d", t):  # Canada
        return (rng.choice(_CA_FIRST) + str(rng.randint(0, 9)) + rng.choice(_CA_LETTER) + sep
                + str(rng.randint(0, 9)) + rng.choice(_CA_LETTER) + str(rng.randint(0, 9)))
    if re.fullmatch(r"\d{5}(?:-\d{4})?", t):  # a US ZIP (+4)
        return f"{rng.randint(1001, 99950):05d}" + (f"-{rng.randint(1, 9999):04d}" if "-" in t
                                                    else "")
    if re.fullmatch(r"\d{4}", t):  # Australia
        return str(rng.randint(2000, 7999))
    if re.fullmatch(r"[1-9]\d{3} ?[A-Z]{2}", t):  # the Netherlands
        letters = rng.choice([a + b for a in "ABCEGHJKLMNPRTVWXZ" for b in "ABCEGHJKLMNPRTVWXZ"])
        return f"{rng.randint(1000, 9999)}{' ' if ' ' in t else ''}{letters}"
    return None


WHOLE_TEXT.update({f"POSTCODE_{country}": fake_postal_code
                   for country in ("IE", "CA", "US", "AU", "NL")})
