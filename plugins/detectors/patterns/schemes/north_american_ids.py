"""United States and Canadian numbers (CODE), checked by python-stdnum where a check exists.

* Canadian Social Insurance Number (SIN; ``NATIONAL_ID_CA``): 9 digits, "046 454 286", Luhn,
  after its cue ("SIN", "social insurance number", "NAS").
* Canadian Business Number (``BUSINESS_NUMBER_CA``): 9 digits (Luhn) and a program account
  ("123456782 RT0001") alone; the 9 digits alone after "business number" / "BN".
* US Employer Identification Number (``EIN_US``): "12-3456789", a prefix the IRS assigns,
  after its cue ("EIN", "FEIN", "employer identification number", "federal tax ID").
* US Individual Taxpayer Identification Number (``ITIN_US``): "9NN-7N-NNNN" (the group in
  the ranges the IRS uses), alone.
* ABA routing number (``ROUTING_NUMBER_US``): 9 digits, weights 3-7-1, after "routing",
  "ABA" or "RTN".
* Ontario health card number (``HEALTH_ID_CA_ON``): 10 digits ("1234-567-897"), Luhn over
  all ten, maybe a two-letter version code ("1234 567 897 AB"), after its cue ("OHIP",
  "health card", "health number", "HCN").
* British Columbia Personal Health Number (``HEALTH_ID_CA_BC``): 10 digits starting with 9
  ("9698 658 215"), the Ministry's weighted mod 11, after its cue ("PHN", "personal health
  number", "BC Services Card", "CareCard").
* A-Number (``ALIEN_NUMBER_US``, USCIS): "A" and 8 or 9 digits after its cue ("A-Number",
  "A#", "alien number"); a format, no checksum.
* Medicare Beneficiary Identifier (``MEDICARE_US``): 11 characters whose letters and digits
  stand where CMS says ("1EG4-TE5-MK73"); a format, no checksum.
* US National Provider Identifier (``PROVIDER_ID_US``): 10 digits, the first 1 or 2, the
  Luhn check digit of "80840" and the nine before it, after "NPI".
* US DEA registration number (``DEA_NUMBER_US``): a registrant's letter, a letter, six digits
  and a check digit ("AB1234563"), after "DEA".
* The last four digits of an SSN, a card or an account ("SSN ending 4821", "XXX-XX-4821",
  "(Monzo, ending 0032)"; ``LAST_DIGITS``): part of an identifier, never validated.

After its cue a failed check is a look-alike (``…_LIKE``), still masked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import (
    END_OF_DIGITS,
    GLUED_AFTER_FIRST,
    RANK_CASE,
    RANK_VALIDATED,
    Hit,
    check_match,
    cue_before,
    mentions,
)
from redactor_plugins.shared.identifiers.check_digits import dea_valid, npi_valid
from stdnum import luhn
from stdnum.ca import bc_phn, bn, sin
from stdnum.us import ein, itin, rtn

from redactor.plugin_api import Label

_G = GLUED_AFTER_FIRST
_END = END_OF_DIGITS
_SIN = re.compile(rf"\d{_G}\d{{2}}(?P<sep>[ -]?)\d{{3}}(?P=sep)\d{{3}}{_END}")
_SIN_CUE = re.compile(r"(?i)\b(?:SIN|NAS|social\s+insurance(?:\s+(?:number|no\.?))?|"
                      r"num[ée]ro\s+d['’]assurance\s+sociale)\b[^\n\d]{0,15}$")
_OHIP = re.compile(rf"\d{_G}\d{{3}}(?P<sep>[ -]?)\d{{3}}(?P=sep)\d{{3}}"
                   rf"(?:[ -]?(?P<version>[A-Z]{{2}}))?(?![\w]|[./-]\d)")
_OHIP_CUE = re.compile(r"(?i)\b(?:OHIP|HCN|health\s+card|(?<!personal )(?:ontario\s+)?health\s+(?:card\s+)?"
                       r"(?:number|no\.?|#))\b[^\n\d]{0,15}$")
_PHN = re.compile(rf"9{_G}\d{{3}}(?P<sep>[ -]?)\d{{3}}(?P=sep)\d{{3}}{_END}")
_PHN_CUE = re.compile(r"(?i)\b(?:PHN|personal\s+health\s+(?:number|no\.?)|BC\s+Services\s+Card"
                      r"|CareCard)\b[^\n\d]{0,15}$")
_BN15 = re.compile(rf"\d{_G}\d{{8}}[ ]?(?:RT|RP|RC|RM|RR|RZ)[ ]?\d{{4}}(?!\w)")
_BN9 = re.compile(rf"\d{_G}\d{{8}}{_END}")
_BN_CUE = re.compile(r"(?i)\b(?:business\s+(?:number|no\.?)|BN)\b[^\n\d]{0,12}$")
_EIN = re.compile(rf"\d{_G}\d-?\d{{7}}{_END}")
_EIN_CUE = re.compile(r"(?i)\b(?:F?EIN|employer\s+identification\s+(?:number|no\.?)|"
                      r"federal\s+tax\s+(?:ID|identification)(?:\s+(?:number|no\.?))?)\b"
                      r"[^\n\d]{0,12}$")
_ITIN = re.compile(rf"9{_G}\d{{2}}-\d{{2}}-\d{{4}}{_END}")
_ROUTING = re.compile(rf"\d{_G}\d{{8}}{_END}")
_ROUTING_CUE = re.compile(r"(?i)\b(?:routing|ABA|RTN|transit)\b[^\n\d]{0,20}$")
_A_NUMBER = re.compile(r"(?i)\b(?:A-?Number|A#|alien\s+(?:registration\s+)?(?:number|no\.?)|"
                       r"USCIS\s+(?:number|no\.?|#))[:\s]{0,3}"
                       r"(?-i:(A[- ]?)?(\d{3}[- ]?\d{3}[- ]?\d{2,3}))(?![\w]|[./-]\d)")
_NPI = re.compile(rf"[12]{_G}\d{{9}}{_END}")
_NPI_CUE = re.compile(r"(?i)\b(?:NPI|national\s+provider\s+(?:identifier|ID|number))\b"
                      r"[^\n\d]{0,15}$")
_DEA = re.compile(r"(?<![\w-])[A-Z][A-Z9]\d{7}(?![\w-])")
_DEA_CUE = re.compile(r"\bDEA\b(?:[^\S\n]+(?:registration|reg\.?|number|no\.?|#)){0,2}"
                      r"[^\n\d]{0,8}$")
_MBI_LETTER = "AC-HJKMNP-RT-Y"
_MBI = re.compile(
    rf"(?<![\w-])[1-9][{_MBI_LETTER}][{_MBI_LETTER}0-9]\d-?[{_MBI_LETTER}][{_MBI_LETTER}0-9]\d-?"
    rf"[{_MBI_LETTER}]{{2}}\d{{2}}(?![\w-])")
_ID_WORD = (r"(?:SSN|SS#|social[^\S\n]+security(?:[^\S\n]+(?:number|no\.?))?|card|account"
            r"|acct\.?)")
_LAST_FOUR = r"last[^\S\n]+(?:four|4)(?:[^\S\n]+digits)?"
_LAST_DIGITS = re.compile(
    rf"(?i)\b(?:{_ID_WORD}[^\S\n]*(?:number|no\.?|#)?[^\S\n]*(?:ending(?:[^\S\n]+in)?|{_LAST_FOUR})"
    rf"|{_LAST_FOUR}[^\S\n]+of[^\S\n]+(?:(?:his|her|their|the|your|my)[^\S\n]+)?{_ID_WORD})"
    r"[^\S\n]*(?:of[^\S\n]+)?[:#]?[^\S\n]*(\d{4})(?![\w]|[./-]\d)")
#: "ending 0032" with no identifier's word before it ("bank card (Monzo, ending 0032)"); not
#: a year ("the year ending 2019")
_BARE_LAST_DIGITS = re.compile(r"(?i)(?<!year )(?<!period )(?<!month )\bending(?:[^\S\n]+in)?"
                               r"[^\S\n]+(?!(?:19|20)\d\d)(\d{4})(?![\w]|[./-]\d)")
_MASKED_SSN = re.compile(r"(?<![\w*-])(?:X{3}|x{3}|\*{3})-(?:X{2}|x{2}|\*{2})-\d{4}(?![\w]|[./-]\d)")


def find(text: str) -> Iterable[Hit]:
    """Every candidate of the kinds above (a cued kind only where its cue occurs)."""
    low = text.lower()
    if mentions(low, "sin", "nas", "social insurance", "assurance sociale"):
        for m in _SIN.finditer(text):
            if cue_before(_SIN_CUE, text, m.start()):
                yield check_match(m, "NATIONAL_ID_CA", "Canadian SIN (Luhn)",
                               sin.is_valid(m.group(0)))
    if mentions(low, "ohip", "hcn", "health"):
        for m in _OHIP.finditer(text):
            if cue_before(_OHIP_CUE, text, m.start()):
                digits = re.sub(r"\D", "", m.group(0))
                yield check_match(m, "HEALTH_ID_CA_ON", "Ontario health card number (Luhn)",
                                  luhn.is_valid(digits))
    if mentions(low, "phn", "personal health", "services card", "carecard"):
        for m in _PHN.finditer(text):
            if cue_before(_PHN_CUE, text, m.start()):
                yield check_match(m, "HEALTH_ID_CA_BC", "BC Personal Health Number (mod 11)",
                                  bc_phn.is_valid(m.group(0)))
    for m in _BN15.finditer(text):
        yield check_match(m, "BUSINESS_NUMBER_CA", "Canadian business number and program account",
                       bn.is_valid(m.group(0)))
    if mentions(low, "business n", "bn"):
        for m in _BN9.finditer(text):
            if cue_before(_BN_CUE, text, m.start()):
                yield check_match(m, "BUSINESS_NUMBER_CA", "Canadian business number (Luhn)",
                               bn.is_valid(m.group(0)))
    if mentions(low, "ein", "employer identification", "federal tax"):
        for m in _EIN.finditer(text):
            if cue_before(_EIN_CUE, text, m.start()):
                yield check_match(m, "EIN_US", "US employer identification number (IRS prefix)",
                               ein.is_valid(m.group(0)))
    for m in _ITIN.finditer(text):
        if itin.is_valid(m.group(0)):
            yield check_match(m, "ITIN_US", "US individual taxpayer identification number", True)
    if mentions(low, "routing", "aba", "rtn", "transit"):
        for m in _ROUTING.finditer(text):
            if cue_before(_ROUTING_CUE, text, m.start()):
                yield check_match(m, "ROUTING_NUMBER_US", "ABA routing number (3-7-1 checksum)",
                               rtn.is_valid(m.group(0)))
    if mentions(low, "number", "a#", "no.", "uscis"):
        for m in _A_NUMBER.finditer(text):
            start = m.start(1) if m.group(1) else m.start(2)
            yield Hit(start, m.end(2), Label.CODE, "ALIEN_NUMBER_US", 0.95,
                      "USCIS A-Number after its cue, 8 or 9 digits (no checksum exists)",
                      RANK_VALIDATED, True)
    if mentions(low, "npi", "provider"):
        for m in _NPI.finditer(text):
            if cue_before(_NPI_CUE, text, m.start()):
                yield check_match(m, "PROVIDER_ID_US", "US National Provider Identifier (Luhn "
                                  "with prefix 80840)", npi_valid(m.group(0)))
    if "DEA" in text:
        for m in _DEA.finditer(text):
            if cue_before(_DEA_CUE, text, m.start()):
                yield check_match(m, "DEA_NUMBER_US", "US DEA registration number",
                                  dea_valid(m.group(0)))
    for m in _MBI.finditer(text):
        yield Hit(m.start(), m.end(), Label.CODE, "MEDICARE_US", 0.95,
                  "US Medicare Beneficiary Identifier, valid format (no checksum exists)",
                  RANK_VALIDATED, True)
    if mentions(low, "ending", "last four", "last 4"):
        for m in _LAST_DIGITS.finditer(text):
            yield Hit(m.start(1), m.end(1), Label.CODE, "LAST_DIGITS", 0.9,
                      "the last digits of an identifier after their cue", RANK_CASE)
        for m in _BARE_LAST_DIGITS.finditer(text):
            yield Hit(m.start(1), m.end(1), Label.CODE, "LAST_DIGITS", 0.85,
                      "the last digits of a card or an account after \"ending\"", RANK_CASE)
    if mentions(low, "xxx-", "***-"):
        for m in _MASKED_SSN.finditer(text):
            yield Hit(m.start(), m.end(), Label.CODE, "LAST_DIGITS", 0.9,
                      "a US SSN with all but its last four digits masked", RANK_CASE)
