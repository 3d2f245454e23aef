"""Contact details: e-mail addresses, URLs, IP addresses and phone numbers."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache

import phonenumbers
from redactor_plugins.detectors.patterns.common import RANK_PHONE, RANK_VALIDATED, Hit

from redactor.plugin_api import Label

DEFAULT_PHONE_REGIONS: tuple[str, ...] = ("GB", "US", "NO", "DK", "SE", "FI", "DE", "FR")

_EMAIL = re.compile(
    r"(?<![\w.+-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,63})@"
    r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![\w-])"
)
_URL = re.compile(r"(?<![\w@/])(?:https?://|www\.)[^\s<>\"'“”‘’]+", re.IGNORECASE)
_IPV4 = re.compile(r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w]|\.\d)")
_IPV6 = re.compile(r"(?<![\w:])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?![\w:])")
_NOT_IP_BEFORE = re.compile(
    r"(?:\b(?:[Ss]ections?|[Aa]rticles?|[Pp]aras?|[Pp]aragraphs?|[Rr]ules?|[Cc]hapters?|[Vv]ersion"
    r"|[Vv]|[Pp]oints?)\.?|§)\s*$"
)
_TRAILING = ".,;:!?)]}’”'\""

# Shapes a phone matcher may take for a phone but that are something else.
_NOT_PHONE = re.compile(
    r"\d{1,2}[./-]\d{1,2}[./-]\d{2,4}"  # dates
    r"|\d{4}-\d{2}-\d{2}"  # ISO dates
    r"|\d{3}-\d{2}-\d{4}"  # US SSN shape
    r"|\d{1,6}/\d{2,4}(?:/\d+)*"  # case numbers, fiscal years
    r"|(?:19|20)\d\d\s*[-–]\s*(?:19|20)?\d\d"  # year ranges
    r"|\d{1,3}(?:,\d{3})+(?:\.\d+)?"  # amounts with thousands separators
)


def find_emails(text: str) -> Iterable[Hit]:
    for m in _EMAIL.finditer(text):
        yield Hit(m.start(), m.end(), Label.CODE, "EMAIL", 1.0, "e-mail address, valid syntax",
                  RANK_VALIDATED, validated=True)


def find_urls(text: str) -> Iterable[Hit]:
    for m in _URL.finditer(text):
        end = m.end()
        while end > m.start() and text[end - 1] in _TRAILING:
            # keep a closing bracket that has its opening one inside the URL
            if text[end - 1] == ")" and "(" in text[m.start() : end - 1]:
                break
            end -= 1
        body = text[m.start() : end]
        host = re.sub(r"^(?:https?://)", "", body, flags=re.IGNORECASE).split("/")[0]
        if "." not in host or host.endswith("."):
            continue
        yield Hit(m.start(), end, Label.CODE, "URL", 0.95, "web address", RANK_VALIDATED,
                  validated=False)


def find_ips(text: str) -> Iterable[Hit]:
    for m in _IPV4.finditer(text):
        if _NOT_IP_BEFORE.search(text[max(0, m.start() - 12) : m.start()]):
            continue  # "section 1.2.3.4", "version 4.1.0.2" are numbered items, not hosts
        try:
            ipaddress.IPv4Address(m.group(0))
        except ValueError:
            continue
        yield Hit(m.start(), m.end(), Label.CODE, "IP", 1.0, "IPv4 address, valid",
                  RANK_VALIDATED, validated=True)
    for m in _IPV6.finditer(text):
        value = m.group(0)
        if "::" not in value and value.count(":") < 7:
            continue  # times such as 14:05:00 look like short IPv6 groups
        try:
            ipaddress.IPv6Address(value)
        except ValueError:
            continue
        yield Hit(m.start(), m.end(), Label.CODE, "IP", 1.0, "IPv6 address, valid",
                  RANK_VALIDATED, validated=True)


# Where a phone number may be: a run of digits and separators with at least 7 digits.
_PHONE_CANDIDATE = re.compile(r"(?:\+|\(\+?)?\d[\d \u00a0().\-/]{5,22}\d")
_CONTEXT = 3  # characters of context the matcher sees on each side


def find_phones(text: str, regions: Iterable[str] = DEFAULT_PHONE_REGIONS) -> list[Hit]:
    """Phone numbers valid in one of ``regions`` (international ``+`` numbers in any region).

    ``PhoneNumberMatcher`` is slow on long texts, so it only sees the short windows around
    runs of digits that could hold a phone number.
    """
    region_list = list(dict.fromkeys(r.upper() for r in regions if r)) or ["ZZ"]
    found: dict[tuple[int, int], Hit] = {}
    for cand in _PHONE_CANDIDATE.finditer(text):
        value = cand.group(0)
        digits = sum(ch.isdigit() for ch in value)
        if digits < 7 or 2 * (len(value) - digits) > digits + 2 or _NOT_PHONE.fullmatch(value):
            continue  # too few digits, mostly separators ("1 1 1 1"), or a date/case number
        lo = max(0, cand.start() - _CONTEXT)
        hi = min(len(text), cand.end() + _CONTEXT)
        window = text[lo:hi]
        international = cand.group(0).lstrip("(").startswith(("+", "00"))
        for region in region_list[:1] if international else region_list:
            for hit in _match_phones(window, region):
                hit = replace(hit, start=hit.start + lo, end=hit.end + lo)
                found.setdefault((hit.start, hit.end), hit)
    return list(found.values())


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
        raw = match.raw_string
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
        yield Hit(match.start, match.end, Label.CODE, "PHONE",
                  1.0 if international else 0.95,
                  f"phone number, {kind}, valid for {where} numbering plan",
                  RANK_PHONE, validated=True)
