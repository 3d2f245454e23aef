"""Court case and application numbers, law-report citations and other reference codes.

Following the TAB annotations, the span is the number alone: in "application no. 36110/97"
only "36110/97" is marked, and each number of a list ("nos. 123/01, 456/02 and 789/03") is
its own span. A number needs a "no."-like cue before it (or a list that started with one) and
must contain a slash or hyphen, so "no. 5" or "Law no. 3713" are not case numbers.

Other codes, each one span from its first to its last character (CODE):

* rooms and cells, with their noun ("cell 11/15W.2", "cell no. 2", "block 23E"; after a
  comma the code alone: "cell, A2-14"): ``ROOM_NUMBER``;
* Swedish/Finnish statute numbers ("1962:381" in "Act 1962:381"): ``STATUTE_NUMBER``;
* Council of Europe and similar document references ("CPT/Inf (2002) 8", "CommDH(2009)30"):
  ``DOCUMENT_REFERENCE``;
* a number a cue makes a code: after a file/register/decision/prisoner … noun ("decision
  128/14", "file no. 68"; a bare number of six digits needs no "no.": "passport 123456"),
  after "under number" ("registered under number 5299"), or after a
  bare "no." that no legal instrument, series or case name precedes ("no. 68" — not "Law no.
  3713", "Protocol No. 1", "Series A no. 192", "Figiel v. Poland (no. 2)"):
  ``REFERENCE_NUMBER``, the number alone;
* a health or care professional's registration number after its register ("GMC 7654321",
  "NMC PIN 12A3456E": ``PROFESSIONAL_REGISTRATION``, validated by its format) and an internal
  telephone after "bleep", "pager" or "ext." (``PHONE_EXTENSION``);
* US federal docket numbers ("1:24-cv-05512", "2:19-cr-00123-JAM") and law report citations
  ("550 U.S. 544", "2021 WL 4410362, at *2 (N.D. Ill. Sept. 27, 2021)"): ``CASE_NUMBER``;
* an entry's number after "#" ("incidents #20231, #20344"): ``REFERENCE_NUMBER``;
* a year and a serial ("2024-1187", "2023-004567"), alone or after a letter prefix
  ("ACME-2024-000123", "INV-2019-0042", "LCC-ASC-2026-118734"): ``REFERENCE_NUMBER`` (unvalidated) — a numbering plan
  may accept the digits, but without a phone cue before them they are no validated phone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import RANK_CASE, Hit, mentions

from redactor.plugin_api import Label

#: a number's cue: "Application no.", "CASE NO:" (a heading's), "Nr.", a South African
#: police docket's "CAS" ("CAS 412/06/2023")
_CUE = re.compile(
    r"(?:\b(?:[Aa]pp(?:lication)?s?\.?|[Cc]ases?|CASES?|[Ff]iles?|FILES?|[Cc]omplaints?"
    r"|[Pp]etitions?)\s+(?:[Nn]os?\.|NOS?[.:]|[Nn]umbers?|[Nn]r\.?)"
    r"|\b(?:[Nn]os?\.|NOS?\.|[Nn]r\.|[Nn]umbers?|CAS(?=[^\S\n]))"
    r"|\b[Aa]pplications?)\s*(?=\d|[A-Z]{1,4}[\s-]?\d)"
)
_NUMBER = re.compile(
    r"(?:[A-Z]{1,4}[\s-]?)?\d{1,7}(?:[/-]\d{1,7})+(?:/[A-Z]{2,5})?(?![\w/]|[.,]\d)"
)
_SEP = re.compile(r"\s*(?:,|;|\band\b|\bor\b|&)\s*(?:(?:[Nn]os?\.|and)\s*)?|\s+")
_CITATION = re.compile(r"\[(?:1[89]|20)\d\d\]\s+\d{1,3}\s+[A-Z][A-Za-z.]{1,7}\s+\d{1,5}(?!\w)")
#: a Hong Kong court's action number: its court and kind ("HCMP", "HCA", "DCCJ", "FCMC",
#: "CACV", "FAMV"), the number, the year ("HCMP 1234/2023")
_HK_ACTION = re.compile(r"(?<![\w/])(?:HC|DC|FC|CA|FA)[A-Z]{1,3}[ \u00a0]\d{1,5}/(?:19|20)\d\d(?![\w/])")
#: a neutral citation of the courts of the UK and Ireland ("[2016] UKUT 00443 (IAC)", "[2019]
#: EWCA Civ 123", "[2020] EWHC 1234 (Fam)", "[2021] UKSC 12")
_NEUTRAL_CITATION = re.compile(
    r"\[(?:19|20)\d\d\]\s+(?:UKSC|UKPC|UKHL|EWCA\s+(?:Civ|Crim)|EWHC|EWFC|EWCOP|UKUT|UKFTT"
    r"|UKEAT|UKAIT|CSIH|CSOH|HCJAC|NICA|NIQB|NIFam|IEHC|IESC|IECA"
    r"|(?=[A-Za-z0-9]*[A-Z][A-Za-z0-9]*[A-Z])[A-Z][A-Za-z0-9]{1,11})\s+\d{1,5}"  # other
    r"(?:\s+\((?:[A-Z][A-Za-z]{1,10})\))?(?![\w(])")  # courts: "FedCFamC1F", "NZHC", "SGCA"
#: a Canadian neutral citation: year, court, number without brackets ("2023 ONCJ 412", "2016
#: SCC 27", "2019 ONCA 316")
_CANADIAN_CITATION = re.compile(
    r"(?<![\w\[])(?:19|20)\d\d\s+(?:SCC|FCA|FC|TCC|CMAC|CHRT|ON(?:CA|SC|CJ|SCDC)|BC(?:CA|SC|PC)"
    r"|AB(?:CA|QB|KB|PC)|SK(?:CA|QB|KB|PC)|MB(?:CA|QB|KB|PC)|QC(?:CA|CS|CQ|TJ)|NS(?:CA|SC|PC)"
    r"|NB(?:CA|QB|KB|PC)|NL(?:CA|SC|PC)|PE(?:CA|SC)|YK(?:CA|SC)|NWT(?:CA|SC)|NU(?:CJ|CA))"
    r"\s+\d{1,5}(?![\w/])")
#: an Australian or New Zealand law report citation: year in round brackets, volume, report,
#: page ("(2006) 206 FLR 212", "(1992) 175 CLR 1", "(2001) 28 Fam LR 1")
_ROUND_YEAR_REPORT = re.compile(r"\((?:1[89]|20)\d\d\)\s+\d{1,4}\s+[A-Z][A-Za-z]{0,5}"
                                r"(?:\s[A-Z][A-Za-z]{0,3})?\s+\d{1,5}(?![\w/])")
#: an Australian court's file number ("SYF 4417 of 2022", "MLC 1234 of 2020")
_FILE_OF_YEAR = re.compile(r"(?<![\w-])[A-Z]{2,5}[ ]?\d{1,6}[ ]of[ ](?:19|20)\d\d(?![\w/])")
#: a US law report citation: volume, reporter, first page, a pinpoint and the court and year
#: in brackets ("550 U.S. 544", "123 F.3d 456, 460 (7th Cir. 1997)", "2021 WL 4410362, at *2
#: (N.D. Ill. Sept. 27, 2021)")
_US_REPORTER = re.compile(
    r"(?<![\w.])\d{1,4}\s+(?:U\.\s?S\.|S\.\s?Ct\.|L\.\s?Ed\.(?:\s?2d)?|F\.(?:\s?(?:2d|3d|4th))?"
    r"|F\.\s?Supp\.(?:\s?[23]d)?|F\.\s?App['\u2019]x|WL|N\.[EW]\.(?:\s?[23]d)?|A\.(?:\s?[23]d)?"
    r"|P\.(?:\s?[23]d)?|S\.[EW]\.(?:\s?2d)?|So\.(?:\s?[23]d)?|B\.R\.|Cal\.\s?Rptr\.(?:\s?[23]d)?"
    r"|N\.Y\.S\.(?:\s?[23]d)?)\s+\d{1,7}(?:,\s+(?:at\s+)?\*{0,2}\d+(?:[-\u2013]\d+)?)?"
    r"(?:\s+\((?:[A-Z0-9][\w.'\u2019]*\s){0,4}(?:[A-Z][a-z]{2,4}\.?\s\d{1,2},\s)?(?:19|20)\d\d\))?"
    r"(?![\w])")
_US_DOCKET = re.compile(r"(?<![\w:/-])\d{1,2}:\d{2}-(?:cv|cr|mc|mj|bk|ap|md|po|sw|gj|misc)-"
                        r"\d{3,6}(?:-[A-Z]{2,4}){0,3}(?![\w-])")  # "1:24-cv-05512-JRB"
_ECHR_OLD = re.compile(r"(?<![\w/])\d{1,4}/(?:19|20)\d\d/\d{1,4}/\d{1,4}(?![\w/])")


_BODY = r"(?:[A-Z]{1,3}[-/]?)?\d{1,6}[A-Za-z]{0,2}(?:[./-][0-9A-Za-z]{1,6}){0,4}"  # "H-2-17", "RM/1"
_BODY_END = r"(?![\w/-]|[.,]\w|[ \u00a0]\d)"  # not the first group of a longer number
_ROOM = re.compile(
    r"(?<![\w-])(?:[Cc]ells?|[Rr]ooms?|[Ww]ards?|[Bb]locks?|[Ww]ings?|[Ff]lats?|[Aa]partments?"
    r"|[Dd]ormitor(?:y|ies)|[Bb]arracks|[Hh]uts?)\s+(?:(?:[Nn]os?\.|[Nn]r\.?|[Nn]umbers?|#)\s*)?"
    rf"(?P<code>{_BODY}){_BODY_END}")
#: the code after a cell's or a room's noun and a comma ("in his cell, A2-14, at HMP Durham")
_ROOM_AFTER_COMMA = re.compile(
    r"(?<![\w-])(?:[Cc]ell|[Rr]oom|[Ww]ard|[Bb]lock|[Ff]lat|[Bb]ed)[^\S\n]*,[^\S\n]+"
    r"(?P<code>[A-Z]{1,3}\d{0,3}[-/.]\d{1,4}[A-Za-z]?|[A-Z]\d{1,4}[A-Z]?)(?=[,.;)]?(?:\s|\Z))")
#: an entry's number after "#" ("incidents #20231, #20344"; not "&#8217;" nor a URL's "#12")
_HASH_NUMBER = re.compile(r"(?<![\w#&/])#\d{3,10}(?![\w-])")
_STATUTE = re.compile(r"(?<![\w:/.,-])(?:1[6-9]|20)\d\d:\d{1,4}(?![\w:]|[.,]\d)")
_DOC_REF = re.compile(
    r"(?<![\w/-])(?:[A-Z][A-Za-z]{0,7}(?:[/-][A-Z][A-Za-z]{0,7}){1,3}\s?"
    r"|[A-Z][a-z]{0,4}[A-Z]{1,4}[a-z]{0,3})\((?:19|20)\d\d\)\s?\d{1,4}(?![\w/]|[.,]\d)")
_REF_NOUN = (
    r"(?:[Ff]iles?|[Rr]egist(?:er|ry|ration)|[Rr]ecords?|[Dd]ockets?|[Dd]ossiers?|[Dd]ecisions?"
    r"|[Jj]udge?ments?|[Rr]ulings?|[Ii]ndictments?|[Ww]arrants?|[Rr]eports?|[Rr]ef(?:erence)?\.?"
    r"|[Pp]risoners?|[Ii]nmates?|[Dd]etainees?|[Bb]adges?|[Aa]ccounts?|[Pp]assports?"
    r"|[Ll]icen[cs]es?|[Pp]ermits?|[Cc]ertificates?|ID|[Tt]ickets?|[Ii]nvoices?|[Rr]eceipts?"
    r"|[Cc]ontracts?|[Cc]laims?|[Cc]omplaints?|[Pp]roceedings|[Cc]ases?|URN)")
#: a police case's unique reference number: force, station, serial, year ("01/YX/04417/24",
#: "01 YX 04417 24", "01YX0441724")
_URN = re.compile(r"\bURN\b[:#]?[^\S\n]*(?P<code>\d{2}(?P<sep>[^\S\n]?/?[^\S\n]?)[A-Z]{2}(?P=sep)"
                  r"\d{5}(?P=sep)\d{2})(?![\w/])")
_REF = re.compile(
    rf"\b(?:{_REF_NOUN}:?\s+(?P<no>(?:[Nn]os?[.:]|[Nn]r\.?|[Nn]umbers?:?|#)\s*)?"
    r"|(?:[Uu]nder|[Ww]ith|[Bb]earing)\s+(?:the\s+)?(?:[Nn]umbers?|[Nn]os?\.|[Rr]eference)\s+"
    r"|(?<![\w.])(?:[Nn]o\.|[Nn]umber)\s*)"
    rf"(?P<code>(?=(?:[A-Z]{{1,3}}[-/]?)?\d){_BODY}|(?<![Nn]o\.)(?<![Nn]o\. )[A-Z]{{1,3}} \d{{2,6}}){_BODY_END}")
_NOT_REF_BEFORE = re.compile(
    r"(?i)(?:\b(?:laws?|acts?|protocols?|series|decrees?|regulations?|rules?|directives?"
    r"|conventions?|articles?|resolutions?|recommendations?|codes?|reports|decisions|judgments"
    r"|gazette|journal|bulletin|vol|volume|issue|edition|pages?|p|pp|paras?|paragraphs?|sections?"
    r"|items?|points?|annex|appendix|schedule|chapters?|parts?|tables?|figures?|ordinances?"
    r"|statutes?|treat(?:y|ies)|amendments?|bills?|orders?)\b[^.;:\n]{0,30}"
    r"|\bv\.\s[^()\n]{1,60}\(|\b(?:19|20)\d\d\W{0,3}"
    r"|\b(?:dkt|ecf|doc|exh?|exhibits?|tabs?)\.?\s*)$")  # "Dkt. No. 57": a filing's entry
_ORDINAL = re.compile(r"\d(?:st|nd|rd|th)$|^(?:19|20)\d\d-[IVX]+$")  # "5th", "1997-I" (Reports)


_YEAR_SERIAL = re.compile(
    r"(?<![\w/.-])(?:(?P<prefix>[A-Z][A-Z0-9]{1,7}(?:-[A-Z][A-Z0-9]{1,7}){0,2})-)?"
    r"(?P<year>(?:19|20)\d\d)-(?P<serial>\d{3,7})"
    r"(?![\w/-]|[.,:]\d)")
_SERIAL_PHONE_CUE = re.compile(
    r"(?i)\b(?:tel|tlf|telephone|phone|mobile|mob|fax|call(?:ed)?|ring|reach(?:ed)?|sms|text)"
    r"\b\W{0,12}(?:\w+\W{1,3}){0,3}$")


def _year_serial(m: re.Match[str], text: str) -> bool:
    """A year-and-serial reference, not a range of years ("1990-1995") nor a phone number
    that a cue introduces ("call 2024-1187")."""
    serial = m.group("serial")
    if not m.group("prefix"):
        if len(serial) == 4 and serial[:2] in ("19", "20") and serial >= m.group("year"):
            return False  # "2019-2020": years
        if _SERIAL_PHONE_CUE.search(text[max(0, m.start() - 40) : m.start()]):
            return False
    return True


#: a health or care professional's registration number after its register's name: the GMC's
#: (seven digits), the NMC's PIN ("12A3456E"), the HCPC's ("PA123456"), the GDC's, GOC's,
#: GPhC's, the Scottish and Northern Irish social care councils'
_PROFESSIONAL = re.compile(
    r"\b(?:GMC|GDC|GOC|GPhC|NMC|HCPC|SSSC|NISCC|Social\s+Work\s+England)"
    r"(?:[^\S\n]+(?:[Nn]o\.?|[Nn]umber|[Rr]eg(?:istration)?\.?(?:[^\S\n]+[Nn]o\.?)?|PIN))?"
    r"[:#]?[^\S\n]{0,2}(\d{7}|\d{2}[A-Z]\d{4}[A-Z]|[A-Z]{2}\d{5,6}|SW\d{5,6})(?![\w/-])")
#: an internal telephone after its cue ("bleep 4471", "ext. 2231", "pager 07")
_EXTENSION = re.compile(r"(?i)\b(?:bleep|pager|ext\.?|extension)[^\S\n]*(?:no\.?)?[:#]?"
                        r"[^\S\n]{0,2}(\d{2,6})(?![\w/-]|[.,]\d)")


def find_reference_codes(text: str) -> Iterable[Hit]:
    """Rooms and cells, statute numbers, document references, cue-made numbers,
    year-and-serial references, professional registration numbers and extensions."""
    low = text.lower()
    for m in _PROFESSIONAL.finditer(text) if mentions(low, "gmc", "gdc", "goc", "gphc", "nmc",
                                                      "hcpc", "sssc", "niscc", "work england") \
            else ():
        yield Hit(m.start(1), m.end(1), Label.CODE, "PROFESSIONAL_REGISTRATION", 0.95,
                  "a professional register's number after its name (its format)", RANK_CASE,
                  True)
    for m in _EXTENSION.finditer(text) if mentions(low, "bleep", "pager", "ext") else ():
        yield Hit(m.start(1), m.end(1), Label.CODE, "PHONE_EXTENSION", 0.9,
                  "an internal telephone number after its cue", RANK_CASE)
    for m in _URN.finditer(text) if "URN" in text else ():
        yield Hit(m.start("code"), m.end("code"), Label.CODE, "REFERENCE_NUMBER", 0.99,
                  "a police unique reference number after \"URN\" (its layout)", RANK_CASE)
    for m in _YEAR_SERIAL.finditer(text):
        if _year_serial(m, text):
            yield Hit(m.start(), m.end(), Label.CODE, "REFERENCE_NUMBER", 0.9,
                      "reference number (year and serial)", RANK_CASE)
    for m in _ROOM.finditer(text):  # seven digits or more: a US "cell" (mobile) number
        if not _ORDINAL.search(m.group("code")) and sum(
                c.isdigit() for c in m.group("code")) < 7:
            yield Hit(m.start(), m.end(), Label.CODE, "ROOM_NUMBER", 0.99,
                      "cell or room number", RANK_CASE)
    for m in _HASH_NUMBER.finditer(text) if "#" in text else ():
        yield Hit(m.start(), m.end(), Label.CODE, "REFERENCE_NUMBER", 0.9,
                  "a numbered entry (# and digits)", RANK_CASE)
    for m in _ROOM_AFTER_COMMA.finditer(text):
        yield Hit(m.start("code"), m.end("code"), Label.CODE, "ROOM_NUMBER", 0.95,
                  "cell or room number (after its noun and a comma)", RANK_CASE)
    for m in _STATUTE.finditer(text):
        yield Hit(m.start(), m.end(), Label.CODE, "STATUTE_NUMBER", 0.95,
                  "statute number (year:number)", RANK_CASE)
    for m in _DOC_REF.finditer(text):
        if not re.match(r"[A-Z][a-z]*[A-Z]|[A-Z]{2}", m.group(0)):
            continue  # "Jean-Pierre (1990) 5": a name, not a series
        yield Hit(m.start(), m.end(), Label.CODE, "DOCUMENT_REFERENCE", 0.99,
                  "document reference (series (year) number)", RANK_CASE)
    for m in _REF.finditer(text):
        code = m.group("code")
        bare = re.match(r"(?i)no\.|number", m.group(0)) is not None
        if _ORDINAL.search(code) or (bare and "/" in code) or (
                code.isdigit() and len(code) < 6 and not bare and not m.group("no")
                and not re.match(r"(?i)under|with|bearing", m.group(0))):
            continue  # slashed after "no.": a case number; "file 68": needs a "no." (six
            # digits need none: "passport 123456")
        if bare and _NOT_REF_BEFORE.search(text[max(0, m.start() - 70) : m.start()]):
            continue
        # a cue and a shape: surer than a model's guess of the same span ("13/40" a date)
        yield Hit(m.start("code"), m.end("code"), Label.CODE, "REFERENCE_NUMBER",
                  0.99, "number after a reference cue", RANK_CASE)


def find_case_numbers(text: str) -> Iterable[Hit]:
    seen: set[int] = set()
    for cue in _CUE.finditer(text):
        pos = cue.end()
        while True:
            m = _NUMBER.match(text, pos)
            if not m or m.start() in seen:
                break
            value = m.group(0)
            if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
                break  # an ISO date after "no." is still a date
            seen.add(m.start())
            yield Hit(m.start(), m.end(), Label.CODE, "CASE_NUMBER", 0.9,
                      "case or application number after a number cue", RANK_CASE)
            sep = _SEP.match(text, m.end())
            if not sep:
                break
            pos = sep.end()
    for m in _ECHR_OLD.finditer(text):
        if m.start() not in seen:
            yield Hit(m.start(), m.end(), Label.CODE, "CASE_NUMBER", 0.85,
                      "Court case number (nn/yyyy/nnn/nnn)", RANK_CASE)
    for m in _US_DOCKET.finditer(text):
        yield Hit(m.start(), m.end(), Label.CODE, "CASE_NUMBER", 0.95,
                  "US federal court docket number (office:year-type-number)", RANK_CASE)
    for m in _CITATION.finditer(text):
        yield Hit(m.start(), m.end(), Label.CODE, "CASE_NUMBER", 0.8,
                  "law report citation", RANK_CASE)
    for m in _NEUTRAL_CITATION.finditer(text) if "[" in text else ():
        yield Hit(m.start(), m.end(), Label.CODE, "CASE_NUMBER", 0.85,
                  "neutral citation of a court ([year] court number)", RANK_CASE)
    for m in _CANADIAN_CITATION.finditer(text):
        yield Hit(m.start(), m.end(), Label.CODE, "CASE_NUMBER", 0.85,
                  "neutral citation of a Canadian court (year court number)", RANK_CASE)
    for m in _ROUND_YEAR_REPORT.finditer(text) if "(" in text else ():
        yield Hit(m.start(), m.end(), Label.CODE, "CASE_NUMBER", 0.8,
                  "law report citation ((year) volume report page)", RANK_CASE)
    for m in _FILE_OF_YEAR.finditer(text) if " of " in text else ():
        yield Hit(m.start(), m.end(), Label.CODE, "CASE_NUMBER", 0.9,
                  "a court's file number (letters, number \"of\" year)", RANK_CASE)
    for m in _US_REPORTER.finditer(text):
        yield Hit(m.start(), m.end(), Label.CODE, "CASE_NUMBER", 0.8,
                  "US law report citation (volume, reporter, page)", RANK_CASE)
    for m in _HK_ACTION.finditer(text):
        yield Hit(m.start(), m.end(), Label.CODE, "CASE_NUMBER", 0.9,
                  "a Hong Kong court's action number (its code, number/year)", RANK_CASE)
