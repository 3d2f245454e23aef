"""People's names that a model cut or ran together, mended (the NER detector's rules).

* A party's or a judge's name in a heading's capitals, cut ("[THANDIWE PRECIOUS] MOKOENA",
  "[VAN] DER MERWE AJ"): :func:`caps_name_run`.
* A message's sign-off, a given name alone between blank lines, tagged a place ("Dan"):
  :func:`sign_off_name`.
* A given name and its particle's surname as two pieces ("Oisín" + "Ó Súilleabháin"):
  :func:`join_particle_surname`; a nickname in brackets between given name and surname
  ("Miguel (Mike) Delgado", three people to the model): :func:`join_nickname`.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from typing import Any

from redactor_plugins.detectors.recognizer.rules.person_rules import (
    _PARTICLE_THEN,
    _RANKS,
    _TITLES,
)
from redactor_plugins.detectors.recognizer.rules.span_edges import PARTY_ROLES
from redactor_plugins.shared.names.particles import PARTICLES
from redactor_plugins.shared.names.titles import COURTESY, JOB_HEADS
from redactor_plugins.shared.text_pieces import join_neighbours

from redactor.plugin_api import Finding, Label, Span, resource_path

__all__ = ["bracketed_signature", "caps_name_run", "english_words", "join_nickname",
           "join_particle_surname", "sign_off_name"]


#: words in capitals that end a party's or a judge's name in a heading: a judge's post
#: after the name ("VAN DER MERWE AJ", "SMITH J", "JONES LJ"), counsel's rank ("SC", "QC")
_CAPS_NAME_STOPS = frozenset("""aj j ja jp djp cj adcj ajp lj mr mj sc qc kc sj dj hhj rj
    and or of the v vs versus in on at for by to with per""".split())




_CAPS_BESIDE = re.compile(r"(?<![\w'’.-])([A-Z][A-Z'’-]+)[ \u00a0]\Z")


_CAPS_AFTER = re.compile(r"[ \u00a0]([A-Z][A-Z'’-]+)(?![\w'’.-])")


@functools.cache
def english_words() -> frozenset[str]:
    """The whole words of the shipped NER's word-piece vocabulary (lower case, 3+ letters): a
    rough list of English words ("construction", "limited"), which rare surnames ("mokoena",
    "merwe", "okonkwo") are not."""
    try:
        data = json.loads(resource_path("models", "ner", "tokenizer.json").read_text("utf-8"))
    except (OSError, ValueError):  # no shipped model (a stripped install): no list
        return frozenset()
    return frozenset(w for w in data["model"]["vocab"] if len(w) >= 3 and w.isalpha())


def caps_name_run(text: str, start: int, end: int, lower_words: set[str],
                  common: frozenset[str], names: Mapping[str, Any] | None = None
                  ) -> tuple[int, int]:
    """A person's span in capitals grown over the words in capitals right beside it, one space
    apart, on its line ("[THANDIWE PRECIOUS] MOKOENA   Applicant", "SIPHO [JABULANI NKOSI]",
    "[VAN] DER MERWE AJ:": a party's or a judge's name in a heading, the rest left in clear):
    not over a judge's post or counsel's rank, a title or rank ("OFFICER"), a function word, a
    word the document writes in lower case ("APPLICANT" beside "the applicant") or a common
    heading word (``common``); with the name lists (``names``), only over a word they know as
    a name or one that is no English word ("[JOHN SMITH] CONSTRUCTION LTD" stays)."""
    span = text[start:end]
    if not any(c.isalpha() for c in span) or any(c.islower() for c in span):
        return start, end

    def name_like(m: re.Match[str]) -> bool:
        w = m.group(1).casefold()
        return w in PARTICLES or (
            w not in _CAPS_NAME_STOPS and w not in lower_words and w not in common
            and w not in PARTY_ROLES and w not in COURTESY and w not in _TITLES
            and w not in _RANKS and w not in JOB_HEADS and (
                names is None or names.get(m.group(1).title()) is not None
                or w not in english_words()))

    for _ in range(4):
        m = _CAPS_BESIDE.search(text, max(0, start - 40), start)
        if m is None or not name_like(m):
            break
        start = m.start(1)
    for _ in range(4):
        m = _CAPS_AFTER.match(text, end)
        if m is None or not name_like(m):
            break
        end = m.end(1)
    while len(words := text[start:end].rsplit(None, 1)) == 2 and words[1].casefold() in \
            PARTICLES:  # no name ends in "VAN"
        end = start + len(words[0])
    return start, end


def sign_off_name(text: str, start: int, end: int, names: Mapping[str, Any]) -> bool:
    """Whether the span is a given name of the name lists alone on its line, a blank line
    (or the text's edge) before and after it: a message's sign-off ("Dan" under an e-mail,
    which the model tagged a place)."""
    word = text[start:end]
    info = names.get(word)
    if info is None or not info.given or not word.isalpha() or not word[:1].isupper():
        return False
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    if text[line_start:start].strip() or text[end:line_end].strip():
        return False
    before = text[max(0, line_start - 3) : line_start]
    after = text[line_end : line_end + 3]
    return (line_start == 0 or re.search(r"\n[^\S\n]*\n\Z", before) is not None) and (
        line_end >= len(text.rstrip()) or re.match(r"\n[^\S\n]*(?:\n|\Z)", after) is not None)


def join_particle_surname(text: str, found: list[Finding]) -> list[Finding]:
    """A person's given name and the surname after it that starts with a particle, two
    PERSON pieces one space apart ("Oisín" + "Ó Súilleabháin", the surname an ORG the
    rules made a person), are one PERSON."""
    def join(first: Finding, second: Finding) -> Finding | None:
        if not (first.label == second.label == Label.PERSON and text[
                first.span.end : second.span.start] == " " and _PARTICLE_THEN.match(second.text)
                and first.text[:1].isupper()):
            return None
        span = Span(first.span.start, second.span.end)
        return first.with_(span=span, text=text[span.start : span.end])

    return join_neighbours(found, join)


_NICKNAME_OPEN = re.compile(r"[ ]\([\"“‘']?\Z")


_NICKNAME_CLOSE = re.compile(r"[\"”’']?\)[ ]\Z")


def join_nickname(text: str, found: list[Finding]) -> list[Finding]:
    """A given name, a nickname in brackets and a surname that the model found as three
    people ("Miguel" + "(Mike)" + "Delgado") are one PERSON, "Miguel (Mike) Delgado": the
    nickname is the same person's (coreference reads it so), and the surname is not left
    to be taken for someone else's."""
    people = sorted((f for f in found if f.label == Label.PERSON), key=lambda f: f.span.start)
    joined: dict[int, Finding] = {}
    gone: set[int] = set()
    for a, b, c in zip(people, people[1:], people[2:], strict=False):
        if id(a) in gone or not (_NICKNAME_OPEN.search(text[a.span.end : b.span.start])
                                 and _NICKNAME_CLOSE.search(text[b.span.end : c.span.start])
                                 and " " not in b.text.strip() and a.text[:1].isupper()
                                 and c.text[:1].isupper()):
            continue
        span = Span(a.span.start, c.span.end)
        joined[id(a)] = a.with_(span=span, text=text[span.start : span.end])
        gone |= {id(b), id(c)}
    for a, b in zip(people, people[1:], strict=False):  # 'Juan Miguel "Jun-Jun' + '" ' +
        if id(a) in gone or id(b) in gone or a.text.count('"') % 2 == 0 or text[  # 'Dela Cruz'
                a.span.end : b.span.start] != '" ' or not b.text[:1].isupper():
            continue
        span = Span(a.span.start, b.span.end)
        joined[id(a)] = joined.get(id(a), a).with_(span=span, text=text[span.start : span.end])
        gone.add(id(b))
    return [joined.get(id(f), f) for f in found if id(f) not in gone]


_SIGNATURE_POST = re.compile(r"[)\]][^\S\n]*\n[^\S\n]*(?:(?:Deputy|Acting|Chief|Senior|Principal)"
                             r"[^\S\n]+)*(?:Judge|Justice|Magistrate|Registrar|Master|Recorder"
                             r"|Coroner|Adjudicator)\b")


def bracketed_signature(text: str, start: int, end: int) -> bool:
    """Whether the span is a judge's name in brackets alone on its line, the post on the
    next ("(Lam Wai Kin)⏎Judge of the Court of First Instance", which the model tagged an
    organisation): a person."""
    line_start = text.rfind("\n", 0, start) + 1
    return text[line_start:start].strip() in ("(", "[") and re.fullmatch(
        r"[A-Z][\w'’.-]*(?:[ ][A-Z][\w'’.-]*){1,4}", text[start:end]) is not None and \
        _SIGNATURE_POST.match(text, end) is not None
