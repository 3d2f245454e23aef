"""Sentence fixes for generalized replacements, and the shared helpers of the strategies.

A generalizer returns a :class:`Phrase`; :func:`render` turns it into the replacement string
after looking at the document text around the mention:

* an indefinite noun phrase gets "a" or "an" ("an organisation", "a university") unless a
  determiner already precedes the mention ("the St. Olav Hospital" → "the hospital"): the
  strategy controls only the span, so it drops its own article instead of the text's "the";
* a bare phrase that starts with "the" loses it after a determiner ("the 1990s");
* plural phrases ("European nationals") never get an article;
* a possessive mention ("Yalman's") keeps its "'s";
* the first letter is capitalised at the start of a sentence or line.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Any

from redactor_plugins.shared.language.calendar_words import AGE_SHORT
from redactor_plugins.shared.names.titles import COURTESY

from redactor.plugin_api import resource_path

# Honorifics (the recognizer's courtesy titles and a judge's); never identifying alone.
TITLES = COURTESY | frozenset("madam judge justice m".split())
DETERMINERS = frozenset(
    "the a an this that these those his her their its our my your whose every each another "
    "any some no one same such".split()
)
_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*", re.UNICODE)
_PREV_WORD = re.compile(r"([^\W\d_]+)\W{0,2}$", re.UNICODE)
_POSSESSIVE = re.compile(r"['’]s?$")
_AN_EXCEPTIONS = ("uni", "use", "usu", "euro", "one", "once", "ufo", "ute")
_AN_SILENT_H = ("hour", "honest", "honou", "heir")


@dataclass(frozen=True, slots=True)
class Phrase:
    """A replacement before sentence fixes.

    ``text`` is a noun phrase without article when ``article`` is true ("city in Norway"),
    else a bare phrase ("2022", "in their forties"). ``alt`` is used instead of ``text``
    after a determiner when given (e.g. "something" → "detail").
    """

    text: str
    article: bool = True
    plural: bool = False
    alt: str = ""


def words(text: str) -> list[str]:
    return _WORD.findall(text)


def fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def normalise(text: str) -> str:
    """Case-folded, whitespace collapsed, a final possessive "'s" removed."""
    text = re.sub(r"['’]s$", "", fold(text).strip())
    return " ".join(text.split())


def name_tokens(text: str) -> tuple[str, ...]:
    """Name parts without titles or (in longer names) initials."""
    tokens = [t for t in re.findall(r"\w+", normalise(text)) if t not in TITLES]
    return tuple(t for t in tokens if not (len(t) == 1 and t.isalpha() and len(tokens) > 1))


def indefinite_article(phrase: str) -> str:
    """ "a" or "an" for an English phrase (by sound, with the usual exceptions)."""
    low = phrase.lstrip().lower()
    if not low:
        return "a"
    if low[0].isdigit():  # "an 8", "an 87", "an 800", "an 11", "an 18,000"; "a 180"
        return "an" if re.match(r"8|1[18](?:[,.]?\d{3})*(?![\d,.]*\d)", low) else "a"
    if low.startswith(_AN_SILENT_H):
        return "an"
    if low.startswith(_AN_EXCEPTIONS):
        return "a"
    return "an" if low[0] in "aeiou" else "a"


def previous_word(text: str, start: int) -> str:
    """The word just before ``start`` (punctuation between is allowed), lower-cased."""
    m = _PREV_WORD.search(text[max(0, start - 40) : start])
    return m.group(1).lower() if m else ""


#: words that follow a mention but are no noun it qualifies ("his UK mobile" vs "UK and")
_NOT_NOUNS = frozenset("and or but to of in on at by for with from as is was are were has have "
                       "had who which that where when".split())


def noun_follows(text: str, end: int) -> bool:
    """Whether a lower-case word that can be a noun comes right after ``end`` on its line
    ("his UK [mobile]", "her youngest [daughter]"; not "youngest of", "Bristol, and")."""
    m = re.match(r"[ \t]+([^\W\d_]+)", text[end : end + 30])
    return bool(m) and m.group(1).islower() and m.group(1) not in _NOT_NOUNS


_NOT_ADJECTIVES = frozenset(
    "is was are were be been has have had and or but to of in on at by for with from as "
    "than who which that said says told not".split())


def follows_determiner(text: str, start: int) -> bool:
    """True when a determiner precedes ``start``, directly or through up to two adjective-
    like words ("the young lawyer", "The Norwegian lawyer"); a single line break is just a
    space ("after a\nschool nurse")."""
    before = re.sub(r"(?<!\n)\n(?!\n)", " ", text[max(0, start - 60) : start])
    if re.search(r"[.!?;:,()\n]\s*$", before):
        return False
    tokens = re.split(r"[.!?;:,()\n]", before)[-1].split()[-3:]
    for word in reversed(tokens):
        low = word.lower().strip("\"'“”‘’")
        if re.fullmatch(r"(?:1[6-9]|20)\d\d(?:[-–/]\d\d)?", low):
            continue  # a year as an adjective: "the 2006 FAI Cup" (it read "the 2005 an event")
        if re.fullmatch(r"[\d.,/]+", low) or sum(c.isupper() for c in word) > 1:
            return False  # "the past 12 months Mr Berg", "An ECG showed": the phrase ended
        if low in DETERMINERS:
            return True
        if low in _NOT_ADJECTIVES or (low.endswith("s") and not low.endswith(
                ("ss", "ous", "'s", "’s", "is", "us"))):
            return False  # "This case concerns B": a verb (or a plural) ends the phrase
    return False


# Words that make an article before the mention wrong ("senior social worker").
MODIFIERS = frozenset(
    "senior junior chief head lead principal trainee former retired assistant deputy "
    "qualified experienced registered locum newly acting interim specialist".split())


def follows_modifier(text: str, start: int) -> bool:
    """True when a lower-case modifier such as "senior", or an age as an adjective
    ("64-year-old", "46 y/o"), directly precedes ``start``."""
    before = text[max(0, start - 30) : start]
    if re.search(rf"(?:\d|\b[a-z]+)[-\u2011 ]years?[-\u2011 ]old[ \t\n]+$|\d[ \t]?{AGE_SHORT}[ \t\n]+$",
                 before):
        return True  # "a 64-year-old [francophone man]" read "… 67-year-old a man"
    if re.search(r"(?<![\w.])[A-Z]{2,5}[ \t]+$", before) and not re.search(
            r"[.!?:;][ \t]*[A-Z]{2,5}[ \t]+$|^[ \t]*[A-Z]{2,5}[ \t]+$", before):
        return True  # "HR [Business Partner]" → "HR professional", not "HR a professional"
    m = re.search(r"([^\W\d_]+)[ \t\n]+$", before)
    return bool(m) and m.group(1) in MODIFIERS


def line_start(text: str, start: int) -> bool:
    """True when only white space precedes ``start`` on its line."""
    return not text[text.rfind("\n", 0, start) + 1 : start].strip()


def is_field_label(text: str, start: int, end: int) -> bool:
    """A heading such as "Author:" or "Supervisor sign-off:": capitalised, and at a line
    start with a colon within the next two words, or after the end of a sentence with the
    colon within one word (". Author:", ". Supervisor sign-off:"; not ". Ms Mitchell
    prefers e-mail: …")."""
    if not text[start : start + 1].isupper():
        return False
    if line_start(text, start):  # not a clock's colon ("⏎Longley Centre at 16:45")
        return bool(re.match(r"\s*(?:[\w-]+\s*){0,2}:(?!\d)", text[end : end + 30]))
    return bool(re.match(r"\s*(?:[\w-]+\s*)?:(?!\d)", text[end : end + 30])) and bool(
        re.search(r"[.;)]\s+$", text[max(0, start - 4) : start]))


def _field_label_follows(text: str, end: int) -> bool:
    """ "… 10.30 a.m. Author: …": a capitalised heading word and a colon come next."""
    return bool(re.match(r"[ \t]+[A-Z][\w-]*(?:[ \t]+[\w-]+)?:", text[end : end + 40]))


def next_word(text: str, end: int) -> str:
    m = re.match(r"[\s\-]*([^\W\d_]+)", text[end : end + 40])
    return m.group(1) if m else ""


_ABBREVIATIONS = frozenset(
    "mr mrs ms dr st prof no nr vs etc e.g i.e jr sr tel fax ref ext approx dept est".split())


#: a heading's line after a blank line (or the text's start, which the caller marks so): one to six words, the first
#: capitalised, no sentence's end, no comma, not ending in a word that runs on ("the", "of")
_HEADING_LINE = re.compile(r"\n[ \t]*\n[ \t]*([A-Z][\w'’()/&-]*(?:[ \t]+[\w'’()/&-]+){0,5})"
                           r"[ \t]*:?[ \t]*\n[ \t]*\Z")
#: words a heading does not end with: the line runs on ("Between⏎1 March and …")
_RUNS_ON = frozenset("""the a an of and or but to in on at by for from with between among into
    than that which who whose where when while as if his her their its our my your this these
    those""".split())


def at_sentence_start(text: str, start: int) -> bool:
    """True at the start of the text, of a paragraph or line after a full stop, of the first
    line under a heading, or after . ! ? (not after an abbreviation such as "Mr." or an
    initial)."""
    before = text[max(0, start - 80) : start]
    stripped = before.rstrip("\"'“‘«([ \t\r\n")
    gap = before[len(stripped):]
    if not text[:start].strip():
        return True
    if re.search(r"\n\s*\n", gap):
        return True
    if "\n" in gap and (heading := _HEADING_LINE.search(
            ("\n\n" if start <= 200 else "") + text[max(0, start - 200) : start])) and \
            heading.group(1).split()[-1].casefold() not in _RUNS_ON:
        return True  # a paragraph's, or the first line under a heading ("Background⏎Ms …")
    stripped = stripped.rstrip("\"'”’»)]")
    if not stripped.endswith((".", "!", "?", "…", ":" if "\n" in gap else ".")):
        return False
    m = re.search(r"([^\W\d_]+)\.$", stripped)
    return not (m and (m.group(1).lower() in _ABBREVIATIONS or len(m.group(1)) == 1))


def capitalise(text: str) -> str:
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1 :]
        if ch.isdigit():
            return text
    return text


def _new_block(text: str, start: int, paragraphs: bool) -> bool:
    """Whether the line holding ``start`` begins a new sentence: the line before ends with
    . ! ? or : (in TXT and PDF, where a line break may just wrap a sentence), or — where
    every line is a paragraph or table cell (DOCX) — does not end with a letter or comma."""
    before = text[max(0, start - 80) : start]
    if re.search(r"[.!?:]\s*\n[ \t]*$", before):
        return True
    if paragraphs and before.endswith(("\t", "\n")) and "\t" in text[
            text.rfind("\n", 0, start) + 1 : (text.find("\n", start) + 1 or len(text) + 1) - 1]:
        return True  # a DOCX table's cell (the reader parts a row's cells by tabs)
    return paragraphs and not re.search(r"[^\W\d_,]\s*\n[ \t]*$|,\s*\n[ \t]*$", before)


def render(phrase: Phrase, doc_text: str, start: int, end: int, original: str,
           paragraphs: bool = False) -> str:
    """The final replacement string for ``phrase`` at ``[start, end)`` of ``doc_text``
    (``paragraphs``: every line of the text is a paragraph or cell, as in DOCX)."""
    after_determiner = follows_determiner(doc_text, start)
    body = phrase.alt if (after_determiner and phrase.alt) else phrase.text
    article = re.search(r"(?<!\w)(an?)(?:[ \t]+|[ \t]*\n[ \t]*)$",  # also "an⏎intellectual …"
                        doc_text[max(0, start - 6):start], re.IGNORECASE)
    if article and body[:1].isalpha() and indefinite_article(body) != article.group(1).lower():
        # the document's "a"/"an" stays: a word between that fits it ("an overdose" →
        # "an unspecified matter", not "an matter"; "a year" → "a particular event")
        body = ("unspecified " if article.group(1).lower() == "an" else "particular ") + body
    no_article = (after_determiner or follows_modifier(doc_text, start)
                  or is_field_label(doc_text, start, end))
    if phrase.article and not phrase.plural and not no_article:
        out = f"{indefinite_article(body)} {body}"
    elif after_determiner and body.lower().startswith("the "):
        out = body[4:]
    else:
        out = body
    if _POSSESSIVE.search(original.rstrip()) and original.rstrip()[-2:] in ("'s", "’s"):
        out += original.rstrip()[-2:]
    elif original.rstrip().endswith(("'", "’")) and original.rstrip()[-2:-1] == "s":
        out += "'"
    if original.rstrip().endswith(".") and not out.endswith(".") and (re.match(
            r"[ \t]*(?:\n|$)", doc_text[end : end + 3]) or _field_label_follows(doc_text, end)):
        out += "."  # "10.30 a.m.\n": the span's last full stop also ends the sentence
    if at_sentence_start(doc_text, start) or is_field_label(doc_text, start, end) or (
            (line_start(doc_text, start) or doc_text[start - 1:start] == "\t" and paragraphs)
            and original[:1].isupper() and _new_block(doc_text, start, paragraphs)):
        out = capitalise(out)  # a new line after a heading, a table cell or a full stop
    return out


def shares_identifying_word(original: str, output: str, min_len: int = 3,
                            allowed: frozenset[str] = frozenset()) -> bool:
    """True when ``output`` contains ``original`` or a word (≥ ``min_len``) of it."""
    o = fold(original).strip()
    if o and o in fold(output):
        return True
    out_words = {fold(w) for w in words(output)}
    return any(len(w) >= min_len and fold(w) in out_words and fold(w) not in allowed
               for w in words(original))


@cache
def load_table(name: str) -> Any:
    """A JSON table from ``resources/generalize`` (cached)."""
    path = resource_path("generalize", f"{name}.json")
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def keyword_table(name: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """``[[regex alternatives, kind], …]`` tables compiled as whole-word, case-insensitive."""
    rows = load_table(name)["kinds"]
    return tuple((re.compile(rf"(?<!\w)(?:{pattern})(?!\w)", re.IGNORECASE), kind)
                 for pattern, kind in rows)


def kind_of(text: str, table: str) -> str:
    """The first kind in ``table`` whose keywords occur in ``text`` ('' when none)."""
    for pattern, kind in keyword_table(table):
        if pattern.search(text):
            return kind
    return ""


def head_kind_of(text: str, table: str) -> str:
    """The kind of a name's head: :func:`kind_of`'s, unless its keyword stands inside the name
    and another kind's ends later in the part before a first " of " ("Apollo Court Medical
    Practice" is a medical practice, not a court; "HMP Forest Bank" stays a prison, "DNB Bank
    ASA" a bank: a legal form is a kind only alone); '' when none."""
    first = ""
    for pattern, kind in keyword_table(table):
        if (m := pattern.search(text)) is not None:
            if m.start() == 0:
                return kind  # a leading form says it: "HMP …", "University of …"
            first = first or kind
    head = re.split(r"\s+of\s+", text, maxsplit=1)[0]
    best, best_end = first, -1
    for pattern, kind in keyword_table(table):
        for m in pattern.finditer(head):
            if m.end() > best_end and kind != "company":
                best, best_end = kind, m.end()
    return best
