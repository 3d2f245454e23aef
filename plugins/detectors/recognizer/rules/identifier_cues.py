"""Identifier cues: the word or phrase before an identifier's value ("IBAN NO93 …", "National
Insurance number PW 45 …", "SSN: 536-…", "CHI 2211851234", "tel. 0131 …"). TAB's annotators
mark the value alone (as in "application no. 36110/97"), so a detector's span that lies inside
such a cue is no finding (the NER's "DOB", the name lists' "CHI"), and one that starts inside
it starts at the value.
"""

from __future__ import annotations

import bisect
import re

__all__ = ["identifier_cue_spans", "inside_identifier_cue", "names_a_number",
           "trim_identifier_cue", "value_start"]

#: the cues (see the module docstring)
_ID_CUE = re.compile(
    r"(?i)\b(?:IBAN|BIC|SWIFT|SSN|NINO|PIN|UID|Aadhaa?r|National\s+Insurance|Social\s+Security"
    r"|f\u00f8dselsnummer|personnummer|henkil\u00f6tunnus|Steuer-?ID|passport|sort\s+code"
    r"|PESEL|BSN|burgerservicenummer|sofi-?nummer|(?:T\.?\s?C\.?\s+)?Kimlik|TCKN|codice\s+fiscale"
    r"|DNI|NIE|NIF|PPSN?|rijksregisternummer|VAT(?:\s+registration)?|MVA|USt-?IdNr|TVA|BTW"
    r"|(?:national|personal)\s+(?:identity\s+|identification\s+|ID\s+|register\s+)?number"
    r"|konto(?:nummer|nr)?|org\.?\s?nr|organisa(?:sjon|tion)snummer|foretaksnummer|CVR(?:-?nr)?"
    r"|Y-tunnus|business\s+ID|CPR(?:-?(?:nummer|nr))?|tlf|telefon|mobil|reg\.?\s?nr"
    r"|identity\s+card|ID(?:\s+card)?"
    r"|(?:bank\s+)?account|(?:credit\s+|debit\s+)?card|(?:tele)?phone|mobile|tel|fax|e-?mail"
    r"|cell(?:\s+phone)?(?=[ \t:#]*(?:\+?1[ .-]?)?\(?\d{3}\)?[ .-]?\d{3}[ .-]\d{4}\b)"  # a US
    # mobile ("cell 916-555-0178"); a prison's "cell 11/15W.2" keeps its word
    r"|MAC(?:\s+address)?|IP(?:v[46])?(?:\s+address)?|IMEI|VIN|serial|NHS|CHI|DOB|D\.O\.B\.?|UPN|ULN|MRN"
    r"|(?:(?:licen[cs]e|number|registration)\s+)?plates?|registration|Kennzeichen|plaka"
    r"|lorry|van|car|truck|vehicle|motorbike|motorcycle|taxi|trailer"
    r"|SIN|NAS|Social\s+Insurance|TFN|tax\s+file|ABN|ACN|CRN|customer\s+reference|NHI|IRD"
    r"|Medicare\s+(?:card|number|no\.?|ID)"
    r"|F?EIN|ITIN|routing|ABA|RTN|A-?Number|A#|alien\s+(?:registration\s+)?number|MBI"
    r"|business\s+number|GMC|NMC|HCPC|bleep|pager|warrant\s+card"
    r"|(?:badge|star|shield|collar)\s+(?:no\.?|number|#)|call[ -]?sign"
    r"|GPS|co-?ordinates|what3words|w3w|chassis|Fahrgestellnummer"
    r"|isikukood|asmens\s+kodas|personas\s+kods|adóazonosító(?:\s+jel)?"
    r"|személyi\s+(?:azonosító|szám)|társadalombiztosítási(?:\s+azonosító)?(?:\s+jel)?"
    r"|PNC(?:\s+ID)?|CRO|NOMIS|NOMS|prison(?:er)?\s+(?:number|no\.?)|BRP|UAN|UTR"
    r"|(?-i:NRIC|FIN|HKID|PAN|CPF|CURP|RUT|RUN|AHV|AVS|SVNR|VSNR|NIPC|AMKA|RRN|CNP|CIN|NPI|DEA|CAS"
    r"|NIN|BVN|TAJ|EGN|ЕГН|OIB|EMŠO|EMSO|PhilSys|PHILSYS|PhilID|PCN|PSN"
    r"|HP|H/P)"  # Singapore's and Malaysia's "handphone"
    r"|exp(?:iry|ires)?|valid\s+(?:thru|through|until))"  # a card's expiry: "exp. 09/27"
    r"(?-i:(?![a-z]))"  # a whole word ("DNI", not "dnia"), or glued to a value ("IBANNO93…")
    r"\.?(?:\s+(?:number|no\.?|nr\.?|code|card|szám))?"
    r"(?=[)\]]?[ \t\u00a0]*(?:[:#]|\b(?:is|was|of|as)\b)?[ \t\u00a0]*\n?[ \t\u00a0]*"  # wrapped
    r"(?:\+|\d|/{3}|[A-Z]{1,4}[ \u00a0-]?(?:[A-Z]{1,2}[ \u00a0]?)?\d"
    r"|(?-i:[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3}|[A-Z0-9]{8})?(?![A-Za-z0-9]))))")  # BIC, codice fiscale


def identifier_cue_spans(text: str) -> list[tuple[int, int]]:
    """Where the identifiers' cues stand in ``text`` (a capitalised span is not grown over
    one: "Medicaid [ID] is 1234567890")."""
    return [m.span() for m in _ID_CUE.finditer(text)]


def inside_identifier_cue(text: str, spans: list[tuple[int, int]]) -> list[bool]:
    """For each (start, end): does it lie inside an identifier's cue (:data:`_ID_CUE`)?
    (What :func:`trim_identifier_cue` leaves empty.)"""
    return [start >= end for start, end in trim_identifier_cue(text, spans)]


def trim_identifier_cue(text: str, spans: list[tuple[int, int]],
                        cues: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Each (start, end) with an identifier's cue cut off its front ("Card 378282246310005"
    → the number): a span that starts inside a cue and reaches beyond it starts at the value;
    one inside a cue becomes empty (start == end); one that runs into a cue stops before it
    ("Spanish DNI 54362315K" → "Spanish", "FY2, bleep 4471, GMC 7654321" → "FY2": the values
    are codes of their own); others are unchanged."""
    cues = identifier_cue_spans(text) if cues is None else cues  # (given: found once)
    starts = [s for s, _ in cues]
    out = []
    for start, end in spans:
        j = bisect.bisect_right(starts, start)
        i = j - 1
        if i < 0 or cues[i][1] <= start:
            if j < len(cues) and cues[j][0] < end:  # the span runs into a cue (and its value)
                end = max(len(text[:cues[j][0]].rstrip(" \t\r\n,;(")), start)
            out.append((start, end))
            continue
        value = cues[i][1]
        while value < end and (text[value].isspace() or text[value] in ":#"):
            value += 1
        if text[value:end].lower().startswith(("is ", "was ", "of ", "as ")):
            value = text.index(" ", value) + 1
            while value < end and text[value].isspace():
                value += 1
        out.append((min(value, end), end))
    return out


#: the groups of a value between its cue and where a model's CODE span starts ("Blue Badge
#: number is AB12 [C3456 D7890]": "AB12" was left in clear)
_GROUPS_BEFORE = re.compile(r"(?i:\b(?:number|no\.?|ref(?:erence)?|ID|code)(?:[ \t]+is|:)?)"
                            r"[ \t]+((?:(?=[A-Z]*\d)[A-Z0-9]{2,6}[ \t])+)\Z")


def value_start(text: str, start: int) -> int:
    """``start`` moved back over the first groups of a code written in groups after its cue,
    when the model's span began at a later group; else ``start``."""
    m = _GROUPS_BEFORE.search(text, max(0, start - 60), start)
    return m.start(1) if m else start


_NUMBER_FIELD = re.compile(r"(?i)(?:number|no\.?|ref(?:erence)?\.?|id|code)\Z")
_NUMBER_FIELD_AFTER = re.compile(r"(?i)[ \t]+(?:number|no\.?|nr\.?|card|ref(?:erence)?\.?|id)\b")
_CODE_NEXT = re.compile(r"[ \t]*(?::[ \t]*)?(?=[A-Z]{0,4}[-/ ]?\d)")


def names_a_number(text: str, start: int, end: int) -> bool:
    """Whether the span is the name of a number field right before its value ("Unique Pupil
    Number H801200001001", "Case Reference: CP/2026/04417"), or its first words ("[Social
    Insurance] Number: 046 454 286"): a label, not an identifier."""
    if _NUMBER_FIELD.search(text, start, end):
        return _CODE_NEXT.match(text, end) is not None
    after = _NUMBER_FIELD_AFTER.match(text, end)
    if after is None:
        return False
    line_start = text.rfind("\n", 0, start) + 1  # a form's field starts its line
    value = _IS_VALUE.match(text, after.end())
    return (not text[line_start:start].strip() or _DOCUMENT_NAME.search(text, start, end)
            is not None) and _CODE_NEXT.match(text, value.end() if value else after.end()) \
        is not None


#: a document's name in capitals ("Your Biometric Residence Permit number is ZU1234567")
_DOCUMENT_NAME = re.compile(r"(?:[A-Z][\w'’-]*[ \t]+)+(?:Permit|Card|Licen[cs]e|Certificate"
                            r"|Pass|Passport|Visa|Account|Insurance|Security|Badge)\Z")
_IS_VALUE = re.compile(r"[ \t]+(?:is|was)\b")
