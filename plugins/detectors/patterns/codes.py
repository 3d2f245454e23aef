"""Court case and application numbers, and law-report citations.

Following the TAB annotations, the span is the number alone: in "application no. 36110/97"
only "36110/97" is marked, and each number of a list ("nos. 123/01, 456/02 and 789/03") is
its own span. A number needs a "no."-like cue before it (or a list that started with one) and
must contain a slash or hyphen, so "no. 5" or "Law no. 3713" are not case numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import RANK_CASE, Hit

from redactor.plugin_api import Label

_CUE = re.compile(
    r"(?:\b(?:[Aa]pp(?:lication)?s?\.?|[Cc]ases?|[Ff]iles?|[Cc]omplaints?|[Pp]etitions?)"
    r"\s+(?:[Nn]os?\.|[Nn]umbers?|[Nn]r\.?)"
    r"|\b(?:[Nn]os?\.|NOS?\.|[Nn]r\.|[Nn]umbers?)"
    r"|\b[Aa]pplications?)\s*(?=\d|[A-Z]{1,4}[\s-]?\d)"
)
_NUMBER = re.compile(
    r"(?:[A-Z]{1,4}[\s-]?)?\d{1,7}(?:[/-]\d{1,7})+(?:/[A-Z]{2,5})?(?![\w/]|[.,]\d)"
)
_SEP = re.compile(r"\s*(?:,|;|\band\b|\bor\b|&)\s*(?:(?:[Nn]os?\.|and)\s*)?|\s+")
_CITATION = re.compile(r"\[(?:1[89]|20)\d\d\]\s+\d{1,3}\s+[A-Z][A-Za-z.]{1,7}\s+\d{1,5}(?!\w)")
_ECHR_OLD = re.compile(r"(?<![\w/])\d{1,4}/(?:19|20)\d\d/\d{1,4}/\d{1,4}(?![\w/])")


def find_case_numbers(text: str) -> Iterable[Hit]:
    seen: set[int] = set()
    for cue in _CUE.finditer(text):
        pos = cue.end()
        while True:
            m = _NUMBER.match(text, pos)
            if not m or m.start() in seen:
                break
            value = m.group(0)
            if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
                break  # an ISO date after "no." is still a date
            seen.add(m.start())
            yield Hit(m.start(), m.end(), Label.CODE, "CASE_NUMBER", 0.9,
                      "case or application number after a number cue", RANK_CASE)
            sep = _SEP.match(text, m.end())
            if not sep:
                break
            pos = sep.end()
    for m in _ECHR_OLD.finditer(text):
        if m.start() not in seen:
            yield Hit(m.start(), m.end(), Label.CODE, "CASE_NUMBER", 0.85,
                      "Court case number (nn/yyyy/nnn/nnn)", RANK_CASE)
    for m in _CITATION.finditer(text):
        yield Hit(m.start(), m.end(), Label.CODE, "CASE_NUMBER", 0.8,
                  "law report citation", RANK_CASE)
