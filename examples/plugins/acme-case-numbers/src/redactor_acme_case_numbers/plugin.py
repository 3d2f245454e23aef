"""Acme case numbers: finds Acme Ltd's case numbers, ``ACME-2024-000123``.

Generated with ``redactor plugin new acme-case-numbers --kind detector``, then adapted: letters
written before 2015 use slashes and an unpadded serial (``ACME/2012/4567``), and a case year
cannot lie in the future.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date
from typing import Any

from redactor.plugin_api import Document, Finding, Label, RunContext, Span, hookimpl

REDACTOR_API = ">=1,<2"  # the plugin API versions this plugin was tested with

#: prefix, year, serial: ``ACME-2024-000123`` (since 2015) or ``ACME/2012/4567`` (before);
#: not glued to other letters, digits or separators
PATTERN = re.compile(r"(?<![\w/-])ACME(?P<sep>[-/])(?P<year>\d{4})(?P=sep)(?P<serial>\d{3,6})"
                     r"(?![\w/-])")
FIRST_YEAR = 1990


class AcmeCaseNumbersDetector:
    """Finds case numbers and labels them CODE (validated: the format and year check out)."""

    id = "acme-case-numbers"
    version = "0.1.0"

    def detect(self, doc: Document, ctx: RunContext) -> Iterator[Finding]:
        for match in PATTERN.finditer(doc.text):
            if not self.is_valid(match):
                continue
            start, end = match.span()
            yield Finding(Span(start, end), Label.CODE, doc.text[start:end],
                          subtype="CASE_NUMBER", score=1.0, detector=self.id,
                          validated=True, explanation="case number format")

    @staticmethod
    def is_valid(match: re.Match[str]) -> bool:
        """A real case: a year Acme existed in, the format of that year, a non-zero serial."""
        year, serial = int(match["year"]), match["serial"]
        if not FIRST_YEAR <= year <= date.today().year or int(serial) == 0:
            return False
        if year >= 2015:
            return match["sep"] == "-" and len(serial) == 6
        return match["sep"] == "/"


@hookimpl
def register_detectors(register: Callable[[Any], None]) -> None:
    register(AcmeCaseNumbersDetector())
