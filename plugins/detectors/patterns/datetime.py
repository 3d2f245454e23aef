"""Dates, times, date ranges, years and durations (TAB's DATETIME).

TAB's annotators mark durations and sentence lengths ("six years", "two weeks", "twelve
years and six months", "three-month") as DATETIME too, so they are found here (subtype
DURATION). Leading prepositions ("on", "from") are not part of a span, except the "between"
of a range of dates ("between 1 May and 30 June 1991"): TAB's annotators include it (8 of the
10 such ranges in the tuning half of the dev data); a range of bare years ("between 1995 and
1998") is left without it, as the Wikipedia annotators do (3 of 3).
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import NUMBER_WORD, RANK_DATE, RANK_PERIOD, Hit
from redactor_plugins.shared.language.calendar_words import (
    CONTINENTAL,
    DECADE,
    MONTHS,
    WEEKDAYS,
    alternation,
    continental_months,
)

from redactor.plugin_api import Label

_MONTHS_FULL = [m for m in calendar.month_name if m]
_MONTH_ABBR = r"(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?"
MONTH = rf"(?:{'|'.join(_MONTHS_FULL)}|{_MONTH_ABBR})"
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_YEAR = r"(?:1[5-9]\d\d|20\d\d)"
_B = r"(?<![\w/.,-])"  # no number or word glued on the left
_E = r"(?![\w]|[/.,-]\d)"  # ... nor on the right

# Runs of white space before a word are matched possessively (``\s++``, ``\s*+``: never
# given back): "\s*,?\s+and" could split a run of n spaces in n² ways before it failed, and
# a digit before a few thousand spaces (a PDF's layout) held the GIL for ~0.2 s in one search.
# What follows each such run cannot start with white space, so the matches are the same.
_SEP_WORD = r"(?:\s*+,\s++|\s++)"  # what "\s*,?\s+" matches before a word
# "6 January 2022", "6th of January 2022", "6 Jan. 2022", "21 June", "27th day of June 1996",
# "10, 15 and 21 September 1993", "14 or 15 February 1990"
_DAY_LIST = rf"{_DAY}(?:\s*+,\s*+{_DAY}){{0,10}}(?:{_SEP_WORD}(?:and|or|&)\s++{_DAY})?"
_DMY = rf"{_B}{_DAY_LIST}(?:\s++day)?(?:\s++of)?\s++{MONTH}(?:,?\s++{_YEAR})?(?!\w)"
# "January 6, 2022", "January 6th"
_MDY = rf"(?<!\w){MONTH}\s+{_DAY}(?:,\s*{_YEAR}|(?=[\s,.;:)]|$)){_E}"
# "January 2022", "January, February and May 1998"
_MY = (rf"(?<!\w){MONTH}(?:\s*+,\s*+{MONTH}){{0,10}}(?:{_SEP_WORD}(?:and|or)\s++{MONTH})?"
       rf",?\s++{_YEAR}{_E}")
_NUMERIC = (
    rf"{_B}(?:(?P<iy>\d{{4}})-(?P<im>\d{{1,2}})-(?P<id>\d{{1,2}})"
    rf"|(?P<d>\d{{1,2}})(?P<sep>[./-])(?P<m>\d{{1,2}})(?P=sep)(?P<y>\d{{4}}|\d{{2}})){_E}"
)
_SEASON = r"(?:spring|summer|autumn|fall|winter|beginning|start|end|middle|turn|course|first half|second half)"
_EARLY = r"(?:[Ee]arly|[Mm]id|[Ll]ate)[-\s]"
_DECADE = r"(?:1[5-9]|20)\d0s"
_PERIOD_OF_YEAR = (
    rf"(?:(?<!\w){_SEASON}\s+(?:of\s+)?(?:the\s+)?(?:{_YEAR}|{_DECADE})"
    rf"|(?<!\w){_EARLY}(?:{_YEAR}|{_DECADE})"
    rf"|(?<!\w){_EARLY}{MONTH}(?:\s+{_YEAR})?){_E}"
)
_TIME = (
    rf"{_B}(?:(?:[Aa]bout|[Aa]pproximately|[Aa]round|[Aa]t\s+about)\s+)?(?:(?:[01]?\d|2[0-3])[.:][0-5]\d(?:\s*(?:a\.m\.?|p\.m\.?|am|pm|AM|PM|hrs|hours|h)(?!\w))?"
    rf"|(?:1[0-2]|0?\d)\s*(?:a\.m\.?|p\.m\.?|am|pm|AM|PM)(?!\w)|(?:1[0-2]|0?\d)\s+o['’]clock)"
)
_DATE_ANY = rf"(?:{_DMY}|{_MDY}|{_MY}|{_PERIOD_OF_YEAR})"

# "12. januar 2026", "3. März 2020": a Scandinavian or German date, a full stop after the day
_NORDIC_MONTH = alternation([*MONTHS["nb"], *MONTHS["sv"], *MONTHS["da"],  # lower case in the
                            *MONTHS["de"], "Maerz"], capitalised=False)  # North
_NORDIC_DMY = rf"{_B}(?:[12]\d|3[01]|0?[1-9])\.\s++{_NORDIC_MONTH}(?:\s++{_YEAR})?(?!\w)"
_NORDIC_DMY_RE = re.compile(_NORDIC_DMY)
# "17 avril 2023", "lundi 1er mars 2021", "12 de marzo de 2021", "3 maja 2020", "marzo de
# 2021": French, Spanish, Italian, Portuguese, Dutch and Polish dates (the weekday kept)
_EU_MONTH = continental_months()
_EU_WEEKDAY = alternation([w for lang in CONTINENTAL if lang in WEEKDAYS for w in WEEKDAYS[lang]])
_EU_DAY = r"(?:1er|1re|1º|1°|[12]\d|3[01]|0?[1-9])"
_EU_DATE_RE = re.compile(
    rf"{_B}(?:{_EU_WEEKDAY},?\s++)?{_EU_DAY}\s++(?:de\s++)?{_EU_MONTH}"
    rf"(?:,?\s++(?:de\s++)?{_YEAR})?(?!\w)"
    rf"|(?<![\w-]){_EU_MONTH}\s++(?:de\s++)?{_YEAR}{_E}")
# "les années 1990", "los años 80", "gli anni '90", "de jaren '90": a decade
_EU_DECADE_RE = re.compile(DECADE)
_DMY_RE = re.compile(_DMY)
_MDY_RE = re.compile(_MDY)
_MY_RE = re.compile(_MY)
_NUMERIC_RE = re.compile(_NUMERIC)
_PERIOD_RE = re.compile(_PERIOD_OF_YEAR)
#: "03-Mar-2024", "3/Mar/24", "03 MAR 2024" of forms and logs
_DASHED_DMY_RE = re.compile(
    rf"{_B}(?:0?[1-9]|[12]\d|3[01])([-/])(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov"
    rf"|dec)\1(?:{_YEAR}|\d\d){_E}")
#: a quarter or a financial year ("Q3 2023", "Q1/2024", "FY2023/24", "FY 2022-23")
_QUARTER_RE = re.compile(rf"{_B}(?:Q[1-4][ /]?{_YEAR}|FY[ ]?(?:{_YEAR}|\d\d)(?:[/-]\d\d)?){_E}")
_TIME_RE = re.compile(_TIME)
_TIME_CUE = re.compile(r"(?:\b(?:at|from|until|till|to|by|before|after|around|about|approximately)\s+)$")

# a range: DATE (to|until|and|–) DATE, written with the "between" (kept) or "from" (left out)
# that makes it one
_RANGE_RE = re.compile(
    rf"(?:(?<!\w)[Bb]etween\s+(?=\d{{1,2}}(?!\d)|[A-Z][a-z])|(?<=[Bb]etween\s)|(?<=[Ff]rom\s)"
    rf"|(?<=[Pp]eriod\s))"
    rf"(?:{_DMY}|{_MDY}|{_MY}|{_YEAR}|{_DECADE}|{MONTH})"
    rf"\s*(?:\s(?:and|to|until|till|through)\s|[–—-])\s*"
    rf"(?:{_DMY}|{_MDY}|{_MY}|{_YEAR}|{_DECADE}|{MONTH}){_E}"
)
_DASH_RANGE_RE = re.compile(
    rf"(?:{_DMY}|{_MY}|{MONTH}|{_DECADE})\s*[–—]\s*(?:{_DMY}|{_MY}){_E}"
    rf"|{_B}{_YEAR}\s*[–—]\s*{_YEAR}{_E}"
    rf"|{_B}{_DAY}\s*[–—-]\s*{_DAY}\s+{MONTH}(?:\s+{_YEAR})?(?!\w)"
    rf"|{_B}{_DAY}\s+to\s+{_DAY}\s+{MONTH}(?:\s+{_YEAR})?(?!\w)"
)

_YEAR_RE = re.compile(rf"{_B}(?:{_YEAR}|{_DECADE}){_E}")
# "1990/91", "the 1947–48 season", "years 1998/99", "the 2003/04 financial year"
_FISCAL_RE = re.compile(
    rf"(?:(?<!\w)(?:[Yy]ears?|[Ss]easons?)\s+)?{_B}(?P<a>{_YEAR})[/\u2013-](?P<b>\d{{2}}|\d{{4}})"
    rf"(?:\s+(?:season|(?:financial|fiscal|tax|academic|school|budget)\s+year)s?)?{_E}")
# ISO 8601: "2023-04-05T14:30:15.123+02:00", "2023-04-05 14:30", "20230405T143015Z"
_TIMESTAMP_RE = re.compile(
    r"(?<![\w.,/+-])(?:(?P<y>\d{4})-(?P<mo>\d\d)-(?P<d>\d\d)[T ](?P<h>\d\d):(?P<mi>\d\d)"
    r"(?::(?P<s>\d\d)(?:[.,]\d{1,9})?)?"
    r"|(?P<by>\d{4})(?P<bmo>\d\d)(?P<bd>\d\d)T(?P<bh>\d\d)(?P<bmi>\d\d)(?:(?P<bs>\d\d)(?:[.,]\d{1,9})?)?)"
    r"(?:Z|[+-](?P<zh>\d\d)(?::?(?P<zm>\d\d))?|[ ]?UTC)?(?![\w+]|[.,:]\d)")
_MONTH_YEAR_NUM_RE = re.compile(rf"{_B}(?:0?[1-9]|1[0-2])/{_YEAR}{_E}")
_NOT_YEAR_BEFORE = re.compile(
    r"(?:\b(?:[Nn]os?|[Nn]r|[Nn]umbers?|Law|Act|[Aa]rticles?|[Ss]ections?|[Rr]ules?|§|[Pp]aras?"
    r"|[Pp]aragraphs?|[Pp]p?|[Pp]ages?|[Rr]oom|[Ff]light|[Rr]oute|[Bb]us|[Ss]eries"
    r"|[A-Z]{3}|[€$£¥])\.?\s*|[#№]\s*)$"
)
_NOT_YEAR_AFTER = re.compile(
    r"\s*(?:%|per\s?cent|percent|euros?|dollars?|pounds|kron(?:er|or)|liras?|zlotys?"
    r"|francs?|[a-z]+s\b(?<!years)(?<!times)(?<!days)"
    r"|Act\b|:\d|[-\u2011]\s?[IVX]+\b)"
)

_UNIT = r"(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|decades?|centuries|century)"
_QTY = (
    rf"(?:\d{{1,3}}(?:\.\d+)?|{NUMBER_WORD}|a\s+few|a\s+couple\s+of|several|some|many|a|an|half\s+an?)"
)
_DURATION_CORE = (
    rf"{_QTY}(?:\s+(?:working|calendar|full|consecutive|clear))?\s+{_UNIT}"
    rf"(?:(?:,\s*|\s+and\s+){_QTY}\s+{_UNIT})*"
)
_DURATION_RE = re.compile(
    rf"(?<![\w.,-])(?:(?:[Aa]bout|[Aa]pproximately|[Aa]round|[Aa]lmost|[Nn]early|[Oo]nly|[Oo]ver|[Uu]nder"
    rf"|[Mm]ore\s+than|[Ll]ess\s+than|[Aa]t\s+least|[Uu]p\s+to|[Tt]he\s+last|[Ee]very)\s+)?"
    rf"{_DURATION_CORE}(?:\s+(?:later|earlier|ago|before))?(?![\w-])"
    rf"|(?<![\w.,-])(?:\d{{1,3}}|{NUMBER_WORD})[-\u2011](?:year|month|week|day|hour|minute)(?![\w-])"
    rf"|(?<!\w)(?:following|next|previous|preceding)\s+(?:day|morning|afternoon|evening|night|week"
    rf"|month|year)(?!\w)"
    rf"|(?<!\w)(?:overnight|the\s+night\s+before|later\s+that\s+(?:day|morning|afternoon|evening)"
    rf"|early\s+hours(?:\s+of\s+(?:the\s+)?morning)?)(?!\w)"
)
_PERIOD_CUE = re.compile(r"\b(?:over|within|for|after|about|nearly|almost|than|in|once|half)\s+$",
                         re.IGNORECASE)
_ARTICLE = re.compile(r"(?i)^an?\s+(?!few\b|couple\b)")


def _valid_date(year: int, month: int, day: int) -> bool:
    try:
        dt.date(year, month, day)
    except ValueError:
        return False
    return True


def _hit(m_start: int, m_end: int, subtype: str, score: float, why: str, rank: int) -> Hit:
    return Hit(m_start, m_end, Label.DATETIME, subtype, score, why, rank)


def _strip_right(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1] in " ,;":
        end -= 1
    return end


def find_dates(text: str) -> Iterable[Hit]:
    for m in _RANGE_RE.finditer(text):
        yield _hit(m.start(), _strip_right(text, m.start(), m.end()), "DATE_RANGE", 0.9,
                   "date range", RANK_DATE)
    for m in _DASH_RANGE_RE.finditer(text):
        yield _hit(m.start(), _strip_right(text, m.start(), m.end()), "DATE_RANGE", 0.9,
                   "date range", RANK_DATE)
    for regex, why in ((_DMY_RE, "day month year"), (_MDY_RE, "month day year"),
                       (_MY_RE, "month and year"), (_PERIOD_RE, "part of a year"),
                       (_NORDIC_DMY_RE, "day. month year"), (_EU_DATE_RE,
                       "day month year (French, Spanish, Italian, Portuguese, Dutch, Polish)"),
                       (_DASHED_DMY_RE,
                       "day-month-year with the month's name"), (_QUARTER_RE,
                       "a quarter or a financial year")):
        for m in regex.finditer(text):
            end = _strip_right(text, m.start(), m.end())
            subtype = "DATE"
            yield _hit(m.start(), end, subtype, 0.9, f"date ({why})", RANK_DATE)
    for m in _NUMERIC_RE.finditer(text):
        if m.group("iy"):
            y, mo, d = int(m.group("iy")), int(m.group("im")), int(m.group("id"))
            ok = _valid_date(y, mo, d)
        else:
            d, mo, y = int(m.group("d")), int(m.group("m")), int(m.group("y"))
            if y < 100:
                y += 2000 if y < 50 else 1900
            # day-first (European) or month-first (US) reading
            ok = _valid_date(y, mo, d) or _valid_date(y, d, mo)
            if m.group("sep") == "-" and len(m.group("y")) == 2:
                ok = False  # "12-05-03" is more often a code than a date
        if ok:
            yield _hit(m.start(), m.end(), "DATE", 0.85, "numeric date, calendar-valid", RANK_DATE)


#: a card's expiry ("exp. 09/27", "expiry 09/27", "valid thru 09/27"): a month and a year
_EXPIRY = re.compile(r"(?i)\b(?:exp(?:iry|ires|\.)?|valid\s+(?:thru|through|until|to))\s*:?\s*"
                     r"(?P<d>(?:0[1-9]|1[0-2])/\d\d)(?![\d/])")


def find_expiry_dates(text: str) -> Iterable[Hit]:
    for m in _EXPIRY.finditer(text):
        yield _hit(m.start("d"), m.end("d"), "DATE", 0.9, "a card's expiry (month/year)",
                   RANK_DATE)


def find_timestamps(text: str) -> Iterable[Hit]:
    """ISO 8601 date and time (fractional seconds, UTC offset) as one span."""
    for m in _TIMESTAMP_RE.finditer(text):
        g = {k: int(v) for k, v in m.groupdict().items() if v is not None}
        y, mo, d = g.get("y", g.get("by")), g.get("mo", g.get("bmo")), g.get("d", g.get("bd"))
        h, mi, sec = g.get("h", g.get("bh", 0)), g.get("mi", g.get("bmi", 0)), g.get(
            "s", g.get("bs", 0))
        if y is None or mo is None or d is None or not _valid_date(y, mo, d):
            continue
        if h > 24 or mi > 59 or sec > 60 or g.get("zh", 0) > 14 or g.get("zm", 0) > 59:
            continue
        yield _hit(m.start(), m.end(), "TIMESTAMP", 0.95, "date and time (ISO 8601)", RANK_DATE)


#: a time after the Scandinavian "kl." (klokken / klockan) or before the German "Uhr"
#: ("kl. 10.00", "kl 14", "um 10.30 Uhr"): the cue word kept in the span
_NORDIC_TIME = re.compile(r"(?<!\w)(?:[Kk]l\.?[ \u00a0]?(?:[01]?\d|2[0-3])(?:[.:][0-5]\d)?"
                          r"|(?:[01]?\d|2[0-3])(?:[.:][0-5]\d)?[ \u00a0]Uhr)(?![\w:]|[.,]\d)")


#: a French time of day ("14h30", "14 h 30", "à 9h"): an hour alone only after "à"
_FRENCH_TIME = re.compile(r"(?<![\w:.,])(?:[01]?\d|2[0-3])[ \u00a0]?h[ \u00a0]?[0-5]\d(?![\w:])"
                          r"|(?<=à )(?:[01]?\d|2[0-3])[ \u00a0]?h(?!\w)")


def find_times(text: str) -> Iterable[Hit]:
    for m in _NORDIC_TIME.finditer(text):
        yield _hit(m.start(), m.end(), "TIME", 0.9, "time of day (kl. / Uhr)", RANK_DATE)
    for m in _FRENCH_TIME.finditer(text):
        yield _hit(m.start(), m.end(), "TIME", 0.9, "time of day (14h30)", RANK_DATE)
    for m in _TIME_RE.finditer(text):
        value = m.group(0)
        explicit = re.search(r"[ap]\.?m|hrs|hours|o['’]clock|\bh$", value, re.IGNORECASE)
        if not explicit:
            if "." in value and not _TIME_CUE.search(text[max(0, m.start() - 16) : m.start()]):
                continue  # "10.30" without a.m./p.m. or "at" is just a decimal number
            if ":" not in value and "." not in value:
                continue
        if re.match(r"[ \t]*@", text[m.end():m.end() + 4]):
            continue  # "12.00 hrs @ 17.16": hours worked at a rate, not a time
        yield _hit(m.start(), m.end(), "TIME", 0.85, "time of day", RANK_DATE)


def find_years(text: str) -> Iterable[Hit]:
    for m in _FISCAL_RE.finditer(text):
        a, b = int(m.group("a")), m.group("b")
        nxt = int(b) if len(b) == 4 else (a // 100) * 100 + int(b)
        if len(b) == 2 and nxt < a:
            nxt += 100  # "1999/00"
        if nxt == a + 1:
            yield _hit(m.start(), m.end(), "YEAR", 0.8, "(fiscal) year", RANK_PERIOD)
        elif a < nxt <= a + 60 and "/" not in m.group(0):
            yield _hit(m.start("a"), m.end(), "DATE_RANGE", 0.8, "range of years", RANK_PERIOD)
    for m in _EU_DECADE_RE.finditer(text):
        yield _hit(m.start(), m.end(), "YEAR", 0.8, "decade (les années 1990)", RANK_PERIOD)
    for m in _MONTH_YEAR_NUM_RE.finditer(text):
        yield _hit(m.start(), m.end(), "DATE", 0.75, "month and year (numeric)", RANK_PERIOD)
    for m in _YEAR_RE.finditer(text):
        before = text[max(0, m.start() - 14) : m.start()]
        if _NOT_YEAR_BEFORE.search(before):
            continue
        after = text[m.end() : m.end() + 16]
        if not m.group(0).endswith("s") and _NOT_YEAR_AFTER.match(after):
            continue
        why = "decade" if m.group(0).endswith("s") else "year"
        yield _hit(m.start(), m.end(), "YEAR", 0.75, why, RANK_PERIOD)


def find_durations(text: str) -> Iterable[Hit]:
    for m in _DURATION_RE.finditer(text):
        start = m.start()
        article = _ARTICLE.match(m.group(0))
        if article:
            # "over a year": TAB marks the unit only; "a day"/"an hour" alone, or "EUR 100 a
            # month" (a rate), are not periods worth a finding
            if not _PERIOD_CUE.search(text[max(0, start - 12) : start]):
                continue
            start += article.end()
            if not text.startswith(("year", "month", "week", "decade"), start):
                continue
        yield _hit(start, m.end(), "DURATION", 0.7, "duration or period", RANK_PERIOD)
