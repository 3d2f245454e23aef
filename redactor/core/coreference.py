"""Coreference links between mentions whose texts differ: who is "Mr Berg"?

:func:`redactor.core.entities.group_entities` groups mentions with the same normalised text;
this module adds the links between *different* texts of one entity, and only where the
document leaves no doubt:

* **person names** — a full name (two or more name words) is a *person*; full names whose
  words are a subset of another's with the same last word ("Horst Wessel" ⊂ "Horst Ludwig
  Georg Erich Wessel"), or the same words in another order ("Unozawa Yuji"), are one person
  when that other name is the only one that fits. A shorter mention joins the one
  person it fits: a surname with or without a title ("Mr Berg", "Berg", "Berg's"), a first
  name alone ("Emma" — only if no other person has it as any name; a middle name only when
  it is no given name of its own: "Yusuf" alone is not Halima Yusuf Ali), initials and a surname
  ("T. Berg", "P. T. Rajan": each initial matches a given name, in order);
* **titles** — a gendered title ("Mr", "Mrs", "Herr" …) is a constraint, never a key: "Mr
  Berg" joins Mr Tomas Berg, not Mrs Kari Berg, and a person named without a title has the
  sex their given name usually marks (:mod:`redactor.core.given_names`: "Mrs Holloway" joins
  Margaret Anne Holloway, not her son Daniel Holloway); two people sharing a surname stay
  apart whenever a mention fits both;
* **initials** — a person's name followed by its initials in brackets ("Sharon Clarke (SC)",
  as the minutes of a meeting write) joins every mention of those initials;
* **defined aliases** — a name followed by a quoted short form in brackets ("Mr Tomas Berg
  (“the applicant”)", "Postel Properties Limited (hereinafter “Postel”)") joins every mention
  of that short form, when the document text is given: any short form of a person, a proper
  name (not "the …", not an acronym) of anything else — "The Swedish Government (“the
  Government”)" is not linked;

Organisations are not linked by acronym or shortened name ("DMK", "Assize Court"): a link
spreads one mention's masking decision to the whole entity, and on the TAB dev documents
such links only masked more mentions that TAB keeps (policy precision down, recall flat).

Pure functions over the findings' texts and offsets; nothing here logs document text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from redactor.core.given_names import gender_table
from redactor.core.model import Finding, Label

MALE_TITLES = frozenset("mr sir lord herr hr monsieur m signor señor sr encik shri alhaji".split())
FEMALE_TITLES = frozenset(
    "mrs ms miss madam mdm lady frau fru frk madame mme mlle signora señora sra puan cik smt "
    "kumari srimati alhaja".split())
#: courtesy and professional titles of no sex ("Adv." an advocate's in South Africa; "Hon.",
#: "Engr.", "Barr." Nigeria's)
COURTESY_NEUTRAL = frozenset("mx dr prof professor judge justice rev adv hon engr barr".split())
#: the titles a name's mention drops before it is compared (one list for grouping and entities)
COURTESY_TITLES = MALE_TITLES | FEMALE_TITLES | COURTESY_NEUTRAL
NEUTRAL_TITLES = COURTESY_NEUTRAL | frozenset(
    "reverend president minister general colonel captain major lieutenant sergeant officer "
    "inspector detective".split())
TITLES = MALE_TITLES | FEMALE_TITLES | NEUTRAL_TITLES
_WORD = re.compile(r"[^\W\d_]+(?:[-‐‑'’][^\W\d_]+)*\.?", re.UNICODE)
_PARTICLES = frozenset("van von de der den da di del della la le du dos das ter ten bin ibn al el "
                       "y e".split())
_ALIAS = re.compile(
    r"\s*\(\s*(?:[^()“”\"]{0,60}?[;,]\s*)?"
    r"(?:(?:hereinafter|henceforth)\s+(?:(?:referred\s+to|called)\s+as\s+)?)?"
    r"[“\"‘']\s*([^“”\"‘’']{1,60}?)\s*[”\"’']\s*\)")


@dataclass(frozen=True)
class PersonName:
    """A person mention taken apart: gender of its titles, given names, initials, surnames."""

    gender: str  # "male", "female" or ""
    given: tuple[str, ...]  # first and middle names (case-folded)
    initials: tuple[str, ...]  # single letters, in order ("t" for "T.")
    surname: str  # the last name word ("" when the mention is one given name)
    words: tuple[str, ...]  # every name word, in order (initials excluded)
    patronymic: bool = False  # "Siti Nurhaliza binti Abdullah": no surname, a father's name
    nicknames: tuple[str, ...] = ()  # "Mike" of "Miguel (Mike) Delgado" (case-folded)

    @property
    def full(self) -> bool:
        return len(self.words) >= 2


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


#: "SURNAME, Given Names" of a statement's or a register's heading (one or two surname words)
_SURNAME_FIRST = re.compile(r"([^\W\d_][\w'’-]*(?:[ ][^\W\d_][\w'’-]*)?),[ \t]*"
                            r"((?:[^\W\d_][\w'’.-]*[ \t]*){1,3})")


#: the word of a Malay, Arabic or Tamil name that says "son/daughter of" before the father's
#: name: the person is known by the given name before it ("Mdm Siti", "Mr Rajesh")
_PATRONYMIC = re.compile(r"(?i)(?<=\s)(?:binti|bin|bte|ibn|[sd]/o|a/[lp])(?=\s)")
#: a surname in capitals before given names in ordinary case ("TAN Wei Ming", "NGUYEN Thi Lan")
_CAPITALS_FIRST = re.compile(r"([A-Z][A-Z'’-]+)[ \t]+((?:[A-Z][a-z][\w'’-]*[ \t]*){1,3})")


#: a word a hyphen parts over a line's end, its second half in lower case ("Halli-⏎well"; not
#: "Okoye-⏎Bennett", a double-barrelled name)
_WRAPPED = re.compile(r"(?<=[^\W\d_])-[^\S\n]*\n[^\S\n]*(?=[a-zà-ÿ])")
#: an honorific after a name with a hyphen (Japanese, Korean: "Tanaka-sensei", "-ssi")
_HONORIFIC_SUFFIX = re.compile(r"(?i)-(?:san|sama|sensei|kun|chan|senpai|dono|ssi|nim)\b")
#: a nickname in brackets or quotes inside a full name ("Miguel (Mike) Delgado")
_NICKNAME = re.compile(r"\s[(\"“‘]\s*([^()\"“”‘’]{2,20}?)\s*[)\"”’](?=\s)")


def parse_person(text: str) -> PersonName:
    """Titles, names and initials of a person mention ("Mr T. Berg's" → male, t, berg).

    A mention of one word and no title is a given name with no surname; a register's
    "HUSSAIN, Imran Tariq" (surname, comma, given names) is read "Imran Tariq Hussain", and so
    is a surname in capitals before given names ("TAN Wei Ming")."""
    text = re.sub(r"['’]s?$", "", text.strip())
    text = _WRAPPED.sub("", text)  # "Halli-⏎well" of a scanned page is Halliwell
    nicknames = tuple(_fold(w) for m in _NICKNAME.finditer(text) for w in _WORD.findall(
        m.group(1)))  # "Miguel (Mike) Delgado", 'Robert "Bobby" Jones'
    text = _NICKNAME.sub(" ", text)
    text = _HONORIFIC_SUFFIX.sub("", text)  # "Tanaka-sensei" is Tanaka
    patronymic = _PATRONYMIC.search(text) is not None
    text = _PATRONYMIC.sub(" ", text)
    if (m := _SURNAME_FIRST.fullmatch(text)) is not None:
        text = f"{m.group(2)} {m.group(1)}"
    elif (m := _CAPITALS_FIRST.fullmatch(text)) is not None and _fold(m.group(1)) not in TITLES:
        text = f"{m.group(2)} {m.group(1)}"  # "TAN Wei Ming": the surname in capitals first
    gender = ""
    words: list[str] = []
    initials: list[str] = []
    for raw in _WORD.findall(text):
        w = _fold(raw).rstrip(".")
        if not words and not initials and len(w) > 1 and w in TITLES:
            if not gender:
                gender = "male" if w in MALE_TITLES else "female" if w in FEMALE_TITLES else ""
            continue
        if len(w) == 1:
            initials.append(w)
        elif w not in _PARTICLES:
            words.append(w)
    if len(words) == 1 and not initials and not gender and not re.search(
            r"\b(?:" + "|".join(sorted(TITLES)) + r")\b", _fold(text)):
        return PersonName("", tuple(words), (), "", tuple(words))
    return PersonName(gender, tuple(words[:-1]), tuple(initials), words[-1] if words else "",
                      tuple(words), patronymic, nicknames)


def name_key(text: str) -> tuple[str, ...]:
    """Words of a person mention without titles and possessive, initials kept ("Mr T. Berg's"
    → ``t berg``): the grouping key of a person, so that "T. Berg" and "K. Berg" differ."""
    text = re.sub(r"['’]s$", "", _fold(_WRAPPED.sub("", text)).strip())
    words = re.findall(r"\w+", text)
    key = tuple(w for w in words if w not in TITLES and w != "m")
    # a person known by one letter ("M", "Mr M") is that letter: without it every "M" of a
    # judgment was a person of its own
    return key or tuple(w for w in words if len(w) == 1 and w.isalpha())


def _compatible(a: str, b: str) -> bool:
    return not a or not b or a == b


def _initials_fit(initials: Sequence[str], given: Sequence[str]) -> bool:
    """Each initial is the first letter of a given name, in order ("p t" fits "ponnambala
    thyaga rajan palanivel")."""
    pos = 0
    for letter in initials:
        while pos < len(given) and not given[pos].startswith(letter):
            pos += 1
        if pos == len(given):
            return False
        pos += 1
    return True


def alone_can_mean(word: str, words: Sequence[str]) -> bool:
    """Whether one name word alone can mean the person named by ``words``: their first or
    last name, or a middle name that is no given name of its own ("García" of "Gabriel
    García Márquez"; not "Yusuf" of "Halima Yusuf Ali", her father's name, when the letter
    also names her son Yusuf)."""
    if word not in words:
        return False
    return word in (words[0], words[-1]) or word not in gender_table()


class _Union:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def person_links(findings: Sequence[Finding]) -> list[tuple[int, int]]:
    """Pairs of PERSON findings (indices) that name the same person (see module docstring)."""
    people = {i: parse_person(f.text) for i, f in enumerate(findings)
              if f.label == Label.PERSON}
    full = {i: p for i, p in people.items() if p.full}
    uf = _Union(len(findings))
    links: list[tuple[int, int]] = []

    def link(a: int, b: int) -> None:
        if uf.find(a) != uf.find(b):
            uf.union(a, b)
            links.append((a, b))

    # one person per distinct full name; a name inside exactly one longer one joins it
    by_words: dict[tuple[str, ...], list[int]] = {}
    for i, p in full.items():
        by_words.setdefault(p.words, []).append(i)
    for i, p in full.items():  # same words, compatible titles and initials: one person
        first = by_words[p.words][0]
        if first != i and _compatible(p.gender, full[first].gender):
            link(first, i)
    names = sorted(by_words, key=len, reverse=True)  # longest first: chains close in order
    for words in names:
        i = by_words[words][0]
        bigger = [by_words[o][0] for o in names if o != words and set(words) <= set(o)
                  and (o[-1] == words[-1] or set(words) == set(o))  # "Unozawa Yuji"
                  and _compatible(full[i].gender, full[by_words[o][0]].gender)]
        roots = {uf.find(j) for j in bigger}
        if len(roots) == 1:
            link(bigger[0], i)

    clusters: dict[int, list[PersonName]] = {}
    for i, p in full.items():
        clusters.setdefault(uf.find(i), []).append(p)

    def gender_of(root: int) -> str:
        genders = {p.gender for p in clusters[root] if p.gender}
        if not genders:  # no title: the usual sex of the given names ("Margaret Holloway")
            table = gender_table()
            genders = {g for p in clusters[root] if p.given and (g := table.get(p.given[0], ""))}
        return genders.pop() if len(genders) == 1 else ""

    for i, p in people.items():
        if not p.words or (p.full and not p.initials):
            continue
        fits = []
        for root, members in clusters.items():
            if p.gender and not _compatible(p.gender, gender_of(root)):
                continue
            if not p.surname:  # one word, no title: a name word of exactly one person
                if any(alone_can_mean(p.given[0], m.words) or p.given[0] in m.nicknames
                       for m in members):
                    fits.append(root)
            elif any(m.surname == p.surname and set(p.given) <= set(m.given)
                     and _initials_fit(p.initials, m.given + m.initials) for m in members):
                fits.append(root)
            elif p.gender and not p.given and not p.initials and any(
                    m.patronymic and m.words[0] == p.surname for m in members):
                fits.append(root)  # "Mdm Siti" of "Siti Nurhaliza binti Abdullah"
        if not fits and not p.surname and not p.gender and len(p.given[0]) >= 3:
            fits = [root for root, members in clusters.items()  # "Dan" of "Daniel
                    if any(_short_form(p.given[0], m) for m in members)]  # Ashworth"
        if len(fits) == 1:
            link(fits[0], i)
    return links


def _short_form(word: str, name: PersonName) -> bool:
    """Whether one name word is the short form of a full name's given name, its first
    letters ("Dan" of "Daniel Ashworth", "Chris" of "Christopher"; linked only where no one
    else's name fits)."""
    return bool(name.given) and len(name.words) > 1 and len(name.given[0]) > len(word) + 1 and \
        name.given[0].startswith(word)


def alias_links(findings: Sequence[Finding], text: str) -> list[tuple[int, int]]:
    """A finding followed by a bracketed, quoted short form ("(“the applicant”)") and every
    finding whose text is that short form."""
    by_text: dict[str, list[int]] = {}
    for i, f in enumerate(findings):
        by_text.setdefault(_alias_key(f.text), []).append(i)
    links = []
    for i, f in enumerate(findings):
        initials = initials_alias(text, f.text, f.span.end) if f.label == Label.PERSON else None
        if initials is not None:  # "Sharon Clarke (SC)": every later "SC" is her
            links += [(i, j) for j in by_text.get(_alias_key(text[slice(*initials)]), ())
                      if j != i and findings[j].span.start >= f.span.end]
            continue
        m = _ALIAS.match(text, f.span.end, min(len(text), f.span.end + 140))
        if m is None:
            continue
        alias = m.group(1).strip()
        if f.label != Label.PERSON and (re.match(r"(?i)the\s", alias) or alias.isupper()):
            continue  # "the Government", "CPS": a common noun or an acronym, not a name
        for j in by_text.get(_alias_key(m.group(1)), ()):
            if j != i and findings[j].span.start >= f.span.end:
                links.append((i, j))
    return links


_INITIALS_ALIAS = re.compile(  # "(SC)", '(known as "JW")', "(aka JW)"
    r"[^\S\n]*\(\s*(?:(?:known\s+as|aka|a\.k\.a\.)\s+)?[\"“'‘]?([A-Z]{2,4})[\"”'’]?\s*\)")
#: a police rank or an office before a name, no name word ("PC 2231 Mark Bellamy")
_RANKS = frozenset("pc wpc dc wdc ps ds di dci dsi dsu sgt insp supt cllr hhj dj ddj".split())


def name_initials(name: str) -> set[str]:
    """The initials a document may shorten a person's name to, in capitals: of every name
    word, and of the first and the last ("Sharon Clarke" → SC; "Mary Jane Watson" → MJW and
    MW; "Dr K. Osei" → KO; "PC 2231 Mark Bellamy" → MB)."""
    words = [w for w in _WORD.findall(name) if w[:1].isupper()
             and _fold(w).rstrip(".") not in TITLES | _RANKS]
    if len(words) < 2:
        return set()
    return {"".join(w[0] for w in words).upper(), (words[0][0] + words[-1][0]).upper()}


def initials_alias(text: str, name: str, end: int) -> tuple[int, int] | None:
    """The span of a person's initials in brackets right after the name ending at ``end``
    ("Sharon Clarke (SC)", as minutes of a meeting write; 'Jayden Walker (known as "JW")'),
    or None."""
    m = _INITIALS_ALIAS.match(text, end)
    return m.span(1) if m is not None and m.group(1) in name_initials(name) else None


def _alias_key(text: str) -> str:
    t = " ".join(_fold(text).split())
    return re.sub(r"^the\s+", "", re.sub(r"['’]s$", "", t))


def coreference_links(findings: Sequence[Finding], text: str = "") -> list[tuple[int, int]]:
    """Every link this module finds; union them (the mentions with equal normalised texts are
    grouped by the caller)."""
    links = person_links(findings)
    if text:
        links += alias_links(findings, text)
    return links
