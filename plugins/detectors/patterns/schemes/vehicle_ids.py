"""Vehicle identification numbers (VIN, ISO 3779; CODE/VIN).

17 letters and digits without I, O and Q. North American VINs carry a check digit in the
ninth place (49 CFR 565: letters transliterated, weights 8-7-6-5-4-3-2-10-0-9-8-7-6-5-4-3-2,
modulo 11, 10 written "X"): a VIN whose check digit is right is validated wherever it stands.
Elsewhere the ninth place is the maker's, so after a cue ("VIN", "chassis number",
"Fahrgestellnummer", "understellsnummer" …) a VIN of the right form is reported unvalidated
(subtype ``VIN``: a VIN, but nothing checked it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import RANK_CASE, RANK_VALIDATED, Hit, cue_before
from redactor_plugins.shared.identifiers.check_digits import vin_check_digit

from redactor.plugin_api import Label

_VIN = re.compile(r"(?<![\w-])(?=[A-HJ-NPR-Z0-9]*\d)(?=[A-HJ-NPR-Z0-9]*[A-HJ-NPR-Z])"
                  r"[A-HJ-NPR-Z0-9]{17}(?![\w-])")
_CUE = re.compile(r"(?i)\b(?:VIN|chassis(?:\s+(?:number|no\.?))?|vehicle\s+identification"
                  r"(?:\s+(?:number|no\.?))?|Fahrgestell-?(?:nummer|nr\.?)|FIN|"
                  r"understellsnummer|stelnummer|chassisnummer|n[°º]\s*de\s*s[ée]rie)\b"
                  r"[^\n\w]{0,8}$")
def find(text: str) -> Iterable[Hit]:
    for m in _VIN.finditer(text):
        vin = m.group(0)
        if vin[8] == vin_check_digit(vin):
            yield Hit(m.start(), m.end(), Label.CODE, "VIN", 1.0,
                      "vehicle identification number, check digit valid", RANK_VALIDATED, True)
        elif cue_before(_CUE, text, m.start()):
            yield Hit(m.start(), m.end(), Label.CODE, "VIN", 0.9,
                      "vehicle identification number after its cue (no check digit: not "
                      "North American)", RANK_CASE)
