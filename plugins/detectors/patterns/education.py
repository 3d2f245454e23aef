"""Degrees and courses (DEM/EDUCATION): "BSc (Hons) Nursing (Adult)", "MSc in Data Science",
"LLB", "PGCE Primary", "PhD". One span from the degree's letters to the end of its subject and
bracketed pathway, so that a course is masked whole (the model had tagged "Hons", "Nursing"
and "Adult" apart, leaving "BSc (…) … (…)" between three masks)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import RANK_CASE, Hit

from redactor.plugin_api import Label

_DEGREE = (r"(?:BSc|BA|BEng|BEd|BMus|BN|BNurs|LLB|LLM|MSc|MA|MEng|MBA|MPhil|MRes|MSW|MBChB|MBBS"
           r"|BDS|PhD|DPhil|EdD|DClinPsy|PGCE|PGCert|PGDip|HND|HNC|FdA|FdSc)")
_SUBJECT = r"[A-Z][\w&'’-]*(?:[ \t]+(?:(?:and|of|in|with|&)[ \t]+)?[A-Z][\w&'’-]*){0,4}"
_COURSE = re.compile(
    rf"(?<![\w-]){_DEGREE}(?:[ \t]*\((?:Hons|Hon|Honours)\))?"
    rf"(?:[ \t]+(?:in[ \t]+)?{_SUBJECT}(?:[ \t]*\([A-Z][\w &'’-]{{1,30}}\))?)?(?![\w-])")


def find_courses(text: str) -> Iterable[Hit]:
    """Degrees, with their honours, subject and pathway."""
    for m in _COURSE.finditer(text):
        if m.group(0) in ("BA", "MA", "BN"):
            continue  # alone, "MA" is also a state, "BA" an airline: only with a subject
        yield Hit(m.start(), m.end(), Label.DEM, "EDUCATION", 0.8, "a degree or course",
                  RANK_CASE)
