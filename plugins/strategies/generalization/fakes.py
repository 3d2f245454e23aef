"""Fake identifiers that keep the original's scheme, format and checksum.

:func:`fake_identifier` replaces a CODE of a known subtype with a random one of the same
scheme: an IBAN of the same country with valid check digits (and the country's own BBAN
check, python-stdnum), a Luhn-valid card number of the same network (first four digits kept)
and length, a national ID number of the same country that passes that scheme's checksum
(NO, DK, SE, FI, DE, FR, UK, US, IN in :mod:`identifiers.fake_home_ids`; PL, NL, TR, IT, ES, BE, IE in
:mod:`fake_more_ids`, with IMEI, EU VAT numbers and BICs; ZA, BR, MX, CL, CH, AT, PT, GR,
CZ/SK, RO, CN, KR, JP, SG, HK, IN's PAN and IL in :mod:`identifiers.fake_world_ids`), a phone number valid for the same country, a MAC or IP
address, a British postcode, a vehicle plate. Letters, digits and separators stay where they
were ("NO93 8601 1117 947" → "NO58 1503 0285 016"). Look-alikes (``…_LIKE``) and unknown
subtypes get :func:`code_like`: the same shape, no checksum.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import random
import re
import string
from collections.abc import Callable

from redactor_plugins.strategies.generalization import fake_more_ids, numbers
from redactor_plugins.strategies.generalization.demographics import number_in_words, other_number
from redactor_plugins.strategies.generalization.identifiers import fake_home_ids, fake_world_ids
from redactor_plugins.strategies.generalization.identifiers.fake_world_ids import (
    _digits,
)
from redactor_plugins.strategies.generalization.names import faker_with
from redactor_plugins.strategies.generalization.places import (  # noqa: F401 - re-exported
    ROAD,
    UNIT_WORDS,
    address_like,
    lookup,
    place_like,
    street_parts,
)
from redactor_plugins.strategies.generalization.places import (
    UK_POSTCODE as _POSTCODE,
)

_HEX = "0123456789abcdef"
_PHONE_REGIONS = ("GB", "US", "NO", "DK", "SE", "FI", "DE", "FR")
TRIES = 400


def code_like(text: str, rng: random.Random) -> str:
    """Same shape: digits → digits, letters → letters (case kept), the rest kept; a leading 0
    stays (a trunk prefix: "07700 900 461" read "77208 064 740", no phone number's shape)."""
    out = []
    for i, c in enumerate(text):
        if c == "0" and not text[:i].strip("+( "):
            out.append(c)
        elif c.isdigit():
            out.append(rng.choice(string.digits))
        elif c.isalpha():
            out.append(rng.choice(string.ascii_uppercase if c.isupper() else
                                  string.ascii_lowercase))
        else:
            out.append(c)
    return "".join(out)


_YEAR_IN_CODE = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_COURT_CODE = re.compile(r"[A-Z]{2,5}(?=[ \u00a0/-]?\d)")


def case_number_like(text: str, rng: random.Random) -> str:
    """A case number in the same shape whose court's letters stay ("HCMP 1234/2023": the
    court and the kind of proceedings, no one's) and whose year stays a year near it, not
    after this one (it read "HTZZ 9482/5308"), its month a month ("CAS 412/06/2023")."""
    court = _COURT_CODE.match(text)
    keep = court.end() if court else 0
    out = list(text[:keep] + code_like(text[keep:], rng))
    this_year = dt.date.today().year
    for m in _YEAR_IN_CODE.finditer(text, keep):
        year = int(m.group())
        new = rng.choice([y for y in range(year - 3, min(year + 3, this_year) + 1) if y != year]
                         or [year - 1])
        out[m.start():m.end()] = str(new)
        month = re.search(r"(?<!\d)(0[1-9]|1[0-2])[/.-]\Z", text[:m.start()])
        if month:  # "412/06/2023": a docket's month stays a month
            out[month.start(1):month.end(1)] = f"{rng.randint(1, 12):02d}"
    return "".join(out)


def layout(original: str, compact: str) -> str:
    """``compact``'s characters in the places of ``original``'s letters and digits (its
    separators kept); case follows the original's letters."""
    it = iter(compact)
    out = []
    for c in original:
        if c.isalnum():
            n = next(it)
            out.append(n.lower() if c.islower() else n)
        else:
            out.append(c)
    return "".join(out)


def _alnum(text: str) -> str:
    return "".join(c for c in text if c.isalnum()).upper()


# -- one generator per scheme: (compact original, rng) -> compact fake or None -------------
def _iban(c: str, rng: random.Random) -> str | None:
    from stdnum import iban

    country, bban = c[:2], code_like(c[4:], rng)
    new = country + iban.calc_check_digits(country + "00" + bban) + bban
    return new if iban.is_valid(new) else None


def _card(c: str, rng: random.Random) -> str | None:
    from stdnum import luhn

    body = c[:4] + _digits(rng, len(c) - 5)  # the first four name the network
    return body + luhn.calc_check_digit(body)


def _mac(c: str, rng: random.Random) -> str | None:
    return "".join(rng.choice(_HEX).upper() for _ in c)


def _postcode(c: str, rng: random.Random) -> str | None:
    new = code_like(c, rng)
    return new if _POSTCODE.fullmatch(layout_postcode(new)) else None


def place_code(text: str, subtype: str) -> str | None:
    """The scheme of a place written as a code — "COORDINATES", "WHAT3WORDS" (by subtype),
    "POSTCODE" (by form) — or None for a place's name."""
    if subtype in fake_more_ids.WHOLE_TEXT and not (subtype.startswith("POSTCODE_") and
                                                    fake_more_ids.fake_postal_code(
                                                        text, random.Random(0)) is None):
        return subtype  # not an address around its postcode ("Keizersgracht 123, 1015 CJ
    return "POSTCODE" if is_postcode(text) else None  # Amsterdam" had read random letters)


def is_postcode(text: str) -> bool:
    """A British postcode alone ("SW1A 1AA")."""
    return _POSTCODE.fullmatch(text.strip().upper()) is not None


def layout_postcode(compact: str) -> str:
    return compact[:-3] + " " + compact[-3:]


def _plate(c: str, rng: random.Random) -> str | None:
    def letters(n: int, pool: str = "ABCDEFGHJKLMNOPRSTUVWXYZ") -> str:
        return "".join(rng.choice(pool) for _ in range(n))

    if re.fullmatch(r"\d\d[A-Z]{1,3}\d{2,5}", c):  # Turkish: province 01–81, no Q W X
        n = len(re.sub(r"\d", "", c))
        return f"{rng.randint(1, 81):02d}" + letters(n, "ABCDEFGHIJKLMNOPRSTUVYZ") + \
            _digits(rng, len(c) - 2 - n)
    if re.fullmatch(r"[A-Z]{2}\d\d[A-Z]{3}", c):  # British: a used age identifier
        age = rng.choice([f"{y:02d}" for y in (*range(2, 25), *range(51, 75))])
        return letters(1, "ABCDEFGHJKLMNOPRSTUVWXY") + letters(1) + age + letters(3)
    return code_like(c, rng)


def _statute(c: str, rng: random.Random) -> str | None:
    return str(rng.randint(1950, 2020)) + _digits(rng, len(c) - 4).lstrip("0").rjust(
        len(c) - 4, "1")


_SCHEMES: dict[str, tuple[str, Callable[[str, random.Random], str | None]]] = {
    # subtype: (the original's compact shape, generator)
    "IBAN": (r"[A-Z]{2}\d\d[A-Z0-9]{10,30}", _iban), "PAYMENT_CARD": (r"\d{12,19}", _card),
    "MAC_ADDRESS": (r"[0-9A-F]{12}", _mac),
    "POSTCODE": (r"[A-Z0-9]{5,7}", _postcode), "VEHICLE_PLATE": (r"[A-ZÄÖÜ0-9]{4,9}", _plate),
    "STATUTE_NUMBER": (r"\d{5,8}", _statute),
}
_SCHEMES.update(fake_home_ids.SCHEMES)  # NO DK SE FI DE FR UK US IN, NHS, UK driving licence
_SCHEMES.update(fake_more_ids.SCHEMES)  # PL NL TR IT ES BE IE, IMEI, EU VAT, BIC
_SCHEMES.update(fake_world_ids.SCHEMES)  # ZA BR MX CL, CH AT PT GR CZ RO, CN KR JP SG HK IN IL
# leading words a detector may have put in front of an identifier ("MAC 00:1A…", "IBAN NO93…",
# "cell no. 11/15W.2"): kept as they are
_LEAD = re.compile(r"(?:[^\W\d_]+\.?:?\s+)+(?:(?:no|nr|number)\.?\s*|#\s*)?|(?:[^\W\d_]+:)")


def fake_identifier(text: str, subtype: str, rng: random.Random,
                    attempt: int = 0) -> str | None:
    """A random identifier of ``subtype``'s scheme laid out like ``text`` (leading words
    kept), or None when the subtype has no scheme here or ``text`` is not of it; ``attempt``
    (the caller's retry) lets a citation's year wander further when the near ones failed."""
    if subtype == "ROOM_NUMBER":  # "cell 11/15W.2" → "cell 40/72K.9"
        lead = _LEAD.match(text)
        cut = lead.end() if lead else 0
        return text[:cut] + code_like(text[cut:], rng) if cut < len(text) else None
    if subtype in ("PHONE", "IP"):
        return (fake_phone if subtype == "PHONE" else fake_ip)(text, rng)
    if subtype == "CASE_NUMBER" and (cited := fake_more_ids.fake_citation(text, rng, attempt)):
        return cited  # "2021 WL 4410362, at *2 (…)": a report's other page
    if subtype in fake_more_ids.WHOLE_TEXT:  # coordinates, what3words
        return fake_more_ids.WHOLE_TEXT[subtype](text, rng)
    if subtype not in _SCHEMES:
        return None
    shape, scheme = _SCHEMES[subtype]
    lead = _LEAD.match(text)
    for cut in dict.fromkeys((0, lead.end() if lead else 0)):
        body = text[cut:]
        hetu = subtype == "NATIONAL_ID_FI"  # its separator is the century sign: kept as such
        compact = body.strip().upper() if hetu else _alnum(body)
        if not re.fullmatch(shape, compact):
            continue
        for _ in range(TRIES):
            new = scheme(compact, rng)
            if new and new != compact and len(new) == len(compact):
                return text[:cut] + (new if hetu else layout(body, new))
        return None
    return None


def fake_phone(text: str, rng: random.Random) -> str | None:
    """A number valid for the same country, its calling code and first two digits kept."""
    import phonenumbers

    for region in (None, *_PHONE_REGIONS) if text.lstrip("(").startswith("+") else \
            _PHONE_REGIONS:
        try:
            num = phonenumbers.parse(text, region)
        except phonenumbers.NumberParseException:
            continue
        if not phonenumbers.is_valid_number(num):
            continue
        digits = [c for c in text if c.isdigit()]
        national = str(num.national_number)
        keep = len(digits) - len(national) + 2  # calling code/trunk prefix + two digits
        for _ in range(TRIES):
            new = "".join(digits[:keep]) + _digits(rng, len(digits) - keep)
            it = iter(new)
            cand = "".join(next(it) if c.isdigit() else c for c in text)
            try:
                ok = phonenumbers.is_valid_number(phonenumbers.parse(cand, region))
            except phonenumbers.NumberParseException:
                ok = False
            if ok and cand != text:
                return cand
        return None
    return None


def fake_ip(text: str, rng: random.Random) -> str | None:
    """A random address of the same version and form (prefix length, zone kept)."""
    m = re.match(r"([^/%]*)(?:([/%])(.*))?$", text, re.DOTALL)
    if m is None:
        return None
    address, sep, rest = m.group(1), m.group(2) or "", m.group(3) or ""
    for _ in range(TRIES):
        if ":" in address:
            cand = "".join(rng.choice(_HEX) if c.lower() in _HEX else c for c in address)
            cand = "".join(n.upper() if o.isupper() else n for o, n in zip(address, cand,
                                                                             strict=True))
        else:
            cand = ".".join(str(rng.randint(1, 223) if i == 0 else rng.randint(0, 255))
                            for i in range(4))
        try:
            ipaddress.ip_address(cand)
        except ValueError:
            continue
        if cand != address and not cand.startswith("127."):
            return cand + sep + rest
    return None


# -- quantities, e-mail addresses, places ------------------------------------------------
def _within(n: int, value: float, low: int, high: int) -> int:
    """``n`` moved into [low, high], and off ``value`` where the bounds leave room."""
    n = min(high, max(low, n))
    if n == value:
        n = n + 1 if n + 1 <= high else max(low, n - 1)
    return n


_OF_BEFORE = re.compile(r"(?i)(?<![\w-])([\w-]+)(?:\s+([\w-]+))?\s+of\s+(?:(?:the|his|her|their|"
                        r"its|our|my|your|these|those)\s+)?$")
_OF_AFTER = re.compile(r"(?i)[\w\s-]*?\s+of\s+(?:(?:the|his|her|their|its|our|my|your|these|"
                       r"those)\s+)?([\w-]+)")


def count_bounds(doc_text: str, start: int, end: int) -> tuple[int, int]:
    """Bounds a count at ``doc_text[start:end]`` keeps with the count it is part of or that
    is part of it: "five of the six sessions", "the two youngest of the three children" — the
    six stays at least five, the five at most six ("attended five of the four" read wrong); a
    bare count keeps the number of the noun after it ("one brother", "two sisters")."""
    low, high = 1, 10**9
    m = _OF_BEFORE.search(doc_text, max(0, start - 40), start)
    part = None  # "five of the …", "the two youngest of the …"
    if m and m.group(2):
        part = _count(m.group(2))
        if part is None:  # "the two youngest of": more than two in the whole
            first = _count(m.group(1))
            part = first + 1 if first is not None else None
    elif m:
        part = _count(m.group(1))
    if part is not None:
        low = max(low, part)
    m = _OF_AFTER.match(doc_text, end, min(len(doc_text), end + 40))
    whole = _count(m.group(1)) if m else None
    if whole is not None:
        high = min(high, whole)
    own = _count(doc_text[start:end].strip())
    noun = _NOUN_AFTER.match(doc_text, end, min(len(doc_text), end + 30))
    if own is not None and noun is not None:  # the noun after a bare count keeps its number
        plural = noun.group(1).endswith("s") and not noun.group(1).endswith("ss")
        if own == 1 and not plural:
            high = 1  # "one brother" (it read "two brother")
        elif own > 1 and plural:
            low = max(low, 2)  # "two sisters" (not "one sisters")
    return low, max(low, high)


#: the lower-case word right after a count that is its noun ("one [brother]")
_NOUN_AFTER = re.compile(r"[ \t]+([a-z]{3,})\b")


def _count(word: str) -> int | None:
    value = numbers._value(word)
    return int(value) if value is not None and value == int(value) else None


_PERCENT = re.compile(r"%|\bper\s?cent\b|\bpercent\b", re.IGNORECASE)


def _numbers_of(text: str) -> list[tuple[int, int, float, bool]]:
    """(start, end, value, written in words) of every number of ``text``, in order."""
    found = [(m.start(), m.end(), v, False) for m in numbers._NUMBER_RE.finditer(text)
             if (v := numbers.parse_number(m.group(0))) is not None]
    for m in numbers._WORDNUM_RE.finditer(text):
        word = m.group(0).strip()
        value = numbers.parse_word_number(word)
        start = m.start() + m.group(0).index(word) if word else m.start()
        if value is not None and word.isascii() and re.fullmatch(r"[A-Za-z -]+", word) and \
                word.lower() not in ("a", "an") and \
                not any(s < start + len(word) and start < e for s, e, _v, _w in found):
            found.append((start, start + len(word), value, True))
    return sorted(found)


def _several_like(text: str, found: list[tuple[int, int, float, bool]], rng: random.Random,
                  low: int, high: int) -> str:
    """Every number of a range or list ("three or four", "10-12", "between 3 and 5") moved by
    one factor, so the order stays and no original bound is left ("four or five")."""
    whole = all(float(v).is_integer() for _s, _e, v, _w in found)
    factor = rng.choice((rng.uniform(0.6, 0.9), rng.uniform(1.1, 1.5)))
    cap = 100 if _PERCENT.search(text) and max(v for *_x, v, _w in found) <= 100 else high
    if max(v for *_x, v, _w in found) * factor > cap:
        factor = rng.uniform(0.6, 0.9)
    news: list[float] = []
    for _s, _e, v, _w in found:
        n = v * factor
        if whole:
            n = float(max(low, min(cap, round(n))))
            if news and v > found[len(news) - 1][2]:  # a range stays a range
                n = max(n, news[-1] + 1)
            if n == v:
                n = v + 1 if factor > 1 else max(low, v - 1)
        news.append(n)
    for i, (_s, e, v, _w) in enumerate(found):  # a height stays a person's: 6'1" read 8'2"
        if whole and text[e:e + 1] in ("'", "′") and 4 <= v <= 7:
            news[i] = float(rng.choice([k for k in (5, 6) if k != v]))
        elif whole and text[e:e + 1] in ('"', "″") and v < 12:
            news[i] = float(rng.choice([k for k in range(12) if k != v]))
    out, last = [], 0
    for (s, e, _v, word), n in zip(found, news, strict=True):
        token = text[s:e]
        if word:
            new = number_in_words(int(n))
            new = new.capitalize() if token[:1].isupper() else new
        elif whole:
            sep = next((c for c in token if c in ",.\u00a0\u202f' "), "")
            new = f"{int(n):,}".replace(",", sep) if sep and n >= 1000 else str(int(n))
        else:
            decimals = len(re.split(r"[.,]", token)[-1]) if re.search(r"[.,]\d{1,2}$", token) \
                else 0
            new = f"{n:.{decimals}f}" if decimals else str(max(1, round(n)))
        out += [text[last:s], new]
        last = e
    return "".join(out) + text[last:]


#: counts without a number (a count's pseudonym: another of them)
_VAGUE = ("several", "many", "numerous", "multiple", "various")


_TIMES = ("once", "twice", "three times", "four times")


def _ordinal_like(text: str, rng: random.Random) -> str:
    """Another ordinal word near the one in ``text``, in its case ("Fourth" → "Sixth"; it had
    raised, and the export fell back to "[REDACTED]")."""
    words = {v: w for w, v in numbers.ORDINAL_WORDS.items() if v <= 12}
    m = re.search(rf"(?i)\b({'|'.join(numbers.ORDINAL_WORDS)})\b", text)
    if m is None:  # a vague count ("several") → another; else the same shape
        vague = re.search(rf"(?i)\b({'|'.join(_VAGUE)})\b", text)
        times = re.search(r"(?i)\b(once|twice|thrice)\b", text)
        if vague is None and times is not None:  # "slapped her twice" (it read "pmeik")
            word = rng.choice([w for w in _TIMES if w != times.group(1).casefold()])
            return text[:times.start(1)] + (word.capitalize() if times.group(1)[:1].isupper()
                                            else word) + text[times.end(1):]
        if vague is None:
            return code_like(text, rng)
        word = rng.choice([w for w in _VAGUE if w != vague.group(1).casefold()])
        word = word.capitalize() if vague.group(1)[:1].isupper() else word
        return text[:vague.start(1)] + word + text[vague.end(1):]
    value = numbers.ORDINAL_WORDS[m.group(1).casefold()]
    new = rng.choice([v for v in words if v != value and abs(v - value) <= 3])
    word = words[new]
    word = word.upper() if m.group(1).isupper() else word.capitalize() if m.group(1)[:1].isupper() \
        else word
    return text[:m.start(1)] + word + text[m.end(1):]


def quantity_like(text: str, rng: random.Random, low: int = 1, high: int = 10**9) -> str:
    """A nearby number in the same format (number words stay words), within [low, high]
    (:func:`count_bounds`) where the number is a whole one; a percentage stays at most 100;
    a range or list keeps its order (:func:`_several_like`); the noun after it agrees."""
    return numbers.agree_count(text, _quantity_like(text, rng, low, high))


def _quantity_like(text: str, rng: random.Random, low: int, high: int) -> str:
    several = _numbers_of(text)
    if len(several) >= 2:
        return _several_like(text, several, rng, low, high)
    if _PERCENT.search(text) and several and several[0][2] <= 100:
        high = min(high, 100)
    m = numbers._NUMBER_RE.search(text)
    if m is None:
        q = numbers.parse_quantity(text)
        if q is None:  # an ordinal inside words ("his second wife"), else the same shape
            return _ordinal_like(text, rng)
        new = max(1, int(round(q.value * rng.choice((rng.uniform(0.6, 0.9),
                                                     rng.uniform(1.1, 1.5))))))
        new = _within(new, q.value, low, high)
        wm = numbers._WORDNUM_RE.search(text)
        if wm is None:  # an ordinal word ("the Third and Fourth Respondents")
            return _ordinal_like(text, rng)
        word = wm.group(0).strip()
        start = wm.start() + wm.group(0).index(word)  # the spaces around it stay, line breaks too
        spoken = other_number(word, rng, low, high) if re.fullmatch(r"[A-Za-z-]+", word) \
            else ""
        return text[:start] + (spoken or f"{new:,}") + text[start + len(word):]
    token = m.group(0)
    value = numbers.parse_number(token)
    if value is None:
        return code_like(text, rng)
    factor = rng.choice((rng.uniform(0.6, 0.9), rng.uniform(1.1, 1.5)))
    if value * factor > high:  # a percentage of 90: lower, not 100 every time
        factor = rng.uniform(0.6, 0.9)
    new_value = value * factor
    decimals = len(re.split(r"[.,]", token)[-1]) if re.search(r"[.,]\d{1,2}$", token) else 0
    if decimals:
        new_value = round(new_value, decimals)  # 999.996 prints "1000.00": group it as 1000
        grouped = new_value >= 1000 and re.search(r"\d[,.]\d{3}", token[:-decimals - 1])
        new = f"{new_value:,.{decimals}f}" if grouped else f"{new_value:.{decimals}f}"
        if "," in token[-decimals - 1 :]:  # "1.500,00": the European way round
            new = new.translate(str.maketrans(",.", ".,"))
    else:
        n = _within(max(1, int(round(new_value))), value, low, high)
        sep = next((c for c in token if c in ",.\u00a0\u202f' "), "")
        new = f"{n:,}".replace(",", sep) if sep and n >= 1000 else str(n)
        suffix = re.match(r"(?i)(st|nd|rd|th)\b", text[m.end():])
        if suffix:  # "2nd class" → "3rd class" (it read "3nd")
            ending = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
            ending = ending.upper() if suffix.group(1).isupper() else ending
            return text[: m.start()] + new + ending + text[suffix.end() + m.end():]
    return text[: m.start()] + new + text[m.end() :]


def _letter_runs(local: str, size: int = 4) -> set[str]:
    """Every run of ``size`` letters in an address's local part, folded ("jsmith" → jsmi,
    smit, mith)."""
    letters = re.sub(r"[^a-z]", " ", local.lower()).split()
    return {w[i:i + size] for w in letters for i in range(len(w) - size + 1)}


def email_like(text: str, rng: random.Random, locale: str) -> str:
    """A fake e-mail address of the locale, spelled out the way ``text`` is ("j.smith [at]
    gmail [dot] com" → "kim.lee [at] example [dot] org")."""
    own = _letter_runs(re.split(r"@|\s|[\[(]", text, maxsplit=1)[0])
    faker = faker_with(locale, rng)
    fake = str(faker.email())
    for _ in range(20):  # "jsmith" → not "jessicasmith": no four letters in a row of the name
        if not own & _letter_runs(fake.split("@", 1)[0]):
            break
        fake = str(faker.email())
    at = re.search(r"[ \t]*(?:[\[(][ \t]*at[ \t]*[\])]|[ \t]AT[ \t])[ \t]*", text)
    if "@" in text or at is None:
        return fake
    local, domain = fake.split("@", 1)
    dot = re.search(r"[ \t]*(?:[\[(][ \t]*dot[ \t]*[\])]|[ \t]DOT[ \t])[ \t]*", text)
    return local + at.group(0) + (domain.replace(".", dot.group(0)) if dot else domain)
