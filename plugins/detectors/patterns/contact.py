"""Contact details: e-mail addresses, URLs (also a bare domain with a path), social media
handles and phone numbers (IP addresses: :mod:`network`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache

import phonenumbers
from redactor_plugins.detectors.patterns.common import (
    DEFAULT_PHONE_REGIONS,
    LANGUAGE_REGIONS,
    LIKE,
    RANK_CASE,
    RANK_PHONE,
    RANK_VALIDATED,
    Hit,
)

from redactor.plugin_api import Label

__all__ = ["DEFAULT_PHONE_REGIONS", "find_emails", "find_handles", "find_phones", "find_urls",
           "warm_up"]

_EMAIL = re.compile(
    r"(?<![\w.+-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,63})@"
    r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![\w-])"
)
_URL = re.compile(
    r"(?<![\w@/.-])(?:(?:https?://|www\.)[^\s<>\"'“”‘’]+"
    # a bare domain with a path ("linkedin.com/in/leah-carter-4b2a91"): a known top-level
    # domain, then "/" (it had come out as a CODE "facebook.com/leah", an ORG and a number)
    r"|(?:[a-z0-9-]+\.)+(?:com|org|net|edu|gov|io|me|co|uk|no|dk|se|fi|de|fr|nl|eu|info|tv|app"
    r"|ly|be|gl)/[^\s<>\"'“”‘’]+)", re.IGNORECASE)
#: a social media handle ("@leahs_ex_mark", left in clear with the person's name in it): "@"
#: and 1–30 letters, digits, "_" or "." (not an e-mail address's "@", not "x@y")
_HANDLE = re.compile(r"(?<![\w@./])@[A-Za-z0-9_](?:[A-Za-z0-9_.]{0,28}[A-Za-z0-9_])?(?![\w@])")
_TRAILING = ".,;:!?)]}’”'\""

# Shapes a phone matcher may take for a phone but that are something else.
_NOT_PHONE = re.compile(
    r"\d{1,2}[./-]\d{1,2}[./-]\d{2,4}"  # dates
    r"|\d{4}-\d{2}-\d{2}"  # ISO dates
    r"|\d{3}([-. ])\d{2}\1\d{4}"  # US SSN shapes
    r"|\d{4}(?:[ -]\d{4}){2,3}(?:[ -]\d{1,3})?|\d{4}[ -]\d{6}[ -]\d{4,5}"  # payment cards
    r"|\d{1,6}/\d{2,4}(?:/\d+)*"  # case numbers, fiscal years
    r"|(?:19|20)\d\d\s*[-–]\s*(?:19|20)?\d\d"  # year ranges
    r"|\d{1,3}(?:,\d{3})+(?:\.\d+)?"  # amounts with thousands separators
)


#: an address written so that machines miss it: "j.smith [at] gmail [dot] com", "j.smith (at)
#: gmail.com", "jsmith AT gmail DOT com"
_SPELLED_EMAIL = re.compile(
    r"(?<![\w.+-])[\w.+-]+[ \t]*(?:[\[(][ \t]*at[ \t]*[\])]|[ \t]AT[ \t])[ \t]*[\w-]+"
    r"(?:(?:[ \t]*(?:[\[(][ \t]*dot[ \t]*[\])]|[ \t]DOT[ \t])[ \t]*|\.)[\w-]+)+")


def find_emails(text: str) -> Iterable[Hit]:
    for m in _EMAIL.finditer(text):
        yield Hit(m.start(), m.end(), Label.CODE, "EMAIL", 1.0, "e-mail address, valid syntax",
                  RANK_VALIDATED, validated=True)
    for m in _SPELLED_EMAIL.finditer(text) if "at" in text or "AT" in text else ():
        yield Hit(m.start(), m.end(), Label.CODE, "EMAIL", 0.9,
                  "e-mail address spelled out (\"[at]\", \"[dot]\")", RANK_CASE)


def find_urls(text: str) -> Iterable[Hit]:
    for m in _URL.finditer(text):
        end = m.end()
        first_open = text.find("(", m.start(), m.end())  # found once: linear, not quadratic
        while end > m.start() and text[end - 1] in _TRAILING:
            # keep a closing bracket that has its opening one inside the URL
            if text[end - 1] == ")" and 0 <= first_open < end - 1:
                break
            end -= 1
        body = text[m.start() : end]
        host = re.sub(r"^(?:https?://)", "", body, flags=re.IGNORECASE).split("/")[0]
        if "." not in host or host.endswith("."):
            continue
        yield Hit(m.start(), end, Label.CODE, "URL", 0.95, "web address", RANK_VALIDATED,
                  validated=False)


def find_handles(text: str) -> Iterable[Hit]:
    """Social media handles ("@markd1985", or "markyd85" after "username"): CODE/HANDLE,
    never validated (no check exists)."""
    for m in _HANDLE.finditer(text):
        if re.fullmatch(r"@\d+", m.group(0)):
            continue  # "@ 5", "@2x": a price or a count
        yield Hit(m.start(), m.end(), Label.CODE, "HANDLE", 0.9, "social media handle",
                  RANK_CASE, validated=False)
    for m in _USERNAME.finditer(text):
        yield Hit(m.start(1), m.end(1), Label.CODE, "HANDLE", 0.9, "a username after its cue",
                  RANK_CASE, validated=False)


#: a username after its cue, with a digit, "_" or "." in it ("Snapchat username markyd85")
_USERNAME = re.compile(r"(?i)\b(?:user\s?name|handle|screen\s?name|gamertag)\b[:\s]{1,3}"
                       r"(?-i:(?=[A-Za-z0-9_.]*[\d_.])([A-Za-z][A-Za-z0-9_.]{2,29}))(?![\w@])")


# Where a phone number may be: a run of digits and separators with at least 7 digits.
_PHONE_CANDIDATE = re.compile(r"(?:\+|\(\+?)?\d[\d \u00a0().\-/]{5,22}\d")
_CONTEXT = 3  # characters of context the matcher sees on each side


_PHONE_CUE = re.compile(
    r"(?i)\b(?:tel|tlf|tel[eé]f(?:on|ono|ax)?|telephone|phone|mobile?|mob|cell(?:phone|ular)?"
    r"|fax|call(?:ed)?|ring|reach(?:ed)?|sms|text|whatsapp|handy|puh(?:elin)?|matkapuhelin"
    r"|mobilnummer|telefonnummer|contact(?:ed)?|HP)"
    r"\b\W{0,12}(?:\w+\W{1,3}){0,3}$")


def _piece_of_a_code(text: str, start: int) -> bool:
    """Whether digits at ``start`` go on a code joined to them by a hyphen or a slash (a
    police URN's "01 / YX / 04417 / 24": its "04417 / 24" had read a Finnish phone number)."""
    return _CODE_BEFORE.search(text, max(0, start - 3), start) is not None


_CODE_BEFORE = re.compile(r"\w(?:[-/]| / )\Z")


def find_phones(text: str, regions: Iterable[str] = DEFAULT_PHONE_REGIONS,
                language: str | None = None) -> list[Hit]:
    """Phone numbers valid in one of ``regions`` (international ``+`` numbers in any region).

    ``PhoneNumberMatcher`` is slow on long texts, so it only sees the short windows around
    runs of digits that could hold a phone number. A bare run of digits (no ``+``, brackets
    or separators) is validated only after a phone cue ("tel", "mobile", "call" …); without
    one it is an unvalidated ``PHONE_LIKE`` code (it may be an ID whose checksum failed).
    """
    region_list = list(dict.fromkeys(r.upper() for r in regions if r)) or ["ZZ"]
    home = _home_regions(text, region_list, language)
    region_list.sort(key=lambda r: r not in home)  # the text's own plans first: fewer calls
    found: dict[tuple[int, int], Hit] = {}
    budget = MATCH_BUDGET_BASE + len(text) // MATCH_BUDGET_CHARS  # linear time, any input
    for cand in _PHONE_CANDIDATE.finditer(text):
        value = cand.group(0)
        digits = sum(ch.isdigit() for ch in value)
        if digits < 7 or 2 * (len(value) - digits) > digits + 2 or _NOT_PHONE.fullmatch(value) \
                or _piece_of_a_code(text, cand.start()):
            continue  # too few digits, mostly separators ("1 1 1 1"), a date/case number, or
            # the tail of a code ("LCC-ASC-2026-118734")
        lo = max(0, cand.start() - _CONTEXT)
        hi = min(len(text), cand.end() + _CONTEXT)
        window = text[lo:hi]
        international = cand.group(0).lstrip("(").startswith(("+", "00"))
        if budget <= 0:  # a dense run of digit groups (a number table, crafted input):
            if digits <= 15:  # not validated any more, but still reported for review
                found.setdefault((cand.start(), cand.end()), _unchecked(cand.start(), cand.end()))
            continue
        for region in region_list[:1] if international else region_list:
            budget -= 1
            whole = False
            for hit in _match_phones(window, region):
                hit = replace(hit, start=hit.start + lo, end=hit.end + lo)
                cued = _PHONE_CUE.search(text[max(0, hit.start - 40) : hit.start])
                if text[hit.start : hit.end].isdigit() and not cued:
                    hit = replace(hit, subtype="PHONE" + LIKE, score=0.6, validated=False,
                                  explanation="digits valid for a numbering plan, no phone "
                                              "cue before them")
                elif not international and region not in home and not cued:
                    hit = replace(hit, subtype="PHONE" + LIKE, score=0.6, validated=False,
                                  explanation=f"digits valid only for {region}'s numbering "
                                              "plan, not the text's language's, and no phone "
                                              "cue before them")  # an ISSN "0378-5955"
                found.setdefault((hit.start, hit.end), hit)
                whole = whole or (hit.start <= cand.start() and hit.end >= cand.end())
            if whole:
                break  # the whole run is one valid number: other regions add nothing
    return list(found.values())


def _home_regions(text: str, regions: list[str], language: str | None) -> set[str]:
    """The configured regions whose numbering plans the text's language (``language``, else
    told from ``text``) makes likely; all of them for a language not in
    :data:`~.common.LANGUAGE_REGIONS`."""
    if language is None:
        if not _PHONE_CANDIDATE.search(text):
            return set(regions)
        from redactor_plugins.shared.language.detect import language_of

        language = language_of(text)
    likely = LANGUAGE_REGIONS.get(language)
    return set(regions) if likely is None else set(likely) & set(regions) or set(regions)


#: ``PhoneNumberMatcher`` costs about a millisecond a window and region: at most this many
#: calls, plus one per this many characters, are made for one text; beyond, candidates are
#: reported unvalidated (``PHONE_LIKE``), so crafted or tabular digits stay linear in time.
MATCH_BUDGET_BASE = 64  # a short record with many numbers (MRN, DOB, NPI …) is checked whole
MATCH_BUDGET_CHARS = 100


def _unchecked(start: int, end: int) -> Hit:
    return Hit(start, end, Label.CODE, "PHONE" + LIKE, 0.5,
               "phone-shaped digits, not validated (too many in this text to check in time)",
               RANK_PHONE, validated=False)


@lru_cache(maxsize=4096)
def _match_phones(window: str, region: str) -> tuple[Hit, ...]:
    """Phone numbers in ``window`` (offsets relative to it); cached, as tables repeat."""
    return tuple(_iter_phones(window, region))


def _iter_phones(window: str, region: str) -> Iterable[Hit]:
    try:
        matches = list(phonenumbers.PhoneNumberMatcher(
            window, region, leniency=phonenumbers.Leniency.VALID))
    except Exception:  # an unknown region is a settings mistake, not fatal
        return
    for match in matches:
        raw, start, end = match.raw_string, match.start, match.end
        if raw.startswith("(") and ")" not in raw:  # "mobile (07845 112233)": the bracket
            raw, start = raw[1:], start + 1  # around the number is not part of it
        if raw.endswith(")") and "(" not in raw:
            raw, end = raw[:-1], end - 1
        digits = re.sub(r"\D", "", raw)
        if len(digits) < 7 or _NOT_PHONE.fullmatch(raw.strip("()")):
            continue
        if not raw.startswith(("+", "00", "(")) and not re.search(r"[\s().-]", raw):
            # a plain run of digits is a phone only when it is long and valid at home
            if len(digits) < 8:
                continue
        international = raw.startswith(("+", "00"))
        where = region
        if international:
            where = phonenumbers.region_code_for_number(match.number) or "international"
        kind = "international" if international else f"national ({where})"
        yield Hit(start, end, Label.CODE, "PHONE",
                  1.0 if international else 0.95,
                  f"phone number, {kind}, valid for {where} numbering plan",
                  RANK_PHONE, validated=True)


#: a window that makes the matcher load a region's numbering plan (no number in it is valid)
_WARM_WINDOW = "tel 0 0000 00"


def warm_up(regions: Iterable[str] = DEFAULT_PHONE_REGIONS) -> None:
    """Load the numbering plans of ``regions`` now (~10 ms a region, on the first document
    otherwise): the detector's ``prepare`` calls this in a preload thread. Nothing is
    cached but the plans: the result of a window is never stored."""
    for region in dict.fromkeys(r.upper() for r in regions if r):
        for _ in _iter_phones(_WARM_WINDOW, region):
            pass
