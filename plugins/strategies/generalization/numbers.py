"""Numbers, quantities and ages: parsing and generalization (levels ``range``/``magnitude``).

* ``range``: 1-5-10 buckets ("3,200 euros" → "between 1,000 and 5,000 euros"), "fewer than
  ten" for small counts, deciles for percentages, decades of life for ages ("42 years old" →
  "in their forties"); a bucket never has the original number as a bound.
* ``magnitude``: orders of magnitude ("thousands of euros", "a few"), life stages for ages
  ("an adult").
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from redactor_plugins.shared.language.calendar_words import AGE_SHORT
from redactor_plugins.strategies.generalization.text import Phrase

LEVELS = ("range", "magnitude")
DEFAULT_LEVEL = "range"

UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "a": 1, "an": 1, "single": 1, "dozen": 12, "couple": 2,
}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90}
SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000,
          "trillion": 1_000_000_000_000, "k": 1_000, "m": 1_000_000, "mn": 1_000_000,
          "bn": 1_000_000_000, "mill": 1_000_000, "mrd": 1_000_000_000}
ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
    "hundredth": 100,
}
CURRENCIES = {
    "$": "dollars", "us$": "dollars", "usd": "dollars", "€": "euros", "eur": "euros",
    "£": "pounds", "gbp": "pounds", "¥": "yen", "jpy": "yen", "nok": "kroner", "kr": "kroner",
    "kr.": "kroner", "sek": "kronor", "dkk": "kroner", "chf": "francs", "rs": "rupees",
    "rs.": "rupees", "inr": "rupees", "₹": "rupees", "rub": "roubles", "₽": "roubles",
    "try": "lira", "pln": "zloty",
}
DECADE_NAMES = {1: "teens", 2: "twenties", 3: "thirties", 4: "forties", 5: "fifties",
                6: "sixties", 7: "seventies", 8: "eighties", 9: "nineties"}

_NUM = r"\d{1,3}(?:[,\u00a0\u202f' ]\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?|[.,]\d+"
_NUMBER_RE = re.compile(_NUM)
_WORDNUM_RE = re.compile(
    r"\b(?:(?:" + "|".join(sorted(list(UNITS) + list(TENS) + ["hundred", "thousand", "million",
                                                             "billion", "and"], key=len, reverse=True))
    + r")(?:[\s-]+|\b))+", re.IGNORECASE)
_AGE_AFTER = re.compile(r"^\s*(?:-|\s)?\s*(?:years?|yrs?)[\s-]*(?:old|of\s+age)\b|^-year-old",
                        re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Quantity:
    value: float
    prefix: str = ""  # a currency symbol or code written before the number
    unit: str = ""  # what follows the number ("euros", "lb", "%")
    ordinal: bool = False
    count: int = 1  # how many numbers the span holds


def parse_number(token: str) -> float | None:
    """A number written with digits, thousands separators or decimals ("1,200", "1.5")."""
    t = token.strip().replace("\u00a0", " ").replace("\u202f", " ")
    if re.fullmatch(r"\d{1,3}(?:[, ']\d{3})+(?:\.\d+)?", t):
        return float(re.sub(r"[, ']", "", t))
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})+(?:,\d+)?", t):
        return float(t.replace(".", "").replace(",", "."))
    if re.fullmatch(r"\d*[.,]\d+|\d+", t):
        return float(t.replace(",", "."))
    return None


def parse_word_number(text: str) -> float | None:
    """An English number in words ("twenty-eight", "two hundred", "a dozen")."""
    total, current, seen = 0.0, 0.0, False
    for word in re.split(r"[\s-]+", text.lower().strip()):
        if not word or word == "and":
            continue
        if word in UNITS:
            current += UNITS[word]
        elif word in TENS:
            current += TENS[word]
        elif word in ORDINAL_WORDS:
            current += ORDINAL_WORDS[word]
        elif word in ("hundred",):
            current = (current or 1) * 100
        elif word in SCALES and word not in ("k", "m", "mn", "bn", "mill", "mrd"):
            total += (current or 1) * SCALES[word]
            current = 0
        else:
            return None
        seen = True
    return total + current if seen else None


#: a word of approximation before an amount's currency ("approximately £6,000", "about $3,200")
_APPROXIMATELY = re.compile(r"(?i)^\s*(?:approximately|approx\.?|about|around|roughly|some|nearly"
                            r"|almost|circa|c\.|over|under|more\s+than|less\s+than|up\s+to"
                            r"|at\s+least|at\s+most)\s+")
#: currencies whose name is already plural or has no plural ("Swedish kronor", "yen")
_UNCOUNTED_CURRENCIES = frozenset("kronor kroner krónur zloty złoty yen yuan rand baht won "
                                  "renminbi".split())


def parse_quantity(text: str) -> Quantity | None:
    """The number, currency and unit of a quantity mention, or None."""
    s = text.strip()
    numbers = _NUMBER_RE.findall(s)
    if numbers:
        m = _NUMBER_RE.search(s)
        assert m is not None
        value = parse_number(m.group(0))
        if value is None:
            return None
        prefix = _APPROXIMATELY.sub("", s[: m.start()]).strip()  # "approximately £" → "£"
        rest = s[m.end() :]
        ordinal = bool(re.match(r"(st|nd|rd|th)\b", rest))
        if ordinal:
            rest = rest[2:]
        scale = re.match(r"\s*(thousand|million|billion|trillion|bn|mn|m|k|mill\.?|mrd\.?)\b",
                         rest, re.IGNORECASE)
        if scale and scale.group(1).lower() in ("m", "k") and prefix.lower() not in CURRENCIES:
            scale = None
        if scale:
            value *= SCALES[scale.group(1).lower().rstrip(".")]
            rest = rest[scale.end() :]
        unit = " ".join(rest.split()).strip(" .,;:()")
        if unit.startswith("%") or unit.lower().startswith(("percent", "per cent")):
            unit = "%"
        return Quantity(value, prefix, unit, ordinal, len(numbers))
    m = _WORDNUM_RE.search(s)
    if m and m.group(0).strip().lower() not in ("a", "an", "and"):
        value = parse_word_number(m.group(0))
        if value is None:
            return None
        unit = " ".join(s[m.end() :].split()).strip(" .,;:()")
        return Quantity(value, s[: m.start()].strip(), unit)
    word = s.lower().strip(" .,")
    if word in ORDINAL_WORDS:
        return Quantity(ORDINAL_WORDS[word], ordinal=True)
    return None


def fmt(value: float) -> str:
    """A bucket bound for humans: "5,000", "1 million", "0.5"."""
    if value >= 1_000_000_000 and value % 1_000_000_000 == 0:
        return f"{int(value // 1_000_000_000):,} billion"
    if value >= 1_000_000 and value % 1_000_000 == 0:
        return f"{int(value // 1_000_000):,} million"
    if value == int(value):
        return f"{int(value):,}"
    return f"{value:g}"


def bucket(value: float) -> tuple[float, float]:
    """The 1-5-10 bucket around ``value``; never with ``value`` itself as a bound."""
    if value <= 0:
        return (0.0, 1.0)
    k = math.floor(math.log10(value))
    base = 10.0**k
    low, high = (base, 5 * base) if value < 5 * base else (5 * base, 10 * base)
    if math.isclose(value, low):
        low = low / 2 if low == 5 * base else low / 2
    if math.isclose(value, high):
        high = high * 2
    return (low, high)


def _money(prefix: str, unit: str) -> tuple[str, str]:
    """(symbol written before bounds, unit written after) for range phrases."""
    p = prefix.lower()
    if p in ("$", "€", "£", "¥", "₹", "₽", "us$"):
        return prefix, unit
    if p in CURRENCIES:
        return "", CURRENCIES[p] + (" " + unit if unit else "")
    return "", unit


def _unit_name(q: Quantity) -> str:
    p = q.prefix.lower()
    if p in CURRENCIES:
        return CURRENCIES[p]
    return q.unit


IRREGULAR_PLURALS = {"child": "children", "person": "people", "man": "men", "woman": "women",
                     "foot": "feet", "tooth": "teeth", "mouse": "mice", "sheep": "sheep",
                     "fish": "fish", "baby": "babies"}
_PLURAL_FORMS = frozenset(IRREGULAR_PLURALS.values())
TIME_UNITS = ("second", "minute", "hour", "day", "night", "week", "fortnight", "month",
              "year", "decade", "century")
RATE = re.compile(r"\s+(?:(?:a|an|per|each|every)\s+(?:hour|day|night|week|fortnight|"
                  r"month|year|annum|quarter|term)|p\.?\s?a\.?|pa|monthly|weekly|yearly|"
                  r"annually)$", re.IGNORECASE)


def _plural_unit(unit: str) -> str:
    last = unit.split(" ")[-1] if unit else ""
    if last.lower() in _PLURAL_FORMS | _UNCOUNTED_CURRENCIES or last.lower().endswith(
            ("men", "ren")):
        return unit  # already plural ("children", "women")
    if last.lower() in IRREGULAR_PLURALS:
        return unit[: len(unit) - len(last)] + IRREGULAR_PLURALS[last.lower()]
    if (not unit or unit in ("%",) or len(unit) <= 3 or unit.endswith("s") or "/" in unit
            or unit in CURRENCIES.values()):  # "ng/L" is no noun
        return unit
    if unit.endswith("y") and unit[-2:-1] not in "aeiou":
        return unit[:-1] + "ies"
    return unit + "s"


def count_words(value: float) -> str:
    """ "a few" (2–4) or "several" (5–9) for a small whole count; '' otherwise."""
    if value != int(value) or not 2 <= value < 10:
        return ""
    return "a few" if value < 5 else "several"


def _is_counted_noun(unit: str) -> bool:
    """A noun being counted ("children", "parenting sessions"), not a unit of measure."""
    return bool(unit) and bool(re.fullmatch(r"[^\W\d_]{3,}(?: [^\W\d_]+)*", unit)) and (
        unit.lower() not in CURRENCIES.values() and unit.islower())


_RANGE = re.compile(r"(?i)\s*(?:between\s+)?(?P<a>[\w.,]+)\s*(?:or|to|-|–|and)\s*"
                    r"(?P<b>[\w.,]+)(?P<rest>\s+[^\W\d_][\w\s'-]*)?\s*")


def generalize_count_range(text: str, level: str) -> Phrase | None:
    """ "three or four" → "a few", "10-12 letters" → "between 10 and 20 letters": a range
    of counts by its larger end (it read "between 1 and 5 or fours")."""
    m = _RANGE.fullmatch(text)
    if not m:
        return None
    values = [parse_number(x) if _NUMBER_RE.fullmatch(x) else parse_word_number(x)
              for x in (m.group("a"), m.group("b"))]
    if any(v is None for v in values):
        return None
    high = max(v for v in values if v is not None)
    rest = (m.group("rest") or "").strip()
    words = count_words(high) if level != "magnitude" else ""
    if words:
        return Phrase(f"{words} {rest}".strip(), article=False, alt=rest)
    return generalize_quantity(Quantity(high, unit=rest), level)


def generalize_rate(text: str, level: str) -> Phrase | None:
    """ "EUR 1,500 a month" → "between 1,000 and 5,000 euros a month" (the rate kept)."""
    m = RATE.search(text.strip())
    if not m:
        return None
    q = parse_quantity(text.strip()[: m.start()])
    if q is None:
        return None
    inner = generalize_quantity(q, level)
    return Phrase(inner.text + m.group(0), inner.article, inner.plural, inner.alt)


def generalize_duration(q: Quantity, level: str) -> Phrase | None:
    """ "three weeks" → "a few weeks", "12 months" → "many months" ("the past months" after
    a determiner)."""
    unit = q.unit.lower()
    base = unit[:-1] if unit.endswith("s") else unit
    if base == "centurie":
        base = "century"
    if base not in TIME_UNITS or q.count > 1:
        return None
    plural = "centuries" if base == "century" else base + "s"
    if level == "magnitude" or q.value >= 10:
        head = "many"
    elif q.value < 2:
        return Phrase(f"about {'an' if base == 'hour' else 'a'} {base}", article=False,
                      alt=base)
    else:
        head = count_words(q.value) or "some"
    return Phrase(f"{head} {plural}", article=False, alt=plural)


def generalize_quantity(q: Quantity, level: str) -> Phrase:
    if q.count > 1:
        return Phrase("quantity")
    if q.ordinal:
        low, high = bucket(q.value)
        return Phrase(f"{_ordinal(int(low))}-to-{_ordinal(int(high))}", article=False)
    if q.unit == "%":
        if level == "magnitude":
            return Phrase("less than half" if q.value < 50 else "more than half", article=False)
        low = math.floor(q.value / 10) * 10
        high = low + 10
        if math.isclose(q.value, low):
            low, high = max(0, low - 10), low + 10
        return Phrase(f"between {fmt(low)} and {fmt(high)} percent", article=False)
    if level == "magnitude":
        return _magnitude(q)
    symbol, unit = _money(q.prefix, q.unit)
    if q.value < 10 and not symbol and not unit and q.value == int(q.value):
        return Phrase("fewer than ten" if q.value > 1 else "one or a few", article=False,
                      alt="few")  # "the two youngest" → "the few youngest"
    if not symbol and _is_counted_noun(q.unit) and not q.prefix:
        noun = _plural_unit(q.unit)
        words = count_words(q.value)
        if words:  # "three children" → "a few children"; "the three children" → "the children"
            return Phrase(f"{words} {noun}", article=False, alt=noun)
    low, high = bucket(q.value)
    tail = f" {_plural_unit(unit)}" if unit else ""
    return Phrase(f"between {symbol}{fmt(low)} and {symbol}{fmt(high)}{tail}", article=False)


def _magnitude(q: Quantity) -> Phrase:
    unit = _plural_unit(_unit_name(q))
    v = q.value
    if v < 1:
        head = "less than one"
    elif v < 10:
        head = "a few"
    elif v < 100:
        head = "tens"
    else:
        k = math.floor(math.log10(v))
        names = [(9, "billions"), (6, "millions"), (3, "thousands"), (2, "hundreds")]
        head = "hundreds"
        for exp, name in names:
            if k >= exp:
                rest = k - exp
                head = ("hundreds of " if rest == 2 else "tens of " if rest == 1 else "") + name
                break
    if not unit:
        return Phrase(head, article=False)
    joiner = " " if head in ("a few", "less than one") else " of "
    return Phrase(f"{head}{joiner}{unit}", article=False)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# -- ages ----------------------------------------------------------------------------------
_AGE_QUALIFIER = re.compile(r"^(aged?\s+(?:of\s+)?)(?:about|around|approximately|approx\.?|roughly"
                            r"|nearly|almost|over|under|just over|just under|some)\s+(?=\d)",
                            re.IGNORECASE)


def age_in_span(text: str) -> tuple[float, str] | None:
    """(age, form) when the span itself says it is an age: form ``old`` ("42 years old",
    "aged 42"), ``compound`` ("42-year-old", "42 y/o")."""
    s = " ".join(text.strip().split())
    s = _AGE_QUALIFIER.sub(r"\1", s)  # "aged about 30": the age is 30
    if re.search(r"\d+\s*-\s*years?\s*-\s*old|\w+-year-old", s, re.IGNORECASE):
        m = re.match(r"(.+?)-\s*years?\s*-\s*old", s, re.IGNORECASE)
        value = _value(m.group(1)) if m else None
        return (value, "compound") if value is not None else None
    bare_years = re.fullmatch(r"(\d{1,3})\s*(?:yrs?\.?|years?)", s, re.IGNORECASE)
    if bare_years:  # "DOB: 1961-09-30 (64 yrs)": it read "(members of a group)"
        return float(bare_years.group(1)), "old"
    short = re.fullmatch(rf"(\d{{1,3}})[\s-]*{AGE_SHORT}", s, re.IGNORECASE)
    if short:  # "46 y/o [Hispanic female]": before its noun, like "46-year-old"
        return float(short.group(1)), "compound"
    m = re.fullmatch(r"(?:aged?\s+(?:of\s+)?)?(.+?)[\s-]*(?:years?[\s-]+old|years?\s+of\s+age|"
                     r"yrs?\.?\s+old|år\s+gammel|år)$", s, re.IGNORECASE)
    if m:
        value = _value(m.group(1))
        return (value, "old") if value is not None else None
    m = re.fullmatch(r"aged?\s+(?:of\s+)?(.+)", s, re.IGNORECASE)
    if m:
        value = _value(m.group(1))
        return (value, "old") if value is not None else None
    return None


def age_from_context(text: str, doc_text: str, start: int, end: int) -> float | None:
    """The age when a bare number is one by its context ("42 years old", "aged 42")."""
    value = _value(text)
    if value is None or not 0 <= value < 130:
        return None
    before = doc_text[max(0, start - 15) : start].lower()
    after = doc_text[end : end + 20]
    if _AGE_AFTER.match(after) or re.search(r"(aged?|age of)\s*$", before):
        return value
    # "He is 41, married with three children": a person's "is" and a bare whole number
    if value == int(value) and value >= 2 and re.search(
            r"\b(?:he|she|they|who)\s+(?:is|was|are|were|turned|turns)\s*$", before) and \
            re.match(r"\s*(?:[,.;)]|and\b|$)", after):
        return value
    return None


def _value(text: str) -> float | None:
    t = text.strip()
    m = _NUMBER_RE.fullmatch(t)
    if m:
        return parse_number(t)
    return parse_word_number(t)


def ages_in_span(text: str) -> list[float]:
    """The ages of a list ("aged 4, 7 and 11"); [] when the span is not such a list."""
    m = re.fullmatch(r"aged?\s+(.+?)(?:\s+years?(?:\s+old)?)?", " ".join(text.split()),
                     re.IGNORECASE)
    if not m:
        return []
    items = [i for i in re.split(r"\s*(?:,|\band\b|&)\s*", m.group(1)) if i]
    values = [_value(i) for i in items]
    if len(values) < 2 or any(v is None for v in values):
        return []
    return [float(v) for v in values if v is not None]


def generalize_ages(ages: list[float], level: str) -> Phrase:
    """ "aged 4, 7 and 11" → "aged under 15" (``magnitude``: "children"/"of various ages")."""
    top = max(ages)
    if level == "magnitude":
        return Phrase("of various ages" if top >= 18 else "all children" if top < 13 else
                      "all under 18", article=False)
    bound = (int(top) // 5 + 1) * 5
    return Phrase(f"aged under {bound}", article=False)


def generalize_age(age: float, form: str, level: str) -> Phrase:
    """``form``: ``old`` (the span says "42 years old"), ``compound`` ("42-year-old") or
    ``bare`` (the span is only the number)."""
    if level == "magnitude":
        stage = ("child" if age < 13 else "teenager" if age < 18 else "adult" if age < 65
                 else "older person")
        if form == "compound":
            return Phrase({"child": "child", "teenager": "teenage", "adult": "adult",
                           "older person": "elderly"}[stage], article=False)
        if form == "bare":
            return Phrase({"child": "0–12", "teenager": "13–17", "adult": "18–64",
                           "older person": "65+"}[stage], article=False)
        return Phrase(stage)
    decade = int(age // 10)
    low, high = decade * 10, decade * 10 + 9
    if form == "bare":
        return Phrase(f"{low}–{high}" if age >= 10 else "under 10", article=False)
    if form == "compound":
        return Phrase(f"{low}-to-{high}-year-old" if age >= 10 else "under-10-year-old",
                      article=False)
    if age < 10:
        return Phrase("under ten years old", article=False)
    if age >= 100:
        return Phrase("over a hundred years old", article=False)
    return Phrase(f"in their {DECADE_NAMES[decade]}", article=False)


_ONE_THEN_NOUN = re.compile(r"(?i)\b(?:one|1)\s+([a-z]+)\b")
_SINGULAR_OF = {v: k for k, v in IRREGULAR_PLURALS.items() if v != k}


def _plural_word(word: str) -> str:
    low = word.lower()
    if low in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[low]
    if low.endswith("y") and low[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + ("es" if low.endswith(("s", "x", "ch", "sh")) else "s")


def agree_count(old: str, new: str) -> str:
    """``new`` (``old`` with its number changed) with the noun after the number made to agree:
    "one day" → "two days" (it read "two day"), "2 nights" → "1 night"."""
    one = _ONE_THEN_NOUN.search(old)
    if one:  # the noun after "one" is singular: plural after another number
        noun = one.group(1)
        m = re.search(rf"(?i)(\S+)(\s+){re.escape(noun)}\b", new)
        if m and parse_number(m.group(1)) not in (None, 1.0) or (
                m and m.group(1).isalpha() and parse_word_number(m.group(1)) not in (None, 1.0)):
            return new[: m.end(2)] + _plural_word(noun) + new[m.end():]
        return new
    m = re.search(r"(?i)\b(?:one|1)(\s+)([a-z]+)\b", new)
    if m and not re.search(r"(?i)\b(?:one|1)\b", old):  # "2 nights" → "1 nights"
        word = m.group(2)
        single = _SINGULAR_OF.get(word.lower()) or (
            word[:-3] + "y" if word.endswith("ies") else word[:-1] if word.endswith("s")
            and not word.endswith("ss") else word)
        return new[: m.start(2)] + single + new[m.end(2):]
    return new

