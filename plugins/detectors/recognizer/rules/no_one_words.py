"""Words a model tags that name no one, by their place or their kind: a heading's words
("CURRICULUM VITAE", "INCIDENT LOG", "Notice Seeking Possession"), a row's or a field's name
before a column gap ("Gross pay", "LANGUAGES"), a verb's form ("seized"), a language's level
("(fluent)"), a driving licence held ("Full UK [driving licence]"), and the words of speech (a
transcript's "Q."/"A.", "Objection", "your Honour", a chat's "omg"). Pure functions over a
text; ``model_spans`` drops such spans."""

from __future__ import annotations

import re

from redactor_plugins.shared.language.common_words import common_words

__all__ = ["driving_licence", "heading_words", "language_level", "spoken_word", "verb_form"]

_HEADING_WORD = re.compile(r"[^\W\d_]+")
_FIELD_GAP = re.compile(r"[ \t]*:|\t|[ \u00a0]{2,}|[ \t]+[-\u2013\u2014][ \t]+")
#: a heading in title case: capitalised words (short function words, numbers and brackets
#: between them), eight words at most, no sentence's full stop ("Notice Seeking Possession
#: (Section 8 Notice)")
_TITLE_LINE = re.compile(r"(?:(?:[A-Z][\w'’-]*(?<=\w)\b|(?:of|and|the|for|to|on|in|a|an|\d+)\b"
                         r"|[()&/-])[ \t]*){1,12}")


def heading_words(text: str, start: int, end: int) -> bool:
    """Whether the span lies on a heading's line (in capitals, or in title case) or is a
    row's or a field's name at a line's start before a column gap, and is only words of a
    heading or a form ("CURRICULUM VITAE", "INCIDENT LOG", "RESPONSIBLE
    CLINICIAN'S REPORT"; none a name or a place of the gazetteer): no one's name. None of TAB's
    or the biographies' gold mentions in capitals is a heading."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    if any(c.islower() for c in line) and not _TITLE_LINE.fullmatch(line.strip()) and not (
            not text[line_start:start].strip() and _FIELD_GAP.match(text, end)):
        return False  # not a heading in capitals or in title case, nor a row's or a field's
    words = [w.casefold() for w in _HEADING_WORD.findall(text[start:end])]
    common = common_words("en")
    return bool(words) and any(len(w) > 1 for w in words) and all(
        w in common or len(w) == 1 for w in words)


def verb_form(text: str) -> bool:
    """Whether a span the model tagged PERSON, ORG or LOC is one lower-case word ending in
    "-ed" or "-ing" ("seized", "lying"): a verb's form, no one's name or place (1 of the 5,511
    gold mentions of TAB dev and the biographies is one: a NO_MASK "writing")."""
    return re.fullmatch(r"[a-z]{2,}(?:ed|ing)", text) is not None


#: a language's level after it in brackets ("Polish (native), English (fluent)")
_LANGUAGE_LEVEL = re.compile(r"(?i)native|fluent|basic|intermediate|advanced|conversational"
                             r"|proficient|bilingual|working|beginner|elementary")


def language_level(text: str, start: int, end: int) -> bool:
    """Whether the span is a language's level in brackets right after a capitalised word
    ("Polish (native)", "English (fluent)"): it says how well, not who."""
    return bool(_LANGUAGE_LEVEL.fullmatch(text[start:end])) and text[end:end + 1] == ")" \
        and re.search(r"[A-Z][\w'’-]+[ \t]\(\Z", text[max(0, start - 30):start]) is not None


#: a driving licence held ("Full UK driving licence", "clean EU driving license")
_DRIVING_LICENCE = re.compile(r"(?i)\b(?:(?:full|clean|provisional|valid)[ \t]+)?"
                              r"(?:(?-i:[A-Z]{2,3})[ \t]+)?driving[ \t]+licen[cs]e\b")


def driving_licence(text: str, start: int, end: int) -> bool:
    """Whether the span lies inside the words of a driving licence held ("Full UK" and
    "licence" of "Full UK driving licence"): which licence, not whose; its number is a code
    of its own."""
    for m in _DRIVING_LICENCE.finditer(text, max(0, start - 40), min(len(text), end + 40)):
        if m.start() <= start and end <= m.end():
            return True
    return False


#: words of a court's transcript and a chat that name no one: a form of address after
#: "your" ("your Honour"), a ruling's word, texting abbreviations in lower case
_QUESTION = re.compile(r"(?m)^[ \t]*Q\.?[ \t]+[A-Z]")
_ANSWER = re.compile(r"(?m)^[ \t]*A\.?[ \t]+[A-Z]")
_COURT_WORDS = frozenset("objection overruled sustained".split())
_ADDRESS_FORMS = frozenset("honour honor lordship ladyship worship".split())
_CHAT_WORDS = frozenset("lol omg yh ye tmrw tmr btw idk ngl tbh wtf brb imo smh lmao rn fr pls "
                        "plz thx ty np ikr fyi asap".split())


def spoken_word(text: str, start: int, end: int) -> bool:
    """Whether the span is a transcript's "Q."/"A." at a line's start, "Objection",
    "Overruled", "Sustained", "Honour" after "your", or a chat's "omg", "yh", "tmrw" (lower
    case): the words of speech, not of anyone's identity."""
    word = text[start:end]
    low = word.casefold()
    if re.fullmatch(r"[QA]\.?", word) and not text[text.rfind("\n", 0, start) + 1 : start].strip() \
            and _QUESTION.search(text) and _ANSWER.search(text):
        return True  # "A. At the Prince of Wales pub" of a transcript's questions and answers
    if low in _COURT_WORDS and word[:1].isupper():
        return True
    if low in _ADDRESS_FORMS and re.search(r"(?i)\b(?:your|his|her)[ \t]+\Z",
                                           text[max(0, start - 8) : start]):
        return True
    return word.islower() and low in _CHAT_WORDS
