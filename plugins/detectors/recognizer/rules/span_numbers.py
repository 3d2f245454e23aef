"""Edges of a model's span at codes, numbers and doses.

* An edge inside a code written as digits joined by ":" or "/" ("Förvaltningsprocesslagen
  1971" of "… 1971:291"): :func:`clear_of_codes` stops the span before it, and the code is
  left to the identifier patterns (a code is one span); :func:`widen_code` grows a model's
  code span over the identifier it cuts.
* A code run into a name after a spaced dash ("2025-CPS-00412 - Daniels"):
  :func:`code_end_before_dash`.
* A drug's dose ("clozapine 400" + " mg"): :func:`end_before_dose`; a unit or a word that
  counts nothing (:func:`no_count`); a paragraph's number (:func:`list_number`); a case
  number read as a date (:func:`code_not_date`).
* Times: a clock time at a span's start (:func:`clock_time_end`), a day and a month
  (:func:`day_and_month`), a weekday or a holiday (:func:`weekday_name`).
"""

from __future__ import annotations

import re

from redactor_plugins.detectors.patterns.common import number_value


def _joins_digits(text: str, i: int) -> bool:
    return 0 < i < len(text) - 1 and text[i] in ":/" and text[i - 1].isdigit() and \
        text[i + 1].isdigit()


def clear_of_codes(text: str, start: int, end: int) -> tuple[int, int]:
    """``(start, end)`` cut back to whole words outside a digits-``:``/``/``-digits code that
    an edge falls inside (an empty span, start == end, when nothing is left)."""
    if end < len(text) and _joins_digits(text, end):
        while end > start and not text[end - 1].isspace():
            end -= 1
        while end > start and text[end - 1].isspace():
            end -= 1
    if start > 0 and _joins_digits(text, start - 1):
        while start < end and not text[start].isspace():
            start += 1
        while start < end and text[start].isspace():
            start += 1
    numbered = _NUMBERED_END.search(text, start, end)  # "CPOMS (incidents #20231"
    if numbered and numbered.start() > start:
        end = numbered.start()
    return start, max(start, end)


#: a numbered entry at a span's end, with its noun and an open bracket ("logged on CPOMS
#: (incidents #20231"), or a citation's year ("Mansfield & Mansfield [2024]"): a code's own
_NUMBERED_END = re.compile(r"\s*(?:(?:\(\s*)?(?:[^\W\d_]+\s+)?#\d+|\[(?:19|20)\d\d\])\Z")


_SPACED_DASH = re.compile(r"\s+[-\u2013\u2014]\s+")


_TRAILING_DASH = re.compile(r"\s+[-\u2013\u2014]\Z")  # "NSM-2024-0088417 -" of a subject line


def code_end_before_dash(text: str, start: int, end: int) -> int:
    """``end`` moved back to a spaced dash inside a code's span when a code stands before it
    ("2025-CPS-00412 - Daniels" of a subject line: the code, then the name)."""
    m = _SPACED_DASH.search(text, start, end) or _TRAILING_DASH.search(text, start, end)
    if m and any(c.isdigit() for c in text[start:m.start()]):
        return m.start()
    return end


def widen_code(text: str, start: int, end: int) -> tuple[int, int]:
    """A model's code span grown to the whole identifier it cuts ("5678:9012" in
    "1234:5678:9012", "0045/2219" in "NH/0045/2219"): over letters and digits glued to it,
    over a separator (``: / . -``) that has a digit on both sides, and over ``/`` or ``-``
    between a digit and a capital letter ("ID:12345" stays "12345")."""
    def glued(i: int) -> bool:
        c = text[i]
        if c.isalnum():
            return True
        if not 0 < i < len(text) - 1:
            return False
        a, b = text[i - 1], text[i + 1]
        return c in ":/.-" and a.isdigit() and b.isdigit() or c in "/-" and (
            a.isdigit() and b.isupper() or a.isupper() and b.isdigit())

    while start > 0 and glued(start - 1):
        start -= 1
    while end < len(text) and glued(end):
        end += 1
    return start, end


_SLASHED = re.compile(r"\d{1,4}/(\d{3,})")


_DOSE_END = re.compile(r"[ \t]+\d+(?:[.,]\d+)?\Z")


_UNIT_AFTER = re.compile(r"[ \t]?(?:mg|mcg|µg|g|kg|ml|mL|l|L|mmol|units?|IU|%|tablets?|puffs?)\b")


def end_before_dose(text: str, start: int, end: int) -> int:
    """``end`` moved back before a number that a unit follows ("clozapine 400" + " mg": the
    dose is a quantity of its own, and the drug's name is what generalizes)."""
    m = _DOSE_END.search(text, start, end)
    if m and m.start() > start and _UNIT_AFTER.match(text, end):
        return m.start()
    return end


_BARE_UNIT = re.compile(r"(?i)(?:mg|mcg|µg|g|kg|ml|l|km|m|cm|mm|mmol|iu|units?|%)"
                        r"(?:/(?:l|dl|kg|day|d))?")


#: one word with no digit that still counts ("third", "several", "twice")
_COUNT_WORDS = frozenset("""first second third fourth fifth sixth seventh eighth ninth tenth
    eleventh twelfth several few many dozen dozens half once twice thrice both double triple
    hundreds thousands millions""".split())


def no_count(text: str) -> bool:
    """Whether a QUANTITY span is a unit alone ("mg" of "clozapine 400 | mg": the model gave
    the number to the drug's name; a unit counts nothing) or one word that is no number
    ("cheek" of "her left cheek about 3cm across"). Not "life imprisonment", "third", "two":
    TAB's annotators count those."""
    t = text.strip()
    if re.fullmatch(r"\d{1,3}[ \t]*[x×]", t):  # "1 x Samsung Galaxy S21" of a property list
        return True
    return _BARE_UNIT.fullmatch(t) is not None or (
        re.fullmatch(r"[^\W\d_]+", t) is not None and t.casefold() not in _COUNT_WORDS
        and number_value(t) is None)


_LIST_NUMBER = re.compile(r"\d{1,3}(?:\.\d{1,2})*|[IVX]{1,4}")  # "4.", "3.2", "II."


def list_number(text: str, start: int, end: int) -> bool:
    """Whether the span is a paragraph's or a list item's number at the start of its line
    ("4. His brother …", "12) …", "3.2 The …", a judgment's "[2] Ms …"): it counts nothing
    (a pseudonym renumbered the judgment's paragraphs)."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start].strip()
    number = text[start:end]
    bracket = before == "[" or (not before and number.startswith("["))
    if bracket:
        number = number.lstrip("[").rstrip("]")
    if before and not bracket or _LIST_NUMBER.fullmatch(number) is None:
        return False
    after = text[end : end + 2]
    return re.match(r"\][ \t]", after) is not None or text[end - 1] == "]" if bracket else \
        re.match(r"[.)]?[ \t]", after) is not None


def code_not_date(text: str) -> bool:
    """Whether a DATETIME span is digits, a slash and digits that no date has after it: a
    case number ("22/48213", "CP/2026" is another rule's), not "3/2021" or "12/31"; or a
    capital letter glued to numbers by hyphens (a cell's "H-2-17")."""
    m = _SLASHED.fullmatch(text.strip())
    return (m is not None and not re.fullmatch(r"(?:1[5-9]|20)\d\d", m.group(1))) or \
        re.fullmatch(r"[A-Z]{1,2}\d{0,2}(?:-\d{1,4}){2,3}", text.strip()) is not None


_CLOCK_FIRST = re.compile(r"(?:[01]?\d|2[0-3])[:.][0-5]\d(?:hrs|h)?(?=[ \t]+\S)")


def clock_time_end(text: str, start: int, end: int) -> int:
    """Where a clock time that starts a code's or a date's span ends, when more follows it on
    the span ("22:14 999" of a log's line, "22:21 MW21": the time, then a call sign); 0 when
    the span does not start so."""
    m = _CLOCK_FIRST.match(text, start, end)
    return m.end() if m else 0


_DAY_MONTH = re.compile(r"(?i)\d{1,2}(?:st|nd|rd|th)?[ \t]+(?:jan|feb|mar|apr|may|jun|jul|aug"
                        r"|sept?|oct|nov|dec)(?:[a-z]{0,6})\.?")


def day_and_month(text: str) -> bool:
    """Whether a QUANTITY the model found is a day and a month ("01 Mar" of a statement's
    date column, which it read as a measure): a date."""
    return _DAY_MONTH.fullmatch(text.strip()) is not None


_WEEKDAY_NAME = re.compile(
    r"(?i)(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|(?:mon|tues?|thu(?:rs?)?|fri)\.?"
    r"|(?:wed|sat|sun)\.|(?-i:Easter|Christmas|Whitsun|Thanksgiving|Hanukkah|Diwali|Eid))")
# "Sun", "Sat", "Wed" alone are words too ("The Sun"); a holiday ("after Easter") is a time


def weekday_name(span: str) -> bool:
    """A day of the week, written out or abbreviated ("Friday", "Tue", "Thurs."), or a
    holiday ("after Easter", an ORG): a time, not a place ("Date: Tue, 4 Nov 2025" gave LOC
    "Tue")."""
    return bool(_WEEKDAY_NAME.fullmatch(span.strip())) and span.strip()[:1].isupper()
