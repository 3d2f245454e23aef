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
import re
from dataclasses import dataclass

from redactor_plugins.generalize_text import Phrase

LEVELS = ("month", "year", "decade")
DEFAULT_LEVEL = "year"

MONTHS_EN = [calendar.month_name[i] for i in range(1, 13)]
MONTH_LISTS: tuple[tuple[str, ...], ...] = (
    tuple(MONTHS_EN),
    tuple("januar februar mars april mai juni juli august september oktober november "
          "desember".split()),
    tuple("januari februari mars april maj juni juli augusti september oktober november "
          "december".split()),
    tuple("Januar Februar März April Mai Juni Juli August September Oktober November "
          "Dezember".split()),
)
_MONTH_ALIASES: dict[str, int] = {}
for _i, _name in enumerate(MONTHS_EN, start=1):
    _MONTH_ALIASES[_name.lower()] = _i
    _MONTH_ALIASES[_name[:3].lower()] = _i
_MONTH_ALIASES["sept"] = 9
for _i, _name in enumerate(
    "januar februar mars april mai juni juli august september oktober november desember"
    .split(), start=1):
    _MONTH_ALIASES.setdefault(_name, _i)
for _i, _name in enumerate(
    "januari februari mars april maj juni juli augusti september oktober november december"
    .split(), start=1):
    _MONTH_ALIASES.setdefault(_name, _i)
for _i, _name in enumerate(
    "januar februar märz april mai juni juli august september oktober november dezember"
    .split(), start=1):
    _MONTH_ALIASES.setdefault(_name, _i)
_MONTH_ALIASES.setdefault("maerz", 3)
_MONTH_ALIASES.setdefault("okt", 10)
_MONTH_ALIASES.setdefault("des", 12)
_MONTH_ALIASES.setdefault("dez", 12)

_MON = r"(?P<mon>" + "|".join(sorted(_MONTH_ALIASES, key=len, reverse=True)) + r")\.?"
_YEAR = r"(?P<year>\d{4})"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?\.?"

PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(p, re.IGNORECASE)) for name, p in (
        ("iso", r"(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})"),
        ("dmy_num", r"(?P<day>\d{1,2})(?P<sep>[./-])(?P<month>\d{1,2})(?P=sep)(?P<year>\d{4}|\d{2})"),
        ("d_mon_y", _DAY + r"\s+(?:of\s+)?" + _MON + r",?\s+" + _YEAR),
        ("mon_d_y", _MON + r"\s+" + _DAY + r",?\s+" + _YEAR),
        ("d_mon", _DAY + r"\s+(?:of\s+)?" + _MON),
        ("mon_d", _MON + r"\s+" + _DAY),
        ("mon_y", _MON + r",?\s+(?:of\s+)?" + _YEAR),
        ("decade", r"(?:the\s+)?(?P<year>\d{3}0)['’]?s"),
        ("century", r"(?:the\s+)?(?P<century>\d{1,2})(?:st|nd|rd|th)[\s-]+century"),
        ("year", _YEAR),
        ("mon", _MON),
    )
)


@dataclass(frozen=True, slots=True)
class ParsedDate:
    form: str
    year: int | None = None
    month: int | None = None
    day: int | None = None
    century: int | None = None
    match: re.Match[str] | None = None


def parse_date(text: str) -> ParsedDate | None:
    """The most specific date form that fills the whole span (a leading "on"/"in" allowed)."""
    s = " ".join(text.strip().split())
    s = re.sub(r"^(?:on|in|since|from|until|by|of)\s+", "", s, flags=re.IGNORECASE)
    s = s.rstrip(".,;")
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
        if form == "dmy_num" and month and month > 12 and day and day <= 12:
            day, month = month, day
        if month is not None and not 1 <= month <= 12:
            continue
        if day is not None and not 1 <= day <= 31:
            continue
        century = int(g["century"]) if g.get("century") else None
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
def shift_date(text: str, days: int) -> str | None:
    """``text`` with its date moved by ``days`` (years and decades move by whole units),
    written in the same format; None when the text is not a recognised date."""
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
        return prefix + body.replace(str(parsed.year), new, 1)
    if parsed.form == "century":
        assert parsed.century is not None
        return prefix + re.sub(r"\d+", str(parsed.century + (1 if days > 0 else -1)), body,
                               count=1)
    if parsed.form == "year":
        assert parsed.year is not None
        return prefix + str(parsed.year + years)
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


def _month_like(original: str, month: int) -> str:
    """A month name written like ``original`` (full or abbreviated, case kept)."""
    low = original.lower().rstrip(".")
    names = next((lst for lst in MONTH_LISTS if low in (n.lower() for n in lst)), None)
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
    out = body
    for start, end, value in sorted(parts, reverse=True):
        out = out[:start] + value + out[end:]
    return out
