"""Dates written with more around them — a date inside a longer mention ("early hours of 6
July 1974"), a date with a clock time ("Tuesday 3 November 2026 09:14"), lists and open ranges
— the times of day ("10.30 a.m.", "14:05", "noon"), and the document's one date and clock
shift, for the ``generalize`` and ``pseudonym`` strategies (built on :mod:`.time`)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from redactor_plugins.strategies.generalization.text import Phrase
from redactor_plugins.strategies.generalization.time import (
    MONTH_NAME,
    ParsedDate,
    _month_like,
    month_number,
    parse_date,
    shift_date,
)

__all__ = ["clock_hour_inside", "date_inside", "day_months", "generalize_time_of_day",
           "parse_time", "part_of_day", "shift_time", "shift_times_inside", "shift_date_and_time", "shift_day_list", "shift_days",
           "shift_form_date", "shift_minutes", "shift_month_list", "shift_open_range"]

_MONTHS = MONTH_NAME.pattern.removeprefix(r"\b")
_DATE_INSIDE = re.compile(
    rf"\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTHS}\s+\d{{4}}|{_MONTHS}\s+\d{{1,2}},?\s+\d{{4}}"
    rf"|{_MONTHS}\s+\d{{4}}|\d{{1,2}}[./-]\d{{1,2}}[./-]\d{{2,4}}|(?<!\d)(?:1[5-9]|20)\d\d(?!\d)",
    re.IGNORECASE)


def date_inside(text: str) -> ParsedDate | None:
    """The first calendar date written inside a longer mention ("early hours of 6 July 1974",
    "3 November 2026 at approximately 2 p.m."), else None."""
    for m in _DATE_INSIDE.finditer(text):
        parsed = parse_date(m.group(0))
        if parsed is not None:
            return parsed
    return None


def shift_date_and_time(text: str, days: int, minutes: int) -> str | None:
    """A date with a clock time in it, both moved ("Tuesday 3 November 2026 09:14" →
    "Thursday 11 February 2027 09:49", "10.30 a.m. on 23 December 1997"); None unless the
    text is exactly that. (Moving the time alone left the real date in clear.)"""
    clocks = list(_CLOCK_INSIDE.finditer(text))
    if len(clocks) != 1:
        return None
    c = clocks[0]
    before, after = text[:c.start()], text[c.end():]
    cut = re.fullmatch(r"(?P<date>.*?\S)(?P<sep>,?\s+(?:at\s+)?)", before, re.S) if before.strip() \
        else None
    if cut and not after.strip():  # the date, then the time
        date, time_first = cut.group("date"), False
    else:
        lead = re.fullmatch(r"(?P<sep>,?\s+(?:on\s+)?)(?P<date>\S.*)", after, re.S)
        if before.strip() or not lead:
            return None
        date, time_first = lead.group("date"), True
    moved = shift_date(date, days)
    clock = shift_time(c.group(), minutes)
    if moved is None or clock is None:
        return None
    if time_first:
        return clock + text[c.end():len(text) - len(date)] + moved
    return moved + before[len(date):] + clock


_DAY_LIST = re.compile(
    rf"(?P<days>\d{{1,2}}(?:(?:,\s*|\s+(?:and|&|to|-|\u2013)\s+|\s*[-\u2013]\s*)\d{{1,2}})+)"
    rf"\s+(?P<rest>{_MONTHS}\s+\d{{4}})", re.IGNORECASE)


def shift_day_list(text: str, days: int) -> str | None:
    """Days of one month listed before it, all moved by ``days`` ("3, 4 and 5 May 2024" →
    "11, 12 and 13 February 2025"; the pseudonym had read "2024"), a few days more when they
    would cross into another month; None unless the text is exactly that."""
    m = _DAY_LIST.fullmatch(text.strip())
    if m is None:
        return None
    last = re.search(r"\d{1,2}\Z", m.group("days"))
    assert last is not None
    numbers = [int(d) for d in re.findall(r"\d{1,2}", m.group("days"))]
    for extra in range(0, 15):  # a few days more when the list would cross into another month
        moved_end = shift_date(f"{last.group(0)} {m.group('rest')}", days + extra)
        if moved_end is None:
            return None
        offset = int(moved_end.split()[0]) - int(last.group(0))
        if all(1 <= d + offset <= 28 for d in numbers[:-1]):
            days_before = iter(str(d + offset) for d in numbers[:-1])
            head = re.sub(r"\d{1,2}(?=\D)", lambda _m, it=days_before: next(it),
                          m.group("days")[: last.start()])
            return f"{head}{moved_end}"
    return None


_DASHED = re.compile(r"(?P<d>\d{1,2})(?P<sep>[-/])(?P<m>[A-Za-z]{3,4})(?P=sep)(?P<y>\d{4}|\d\d)")
_QUARTER = re.compile(r"Q(?P<q>[1-4])(?P<sep>[ /]?)(?P<y>\d{4})")
_FISCAL = re.compile(r"FY(?P<sp> ?)(?P<y>\d{4}|\d\d)(?:(?P<sep>[/-])(?P<y2>\d\d))?")
_ABBR = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def shift_form_date(text: str, days: int) -> str | None:
    """A form's or a log's date moved by ``days`` in its own layout ("03-Mar-2024" →
    "10-Dec-2024", "7/SEP/23"), a quarter ("Q3 2023" → "Q2 2024") or a financial year
    ("FY2023/24" → "FY2024/25"; at least a year); None for another text."""
    import datetime as dt

    t = text.strip()
    if m := _DASHED.fullmatch(t):
        month = m.group("m")[:3].title()
        if month not in _ABBR:
            return None
        year = int(m.group("y")) + (2000 if len(m.group("y")) == 2 else 0)
        try:
            new = dt.date(year, _ABBR.index(month) + 1, int(m.group("d"))) + dt.timedelta(days)
        except ValueError:
            return None
        name = _ABBR[new.month - 1]
        name = name.upper() if m.group("m").isupper() else name
        y = str(new.year) if len(m.group("y")) == 4 else f"{new.year % 100:02d}"
        return f"{new.day:0{len(m.group('d'))}d}{m.group('sep')}{name}{m.group('sep')}{y}"
    if m := _QUARTER.fullmatch(t):
        start = dt.date(int(m.group("y")), 3 * int(m.group("q")) - 2, 15) + dt.timedelta(days)
        new = f"Q{(start.month - 1) // 3 + 1}{m.group('sep')}{start.year}"
        return new if new != t else f"Q{m.group('q')}{m.group('sep')}{int(m.group('y')) + 1}"
    if m := _FISCAL.fullmatch(t):
        step = round(days / 365) or (1 if days >= 0 else -1)
        y = int(m.group("y")) + step
        first = str(y) if len(m.group("y")) == 4 else f"{y % 100:02d}"
        second = f"{m.group('sep')}{(int(m.group('y2')) + step) % 100:02d}" if m.group("y2") else ""
        return f"FY{m.group('sp')}{first}{second}"
    return None


_OPEN_RANGE = re.compile(r"(?P<a>\S.*?)(?P<sep>\s*[-\u2013\u2014]\s*|\s+(?:to|until|till)\s+)"
                         r"(?P<b>(?i:present|now|date|today|ongoing|current))")


def shift_open_range(text: str, days: int) -> str | None:
    """A range that runs to now ("2019 - present", "March 2021 to date" of a CV) with its
    start moved by ``days``; None unless the text is exactly that (it had read "the 2010s")."""
    m = _OPEN_RANGE.fullmatch(text.strip())
    if m is None:
        return None
    start = shift_date(m.group("a"), days)
    return None if start is None else start + m.group("sep") + m.group("b")


_MONTH_LIST = re.compile(
    rf"(?P<months>{_MONTHS}(?:(?:,\s*|\s+(?:and|&|to|or)\s+|\s*[-\u2013]\s*){_MONTHS})+)"
    rf"(?P<sep>,?\s+)(?P<year>\d{{4}})", re.IGNORECASE)
_ONE_MONTH = re.compile(_MONTHS, re.IGNORECASE)


def shift_month_list(text: str, days: int) -> str | None:
    """Months listed with one year ("March, April and May 2024" of a notice's arrears), each
    moved by the months that ``days`` moves the first; a year where they come to straddle two
    ("December 2024, January and February 2025"); None unless the text is exactly that (it
    had read "2024", the real year beside shifted dates)."""
    m = _MONTH_LIST.fullmatch(text.strip())
    if m is None:
        return None
    names = list(_ONE_MONTH.finditer(m.group("months")))
    months = [month_number(n.group(0)) for n in names]
    if any(x is None for x in months):
        return None
    year = int(m.group("year"))
    moved = dt.date(year, months[0] or 1, 15) + dt.timedelta(days=days)
    offset = (moved.year - year) * 12 + moved.month - (months[0] or 1)
    new = [divmod(year * 12 + (x or 1) - 1 + offset, 12) for x in months]  # (year, month - 1)
    out, at, body = [], 0, m.group("months")
    for i, (n, (y, mo)) in enumerate(zip(names, new, strict=True)):
        out.append(body[at:n.start()])
        out.append(_month_like(n.group(0), mo + 1))
        if i + 1 < len(new) and new[i + 1][0] != y:  # the year ends after this month
            out.append(f" {y}")
        at = n.end()
    return "".join(out) + body[at:] + m.group("sep") + str(new[-1][0])


# -- one shift per document (the pseudonym strategy's memo) ---------------------------------
_DAY_MONTH = re.compile(r"(?<!\d)(\d{1,2})\s+(?:of\s+)?([^\W\d_]+)")


def day_months(text: str) -> list[str]:
    """The "6 January"s of ``text`` (a number before a month name; not "23 to" of "2023 to")."""
    return [m.group(0) for m in _DAY_MONTH.finditer(text)
            if month_number(m.group(2)) is not None]


def _keeps_a_day(text: str, days: int) -> bool:
    """Whether shifting by ``days`` would turn some "6 January" of ``text`` into a date that
    reads as one of the document's real dates ("6", "16" or "26 January", or the "17 May" that
    another mention names), whether or not the shift crosses a 29 February."""
    real: set[tuple[int, int]] = set()
    for m in _DAY_MONTH.finditer(text):
        month = month_number(m.group(2))
        if month is not None and 1 <= int(m.group(1)) <= 31:
            real.add((int(m.group(1)), month))
    for day, month in real:
        for year in (2001, 2003, 2004, 2005):  # with and without a 29 February crossed
            try:
                moved = dt.date(year, month, day) + dt.timedelta(days=days)
            except ValueError:
                continue
            if any(moved.month == m0 and str(moved.day).endswith(str(d0)) for d0, m0 in real):
                return True
    return False


def shift_minutes(memo: dict[str, Any]) -> int:
    """One shift for every clock time of the document, as for its dates: a log's times keep
    their order and the minutes between them ("22:14 … 22:15 … 22:21" had read "18:39 …
    23:05 … 20:11", each time moved on its own)."""
    if "shift_minutes" not in memo:
        rng = memo["seeder"].rng("DATETIME", "clock")
        memo["shift_minutes"] = rng.choice((-1, 1)) * 5 * rng.randint(7, 60)
    return int(memo["shift_minutes"])


def shift_years_of_age(memo: dict[str, Any]) -> int:
    """One shift, in years, for every age of the document (1 or 2 either way); its birth
    dates move the other way by as many years on top of :func:`shift_days`, so "DOB 2
    February 1938 (age 87)" stays consistent with the shifted dates of the text."""
    if "shift_years" not in memo:
        rng = memo["seeder"].rng("DEM", "age")
        memo["shift_years"] = rng.choice((-1, 1)) * rng.randint(1, 2)
    return int(memo["shift_years"])


#: the words before a birth date ("DOB:", "D.O.B.", "born on", "date of birth")
BIRTH_CUE = re.compile(r"(?i)\b(?:DOB|D\.O\.B\.?|born(?:[ \t]+(?:on|in))?|date[ \t]+of[ \t]+birth"
                       r"|birth[ \t]*date)[ \t]*[:\-]?[ \t]*\Z")


def birth_date_days(text: str, start: int, years: int) -> int:
    """The extra days a birth date at ``start`` moves (``years`` of :func:`shift_years_of_age`
    the other way); 0 for any other date."""
    return -round(365.2425 * years) if BIRTH_CUE.search(text, max(0, start - 24), start) else 0


def shift_days(memo: dict[str, Any], text: str = "") -> int:
    """One shift for every date of the document (intervals are kept), chosen so that no
    "day month" of ``text`` stays readable in its shifted date; a mention that would still
    keep one is shifted a week further on its own (the ``pseudonym`` strategy)."""
    if "shift_days" not in memo:
        rng = memo["seeder"].rng("DATETIME", "shift")
        days = rng.choice((-1, 1)) * rng.randint(30, 365)
        for _ in range(64):
            if not _keeps_a_day(text, days):
                break
            days = rng.choice((-1, 1)) * rng.randint(30, 365)
        memo["shift_days"] = days
    return int(memo["shift_days"])


# -- times of day ----------------------------------------------------------------------------
_TIME_OF_DAY = re.compile(
    r"(?P<h>\d{1,2})(?:[.:h](?P<m>\d{2}))?\s*(?P<ampm>[ap]\.?\s?m\.?)?(?:\s*(?:hrs|h|o'clock))?",
    re.IGNORECASE)


def parse_time(text: str) -> int | None:
    """The hour (0–23) of a time of day ("10.30 a.m.", "14:05", "3 pm", "noon")."""
    s = " ".join(text.strip().split()).rstrip(",;")
    low = s.lower()
    if low in ("noon", "midday"):
        return 12
    if low == "midnight":
        return 0
    m = _TIME_OF_DAY.fullmatch(s)
    if not m or not (m.group("m") or m.group("ampm")):
        return None
    hour = int(m.group("h"))
    ampm = (m.group("ampm") or "").lower().replace(".", "").replace(" ", "")
    if hour > 23 or (m.group("m") and int(m.group("m")) > 59):
        return None
    if ampm == "pm" and hour < 12:
        hour += 12
    elif ampm == "am" and hour == 12:
        hour = 0
    return hour


def shift_time(text: str, minutes: int) -> str | None:
    """A clock time ("10.30 a.m.", "14:05", "9h15") moved by ``minutes`` in its own form:
    the same separator, 12- or 24-hour clock, a.m./p.m. marker written the same way and hour
    padding; None when ``text`` is not a time with minutes (or a non-zero shift lands on it)."""
    s = text.strip()
    m = _TIME_OF_DAY.fullmatch(s)
    if m is not None and not m.group("m") and m.group("ampm") and parse_time(s) is not None:
        return _shift_hour(s, m, minutes)  # "2 a.m." → "4 a.m."
    if m is None or not m.group("m") or parse_time(s) is None:
        return None
    hour, minute = int(m.group("h")), int(m.group("m"))
    marker = m.group("ampm") or ""
    twelve = bool(marker)
    if twelve and hour > 12:
        return None
    if twelve:
        hour = hour % 12 + (12 if marker.lower().startswith("p") else 0)
    total = (hour * 60 + minute + minutes) % (24 * 60)
    if total == hour * 60 + minute:
        return None
    new_h, new_m = divmod(total, 60)
    if twelve:
        shown = new_h % 12 or 12
        first = ("p" if new_h >= 12 else "a")
        marker = (first.upper() if marker[0].isupper() else first) + marker[1:]
    else:
        shown = new_h
    width = 1 if twelve else len(m.group("h"))
    rest = s[m.end("m"):]  # " a.m.", " hrs"
    if twelve:
        rest = rest.replace(m.group("ampm"), marker, 1)
    return f"{shown:0{width}d}{s[m.end('h'):m.start('m')]}{new_m:02d}{rest}"


def _shift_hour(s: str, m: re.Match[str], minutes: int) -> str | None:
    """A whole hour on the 12-hour clock ("2 a.m.", "3 PM") moved by the hours of
    ``minutes`` (at least one), written the same way."""
    hour = parse_time(s)
    if hour is None:
        return None
    step = 1 if minutes >= 0 else -1
    new_h = (hour + step * max(1, round(abs(minutes) / 60))) % 24
    while str(new_h % 12 or 12).endswith(m.group("h").lstrip("0") or "0"):  # "2" in "12"
        new_h = (new_h + step) % 24
    marker = m.group("ampm")
    first = "p" if new_h >= 12 else "a"
    new_marker = (first.upper() if marker[0].isupper() else first) + marker[1:]
    return f"{new_h % 12 or 12}{s[m.end('h'):].replace(marker, new_marker, 1)}"


#: a clock time with minutes inside a longer mention ("at about 22:15", "between 9.30 and 10")
_CLOCK_INSIDE = re.compile(r"(?<![\d.:])\d{1,2}[.:h]\d{2}(?:\s*[ap]\.?\s?m\.?)?(?![\d.:]?\d)",
                           re.IGNORECASE)


def clock_hour_inside(text: str) -> int | None:
    """The hour of the (first) clock time inside a longer mention ("at about 22:15" → 22,
    "from 9.30 to 11.00" → 9); None when it holds none."""
    found = [h for m in _CLOCK_INSIDE.finditer(text) if (h := parse_time(m.group())) is not None]
    return found[0] if found else None


def shift_times_inside(text: str, minutes: int) -> str | None:
    """``text`` with every clock time in it moved by ``minutes`` (:func:`shift_time`), the
    words around them kept ("at about 22:15" → "at about 21:40"); None when it holds none."""
    parts = [(m.start(), m.end(), shift_time(m.group(), minutes))
             for m in _CLOCK_INSIDE.finditer(text)]
    parts = [p for p in parts if p[2] is not None]
    if not parts:  # a whole hour alone: "2 a.m." (it read "1 one.m.", a number scaled)
        whole = shift_time(text, minutes)
        return None if whole is None else text[:len(text) - len(text.lstrip())] + whole + \
            text[len(text.rstrip()):]
    out = text
    for start, end, value in reversed(parts):
        out = out[:start] + value + out[end:]
    return out


def part_of_day(hour: int) -> str:
    if 5 <= hour < 12:
        return "morning"
    if 12 <= hour < 18:
        return "afternoon"
    if 18 <= hour < 22:
        return "evening"
    return "night"


#: prepositions after which a clock time is "a time in the …" ("by in the afternoon" read wrong)
_BEFORE_A_TIME = frozenset("at by before until till after from around about past".split())


def generalize_time_of_day(hour: int, level: str, previous: str) -> Phrase:
    """ "in the morning"; after "at": "a time in the morning"; level ``decade``: "a certain
    time"."""
    if level == "decade":
        return Phrase("certain time") if previous in _BEFORE_A_TIME else Phrase("at a certain time",
                                                                        article=False)
    part = part_of_day(hour)
    if previous in _BEFORE_A_TIME:  # "by 12h00" → "by a time in the afternoon"
        return Phrase("night-time", article=False) if part == "night" else Phrase(
            f"time in the {part}")
    return Phrase("at night" if part == "night" else f"in the {part}", article=False)
