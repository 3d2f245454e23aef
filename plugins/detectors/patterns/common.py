"""Shared pieces of the pattern detector: the candidate record, ranks and number words.

Each ``pattern_*`` module exposes ``find(text, ...) -> list[Hit]``. The facade
(:mod:`redactor_plugins.detectors.patterns.plugin`) resolves overlaps between hits by rank (lower wins),
then length, and turns the survivors into :class:`~redactor.plugin_api.Finding` objects.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from redactor.plugin_api import Label

# Ranks: which hit wins when two overlap (lower first; ties go to the longer hit).
RANK_VALIDATED = 0  # checksum/validator confirmed: IDs, IBAN, cards, e-mail, URL, IP
RANK_CASE = 1  # case / application numbers found through their "no." context
RANK_DATE = 2  # full and partial calendar dates, times, date ranges
RANK_AMOUNT = 3  # money, percentages, ages
RANK_LOOKALIKE = 4  # an identifier's shape whose check failed (…_LIKE): beats phones, years
RANK_PHONE = 5
RANK_PERIOD = 6  # durations, bare years, decades
RANK_COUNT = 7  # counted things and measures
RANK_WEAK = 8  # the weakest candidates

GLUED_LEFT = r"(?<![\d_])(?<![\d_][./-])"
"""Lookbehind of an identifier that starts with a digit: no digit (or digit and separator)
before it, but a word may be glued to it ("SSN536-90-4399", "fnr.15108695088")."""

GLUED_AFTER_FIRST = r"(?<![\d_].)(?<![\d_][./-].)"
""":data:`GLUED_LEFT` written after the identifier's first character (a digit, then this,
then five more digits matches what this lookbehind before six digits does): an expression that starts with a
character class lets Python's ``re`` skip ahead to the next digit in C, where one that starts
with a lookbehind tries every position (4× slower over a court case)."""

LIKE = "_LIKE"
"""Suffix of the subtype of a look-alike: the shape of an identifier whose checksum or
format check failed ("IBAN_LIKE"); never validated."""

#: the regions whose national phone formats are recognised by default (setting
#: ``patterns.phone_regions``)
DEFAULT_PHONE_REGIONS: tuple[str, ...] = ("GB", "US", "NO", "DK", "SE", "FI", "DE", "FR")
#: the regions whose phone numbers a text in the language most likely holds, the likeliest
#: first (added to ``phone_regions`` when missing; a national number valid only in another
#: region is a look-alike unless a phone cue stands before it)
LANGUAGE_REGIONS: dict[str, tuple[str, ...]] = {
    "en": ("GB", "US", "IE", "AU", "NZ", "CA", "ZA", "IN", "SG"), "nb": ("NO",),
    "nn": ("NO",), "da": ("DK",), "sv": ("SE", "FI"), "fi": ("FI",), "de": ("DE", "AT", "CH"),
    "fr": ("FR", "BE", "CH", "CA", "LU"), "nl": ("NL", "BE"), "es": ("ES",),
    "it": ("IT", "CH"), "pt": ("PT", "BR"), "pl": ("PL",), "tr": ("TR",)}


@dataclass(frozen=True, slots=True)
class Hit:
    """A candidate span found by one pattern (offsets into the document text)."""

    start: int
    end: int
    label: Label
    subtype: str
    score: float
    explanation: str
    rank: int
    validated: bool = False

    def __len__(self) -> int:
        return self.end - self.start


def check_hit(start: int, end: int, subtype: str, explanation: str, ok: bool, *,
              rank: int = RANK_LOOKALIKE) -> Hit:
    """A CODE whose checksum or format check passed (validated, :data:`RANK_VALIDATED`), or
    its look-alike when it failed (``subtype`` + :data:`LIKE`, score 0.5, ``rank``)."""
    if ok:
        return Hit(start, end, Label.CODE, subtype, 1.0, explanation, RANK_VALIDATED, True)
    return Hit(start, end, Label.CODE, subtype + LIKE, 0.5, explanation, rank, False)


END_OF_DIGITS = r"(?![\w]|[./-]\d)"
"""Lookahead after an identifier of digits: no word character, and no separator and digit (it
is not the first group of a longer number)."""


def check_match(m: re.Match[str], subtype: str, name: str, ok: bool, *,
                what: str = "check") -> Hit:
    """:func:`check_hit` for a whole match: "<name>, <what> valid" or "… invalid"."""
    return check_hit(m.start(), m.end(), subtype,
                     f"{name}, {what} " + ("valid" if ok else "invalid"), ok)


def mentions(lowered: str, *words: str) -> bool:
    """Whether any of ``words`` (lower case) occurs in ``lowered`` (the text, lower-cased): a
    cheap test before a pattern that needs one of them as its cue (a scan of every position
    for a cued pattern costs more than the test)."""
    return any(w in lowered for w in words)


def cue_before(cue: re.Pattern[str], text: str, start: int, reach: int = 40) -> bool:
    """Does ``cue`` match in the ``reach`` characters before ``start`` on the same line?"""
    before = text[max(0, start - reach) : start].rsplit("\n", 1)[-1]
    return cue.search(before) is not None


_UNITS = (
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_UNIT_VALUE = {w: i + 1 for i, w in enumerate(_UNITS)}
_TENS_VALUE = {w: 20 + 10 * i for i, w in enumerate(_TENS)}
_SCALE_VALUE = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}

_UNIT_RE = "|".join(sorted(_UNITS, key=len, reverse=True))
_TENS_RE = "|".join(_TENS)
_SMALL_WORD = rf"(?:(?:{_TENS_RE})(?:[-\u2011 ](?:{'|'.join(_UNITS[:9])}))?|{_UNIT_RE})"
NUMBER_WORD = (
    rf"(?i:{_SMALL_WORD}(?:\s+(?:hundred|thousand|million|billion)"
    rf"(?:\s+(?:and\s+)?{_SMALL_WORD})?)*)"
)
"""A number written in words, up to the billions ("twenty-eight", "two hundred and five")."""

DIGITS = (r"(?:\d{1,3}(?:\.\d{3})+,\d{1,2}(?!\d)|\d{1,3}(?:\.\d{3}){2,}(?![\d,])"  # "1.500,00"
          r"|\d{1,3}(?:[,\u202f\u00a0]\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)")
"""A number in digits, with optional thousands separators and decimals (also the European
"1.500,00" and "1.500.000")."""

NUMBER = rf"(?:{DIGITS}|{NUMBER_WORD})"

_WORD_SPLIT = re.compile(r"[\s\-\u2011]+")


def number_value(text: str) -> float | None:
    """The value of a number in digits or words, or ``None`` if it is not one."""
    t = text.strip().lower()
    digits = t.replace(",", "").replace("\u202f", "").replace("\u00a0", "")
    try:
        return float(digits)
    except ValueError:
        pass
    total = 0
    current = 0
    seen = False
    for word in _WORD_SPLIT.split(t):
        if word == "and" or not word:
            continue
        if word in _UNIT_VALUE:
            current += _UNIT_VALUE[word]
        elif word in _TENS_VALUE:
            current += _TENS_VALUE[word]
        elif word in _SCALE_VALUE:
            scale = _SCALE_VALUE[word]
            if scale == 100:
                current = max(current, 1) * 100
            else:
                total += max(current, 1) * scale
                current = 0
        else:
            return None
        seen = True
    return float(total + current) if seen else None


def scheme_hits(
    text: str, pattern: re.Pattern[str], subtype: str, name: str,
    check: Callable[[str], bool], cue: re.Pattern[str] | None, *, need_cue: bool = False,
    like: Callable[[str, bool], bool] = lambda value, cued: cued, how: str = "check",
) -> Iterator[Hit]:
    """``pattern``'s matches as one scheme's identifiers: validated when ``check`` passes
    (and, with ``need_cue``, ``cue`` stands before it on its line), an unvalidated look-alike
    (``subtype`` + ``_LIKE``) when the check fails and ``like(value, cued)`` says the shape
    is still meant as this identifier (by default: only after its cue). A look-alike after
    its cue ranks with the validated hits (:data:`RANK_VALIDATED`): the writer named the
    scheme, so a case number's or a phone number's reading of the digits loses to it."""
    for m in pattern.finditer(text):
        cued = cue is not None and cue_before(cue, text, m.start())
        if need_cue and not cued:
            continue
        ok = check(m.group(0))
        if ok or like(m.group(0), cued):
            yield check_hit(m.start(), m.end(), subtype, f"{name}, {how} "
                            + ("valid" if ok else "invalid"), ok,
                            rank=RANK_VALIDATED if cued else RANK_LOOKALIKE)
