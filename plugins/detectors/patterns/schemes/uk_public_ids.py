"""United Kingdom justice, immigration, school and tax numbers (CODE).

* Police National Computer ID (``PNC_ID``): a year, "/", a serial and a check letter
  ("2013/0123456X", "13/123456X"); the letter is the two-digit year and the serial padded to
  seven digits, modulo 23, read in "ZABCDEFGHJKLMNPQRTUVWXY" (no I, O, S). Validated alone; a
  failed check after "PNC" is a look-alike.
* Criminal Records Office number (``CRO_NUMBER``): a serial, "/", a two-digit year and a
  letter ("123456/13K") after "CRO"; a format (its check is not published).
* Prison (NOMS) number (``PRISON_NUMBER``): a letter, four digits and two letters
  ("A1234BC") after "prison number", "prisoner no.", "NOMS", "NOMIS"; a format.
* Biometric residence permit (``BRP_NUMBER``): two letters and seven digits ("ZU1234567")
  after "BRP" or "biometric residence permit"; a format.
* Home Office Unique Application Number (``UAN``): four groups of four digits
  ("1212-0001-2345-6789") after "UAN"; a format.
* Unique Pupil Number (``UPN``, England's schools): a check letter, a local authority's
  number, the school's, the year and a serial ("H801200001001"); validated alone by its check
  letter and a known local authority (python-stdnum), a look-alike after "UPN".
* HMRC Unique Taxpayer Reference (``UTR``): ten digits, the first a check digit, after "UTR"
  or "taxpayer reference" (python-stdnum); a look-alike there when the check fails.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import (
    RANK_VALIDATED,
    Hit,
    check_hit,
    cue_before,
    mentions,
)
from redactor_plugins.shared.identifiers.check_digits import pnc_check_letter
from stdnum.gb import upn, utr

from redactor.plugin_api import Label

_PNC = re.compile(r"(?P<year>(?:19|20)?\d{2})/(?P<serial>\d{1,7})(?P<check>[A-Z])(?![\w/])")
_PNC_CUE = re.compile(r"(?i)\bPNC\b[^\n\d]{0,15}$")
_CRO = re.compile(r"(?<![\w/])\d{1,6}/\d{2}[A-Z](?![\w/])")
_CRO_CUE = re.compile(r"(?i)\bCRO\b[^\n\d]{0,15}$")
_PRISON = re.compile(r"(?<![\w-])[A-Z]\d{4}[A-Z]{2}(?![\w-])")
_PRISON_CUE = re.compile(r"(?i)\b(?:prison(?:er)?\s+(?:number|no\.?)|NOMS|NOMIS|"
                         r"booking\s+(?:number|no\.?))\b[^\n\w]{0,12}(?:ID[^\n\w]{0,5})?$")
_BRP = re.compile(r"(?<![\w-])[A-Z]{2}\d{7}(?![\w-])")
_BRP_CUE = re.compile(r"(?i)\b(?:BRP|biometric\s+residence\s+permit)\b[^\n]{0,20}$")
_UAN = re.compile(r"(?<![\w-])\d{4}-\d{4}-\d{4}-\d{4}(?![\w-])")
_UPN = re.compile(r"(?<![\w-])[A-HJ-NP-RT-Z]\d{11}[0-9A-HJ-NP-RT-Z](?![\w-])")
_ELEVEN_DIGITS = re.compile(r"\d{11}")  # a cheap test before the UPN's scan of every capital
_UPN_CUE = re.compile(r"(?i)\b(?:UPN|unique\s+pupil\s+(?:number|no\.?))\b[^\n\w]{0,12}$")
_UTR = re.compile(r"(?<![\w-])\d{5}[ ]?\d{5}(?![\w-]|[./]\d)")
_UTR_CUE = re.compile(r"(?i)\b(?:UTR|(?:unique\s+)?taxpayer\s+reference)\b[^\n\d]{0,15}$")
_UAN_CUE = re.compile(r"(?i)\b(?:UAN|unique\s+application\s+number)\b[^\n\d]{0,12}$")


def pnc_valid(year: str, serial: str, check: str) -> bool:
    """Whether ``check`` is the check letter of a PNC ID's year and serial."""
    return pnc_check_letter(year[-2:], serial) == check


def _format(m: re.Match[str], subtype: str, name: str) -> Hit:
    return Hit(m.start(), m.end(), Label.CODE, subtype, 0.95,
               f"{name} after its cue (a format; no public check)", RANK_VALIDATED, True)


def find(text: str) -> Iterable[Hit]:
    """Every candidate of the seven kinds (a cued kind only where its cue occurs)."""
    low = text.lower()
    for m in _UPN.finditer(text) if _ELEVEN_DIGITS.search(text) else ():
        ok = upn.is_valid(m.group(0))
        if ok or cue_before(_UPN_CUE, text, m.start()):
            yield check_hit(m.start(), m.end(), "UPN", "Unique Pupil Number, " + (
                "check letter and local authority valid" if ok else "check letter or local "
                "authority invalid"), ok)
    for m in _UTR.finditer(text) if mentions(low, "utr", "taxpayer") else ():
        if cue_before(_UTR_CUE, text, m.start()):
            ok = utr.is_valid(m.group(0))
            yield check_hit(m.start(), m.end(), "UTR", "Unique Taxpayer Reference, " + (
                "check digit valid" if ok else "check digit invalid"), ok)
    for m in _PNC.finditer(text):
        if m.start() and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "/_"):
            continue  # the tail of a longer number
        ok = pnc_valid(m.group("year"), m.group("serial"), m.group("check"))
        if ok or cue_before(_PNC_CUE, text, m.start()):
            yield check_hit(m.start(), m.end(), "PNC_ID", "Police National Computer ID, "
                            + ("check letter valid" if ok else "check letter invalid"), ok)
    for pattern, cue, subtype, name, words in (
            (_CRO, _CRO_CUE, "CRO_NUMBER", "Criminal Records Office number", ("cro",)),
            (_PRISON, _PRISON_CUE, "PRISON_NUMBER", "prison number",
             ("prison", "noms", "nomis", "booking")),
            (_BRP, _BRP_CUE, "BRP_NUMBER", "biometric residence permit number",
             ("brp", "biometric")),
            (_UAN, _UAN_CUE, "UAN", "Home Office unique application number",
             ("uan", "unique application"))):
        for m in pattern.finditer(text) if mentions(low, *words) else ():
            if cue_before(cue, text, m.start()):
                yield _format(m, subtype, name)
