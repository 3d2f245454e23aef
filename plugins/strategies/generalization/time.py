"""Dates: parsing, generalization (levels ``month``/``year``/``decade``) and date shifting.

Recognised forms: "6 January 2022", "6th of January, 2022", "January 6, 2022", "Jan. 2022",
"2022-01-06", "06.01.2022", "6/1/2022", "January 2022", "2022", "the 1990s", "19th century"
(English month names, plus Norwegian, Danish, Swedish and German ones). A generalization is
always coarser than the original: a bare year at level ``year`` becomes its decade, a decade
at level ``decade`` its century. Durations and ages are handed to the number generalizer.
"""

from __future__ import annotations

import calendar
import datetime as dt
import functools
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from redactor_plugins.shared.language.calendar_words import (
    DECADE_WORDS,
    MONTHS,
    alternation,
    month_numbers,
    weekday_number,
)
from redactor_plugins.shared.language.calendar_words import (
    WEEKDAYS as WEEKDAYS_OF,
)
from redactor_plugins.strategies.generalization.text import Phrase

LEVELS = ("month", "year", "decade")
DEFAULT_LEVEL = "year"

MONTHS_EN = [calendar.month_name[i] for i in range(1, 13)]
#: the month lists of every language (English first, then the Nordic ones, German, the
#: continental ones: ``calendar_words``), each a tuple of twelve names
MONTH_LISTS: tuple[tuple[str, ...], ...] = tuple(MONTHS.values())
#: every language's month names and spellings, and the abbreviations
_MONTH_ALIASES: dict[str, int] = dict(month_numbers())
for _i, _name in enumerate(MONTHS_EN, start=1):
    _MONTH_ALIASES.setdefault(_name[:3].lower(), _i)
_MONTH_ALIASES["sept"] = 9
_MONTH_ALIASES.setdefault("okt", 10)
_MONTH_ALIASES.setdefault("des", 12)
_MONTH_ALIASES.setdefault("dez", 12)

_MON = r"(?P<mon>" + "|".join(sorted(_MONTH_ALIASES, key=len, reverse=True)) + r")\.?"
_YEAR = r"(?P<year>\d{4})"
_DAY = r"(?P<day>\d{1,2})(?P<nth>st|nd|rd|th|er|re|º|°)?\.?"

PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(p, re.IGNORECASE)) for name, p in (
        ("iso", r"(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})"),
        ("dmy_num", r"(?P<day>\d{1,2})(?P<sep>[./-])(?P<month>\d{1,2})(?P=sep)(?P<year>\d{4}|\d{2})"),
        ("d_mon_y", _DAY + r"\s+(?:of\s+|de\s+)?" + _MON + r",?\s+(?:de\s+)?" + _YEAR),
        ("mon_d_y", _MON + r"\s+" + _DAY + r",?\s+" + _YEAR),
        ("d_mon", _DAY + r"\s+(?:of\s+|de\s+)?" + _MON),
        ("mon_d", _MON + r"\s+" + _DAY),
        ("mon_y", _MON + r",?\s+(?:of\s+|de\s+)?" + _YEAR),
        ("decade", r"(?:the\s+)?(?P<year>\d{3}0)['’]?s"),
        ("decade", DECADE_WORDS + r"(?P<year>\d{3}0)"),  # "les années 1990"
        ("decade_short", DECADE_WORDS + r"['’]?(?P<short>\d0)"),  # "los años 90", "anni '80"
        ("century", r"(?:the\s+)?(?P<century>\d{1,2})(?:st|nd|rd|th)[\s-]+century"),
        ("season", r"(?:(?:years?|seasons?)\s+)?(?P<year>\d{4})[/–-](?P<next>\d{2}|\d{4})"
                   r"(?P<what>\s+(?:season|(?:financial|fiscal|tax|academic|school|budget)\s+"
                   r"year)s?)?"),
        ("year", _YEAR),
        ("mon", _MON),
    )
)

#: A month name or abbreviation (any of the languages above), as a whole word.
MONTH_NAME = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, _MONTH_ALIASES), key=len,
                                                    reverse=True)) + r")\.?(?!\w)",
                        re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class ParsedDate:
    form: str
    year: int | None = None
    month: int | None = None
    day: int | None = None
    century: int | None = None
    match: re.Match[str] | None = None


def month_number(word: str) -> int | None:
    """1–12 for a month name or abbreviation (any language above), else None."""
    return _MONTH_ALIASES.get(word.lower().rstrip("."))


def parse_date(text: str) -> ParsedDate | None:
    """The most specific date form that fills the whole span (a leading "on"/"in" allowed)."""
    s = " ".join(text.strip().split())
    s = re.sub(r"^(?:on|in|since|from|until|by|of)\s+", "", s, flags=re.IGNORECASE)
    week = _LEADING_WEEKDAY.match(s)  # "Saturday 14 June 2025"
    s = (s[week.end():] if week else s).rstrip(".,;")
    for form, pattern in PATTERNS:
        m = pattern.fullmatch(s)
        if not m:
            continue
        g = m.groupdict()
        year = int(g["year"]) if g.get("year") else None
        if year is not None and len(g["year"]) == 2:
            year += 2000 if year < 50 else 1900
        month = int(g["month"]) if g.get("month") else (
            _MONTH_ALIASES[g["mon"].lower()] if g.get("mon") else None)
        day = int(g["day"]) if g.get("day") else None
        if form == "dmy_num" and month and day and (month > 12 and day <= 12 or (
                MONTH_FIRST.get() and month <= 12 and day <= 12)):
            day, month = month, day  # "06/14/2017"; "03/02/2025" in a text written so
        if month is not None and not 1 <= month <= 12:
            continue
        if day is not None and not 1 <= day <= 31:
            continue
        century = int(g["century"]) if g.get("century") else None
        if form == "decade_short":  # "años 90": the 1990s; "años 10": the 2010s
            form, year = "decade", (1900 if int(g["short"]) >= 30 else 2000) + int(g["short"])
        return ParsedDate(form, year, month, day, century, m)
    return None


def _decade_phrase(year: int) -> str:
    return f"the {year // 10 * 10}s"


def _century_phrase(century: int) -> str:
    suffix = "th" if 10 <= century % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(
        century % 10, "th")
    return f"the {century}{suffix} century"


def generalize_date(parsed: ParsedDate, level: str) -> Phrase:
    """A phrase strictly coarser than the original at (at least) ``level``."""
    if parsed.form == "century":
        return Phrase("earlier century" if (parsed.century or 21) < 21 else "century")
    if parsed.form == "decade":
        assert parsed.year is not None
        return Phrase(_century_phrase(parsed.year // 100 + 1), article=False)
    year, month = parsed.year, parsed.month
    if year is None:
        if month is not None and parsed.day is not None and level == "month":
            return Phrase(MONTHS_EN[month - 1], article=False)
        return Phrase("certain day" if parsed.day is not None else "certain month", alt="")
    if level == "month" and month is not None and parsed.day is not None:
        return Phrase(f"{MONTHS_EN[month - 1]} {year}", article=False)
    if level in ("month", "year") and (month is not None or parsed.day is not None):
        return Phrase(str(year), article=False)
    return Phrase(_decade_phrase(year), article=False)


# -- shifting (pseudonyms) -------------------------------------------------------------------
#: a day of the week before a date ("Saturday 14 June 2025", "Tue, 4 Nov 2025")
_OTHER_WEEKDAYS = alternation([w for lang, names in WEEKDAYS_OF.items() if lang != "en"
                               for w in names], capitalised=False)
_LEADING_WEEKDAY = re.compile(
    r"(?P<day>(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|tues|wed|thu|thur|thurs|fri"
    rf"|sat|sun|{_OTHER_WEEKDAYS})\.?,?\s+(?=\d|[a-z]{{3,9}}\.?\s+\d)",
    re.IGNORECASE)  # "Monday, March 3, 2025", "lundi 17 avril 2023"


def shift_date(text: str, days: int) -> str | None:
    """``text`` with its date moved by ``days`` (years and decades move by whole units),
    written in the same format; None when the text is not a recognised date. A weekday
    before the date becomes the new date's, in its own form ("Sat 14 June" → "Tue 9 Sept")."""
    lead = re.match(r"\s*(?:(?:on|in|since|from|until|by|of)\s+)?", text, re.IGNORECASE)
    week = _LEADING_WEEKDAY.match(text, lead.end() if lead else 0)
    if week:
        rest = shift_date(text[week.end():], days)
        new = parse_date(rest) if rest is not None else None
        if rest is None or new is None or None in (new.year, new.month, new.day):
            return None
        assert new.year is not None and new.month is not None and new.day is not None
        word = week.group("day")
        name = _weekday_like(dt.date(new.year, new.month, new.day).weekday(), word)
        return text[: week.start()] + name + text[week.start() + len(word): week.end()] + rest
    parsed = parse_date(text)
    if parsed is None or parsed.match is None:
        return None
    m = parsed.match
    s = " ".join(text.strip().split())
    lead = re.match(r"^(?:on|in|since|from|until|by|of)\s+", s, re.IGNORECASE)
    prefix = lead.group(0) if lead else ""
    body = m.group(0)
    years = (1 if days > 0 else -1) * max(1, round(abs(days) / 365))
    if parsed.form == "decade":
        assert parsed.year is not None
        new = str(parsed.year + 10 * (1 if days > 0 else -1))
        if m.groupdict().get("short"):  # "los años 90" → "los años 80"
            at = m.start("short") - m.start()
            return prefix + body[:at] + new[-2:] + body[at + 2:]
        return prefix + body.replace(str(parsed.year), new, 1)
    if parsed.form == "century":
        assert parsed.century is not None
        return prefix + re.sub(r"\d+", str(parsed.century + (1 if days > 0 else -1)), body,
                               count=1)
    if parsed.form == "year":
        assert parsed.year is not None
        return prefix + str(parsed.year + years)
    if parsed.form == "season":  # "1990/91 season" → "1991/92 season"
        assert parsed.year is not None
        nxt, at = m.group("next"), m.start()
        later = int(nxt) + years if len(nxt) == 4 else (int(nxt) + years) % 100
        return (prefix + body[: m.start("year") - at] + str(parsed.year + years)
                + body[m.end("year") - at : m.start("next") - at] + f"{later:0{len(nxt)}d}"
                + body[m.end("next") - at :])
    if parsed.form == "mon":
        assert parsed.month is not None
        month = (parsed.month - 1 + (1 if days > 0 else -1) * max(1, round(abs(days) / 30))) % 12
        return prefix + _month_like(m.group("mon"), month + 1) + body[m.end("mon") - m.start():]
    year = parsed.year if parsed.year is not None else 2001
    month = parsed.month or 1
    day = parsed.day or 15
    day = min(day, calendar.monthrange(year, month)[1])
    new = dt.date(year, month, day) + dt.timedelta(days=days)
    if parsed.day is None:  # month and year only: move by whole months
        total = year * 12 + month - 1 + (1 if days > 0 else -1) * max(1, round(abs(days) / 30))
        new = dt.date(total // 12, total % 12 + 1, 1)
    return prefix + _rewrite(body, m, parsed, new)


#: the document's language (set by the pseudonym strategy): a month that several languages
#: spell alike ("mars", "april") is written on in it
MONTH_LANGUAGE: ContextVar[str] = ContextVar("month_language", default="")
#: whether the document writes numeric dates month first ("06/14/2017"): an ambiguous one
#: ("03/02/2025") is then read the same way (set by the pseudonym strategy)
MONTH_FIRST: ContextVar[bool] = ContextVar("month_first", default=False)
_NUMERIC_DATE = re.compile(r"(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(?:\d{4}|\d{2})(?![\d/-]|\.\d)")


@functools.lru_cache(maxsize=8)  # every date of a document asks again: scanned once
def month_first(text: str) -> bool:
    """Whether ``text``'s numeric dates are written month first: one has a second field above
    12 ("06/14/2017") and none a first field above 12 ("14/06/2017")."""
    firsts, seconds = [], []
    for m in _NUMERIC_DATE.finditer(text):
        firsts.append(int(m.group(1)))
        seconds.append(int(m.group(3)))
    return any(b > 12 for b in seconds) and not any(a > 12 for a in firsts)


@contextmanager
def document_dates(language: str, text: str) -> Iterator[None]:
    """Dates parsed and written as ``text`` writes them while the block runs: month names in
    ``language``, ambiguous numeric dates month first where the text's other dates are."""
    lang, first = MONTH_LANGUAGE.set(language), MONTH_FIRST.set(month_first(text))
    try:
        yield
    finally:
        MONTH_FIRST.reset(first)
        MONTH_LANGUAGE.reset(lang)
_LIST_OF = {lang: i for i, lang in enumerate(MONTHS)} | {"no": 1}


def _month_like(original: str, month: int) -> str:
    """A month name written like ``original`` (full or abbreviated, case kept)."""
    low = original.lower().rstrip(".")
    # English capitalises its months: a lower-case "april" is Nordic ("1. april" → "desember",
    # it read "december")
    order = MONTH_LISTS[1:] + MONTH_LISTS[:1] if original[:1].islower() else MONTH_LISTS
    mine = _LIST_OF.get(MONTH_LANGUAGE.get())  # "4 mars" of a Swedish text: "februari"
    order = (MONTH_LISTS[mine], *order) if mine is not None else order
    names = next((lst for lst in order if low in (n.lower() for n in lst)), None)
    if names is None:
        names = next((lst for lst in MONTH_LISTS
                      if any(n.lower().startswith(low) for n in lst)), MONTH_LISTS[0])
        name = names[month - 1][: max(3, len(low))]
    else:
        name = names[month - 1]
    if original.isupper():
        return name.upper()
    if original[:1].islower():
        return name.lower()
    return name


def _ordinal_suffix(original: str, day: int) -> str:
    """The suffix ``day`` takes where the original's day had ``original`` ("st", "er")."""
    if original.lower() in ("st", "nd", "rd", "th"):
        suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(
            day % 10, "th")
        return suffix.upper() if original.isupper() else suffix
    return original if day == 1 else ""  # French "1er", Spanish "1º": the first only


def _rewrite(body: str, m: re.Match[str], parsed: ParsedDate, new: dt.date) -> str:
    """Replace the groups of ``m`` in ``body`` with the parts of ``new`` (same widths)."""
    parts: list[tuple[int, int, str]] = []
    base = m.start()
    g = m.groupdict()
    if g.get("year"):
        yr = str(new.year) if len(g["year"]) == 4 else f"{new.year % 100:02d}"
        parts.append((m.start("year") - base, m.end("year") - base, yr))
    numeric = parsed.form in ("iso", "dmy_num") and (
        len(g.get("day") or "") == 2 or len(g.get("month") or "") == 2)
    swapped = bool(g.get("month") and g.get("day") and parsed.day is not None
                   and int(g["day"]) != parsed.day)
    new_day, new_month = (new.month, new.day) if swapped else (new.day, new.month)
    if g.get("month"):
        width = len(g["month"]) if (g["month"].startswith("0") or numeric) else 1
        parts.append((m.start("month") - base, m.end("month") - base, f"{new_month:0{width}d}"))
    if g.get("mon"):
        parts.append((m.start("mon") - base, m.end("mon") - base,
                      _month_like(g["mon"], new.month)))
    if g.get("day") and parsed.day is not None:
        width = len(g["day"]) if (g["day"].startswith("0") or numeric) else 1
        parts.append((m.start("day") - base, m.end("day") - base, f"{new_day:0{width}d}"))
    if g.get("nth"):  # "1st" → "11th", "1er mars" → "10 avril"
        parts.append((m.start("nth") - base, m.end("nth") - base, _ordinal_suffix(
            g["nth"], new_day)))
    out = body
    for start, end, value in sorted(parts, reverse=True):
        out = out[:start] + value + out[end:]
    return out


# -- seasons and ranges (times of day: .date_times) ---------------------------------------------------------
_SEASONS = "spring|summer|autumn|fall|winter"
_SEASON = re.compile(rf"(?:the\s+)?(?:early\s+|late\s+|mid-?)?(?:{_SEASONS})(?:\s+of)?\s+"
                     r"(?P<year>\d{4})", re.IGNORECASE)
_RANGE_WORDS = frozenset(("between", "from"))


_SEASON_MID = {"spring": 4, "summer": 7, "autumn": 10, "fall": 10, "winter": 1}  # its 15th


def _season_of(month: int, fall: bool) -> str:
    if month in (3, 4, 5):
        return "spring"
    if month in (6, 7, 8):
        return "summer"
    if month in (9, 10, 11):
        return "fall" if fall else "autumn"
    return "winter"


def shift_season(text: str, days: int) -> str | None:
    """A season of a year ("the summer of 2023", "early spring 2019") moved by ``days`` (from
    the middle of the season), in its own words and case; None when it is not one, or when the
    shift leaves the season and year as they were."""
    s = text.strip()
    m = _SEASON.fullmatch(s)
    if m is None:
        return None
    w = re.search(_SEASONS, s, re.IGNORECASE)
    assert w is not None
    word, year = w.group(0), int(m.group("year"))
    mid = dt.date(year, _SEASON_MID[word.lower()], 15) + dt.timedelta(days=days)
    new = _season_of(mid.month, word.lower() == "fall")
    if (new, mid.year) == (word.lower(), year):
        return None
    new = new.capitalize() if word[0].isupper() else new
    return s[:w.start()] + new + s[w.end():m.start("year")] + str(mid.year) + s[m.end("year"):]


def generalize_season(text: str, level: str) -> Phrase | None:
    """ "the summer of 2023" → "2023" (after "the": "the year 2023")."""
    m = _SEASON.fullmatch(" ".join(text.strip().split()).rstrip(".,;"))
    if not m:
        return None
    year = int(m.group("year"))
    if level == "decade":
        return Phrase(_decade_phrase(year), article=False)
    return Phrase(str(year), article=False, alt=f"year {year}")


def generalize_range(text: str, level: str, previous: str) -> Phrase | None:
    """A date range ("1 March and 12 March 2024", "2019–2021"): the years it covers (or the
    month at level ``month`` when the range lies in one month). A "Between"/"From" inside
    the span stays a word of the replacement ("for some days in 2024")."""
    s = " ".join(text.strip().split()).rstrip(".,;")
    opener = re.match(r"(between|from)\s+", s, re.IGNORECASE)
    if opener:  # the span holds its own "Between" ("Between 1 March and 12 March 2024")
        s, previous = s[opener.end():], opener.group(1).lower()
    phrase = _range_phrase(s, level, previous)
    if opener and phrase is not None:  # "for some days in 2024", "between 2019 and 2021"
        word = "for" if phrase.text.startswith(("some ", "a period")) else opener.group(1)
        word = word.lower()
        return Phrase(f"{word} {phrase.text}", article=False,
                      alt=f"{word} {phrase.alt}" if phrase.alt else "")
    return phrase


def _range_phrase(s: str, level: str, previous: str) -> Phrase | None:
    parts = re.split(r"\s*(?:\band\b|\bto\b|\buntil\b|–|—|-)\s*", s)
    if len(parts) != 2 or not re.search(r"\d{4}", s):
        return None
    years = [int(y) for y in re.findall(r"\b(\d{4})\b", s)]
    if not years:
        return None
    low, high = min(years), max(years)
    only_years = not re.search(r"[^\W\d_]{3,}", re.sub(r"\b(?:and|to|until)\b", "", s)) \
        and not re.search(r"\d{1,2}[./]\d", s)
    if only_years and level != "decade":  # "2019 and 2021" is already at year level
        level = "decade"
    if level == "decade":
        a, b = low // 10 * 10, high // 10 * 10
        if a == b:
            return Phrase(_decade_phrase(a), article=False, alt=f"{a}s")
        joiner = " and " if previous == "between" else " to " if previous == "from" else "–"
        return Phrase(f"the {a}s{joiner}{'the ' if joiner == ' to ' else ''}{b}s",
                      article=False, alt=f"{a}s{joiner}{b}s")
    if low != high:
        joiner = " and " if previous == "between" else " to " if previous == "from" else "–"
        return Phrase(f"{low}{joiner}{high}", article=False)
    when = str(low)
    if level == "month":
        months = {_MONTH_ALIASES.get(w.lower().rstrip(".")) for w in re.findall(r"[^\W\d_]+", s)}
        months.discard(None)
        if len(months) == 1:
            month = months.pop()
            assert month is not None
            when = f"{MONTHS_EN[month - 1]} {low}"
    if previous in _RANGE_WORDS:  # "Between 1 and 12 March 2024" → "For some days in 2024"
        return Phrase(f"{_period_words(parts)} in {when}", article=False)
    return Phrase(when, article=False)


def _period_words(parts: list[str]) -> str:
    """ "some days" / "some weeks" / "some months" for the length of a two-date range."""
    ends = [parse_date(p) for p in parts]
    year = next((e.year for e in reversed(ends) if e is not None and e.year), None)
    dates = []
    for e in ends:
        if e is None or e.day is None or (e.month is None and ends[1] is None):
            return "a period"
        month = e.month or (ends[1].month if ends[1] is not None else None)
        if month is None or (e.year or year) is None:
            return "a period"
        try:
            dates.append(dt.date(e.year or year or 2000, month, e.day))
        except ValueError:
            return "a period"
    days = abs((dates[1] - dates[0]).days)
    return "some days" if days <= 20 else "some weeks" if days <= 70 else "some months"


def range_opener(text: str) -> Phrase | None:
    """A span that is only "Between"/"From" (its range is another mention): "For"."""
    if text.strip().lower() in _RANGE_WORDS:
        return Phrase("for", article=False)
    return None


_RANGE_PARTS = re.compile(
    r"(?P<pre>(?:[Bb]etween|[Ff]rom)\s+)?(?P<a>.+?)(?P<sep>\s+(?:and|to|until|till|through)\s+"
    r"|\s*[–—-]\s*)(?P<b>\S.*)", re.DOTALL)
_TIMESTAMP = re.compile(r"(?P<d>\d{4}-\d\d-\d\d|\d{8})(?P<t>[T ].+)")


def shift_range(text: str, days: int) -> str | None:
    """A date range ("Between 1 March and 12 March 2024") with both ends moved by ``days``,
    its words kept; None when either end is not a date."""
    m = _RANGE_PARTS.fullmatch(text.strip())
    if m is None:
        return None
    a, b = shift_date(m.group("a"), days), shift_date(m.group("b"), days)
    if a is None or b is None:
        return None
    return (m.group("pre") or "") + a + m.group("sep") + b


def shift_timestamp(text: str, days: int) -> str | None:
    """An ISO 8601 date and time with its date moved by ``days`` (time and offset kept)."""
    m = _TIMESTAMP.fullmatch(text.strip())
    if m is None:
        return None
    date = m.group("d")
    iso = date if "-" in date else f"{date[:4]}-{date[4:6]}-{date[6:]}"
    try:
        new = dt.date.fromisoformat(iso) + dt.timedelta(days=days)
    except ValueError:
        return None
    return (new.isoformat() if "-" in date else new.strftime("%Y%m%d")) + m.group("t")


WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_WEEKDAY = re.compile(rf"(?i)({'|'.join(WEEKDAYS)})(s?(?:\s+(?:morning|afternoon|evening|night)s?)?)")
_WEEKDAY_SHORT = re.compile(r"(?i)(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(\.?)")


def shift_weekday(text: str, days: int) -> str | None:
    """A day of the week ("Friday", "Fridays") moved by ``days`` (the dates' shift, so the
    weekdays stay those of the shifted dates; one day on when the shift is whole weeks), in
    its own case and number; None when it is not one."""
    every = re.match(r"(?i)\s*(?:every|each|on|most|alternate|last|next)\s+", text)
    if every:  # "every Sunday" read "a certain date": the words before stay
        rest = shift_weekday(text[every.end():], days)
        return text[: every.end()] + rest if rest is not None else None
    m = _WEEKDAY.fullmatch(text.strip()) or _WEEKDAY_SHORT.fullmatch(text.strip())
    if m is None:
        return None
    i = [w[:3].lower() for w in WEEKDAYS].index(m.group(1)[:3].lower())
    word = _weekday_like((i + (days % 7 or 1)) % 7, m.group(1))  # "Tue" → "Wed"
    lead = text[: len(text) - len(text.lstrip())]
    return f"{lead}{word}{m.group(2)}{text[len(text.rstrip()):]}"


def _weekday_like(index: int, original: str) -> str:
    """Weekday ``index`` (Monday = 0) written like ``original``: abbreviated to three letters
    when it is ("Tue", "Thurs"), in its case."""
    other = weekday_number(original)  # "lundi" → "jeudi", in the original's language
    if other is not None and other[0] != "en":
        name = WEEKDAYS_OF[other[0]][index]
    else:
        name = WEEKDAYS[index][:3] if len(original) <= 5 and not original.lower().endswith(
            "day") else WEEKDAYS[index]
    return name.upper() if original.isupper() else name.lower() if original.islower() else name


def generalize_weekday(text: str) -> Phrase | None:
    """ "Friday" → "a weekday", "Sundays" → "weekend days"; None when it is not a weekday."""
    t = " ".join(text.strip().split()).rstrip(".,;")
    m = _WEEKDAY.fullmatch(t)
    short = None if m else _WEEKDAY_SHORT.fullmatch(t)
    if m is None and short is None:
        return None
    day = (m or short).group(1).lower()[:3]  # type: ignore[union-attr]
    kind = "weekend day" if day in ("sat", "sun") else "weekday"
    after = re.search(r"\s(\w+)$", m.group(2)) if m else None  # "Friday afternoons"
    part = after.group(1) if after else ""
    if part:
        return Phrase(f"{kind} {part}", plural=part.endswith("s"))
    return Phrase(kind + "s", plural=True) if m and m.group(2) else Phrase(kind)
