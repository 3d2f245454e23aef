"""Names of institutions, streets and cases — and a diagnosis after its cue in a Nordic or
German text — that are written by a fixed rule, not learnt word by word.

* **Prisons** — "HM Prison Wymott", "Her Majesty’s Prison Long Lartin", "HMP Belmarsh",
  "HMYOI Feltham": the institution's form, then its capitalised name (ORG).
* **Companies and firms** — one to five capitalised words (with "&", "and", "of" between
  them; "and" is not, so "Mr Smith and Postel Properties Limited" is not one name) ending in a legal form or a firm's word: "Postel Properties Limited", "OA Solicitors",
  "Latem A/S", "Smith & Jones LLP" (ORG). A leading "The" is left out.
* **Places of care** — one to four capitalised words before a place of care's word:
  "Hillside Surgery", "St Columba's Hospital", "Leeds General Infirmary", "Ashgrove Care
  Home" (ORG). Not when every word before it is generic ("the District Hospital", "Royal
  Infirmary", "Mental Health Clinic") or a pronoun ("Her Surgery"); a leading "The" is left
  out.
* **Streets** — one to three capitalised words before a street's word, with the house
  number before them: "Roundhay Road", "27 Harehills Lane", "Kensington Gardens" (LOC; the
  model often tags the name a place and the word an organisation). Not after a clause word ("In Road …"); "Way", "Place", "Row" and
  "St" are left out (the Third Way, Death Row, St James).
* **Case names** — "Figiel v. Poland (no. 2)", "Maxwell v. the United Kingdom": a party,
  "v." or "v", the other party and an optional "(no. N)" (MISC). They name the applicant's
  other proceedings as surely as a case number does.

* **Diagnoses in Norwegian, Danish, Swedish and German text** — the words after "diagnose(n)
  på/av", "diagnos av", "diagnosen", "diagnostisert med", "Diagnose" …: "bipolär sjukdom",
  "ADHD" (MISC/HEALTH; the English model leaves such words in clear), up to three words, to a
  conjunction or a preposition.

Pure functions over a text: each returns ``(start, end)`` character spans; the gazetteer
detector labels them (:data:`WRITTEN_NAMES`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from redactor_plugins.detectors.recognizer.rules.span_edges import crown_case
from redactor_plugins.shared.language.detect import language_of
from redactor_plugins.shared.names.org_forms import (
    CARE_FORM,
    CONTINENTAL_KIND,
    LEGAL_FORM,
    PRISON_FORM,
    STREET_FIRST_WORDS,
)
from redactor_plugins.shared.names.titles import COURTESY

from redactor.plugin_api import Label

__all__ = ["WRITTEN_NAMES", "accused_names", "care_institutions", "case_names", "company_names",
           "continental_institutions", "polish_places", "public_bodies", "public_body", "prisons", "schools",
           "diagnoses", "street_names", "venues"]

_CAP = r"[A-Z][\w'’.&-]*"
_WORD = r"[A-Z][\w'’-]*"
#: the space between the words of one name: one or two spaces, or a wrapped line — not a
#: table's column gap ("Adeyemi    Hospital No:" had made "… Adeyemi Hospital" a hospital)
_SP = r"(?:[ \u00a0]{1,2}|[ \u00a0]?\n(?![^\n]*\t)[ \u00a0]?(?=\S))"  # not into a form's row
_NAME = rf"{_WORD}(?:{_SP}(?!Service\b){_WORD}){{0,2}}"
_PRISON = re.compile(rf"\b{PRISON_FORM}\s+(?!Service\b)({_NAME})")
_LEAD = r"(?:The|In|On|At|By|For|From|With|And|But|An?|To|Of|Mr|Mrs|Ms|Dr|Under|As)"
_COMPANY = re.compile(
    rf"(?<![\w&])(?:The\s+)?((?!{_LEAD}\b){_CAP}(?:{_SP}(?:&|of|{_CAP})){{0,4}}{_SP}{LEGAL_FORM})"
    rf"(?![\w/])")
_CARE = re.compile(
    rf"(?<![\w&])(?:The\s+)?((?!{_LEAD}\b){_CAP}(?:{_SP}(?:&|of|{_CAP})){{0,3}}"
    rf"{_SP}(?P<form>{CARE_FORM}))(?![\w'’])")
#: words that name no particular place of care by themselves ("the District Hospital")
_GENERIC_CARE = frozenset("""
    general district university teaching community royal state county city regional national
    central main local private public new old military army naval veterans mental health
    psychiatric children's childrens children’s women's womens women’s maternity eye dental
    cancer memorial specialist day walk-in outpatient outpatients rehabilitation family gp
    medical nhs his her their our my your its this that these those each every any no a an
    of & st saint north south east west northern southern eastern western upper lower
    """.split())
_STREET = re.compile(
    rf"(?<![\w&])((?:(?<![\w/.,:-])\d{{1,4}}[A-Za-z]?[^\S\n]+)?"  # a house number
    rf"(?!{_LEAD}\b){_WORD}(?:{_SP}(?!{_LEAD}\b){_WORD}){{0,2}}{_SP}"
    rf"(?:Road|Rd|Street|Lane|Avenue|Drive|Close|Crescent|Terrace|Grove|Gardens|Square|Mews|Rise"
    rf"|Boulevard|Parade|Walk|Parkway|Pkwy|Blvd|Highway|Hwy|Turnpike|Expressway|Freeway))"
    rf"(?![\w'’])")
_CASE = re.compile(
    rf"(?<![\w.])((?!(?:See|Cf|Also|{_LEAD})\b)[A-Z][\w'’-]*(?:\s+and\s+(?:Others|[A-Z][\w'’-]+))?"
    rf"\s+v\.?\s+(?:the\s+)?[A-Z][\w'’-]+(?:[^\S\n]+[A-Z][\w'’-]+){{0,3}}"  # one line
    rf"(?:\s*\(no\.\s*\d+(?:/\d+)*\))?)")


_FIELD_NEXT = re.compile(r"[^\n:]{0,30}:")


#: a line shorter than this ends where it ends: a letter's address block, a heading, a form's
#: field ("Consultant Psychiatrist⏎Harrogate District Hospital" are two names)
_SHORT_LINE = 40


def broken_at(text: str, start: int, end: int) -> int:
    """Where a written name runs over a line break that no wrap explains, or -1: the line
    before the break is short (an address block, a heading, "Patient: Margaret Anne
    Holloway⏎Hospital number: …") or the next line names a field before its colon.
    Wrapped running text ("taken by ambulance to the John Radcliffe⏎Hospital") is one name."""
    for nl in range(end - 1, start - 1, -1):
        if text[nl] != "\n":
            continue
        line_start = text.rfind("\n", 0, nl) + 1
        if nl - line_start < _SHORT_LINE or _FIELD_NEXT.match(text, nl + 1):
            return nl
    return -1


def past_a_field(text: str, start: int, end: int) -> bool:
    """Whether a name runs over a line break that no wrap explains (:func:`broken_at`)."""
    return broken_at(text, start, end) >= 0


def _one_field(rule: Callable[[str], list[tuple[int, int]]]) -> Callable[
        [str], list[tuple[int, int]]]:
    """``rule`` without names that run over a break no wrap explains: such a match keeps only
    what the rule finds after the break ("Harrogate District Hospital", not "Consultant
    Psychiatrist⏎Harrogate District Hospital")."""
    @functools.wraps(rule)
    def spans(text: str) -> list[tuple[int, int]]:
        out = []
        for s, e in rule(text):
            cut = broken_at(text, s, e)
            if cut < 0:
                out.append((s, e))
                continue
            out += [(cut + 1 + a, cut + 1 + b) for a, b in rule(text[cut + 1 : e])
                    if cut + 1 + b == e]
        return out
    return spans


@_one_field
def prisons(text: str) -> list[tuple[int, int]]:
    """Spans of prison names such as "HM Prison Wymott" (the whole name, its form included)."""
    return [(m.start(), m.end()) for m in _PRISON.finditer(text)]


#: a courtesy title, then up to two capitalised words of the name (a given name), before
#: an institution's match: "Dr " of "Dr Owen Price of …", "Dr Sanjay " of "Dr Sanjay Mehta of …"
_TITLE_BEFORE = re.compile(rf"\b(?:{'|'.join(t.capitalize() for t in COURTESY)})\.?[^\S\n]+"
                           r"(?:[A-Z][\w'’-]*[^\S\n]+){0,2}$")


def _after_titled_name(text: str, start: int, limit: int) -> int:
    """Where an institution's name starts when a courtesy title stands before ``start`` (or
    before a given name just before it) and " of " before ``limit``: after it (the person's
    name is not part of it: "Dr Sanjay Mehta of Bootle Village Surgery"); else ``start``."""
    of = text.find(" of ", start, limit)
    if of != -1 and _TITLE_BEFORE.search(text, max(0, start - 40), start):
        return of + 4
    return start


@_one_field
def company_names(text: str) -> list[tuple[int, int]]:
    """Spans of company and firm names ending in a legal form ("Postel Properties Limited");
    after a courtesy title the person's name before "of" is not part of it ("Mr Darren
    Pickles of Pickles Lettings Ltd")."""
    out = []
    for m in _COMPANY.finditer(text):
        s, e = m.span(1)
        s = _after_titled_name(text, s, e)
        if text[e - 1] == "." and (e == len(text) or text[e:e + 1].isspace()) and \
                not re.search(r"(?:Ltd|Inc|Corp|S\.A|S\.p\.A|B\.V|N\.V|o\.o|s\.r\.o)\.$", text[s:e]):
            e -= 1
        out.append((s, e))
    return out


@_one_field
def care_institutions(text: str) -> list[tuple[int, int]]:
    """Spans of places of care such as "Hillside Surgery" (the whole name, its word
    included); none whose words before the form are all generic; after a courtesy title the
    person's name before "of" is not part of it ("Dr Owen Price of Harehills Medical
    Practice")."""
    out = []
    for m in _CARE.finditer(text):
        s, e = m.span(1)
        s = _after_titled_name(text, s, m.start("form"))
        if not all(w.casefold() in _GENERIC_CARE for w in text[s:m.start("form")].split()):
            out.append((s, e))
    return out


_CAPW = r"[A-ZÀ-ÝŁŚŻ][\w'’-]*"
_GAP = r"(?:[^\S\n]+|[^\S\n]*\n(?![^\n]*\t)[^\S\n]*)"  # spaces, or one line's end ("Escola
# Básica⏎de …"), not into a form's or a table's row
_CONTINENTAL = re.compile(
    rf"(?<![\w'’])(?P<kind>{CONTINENTAL_KIND})(?:[^\S\n]+n\.?[^\S\n]?[º°o]\.?[^\S\n]*\d+)?"
    rf"(?P<link>{_GAP}(?:de|di|du|des|della|del|van|w|dla){_GAP}|[^\S\n]+d['’]|{_GAP})"
    rf"{_CAPW}(?:{_GAP}(?:(?:de|del|la|di|da|do|dos|das|y|e){_GAP})?{_CAPW}){{0,3}}")


@_one_field
def continental_institutions(text: str) -> list[tuple[int, int]]:
    """Spans of French, Spanish, Italian, Portuguese, Dutch and Polish institutions by their
    kind and what they are named after ("Juzgado de Primera Instancia n.º 4 de Sevilla",
    "Centre hospitalier Saint-Joseph"; the model had cut the court into "de", "Primera
    Instancia" and "n.º 4 de Sevilla"); an English "Hospital" or "Tribunal" only before
    "de"/"del"/"du" ("the Tribunal Procedure Rules" is none)."""
    out = []
    for m in _CONTINENTAL.finditer(text):
        if m.group("kind") in ("Hospital", "Tribunal", "Instituto") and m.group(
                "link").strip() not in ("de", "del", "du"):
            continue
        end = m.end()
        if text[end - 1] == "." and (end == len(text) or text[end:end + 1].isspace()):
            end -= 1
        out.append((m.start(), end))
    return out


_POLISH_PLACE = re.compile(
    rf"(?<=[^\S\n])(?:w|we|z|ze|do|od|przy|na|pod|nad|koło)[^\S\n]+({_CAPW}(?:[^\S\n]+{_CAPW}){{0,2}})")


def polish_places(text: str) -> list[tuple[int, int]]:
    """Capitalised words after a Polish preposition of place ("w Tarnowie", "w Warszawie",
    "do Szkoły Podstawowej"): a place or an institution in one of its cases, which neither
    the English model nor the lists (that hold "Tarnów", "Warszawa") know; only in a Polish
    text, where every finding is masked anyway."""
    if "w " not in text or language_of(text) != "pl":
        return []
    return [m.span(1) for m in _POLISH_PLACE.finditer(text)
            if m.group(1).split()[0].casefold() not in COURTESY | {"pan", "pani", "państwo"}]


#: national public bodies and the firms that run public services for them, which a model
#: cuts into places, things and groups ("UK Visas and Immigration" read "UK", "Visas" and a
#: DEM "Immigration"; "Capita" a person)
_PUBLIC_BODY = re.compile(
    r"(?<![\w&])(?:UK\s+Visas\s+and\s+Immigration|Home\s+Office|HM\s+Courts\s+(?:&|and)\s+"
    r"Tribunals\s+Service|Department\s+for\s+Work\s+and\s+Pensions|HM\s+Revenue\s+(?:&|and)\s+"
    r"Customs|Crown\s+Prosecution\s+Service|Driver\s+and\s+Vehicle\s+Licensing\s+Agency"
    r"|Legal\s+Aid\s+Agency|Child\s+Maintenance\s+Service|Cafcass(?:\s+Cymru)?|Ofsted"
    r"|Border\s+Force|Immigration\s+Enforcement|(?:National\s+)?Probation\s+Service"
    r"|Jobcentre\s+Plus|Citizens\s+Advice|Capita|Maximus|Serco|Clearsprings(?:\s+Ready\s+Homes)?"
    r"|Mears\s+Group|Tusla|TUSLA|(?:An\s+)?Garda\s+S[ií]och[aá]na|Health\s+Service\s+Executive"
    r"|DHS|USCIS|EOIR|Department\s+of\s+Homeland\s+Security|(?:U\.S\.\s+)?Immigration\s+and"
    r"\s+Customs\s+Enforcement|U\.S\.\s+Citizenship\s+and\s+Immigration\s+Services"
    r")(?![\w&])")  # Ireland's child and family agency, its police, its health service; the
# US immigration agencies


def public_body(span: str) -> bool:
    """Whether ``span`` is a national public body or a contractor's name, whole."""
    return _PUBLIC_BODY.fullmatch(span.strip()) is not None


def public_bodies(text: str) -> list[tuple[int, int]]:
    """Spans of national public bodies and their contractors by name ("UK Visas and
    Immigration", "Cafcass", "Capita"): one organisation each."""
    return [m.span() for m in _PUBLIC_BODY.finditer(text)]


_VENUE = re.compile(
    rf"(?<![\w&])(?:The\s+)?((?!{_LEAD}\b){_CAP}(?:{_SP}(?:&|of|{_CAP})){{0,2}}"
    rf"{_SP}(?:Inn|Arms|Tavern|Hotel|Pub|Working\s+Men['’]s\s+Club|Social\s+Club))(?![\w'’])")


@_one_field
def venues(text: str) -> list[tuple[int, int]]:
    """Spans of pubs, inns and hotels such as "the Dickens Inn", "Red Lion Arms" (the model
    had "Dickens Inn" a person)."""
    return [m.span(1) for m in _VENUE.finditer(text)]


@_one_field
def street_names(text: str) -> list[tuple[int, int]]:
    """Spans of street names such as "Roundhay Road" (the whole name, its word included); in
    a French, Spanish, Italian, Portuguese or Polish text the street's word comes first ("via
    Roma 15", "viale Monza", "rue des Lilas", "calle Feria 27": the model had "viale Monza" an
    organisation and left "via" out of "Roma 15")."""
    out = [m.span(1) for m in _STREET.finditer(text)]
    if language_of(text) in ("fr", "es", "it", "pt", "pl"):
        out += [m.span() for m in _STREET_WORD_FIRST.finditer(text)]
    return out


_STREET_WORD_FIRST = re.compile(
    rf"(?<![\w'’]){STREET_FIRST_WORDS}"
    rf"(?:[^\S\n]+(?:de|des|du|de\s+la|della|del|di|dei|degli|do|da|dos|das|d['’]))?[^\S\n]+"
    rf"{_CAPW}(?:[^\S\n]+{_CAPW}){{0,2}}(?:[^\S\n]+\d{{1,4}}[a-zA-Z]?(?![\w/.-]))?")


def case_names(text: str) -> list[tuple[int, int]]:
    """Spans of case names such as "Figiel v. Poland (no. 2)"; not a criminal case's ("R v
    DARREN MICHAEL COLE": the accused is a person, :func:`accused_names`)."""
    return [m.span(1) for m in _CASE.finditer(text)
            if not crown_case(text, m.start(1), m.end(1))]


def accused_names(text: str) -> list[tuple[int, int]]:
    """The accused's name of a criminal case's name ("COLE" and his given names of "R v
    DARREN MICHAEL COLE"; the Crown and "v" name no one)."""
    return [(at, m.end(1)) for m in _CASE.finditer(text)
            if (at := crown_case(text, m.start(1), m.end(1)))]


_DIAGNOSIS_CUE = re.compile(
    r"(?i)\b(?:diagnos(?:en|er)?|diagnose(?:n|r)?|diagnostisert|diagnostiserad|diagnosticerad"
    r"|diagnosticeret|diagnostiziert)(?:[^\S\n]+(?:med|av|af|på|om|mit|von|einer|einem|eine"
    r"|en|ett|et|ein|einen))*[^\S\n]+")
_DIAGNOSIS_WORD = re.compile(r"[^\W\d_][\w-]*")
_NOT_DIAGNOSIS = frozenset("""og och und oder eller men aber som der die das den det i på hos ved
    vid bei im in mit med og sedan siden seit etter efter nach har hat ist er är var war
    fra från von""".split())


def diagnoses(text: str) -> list[tuple[int, int]]:
    """Spans of a diagnosis after its cue in a Norwegian, Danish, Swedish or German text."""
    if language_of(text) not in ("nb", "da", "sv", "de"):
        return []
    out = []
    for cue in _DIAGNOSIS_CUE.finditer(text):
        words = []
        for m in _DIAGNOSIS_WORD.finditer(text, cue.end(), min(len(text), cue.end() + 60)):
            gap = text[words[-1].end() : m.start()] if words else ""
            if len(words) == 3 or m.group(0).casefold() in _NOT_DIAGNOSIS or (
                    words and (gap.strip() or "\n" in gap)):
                break
            words.append(m)
        if words and words[0].start() == cue.end():
            out.append((words[0].start(), words[-1].end()))
    return out


_SCHOOL_BEFORE = re.compile(
    r"(?<![\w-])(?:Grundschule|Gesamtschule|Realschule|Hauptschule|Gymnasium|F\u00f6rderschule"
    r"|Oberschule|Kita|Kindertagesst\u00e4tte"
    r"|Scoil|Gaelscoil|Me\u00e1nscoil|Col\u00e1iste|Gaelchol\u00e1iste)[ \t]+((?:[A-Z\u00c4\u00d6\u00dc][\w\u00e4\u00f6\u00fc\u00df.-]*"
    r"[ \t]?){1,3})(?<![ \t])")
_SCHOOL_AFTER = re.compile(
    r"(?<![\w-])(?:[A-Z\u00c6\u00d8\u00c5\u00c4\u00d6][\w\u00e6\u00f8\u00e5\u00e4\u00f6-]+[ \t]){1,2}"
    r"(?:skole|skule|barnehage|skola|f\u00f6rskola|gymnas|b\u00f8rnehave|vuggestue)(?![\w-])")


_SCHOOL_EN = re.compile(
    rf"(?<![\w&])((?!{_LEAD}\b)(?:{_WORD}{_SP}){{1,3}}(?:C[ ]of[ ]E[ ](?:\(V[AC]\)[ ])?)?"
    rf"(?P<form>(?:Primary|Infant|Junior|High"
    rf"|Secondary|Grammar|Community|Special)[ ]School|Primary|Academy|College|Nursery|School))"
    rf"(?![\w'’])")
#: words that name no particular school by themselves ("the Secondary School", "Sunday School")
_GENERIC_SCHOOL = frozenset("""primary secondary high junior infant infants grammar boarding
    special independent state local new old sixth form city community catholic church sunday
    medical law business art music drama summer night public private free his her their our my
    your its this that the a an of""".split())


def schools(text: str) -> list[tuple[int, int]]:
    """Spans of German schools and day-care centres by their form before the name
    ("Grundschule Mauenheimer Straße": the model had "Mauenheimer" a place, "Straße" in
    clear; Irish ones too: "Scoil Bhríde"), Nordic ones by their form after it ("Lindeberg skole", "Solsikken barnehage"), and
    English ones by theirs ("Copperfields College", "Lister Primary School", "Outwood Grange
    Academy": the model had "Copperfields" a place and "College" in clear): the whole name, the
    form included; none whose words before the form are all generic."""
    out = []
    for m in _SCHOOL_EN.finditer(text):
        if not all(w.casefold() in _GENERIC_SCHOOL for w in text[m.start(1):m.start("form")]
                   .split()):
            out.append(m.span(1))
    for m in _SCHOOL_BEFORE.finditer(text):
        end = m.end(1)
        if text[end - 1] == "." and len(text[:end - 1].rsplit(None, 1)[-1]) > 3:
            end -= 1  # a sentence's full stop, not "Str."
        out.append((m.start(), end))
    return out + [m.span() for m in _SCHOOL_AFTER.finditer(text)]


#: the rules that write names, for the gazetteer detector: (rule, label, subtype, explanation)
WRITTEN_NAMES = (
    (prisons, Label.ORG, "PRISON", "a prison's name after its form (\"HM Prison …\")"),
    (company_names, Label.ORG, "COMPANY", "capitalised words ending in a company's legal form"),
    (care_institutions, Label.ORG, "CARE", "capitalised words ending in a place of care's word "
                                           "(\"… Surgery\", \"… Hospital\")"),
    (continental_institutions, Label.ORG, "", "a French, Spanish, Italian, Portuguese, Dutch "
                                              "or Polish institution's kind and its name "
                                              "(\"Tribunal judiciaire de …\")"),
    (public_bodies, Label.ORG, "", "a national public body or its contractor by name "
                                   "(\"UK Visas and Immigration\")"),
    (polish_places, Label.LOC, "", "capitalised words after a Polish preposition of place "
                                   "(\"w Tarnowie\")"),
    (venues, Label.ORG, "VENUE", "capitalised words ending in a pub's or hotel's word "
                                 "(\"… Inn\", \"… Arms\")"),
    (schools, Label.ORG, "SCHOOL", "a school's or day-care centre's form and its name "
                                   "(\"Grundschule …\", \"… skole\")"),
    (street_names, Label.LOC, "STREET", "capitalised words ending in a street's word "
                                        "(\"… Road\", \"… Lane\")"),
    (case_names, Label.MISC, "CASE", "a case name (\"X v. Y\")"),
    (accused_names, Label.PERSON, "NAME", "the accused of a criminal case (\"R v …\")"),
    (diagnoses, Label.MISC, "HEALTH", "a diagnosis after its cue (\"diagnos av …\")"),
)
