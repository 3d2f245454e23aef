"""Mention propagation: every mention of a name the NER model found once is found everywhere.

TAB counts an entity as protected only when *every* mention is masked, and a neural tagger is
inconsistent across a long document ("Latem AB" tagged in one paragraph, missed two pages
later). Two document-internal rules fix that without another model:

* **propagation** — the text of an NER span is searched for everywhere in the document (whole
  words, any whitespace between words, a trailing possessive "'s" dropped) and each untagged
  occurrence becomes a finding with the same label. A *specific* text is always propagated: it
  has a digit, or several words at least one capitalised, or it is one capitalised word whose
  lower-case form never occurs in the document (so "Court" in a text that also says "the court"
  is not). Any other text (a lower-case occupation, a capitalised common word) is propagated
  only when the model tagged most (over half) of its occurrences, or, for a person's one
  capitalised name ("Will", "Hope"), where it stands capitalised inside a sentence. Only
  free-standing words
  count: "family" inside the e-mail address "riverside-family.example" is neither a source
  nor a target.
* **defined aliases** — a quoted short form in brackets right after a span, as in
  ``Postel Properties Limited ("Postel")`` or ``Social Insurance Office (hereinafter "the
  Office")``, becomes a finding of the same label and is then propagated like a specific text.

Pure functions over character offsets; the NER detector applies them (setting
``recognizer.propagate_mentions``). Runs in time linear in the number of words.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from redactor_plugins.detectors.recognizer.rules.span_edges import starts_sentence

from redactor.plugin_api import Finding, Label, Span, initials_alias

__all__ = ["PROPAGATED_LABELS", "defined_aliases", "propagate"]

#: Labels whose names are propagated (dates and amounts are found by patterns everywhere).
PROPAGATED_LABELS = frozenset({Label.PERSON, Label.ORG, Label.LOC, Label.CODE, Label.MISC,
                               Label.DEM})
_TOKEN = re.compile(r"\w+|[^\w\s]")
_JOINERS = frozenset("-‐‑_./@\\:#+&=~%")  # inside e-mail addresses, URLs, file names, codes
_POSSESSIVE = re.compile(r"\s*['’]s$")
#: a person known by one capital letter ("M", the child of a judgment); not "A" or "I"
LETTER_PERSON = re.compile(r"[B-HJ-Z]")
#: a letter that is an initial of a longer name: "M. Smith", "J. M."
_INITIAL_AFTER = re.compile(r"\.[^\S\n]*[A-Z]")
_INITIAL_BEFORE = re.compile(r"[A-Z]\.[^\S\n]*$")
_ALIAS = re.compile(
    r"\s*\(\s*(?:[^()“”\"]{0,60}?[;,]\s*)?"           # an optional native name first: "(länsrätten; …"
    r"(?:(?:hereinafter|henceforth)\s+(?:(?:referred\s+to|called)\s+as\s+)?|the\s+)?"
    r"[“\"‘']\s*(?:the\s+)?([A-Z][\w.&‑-]*(?:\s+[A-Z][\w.&‑-]*){0,3})\s*[”\"’']\s*\)")


#: A name's spelling in its own script, in brackets after it behind a language
#: ("Sithu Aung (Burmese: စည်သူအောင်; …", "(Hebrew: שמעון‎, …"): the run of letters beyond
#: Latin, with the marks, joiners and direction marks (U+200E/U+200F) that belong to it.
_NATIVE = re.compile(
    r"\s*\(\s*(?:[A-Za-z][\w-]*\s+){0,2}[A-Z][\w-]*\s*:\s*"
    r"(?P<name>[^\x00-\u024f\s;,()“”\"]+(?:[ \u00a0\u200b-\u200f]+[^\x00-\u024f\s;,()“”\"]+)*)")


def native_names(text: str, findings: Sequence[Finding], detector: str) -> list[Finding]:
    """A PERSON/ORG/LOC name's spelling in another script, given in brackets right after it
    behind the language's name (:data:`_NATIVE`): the same label, as a defined alias."""
    out = []
    for f in findings:
        if f.label not in (Label.PERSON, Label.ORG, Label.LOC):
            continue
        m = _NATIVE.match(text, f.span.end)
        if m is None or not any(c.isalpha() for c in m.group("name")):
            continue
        s, e = m.span("name")
        out.append(Finding(Span(s, e), f.label, text[s:e], subtype=f.subtype, score=f.score,
                           detector=detector,
                           explanation="the detected name written in its own script"))
    return out


@dataclass(frozen=True)
class _Tok:
    start: int
    end: int
    text: str


def _tokens(text: str, start: int = 0, end: int | None = None) -> list[_Tok]:
    return [_Tok(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(text, start,
                                                                          len(text) if end is None else end)]


def _shape(toks: Sequence[_Tok]) -> tuple[tuple[str, bool], ...]:
    """Tokens with "glued to the previous token" flags: "AB’s" differs from "AB ’ s"."""
    return tuple((t.text, i > 0 and t.start == toks[i - 1].end) for i, t in enumerate(toks))


def _occurrences(doc_toks: Sequence[_Tok], index: dict[str, list[int]],
                 shape: tuple[tuple[str, bool], ...]) -> list[tuple[int, int]]:
    """Character spans of every whole-token occurrence of ``shape`` in the document."""
    out = []
    n = len(shape)
    for i in index.get(shape[0][0], ()):
        if i + n > len(doc_toks):
            continue
        ok = True
        for j in range(1, n):
            t, glued = doc_toks[i + j], shape[j][1]
            if t.text != shape[j][0] or (t.start == doc_toks[i + j - 1].end) != glued:
                ok = False
                break
        if ok:
            out.append((doc_toks[i].start, doc_toks[i + n - 1].end))
    return out


def _initial(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is one letter that is an initial of a longer name ("M" of
    "M. Smith" or "J. M. Smith"), not a person known by that letter."""
    return end - start == 1 and bool(_INITIAL_AFTER.match(text, end)
                                     or _INITIAL_BEFORE.search(text, max(0, start - 4), start))


def _free_standing(text: str, start: int, end: int) -> bool:
    """Not part of a longer token such as an e-mail address ("riverside-family.example") or a
    URL: the neighbouring characters are spaces or punctuation that ends or opens a phrase
    (a full stop only before a space or the end of the text)."""
    if start > 0 and (text[start - 1].isalnum() or text[start - 1] in _JOINERS):
        return False
    if end < len(text):
        after = text[end]
        if after.isalnum() or (after in _JOINERS and not (
                after in ".:" and (end + 1 == len(text) or text[end + 1].isspace()))):
            return False
    return True


def _is_specific(text: str, toks: Sequence[_Tok], lower_words: set[str]) -> bool:
    if any(c.isdigit() for c in text):
        return True
    words = [t.text for t in toks if t.text[:1].isalpha()]
    if len(words) >= 2:
        return any(w[:1].isupper() for w in words)
    if len(words) == 1:
        w = words[0]
        return w[:1].isupper() and len(w) >= 3 and w.lower() not in lower_words
    return False


#: Another name given right after a person's: "Dathus or Datus, was elected …", "John Smith,
#: also known as Jack Smith, …", "Marie Curie (née Skłodowska)". One to three capitalised
#: words, then punctuation.
_OTHER_NAME = re.compile(
    r"\s*,?\s*\(?\s*(?:or|also\s+known\s+as|known\s+as|a\.k\.a\.?|aka|alias|also\s+called"
    r"|née|né|born)\s+([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2})(?=\s*[,;:().])")
_NOT_NAMES = frozenset({"Mr", "Mrs", "Ms", "Miss", "Dr", "Sir", "Lady", "Lord", "The", "His",
                        "Her", "He", "She", "They", "It", "In", "On", "At"})


def _lower_words(text: str) -> set[str]:
    return {t.text for t in _tokens(text) if t.text[:1].islower()}


def defined_aliases(text: str, findings: Sequence[Finding], detector: str) -> list[Finding]:
    """Quoted short forms defined in brackets right after a PERSON/ORG/LOC/MISC span, a
    person's initials in brackets after the name ("Sharon Clarke (SC)"), and a person's other
    name given right after theirs ("Dathus or Datus,", "also known as …")."""
    out = []
    lower_words: set[str] | None = None  # read only when an "or …" follows a person (rare)
    for f in findings:
        if f.label not in (Label.PERSON, Label.ORG, Label.LOC, Label.MISC):
            continue
        initials = initials_alias(text, f.text, f.span.end) if f.label == Label.PERSON else None
        if initials is not None:  # "Sharon Clarke (SC)"
            s, e = initials
            out.append(Finding(Span(s, e), Label.PERSON, text[s:e], score=f.score,
                               detector=detector, explanation="the initials the document gives "
                               "a detected person"))
            continue
        m = _ALIAS.match(text, f.span.end)
        if m is None:
            other = _OTHER_NAME.match(text, f.span.end) if f.label == Label.PERSON else None
            if other is not None:
                lower_words = _lower_words(text) if lower_words is None else lower_words
                if not any(w in _NOT_NAMES or w.lower() in lower_words or len(w) < 2
                           for w in other.group(1).split()):
                    s, e = other.span(1)
                    out.append(Finding(Span(s, e), f.label, text[s:e], subtype=f.subtype,
                                       score=f.score, detector=detector,
                                       explanation="another name the document gives the person"))
            continue
        s, e = m.span(1)
        alias = text[s:e]
        if alias == f.text or len(alias) < 2:
            continue
        out.append(Finding(Span(s, e), f.label, alias, subtype=f.subtype, score=f.score,
                           detector=detector,
                           explanation="a short name the document defines for a detected name"))
    return out


def field_position(text: str, start: int, end: int) -> bool:
    """Whether one word stands alone at its line's start before a colon, where a form names a
    field ("Ward: Aspen Ward": the NER's "Ward" of the ward's name is not carried there)."""
    line_start = text.rfind("\n", 0, start) + 1
    return not text[line_start:start].strip() and re.match(r"[ \t]*:", text[end : end + 3]) \
        is not None and " " not in text[start:end]


#: words after which a capital "A" is a label, not a person ("Schedule A", "grade A")
_A_LABELS = frozenset("""annex appendix schedule part section plan type grade class group
    category option exhibit form table figure block wing ward room flat unit level stage
    phase vitamin hepatitis team list route""".split())
_A_BEFORE = re.compile(r"(\w+|[^\w\s]|\n)[^\S\n]*$")


def person_a(text: str, start: int) -> bool:
    """Whether a capital "A" at ``start`` is a person's letter ("On 14 March A disclosed",
    "hit A with a belt"), in a document where the model found "A" a person: not at a
    sentence's or a line's start (the article), not after a word that labels things with
    letters ("Schedule A", "grade A") and not before a lower-case word that the article
    would take ("A girl")."""
    before = _A_BEFORE.search(text, max(0, start - 30), start)
    word = before.group(1) if before else None
    if word is not None and word.casefold() in _A_LABELS:
        return False  # "Schedule A", "grade A"
    nxt = re.match(r"[^\S\n]+([^\W\d_]+)", text[start + 1 : start + 30])
    if nxt is None:  # "A," "A's" "A)": no word the article would take
        return True
    if start == 0 or word is None or not word[0].isalnum():
        return False  # a sentence's, a line's, a bracket's first word: the article
    after = nxt.group(1)
    return after in _AFTER_A_PERSON or after.endswith(("ed", "es"))  # "A disclosed", "A lives"


#: lower-case words after a person's "A" that are no noun an article would take
_AFTER_A_PERSON = frozenset("""and or with to was is had has said told says did does will
    would could can may might must should went came saw made gave took felt wanted""".split())


def _mid_sentence(text: str, start: int) -> bool:
    """Whether a word at ``start`` stands inside a sentence (not at a sentence's, a clause's
    or a line's start)."""
    return not starts_sentence(text, start)


def propagate(text: str, findings: Sequence[Finding], detector: str, *,
              always: Sequence[Finding] = ()) -> list[Finding]:
    """New findings for the untagged occurrences of the texts of ``findings`` (see the module
    docstring); ``always`` are findings whose texts are propagated whatever their shape."""
    doc_toks = _tokens(text)
    if not doc_toks:
        return []
    index: dict[str, list[int]] = defaultdict(list)
    for i, t in enumerate(doc_toks):
        index[t.text].append(i)
    lower_words = {t.text for t in doc_toks if t.text[:1].islower()}
    covered = bytearray(len(text) + 1)
    for f in (*findings, *always):
        covered[f.span.start:f.span.end] = b"\x01" * (f.span.end - f.span.start)

    groups: dict[tuple[tuple[str, bool], ...], list[Finding]] = defaultdict(list)
    forced: set[tuple[tuple[str, bool], ...]] = set()
    for f, is_forced in [(f, False) for f in findings] + [(f, True) for f in always]:
        if f.label not in PROPAGATED_LABELS or not _free_standing(text, f.span.start, f.span.end):
            continue
        core = _POSSESSIVE.sub("", f.text.strip())
        letter = f.label == Label.PERSON and (LETTER_PERSON.fullmatch(core) is not None
                                              or core == "A")
        if (len(core) < 2 and not letter) or not any(c.isalnum() for c in core):
            continue
        toks = _tokens(core)
        if not toks or len(toks) > 12:
            continue
        shape = _shape(toks)
        groups[shape].append(f)
        if is_forced or letter or _is_specific(core, toks, lower_words):
            forced.add(shape)

    out: list[Finding] = []
    for shape, members in groups.items():
        occ = [(s, e) for s, e in _occurrences(doc_toks, index, shape)
               if _free_standing(text, s, e) and not _initial(text, s, e)
               and (text[s:e] != "A" or person_a(text, s)) and not field_position(text, s, e)]
        untagged = [(s, e) for s, e in occ if covered.find(1, s, e) == -1]
        if not untagged:
            continue
        if shape not in forced and 2 * (len(occ) - len(untagged)) <= len(occ):
            # a common word: only when the model tagged most of its occurrences — or, for a
            # person's one capitalised name ("Will", "Hope"), where it stands capitalised
            # inside a sentence ("says that Will has asthma"; not "Will you call?")
            one_name = len(shape) == 1 and text[untagged[0][0]].isupper() and all(
                f.label == Label.PERSON for f in members)
            untagged = [(s, e) for s, e in untagged if _mid_sentence(text, s)] if one_name \
                else []
            if not untagged:
                continue
        label = Counter(f.label for f in members).most_common(1)[0][0]
        model = next(f for f in members if f.label == label)
        for s, e in untagged:
            covered[s:e] = b"\x01" * (e - s)
            out.append(Finding(Span(s, e), label, text[s:e], subtype=model.subtype,
                               score=model.score, detector=detector,
                               explanation="another mention of a name the NER model found "
                                           "elsewhere in the document"))
    return out
