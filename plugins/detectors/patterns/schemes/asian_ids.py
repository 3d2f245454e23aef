"""Identity and tax numbers of China, South Korea, Japan, Singapore, Hong Kong, India (PAN),
Israel and the Philippines (PhilSys).

A passed check makes a finding ``validated``; a failed one is a look-alike
(``<subtype>_LIKE``) only where the shape is meant as the identifier (see
:mod:`~redactor_plugins.detectors.patterns.ids` for the policy):

* Resident identity card (CN): 18 characters — region, birth date, serial, an ISO 7064
  check character (0–9 or X); a look-alike only after its cue.
* Resident registration number (KR): "YYMMDD-GSSSSSC"; python-stdnum's check digit (numbers
  issued since October 2020 have none: a valid birth date and a sex/century digit in the
  hyphenated layout is a look-alike, as is anything after the cue).
* Individual Number, "My Number" (JP): twelve digits with a check digit, only after its cue
  (twelve digits are also Aadhaar's and many a reference's length).
* NRIC and FIN (SG): S/T/F/G, seven digits, a check letter (:mod:`check_digits`); the 2022 M
  series' table is unpublished, so an M number is a look-alike after its cue.
* Hong Kong identity card: one or two letters, six digits and a check character, validated
  in its bracketed layout "A123456(3)" or after its cue (without brackets the shape is also a
  UK BRP number's or a National Insurance number's).
* PAN (IN): five letters (the fourth the holder's kind: P a person), four digits, a letter;
  validated by its format (no checksum exists).
* Teudat Zehut (IL): eight or nine digits with a Luhn check digit, only after its cue.
* PhilSys (PH): the card number (PCN, sixteen digits, "1234-5678-9012-3456") or the
  PhilSys number (PSN, twelve), only after its cue ("PhilSys", "PCN", "PSN", "PhilID");
  no check digit is published, so validated by format.
"""

from __future__ import annotations

import re

from redactor_plugins.detectors.patterns.common import (
    END_OF_DIGITS,
    GLUED_AFTER_FIRST,
    Hit,
    scheme_hits,
)
from redactor_plugins.shared.identifiers.check_digits import (
    cn_ric_valid,
    hkid_valid,
    nric_sg_valid,
)
from stdnum.il import idnr as il_idnr
from stdnum.in_ import pan
from stdnum.jp import in_ as jp_in
from stdnum.kr import rrn

_G = GLUED_AFTER_FIRST
_END = END_OF_DIGITS
_CN = re.compile(rf"[1-9]{_G}\d{{16}}[\dXx](?![\w]|[./-]\d)")
_KR = re.compile(rf"\d{_G}\d{{5}}-\d{{7}}{_END}")
_JP = re.compile(rf"\d{_G}\d{{3}}([ -]?)\d{{4}}\1\d{{4}}{_END}")
_SG = re.compile(r"(?<![\w-])[STFGM]\d{7}[A-Z](?![\w-])")
_HK = re.compile(r"(?<![\w-])[A-Z]{1,2}\d{6}(?:\([0-9A]\)|[0-9A](?![\w-]))")
_PAN = re.compile(r"(?<![\w-])[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z](?![\w-])")
_IL = re.compile(rf"\d{_G}\d{{7,8}}{_END}")
_PH = re.compile(rf"\d{_G}\d{{3}}([ -]?)\d{{4}}\1\d{{4}}(?:\1\d{{4}})?{_END}")

#: the words that announce each scheme's number, at most 40 characters before it on its line
CUES: dict[str, re.Pattern[str]] = {
    "NATIONAL_ID_CN": re.compile(r"(?i)resident\s+(?:identity|ID)|\bRIC\b|身份证|shenfenzheng"
                                 r"|Chinese\s+(?:ID|identity)"),
    "NATIONAL_ID_KR": re.compile(r"(?i)\bRRN\b|resident\s+registration|주민등록"),
    "NATIONAL_ID_JP": re.compile(r"(?i)my\s*number|individual\s+number|マイナンバー|個人番号"),
    "NATIONAL_ID_SG": re.compile(r"\bNRIC\b|\bFIN\b|(?i:\bIC\s+(?:no|number)\b)"),
    "NATIONAL_ID_HK": re.compile(r"\bHKID\b|(?i:hong\s+kong\s+(?:identity|ID))"),
    "TAX_ID_IN": re.compile(r"\bPAN\b|(?i:permanent\s+account\s+number)"),
    "NATIONAL_ID_IL": re.compile(r"(?i)teudat\s+zehut|israeli\s+(?:ID|identity)|ת\.?ז|מספר\s+זהות"),
    "NATIONAL_ID_PH": re.compile(r"\b(?:PhilSys|PHILSYS|PhilID|PCN|PSN)\b"),
}


def _kr_like(value: str, cued: bool) -> bool:
    """An RRN's hyphenated shape with a real birth date and a sex/century digit (1–8)."""
    if cued:
        return True
    try:
        rrn.get_birth_date(value)
    except ValueError:  # stdnum's ValidationError: no such date
        return False
    return value[7] in "12345678"


def find(text: str) -> list[Hit]:
    """Every candidate of the eight schemes (overlaps with other schemes are resolved by
    :func:`~redactor_plugins.detectors.patterns.schemes.european_ids.prefer_cued`)."""
    hits: list[Hit] = []
    hits += scheme_hits(text, _CN, "NATIONAL_ID_CN", "Chinese resident identity number",
                        cn_ric_valid, CUES["NATIONAL_ID_CN"])
    hits += scheme_hits(text, _KR, "NATIONAL_ID_KR", "Korean resident registration number",
                        rrn.is_valid, CUES["NATIONAL_ID_KR"], like=_kr_like)
    hits += scheme_hits(text, _JP, "NATIONAL_ID_JP", "Japanese Individual Number",
                        jp_in.is_valid, CUES["NATIONAL_ID_JP"], need_cue=True)
    hits += scheme_hits(text, _SG, "NATIONAL_ID_SG", "Singapore NRIC/FIN", nric_sg_valid,
                        CUES["NATIONAL_ID_SG"])
    hk_cue = CUES["NATIONAL_ID_HK"]
    for h in scheme_hits(text, _HK, "NATIONAL_ID_HK", "Hong Kong identity card number",
                         hkid_valid, hk_cue, like=lambda value, cued: cued or "(" in value):
        if text[h.end - 1] == ")" or hk_cue.search(text, max(0, h.start - 40), h.start):
            hits.append(h)
    hits += scheme_hits(text, _PAN, "TAX_ID_IN", "Indian PAN", pan.is_valid,
                        CUES["TAX_ID_IN"], how="format (no checksum exists)")
    hits += scheme_hits(text, _IL, "NATIONAL_ID_IL", "Israeli identity number",
                        il_idnr.is_valid, CUES["NATIONAL_ID_IL"], need_cue=True)
    hits += scheme_hits(text, _PH, "NATIONAL_ID_PH", "Philippine PhilSys number",
                        lambda value: True, CUES["NATIONAL_ID_PH"], need_cue=True,
                        how="format (no checksum is published)")
    return hits
