"""Account and identity numbers: IBAN, payment cards and national ID numbers.

Checksums come from python-stdnum; only a passed checksum (or, where a scheme has none, its
format check) makes a finding ``validated``. Policy for a candidate whose check fails:

* shapes so specific that they are almost certainly meant as that identifier (an IBAN with a
  known country prefix and the right length, a Finnish HETU with its century sign, a
  hyphenated ``AAA-GG-SSSS`` US SSN, a number grouped like a payment card, twelve digits
  after an Aadhaar cue) are reported as an *unvalidated* look-alike, subtype ``<TYPE>_LIKE``
  (``IBAN_LIKE``), score 0.5, so that a mistyped number is still masked and reviewed;
* bare digit runs (Norwegian/German 11 digits, Danish/Swedish 10 digits, French 15 digits,
  card-length numbers) are not reported at all: without the checksum they are just numbers.

An identifier that starts with a digit may be glued to the word before it ("SSN536-90-4399");
an IBAN glued to a word ("IBANNO93…") counts only when its checksum passes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from redactor_plugins.detectors.patterns.common import (
    GLUED_AFTER_FIRST,
    RANK_CASE,
    Hit,
    check_hit,
)
from redactor_plugins.detectors.patterns.schemes import (
    americas_africa_ids,
    asian_ids,
    eastern_european_ids,
    european_ids,
)
from redactor_plugins.shared.language.detect import language_of
from stdnum import iban, luhn
from stdnum.de import idnr
from stdnum.dk import cpr
from stdnum.fi import hetu
from stdnum.fr import nir
from stdnum.gb import nhs
from stdnum.in_ import aadhaar
from stdnum.no import fodselsnummer
from stdnum.se import personnummer
from stdnum.us import ssn

from redactor.plugin_api import Label

_IBAN = re.compile(r"[A-Z](?<![\d_].)[A-Z]\d{2}(?:[ \u00a0]?[A-Z0-9]{4}){2,7}(?:[ \u00a0]?[A-Z0-9]{1,3})?(?!\w)")
_G = GLUED_AFTER_FIRST  # after the first digit: see common.GLUED_AFTER_FIRST
_CARD = re.compile(rf"\d{_G}(?<![.,].)(?:[ -]?\d){{11,18}}(?![\w]|[.,/-]\d)")
_CARD_GROUPS = re.compile(r"\d{4}(?:[ -]\d{4}){2,3}(?:[ -]\d{1,3})?|\d{4}[ -]\d{6}[ -]\d{4,5}")
_CARD_CUE = re.compile(r"(?i)\b(?:cards?|kort|karte|carte|visa|mastercard|maestro|amex)\b\W{0,20}$")

_NO_FNR = re.compile(rf"\d{_G}\d{{5}}[ -]?\d{{5}}(?![\w]|[./-]\d)")
_SE_PNR = re.compile(rf"\d{_G}(?:\d{{2}})?\d{{5}}[-+]\d{{4}}(?![\w]|[./-]\d)")
_SE_PNR12 = re.compile(rf"(?:1{_G}9|2{_G}0)\d{{10}}(?![\w]|[./-]\d)")
_DK_CPR = re.compile(rf"\d{_G}\d{{5}}-\d{{4}}(?![\w]|[./-]\d)")
_FI_HETU = re.compile(rf"\d{_G}\d{{5}}[-+A-FU-Y]\d{{3}}[0-9A-Y](?!\w)")
_DE_IDNR = re.compile(rf"\d{_G}\d[ ]?\d{{3}}[ ]?\d{{3}}[ ]?\d{{3}}(?![\w]|[./-]\d)")
_IN_AADHAAR = re.compile(rf"[2-9]{_G}\d{{3}}([ :-]?)\d{{4}}\1\d{{4}}(?![\w]|[./:-]\d)")
_AADHAAR_CUE = re.compile(r"(?i)(?:aadhaar|aadhar|uidai|\buid)\b[^\n]{0,30}$")
_OTHER_REF_CUE = re.compile(r"(?i)\b(?:ref(?:erence)?|case|claim|policy|order|invoice|ticket"
                            r"|account)\.?(?:\s+(?:no\.?|number))?[\s:#]*$")
_FR_NIR = re.compile(
    r"[12]" + _G + r"[ ]?\d{2}[ ]?(?:0[1-9]|1[0-2]|[2-9]\d)[ ]?(?:\d{2}|2[AB])[ ]?\d{3}"
    r"[ ]?\d{3}[ ]?\d{2}(?![\w]|[./-]\d)"
)
_NIR_SPACED = re.compile(r"\d \d\d \d\d [\dAB]{2} \d{3} \d{3} \d\d")
_NIR_CUE = re.compile(r"(?i)(?:s[ée]curit[ée]\s+sociale|\bNIR|\bINSEE|\bs[ée]cu)\b[^\n]{0,30}$")
_NL = r"(?:[ \u00a0]|[ \t]*\n[ \t]*)?"  # a space, or a line wrapped there ("PW 45 67\n89 B")
_UK_NINO = re.compile(
    rf"([A-CEGHJ-PR-TW-Z](?<!\w.)[A-CEGHJ-NPR-TW-Z]){_NL}(\d{{2}}){_NL}(\d{{2}}){_NL}(\d{{2}}){_NL}"
    r"([A-D])(?!\w)"
)
_NINO_BAD_PREFIX = {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}
# NHS number (England, Wales, Isle of Man; the same modulus-11 scheme serves Scotland's CHI and
# Northern Ireland's H&C numbers): ten digits, usually 3-3-4 ("943 476 5919")
_UK_NHS = re.compile(rf"\d{_G}\d{{2}}(?P<sep>[ \u00a0-]?)\d{{3}}(?P=sep)\d{{4}}(?![\w]|[./-]\d)")
_NHS_CUE = re.compile(r"(?i)\b(?:nhs|chi|h\s?&\s?c|health\s+and\s+care)\b[^\n\d]{0,25}$")
# UK bank sort code after its cue ("sort code 20-00-00"): six digits in pairs; no checksum
_SORT_CODE = re.compile(r"(?i)\bsort[^\S\n]*-?[^\S\n]*code\b[^\n\d]{0,15}?(\d{2}([- ]?)\d{2}\2\d{2})"
                        r"(?![\w]|[-/.]\d)")
# a bank account number after its cue ("account 55779911", "account no. 1234 5678 90")
_ACCOUNT = re.compile(r"(?i)\b(?:bank[^\S\n]+)?(?:account|konto)(?:[^\S\n]*(?:number|no\.?|nr\.?"
                      r"|nummer|#))?[:\s]{1,3}(\d(?:[ -]?\d){5,17})(?![\w]|[-/.]\d)")
# a Danish bank's registration number after its cue ("reg.nr. 1234"): four digits, no check
_REG_NR = re.compile(r"(?i)\b(?:reg\.?[^\S\n]?nr|clearing(?:nummer|nr))\.?[:\s]{1,3}"
                     r"(\d{4}(?:-\d)?)(?![\w]|[-/.]\d)")  # Swedish clearing number: "8327-9"
_US_SSN = re.compile(rf"\d{_G}\d{{2}}(?P<sep>[-. ])\d{{2}}(?P=sep)\d{{4}}(?![\w]|[./-]\d)")


_hit = check_hit


def find_ibans(text: str) -> Iterable[Hit]:
    for m in _IBAN.finditer(text):
        candidate = m.group(0)
        # the pattern may swallow a following word of capitals: try shorter cuts first-valid
        cuts = [len(candidate)] + [g.start() for g in re.finditer(r"[ \u00a0]", candidate)][::-1]
        for cut in cuts:
            part = candidate[:cut].rstrip()
            if iban.is_valid(part):
                yield _hit(m.start(), m.start() + len(part), "IBAN", "IBAN, checksum valid",
                           ok=True)
                break
        else:
            if m.start() and text[m.start() - 1].isalpha():
                continue  # glued to a word: only a passed checksum makes it an IBAN
            compact = iban.compact(candidate)
            try:
                iban.validate(compact)
            except iban.InvalidChecksum:
                yield _hit(m.start(), m.end(), "IBAN", "IBAN shape, checksum invalid", ok=False)
            except Exception:  # not an IBAN shape at all (length, country): ignore
                continue


# (name, prefixes as (low, high) ranges of the first digits, allowed lengths)
_IIN: tuple[tuple[str, tuple[tuple[int, int], ...], tuple[int, ...]], ...] = (
    ("Visa", ((4, 4),), (13, 16, 19)),
    ("Mastercard", ((51, 55), (2221, 2720)), (16,)),
    ("American Express", ((34, 34), (37, 37)), (15,)),
    ("Diners Club", ((300, 305), (36, 36), (38, 39)), (14, 16)),
    ("Discover", ((6011, 6011), (644, 649), (65, 65)), (16, 19)),
    ("JCB", ((3528, 3589),), (16, 19)),
    ("UnionPay", ((62, 62),), (16, 17, 18, 19)),
    ("Maestro", ((50, 50), (56, 58), (6759, 6759), (6761, 6763)), (12, 13, 14, 15, 16, 19)),
)


def card_brand(digits: str) -> str | None:
    """The card scheme whose IIN range and length fit ``digits``, if any."""
    for name, ranges, lengths in _IIN:
        if len(digits) not in lengths:
            continue
        for low, high in ranges:
            width = len(str(low))
            if low <= int(digits[:width]) <= high:
                return name
    return None


def find_cards(text: str) -> Iterable[Hit]:
    for m in _CARD.finditer(text):
        raw = m.group(0)
        seps = set(re.findall(r"[ -]", raw))
        if len(seps) > 1:
            continue
        digits = re.sub(r"\D", "", raw)
        grouped = bool(seps) and _CARD_GROUPS.fullmatch(raw) is not None
        if seps and not grouped:
            continue  # grouped, but not like a card is printed
        brand = card_brand(digits)
        if brand and luhn.is_valid(digits):
            yield _hit(m.start(), m.end(), "PAYMENT_CARD",
                       f"payment card ({brand}), Luhn checksum valid", ok=True)
        elif len(digits) >= 13 and (grouped or _CARD_CUE.search(
                text[max(0, m.start() - 30) : m.start()])):
            why = "no card scheme has this prefix and length" if luhn.is_valid(digits) \
                else "Luhn checksum invalid"
            yield _hit(m.start(), m.end(), "PAYMENT_CARD", f"payment card shape, {why}",
                       ok=False)


def _checked(
    pattern: re.Pattern[str], subtype: str, name: str, check: Callable[[str], bool],
    text: str, *, weak_on_failure: bool = False, how: str = "checksum valid",
    fail: str = "checksum invalid",
) -> Iterable[Hit]:
    for m in pattern.finditer(text):
        if check(m.group(0)):
            yield _hit(m.start(), m.end(), subtype, f"{name}, {how}", ok=True)
        elif weak_on_failure:
            yield _hit(m.start(), m.end(), subtype, f"{name} shape, {fail}", ok=False)


def _nino_ok(value: str) -> bool:
    m = _UK_NINO.fullmatch(value)
    return bool(m) and m.group(1) not in _NINO_BAD_PREFIX


def _cpr_ok(value: str) -> bool:
    return cpr.is_valid(value)


_SCHEME_CUES = {**european_ids.CUES, **asian_ids.CUES, **americas_africa_ids.CUES,
                **eastern_european_ids.CUES}


def find_national_ids(text: str) -> list[Hit]:
    hits: list[Hit] = []
    hits += _checked(_NO_FNR, "NATIONAL_ID_NO", "Norwegian fødselsnummer",
                     fodselsnummer.is_valid, text)
    hits += _checked(_DE_IDNR, "NATIONAL_ID_DE", "German tax ID (IdNr)", idnr.is_valid, text)
    hits += _checked(_SE_PNR, "NATIONAL_ID_SE", "Swedish personnummer",
                     personnummer.is_valid, text)
    hits += _checked(_SE_PNR12, "NATIONAL_ID_SE", "Swedish personnummer",
                     personnummer.is_valid, text)
    hits += _checked(_FI_HETU, "NATIONAL_ID_FI", "Finnish HETU", hetu.is_valid, text,
                     weak_on_failure=True)
    for m in _FR_NIR.finditer(text):  # a failed key: a look-alike in the spaced layout
        ok = nir.is_valid(m.group(0))  # ("2 78 03 38 185 042 17") or after its cue
        if ok or _NIR_SPACED.fullmatch(m.group(0)) or _NIR_CUE.search(
                text, max(0, m.start() - 40), m.start()):
            hits.append(_hit(m.start(), m.end(), "NATIONAL_ID_FR", "French NIR, checksum valid"
                             if ok else "French NIR shape, checksum invalid", ok=ok))
    hits += _checked(_UK_NINO, "NATIONAL_ID_UK", "UK National Insurance number", _nino_ok,
                     text, how="valid prefix and suffix (no checksum exists)")
    for m in _US_SSN.finditer(text):
        ok = ssn.is_valid(re.sub(r"\D", "", m.group(0)))
        if ok or m.group("sep") == "-":  # "123.45.6789" failing is just a number
            hits.append(_hit(m.start(), m.end(), "NATIONAL_ID_US", "US Social Security number, "
                             + ("valid area, group and serial (no checksum exists)" if ok else
                                "invalid or reserved area, group or serial"),
                             ok=ok))
    hits += find_aadhaar(text)
    hits += find_nhs_numbers(text)
    hits += european_ids.find(text)  # PL NL TR IT ES BE IE CH AT PT GR CZ/SK RO
    hits += asian_ids.find(text)  # CN KR JP SG HK, IN (PAN), IL
    hits += americas_africa_ids.find(text)  # ZA BR MX CL
    hits += eastern_european_ids.find(text)  # HU BG HR SI EE LT LV
    hits = european_ids.prefer_cued(text, hits, _SCHEME_CUES)
    taken = {(h.start, h.end) for h in hits if h.validated}
    # A Danish CPR has had no checksum since 2007: a valid birth date is all there is to check,
    # so it is validated only in the hyphenated form and only if nothing stronger claimed it.
    for h in _checked(_DK_CPR, "NATIONAL_ID_DK", "Danish CPR number", _cpr_ok, text,
                      how="valid birth date (CPR has no checksum since 2007)"):
        if (h.start, h.end) not in taken:
            hits.append(h)
    return hits


def find_nhs_numbers(text: str) -> Iterable[Hit]:
    """UK NHS numbers (and CHI / H&C numbers, the same scheme): ten digits with a modulus-11
    check digit. Grouped 3-3-4 with spaces (the NHS's own layout) they stand alone; hyphenated
    or ungrouped they need a cue before them ("NHS number", "CHI no."), where a failed check
    is a look-alike (``NHS_NUMBER_LIKE``) and is still masked. Without a cue only in an
    English text."""
    english = None
    for m in _UK_NHS.finditer(text):
        cue = _NHS_CUE.search(text[max(0, m.start() - 40) : m.start()]) is not None
        ok = nhs.is_valid(re.sub(r"\D", "", m.group(0)))
        if not cue and english is None:  # an Italian text's "333 123 4567" is a mobile
            english = language_of(text) == "en"  # number: one in eleven passes the check
        if cue or (ok and m.group("sep") not in ("", "-") and english):
            yield _hit(m.start(), m.end(), "NHS_NUMBER", "UK NHS number, " + (
                "modulus 11 check digit valid" if ok else "modulus 11 check digit invalid"),
                ok=ok)


def find_bank_details(text: str) -> list[Hit]:
    """A UK sort code after "sort code" (validated by its format: no checksum exists), a
    bank account number after "account"/"konto(nr)" and a Danish bank's registration number
    after "reg.nr." (never validated: no check exists)."""
    return [*(_hit(m.start(1), m.end(1), "SORT_CODE", "UK bank sort code after its cue, six "
                   "digits in pairs (no checksum exists)", ok=True)
              for m in _SORT_CODE.finditer(text)),
            *(Hit(m.start(1), m.end(1), Label.CODE, "ACCOUNT_NUMBER", 0.95, "a number after "
                  "an account cue (no check exists)", RANK_CASE)
              for m in _ACCOUNT.finditer(text)),
            *(Hit(m.start(1), m.end(1), Label.CODE, "BANK_REG_NUMBER", 0.95, "a bank's "
                  "registration or clearing number after its cue (no check exists)", RANK_CASE)
              for m in _REG_NR.finditer(text))]


def find_aadhaar(text: str) -> Iterable[Hit]:
    """Indian Aadhaar numbers: 12 digits (not starting with 0 or 1), Verhoeff checksum; an
    ungrouped run needs an Aadhaar cue before it, a failed checksum is a look-alike only there."""
    for m in _IN_AADHAAR.finditer(text):
        cue = _AADHAAR_CUE.search(text[max(0, m.start() - 40) : m.start()]) is not None
        if not cue and (not m.group(1) or _OTHER_REF_CUE.search(text, max(0, m.start() - 20),
                                                                 m.start())):
            continue  # "OPG ref 7000-1234-5678": a reference whose digits pass by chance
        ok = aadhaar.is_valid(re.sub(r"\D", "", m.group(0)))
        if ok or cue:
            yield _hit(m.start(), m.end(), "NATIONAL_ID_IN", "Aadhaar number, " + (
                "Verhoeff checksum valid" if ok else "Verhoeff checksum invalid"), ok=ok)
