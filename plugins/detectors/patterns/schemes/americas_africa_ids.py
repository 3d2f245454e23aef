"""Identity numbers of South Africa, Nigeria (NIN, BVN), Kenya (KRA PIN), Brazil (CPF),
Mexico (CURP) and Chile (RUT/RUN).

A passed check (python-stdnum) makes a finding ``validated``; a failed one is a look-alike
(``<subtype>_LIKE``) only where the shape is meant as the identifier (see
:mod:`~redactor_plugins.detectors.patterns.ids` for the policy):

* South African identity number: 13 digits (often "YYMMDD SSSS CAZ") — birth date, sex
  (serial < 5000: female), citizenship, a Luhn check digit; a look-alike after its cue.
* NIN (NG, National Identification Number) and BVN (NG, Bank Verification Number, "22" and
  nine digits): eleven digits with no published check, so only after their cue ("NIN",
  "BVN"), validated by their format.
* KRA PIN (KE, the Kenya Revenue Authority's tax number): a letter (A a person, P a
  company), nine digits, a letter, only after its cue ("KRA PIN", "PIN No."); no check
  digit is published, so validated by format.
* CPF (BR): "123.456.789-09" (a look-alike in that layout whatever its check digits) or 11
  digits after "CPF".
* CURP (MX): 18 characters — initials, birth date, sex, state, consonants, a check digit;
  the shape is so specific that a failed check is always a look-alike.
* RUT/RUN (CL): "12.345.678-5" (the check character may be K), modulus 11; a look-alike after
  its cue.
"""

from __future__ import annotations

import re

from redactor_plugins.detectors.patterns.common import (
    END_OF_DIGITS,
    GLUED_AFTER_FIRST,
    Hit,
    scheme_hits,
)
from stdnum.br import cpf
from stdnum.cl import rut
from stdnum.mx import curp
from stdnum.za import idnr

_G = GLUED_AFTER_FIRST
_END = END_OF_DIGITS
_ZA = re.compile(rf"\d{_G}\d{{5}}([ ]?)\d{{4}}\1\d{{3}}{_END}")
_NG = re.compile(rf"\d{_G}\d{{10}}{_END}")
_BVN = re.compile(rf"2{_G}2\d{{9}}{_END}")
_KRA = re.compile(r"(?<![\w-])[AP]\d{9}[A-Z](?![\w-])")
_CPF_LAYOUT = re.compile(rf"\d{_G}\d{{2}}\.\d{{3}}\.\d{{3}}-\d{{2}}{_END}")
_CPF_DIGITS = re.compile(rf"\d{_G}\d{{10}}{_END}")
_CURP = re.compile(r"(?<![\w-])[A-Z]{4}\d{6}[HMX][A-Z]{5}[0-9A-Z]\d(?![\w-])")
_RUT = re.compile(rf"\d{_G}\d?\.\d{{3}}\.\d{{3}}-[\dkK](?![\w-])")

#: the words that announce each scheme's number, at most 40 characters before it on its line
CUES: dict[str, re.Pattern[str]] = {
    "NATIONAL_ID_ZA": re.compile(r"(?i)\b(?:R?SA|South\s+African)\s+ID\b|identity\s+(?:number|no)"
                                 r"|\bID\s+(?:number|no)\b"),
    "NATIONAL_ID_NG": re.compile(r"\bNIN\b|(?i:national\s+identification\s+number)"),
    "BANK_ID_NG": re.compile(r"\bBVN\b|(?i:bank\s+verification\s+number)"),
    "TAX_ID_KE": re.compile(r"\bKRA\b|\bPIN\b"),
    "NATIONAL_ID_BR": re.compile(r"\bCPF\b"),
    "NATIONAL_ID_MX": re.compile(r"\bCURP\b"),
    "NATIONAL_ID_CL": re.compile(r"\bRU[TN]\b|(?i:c[ée]dula)"),
}


def find(text: str) -> list[Hit]:
    """Every candidate of the seven schemes."""
    hits: list[Hit] = []
    bvn = list(scheme_hits(text, _BVN, "BANK_ID_NG", "Nigerian BVN", lambda value: True,
                           CUES["BANK_ID_NG"], need_cue=True, how="format (no checksum exists)"))
    hits += bvn
    hits += [h for h in scheme_hits(text, _NG, "NATIONAL_ID_NG", "Nigerian NIN",
                                    lambda value: True, CUES["NATIONAL_ID_NG"], need_cue=True,
                                    how="format (no checksum exists)")
             if not any(b.start == h.start for b in bvn)]
    hits += scheme_hits(text, _ZA, "NATIONAL_ID_ZA", "South African identity number",
                        idnr.is_valid, CUES["NATIONAL_ID_ZA"])
    hits += scheme_hits(text, _KRA, "TAX_ID_KE", "Kenyan KRA PIN", lambda value: True,
                        CUES["TAX_ID_KE"], need_cue=True, how="format (no checksum is published)")
    hits += scheme_hits(text, _CPF_LAYOUT, "NATIONAL_ID_BR", "Brazilian CPF", cpf.is_valid,
                        CUES["NATIONAL_ID_BR"], like=lambda value, cued: True)
    hits += scheme_hits(text, _CPF_DIGITS, "NATIONAL_ID_BR", "Brazilian CPF", cpf.is_valid,
                        CUES["NATIONAL_ID_BR"], need_cue=True)
    hits += scheme_hits(text, _CURP, "NATIONAL_ID_MX", "Mexican CURP", curp.is_valid,
                        CUES["NATIONAL_ID_MX"], like=lambda value, cued: True)
    hits += scheme_hits(text, _RUT, "NATIONAL_ID_CL", "Chilean RUT/RUN", rut.is_valid,
                        CUES["NATIONAL_ID_CL"])
    return hits
