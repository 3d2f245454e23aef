"""Edges of a model's span that no annotator draws.

* A leading preposition or conjunction ("Under Act 1962:381", "In 2019", "and Mr Berg"): of
  the 4,132 gold mentions of TAB dev, none starts with one of :data:`LEADING` (27 start with
  "between", "from", "about", "of", "with", "by" or "without" — date ranges and long
  descriptions — which stay); Wikipedia dev and TAB's official sample have none at all.
* Edges at codes, numbers and doses: :mod:`.span_numbers`.
* A street without its house number ("at 38 [Princes Street]", the "38" read as a date):
  :func:`house_number_start`.
* The next field's label run into a value ("Over 18 [Occupation]:" in a PDF's line):
  :func:`field_label_tail`.
* A form's value typed by its field ("Occupation: [Bus driver]" tagged MISC): :func:`field_dem`.
* A name run into an organisation after a comma ("Lynn [Sinclair, Police Scotland]"):
  :func:`word_before_comma`.
* A name without the title or rank before it ("Lt [Gen Bilimoria]", "Dr [Darby]"; TAB's and
  the biographies' names include them): :func:`title_start`.
* A participle after a nationality's noun ("Norwegian national [living]"):
  :func:`trailing_participle`.
* A person's name and where they work read as one organisation after a title ("Dr [Owen
  Price of Harehills Medical Practice]"): :func:`name_of_org` splits it.
* Half of a title-case phrase ("Designated [Safeguarding] Lead", "National [Insurance]"): the
  span takes the capitalised words beside it (:func:`title_case_run`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from redactor_plugins.shared.names.org_forms import FIRM_LAST_WORDS, LEGAL_FORM
from redactor_plugins.shared.names.titles import COURTESY, LOWER_CASE_TITLES, RANK_WORDS
from redactor_plugins.shared.text_pieces import join_neighbours

from redactor.plugin_api import Finding, Label, Span

__all__ = ["BEFORE_A_NAME", "LEADING", "PARTY_ROLES", "TRAILING", "drop_leading_function_word",
           "drop_trailing_function_word", "field_dem",
           "field_label_tail", "house_number_start", "name_follows", "whole_before_conjunction", "name_of_org", "starts_sentence", "join_bracket_pieces",
           "title_case_run", "title_start", "trailing_participle",
           "whole_words", "word_before_comma"]

#: words a mention never starts with (see the module docstring; and greetings: "Hi Sarah")
LEADING = frozenset(
    "sinds vanaf depuis desde"  # "sinds de jaren '90"
    " under in on at to for and or but as into onto upon after before during since until till "
    "against within through via per hi hello hey dear kære kjære hej hei hallo liebe lieber "
    "sehr sie ihr ihre ihrer ihren ihrem ihres ihnen og och und eller oder samt"
    " attn fao".split())  # a letter's "Attn." and "FAO:" before the addressee
# (German "Sie": "George wohnen"; "og Tor Erik Olsen" of a Norwegian "Line Hansen og Tor …")

_FIRST_WORD = re.compile(r"([^\W\d_]+)[^\S\n]+(?=\S)")


#: kinship nouns that German capitalises, so that a model takes them into the name after them
#: ("Ihrer Ehefrau Ayşe Yılmaz" read "Ihrer Wenzel Mohammad Stolze")
KIN_BEFORE_NAME = frozenset("ehefrau ehemann lebensgefährte lebensgefährtin sohn tochter mutter "
                            "vater bruder schwester tante onkel enkel enkelin kind".split())


def drop_leading_function_word(text: str, start: int, end: int, amount: bool = False) -> int:
    """``start`` moved past a leading word of :data:`LEADING` or :data:`KIN_BEFORE_NAME` when
    more follows; for a date's or an amount's span (``amount``) past "of" too ("of 4 hours":
    a name's "of" is the model's piece between two of a longer name's: "Doctor" "of" "Law")."""
    lead = LEADING | KIN_BEFORE_NAME | _VERBS_BEFORE_A_NAME | ({"of"} if amount else set())
    if (dash := re.compile(r"[-\u2013\u2014\u2022][ \t]+").match(text, start, end)) and dash.end() < end:
        start = dash.end()  # "DISCHARGE SUMMARY - Mercy General Hospital": no dash in the name
    m = _FIRST_WORD.match(text, start, end)
    while m and m.group(1).lower() in lead:  # "Ihrer Ehefrau Ayşe"
        start = m.end()
        m = _FIRST_WORD.match(text, start, end)
    article = _ARTICLE_FIRST.match(text, start, end)
    if article and (article.group(1) in LOWER_ARTICLES or article.group(
            1) in LOWER_PREPOSITIONS and text[article.end()].islower()):
        start = article.end()  # "el⏎Hospital Universitario …", "di⏎viale Monza"
    return start


#: a note's verbs before the person they are about, which a model took into the name at a
#: sentence's start ("Saw Amelia at home": "Saw Amelia" was a person apart from "Amelia Hart")
_VERBS_BEFORE_A_NAME = frozenset("""saw met visited called phoned rang told asked emailed
    texted contacted informed advised thanked reminded""".split())


#: continental articles that begin no name in lower case ("el Hospital", "le Centre"; "El
#: Salvador", "La Paz", "Le Mans" are capitalised and stay)
LOWER_ARTICLES = frozenset("el la los las le les il lo gli het".split())
#: continental prepositions that begin no name before a lower-case word ("di viale Monza",
#: "dagli anni '90"; a name's particle is followed by a capital: "de Vries", "van Dijk")
LOWER_PREPOSITIONS = frozenset("di da de del della dello dei degli delle dal dalla dagli dai al "
                               "alla du des au aux en em no na do dos das van".split())
_ARTICLE_FIRST = re.compile(r"([a-z]+)\s+(?=[^\W\d_])")


#: words that end no mention: of TAB dev's and the biographies' 5,511 gold mentions, 2 end
#: with one of these in lower case ("Ms Rae as"); the model's spans did 35 times ("teacher of")
TRAILING = frozenset("of the a an and or to in on at for with by from as".split())
_LAST_WORD = re.compile(r"[\s(\[“\"‘'«,;:]*\b([a-z]+)\Z")


def drop_trailing_function_word(text: str, start: int, end: int) -> int:
    """``end`` moved back before a trailing lower-case word of :data:`TRAILING` (and the
    bracket or quote it opened: "TIKB (the") when more is left before it."""
    while True:
        m = _LAST_WORD.search(text, start, end)
        if not m or m.group(1) not in TRAILING or not text[start:m.start()].strip() or (
                text[m.start()] in "'’" and text[m.start() - 1].isalpha()):  # "Etela'at"
            return end
        end = m.start()


#: capitalised words that do not continue a title-case name ("The", "His", "Mr" …)
_NOT_NAME_WORDS = LEADING | frozenset(
    "the a an his her their its our my your this that these those mr mrs ms dr of".split())
_CAP_WORD_BEFORE = re.compile(r"([A-Z][\w'’-]*)[ \t]$")
_CAP_WORD_AFTER = re.compile(r"[ \t]([A-Z][\w'’-]*)")


def starts_sentence(text: str, i: int) -> bool:
    """Whether the word at ``i`` starts a sentence, a clause after a colon or semicolon, or a
    line (quotes and an open bracket before it skipped)."""
    while i > 0 and text[i - 1] in " \t\"'“‘(":
        i -= 1
    return i == 0 or text[i - 1] in ".!?:;\n"


def _whole_field_value(text: str, start: int, end: int) -> bool:
    """Whether ``start`` follows a form's field name and colon on its line and ``end`` ends
    the line."""
    line_start = text.rfind("\n", 0, start) + 1
    return bool(re.fullmatch(r"[ \t]*[A-Z][\w /'’-]{0,30}:[ \t]*", text[line_start:start])) and \
        not text[end : (text.find("\n", end) + 1 or len(text) + 1) - 1].strip()


def title_case_run(text: str, start: int, end: int, taken: set[int]) -> tuple[int, int]:
    """A capitalised span grown over the capitalised words right beside it on its line
    ("Safeguarding" of "Designated Safeguarding Lead", "Insurance" of "National Insurance"):
    half a title-case phrase left readable names what the other half hides. Words of
    :data:`_NOT_NAME_WORDS`, a word that starts a sentence, a word before a colon (a form's
    next field) and a word whose first or last character is in ``taken`` (offsets of other
    findings) stop it."""
    if not text[start:start + 1].isupper():
        return start, end
    while True:
        m = _CAP_WORD_BEFORE.search(text, max(0, start - 40), start)
        if not m or m.group(1).lower() in _NOT_NAME_WORDS or m.start(1) in taken:
            break
        if starts_sentence(text, m.start(1)):  # a capital that only starts a sentence is
            if _whole_field_value(text, m.start(1), end):  # no part of a name; but a field's
                start = m.start(1)  # value is ("Benefit: Personal Independence Payment")
            break
        start = m.start(1)
    while True:
        m = _CAP_WORD_AFTER.match(text, end)  # (not past a possessive: "Mdm Siti's HP")
        if not m or text[end - 2:end] in ("'s", "’s") or m.group(1).lower() in _NOT_NAME_WORDS or m.start(1) in taken or \
                m.end(1) - 1 in taken or re.match(r"[ \t]*:", text[m.end(1):m.end(1) + 3]):
            break  # "Over 18 [Occupation:]": the next field's label
        end = m.end(1)
    return start, end


_TITLE = re.compile(rf"(?i)(?<![\w.])(?:{'|'.join(sorted(COURTESY))})\.?[^\S\n]+\Z")
_NAME_OF = re.compile(r"((?:[A-Z][\w'’.-]*[^\S\n]+){0,2}[A-Z][\w'’-]*)[^\S\n]+of[^\S\n]+(?=[A-Z])")


_TITLED_NAME_END = re.compile(
    r"[^\S\n]((?:Dr|Prof|Herr|Frau|Mr|Mrs|Ms|Miss)\.?[^\S\n]+[A-Z][\w'’-]+(?:[^\S\n][A-Z][\w'’-]+)?)\Z")


def titled_name_at_end(text: str, start: int, end: int) -> tuple[int, int] | None:
    """(where the organisation's words start, where a titled name at the span's end starts)
    when an ORG span ends in one ("Richterin am Amtsgericht Dr. Hoffmann": "am Amtsgericht
    Dr. Hoffmann" one ORG); the organisation's part starts at its first capitalised word."""
    m = _TITLED_NAME_END.search(text, start, end)
    if m is None:
        return None
    org = re.search(r"[A-ZÆØÅÄÖÜ]", text[start : m.start()])
    return (start + org.start() if org else m.start(1)), m.start(1)


def name_of_org(text: str, start: int, end: int) -> tuple[int, int] | None:
    """``(name_end, org_start)`` when an organisation's span starts right after a courtesy
    title with one to three capitalised words and "of" ("Dr Owen Price of Harehills Medical
    Practice": the person is "Owen Price", the organisation what follows "of"); else None."""
    if not _TITLE.search(text, max(0, start - 12), start):
        return None
    m = _NAME_OF.match(text, start, end)
    return (m.end(1), m.end()) if m else None


#: a party's role in a case, which names the party's role and not the person ("MARIA GONZALEZ,
#: Plaintiff", tagged PERSON), and the "v." between the parties' names (tagged ORG)
PARTY_ROLES = frozenset("""plaintiff plaintiffs defendant defendants claimant claimants
    respondent respondents appellant appellants appellee appellees petitioner petitioners
    complainant applicant applicants intervenor intervenors intervener interveners""".split())
#: words a name list's run of capitalised words drops from its front ("Hi Sarah", "Ehefrau
#: Anna", "Plaintiff Maria Gonzalez")
BEFORE_A_NAME = LEADING | KIN_BEFORE_NAME | PARTY_ROLES | _VERBS_BEFORE_A_NAME


#: an open bracket with only lower-case words after it to the span's end
_LOWER_ASIDE = re.compile(r"\s*\((?:[a-z][a-z'’-]*\s*){1,4}\Z")  # (TAB keeps "Social
# Insurance Office (försäkringskassan": an aside in the other language's name)


def balance_brackets(text: str, start: int, end: int) -> tuple[int, int]:
    """A span that opened a bracket right before its close takes the close ("autism spectrum
    condition (ASC" + ")"), one that ends in the bracket it opened lets it go ("Total Recall
    (" → "Total Recall": taking the aside in swallowed its dates), one that closes a bracket
    it did not open lets it go ("ASC)" → "ASC"). A replacement then does not leave half a
    pair ("a medical condition)"). (Cutting every bracket left open — "breath test (61
    micrograms in" — cost TAB's annotated asides: "Act on … (Lagen om …, 1976:380".)"""
    span = text[start:end]
    if span.count("(") == span.count(")") + 1:
        opened = span.rfind("(")
        if not span[opened + 1 :].strip() and span[:opened].strip():  # "Total Recall ("
            return start, start + len(span[:opened].rstrip())
        if text[end : end + 1] == ")":  # "(ASC" + ")"
            return start, end + 1
    if span.count(")") > span.count("(") and span.endswith(")") and len(span.strip()) > 1:
        return start, start + len(span[:-1].rstrip())
    return start, end


def before_lower_aside(text: str, start: int, end: int) -> int:
    """``end`` moved before an open bracket with only lower-case words after it ("Leeds City
    Council (council tax": the name, not the words of an aside), for a name's span (a MISC's
    "self-harm (superficial" is half of a description the close joins)."""
    aside = _LOWER_ASIDE.search(text, start, end)
    if aside is None or not text[start : aside.start()].strip() or re.match(
            r"[ \t]+[A-Z]", text[end : end + 3]):  # "TKP/ML-TIKKO (the" + "Turkish Communist
        return end  # Party …)": the model's piece of a longer name
    return aside.start()


_CROWN_CASE = re.compile(r"(?:R|Regina|Rex|The Queen|The King|HM Advocate|People)\.?[ \t]+"
                         r"v\.?[ \t]+(?=[A-Z])")


def crown_case(text: str, start: int, end: int) -> int:
    """Where the accused's name starts in a criminal case's name ("R v DARREN MICHAEL COLE",
    which the model tagged ORG: the Crown and "v" name no one, the rest is a person); 0 when
    the span is no such name."""
    m = _CROWN_CASE.match(text, start, end)
    return m.end() if m and re.fullmatch(r"[A-Z][\w'’-]*(?:[ \t]+[A-Z][\w'’-]*){0,3}",
                                         text[m.end():end]) else 0


_PRONOUN_I_END = re.compile(r"[ \t]+I\Z")


def before_pronoun_i(text: str, start: int, end: int) -> int:
    """``end`` moved back before a trailing "I" after one word that a preposition stands before
    and a verb follows ("From Calais I came": the place, then the speaker); unchanged
    otherwise ("in World War I was", "King Charles I said")."""
    m = _PRONOUN_I_END.search(text, start, end)
    if m and m.start() > start and " " not in text[start:m.start()].strip() and re.search(
            r"(?i)\b(?:from|in|at|to|into|through|via|near|of)[ \t]+\Z",
            text[max(0, start - 10):start]) and _SPEAKERS_VERB.match(text, end):
        return m.start()
    return end


_SPEAKERS_VERB = re.compile(r"\s+(?:came|went|was|have|had|am|did|do|got|left|saw|met|told"
                            r"|said|think|know|stayed)\b")


_HYPHENS = "-‑‐"


#: a word's first half before a hyphen at a line's end ("Halli-⏎" of "Halli-⏎well")
_WRAPPED_HALF = re.compile(r"(?<![\w-])[^\W\d_]+-[^\S\n]*\n[^\S\n]*\Z")


def whole_words(text: str, start: int, end: int) -> tuple[int, int]:
    """A model's span grown to the whole words it cuts: a word piece's half ("Berg" of
    "Bergström"), a dangling hyphen ("co-" of "co-accused": a mask would leave
    "[MISC]accused"; "-Secretary" of "Under-Secretary": "Under" alone would stay readable),
    and without a possessive's "s" ("s Services" of "Children's Services" → "Services": taking
    "Children's" in would take "Phil Ivey's" of "Phil Ivey's IveyPoker" from the person).
    A span that stops at a hyphen without taking it ("London" of "London-based") stays; one
    that starts a word a hyphen wrapped over a line's end takes its first half ("Halli-⏎well")."""
    def inside(i: int) -> bool:  # is the boundary at i inside one word?
        return 0 < i < len(text) and text[i - 1].isalnum() and text[i].isalnum()

    if start > 0 and text[start] in _HYPHENS and text[start - 1].isalnum():
        start -= 1
    if start > 1 and text[start - 1] in "'’" and text[start - 2].isalnum() and \
            text[start : start + 2] in ("s ", "S "):  # "s Services" of "Children's Services"
        start += 2  # (the possessive's word is someone's: "Phil Ivey's [IveyPoker]")
    if end < len(text) and text[end - 1] in _HYPHENS and text[end].isalnum():
        end += 1
    while inside(start):
        start -= 1
    while inside(end):
        end += 1
    if (half := _WRAPPED_HALF.search(text, max(0, start - 40), start)) and text[start].islower():
        start = half.start()  # "well" of "Halli-⏎well" (a scan's line end): the whole word
    glued = re.match(r"['’][^\W\d_]{2,}", text[end : end + 40])  # "Etela" + "'at"; not "'s"
    return start, end + (glued.end() if glued and text[end - 1 : end].isalpha() else 0)


_PARTICIPLE_AFTER = re.compile(
    r"(?:nationals?|citizens?|residents?|origin|descent)([^\S\n]+[a-z]+ing)\Z")


def trailing_participle(text: str, start: int, end: int) -> int:
    """``end`` without a participle after a nationality's noun ("a Norwegian national
    [living] at …": none of TAB dev's DEM mentions ends so)."""
    m = _PARTICIPLE_AFTER.search(text, start, end)
    return m.start(1) if m else end


_HOUSE_NUMBER = re.compile(r"(?<![\w/.,:-])\d{1,4}[A-Za-z]?[^\S\n]+\Z")
_STREET_WORD = re.compile(
    r"(?:Road|Rd|Street|St|Lane|Avenue|Ave|Drive|Close|Crescent|Terrace|Grove|Gardens|Square"
    r"|Mews|Boulevard|Parade|Walk|Way|Place|Row|Hill|Rise|Vale|Chase|Parkway|Pkwy|Blvd|Highway"
    r"|Hwy|vei|veien|gate|gata"
    r"|gatan|vej|vägen|straße|strasse|weg|gasse)\.?\Z")


def house_number_start(text: str, start: int, end: int) -> int:
    """``start`` moved back over a house number before a street's name ("38 Princes
    Street", "14 Crossley Terrace, Halifax HX1 3QW"), and over the street's name when the
    span starts at the street's word ("Road, Harrogate HG2 7SX" after "Lancaster Park");
    unchanged when the span (or its part before a comma) is no street."""
    comma = text.find(",", start, end)  # "14 Crossley Terrace, Halifax HX1 3QW"
    if _WELSH_STREET.match(text, start):  # "12 Heol y Wig": the street's word comes first
        m = _HOUSE_NUMBER.search(text, max(0, start - 8), start)
        return m.start() if m else start
    if not _STREET_WORD.search(text, start, end) and not (
            comma > 0 and _STREET_WORD.search(text, start, comma)):
        return start
    if _STREET_WORD.match(text, start, comma if comma > 0 else end):  # "Road, Harrogate …":
        name = _STREET_NAME_BEFORE.search(text, max(0, start - 60), start)  # the street's
        start = name.start() if name else start  # name before its word ("Lancaster Park")
    m = _HOUSE_NUMBER.search(text, max(0, start - 8), start)
    return m.start() if m else start


#: a Welsh street's word, before its name ("Heol y Wig", "Ffordd Penglais", "Stryd Fawr")
_WELSH_STREET = re.compile(r"(?:Heol|Ffordd|Stryd|Lôn|Rhodfa)[ \u00a0]+[A-Zy]")
#: up to three capitalised words right before a street's word, on its line
_STREET_NAME_BEFORE = re.compile(r"(?<![\w'’-])(?:[A-Z][\w'’-]*[ \u00a0]){1,3}\Z")


#: form fields whose value is a demographic attribute, and its subtype
_DEM_FIELDS = re.compile(
    r"(?i)\b(occupation|job(?: title)?|profession|nationality|citizenship|religion|ethnicity"
    r"|ethnic origin|marital status)[ \t]*:[ \t]*\Z")
_DEM_SUBTYPE = {"nationality": "NATIONALITY", "citizenship": "NATIONALITY"}


def field_dem(text: str, start: int) -> str | None:
    """The DEM subtype of a form's value by its field ("Occupation: Bus driver" →
    "OCCUPATION"); None after any other field."""
    m = _DEM_FIELDS.search(text, max(0, start - 30), start)
    if not m:
        return None
    field = m.group(1).lower()
    return _DEM_SUBTYPE.get(field, "OCCUPATION" if field.startswith(("occ", "job", "prof"))
                            else "")


_WORD_COMMA = re.compile(r"([A-Z][\w'’-]+),[^\S\n]+(?=[A-Z])")


def word_before_comma(text: str, start: int, end: int) -> int | None:
    """The end of a lone capitalised word that a comma separates from the rest of an
    organisation's span ("Sinclair" of "Sinclair, Police Scotland"); None otherwise."""
    m = _WORD_COMMA.match(text, start, end)
    return m.end(1) if m else None


#: military ranks, as written before a name (case-sensitive: "Major" is also a word, but only
#: right before a person's name is it taken)
MILITARY = frozenset(
    "Lt Lieut Lieutenant Gen General Col Colonel Maj Major Capt Captain Brig Brigadier Adm "
    "Admiral Cdr Commander Cmdr Cpl Corporal Pte Private Marshal Field Air Vice Rear "
    "Lt-Col Lt-Gen Maj-Gen Lance Staff Flight Wing Squadron Leader".split())
_TITLE_BEFORE = re.compile(rf"([A-Z][\w-]*|{'|'.join(sorted(LOWER_CASE_TITLES))})\.?[^\S\n]+\Z")


#: a courtesy title in brackets before a name ("Chief (Mrs) Nkechi Okonkwo")
_BRACKETED_TITLE = re.compile(rf"(?i)\((?:{'|'.join(sorted(COURTESY))})\.?\)[^\S\n]+\Z")


def title_start(text: str, start: int) -> int:
    """``start`` moved back over the titles and ranks right before a person's name, one by
    one ("Lt Gen Bilimoria", "Dr Darby", "Detective Sergeant Okoro")."""
    while True:
        if b := _BRACKETED_TITLE.search(text, max(0, start - 12), start):
            start = b.start()  # "Chief (Mrs) Nkechi Okonkwo"
            continue
        m = _TITLE_BEFORE.search(text, max(0, start - 16), start)
        if not m or not (m.group(1).lower() in COURTESY or m.group(1) in MILITARY
                         or m.group(1) in ("Ma", "MA") and text[m.end(1)] == "."  # "Ma. Cristina"
                         or m.group(1) in RANK_WORDS or m.group(1).lower() in (
                             "justice", "judge") and _TITLE_BEFORE.search(
                             text, max(0, m.start() - 16), m.start())):  # "HON. JUSTICE"
            return start
        start = m.start()


_NEXT_FIELD = re.compile(
    r"[^\S]+(?:Age|Name|Address|Date|DOB|Occupation|Nationality|Religion|Ethnicity|Gender|Sex"
    r"|Tel|Phone|Mobile|Email|E-mail|Signed|Signature|Ref|Reference|Position|Role|Employer"
    r"|School|Status|Witness|Witnessed by)\Z")


def field_label_tail(text: str, start: int, end: int) -> int:
    """``end`` before a form's next field label that the span ran into ("Over 18
    Occupation" before "Occupation:"); unchanged when no colon follows."""
    if not re.match(r"[ \t]*:", text[end:end + 3]):
        return end
    m = _NEXT_FIELD.search(text, start, end)
    return m.start() if m and m.start() > start else end


_CONJUNCTION_END = re.compile(r"(\S+)[^\S\n]+(?:and|or)\Z")


def whole_before_conjunction(text: str, start: int, end: int) -> bool:
    """Whether the span ends in "and" or "or" after a word that ends a name of its own: a
    street's ("Kirkstall Road and" [Viaduct Road]) or a company's form ("Acme Ltd and")."""
    m = _CONJUNCTION_END.search(text, start, end)
    return m is not None and m.start(1) > start and bool(
        _STREET_WORD.match(m.group(1)) or _COMPLETE_FORM.fullmatch(m.group(1)))


_COMPLETE_FORM = re.compile(LEGAL_FORM)


def name_follows(text: str, end: int) -> bool:
    """Whether a capitalised word or a number comes next after ``end`` on the same line."""
    m = re.match(r"[^\S\n]*(\w)", text[end:end + 8])
    return m is not None and (m.group(1).isdigit() or m.group(1).isupper())


def join_bracket_pieces(text: str, found: list[Finding]) -> list[Finding]:
    """A MISC that opened a bracket ("self-harm (superficial") and the MISC right after it
    that the bracket's close follows ("cuts to her forearms" + ")") are one MISC with the
    close: a replacement left "something matter)"."""
    order = sorted(range(len(found)), key=lambda i: found[i].span.start)
    out = list(found)
    dropped: set[int] = set()
    for a, b in zip(order, order[1:], strict=False):
        first, second = out[a], found[b]
        if (first.label == second.label == Label.MISC and first.text.count("(") >
                first.text.count(")") and not text[first.span.end : second.span.start].strip()
                and text[second.span.end : second.span.end + 1] == ")"):
            span = Span(first.span.start, second.span.end + 1)
            out[b] = second.with_(span=span, text=text[span.start : span.end])
            dropped.add(a)
    return [f for i, f in enumerate(out) if i not in dropped]


_CAPITALISED = re.compile(r"[A-Z][\w'’&.-]*(?:\s+[A-Z][\w'’&.-]*)*")


#: a continental institution's kind at an organisation's end, before the saint, person or
#: place it is named after ("Centre hospitalier Saint-Joseph", "Ospedale San Raffaele")
_NAMED_AFTER = re.compile(
    r"(?i)(?<!\w)(?:hospitalier|hospitalière|hôpital|clinique|école|primaire|élémentaire"
    r"|maternelle|collège|lycée|université|institut|colegio|escuela|instituto|hospital\s+de"
    r"|ospedale|scuola|istituto|liceo|ziekenhuis|basisschool|szpital|szkoła)\Z")


#: a place name's first word that a model may tag apart ("SAN" of "SAN ANTONIO")
_PLACE_FIRST_WORDS = frozenset("san santa santo são saint st st. ste sankt los las fort port "
                               "mount".split())


def join_org_pieces(text: str, found: list[Finding]) -> list[Finding]:
    """An organisation's name that the model cut into a capitalised MISC or ORG piece and the
    ORG piece right after it, one space between ("Intake" + "Unit", "Memorial" +
    "Pediatrics"; a place's name before it: "Lundwood" + "Centre"), or a firm's last word the
    model called a place ("Gorton" + "Autocentre"), is one ORG; a side and the body part
    after it ("left" + "cheek", two MISC) one MISC; a place's first word and the place
    ("SAN" + "ANTONIO, TEXAS") one LOC."""
    def join(first: Finding, second: Finding) -> Finding | None:
        if first.label == Label.ORG and second.label in (Label.LOC, Label.PERSON) and text[
                first.span.end : second.span.start] == " " and second.text[:1].isupper() \
                and _NAMED_AFTER.search(first.text):  # "Centre hospitalier" + "Saint-Joseph"
            span = Span(first.span.start, second.span.end)
            return first.with_(span=span, text=text[span.start : span.end])
        if second.label == Label.LOC and first.text.casefold() in _PLACE_FIRST_WORDS and text[
                first.span.end : second.span.start] == " ":  # "SAN" (a person) + "ANTONIO, TEXAS"
            span = Span(first.span.start, second.span.end)
            return second.with_(span=span, text=text[span.start : span.end], subtype="")
        if first.label == second.label == Label.MISC and first.text in ("left", "right") and \
                text[first.span.end : second.span.start] == " ":  # "left" + "cheek"
            span = Span(first.span.start, second.span.end)
            return second.with_(span=span, text=text[span.start : span.end])
        if first.label == second.label == Label.ORG and re.fullmatch(r"\d{1,3}", second.text) \
                and text[first.span.end : second.span.start] == " ":  # "… Team" + "3"
            span = Span(first.span.start, second.span.end)
            return first.with_(span=span, text=text[span.start : span.end])
        firm_word = second.label == Label.LOC and second.text in FIRM_LAST_WORDS  # "Autocentre"
        if not ((second.label == Label.ORG or firm_word) and first.label in (
                Label.MISC, Label.ORG) + ((Label.LOC,) if second.label == Label.ORG else ())
                and text[first.span.end : second.span.start] == " "
                and _CAPITALISED.fullmatch(first.text) and _CAPITALISED.fullmatch(second.text)):
            return None
        span = Span(first.span.start, second.span.end)
        return second.with_(span=span, text=text[span.start : span.end], label=Label.ORG,
                            subtype="" if firm_word else second.subtype)

    return join_neighbours(found, join)


_RACE_WORDS = frozenset("White Black Asian Mixed".split())


def join_title_pieces(text: str, found: list[Finding],
                      other_kind: Callable[[int, int], bool]) -> list[Finding]:
    """A job's title in title case that the model cut into DEM pieces, one space apart
    ("Principal" + "Social" of "Principal Social Worker"), is one DEM; its run then takes the
    rest ("Worker"). Not where ``other_kind(start, end)`` says a piece is a nationality, a
    language or another kind that is no job ("English" + "World" of "English World War I
    flying ace", "Norwegian" + "Lutheran" stay two). A colour and the word after it ("White" +
    "British") are one census category, an ETHNICITY."""
    def join(first: Finding, second: Finding) -> Finding | None:
        if first.text in _RACE_WORDS and second.label == Label.DEM and text[
                first.span.end : second.span.start] == " " and second.text[:1].isupper():
            span = Span(first.span.start, second.span.end)  # "White" + "British": a census's
            return first.with_(span=span, text=text[span.start : span.end],  # category
                               label=Label.DEM, subtype="ETHNICITY")
        if not (first.label == second.label == Label.DEM and first.subtype in ("", "OCCUPATION")
                and second.subtype in ("", "OCCUPATION") and text[
                    first.span.end : second.span.start] == " "
                and _CAPITALISED.fullmatch(first.text) and _CAPITALISED.fullmatch(second.text)
                and not other_kind(first.span.start, first.span.end)
                and not other_kind(second.span.start, second.span.end)):
            return None
        span = Span(first.span.start, second.span.end)
        return first.with_(span=span, text=text[span.start : span.end],
                           subtype=first.subtype or second.subtype)

    return join_neighbours(found, join)
