"""Nordic bank account and organisation numbers (CODE), checked by python-stdnum.

* Norwegian bank account number (kontonummer): 11 digits, modulus-11 check digit. Written in
  its own layout "8601.11.17947" / "8601 11 17947" it stands alone; 11 bare digits (a
  fødselsnummer's length) need a cue ("kontonummer", "kontonr.", "konto", "account").
  ``BANK_ACCOUNT_NO``.
* Norwegian organisation number (organisasjonsnummer): 9 digits, modulus 11, after its cue
  ("org.nr.", "organisasjonsnummer", "foretaksnummer") or with "MVA" after it.
  ``ORG_NUMBER_NO`` (a sole trader's is the person's).
* Danish CVR number: 8 digits, modulus 11, after "CVR" (``ORG_NUMBER_DK``).
* Swedish organisationsnummer: 10 digits, Luhn, its third digit 2 or more (so no birth month:
  not a personnummer), "NNNNNN-NNNN" alone or bare after its cue (``ORG_NUMBER_SE``).
* Finnish business ID (Y-tunnus): 7 digits, "-", a check digit, alone; 8 bare digits after
  "Y-tunnus" / "business ID" (``ORG_NUMBER_FI``).

After its cue a failed check is a look-alike (``…_LIKE``), still masked.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import (
    END_OF_DIGITS,
    GLUED_AFTER_FIRST,
    Hit,
    check_match,
    cue_before,
)
from stdnum.dk import cvr
from stdnum.fi import ytunnus
from stdnum.no import kontonr, orgnr
from stdnum.se import orgnr as se_orgnr

_G = GLUED_AFTER_FIRST
_END = END_OF_DIGITS
_ACCOUNT_LAID_OUT = re.compile(rf"\d{_G}\d{{3}}(?P<sep>[. ])\d{{2}}(?P=sep)\d{{5}}{_END}")
_ACCOUNT_BARE = re.compile(rf"\d{_G}\d{{10}}{_END}")
_ACCOUNT_CUE = re.compile(r"(?i)\b(?:konto(?:nummer|nr)?|account(?:\s+(?:number|no))?)\b\.?"
                          r"[^\n\d]{0,12}$")
_ORG_NO = re.compile(rf"\d{_G}\d{{2}}[ .]?\d{{3}}[ .]?\d{{3}}{_END}")
_ORG_NO_CUE = re.compile(r"(?i)\b(?:org\.?\s?nr|organisasjonsnummer|organisasjonsnr|"
                         r"foretaksnummer|org(?:anisation)?\s+(?:number|no))\b\.?[^\n\d]{0,12}$")
_MVA_AFTER = re.compile(r"[ \t]*MVA\b")
_CVR = re.compile(rf"\d{_G}\d(?:[ ]?\d{{2}}){{3}}{_END}")
_CVR_CUE = re.compile(r"\bCVR(?:-?(?:nr|nummer))?\b\.?[^\n\d]{0,12}$")
_SE_ORG = re.compile(rf"[1-9]{_G}\d[2-9]\d{{3}}(?P<dash>-?)\d{{4}}{_END}")
_SE_ORG_CUE = re.compile(r"(?i)\b(?:organisationsnummer|org\.?\s?nr)\b\.?[^\n\d]{0,12}$")
_FI_ID = re.compile(rf"\d{_G}\d{{6}}(?P<dash>-?)\d{_END}")
_FI_ID_CUE = re.compile(r"(?i)\b(?:Y-tunnus|business\s+ID|FO-nummer)\b\.?[^\n\d]{0,12}$")


_cue = cue_before
_found = functools.partial(check_match, what="check digit")


def find(text: str) -> Iterable[Hit]:
    """Every candidate of the five kinds."""
    for m in _ACCOUNT_LAID_OUT.finditer(text):
        ok = kontonr.is_valid(m.group(0))
        if ok or _cue(_ACCOUNT_CUE, text, m.start()):
            yield _found(m, "BANK_ACCOUNT_NO", "Norwegian bank account number", ok)
    for m in _ACCOUNT_BARE.finditer(text):
        if _cue(_ACCOUNT_CUE, text, m.start()):
            yield _found(m, "BANK_ACCOUNT_NO", "Norwegian bank account number after its cue",
                         kontonr.is_valid(m.group(0)))
    for m in _ORG_NO.finditer(text):
        if _cue(_ORG_NO_CUE, text, m.start()) or _MVA_AFTER.match(text, m.end()):
            yield _found(m, "ORG_NUMBER_NO", "Norwegian organisation number",
                         orgnr.is_valid(m.group(0)))
    for m in _CVR.finditer(text):
        if _cue(_CVR_CUE, text, m.start()):
            yield _found(m, "ORG_NUMBER_DK", "Danish CVR number", cvr.is_valid(m.group(0)))
    for m in _SE_ORG.finditer(text):
        cued = _cue(_SE_ORG_CUE, text, m.start())
        ok = se_orgnr.is_valid(m.group(0))
        if (ok and m.group("dash")) or cued:
            yield _found(m, "ORG_NUMBER_SE", "Swedish organisation number (Luhn)", ok)
    for m in _FI_ID.finditer(text):
        cued = _cue(_FI_ID_CUE, text, m.start())
        ok = ytunnus.is_valid(m.group(0))
        if (ok and m.group("dash")) or cued:
            yield _found(m, "ORG_NUMBER_FI", "Finnish business ID (Y-tunnus)", ok)
