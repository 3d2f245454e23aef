"""Ways a document names a person that neither the NER model nor the name lists see.

* **Letters for people** — anonymised judgments write co-accused and witnesses as single
  capitals: "the applicant (and five co-accused, A, B, H, N and R)". A list of single capitals
  (≥ 2, joined by commas and "and"/"or", optionally in square brackets) is a list of people
  when a word for people stands just before it ("co-accused", "defendants", "witnesses",
  "Messrs" …) or when every letter in it was already introduced that way in the document
  ("the cases against [H], N and A"). Lists after "Annexes", "Categories", "Schedules" … or
  without such a cue are not people.
* **Titles of rule** — "Empress of Haiti", "Duke of Edinburgh", "Archbishop of Canterbury":
  a title of rule or rank followed by "of" and a capitalised place names one person at a time.
* **Police officers** — "PC 4471 Hollings", "DC Sarah Pemberton", "Detective Sergeant
  Okoro": a police rank (written out or abbreviated), an optional collar number and one or
  two capitalised words name one officer (the rank and number included: the number
  identifies the officer as surely as the name).
* **A name does not end in a particle** — "Estácio de" is not a whole name: a PERSON span
  whose last word is a lower-case name particle ("de", "van", "von", "bin" …) runs on over
  the capitalised word that follows ("Estácio de Sá"), whatever the model made of that word.
* **Parts of a detected name** — once "Estácio de Sá" is found, a later "Sá" on its own is the
  same person: the surname (the last word, suffixes such as "Jr" left aside) and the given
  name (the first word, at least three letters) of a PERSON finding of two words or more.
  A part is used only when it is capitalised and its lower-case form never occurs in the
  document ("Green" in a text that also says "green" is not), and the given name only when no
  other detected person shares it.

Pure functions over character offsets: the gazetteer detector uses the first two, the NER
detector hands the third to mention propagation (mention_propagation.propagate).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from redactor_plugins.detectors.recognizer.mention_propagation import LETTER_PERSON, field_position
from redactor_plugins.detectors.recognizer.rules.span_edges import PARTY_ROLES
from redactor_plugins.shared.names.particles import PARTICLES
from redactor_plugins.shared.names.rulers import RULER
from redactor_plugins.shared.names.titles import COURTESY, POLICE_RANK, RANK_WORDS
from redactor_plugins.shared.text_pieces import join_neighbours

from redactor.plugin_api import Finding, Label, Span, initials_alias

__all__ = ["letter_list", "letter_names", "name_parts", "officers", "particle_end",
           "titles_of_rule"]

#: Words for people right before a list of letters ("co-accused A, B and R").
_PEOPLE = (r"co[-‑‐]?accused|accused|co[-‑‐]?defendants?|defendants?|applicants?|witness(?:es)?"
           r"|suspects?|persons?|individuals?|officers?|children|brothers|sisters|Messrs\.?"
           r"|claimants?|plaintiffs?|victims?|complainants?|employees|journalists|soldiers"
           r"|prisoners|detainees|patients|doctors|judges|members")
_LETTER = r"\[?[A-Z]\.?\]?(?![\w.])"
_LIST = re.compile(rf"(?<![\w.])({_LETTER}(?:\s*,\s*{_LETTER})*\s*,?\s+(?:and|or)\s+{_LETTER})")
#: a capitalised word after the letters: "J. and M. Smith" are initials of a name, unless the
#: word starts a sentence ("… N and R. The trial")
_WORD_AFTER = re.compile(r"\.?[^\S\n]+([A-Z][a-z]+)")
_STARTERS = frozenset(
    "The He She It They We His Her Their Its On In At By This That These Those A An After "
    "Before When While As However Both All Each Neither Following During Since Subsequently "
    "Accordingly Meanwhile Later Finally Then There".split())
_CUE = re.compile(rf"(?:{_PEOPLE})(?:\s*\(\w+\))?\s*,?\s*(?:\(\s*)?$", re.IGNORECASE)
_SINGLE_AFTER_CUE = re.compile(
    rf"(?<![\w-])(?:the\s+)?(?i:co[-‑‐]?accused|co[-‑‐]?defendant|witness|defendant|applicant"
    rf"|accused|suspect)\s+(?!I\b)({_LETTER})")
_ONE = re.compile(r"[A-Z]")


def _letters(text: str, start: int, end: int) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _ONE.finditer(text, start, end)]


def _initials_of_a_name(text: str, end: int) -> bool:
    m = _WORD_AFTER.match(text, end)
    return m is not None and m.group(1) not in _STARTERS


def letter_names(text: str) -> list[tuple[int, int]]:
    """Character spans of single capitals that stand for people (see the module docstring)."""
    found: dict[int, int] = {}
    known: set[str] = set()
    later: list[list[tuple[int, int]]] = []
    for m in _LIST.finditer(text):
        letters = _letters(text, *m.span(1))
        if len(letters) < 2 or _initials_of_a_name(text, m.end(1)):
            continue
        if _CUE.search(text, max(0, m.start() - 40), m.start()):
            for s, e in letters:
                found[s] = e
                known.add(text[s:e])
        else:
            later.append(letters)
    for m in _SINGLE_AFTER_CUE.finditer(text):
        if _initials_of_a_name(text, m.end(1)):
            continue
        s, e = _letters(text, *m.span(1))[0]
        found[s] = e
        known.add(text[s:e])
    for letters in later:  # "the cases against [H], N and A" once H, N and A are people
        if all(text[s:e] in known for s, e in letters):
            for s, e in letters:
                found[s] = e
    return sorted(found.items())


_LETTER_LIST = re.compile(r"[A-Z](?:\s*(?:,|\band\b|\bor\b)\s*[A-Z])+")


def letter_list(text: str, start: int, end: int) -> list[int]:
    """The offsets of the letters when ``text[start:end]`` is nothing but single capitals,
    commas and "and"/"or" ("B, H", "N and R": a model's one span over co-accused), else []."""
    if not _LETTER_LIST.fullmatch(text, start, end):
        return []
    return [s for s, _ in _letters(text, start, end)]


_TITLE_OF = re.compile(
    rf"\b{RULER}\s+of\s+(?:the\s+)?[A-Z][\w'’-]+(?:\s+(?:and\s+)?[A-Z][\w'’-]+){{0,3}}")


def titles_of_rule(text: str) -> list[tuple[int, int]]:
    """Character spans of "Empress of Haiti", "Duke of Edinburgh" … (a possessive dropped)."""
    out = []
    for m in _TITLE_OF.finditer(text):
        end = m.end()
        if text[end - 2 : end] in ("'s", "’s"):
            end -= 2
        out.append((m.start(), end))
    return out


_NOT_A_NAME = r"(?:General|Chief|Constable|Sergeant|Inspector|Superintendent|Major|Of|The)\b"
_OFFICER = re.compile(
    rf"(?<![\w.])((?:{POLICE_RANK}|HHJ|DDJ|DJ|(?:His|Her)[^\S\n]+Honour[^\S\n]+Judge)"
    rf"(?:[^\S\n]+\d{{2,6}})?(?:[^\S\n]+(?!{_NOT_A_NAME})[A-Z][\w'’-]+){{1,2}})")


#: letters of the scripts an English text quotes names in: Greek, Cyrillic, Armenian, Hebrew,
#: Arabic, the Indic scripts, Thai, Georgian, Ethiopic, Hangul, kana and Han ideographs (with
#: their marks and the direction marks U+200E/U+200F)
_OTHER_SCRIPT = ("\u0370-\u03ff\u0400-\u04ff\u0530-\u058f\u0590-\u05ff\u0600-\u06ff"
                 "\u0750-\u077f\u0900-\u0dff\u0e00-\u0e7f\u10a0-\u10ff\u1200-\u137f"
                 "\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\u200e\u200f")
_OTHER_SCRIPT_RUN = re.compile(rf"[{_OTHER_SCRIPT}]+(?:[ ][{_OTHER_SCRIPT}]+){{0,2}}")


def other_script_word(span: str) -> bool:
    """Whether ``span`` is words in another script only (:data:`_OTHER_SCRIPT_RUN`)."""
    return _OTHER_SCRIPT_RUN.fullmatch(span) is not None


def other_script_names(text: str) -> list[tuple[int, int]]:
    """Character spans of one to three words in another script quoted in a text written in
    Latin letters ("who signs her name as 王秀英", "王芳 her mother", "signed as محمد الأحمد"):
    a name, most likely, and never read by the English recognizer reliably ("王芳" was left
    in clear, "王秀英" typed a demographic). A text mostly in another script is left to its
    own readers."""
    runs = [m.span() for m in _OTHER_SCRIPT_RUN.finditer(text)]
    if not runs:
        return []
    other = sum(e - s for s, e in runs)
    latin = sum(1 for c in text if "a" <= c.lower() <= "z")
    return runs if latin > 3 * other else []


def officers(text: str) -> list[tuple[int, int]]:
    """Character spans of police officers named by rank, and of judges by their title: "PC
    4471 Hollings", "HHJ Ormerod" (a possessive dropped; a sentence's first word after the
    name is not part of it: "DC Smith They")."""
    out = []
    for m in _OFFICER.finditer(text):
        start, end = m.span(1)
        last = text[start:end].split()[-1]
        if last in _STARTERS:
            end = len(text[:end - len(last)].rstrip())
        if text[end - 2:end] in ("'s", "’s"):
            end -= 2
        out.append((start, end))
    return out


_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_SUFFIX = frozenset({"jr", "sr", "ii", "iii", "iv", "v", "junior", "senior", "esq", "qc", "kc",
                     "mp", "phd", "md"})
_TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr", "sir", "dame", "lord", "lady", "judge",
                     "justice", "professor", "prof", "president", "king", "queen", "prince",
                     "princess", "saint", "st", "general", "colonel", "captain", "father",
                     "sister", "brother", "reverend", "rev", "the", "of", "and"})


def name_parts(text: str, findings: Sequence[Finding], detector: str) -> list[Finding]:
    """The surname and (when no other detected person shares it) the given name of every
    PERSON finding of two words or more, as findings at their place inside it: mention
    propagation then finds them standing alone elsewhere (see the module docstring)."""
    lower = {m.group() for m in _WORD.finditer(text) if m.group()[:1].islower()}
    named: list[tuple[Finding, list[re.Match[str]]]] = []
    for f in findings:
        if f.label != Label.PERSON:
            continue
        words = [m for m in _WORD.finditer(text, f.span.start, f.span.end)
                 if m.group()[:1].isupper() and m.group().rstrip(".").lower() not in _SUFFIX]
        while words and words[0].group().rstrip(".").lower() in _TITLES:
            words.pop(0)
        if len(words) >= 2:
            named.append((f, words))
    people_called: dict[str, set[str]] = {}
    for _, words in named:  # given name -> the different full names that start with it
        people_called.setdefault(words[0].group(), set()).add(
            " ".join(w.group() for w in words))
    out = []
    for f, words in named:
        for m, given in ((words[0], True), (words[-1], False)):
            word = re.sub(r"['’]s$", "", m.group())
            if (len(word) < (3 if given else 2) or word.lower() in lower or word.isupper()
                    or (given and len(people_called[m.group()]) > 1)):
                continue
            s = m.start()
            out.append(Finding(Span(s, s + len(word)), Label.PERSON, word, subtype=f.subtype,
                               score=f.score, detector=detector,
                               explanation="a part of a detected name, standing alone"))
    return out


#: Lower-case particles inside names (Romance, Germanic, Arabic); a name never ends in one.
_PARTICLES = PARTICLES
_PARTICLE_TAIL = re.compile(r"(?<=\S)\s+([^\W\d_]+)$")
_NEXT_WORD = re.compile(r"[^\S\n]+([^\W\d_][\w'’]*(?:-[^\W\d_][\w'’]*)?)")


def particle_end(text: str, start: int, end: int) -> int:
    """The end of a PERSON span ``text[start:end]`` once a trailing name particle has its
    name: "Estácio de" + " Sá" -> the end of "Sá". ``end`` when the span's last word is not a
    lower-case particle after another word, or no capitalised word follows on the line."""
    m = _PARTICLE_TAIL.search(text, start, end)
    if m is None or m.group(1) not in _PARTICLES:
        return end
    nxt = _NEXT_WORD.match(text, end)
    return nxt.end() if nxt and nxt.group(1)[0].isupper() else end


_LEADING_WORD = re.compile(r"([^\W\d_][\w'’-]*)[^\S\n]+(?=[^\W\d_])")
#: a heading or subject line run into a name: "Grievance - Daniel Mensah", "Re: Kerry Webb"
_HEADING_DASH = re.compile(r"[^\S\n]+[-–—][^\S\n]+|:[^\S\n]+")
_TWO_NAMES = re.compile(r"[A-Z][\w'’.-]*(?:[^\S\n]+[A-Z][\w'’.-]*)+")


def name_start(text: str, start: int, end: int) -> int:
    """The start of a PERSON span ``text[start:end]`` without what a model put before the
    name: a heading before a spaced dash or a colon ("Grievance - Daniel Mensah", when two or
    more capitalised words follow), and leading lower-case words that are no name particle,
    when a capitalised word follows them ("biathlete Henrik Lund" -> "Henrik Lund"; a
    pseudonym read "donna Debbie Obrien"), and a party's role ("Plaintiff Maria Gonzalez").
    ``start`` otherwise ("sergeant major", "de Sá")."""
    at = start
    for m in _HEADING_DASH.finditer(text, start, end):  # the name is what follows the last
        if _TWO_NAMES.fullmatch(text, m.end(), end):  # separator, when that is a full name
            at = m.end()
    while True:
        m = _LEADING_WORD.match(text, at, end)
        if m is None or m.group(1) in _PARTICLES or not (
                m.group(1)[0].islower() or m.group(1).casefold() in PARTY_ROLES):
            break
        at = m.end()
    return at if at < end and text[at].isupper() else start


_WORD_BEFORE = re.compile(r"(?<![\w'’.-])([A-Z][a-zà-ÿ]+)[ \u00a0]\Z")


def given_name_before(text: str, start: int, end: int, names: Mapping[str, Any]) -> int:
    """``start`` moved back over a given name right before a one-word name ("Per [Hansen]" at
    the foot of a letter: "Per" is also a word, and the model left it in clear); ``names``
    is the gazetteer's name table (records with ``given``)."""
    if " " in text[start:end].strip():
        return start
    m = _WORD_BEFORE.search(text, max(0, start - 30), start)
    info = names.get(m.group(1)) if m else None
    return m.start(1) if m and info is not None and info.given else start


_ENDS_IN_INITIAL = re.compile(r"[^\W\d_][\w'’.-]*[^\S\n]+[A-Z]\.?\Z")
_SURNAME_AFTER = re.compile(r"\.?[^\S\n]+((?:Mc|Mac|O['’]|D['’])?[A-Z][A-Za-z'’-]+)(?![\w.]\w)")
_NOT_A_SURNAME = frozenset("""the a an and or of in on at to for by with from as but not no nos
    v vs versus mr mrs ms dr plaintiff plaintiffs defendant defendants claimant respondent
    appellant petitioner applicant court judge officer police street road avenue january
    february march april may june july august september october november december""".split())


def surname_after_initial(text: str, start: int, end: int) -> int:
    """``end`` moved over the surname after a name that ends in an initial ("OFFICER [BRIAN
    T.] KOWALSKI", "Anna K. Nowak": the model stopped at the initial and the surname stayed in
    clear): a capitalised word written like the name (in capitals after capitals), on the same
    line, that is no function word, role or month."""
    span = text[start:end]
    m = _SURNAME_AFTER.match(text, end)
    if not _ENDS_IN_INITIAL.search(span) or m is None:
        return end
    word = m.group(1)
    if word.casefold() in _NOT_A_SURNAME or word.casefold() in COURTESY or (
            span.isupper() != word.isupper()):
        return end
    return m.end(1)


_CAPS_WORD = re.compile(r"[A-Z][A-Z'’-]*")


def capitals_name_core(text: str, start: int, end: int, names: Mapping[str, Any]) -> tuple[
        int, int]:
    """A person's span in capitals of three or more words cut to its name: from the first
    word the name lists know (or an initial, or a title before it) to the last ("STANDING
    ORDER J NOWAK RENT" of a bank statement → "J NOWAK"); unchanged when no word is a known
    name or the span is not in capitals."""
    span = text[start:end]
    words = list(_CAPS_WORD.finditer(span))
    if len(words) < 3 or any(c.islower() for c in span):
        return start, end

    def named(w: str) -> bool:
        return len(w) == 1 or names.get(w.title()) is not None

    known = [i for i, m in enumerate(words) if named(m.group(0))]
    if not known:
        return start, end
    first, last = known[0], known[-1]
    if first > 0 and words[first - 1].group(0).casefold() in COURTESY:
        first -= 1
    return start + words[first].start(), start + words[last].end()


def capitals_person(text: str, start: int, end: int, names: Mapping[str, Any]) -> tuple[
        int, int] | None:
    """The name inside another label's span in capitals, when it is a given name or an
    initial with a surname and words the name lists do not know stand around it ("FROM ANNA
    NOWAK REF BIRTHDAY", tagged ORG in a bank statement → "ANNA NOWAK"); else None."""
    core = capitals_name_core(text, start, end, names)
    if core == (start, end):
        return None
    words = _CAPS_WORD.findall(text[core[0]:core[1]])
    infos = [names.get(w.title()) for w in words]
    if len(words) < 2 or not all(i is not None or len(w) == 1 for w, i in zip(
            words, infos, strict=True)) or not any(len(w) == 1 or (i is not None and i.given)
                                                  for w, i in zip(words, infos, strict=True)):
        return None
    return core


def one_label_per_name(found: list[Finding], names: Mapping[str, Any] | None = None
                       ) -> list[Finding]:
    """One entity, one label: a capital letter the model calls a person once is a person
    wherever it tagged it ("Re: M (A Child)" PERSON, "in respect of M" MISC), and so is a
    capitalised name it calls a person more often than anything else ("Kayden" PERSON seven
    times, MISC once) and, with the gazetteer's ``names``, a given name of the lists that
    starts a person's full name ("Sofie går i 2. klasse" LOC beside "Sofie Hansen", or one
    the lists do not know: "Chidera" ORG beside "Chidera Okonkwo"; where it
    calls it a person with little confidence, the confidence of a name: "father of Tyler"
    beside "Tyler Thompson", which the name lists call a town); a MISC
    that is a person's name and a verb is that name ("Marsden drives", where "Jason Lee
    Marsden" is a PERSON)."""
    people = {f.text for f in found
              if f.label == Label.PERSON and LETTER_PERSON.fullmatch(f.text)}
    votes: dict[str, Counter[bool]] = defaultdict(Counter)
    for f in found:
        if f.text[:1].isupper() and not f.text.isupper():
            votes[f.text][f.label == Label.PERSON] += 1
    people |= {t for t, c in votes.items() if c[True] > c[False] and c[False]}
    if names is not None:  # "Sofie" of "Sofie Hansen"
        firsts = {words[0] for f in found if f.label == Label.PERSON
                  for words in [f.text.split()] if len(words) > 1}
        people |= {w for w in firsts if ((info := names.get(w)) is not None and info.given or (
            info is None and w.isalpha() and w[1:].islower()))  # "Chidera" of "Chidera
                   and w.casefold() not in COURTESY and w.casefold() not in _TITLES  # Okonkwo",
                   and w.casefold() not in _RANKS}  # which the lists do not know
    surnames = {words[-1] for f in found if f.label == Label.PERSON  # "Marsh" of "Reece
                for words in [f.text.split()] if len(words) > 1  # Marsh", "Mr Marsh"
                and re.fullmatch(r"[^\W\d_]{2}[\w'’-]+", words[-1]) and words[-1][0].isupper()
                and words[-1][1].islower()}
    ends = {g.span.end for g in found if g.text[-1:].isalpha()}  # "Swiss Family" + "Robinson":
    surnames -= {f.text for f in found if f.span.start - 1 in ends}  # a longer name's piece
    people |= {f.text for f in found if f.label in (Label.ORG, Label.MISC) and (
        f.text in surnames or _PARTICLE_THEN.sub("", f.text) in surnames)}  # "Ó Súilleabháin"
    names = {w for f in found if f.label == Label.PERSON for w in _NAME_WORD.findall(f.text)}
    names |= {f.text for f in found if f.label == Label.PERSON and len(f.text) == 1}  # "A"
    spelled = {w for f in found if f.label == Label.PERSON for w in _ANY_NAME_WORD.findall(
        f.text)}  # "Oisín Ó Súilleabháin" (ORG) of "Oisín" and "Mr Pádraig Ó Súilleabháin"
    people |= {f.text for f in found if f.label in (Label.ORG, Label.MISC, Label.LOC)
               and len(words := [w for w in f.text.split() if w not in PARTICLES]) >= 2
               and all(w[:1].isupper() and w in spelled for w in words)}
    out = []
    for f in found:
        m = _NAME_THEN_VERB.fullmatch(f.text) if f.label == Label.MISC else None
        if m and set(m.group(1).split()) <= names:  # "Marsden drives" of Jason Lee Marsden
            f = f.with_(span=Span(f.span.start, f.span.start + m.end(1)), text=m.group(1),
                        label=Label.PERSON, subtype="")
        elif f.text in people and f.label != Label.PERSON:
            f = f.with_(label=Label.PERSON, subtype="")
        elif f.text in people and f.score < _SURE:  # "Tyler" (0.53) of "Tyler Thompson":
            f = f.with_(score=_SURE)  # above the name lists' town ("father of Tyler", 0.6)
        out.append(f)
    return out


#: the confidence of a name the document names a person elsewhere
_SURE = 0.9
_NAME_WORD = re.compile(r"\b[A-Z][a-z][\w'-]*")
_RANKS = frozenset(w.casefold() for w in RANK_WORDS)
_PARTICLE_THEN = re.compile(rf"\A(?:(?:{'|'.join(sorted(PARTICLES))})[ ])+(?=[A-Z])")
_ANY_NAME_WORD = re.compile(r"(?<![\w'’-])[^\W\d_][\w'’-]+")
#: a capitalised name (or a person's letter), then a verb or "with" and lower-case words
#: ("Marsden drives", "A with a belt"; not "Sima clan")
_NAME_THEN_VERB = re.compile(
    r"((?:[A-Z][a-z][\w'-]*\s+)*[A-Z][a-z][\w'-]*|[A-Z])\s+(?:was|is|had|has|said|says|told"
    r"|drives|drove|went|goes|came|comes|gave|took|made|lives|works|became|kept|left|with"
    r"|[a-z]{3,}ed)"
    r"(?:\s+[a-z][\w'-]*)*")


def field_label_word(text: str, start: int, end: int, names: Mapping[str, Any]) -> bool:
    """Whether the span is one capitalised word at the start of its line right before a
    colon — a form's field ("Ward: Aspen Ward", an ORG, read "Dickinson-Scott: …") — and no
    given name (a speaker in a transcript: "Kari: …")."""
    word = text[start:end]
    if not field_position(text, start, end) or not re.fullmatch(r"[A-Z][a-z]+", word):
        return False
    info = names.get(word)
    return info is None or not info.given or word.casefold() in _FIELD_WORDS


#: a form's field names that are also given names in the lists ("Ward", "Case", "Grace" …)
_FIELD_WORDS = frozenset("""ward case unit court school hospital address subject date status
    diagnosis religion nationality occupation consultant officer team service""".split())


def people_by_initials(text: str, found: list[Finding]) -> list[Finding]:
    """Every finding whose text is a person's initials, given in brackets after the name
    ("Sharon Clarke (SC) - mother" … "SC confirmed", which the model tagged DEM, ORG, LOC), is
    that PERSON."""
    initials = {text[span[0]:span[1]] for f in found if f.label == Label.PERSON
                and (span := initials_alias(text, f.text, f.span.end)) is not None}
    if not initials:
        return found
    return [f.with_(label=Label.PERSON, subtype="") if f.text in initials and
            f.label != Label.PERSON else f for f in found]


_SURNAME_FIRST = re.compile(r"[A-Z][A-Z'’-]+(?:[ \t][A-Z][A-Z'’-]+)?")
_GIVEN_AFTER = re.compile(r"[A-Z][a-z'’-]+(?:[ \t](?:[A-Z][a-z'’-]+|[A-Z]\.?)){0,2}")
#: a surname in ordinary case, as a record's field writes it first ("Patient: Delgado, Rosa M.")
_SURNAME_FIRST_CASED = re.compile(r"[A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?")
_FIELD_BEFORE = re.compile(r"(?:^|\n|:)[ \t]*\Z")


def surname_first(text: str, found: list[Finding], names: Mapping[str, Any]) -> list[Finding]:
    """A surname in capitals, a comma and the given names after it ("Prisoner: WILLIAMS,
    Jordan Lee"; the model tagged the given names ORG) is one PERSON: the register's way of
    writing one name; so is a surname in ordinary case first in a field or a line
    ("Patient: Delgado, Rosa M.", which came out as two people)."""
    def join(first: Finding, second: Finding) -> Finding | None:
        if first.label != Label.PERSON or second.label not in (Label.PERSON, Label.ORG,
                                                                Label.MISC, Label.LOC):
            return None
        info = names.get(second.text.split()[0]) if second.text.split() else None
        if not (text[first.span.end : second.span.start] == ", "
                and (_SURNAME_FIRST.fullmatch(first.text) or (
                    _SURNAME_FIRST_CASED.fullmatch(first.text) and _FIELD_BEFORE.search(
                        text, max(0, first.span.start - 3), first.span.start)))
                and _GIVEN_AFTER.fullmatch(second.text) and info is not None and info.given):
            return None
        end = second.span.end
        if (initial := _INITIAL_AFTER.match(text, end)) is not None:
            end = initial.end()  # "Delgado, Rosa M.": the middle initial is the name's too
        span = Span(first.span.start, end)
        return first.with_(span=span, text=text[span.start : span.end], subtype="NAME")

    return join_neighbours(found, join)


_INITIAL_AFTER = re.compile(r"[ \t][A-Z]\.(?!\w)")


_GIVEN_AND_GIVEN = re.compile(r"([A-Z][a-z'’-]+)([ \t]+(?:and|&)[ \t]+)([A-Z][a-z'’-]+)")


def two_given_names(text: str, start: int, end: int,
                    names: Mapping[str, Any]) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The two people of a span that is two given names of the lists joined by "and" ("a kind
    friend to Harvey and Amelia", which the model tagged one ORG), or None."""
    m = _GIVEN_AND_GIVEN.fullmatch(text, start, end)
    if m is None or not all((info := names.get(m.group(g))) is not None and info.given
                            for g in (1, 3)):
        return None
    return m.span(1), m.span(3)


def drop_inside_grown(found: list[Finding], grown: list[tuple[int, int]]) -> list[Finding]:
    """Drop the model's other findings inside what a name took in after its particle (the
    "Sá" tagged ORG of "Estácio de Sá")."""
    return [f for f in found
            if f.label == Label.PERSON or not any(s <= f.span.start and f.span.end <= e
                                                  for s, e in grown)]


_AGE = r"(?:[ \t]*,[ \t]*\d{1,2}(?![\d/.]))?"  # "Brooklyn, 6, and Sydney, 3"
_KIN_LIST = re.compile(
    r"\b(?:children|sons|daughters|siblings|grandchildren|twins|brothers|sisters|kids|boys"
    r"|girls|nephews|nieces|cousins|grandsons|granddaughters)[ \t]*[:(]?[ \t]*"
    rf"((?:[A-Z][a-z'’-]+{_AGE}(?:[ \t]*,[ \t]*|[ \t]+|[ \t]*,?[ \t]*(?:and|&)[ \t]+)){{1,8}}"
    r"[A-Z][a-z'’-]+)")
_LIST_NAME = re.compile(r"[A-Z][a-z'’-]+")


def names_after_kin(text: str) -> list[tuple[int, int]]:
    """The spans of the one-word names listed right after a plural kin noun ("your children
    Hope, Summer and Will", "her sons: Ola and Per"): each a person, whatever else the word
    means."""
    return [(m.start(1) + n.start(), m.start(1) + n.end()) for m in _KIN_LIST.finditer(text)
            for n in _LIST_NAME.finditer(m.group(1))]


#: a kin or close person's noun, a comma, then the name ("his new partner, Georgia,")
_KIN_COMMA = re.compile(r"(?i)\b(?:partner|wife|husband|son|daughter|mother|father|mum|dad"
                        r"|brother|sister|friend|boyfriend|girlfriend|fiancée?|cousin|aunt|uncle"
                        r"|niece|nephew|grandson|granddaughter|stepson|stepdaughter),\s+\Z")


def name_after_kin_comma(text: str, start: int, end: int, names: Mapping[str, Any]) -> bool:
    """Whether a one-word span is a given name of the lists right after a kin noun and a comma
    ("lives with his new partner, Georgia,", which the model and the lists took for a country):
    a person."""
    word = text[start:end]
    info = names.get(word)
    return " " not in word and info is not None and info.given and _KIN_COMMA.search(
        text, max(0, start - 30), start) is not None


