"""Australian numbers (CODE), checked by python-stdnum where it knows the scheme.

* Tax file number (``TAX_ID_AU``): 8 or 9 digits, "123 456 782", weighted modulus 11, after
  its cue ("TFN", "tax file number").
* Australian Business Number (``BUSINESS_NUMBER_AU``): 11 digits, modulus 89; grouped
  "51 824 753 556" it stands alone, bare it needs "ABN".
* Australian Company Number (``COMPANY_NUMBER_AU``): 9 digits, check digit, after "ACN".
* Medicare card number (``MEDICARE_AU``): 10 digits (the first 2–6, the ninth a check digit
  with weights 1-3-7-9, the tenth the card's issue number) and an optional individual
  reference number; grouped "2123 45670 1" it stands alone, otherwise after "Medicare".
* Centrelink customer reference number (``CRN_AU``): 9 digits and a letter after "CRN" or
  "customer reference number"; a format (its check is not published).

After its cue a failed check is a look-alike (``…_LIKE``), still masked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import (
    END_OF_DIGITS,
    GLUED_AFTER_FIRST,
    RANK_VALIDATED,
    Hit,
    check_match,
    cue_before,
)
from redactor_plugins.shared.identifiers.check_digits import medicare_au_valid
from stdnum.au import abn, acn, tfn

from redactor.plugin_api import Label

_G = GLUED_AFTER_FIRST
_END = END_OF_DIGITS
_TFN = re.compile(rf"\d{_G}\d{{2}}[ ]?\d{{3}}[ ]?\d{{2,3}}{_END}")
_TFN_CUE = re.compile(r"(?i)\b(?:TFN|tax\s+file\s+(?:number|no\.?))\b[^\n\d]{0,12}$")
_ABN = re.compile(rf"\d{_G}\d(?P<sep>[ ]?)\d{{3}}(?P=sep)\d{{3}}(?P=sep)\d{{3}}{_END}")
_ABN_CUE = re.compile(r"(?i)\b(?:ABN|australian\s+business\s+(?:number|no\.?))\b[^\n\d]{0,12}$")
_ACN = re.compile(rf"\d{_G}\d{{2}}[ ]?\d{{3}}[ ]?\d{{3}}{_END}")
_ACN_CUE = re.compile(r"(?i)\b(?:ACN|australian\s+company\s+(?:number|no\.?))\b[^\n\d]{0,12}$")
_MEDICARE = re.compile(rf"[2-6]{_G}\d{{3}}(?P<sep>[ ]?)\d{{5}}(?P=sep)\d(?:(?:[ ]?|/)[1-9])?{_END}")
_MEDICARE_CUE = re.compile(r"(?i)\bmedicare\b[^\n\d]{0,20}$")
_CRN = re.compile(rf"\d{_G}\d{{2}}[ ]?\d{{3}}[ ]?\d{{3}}[ ]?[A-Z](?!\w)")
_CRN_CUE = re.compile(r"(?i)\b(?:CRN|customer\s+reference\s+(?:number|no\.?))\b[^\n\d]{0,12}$")


def find(text: str) -> Iterable[Hit]:
    """Every candidate of the five kinds."""
    for m in _TFN.finditer(text):
        if cue_before(_TFN_CUE, text, m.start()):
            yield check_match(m, "TAX_ID_AU", "Australian tax file number", tfn.is_valid(m.group(0)))
    for m in _ABN.finditer(text):
        ok = abn.is_valid(m.group(0))
        if (ok and m.group("sep")) or cue_before(_ABN_CUE, text, m.start()):
            yield check_match(m, "BUSINESS_NUMBER_AU", "Australian Business Number (modulus 89)", ok)
    for m in _ACN.finditer(text):
        if cue_before(_ACN_CUE, text, m.start()):
            yield check_match(m, "COMPANY_NUMBER_AU", "Australian Company Number",
                           acn.is_valid(m.group(0)))
    for m in _MEDICARE.finditer(text):
        ok = medicare_au_valid(m.group(0))
        if (ok and m.group("sep")) or cue_before(_MEDICARE_CUE, text, m.start()):
            yield check_match(m, "MEDICARE_AU", "Australian Medicare card number", ok)
    for m in _CRN.finditer(text):
        if cue_before(_CRN_CUE, text, m.start()):
            yield Hit(m.start(), m.end(), Label.CODE, "CRN_AU", 0.95,
                      "Centrelink customer reference number after its cue (its check is not "
                      "published)", RANK_VALIDATED, True)
