"""Words a model tags that name no one, by their place or their kind: a heading's words
("CURRICULUM VITAE", "INCIDENT LOG", "Notice Seeking Possession"), a row's or a field's name
before a column gap ("Gross pay", "LANGUAGES"), a verb's form ("seized"), a language's level
("(fluent)"), a driving licence held ("Full UK [driving licence]"), and the words of speech (a
transcript's "Q."/"A.", "Objection", "your Honour", a chat's "omg"), and :func:`names_no_one`
(pronouns, kinds of identifier, greetings, a letter's header fields, parties' roles, a
provision's number, a form's "N/A" …). Pure functions over a text; ``model_spans`` and the
gazetteer drop such spans."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from redactor_plugins.detectors.recognizer.rules.span_edges import _TITLE, LEADING, PARTY_ROLES
from redactor_plugins.detectors.recognizer.rules.span_kinds import place_or_person_word
from redactor_plugins.shared.language.common_words import common_words
from redactor_plugins.shared.names.org_forms import FIRM_LAST_WORDS, STREET_LAST_WORDS
from redactor_plugins.shared.names.titles import HONORIFIC_SUFFIXES, POST_NOMINALS

__all__ = ["HEADER_FIELDS", "capitals_heading", "common_lower_word", "document_title",
           "driving_licence", "field_name", "field_question", "heading_words",
           "hyphen_wrapped_word", "language_level", "names_no_one", "spoken_word", "title_line",
           "verb_form"]

_HEADING_WORD = re.compile(r"[^\W\d_]+")
_FIELD_GAP = re.compile(r"[ \t]*:|\t|[ \u00a0]{2,}|[ \t]+[-\u2013\u2014][ \t]+")
#: a table row's name: words at a line's start before a column gap and a figure
_ROW_LABEL = re.compile(r"[ \t]*([^\W\d_][\w'’()/-]*(?:[ ][\w'’()/-]+){0,4})"
                        r"(?:\t|[ \u00a0]{2,})[ \t]*[-+£$€]?\d")
#: a heading in title case: capitalised words (short function words, numbers and brackets
#: between them), eight words at most, no sentence's full stop ("Notice Seeking Possession
#: (Section 8 Notice)")
_TITLE_LINE = re.compile(r"(?:(?:[A-Z][\w'’-]*(?<=\w)\b|(?:of|and|the|for|to|on|in|a|an|\d+)\b"
                         r"|[()&/\u2013\u2014-])[ \t]*){1,12}")  # "… Hospital — Consultation Note"


def heading_words(text: str, start: int, end: int, names: Mapping[str, Any] | None = None) -> bool:
    """Whether the span lies on a heading's line (in capitals, or in title case) or is a
    row's or a field's name at a line's start before a column gap, and is only words of a
    heading or a form ("CURRICULUM VITAE", "INCIDENT LOG", "RESPONSIBLE
    CLINICIAN'S REPORT"; none a name or a place of the gazetteer): no one's name. None of TAB's
    or the biographies' gold mentions in capitals is a heading."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    label = _ROW_LABEL.match(line)  # "Net pay", "PAYE tax" before a column gap
    in_label = label is not None and start - line_start + (end - start) <= label.end(1)
    if any(c.islower() for c in line) and not _TITLE_LINE.fullmatch(line.strip()) and not (
            not text[line_start:start].strip() and _FIELD_GAP.match(text, end)) and not in_label:
        return False  # not a heading in capitals or in title case, nor a row's or a field's
    span = label.group(1) if in_label and label is not None else text[start:end]
    words = [w.casefold() for w in _HEADING_WORD.findall(span)]  # the whole row's name
    common = common_words("en")
    if names is not None and any(names.get(w.capitalize()) is not None
                                 for w in words if len(w) > 1 and w not in _FORM_WORDS):
        return False  # "WHITE v BLACK", "GREEN": a name of the lists may be someone's
    if words and names is not None and section_heading(text, start, end):
        return True  # "Services", "Accommodations" between a report's paragraphs
    return bool(words) and any(len(w) > 1 for w in words) and all(
        w in common or w in _FORM_WORDS or len(w) == 1 for w in words)


#: a report's section heading: one to three words in title case, the line's only text
_SECTION_HEADING = re.compile(r"[ \t]*[A-Z][a-z'’-]+(?:[ \t]+(?:of|and|the|for|[A-Z][a-z'’-]+))"
                              r"{0,2}[ \t]*:?[ \t]*")


def section_heading(text: str, start: int, end: int) -> bool:
    """Whether the span is the whole of a line of one to three title-case words after a blank
    line (or the text's start) and before a line of text: a report's section heading
    ("Services", "Accommodations", "Present Levels"), which names no one. The caller has
    ruled out names and places of the lists."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    if line_end < 0 or text[line_start:start].strip() or text[end:line_end].strip(" \t:"):
        return False
    if not _SECTION_HEADING.fullmatch(text, line_start, line_end):
        return False
    before = text[:line_start].rstrip(" \t")
    if before.strip() and not before.endswith("\n\n"):
        return False
    for word in re.findall(r"[^\W\d_][\w'’-]*", text[start:end]):
        if place_or_person_word(word.strip("'’")) or not (
                word.casefold() in common_words("en") or word.casefold() in _FORM_WORDS
                or _HEADING_SUFFIX.search(word) or re.search(
                    rf"(?<![\w'’-]){re.escape(word.casefold())}(?![\w'’-])", text[end:])):
            return False  # "Leeds", "Barnardo's" on a line of their own: names, no heading
    last = text[start:end].split()[-1]
    if last in FIRM_LAST_WORDS or last in STREET_LAST_WORDS or _CARE_LAST.fullmatch(last):
        return False  # "Riverside Surgery" atop a letter: a place's name
    nxt = text[line_end + 1 : line_end + 120].lstrip(" \t").split("\n", 1)[0]
    return sum(w.islower() for w in nxt.split()[:10]) >= 3  # a paragraph follows


#: the endings of the nouns a report's heading is made of ("Accommodations", "Assessment")
_HEADING_SUFFIX = re.compile(r"(?:ions|ion|ments|ment|ities|ances|ences|ship|ness|ings|ures)\Z")
_CARE_LAST = re.compile(r"Surgery|Practice|Cent(?:re|er)|Hospital|Clinic|Infirmary|Home|School"
                        r"|College|Academy|University|Council|Trust|Board|Court|Tribunal")


#: words of headings and forms that the name lists also hold as names ("Case", "Ward",
#: "Gross" of "Gross pay"): a heading may have them, where another name word keeps the span
_FORM_WORDS = frozenset("""case ward report record review notice profile statement summary
    interests languages education experience references skills gross net pay basic rate total
    balance tax pension loan student national insurance hours night premium overtime holiday
    sick log incident paye bacs nest nic consultation consult note notes referral discharge
    letter assessment clinic helpline protection safeguarding conference strategy minutes
    plan immigration executive office removal proceedings decision order applications
    charge testimony procedural history behalf""".split())


def _line_of(text: str, start: int, end: int) -> str:
    """The whole line (without its line break) that holds ``text[start:end]``."""
    line_end = text.find("\n", end)
    return text[text.rfind("\n", 0, start) + 1 : len(text) if line_end < 0 else line_end]


def capitals_heading(text: str, start: int, end: int) -> bool:
    """Whether the span lies on a line in capitals of two words or more, without a table's
    column gap or an amount ("SAFEGUARDING ADULTS REFERRAL - FINANCIAL ABUSE CONCERN"; not
    "05/06/2025  STANDING ORDER J NOWAK RENT  -£450.00"): a title's line, when it also ends
    in a kind of document (:func:`title_line`); a name in a title is still found."""
    line = _line_of(text, start, end)
    if len(line) > 160 or any(c.islower() for c in line):
        return False  # a paragraph, or a line in lower case
    return len(re.findall(r"[A-Z]{2,}", line)) >= 2 \
        and not re.search(r"\t|[ \u00a0]{3}|[£$€]|\d[.,]\d\d\b", line)  # no statement's row


def document_title(text: str, start: int, end: int) -> bool:
    """Whether the span ends in a kind of document on a line in capitals or in title case
    ("NDIS PLAN REVIEW", "SUPPORT COORDINATOR REPORT", "Investigation Summary - Child
    Protective Services"): the document's title, no organisation's name."""
    words = text[start:end].split()
    if not words or words[-1].strip("():,").upper() not in _DOCUMENT_KINDS:
        return False
    line = _line_of(text, start, end).strip()
    if capitals_heading(text, start, end) or len(line) <= 160 and _TITLE_LINE.fullmatch(
            line) is not None:  # "Investigation Summary - Child Protective Services"
        return True
    head = text[text.rfind("\n", 0, start) + 1 : end]  # "DISCHARGE SUMMARY - Mercy General
    return len(head) <= 80 and not any(c.islower() for c in head) and re.match(  # Hospital, …"
        r"[ \t]+[-\u2013\u2014][ \t]+", text[end : end + 4]) is not None


def title_line(text: str, start: int, end: int, *, capitals: bool = False) -> bool:
    """Whether the span lies on a line in title case (``capitals``: or in capitals) that ends
    in a kind of document, maybe with its acronym in brackets ("Multi-Agency Referral Form
    (MARF)", "Care and Support Plan", "CONFIDENTIAL – MULTI-AGENCY REFERRAL FORM"): a
    document's or a section's title."""
    line = _line_of(text, start, end)
    if len(line) > 160:
        return False  # a paragraph, no title (and a long line is slow to match)
    line = line.strip()
    m = _TITLE_END.search(line)
    if m is not None and m.group(1).upper() in _DOCUMENT_KINDS and (
            _TITLE_LINE.fullmatch(line) is not None or capitals and capitals_heading(
                text, start, end)):
        return True
    head = re.split(r"[ \t]+[-\u2013\u2014:][ \t]+", line, maxsplit=1)[0]  # "Case notes -
    words = head.split()  # Family Service Centre (Bukit Merah)": the title before the dash
    head_start = text.rfind("\n", 0, start) + 1
    head_start += len(text[head_start:]) - len(text[head_start:].lstrip(" \t"))
    return head != line and 1 < len(words) <= 5 and words[0][:1].isupper() and \
        words[-1].upper() in _DOCUMENT_KINDS and end <= head_start + len(head)


_TITLE_END = re.compile(r"([A-Za-z]+)(?:[ \t]+\([A-Z]{2,8}\))?\Z")


_DOCUMENT_KINDS = frozenset("""REPORT REVIEW REFERRAL ASSESSMENT PLAN SUMMARY STATEMENT LETTER
    MINUTES RECORD FORM APPLICATION NOTES NOTE CONCERN REQUEST PROGRAM PROGRAMME UPDATE
    CHRONOLOGY""".split())


def field_name(text: str, start: int, end: int) -> bool:
    """Whether the span starts a line and, with up to three lower-case words after it, ends
    at a colon ("Adult at risk: Mrs …"), or :func:`field_question`: a form's field, which
    describes the field, not the person in it (the caller asks for DEM and MISC spans)."""
    if not text[text.rfind("\n", 0, start) + 1 : start].strip() and len(
            text[start:end].split()) <= 3 and _FIELD_REST.match(text, end):
        return True
    return field_question(text, start, end)


def field_question(text: str, start: int, end: int) -> bool:
    """Whether the span lies among six words or fewer, capitalised but for "and", "or", "of",
    from a line's start to a colon and a yes or no ("Aboriginal and/or Torres Strait
    Islander: Yes"): a form's question."""
    before = text[text.rfind("\n", 0, start) + 1 : start]
    if re.search(r"[.!?;:]", before) or len(before.split()) > 5:
        return False
    answer = _FIELD_ANSWER.match(text, end)
    if answer is None:
        return False
    words = (before + text[start:answer.end(1)]).split()
    return len(words) <= 6 and all(w[:1].isupper() or w in ("and", "or", "and/or", "of")
                                   for w in words)  # not "The social worker said: no"


_FIELD_REST = re.compile(r"(?:[ \t]+[a-z][\w'’-]*){0,3}[ \t]*:(?!\d)")
_FIELD_ANSWER = re.compile(r"((?:[ \t]+[\w'’/-]+){0,5})[ \t]*:[ \t]*(?i:yes|no|n/?a|y|n|unknown)\b")


def common_lower_word(text: str) -> bool:
    """Whether a span the model tagged PERSON or LOC is one lower-case word of English's
    most common ones ("section" of "the section 136 suite", "bed"): no name, no place (1 of
    the 5,511 gold PERSON and LOC mentions of TAB dev and the biographies is one: "series")."""
    return text.isalpha() and text.islower() and text in common_words("en")


def verb_form(text: str) -> bool:
    """Whether a span the model tagged PERSON, ORG or LOC is one lower-case word ending in
    "-ed" or "-ing" ("seized", "lying"): a verb's form, no one's name or place (1 of the 5,511
    gold mentions of TAB dev and the biographies is one: a NO_MASK "writing")."""
    return re.fullmatch(r"[a-z]{2,}(?:ed|ing)", text) is not None


def hyphen_wrapped_word(text: str) -> bool:
    """Whether a span is one lower-case word that a hyphen parts over a line's end ("writ-⏎ing",
    "atten-⏎dance" of a scanned letter, which the model read as a MISC): no name."""
    return re.fullmatch(r"[a-z]+-\n[a-z]+", text) is not None


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
_QUESTION = re.compile(r"(?m)^[ \t]*Q\d{0,3}\.?[ \t]+[A-Z]")
_ANSWER = re.compile(r"(?m)^[ \t]*A\d{0,3}\.?[ \t]+[A-Z]")
_COURT_WORDS = frozenset("objection overruled sustained".split())
_ADDRESS_FORMS = frozenset("honour honor lordship ladyship worship".split())
#: a clinical note's abbreviations ("Pt works as …", "hx of T2DM", "metformin 1000 mg BID"):
#: lower or title case, or these in capitals (two capitals may be a person's initials)
_CLINICAL = frozenset("""pt pts hx dx rx tx sx ix mx ddx hpi pmh psh dh sh fh bid tid qid qds
    tds od bd prn po iv im stat nocte mane nbm obs sob tbc nad""".split())
_CLINICAL_CAPITALS = frozenset("HPI PMH PSH BID TID QID QDS TDS PRN NBM SOB DDX TBC NAD".split())
_CHAT_WORDS = frozenset("lol omg yh ye tmrw tmr btw idk ngl tbh wtf brb imo smh lmao rn fr pls "
                        "plz thx ty np ikr fyi asap".split())


def spoken_word(text: str, start: int, end: int) -> bool:
    """Whether the span is a clinical note's abbreviation ("Pt", "hx", "BID"), a transcript's
    "Q."/"A." (or "Q12."/"A12.") at a line's start, "Objection",
    "Overruled", "Sustained", "Honour" after "your", or a chat's "omg", "yh", "tmrw" (lower
    case): the words of speech, not of anyone's identity."""
    word = text[start:end]
    low = word.casefold()
    if re.fullmatch(r"[QA]\d{0,3}\.?", word) and not text[text.rfind("\n", 0, start) + 1 : start].strip() \
            and _QUESTION.search(text) and _ANSWER.search(text):
        return True  # "A. At the Prince of Wales pub" of a transcript's questions and answers
    if low in _COURT_WORDS and word[:1].isupper():
        return True
    if low in _ADDRESS_FORMS and re.search(r"(?i)\b(?:your|his|her)[ \t]+\Z",
                                           text[max(0, start - 8) : start]):
        return True
    if low in _CLINICAL and (word.islower() or word.istitle() or word in _CLINICAL_CAPITALS):
        return True  # "Pt", "hx", "BID"
    return word.islower() and low in _CHAT_WORDS


# -- words and fields that name no one (the model's and the name lists' spans) --------------
#: lower-case words that name no one by themselves ("worked for us" tagged ORG as "US")
_PRONOUNS = frozenset(
    "i me my we us our ours you your he him his she her hers it its they them their theirs "
    "who whom this that these those".split())


_KIND_OF_IDENTIFIER = re.compile(r"(?i)(?:IP(?:v[46])?|MAC|IMEI|IBAN|BIC|SWIFT|PIN|SSN|URL|e-?mail"
                                 r"|Eircode|PPSN|postcode|zip\s+code|Aadhaa?r|Teudat\s+Zehut"
                                 r"|My\s*Number|rodn[éeý]\s+číslo|resident\s+registration\s+number)"
                                 r"(?:[ \t]+(?:address|number|no\.?))?")
#: the acronyms of identity, tax and health numbers abroad ("her NRIC S1234567D"), which name
#: no one when a value follows them; in capitals only ("Fin" is a given name)
_SCHEME_ACRONYM = re.compile(r"(?:NRIC|FIN|HKID|PAN|CPF|CURP|RFC|RUT|RUN|AHV|AVS|SVNR|VSNR|NIF"
                             r"|NIPC|AMKA|ΑΜΚΑ|RRN|TAJ|CNP|EGN|OIB|EMŠO|JMBG|PESEL|BSN|TCKN|CIN|NPI|DEA"
                             r"|DNI|NIE|NINO|SIN|TFN|IRD|NHI|PHN|MRN|CHI|NIN|BVN|ЕГН|KRA)")
#: the acronyms of schemes that one country alone issues, after a word ("Brazilian CPF")
_ONE_COUNTRY_SCHEME = re.compile(r"[ \t](?:CPF|CURP|PESEL|AHV|AMKA|TAJ|EGN|ЕГН|OIB|EMŠO|BSN"
                                 r"|TCKN|HKID|SVNR|RRN|BVN)(?!\w)")
_VALUE_AFTER = re.compile(r"(?:[ \t]*(?:[a-z]{1,8}\.?|No\.?|PIN|ID|:|#)){0,4}[ \t]*[A-Z]{0,5}\d")


_ROLES = PARTY_ROLES | {"v", "v.", "vs", "vs.", "versus"}
#: a courtesy title alone before "and"/"&" and another title ("Mr & Mrs Pemberton-Hughes")
_TITLE_ALONE = re.compile(r"(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof)\.?(?:[ \t]*(?:&|and))?")
_AND_TITLE = re.compile(r"[ \t]*(?:&|and)[ \t]+(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof)\b")
#: the child's guardian in family proceedings, capitalised as a role ("The Guardian was
#: represented by …"); "guardian" in lower case is a kinship word
_GUARDIAN = re.compile(r"(?:(?:[Tt]he[ \t]+)?Children['’]s[ \t]+)?Guardian(?:[ \t]+ad[ \t]+[Ll]item)?"
                       r"|(?:[Tt]he[ \t]+)?Children['’]s[ \t]+Reporter")  # Scotland's reporter
#: the words a US caption joins to a role ("Plaintiff-Appellant", "Defendant-Cross-Appellee")
_ROLE_PARTS = PARTY_ROLES | {"cross", "counter", "third", "party"}
#: a form's "nothing here" ("Maiden surname: N/A"), and "et al." after a party's name
_NOTHING = re.compile(r"(?i)n/a|n\.a\.")
_NOTHING_FIELD = re.compile(r"(?i)nil|none|unknown|not\s+(?:known|applicable|stated|given)|yes|no")
#: a numbered provision alone ("Para 51(12)", "Rule 39", "s. 21"): none of TAB's or the
#: biographies' 5,511 gold mentions is one
_PROVISION_NUMBER = re.compile(
    r"(?:Para(?:graph)?s?|Rules?|Sections?|Regs?|Regulations?|Articles?|Art|Schedules?|§)\.?"
    r"[ \t]*\d+[A-Za-z]?(?:[ \t]*\(\w{1,4}\))*")
_PROVISION_BEFORE = re.compile(r"(?<!\w)" + _PROVISION_NUMBER.pattern + r"\Z")
_PROVISION_WORD_BEFORE = re.compile(
    r"(?i)(?<!\w)(?:sections?|ss?\.|paragraphs?|paras?\.?|articles?|art\.|rules?|regs?\.?"
    r"|regulations?|schedules?|§|pages?|pp?\.)[ \t]*\Z")  # also a page's number ("Page 1")
#: a tribunal's abbreviations for its judges and the parties' offices, which name no one
_ROLE_ABBREVIATIONS = frozenset("FtTJ FTTJ UTJ DUTJ IJ HOPO SSHD SENCo SENDCo SENCO SENDCO "
                                "DSL DDSL LADO IRO"  # a school's and a council's too
                                " PAYE BACS CHAPS NIC SSP SMP"  # a payslip's (session 31)
                                " P60 P45 P11D SA302 SA100"  # tax forms (session 34)
                                " MASH MARAC MAPPA ICPC RCPC EHCP CAMHS DVPN DVPO"  # safeguarding
                                # services and meetings (session 34; shorter ones may be a
                                # person's initials in an anonymised judgment: left to the model)
                                " R/O A/O R/P"  # a US police report's officers, caller
                                " HR".split())  # a department ("HR Business Partner")
_ET_AL = re.compile(r"\bet\.?[ \t]+al\b\.?")
#: a scheme's name before "number" with no value after it ("his NHS number if you want …")
_SCHEME_NAME = re.compile(
    r"(?:NHS|CHI|NI|NINO|CPR|BSN|PESEL|SIN|TFN|UPN|ULN|MRN|UTR|PNC|CRO|DNI|NIE|NIF|PPSN?|VAT"
    r"|National[ \t]+Insurance|Social[ \t]+(?:Security|Insurance))"
    r"(?:[ \t]+(?:number|no\.?))?")
_NUMBER_WORD_AFTER = re.compile(r"[ \t]+(?:number|no\b|card|ID\b)")
#: a reference's word and its value after an acronym ("OPG reference 7000-1234-5678")
_REFERENCE_AFTER = re.compile(r"[ \t]+(?:reference|ref\.?|number|no\.?)[ \t]*[:#]?[ \t]*"
                              r"(?:[A-Z]{1,4}[-/ ]?)?\d")
#: a numbered item's word before "No." and its number ("Bates No. EVN-000412", "Dkt. No. 57",
#: "Star No. 1187"): the name of a numbering, not of a person
_NUMBERING = re.compile(r"[A-Z][A-Za-z]{1,12}\.?(?:[ \t]+No)?")
_NUMBER_AFTER = re.compile(r"\.?[ \t]*(?:(?<=No)|(?<=No\.)|No\.?[ \t]*)(?:[A-Z]{1,4}-?)?\d")


#: a department that every hospital has: the hospital after it names the place, not the ward
_HOSPITAL_DEPARTMENT = re.compile(
    r"(?i)(?:the[ \t]+)?(?:(?:Emergency|Casualty|Outpatients?|Fracture|X-?ray|Radiology)"
    r"[ \t]+(?:Department|Dept\.?|Unit|Clinic)|A[ \t]*&[ \t]*E(?:[ \t]+Department)?"
    r"|Accident[ \t]+(?:and|&)[ \t]+Emergency(?:[ \t]+Department)?|Emergency[ \t]+Room"
    r"|Intensive[ \t]+Care(?:[ \t]+Unit)?|ICU|Maternity[ \t]+(?:Unit|Ward)|Outpatients)")


#: words of a kind of meeting or plan, with the form words (:data:`_FORM_WORDS`)
_MEETING_WORDS = frozenset("child children adult adults family initial core group multi-agency "
                           "team professionals".split())
_CLOSING = re.compile(r"(?:Mise[ \t]+)?[Ll]e[ \t]+meas\b"  # Irish "Le meas"
                      r"|Yn[ \t]+gywir(?:[ \t]+iawn)?(?:[ \t]*/[ \t]*Yours)?|Cofion(?:[ \t]+cynnes)?")
#: a determiner and an adjective before "one" used as a pronoun ("his Slovak one", "the red one")
_ONE_AS_PRONOUN = re.compile(r"\b(?:the|this|that|his|her|their|its|my|your|our|an?)[ \t]+"
                             r"[A-Za-z][\w-]*[ \t]+\Z")
#: a name's last letter and its comma before a post-nominal ("Harold Finch-Yates, MD")
_AFTER_A_NAME = re.compile(r"[a-z],[ \t]\Z")
#: a word that goes to or from a place, before "ED" (the emergency department)
_INTO_A_PLACE = re.compile(r"(?i)\b(?:to|in|at|the|from|via|into)[ \t]\Z")
#: post-nominals of an honour or a silk, which are nobody's initials
_HONOURS = frozenset("QC KC MBE OBE CBE DBE KBE".split())


_CAPITALISED_BEFORE = re.compile(r"(?<![\w'’-])[A-Z][\w-]*[ \t\n]+\Z")
_CAPITALISED_AFTER = re.compile(r"[ \t\n]+[A-Z][\w-]*")


def _kind_of_meeting(text: str, start: int, end: int) -> bool:
    """Whether the span lies in a run of capitalised words after "a"/"an" that are all
    words of a kind of meeting or a form ("a Child Protection Conference", which the model
    tagged "Protection" ORG and "Conference" MISC)."""
    while (m := _CAPITALISED_BEFORE.search(text, max(0, start - 30), start)) is not None:
        start = m.start()
    while (m := _CAPITALISED_AFTER.match(text, end)) is not None:
        end = m.end()
    return re.search(r"\b(?:a|an)[ \t\n]+\Z", text[max(0, start - 4):start]) is not None \
        and all(w in _FORM_WORDS or w in _MEETING_WORDS for w in text[start:end].casefold().split())


#: a judicial post alone on a line in capitals, under a signature
_POSTS_ALONE = frozenset("JUDGE JUSTICE MAGISTRATE REGISTRAR".split())
#: a numbered section's heading, the whole line ("I. Procedural History", "III. Order")
_NUMBERED_HEADING = re.compile(r"(?:[IVX]{1,4}|\d{1,2})\.[ \t]+([A-Z][a-z]+(?:[ \t]+(?:of|and"
                               r"|the|[A-Z][a-z]+)){0,3})")
#: an exhibit's label ("Exhibit C3", "exhibits AB1-AB4"): evidence's number, nobody's
_EXHIBIT = re.compile(r"(?i)exhibits?[^\S\n]+[A-Z]{0,3}\d{0,3}[A-Z]?(?:-[A-Z]{0,3}\d{1,3})?\.?")


def names_no_one(text: str, start: int, end: int) -> bool:
    """Whether the span names no one: one lower-case pronoun or determiner, the name of a
    kind of identifier ("IP", "e-mail address"), one greeting or function word of
    :data:`LEADING` in any case ("Kære" of "Kære Mette Sørensen"), a letter's header field
    before its colon ("Til:", "Fra:" of a Nordic letter: "Til" is also a given name, and "Til:
    Kari Nordmann" read "Øystein: …"), a party's role alone ("Plaintiff"), the "v." between
    two parties, a numbering's word before "No." and a number ("Bates No. EVN-000412": not
    a person called Bates; not after a title: "Mr Bates No. 2"), letters of degrees ("MD
    FRCPC"), a hospital's standard department, a kind of meeting after "a", the Irish police
    in the plural, a letter's closing in Irish or Welsh, a kind of animal ("her cat"), an
    exhibit's label or a court's "HOLDEN" ("HOLDEN AT IKEJA")."""
    word = text[start:end]
    if _KIND_OF_IDENTIFIER.fullmatch(word):  # "The IP address of the account": a kind
        return True
    if (heading := _NUMBERED_HEADING.fullmatch(_line_of(text, start, end).strip())) and not \
            text[text.rfind("\n", 0, start) + 1 : start].strip() and all(
            w in common_words("en") or w in _FORM_WORDS
            for w in heading.group(1).casefold().split()):
        return True  # a section's heading of common words: "I. Procedural History", "2.
        # Concerns" (not "1. John Smith")
    if word.casefold() in HONORIFIC_SUFFIXES and text[start - 1 : start] == "-":
        return True  # "-sensei" of "Tanaka-sensei": a pseudonym keeps it, so it masks nothing
    if word == "Chambers" and re.search(r"\bin[ \t]\Z", text[max(0, start - 3) : start]):
        return True  # a judge sitting "in Chambers", no one called Chambers
    if _EXHIBIT.fullmatch(word) or word == "HOLDEN" and re.match(
            r"[^\S\n]+AT\b", text[end : end + 4]):  # (in capitals: "met Holden at" is someone)
        return True  # a court's "Exhibit C3.", a Nigerian heading's "HOLDEN AT IKEJA"
    if word in _POSTS_ALONE and re.fullmatch(r"[^\S\n]*", text[text.rfind("\n", 0, start) + 1
                                                             : start]) and re.match(
            r"[^\S\n]*(?:\n|\Z)", text[end:]):
        return True  # "JUDGE" on its line under the judge's name: a post
    if _SCHEME_NAME.fullmatch(word) and (re.search(r"(?:number|no\.?)\Z", word) is not None
                                         or _NUMBER_WORD_AFTER.match(text, end) is not None):
        return True  # "his NHS number", "a National Insurance number"
    if _SCHEME_ACRONYM.fullmatch(word) and _VALUE_AFTER.match(text, end):
        return True  # "Her NRIC is S1234567D", "CNP 1800101221144": the scheme, no one
    if re.fullmatch(r"[A-Z][a-z]+", word) and (m := _ONE_COUNTRY_SCHEME.match(text, end)) \
            and _VALUE_AFTER.match(text, m.end()):
        return True  # "His Brazilian CPF 111.444.777-35": the scheme's country, which the
        # scheme's name says (a pseudonym had written "Bolivian CPF"); not "Spanish DNI"
    if re.fullmatch(r"[A-Z]{2,6}", word) and _REFERENCE_AFTER.match(text, end):
        return True  # "(OPG reference 7000-1234-5678": the numbering's issuer, no one
    if _NOTHING.fullmatch(word) or _NOTHING_FIELD.fullmatch(word) and re.search(
            r":[ \t]*\Z", text[max(0, start - 4) : start]):
        return True  # "Maiden surname: N/A"
    if _PROVISION_NUMBER.fullmatch(word) or (
            re.fullmatch(r"\w{1,4}", word) and text[end : end + 1] == ")"
            and _PROVISION_BEFORE.search(text[max(0, start - 30) : start - 1])
            and text[start - 1 : start] == "("):
        return True  # "Para 51" and its "12" of "Charge: Para 51(12)": a provision's number
    if re.fullmatch(r"\d{1,4}[A-Za-z]?", word) and _PROVISION_WORD_BEFORE.search(
            text, max(0, start - 16), start):
        return True  # "3" of "transferred to section 3"
    if word in _ROLE_ABBREVIATIONS or re.fullmatch(r"(?:hrs|hr|mins)(?:[ \t]*@)?|@", word):
        return True  # "The FtTJ found", "the SSHD's letter", a payslip's "160.00 hrs @ 11.44"
    if word.casefold() in ("nearest", "nearest relative") and \
            text[start : start + 16].casefold() == "nearest relative":
        return True  # "Nearest relative: Mrs Grace Mensah": a role under the Act
    degrees = [w.strip(",").rstrip(".") for w in word.split()]  # "Esq."
    if degrees and all(w in POST_NOMINALS for w in degrees) and (
            len(degrees) > 1 or len(degrees[0]) > 3 or degrees[0] in _HONOURS
            or _AFTER_A_NAME.search(text, max(0, start - 4), start)
            or degrees[0] in ("SC", "SAN") and re.search(r"[a-z][ \t]\Z", text[
                max(0, start - 3) : start])):  # not "MB" alone; a silk: "de Villiers SC",
        return True  # "JP": initials too; "MD FRCPC", "QC" after a name: no one
    if word.casefold() in ("gardaí", "gardai", "the gardaí", "the gardai") or any(
            m.start() <= start and end <= m.end()
            for m in _CLOSING.finditer(text, max(0, start - 10), end + 10)):
        return True  # Irish police in the plural; a letter's "Le meas,", "Yn gywir / Yours"
    if _kind_of_meeting(text, start, end):
        return True  # "a Child Protection Conference will take place": a kind of meeting
    if word == "ED" and _INTO_A_PLACE.search(text, max(0, start - 6), start):
        return True  # "presented to ED after a fall": the emergency department
    if _HOSPITAL_DEPARTMENT.fullmatch(word):
        return True  # "He attended the Emergency Department at Leeds General Infirmary"
    if word == "Council" and text.startswith(" Tax", end):
        return True  # "Council Tax account: 40029817"
    if word.casefold() in ("et", "al", "al.", "et al", "et al.") and any(
            m.start() <= start and end <= m.end()
            for m in _ET_AL.finditer(text, max(0, start - 4), end + 4)):
        return True  # "CITY OF ROCKFORD, et al."
    parts = word.casefold().split("-")
    if len(parts) > 1 and all(p in _ROLE_PARTS for p in parts) and parts[0] in PARTY_ROLES:
        return True  # "Plaintiff-Appellant", "Defendants-Appellees"
    if word == "one" and _ONE_AS_PRONOUN.search(text, max(0, start - 40), start) and \
            re.match(r"[ \t]*(?:[\d,.;:)]|\Z)", text[end : end + 3]):
        return True  # "his Slovak one 805101/1236": a pronoun, no count ("two" read wrong)
    if re.fullmatch(r"\d{1,2}", word) and text[start - 1 : start] == "(" and re.match(
            r"\)[ \t]+[A-Z]", text[end : end + 3]) and re.search(
            r"(?:^|[:;\n])[ \t]*\($", text[max(0, start - 4) : start]):
        return True  # "Accused: (1) Ravi Shankar …; (2) Smt. Saroja …": an item's number
    if len(word) == 1 and word.isupper() and re.match(r"\.(?:[A-Z]\.)+[ \t]*:", text[end:end + 10]):
        return True  # "P" of a form's field "P.S.:" (police station)
    if re.fullmatch(r"[WSDCRH]/[Oo]\.?|Late", word):
        return True  # "W/o", "S/o" of an Indian record: "wife/son of", no one; "Late"
    if word.casefold() in ("maternal", "paternal"):
        return True  # "Paternal uncle Jerome Morris": the side of the family, no one
    if word.islower() and word.rstrip("s") in _ANIMALS:
        return True  # "Her brother will look after her cat": a pet is nobody's identity
    if _GUARDIAN.fullmatch(word) or word == "Children" and re.match(
            r"['’]s[ \t]+(?:Guardian|Reporter)", text[end : end + 12]) or word in (
            "Reporter", "Reporter's") and re.search(r"Children['’]s[ \t]+\Z",
                                                     text[max(0, start - 12) : start]):
        return True  # "by her Children's Guardian, Ms Priti Sandhu": a role in proceedings
    if _TITLE_ALONE.fullmatch(word) and (word.endswith(("&", "and")) or _AND_TITLE.match(
            text, end)):
        return True  # "Mr" of "Mr and Mrs Okafor": the name is with the second title
    if re.fullmatch(r"(?i)(?:page|p\.)[ \t]*\d{1,4}(?:[ \t]+of[ \t]+\d{1,4})?", word):
        return True  # a footer's "Page 1", "Page 2 of 7"
    if word in ("counsel", "Counsel") and text[max(0, start - 3) : start] == "of ":
        return True  # "Mr Gareth Lloyd of counsel": a barrister, no organisation
    if re.sub(r"['’]s?\Z", "", word.casefold()) in _ROLES or (_NUMBERING.fullmatch(word) and _NUMBER_AFTER.match(
            text, end) and not _TITLE.search(text, max(0, start - 8), start)):
        return True
    return (word.islower() and word in _PRONOUNS) or word.casefold() in LEADING or (
        word.casefold() in HEADER_FIELDS and re.match(r"[ \t]*:", text[end : end + 3]) is not None)


#: kinds of animal, in the singular, that notes mention as pets or livestock (none of TAB's or
#: the biographies' gold mentions is one alone)
_ANIMALS = frozenset("""cat kitten dog pup puppy horse pony rabbit hamster guinea parrot budgie
    bird fish tortoise snake lizard ferret goat sheep cow pig chicken hen""".split())

#: the header fields of a letter or an e-mail in the Nordic languages and German
HEADER_FIELDS = frozenset("til fra kopi emne dato sak vedlegg an von betreff".split())
