"""Gazetteer detector (id ``gazetteer``): dictionary lookups for DEM and MISC phrases, person
names and places, plus patterns for legal provisions.

The lists come from ``resources/gazetteers/gazetteers.json`` (built by
``training/gazetteers/build.py``; see ``resources/gazetteers/GAZETTEERS.md``). Matching is
token-based, longest match first, on word boundaries; lowercase lists (occupations, offences
…) match case-insensitively, lists of proper nouns (nationalities, names, places) only where
the text is capitalised like the entry.

**Ambiguity rule.** An entry flagged ``ambiguous`` at build time (an ordinary word at least as
often as an identifier: "judge", "cook", "Baker", "Brown", "Reading") is only annotated where
the context supports it:

* occupations, titles, education: capitalised mid-sentence ("the Judge"), a cue before it
  ("works as a", "was a", "became", "a retired …") or "by profession" after it, or (titles) a
  capitalised name after it;
* nationalities and the like: "national", "citizen", "origin" … after it;
* diagnoses: "suffered from", "diagnosed with", "treated for" … before it;
* offences: "convicted of", "charged with", "suspected of" … before it;
* events and other phrases: capitalised mid-sentence;
* places: a preposition before it ("in Reading", "born in Nice");
* person names: a title before it ("Mr Baker") or another name next to it ("Gordon Brown").

The runtime needs only the JSON file (no wordfreq). Nothing here logs document text.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from redactor_plugins.detectors.patterns.table_columns import column_type
from redactor_plugins.detectors.recognizer.gazetteer_lists import (  # noqa: F401 - re-exported
    _TOKEN,
    Gazetteer,
    _Entry,
    _key,
    _Name,
    default_path,
    load_gazetteer,
)
from redactor_plugins.detectors.recognizer.rules.identifier_cues import inside_identifier_cue
from redactor_plugins.detectors.recognizer.rules.institution_rules import WRITTEN_NAMES
from redactor_plugins.detectors.recognizer.rules.language_rules import common_word_span
from redactor_plugins.detectors.recognizer.rules.legal_rules import legal_provisions
from redactor_plugins.detectors.recognizer.rules.no_one_words import (
    field_name,
    heading_words,
    names_no_one,
)
from redactor_plugins.detectors.recognizer.rules.person_rules import (
    letter_names,
    officers,
    other_script_names,
    titles_of_rule,
)
from redactor_plugins.detectors.recognizer.rules.span_edges import BEFORE_A_NAME
from redactor_plugins.shared.language.detect import language_of
from redactor_plugins.shared.names.org_forms import FIRM_LAST_WORDS, STREET_LAST_WORDS
from redactor_plugins.shared.names.titles import COURTESY, JOB_HEADS, NOT_TITLES
from redactor_plugins.shared.text_pieces import (
    CHUNK_CHARS,
    form_fields,
    paragraph_chunks,
    tabbed_line_at,
)

from redactor.plugin_api import Document, Finding, Label, RunContext, Span

log = logging.getLogger("redactor.gazetteer")

SECTION = "recognizer"
#: "national(s) of (the) ", "citizen(s) of " right before a country's name
_OF_COUNTRY_BEFORE = re.compile(r"\b(?:[Nn]ationals?|[Cc]itizens?)\s+of\s+(?:the\s+)?$")
#: an identifier's noun after "national" ("national number", "National Insurance", "national ID")
_ID_NOUN = r"[ \t]+(?i:number|no\.|insurance|ID\b|identity|identification|regist)"
_SENTENCE_END = re.compile(r"(?:^|[.!?:;\"“”(\[]|\n\s*\n)\s*$")
_GAP = re.compile(r"[ \t]{1,2}|[ \t]*\n[ \t]*")
#: a building's word after a name ("Field House"): the run is a building's name, not a person's
_BUILDINGS = frozenset("House Tower Building Buildings Chambers Barracks Manor Mansions Station "
                       "Centre Center".split())  # "Garda Station"
_PARTICLES = frozenset("van von de der den da di del della la le du dos das ter ten bin ibn al el".split())

_OCC_CUE = re.compile(
    r"(?:\b(?:as|became|become|becomes|becoming|appointed|elected|employed|hired|trained|"
    r"qualified|work(?:s|ed|ing)?|serv(?:e|es|ed|ing)|career|job|post|position|profession|"
    r"occupation|practi[cs](?:e|es|ed|ing))\s+(?:as\s+)?(?:an?\s+|the\s+)?"
    r"(?:(?!(?:to|of|the|and|or|if|well|such|far|long|soon|much)\b)[\w-]+\s+)?"
    r"|\b(?:is|was|were|are|been|be)\s+an?\s+(?:[\w-]+\s+)?"
    r"|\b(?:former|retired|practising|practicing|qualified|trainee|senior|junior|chief|"
    r"assistant|deputy)\s+)$",
    re.IGNORECASE,
)
_OCC_AFTER = re.compile(r"^\s+by\s+(?:profession|occupation|trade)\b", re.IGNORECASE)
_HEALTH_CUE = re.compile(
    r"\b(?:suffer(?:s|ed|ing)?\s+(?:from|with)|diagnos(?:ed|is|es)\s+(?:with|of|as)|"
    r"diagnosed\s+as\s+having|treated\s+for|treatment\s+for|symptoms\s+of|signs\s+of|"
    r"history\s+of|ill\s+with|sick\s+with|died\s+(?:of|from)|affected\s+by|"
    r"developed|had|with)\s+(?:an?\s+)?(?:[\w-]+\s+)?$",
    re.IGNORECASE,
)
_OFFENCE_CUE = re.compile(
    r"\b(?:convicted\s+of|charged\s+with|accused\s+of|suspected\s+of|guilty\s+of|"
    r"sentenced\s+for|arrested\s+for|(?:on\s+)?suspicion\s+of|prosecuted\s+for|"
    r"indicted\s+for|acquitted\s+of|offences?\s+of|crimes?\s+of|charges?\s+of|counts?\s+of|"
    r"conviction\s+for|investigation\s+into|committed|commit|committing)"
    r"\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+)?$",
    re.IGNORECASE,
)
_DETERMINER = re.compile(r"(?i)^(?:the|a|an|its|his|her|their|our|your|my|this|that|these|"
                         r"those|whose|which|of|by|for|to|with|[\w]+['’]s?)$")
_PLACE_CUE = re.compile(
    r"\b(?:in|at|from|near|to|via|outside|inside|around|towards?|of|born\s+in|lived\s+in|"
    r"living\s+in|resident\s+in|moved\s+to)\s+$", re.IGNORECASE)

@dataclass(frozen=True, slots=True)
class _Tok:
    start: int
    end: int
    text: str
    key: str  # casefolded, ’ → '

    @property
    def word(self) -> bool:
        return self.text[0].isalnum() or self.text[0] == "_"

    @property
    def cap(self) -> bool:
        return self.text[0].isupper()


def tokenize(text: str) -> list[_Tok]:
    return [_Tok(m.start(), m.end(), m.group(0), _key(m.group(0))) for m in _TOKEN.finditer(text)]


#: what may follow a form's field name up to its colon: "sign-off", "of record"
_FIELD_REST = re.compile(r"(?:\s+[a-z][a-z-]*){0,2}[ \t]*:")
_AFTER_SENTENCE = re.compile(r"[.;!?][ \t]+$")


@dataclass(frozen=True, slots=True)
class _Cand:
    start: int
    end: int
    label: Label
    subtype: str
    score: float
    priority: int
    explanation: str


class _Matcher:
    """One document's matching state."""

    def __init__(self, gaz: Gazetteer, text: str, *, names: bool, places: bool,
                 ambiguity: bool = True, soft_newlines: bool = False) -> None:
        self.gaz = gaz
        self.soft_newlines = soft_newlines
        self.ambiguity = ambiguity
        self.text = text
        self.toks = tokenize(text)
        self.use_names = names
        self.use_places = places

    # -- context helpers --------------------------------------------------------------------
    def contiguous(self, i: int, j: int) -> bool:
        """Tokens i..j-1 form one phrase: separated by at most a little whitespace (a line
        break only where lines are soft-wrapped, as in PDF text; elsewhere it ends a paragraph
        or a table cell)."""
        for k in range(i, j - 1):
            gap = self.text[self.toks[k].end : self.toks[k + 1].start]
            if gap and (not _GAP.fullmatch(gap) or ("\n" in gap and (
                    not self.soft_newlines or tabbed_line_at(self.text, self.toks[k].end,
                                                              self.toks[k + 1].start)))
                        or "\t" in gap):  # a tab parts a table's cells (a DOCX row, a TSV,
                return False  # a PDF's form), and a PDF's line beside such a row ends
        return True

    def sentence_initial(self, start: int) -> bool:
        return bool(_SENTENCE_END.search(self.text[max(0, start - 6) : start]))

    def before(self, start: int, width: int = 60) -> str:
        return self.text[max(0, start - width) : start]

    def prev_word(self, i: int) -> _Tok | None:
        k = i - 1
        while k >= 0 and self.toks[k].text == ".":
            k -= 1
        if k < 0 or not self.toks[k].word:
            return None
        gap = self.text[self.toks[k].end : self.toks[i].start]  # not "Judge.⏎⏎ARGUED …"
        return self.toks[k] if len(gap.replace(".", "").strip()) == 0 and len(gap) <= 3 \
            and not re.search(r"\.\s*\n|\n\s*\n", gap) else None

    def title_before(self, i: int) -> bool:
        prev = self.prev_word(i)
        return prev is not None and prev.key in self.gaz.titles and prev.cap and \
            prev.text not in NOT_TITLES and not (prev.text.isupper() and "\n" in self.text[
                prev.end : self.toks[i].start])  # "DEPARTMENT OF JUSTICE⏎EXECUTIVE OFFICE"

    def cap_mid(self, start: int) -> bool:
        """Capitalised mid-sentence, not as part of a longer capitalised name and not after a
        determiner (court decisions capitalise institutional roles: "their Agent", "the
        Registrar", "Prosecutor General")."""
        if not self.text[start].isupper() or self.sentence_initial(start):
            return False
        prev = re.search(r"([\w'’]+)\s*$", self.text[max(0, start - 30) : start])
        if prev is None:
            return True
        word = prev.group(1)
        return not (word[0].isupper() or _DETERMINER.match(word))

    def field_label(self, start: int, end: int) -> bool:
        """Is text[start:end] a field name: first on its line or after a sentence's end, and
        followed by a colon, at most two lower-case words after it ("Author:", "… a.m.
        Author:", "Supervisor sign-off:")?"""
        line_start = self.text.rfind("\n", 0, start) + 1
        before = self.text[line_start:start]
        return ((not before.strip() or _AFTER_SENTENCE.search(before) is not None)
                and _FIELD_REST.match(self.text, end, end + 40) is not None)

    def supported(self, e: _Entry, start: int, end: int, j: int) -> bool:
        """Does the context support an ambiguous entry spanning tokens ending before j?"""
        before, after = self.before(start), self.text[end : end + 40]
        sub = e.subtype
        if e.role == "place":
            return bool(_PLACE_CUE.search(before))
        if sub in ("OCCUPATION", "TITLE", "EDUCATION"):
            if self.cap_mid(start) or _OCC_CUE.search(before) or _OCC_AFTER.match(after):
                return True
            nxt = self.toks[j] if j < len(self.toks) else None
            return bool(sub == "TITLE" and nxt is not None and nxt.cap and nxt.word
                        and self.contiguous(j - 1, j + 1) and nxt.text in self.gaz.names)
        if sub in ("NATIONALITY", "LANGUAGE", "RELIGION", "ETHNICITY"):
            return self._head_after(end) is not None or bool(
                re.search(r"\b(?:of|an?)\s+$", before, re.IGNORECASE))
        if sub == "HEALTH":
            return bool(_HEALTH_CUE.search(before))
        if sub == "OFFENCE":
            return bool(_OFFENCE_CUE.search(before))
        return self.cap_mid(start)

    def _head_after(self, end: int) -> int | None:
        """The end of a nationality word after a country's adjective ("British national"),
        unless an identifier's noun follows it ("Belgian national number")."""
        rest = self.text[end : end + 30]
        for head in self.gaz.heads:
            m = re.match(rf"[ \t]+{re.escape(head)}\b(?!{_ID_NOUN})", rest)
            if m:
                return end + m.end()
        return None

    # -- phrase lists -----------------------------------------------------------------------
    def phrases(self) -> Iterator[_Cand]:
        toks, n = self.toks, len(self.toks)
        for i in range(n):
            longest = self.gaz.max_len.get(toks[i].key)
            if not longest or not toks[i].word:
                continue
            if i > 0 and self.text[toks[i - 1].end : toks[i].start] == "" and toks[i - 1].word:
                continue  # not on a word boundary
            for length in range(min(longest, n - i), 0, -1):
                j = i + length
                entries = self.gaz.index.get(tuple(t.key for t in toks[i:j]))
                if not entries or not self.contiguous(i, j):
                    continue
                if j < n and toks[j].word and toks[j].start == toks[j - 1].end:
                    continue
                cand = self._choose(entries, i, j)
                if cand is not None:
                    yield cand
                    break

    def _choose(self, entries: Sequence[_Entry], i: int, j: int) -> _Cand | None:
        start, end = self.toks[i].start, self.toks[j - 1].end
        for e in entries:
            if e.role == "place" and not self.use_places:
                continue
            if e.cased and not all(t.cap or t.text.isupper() for t, c in
                                   zip(self.toks[i:j], e.caps, strict=True) if c):
                continue
            if e.ambiguous and self.ambiguity and not self.supported(e, start, end, j):
                continue
            if e.subtype in ("OCCUPATION", "TITLE") and self.field_label(start, end):
                continue  # "Author: …", "Supervisor:" — a form's field name, not a description
            score = 0.6 if e.ambiguous else 0.9 if e.subtype == "COUNTRY" and j - i > 1 else 0.7
            # a country's name of several words is nobody's ("Hong Kong" read PERSON)
            why = f"gazetteer {e.list_name}" + (" (ambiguous; supported by context)"
                                                if e.ambiguous else "")
            if e.subtype in ("NATIONALITY", "COUNTRY"):
                head_end = self._head_after(end)
                if head_end is not None:  # "British national", "United Kingdom citizen"
                    return _Cand(start, head_end, Label.DEM, "NATIONALITY", 0.75, 2,
                                 f"gazetteer {e.list_name} + nationality word")
            if e.subtype == "COUNTRY" and (lead := _OF_COUNTRY_BEFORE.search(
                    self.text, max(0, start - 30), start)):  # "a national of Somalia"
                return _Cand(lead.start(), end, Label.DEM, "NATIONALITY", 0.75, 2,
                             f"nationality word + gazetteer {e.list_name}")
            if (e.label == Label.DEM and e.cased) or e.subtype in ("CITY", "STATE"):
                nxt = self.toks[j] if j < len(self.toks) else None
                if nxt is not None and nxt.word and nxt.cap and nxt.text[1:].isalpha() \
                        and any(c.islower() for c in nxt.text) and self.contiguous(j - 1, j + 1):
                    continue  # part of a name: "Turkish Government", "Commonwealth Office"
            return _Cand(start, end, e.label, e.subtype, score, 2, why)
        return None

    # -- person names -----------------------------------------------------------------------
    def _name_info(self, tok: _Tok) -> _Name | None:
        info = self.gaz.names.get(tok.text)
        if info is None and tok.text.isupper() and len(tok.text) > 1:
            info = self.gaz.names.get(tok.text.title())
        return info

    def _nameish(self, tok: _Tok) -> bool:
        if not tok.word or not tok.cap or tok.text[0].isdigit():
            return False
        t = tok.text.title() if tok.text.isupper() else tok.text
        if t in self.gaz.never or tok.key in self.gaz.titles:
            return False
        return not (t in self.gaz.proper_non_names and t not in self.gaz.names)

    def persons(self) -> Iterator[_Cand]:
        toks, n, i = self.toks, len(self.toks), 0
        while i < n:
            if not self._nameish(toks[i]) and not self._initial(i):
                i += 1
                continue
            run = [i]
            k = i + (2 if self._initial(i) else 1)
            while k < n and len(run) < 6:
                if not self.contiguous(k - 1, k + 1):  # after an initial's dot too
                    break  # ("Maria E.        MRN" of a form's row is no name)
                if re.search(r"\w['’]s$", toks[run[-1]].text) or (
                        k + 1 < n and toks[k + 1].text == "/"):
                    break  # a possessive ends the name ("Mdm Siti's HP": not "… Siti's HP"),
                    # and a relation's mark ("Lakshmi Devi W/o …": not "… Devi W")
                if self._initial(k):
                    run.append(k)
                    k += 2
                elif self._nameish(toks[k]):
                    run.append(k)
                    k += 1
                elif toks[k].key in _PARTICLES and k + 1 < n and self._nameish(toks[k + 1]) \
                        and self.contiguous(k, k + 2) and toks[k].text.islower():
                    run.append(k)
                    k += 1
                else:
                    break
            cand = self._judge_run(run)
            if cand is not None:
                yield cand
            i = max(k, i + 1)

    def _initial(self, i: int) -> bool:
        toks = self.toks
        return (i + 1 < len(toks) and len(toks[i].text) == 1 and toks[i].text.isupper()
                and toks[i + 1].text == "." and toks[i + 1].start == toks[i].end
                and i + 2 < len(toks) and self._nameish_or_initial_at(i + 2))

    def _nameish_or_initial_at(self, k: int) -> bool:
        tok = self.toks[k]
        return self._nameish(tok) or (len(tok.text) == 1 and tok.text.isupper())

    def _judge_run(self, run: list[int]) -> _Cand | None:
        toks = self.toks
        while len(run) > 1 and toks[run[0]].key in BEFORE_A_NAME:  # "Hi Sarah", "Plaintiff X"
            run = run[1:]
        if len(run) == 1 and names_no_one(self.text, toks[run[0]].start, toks[run[0]].end):
            return None  # "Til:" of a Norwegian letter's header (a given name in the lists)
        if len(run) > 2 and all(toks[k].text.isupper() for k in run):  # "STANDING ORDER J
            known = [k for k in run if self._name_info(toks[k]) or len(toks[k].text) == 1]
            run = [k for k in run if known and known[0] <= k <= known[-1]]  # NOWAK RENT"
            if not run:
                return None
        words = [k for k in run if toks[k].key not in _PARTICLES]
        infos = [self._name_info(toks[k]) for k in words]
        strong = sum(1 for x in infos if x is not None and not x.ambiguous)
        weak = sum(1 for x in infos if x is not None and x.ambiguous)
        if not self.ambiguity:
            strong, weak = strong + weak, 0
        initials = sum(1 for k in words if len(toks[k].text) == 1)
        start = toks[run[0]].start
        last = run[-1]
        end = toks[last].end + (1 if self._initial(last) else 0)
        if re.search(r"\w['’]s$", toks[last].text):
            end -= 2  # "Mr Fredin’s case": the name without the possessive
        titled = self.title_before(run[0])
        title = self.prev_word(run[0]) if titled else None
        if title is not None and title.key in COURTESY:
            start = title.start  # TAB's names include "Mr", "Dr" …: "Dr Darby" is one span
        if titled:
            score, why = 0.85, "capitalised name after a title"
        elif strong + weak >= 2:
            score, why = 0.8, "given name and surname from the name lists"
        elif strong >= 1 and len(words) >= 2:
            score, why = 0.75, "known name followed or preceded by a capitalised name"
        elif initials and strong + weak >= 1:
            score, why = 0.75, "initial and a known name"
        elif len(words) == 1 and strong == 1:
            score, why = 0.55, "known name"
        else:
            return None
        if len(words) == 1 and initials == 1 and not titled:
            return None
        if not titled and len(words) >= 2 and toks[words[-1]].text in _BUILDINGS:
            return None  # "Field House", "Somerset House": a building, not a person
        if len(words) >= 2 and toks[words[-1]].text in FIRM_LAST_WORDS | STREET_LAST_WORDS:
            return None  # "Duncan Lewis Solicitors", "Hanson Lane": a firm, a street
        if not titled and len(words) >= 2 and toks[words[-1]].key in JOB_HEADS and not any(
                x is not None and x.given for x in infos):
            return None  # "Claims Handler": a job
        return _Cand(start, end, Label.PERSON, "NAME", score, 3 if len(words) > 1 or titled
                     else 1, f"gazetteer person names: {why}")


def _select(cands: Iterable[_Cand]) -> list[_Cand]:
    """Non-overlapping: longer first, then higher priority, then higher score, then earlier."""
    ranked = sorted(cands, key=lambda c: (-(c.end - c.start), -c.priority, -c.score, c.start))
    taken: list[_Cand] = []
    for c in ranked:
        if all(c.end <= t.start or t.end <= c.start for t in taken):
            taken.append(c)
    return sorted(taken, key=lambda c: (c.start, c.end))


def find(text: str, gaz: Gazetteer | None = None, *, names: bool = True, places: bool = True,
         legal: bool = True, convention: bool = False, ambiguity: bool = True,
         soft_newlines: bool = False) -> list[tuple[int, int, Label, str, float, str]]:
    """All gazetteer matches in ``text``: ``(start, end, label, subtype, score, why)``.
    ``ambiguity=False`` switches the ambiguity rule off (for measuring its effect);
    ``soft_newlines`` lets a phrase run over a single line break (PDF text)."""
    gaz = gaz or load_gazetteer()
    m = _Matcher(gaz, text, names=names, places=places, ambiguity=ambiguity,
                 soft_newlines=soft_newlines)
    cands: list[_Cand] = list(m.phrases())
    if names:
        cands += list(m.persons())
        cands += [_Cand(s, e, Label.PERSON, "NAME", 0.8, 3, "single capitals standing for "
                        "people after a word for people") for s, e in letter_names(text)]
        cands += [_Cand(s, e, Label.PERSON, "NAME", 0.99, 3, "a title of rule or rank of a "
                        "place (\"Duke of Edinburgh\")") for s, e in titles_of_rule(text)]
        cands += [_Cand(s, e, Label.PERSON, "NAME", 0.99, 3, "a police rank before a name "
                        "(\"PC 4471 Hollings\")") for s, e in officers(text)]
        cands += [_Cand(s, e, Label.PERSON, "NAME", 0.9, 3, "words in another script in a "
                        "text in Latin letters (\"signs her name as 王秀英\")")
                  for s, e in other_script_names(text)]
    cands += [_Cand(s, e, lab, sub, 0.93 if sub == "STREET" else 0.8, 3, why)  # a street's
              for rule, lab, sub, why in WRITTEN_NAMES  # word outvotes a model's ORG of the
              for s, e in rule(text)]  # same words ("Tong Street")
    if legal:
        cands += [_Cand(s, e, Label.MISC, "LEGAL_PROVISION", 0.5, 2, "legal provision pattern")
                  for s, e in legal_provisions(text, convention)]
    peoples = {(c.start, c.end) for c in cands if c.label == Label.DEM and c.subtype in (
        "ETHNICITY", "NATIONALITY")}  # "Torres Strait Islander": a people, not three names
    taken = _select(c for c in cands if c.label != Label.PERSON or (c.start, c.end) not in peoples)
    people = [(c.start, c.end) for c in taken if c.label == Label.PERSON]
    in_cue = {s for (s, _e), inside in zip(people, inside_identifier_cue(text, people),
                                           strict=True) if inside}  # "CHI 2211851234"
    language = language_of(text)
    fields = form_fields(text)  # a form's field names ("First language", "Parent/carer")
    return [(c.start, c.end, c.label, c.subtype, c.score, c.explanation) for c in taken
            if not (c.label == Label.PERSON and c.start in in_cue)
            and not any(s <= c.start and c.end <= e for s, e in fields)
            and not names_no_one(text, c.start, c.end)  # "Ihren" (a place in the lists)
            and not (language != "en" and c.label in (Label.PERSON, Label.LOC) and
                     common_word_span(text, c.start, c.end, language))  # Dutch "Haar zoon"
            and not (c.label in (Label.DEM, Label.MISC) and (heading_words(
                text, c.start, c.end)  # a row's name: "Student loan (Plan 2)   -87.00"
                or field_name(text, c.start, c.end)))]  # "Aboriginal and/or …: Yes"


class GazetteerDetector:
    """Detector ``gazetteer``: see the module docstring."""

    id = "gazetteer"
    version = "1.0"

    def __init__(self, path: Path | None = None) -> None:
        self.path = path

    def prepare(self, ctx: RunContext) -> None:
        """Build the lists' index ahead of use (Pipeline.preload)."""
        if ctx.settings.get(SECTION, "gazetteer", True):
            load_gazetteer(self.path)

    def detect(self, doc: Document, ctx: RunContext) -> Iterator[Finding]:
        settings = ctx.settings
        if not settings.get(SECTION, "gazetteer", True):
            return
        gaz = load_gazetteer(self.path)
        options = {"names": bool(settings.get(SECTION, "gazetteer_names", True)),
                   "places": bool(settings.get(SECTION, "gazetteer_places", True)),
                   "legal": bool(settings.get(SECTION, "legal_provisions", True)),
                   "convention": bool(settings.get(SECTION, "convention_articles", False)),
                   "soft_newlines": doc.format == "pdf"}
        # paragraph-aligned pieces: the legal-provision expressions are C-level searches that
        # hold the GIL (see redactor_plugins.shared.text_pieces)
        for offset, stop in paragraph_chunks(doc.text, CHUNK_CHARS):
            ctx.check()
            piece = doc.text[offset:stop]
            for start, end, label, subtype, score, why in find(piece, gaz, **options):
                label, subtype = column_type(doc.text, offset + start, offset + end, label,
                                             subtype)  # "Paris" of a "Forename" column
                yield Finding(Span(offset + start, offset + end), label, piece[start:end],
                              subtype=subtype, score=score, detector=self.id, explanation=why)
