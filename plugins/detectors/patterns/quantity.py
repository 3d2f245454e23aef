"""Money, percentages, counted things and measures (QUANTITY), and ages.

Following the TAB annotations, a person's age ("aged 45", "45 years old", "a 45-year-old",
"at the age of 65") is labelled DEM (demographic attribute), subtype AGE, and durations
("12 months") are DATETIME (see :mod:`pattern_datetime`). Bare numbers ("two") are not
reported: without a counted noun they are rarely identifying.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import (
    DIGITS,
    NUMBER,
    NUMBER_WORD,
    RANK_AMOUNT,
    RANK_COUNT,
    Hit,
    number_value,
)
from redactor_plugins.shared.language.calendar_words import AGE_SHORT, YEARS_OF_AGE

from redactor.plugin_api import Label

_CODES = (
    "EUR USD GBP GPB CHF DKK SEK NOK ISK PLN CZK HUF RON BGN HRK RUB RUR UAH TRY TRL GEL AMD "
    "AZN MDL BAM RSD MKD ALL JPY CNY CAD AUD NZD INR BRL ZAR ILS"
).split()
_SYMBOLS = r"[€$£¥₺₽₴]"
_CUR_WORDS = (
    r"(?:euros?|cents?|dollars?|pounds?(?:\s+sterling)?|sterling|pence|kron(?:er|or|a|e)|krones?"
    r"|liras?|lira|zlotys?|złotys?|groszy|francs?|roubles?|rubles?|hryvnias?|forints?|korunas?"
    r"|lei|lev|kuna|yen|yuan|rupees?|lari|drams?|manats?|marks?|Deutsche\s+Marks?|pesetas?"
    r"|escudos?|drachmas?|schillings?|guilders?|lire)"
)
_ADJ = r"(?:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+)"  # "Turkish", "Danish", "New Turkish"
_SCALE = r"(?:\s*(?:million|billion|thousand|bn|m(?!\w)|k(?!\w)))"
_APPROX = (
    r"(?:(?:[Aa]bout|[Aa]pproximately|[Aa]round|[Aa]lmost|[Nn]early|[Oo]ver|[Uu]nder|[Ss]ome"
    r"|[Mm]ore\s+than|[Ll]ess\s+than|[Uu]p\s+to|[Aa]t\s+least)\s+)?"
)
_CODE_RE = "|".join(_CODES)
#: an amount's period is part of it ("GBP 70.20 per week", "EUR 1,500 a month")
_RATE = (r"(?:\s+(?:per|a|an|each|every)\s+(?:week|month|year|annum|day|hour|fortnight"
         r"|quarter|night)(?!\w))")
_MONEY_RE = re.compile(
    rf"(?<![\w.,]){_APPROX}(?:"
    rf"(?:(?:{_CODE_RE})\s?|{_SYMBOLS}\s?){DIGITS}{_SCALE}?(?:\s+(?:{_CODE_RE}))?"
    rf"|{NUMBER}{_SCALE}?\s*(?:{_CODE_RE}|{_SYMBOLS})(?!\w)"
    rf"|{NUMBER}{_SCALE}?\s+{_ADJ}?{_CUR_WORDS}(?:\s+\((?:{_CODE_RE})\))?"
    rf"){_RATE}?(?![\w])"
)
_PERCENT_RE = re.compile(
    rf"(?<![\w.,]){_APPROX}{NUMBER}\s?(?:%|per\s?cent(?!\w)|percent(?!\w)|percentage\s+points?)"
)
_AGE_N = rf"(?:\d{{1,3}}|{NUMBER_WORD})(?!\w)"
_AGE_RE = re.compile(
    rf"(?<![\w-])(?:"
    rf"(?:[Aa]ged|[Aa]ges?:?)\s+(?:about\s+|approximately\s+)?{_AGE_N}"
    rf"(?:(?:\s*,\s*|\s+(?:and|or|to)\s+){_AGE_N})*"
    rf"(?:\s+years?(?:\s+old)?)?"
    rf"|(?:\d{{1,3}}|{NUMBER_WORD})[-\u2011\s]years?[-\u2011\s]old(?!\w)"
    rf"|\d{{1,3}}[-\u2011\s]?(?:{AGE_SHORT}|yrs?\.?[-\u2011\s]old)(?!\w)"
    rf"|(?:\d{{1,3}}|{NUMBER_WORD})\s+years?\s+of\s+age(?!\w)"
    rf"|(?<=the\s)age\s+of\s+(?:\d{{1,3}}|{NUMBER_WORD})(?:\s+years?(?:\s+old)?)?(?!\w)"
    rf"|(?:in\s+(?:his|her|their)\s+)(?:early\s+|mid[-\s]|late\s+)?(?:twenties|thirties|forties"
    rf"|fifties|sixties|seventies|eighties|nineties|\d0s)(?!\w)"
    rf")"
)
_MEASURE_RE = re.compile(
    rf"(?<![\w.,]){_APPROX}{NUMBER}\s?(?:km|kilomet(?:re|er)s?|met(?:re|er)s?|cm|mm|m²|sq\.?\s?m"
    rf"|square\s+met(?:re|er)s?|hectares?|ha|acres?|miles?|feet|foot|ft|inches|kg|kilo(?:gram)?s?"
    rf"|grams?|g|mg|tonnes?|tons?|lit(?:re|er)s?|ml|l|km/h|mph|°C|degrees)(?![\w²])"
)
# "three children", "16 other suspects", "fourteen other defendants", "20 companies"
_TIME_UNITS = r"(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|decades?|centuries|times)"
_NOT_MODIFIERS = (r"(?:of|the|and|or|but|were|are|was|had|have|has|who|which|that|in|on|at|to"
                  r"|for|with|by|from|his|her|their|its|these|those|such|being|been)")
#: words that end what "counts of …" counts ("three counts of common assault contrary to …")
_OF_STOP = (r"(?:contrary|under|against|in|on|at|to|for|with|by|from|and|or|which|that|was"
            r"|were|is|are|had|has|have)")
# "four disciplinary offences", "two concurrent terms": up to two lower-case words before the
# counted noun; "three counts of common assault": what is counted, after "counts of"
_COUNT_RE = re.compile(
    rf"(?<![\w.,/-])(?:{NUMBER_WORD}|\d{{1,3}}(?:,\d{{3}})*|\d{{1,4}})"
    rf"(?:\s+(?!{_NOT_MODIFIERS}\b|{_TIME_UNITS}\b)[a-z][a-z-]{{2,}}){{0,2}}"
    rf"\s+(?!{_TIME_UNITS}\b)(?:children|people|persons|men|women|police(?:men)?|staff"
    rf"|[a-z]{{3,}}(?<!ss)(?<!us)(?<!is)(?<!lo)s|others)(?!\w)"  # (German "arbeitslos")
    rf"(?:(?:(?<=counts)|(?<=charges))\s+of\s+(?:(?!{_OF_STOP}\b)[a-z]+\s+){{0,2}}"
    rf"(?!{_OF_STOP}\b)[a-z]{{3,}}(?!\w))?"
)
_LEGAL_REF = re.compile(
    r"(?:\b(?:[Aa]rticles?|[Ss]ections?|[Rr]ules?|[Pp]aragraphs?|[Pp]aras?|[Ll]aw|[Aa]ct|[Nn]os?"
    r"|[Nn]r|[Pp]rotocol|[Cc]hapter)\.?|§)\s*$"
)
_NOT_COUNT_NOUNS = {
    "was", "has", "does", "is", "years", "this", "thus", "plus", "perhaps", "always",
    "whereas", "its", "his", "hers", "as", "ones", "times", "less", "series",
    "seconds", "paragraphs", "articles", "sections", "rules", "minutes",
}


def find_money(text: str) -> Iterable[Hit]:
    for m in _MONEY_RE.finditer(text):
        yield Hit(m.start(), m.end(), Label.QUANTITY, "MONEY", 0.9, "amount of money",
                  RANK_AMOUNT)


#: an amount with pence or cents in a table's column: after a column gap (a tab, 2+ spaces)
#: or at a line's start before one ("Paid out  Paid in  Balance" of a bank statement)
_COLUMN_AMOUNT = re.compile(r"(?:(?<=\t)|(?<=  )|(?<=^))(-?\d{1,3}(?:,\d{3})*\.\d{2})"
                            r"(?=[ \t]*$|\t|  )", re.MULTILINE)
#: a table holds at least this many
_TABLE_AMOUNTS = 3


def find_column_amounts(text: str) -> Iterable[Hit]:
    """Amounts with two decimals standing in a table's columns ("1,204.17", "38.50"), in a
    text that has at least :data:`_TABLE_AMOUNTS` of them: one QUANTITY each (a model had cut
    "1,165.67" into "1", "165" and a place "67")."""
    found = list(_COLUMN_AMOUNT.finditer(text))
    if len(found) < _TABLE_AMOUNTS:
        return
    for m in found:
        yield Hit(m.start(1), m.end(1), Label.QUANTITY, "", 0.85, "an amount in a table's column",
                  RANK_AMOUNT)


def find_percentages(text: str) -> Iterable[Hit]:
    for m in _PERCENT_RE.finditer(text):
        yield Hit(m.start(), m.end(), Label.QUANTITY, "PERCENT", 0.85, "percentage",
                  RANK_AMOUNT)


#: an age between commas right after a person's name ("Mr Farid Rahimi, 47, of 12 Cowley
#: Road", "Smith, 52, a teacher"): the name's last word capitalised, no title or number word
_AGE_AFTER_NAME = re.compile(
    r", (1[0-1]\d|[1-9]\d?)(?=, (?:of|a|an|the|from|who|whose|and|[a-z]+ed)\b|\))")
_NAME_BEFORE_AGE = re.compile(r"\b([A-Z][a-z'’]{1,20})\Z")
#: an age said of a person ("She is 19 and on a visa", "he was 15,", "B, …, who is now 6."):
#: a pronoun, a form of "to be" (maybe "now", "only" …) and a number that nothing counts
_AGE_OF_PRONOUN = re.compile(
    r"(?:is|was|are|were|am|'s|’s|turned|turns)[^\S\n]+(?:(?:now|only|nearly|almost|just"
    r"|already)[^\S\n]+)?(1[0-1]\d|[1-9]\d?|one|two|three|four"
    r"|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    r"|seventeen|eighteen|nineteen)"
    r"(?=[^\S\n]*(?:[,.;:)]|\band\b|\bbut\b|\bwhen\b|\bat\b|\bin\b|\Z))")
_PRONOUN_BEFORE = re.compile(  # "she's nine", "Our client is 37", "Mrs Okafor was 52"
    r"(?:\b(?:[Ss]he|[Hh]e|I|[Tt]hey|who)|\b(?:[Oo]ur|[Mm]y|[Tt]he|[Hh]is|[Hh]er|[Tt]heir)[^\S\n]+"
    r"(?:client|patient|applicant|claimant|appellant|defendant|child|son|daughter|mother"
    r"|father|wife|husband|partner|victim|deceased|complainant|employee|tenant|pupil)"
    r"|\b(?:Mr|Mrs|Ms|Miss|Dr)\.?[^\S\n]+[A-Z][\w'’-]+)[^\S\n]*\Z")
_NOT_A_NAME = frozenset("article section rule chapter page paragraph room flat unit cell "
                        "pages articles sections rules paragraphs nos no schedule annex part "
                        "protocol appendix table figure note exhibit tab volume item point "
                        "question step stage phase level grade zone block ward bed".split())
#: an age in brackets after a name or a date of birth ("children Yusuf (6) and Amira (2)",
#: "Ms El Idrissi (29)", "DOB: 19/06/1941 (83)")
#: a date of birth right before ("DOB: 19/06/1941 (83)")
_BIRTH_DATE_BEFORE = re.compile(r"(?i)\b(?:DOB|D\.O\.B\.?|born|date\s+of\s+birth)\b[:\s]*"
                                r"[\w ./-]{4,20}\d\Z")
_AGE_IN_BRACKETS = re.compile(r"\s\((?:now[ ]|aged?[ ])?((?:1[0-1]\d|[1-9]\d?)(?:[ ]?(?:yrs?|years?|y))?)\)")
# ("X, born in 2013 (now 11)")


#: an age in Norwegian, Danish, Swedish or German: "(7 år)", "din son Erik, 6 år.", "7 år
#: gammel", "45 Jahre alt", "(45 Jahre)"
_NORDIC_AGE = re.compile(
    r"(?:(?<=\()|(?<=, ))(?:1[0-1]\d|[1-9]\d?)[ \u00a0](?:år|Jahre)(?=\)|[.,;](?!\d))"
    r"|(?<!\w)(?:1[0-1]\d|[1-9]\d?)[ \u00a0](?:år[ \u00a0]gam(?:m)?(?:el|le|al)|Jahre[ \u00a0]alt)\b")


#: an age in French, Spanish, Italian, Portuguese, Dutch or Polish: "âgé de 9 ans", "(9 ans)",
#: ", 45 años,", "tiene 45 años", "45 jaar oud", "ma 9 lat" after a cue — the number and its
#: unit
_AGE_UNIT = YEARS_OF_AGE
_CONTINENTAL_AGE = re.compile(
    rf"(?:(?<=\()|(?<=, ))((?:1[0-1]\d|[1-9]\d?)[ \u00a0]{_AGE_UNIT})(?=\)|[.,;](?!\d))"
    rf"|(?<!\w)(?:[âa]gée?s?|[âa]gé\(e\)|tiene|tenía|tenia|ha|aveva|tem|tinha|edad\s+de"
    rf"|età\s+di|idade\s+de)[ \u00a0]+(?:de[ \u00a0]+)?((?:1[0-1]\d|[1-9]\d?)[ \u00a0]{_AGE_UNIT})\b"
    rf"|(?<!\w)((?:1[0-1]\d|[1-9]\d?)[ \u00a0](?:jaar[ \u00a0]oud|años[ \u00a0]de[ \u00a0]edad"
    rf"|anni[ \u00a0]di[ \u00a0]età|anos[ \u00a0]de[ \u00a0]idade))(?!\w)"
    rf"|(?<!\w)(?:ma|miał|miała|skończył|skończyła)[ \u00a0]+((?:1[0-1]\d|[1-9]\d?)[ \u00a0]"
    rf"(?:lat|lata|rok)\b)")  # Polish "ma 9 lat"


_AGE_UNIT_AFTER_NUMBER = re.compile(rf"\d[ \u00a0]{_AGE_UNIT}\b")


def find_ages(text: str) -> Iterable[Hit]:
    continental = _CONTINENTAL_AGE.finditer(text) if _AGE_UNIT_AFTER_NUMBER.search(text) else ()
    for m in continental:  # (one quick search first: an English text has none)
        g = next(i for i in (1, 2, 3, 4) if m.group(i))  # above the model's DATETIME "9 ans"
        yield Hit(m.start(g), m.end(g), Label.DEM, "AGE", 0.95,
                  "age of a person (ans, años, anni, jaar)", RANK_AMOUNT)
    for m in _NORDIC_AGE.finditer(text) if "år" in text or "Jahre" in text else ():
        yield Hit(m.start(), m.end(), Label.DEM, "AGE", 0.85, "age of a person (år, Jahre)",
                  RANK_AMOUNT)
    for m in _AGE_OF_PRONOUN.finditer(text):
        if not _PRONOUN_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            continue
        yield Hit(m.start(1), m.end(1), Label.DEM, "AGE", 0.95, "a person's age after a pronoun "
                  "and a form of \"to be\"", RANK_AMOUNT)
    for m in _AGE_AFTER_NAME.finditer(text):
        name = _NAME_BEFORE_AGE.search(text, max(0, m.start() - 22), m.start())
        if name is None or name.group(1).casefold() in _NOT_A_NAME:
            continue
        yield Hit(m.start(1), m.end(1), Label.DEM, "AGE", 0.9,
                  "age between commas after a name", RANK_AMOUNT)
    for m in _AGE_IN_BRACKETS.finditer(text):
        name = _NAME_BEFORE_AGE.search(text, max(0, m.start() - 22), m.start())
        if (name is not None and name.group(1).casefold() not in _NOT_A_NAME) or \
                _BIRTH_DATE_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            yield Hit(m.start(1), m.end(1), Label.DEM, "AGE", 0.9,  # above a model's CODE
                      "age in brackets after a name or a date of birth", RANK_AMOUNT)
    for m in _AGE_RE.finditer(text):
        value = re.search(rf"\d{{1,3}}|{NUMBER_WORD}", m.group(0))
        if value is not None:
            n = number_value(value.group(0))
            if n is not None and not 0 <= n <= 125:
                continue
        yield Hit(m.start(), m.end(), Label.DEM, "AGE", 0.85, "age of a person", RANK_AMOUNT)


#: a school year, which gives a child's age within a year: "Year 4", "Year R", "Yr 10",
#: "4th grade", "grade 11", Irish "2nd class", "Senior Infants", "Rang a Dó" (capital "Year": "the year 4
#: of the plan" is no school year)
_SCHOOL_YEAR_RE = re.compile(
    r"(?<![\w-])(?:(?:Year|Yr\.?)\s?(?:1[0-3]|[1-9]|R)(?![\w/.,:-]?\d)"
    r"|(?:1[0-3]|[1-9])\.\s?(?:Klasse|klasse|trinn|Schuljahr)(?!\w)"  # German, Nordic
    r"|(?:årskurs|åk)\s?(?:[1-9])(?!\d)"
    r"|(?:1[0-2]|[1-9])(?:st|nd|rd|th)[-\s]grade|[Gg]rade\s(?:1[0-2]|[1-9])"
    r"|[1-6](?:st|nd|rd|th)[ ]class|(?:Junior|Senior)[ ][Ii]nfants"  # Irish, in English
    r"|Rang[ ](?:a[ ])?(?:hAon|Dó|Trí|Ceathair|Cúig|Sé|[1-6])|Naíonáin[ ](?:Bheaga|Mhóra)"
    r"|(?<=\bin[ ])(?:P[1-7]|S[1-6])|(?:Primary|Secondary)[ ][1-7])(?![\w-])")  # Scottish "in P7"


def find_school_years(text: str) -> Iterable[Hit]:
    for m in _SCHOOL_YEAR_RE.finditer(text):  # "in P7" above a model's place
        yield Hit(m.start(), m.end(), Label.DEM, "SCHOOL_YEAR", 0.95 if re.fullmatch(
            r"[PS]\d", m.group(0)) else 0.8, "a child's school year", RANK_AMOUNT)


def find_measures(text: str) -> Iterable[Hit]:
    for m in _MEASURE_RE.finditer(text):
        yield Hit(m.start(), m.end(), Label.QUANTITY, "MEASURE", 0.7, "measured quantity",
                  RANK_COUNT)


def find_counts(text: str) -> Iterable[Hit]:
    for m in _COUNT_RE.finditer(text):
        noun = m.group(0).rsplit(None, 1)[-1].lower()
        if noun in _NOT_COUNT_NOUNS:
            continue
        if _LEGAL_REF.search(text[max(0, m.start() - 14) : m.start()]):
            continue  # "Article 8 rights", "section 69 provides", "Law no. 5326 ..."
        first = m.group(0).split(None, 1)[0]
        n = number_value(first)
        if n is None or n < 2 and not first.isdigit():
            continue
        yield Hit(m.start(), m.end(), Label.QUANTITY, "COUNT", 0.6, "counted quantity",
                  RANK_COUNT)
