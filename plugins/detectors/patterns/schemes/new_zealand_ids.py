"""New Zealand numbers (CODE), after their cue.

* National Health Index number (``HEALTH_ID_NZ``): three letters (never I or O) and four
  digits, "ZZZ0016" (weights 7–2, modulus 11), or three letters, two digits, a letter and a
  check letter, "ZZZ00AX" (modulus 24 in the 2022 routine, 23 in HISO 10046:2023); after "NHI"
  or "National Health Index" (:func:`nhi_nz_valid`).
* IRD number (``TAX_ID_NZ``): 8 or 9 digits, "49-091-850", "136 410 132" (Inland Revenue's
  weights, with its second set when the first gives 10; python-stdnum's ``nz.ird``), after
  "IRD", "Inland Revenue" or "tax number".

After its cue a failed check is a look-alike (``…_LIKE``), still masked. Without a cue neither
is reported: three letters and four digits are also a product's or a booking's code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import (
    END_OF_DIGITS,
    Hit,
    check_match,
    cue_before,
)
from redactor_plugins.shared.identifiers.check_digits import nhi_nz_valid

__all__ = ["find"]

_NHI = re.compile(r"(?<![\w-])[A-HJ-NP-Z]{3}(?:\d{4}|\d{2}[A-HJ-NP-Z]{2})(?![\w-])")
_NHI_CUE = re.compile(r"(?i)\b(?:NHI|national\s+health\s+index)(?:\s+(?:number|no\.?))?"
                      r"[^\n\w]{0,4}(?:is\s+)?$")
_IRD = re.compile(rf"(?<![\w-])\d{{2,3}}[- ]?\d{{3}}[- ]?\d{{3}}{END_OF_DIGITS}")
_IRD_CUE = re.compile(r"(?i)\b(?:(?:IRD|inland\s+revenue)(?:\s+(?:number|no\.?))?"
                      r"|tax\s+(?:number|no\.?))[^\n\w]{0,4}(?:is\s+)?$")


def find(text: str) -> Iterable[Hit]:
    """Every NHI and IRD number after its cue."""
    lowered = text.lower()  # a cheap test before scanning for a cued pattern
    if "nhi" in lowered or "health index" in lowered:
        for m in _NHI.finditer(text):
            if cue_before(_NHI_CUE, text, m.start()):
                yield check_match(m, "HEALTH_ID_NZ", "New Zealand NHI number",
                                  nhi_nz_valid(m.group(0)))
    if "ird" in lowered or "tax" in lowered or "inland" in lowered:
        from stdnum.nz import ird

        for m in _IRD.finditer(text):
            if cue_before(_IRD_CUE, text, m.start()):
                yield check_match(m, "TAX_ID_NZ", "New Zealand IRD number",
                                  ird.is_valid(m.group(0)))
