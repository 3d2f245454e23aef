"""The NER model's spans mended by the recognizer's rules: identifier cues cut off, spans
that name no one dropped, labels the words or the place contradict corrected ("INCIDENT LOG"
a heading, "Ghanaian heritage" a DEM, "22:21 MW21" a time and a code), edges moved to whole
names and codes, neighbouring pieces joined ("WILLIAMS, Jordan Lee"), and in Norwegian,
Danish, Swedish and German text the language's common words left out. One pure function over
a text and the model's findings; the ``ner`` detector calls it (docs/recognizer.md)."""

from __future__ import annotations

import re

from redactor_plugins.detectors.patterns.table_columns import column_kind
from redactor_plugins.detectors.recognizer.rules.identifier_cues import (
    identifier_cue_spans,
    names_a_number,
    trim_identifier_cue,
    value_start,
)
from redactor_plugins.detectors.recognizer.rules.institution_rules import public_body
from redactor_plugins.detectors.recognizer.rules.language_rules import (
    common_function_word,
    common_word_span,
    local_occupation,
    month_word,
    name_without_lower_tail,
    nationality_after_cue,
)
from redactor_plugins.detectors.recognizer.rules.legal_rules import legal_provisions
from redactor_plugins.detectors.recognizer.rules.no_one_words import (
    common_lower_word,
    document_title,
    driving_licence,
    field_name,
    field_question,
    heading_words,
    hyphen_wrapped_word,
    language_level,
    names_no_one,
    spoken_word,
    title_line,
    verb_form,
)
from redactor_plugins.detectors.recognizer.rules.person_pieces import (
    bracketed_signature,
    caps_name_run,
    english_words,
    join_nickname,
    join_particle_surname,
    sign_off_name,
)
from redactor_plugins.detectors.recognizer.rules.person_rules import (
    capitals_name_core,
    capitals_person,
    field_label_word,
    given_name_before,
    letter_list,
    name_after_kin_comma,
    name_start,
    names_after_kin,
    one_label_per_name,
    other_script_word,
    particle_end,
    people_by_initials,
    surname_after_initial,
    surname_first,
    two_given_names,
)
from redactor_plugins.detectors.recognizer.rules.person_rules import (
    drop_inside_grown as _drop_inside,
)
from redactor_plugins.detectors.recognizer.rules.span_edges import (
    KIN_BEFORE_NAME,
    balance_brackets,
    before_lower_aside,
    before_pronoun_i,
    crown_case,
    drop_leading_function_word,
    drop_trailing_function_word,
    field_dem,
    field_label_tail,
    house_number_start,
    join_bracket_pieces,
    join_org_pieces,
    join_title_pieces,
    name_follows,
    name_of_org,
    title_case_run,
    title_start,
    titled_name_at_end,
    trailing_participle,
    whole_before_conjunction,
    whole_words,
    word_before_comma,
)
from redactor_plugins.detectors.recognizer.rules.span_kinds import (
    KIN_NAMES,
    _default_gazetteer,
    amount_in_a_row,
    anonymised_initials,
    bare_government,
    code_is_date_or_money,
    code_shaped,
    county_name,
    dem_kind,
    device_end,
    emergency_number,
    field_place,
    firm_name,
    heritage_phrase,
    job_title_end,
    lab_test,
    listed_judge,
    names_no_body,
    non_word,
    occupation_before_address,
    occupation_phrase,
    past_last_digits,
    peoples_phrase_end,
    peoples_words,
    ranked_name,
    scale_name,
    state_or_its_town,
    vehicle_start,
)
from redactor_plugins.detectors.recognizer.rules.span_numbers import (
    clear_of_codes,
    clock_time_end,
    code_end_before_dash,
    code_not_date,
    day_and_month,
    end_before_dose,
    list_number,
    no_count,
    weekday_name,
    widen_code,
)
from redactor_plugins.shared.language.calendar_words import AGE_SHORT
from redactor_plugins.shared.language.common_words import common_words
from redactor_plugins.shared.language.detect import language_of
from redactor_plugins.shared.names.org_forms import CARE_FORM, STREET_FIRST_WORDS
from redactor_plugins.shared.text_pieces import table_headers

from redactor.plugin_api import Finding, Label, Span

__all__ = ["mend_model_spans"]

def column_name_cell(text: str, start: int, end: int) -> bool:
    """Whether a span is a table cell of its own that a column's name fills ("DOB" of a row of
    names over a merged header cell, which the model read as a person)."""
    before, after = text[start - 1:start], text[end:end + 1]
    return before in ("", "\t", "\n") and after in ("", "\t", "\n") and "\t" in (
        before + after) and column_kind(text[start:end]) is not None


#: a sentence's end inside a MISC span: three letters before the full stop (not "Dr.", "St.")
_MISC_SENTENCE_END = re.compile(r"(?<=[A-Za-z]{3})(?<!Mrs|Rev|Gen|Col|Sgt|Inc|Ltd|Art|Sec|Nos)"
                                r"\.[ \t]+(?=[A-Z][a-z])")
#: two bodies in one span: a service (its word, maybe a unit's number) "to"/"from" a place of
#: care; not "Leave to Appeal Board"
_ONE_SERVICE_TO_ANOTHER = re.compile(
    r"((?:[A-Z][\w'’-]*\s+)*(?:Dept\.?|Department|Service|Services|Police"
    r"|Ambulance|Rescue|Medic|Unit|Team)(?:\s+\d{1,3})?)\s+(?:to|from)\s+"
    rf"([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*\s+{CARE_FORM})")
#: lower-case words and "of" before an organisation's name in a span ("branch of Boots"):
#: a part of it, not its name (no gold ORG mention of TAB dev or the biographies starts so)
_PART_OF = re.compile(r"[a-z]+(?:[ \t]+[a-z]+)?[ \t]+of[ \t]+(?:the[ \t]+)?(?=[A-Z])")
#: a word after which four digits are a year ("registered 2019", "since 2015")
_YEAR_BEFORE = re.compile(r"(?i)\b(?:in|since|from|until|till|to|by|before|after|during|of"
                          r"|registered|born|married|divorced|died|moved|arrived|granted"
                          r"|issued|dated|year)[ \t]+\Z")
#: an initial and a surname ("J. Nwosu-Eze"): a person, whatever the model said
_INITIAL_SURNAME = re.compile(r"[A-Z]\.[ \t]{0,2}[A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?")  # OCR: 2
#: how a legal provision the model found whole may start (it may have typed it a place)
_PROVISION_START = re.compile(r"(?:[Ss]ections?|ss?\.|Articles?|Art\.|[Rr]ule|[Rr]egulation"
                              r"|[Pp]aragraph|[Ss]chedule|Law|Act)\b")
#: an age's abbreviation at a span's start, after the age's number ("46 [y/o Hispanic]")
_AGE_ABBREVIATION = re.compile(rf"(?:{AGE_SHORT}|yrs?[ \t]+old)[ \t]+(?=\w)")
#: a bracket left open in a span, after a word and before a capital: two mentions, a name and
#: its aside ("Marathon running (London Marathon" of "… (London Marathon 2022, …)"; TAB's
#: "National Social Insurance Board (Riksförsäkringsverket": the name and its original)
_OPEN_ASIDE = re.compile(r"(?<=[a-z])[ \t]+\((?=[A-Z][^()]*\Z)")
_STREET_WORD_BEFORE = re.compile(rf"(?<![\w'’]){STREET_FIRST_WORDS}[^\S\n]+\Z")


#: a census category's colour word ("Black Caribbean", which the model tagged ORG; not
#: "Danish" alone, which "Government" follows)
_RACE_WORD = re.compile(r"\b(?:White|Black|Asian|Mixed)\b")
#: a span's last word, when only lower-case words stand before it ("misses Daideo")
_KIN_AT_END = re.compile(r"(?:[a-z]+\s+)*([^\W\d_]+)(?:['’]s)?\Z")
#: a sentence's full stop at a place's or an organisation's end ("lives in Colonia Rivera
#: Hernández."; a pseudonym left it out), not an abbreviation's ("Acme Inc.", "Main St.")
_SENTENCE_STOP = re.compile(r"(?<![\w.])(?!(?:Inc|Ltd|Corp|Ave|Bros|Plc|Esq)\.\Z)[A-Z]?[a-zà-ÿ]{2,}"
                            r"[a-zà-ÿ]\.\Z")
#: the name lists whose words are no part of a job's title ("English" + "World …")
_NOT_A_JOB = ("nationalities", "languages", "religions", "ethnic_groups", "countries")


def mend_model_spans(text: str, found: list[Finding], detector: str = "ner") -> list[Finding]:
    """The model's findings of ``text`` (already cut at breaks and mapped to labels) mended
    by the rules (see the module docstring)."""
    gaz = _default_gazetteer()
    found = join_title_pieces(text, found, lambda s, e: any(  # "Principal" + "Social" (+
        gaz.in_list(text[s:e], kind) for kind in _NOT_A_JOB))  # "Worker"), not "English"
    cues = identifier_cue_spans(text)
    trimmed = trim_identifier_cue(text, [(f.span.start, f.span.end) for f in found],
                                  cues)
    covered = {i for f in found for i in range(f.span.start, f.span.end)} | {
        i for s, e in cues for i in range(s, e)}  # "Medicaid [ID] is …" is not regrown
    names = gaz.names  # once per document: it resolves a path
    headers = table_headers(text)  # a table's column names ("DOB" had read a person)
    language = language_of(text)
    kept: list[Finding] = []
    lower_words: set[str] | None = None  # the document's lower-case words, when a name asks
    grown: list[tuple[int, int]] = []  # what a name took in after its particle
    for f, (start, end) in zip(found, trimmed, strict=True):
        if f.label not in (Label.CODE, Label.DATETIME, Label.QUANTITY):
            start = min(end, start + len(text[start:end]) - len(text[start:end].lstrip("/| ")))
            # "/ Black Caribbean" of "White British / Black Caribbean": no slash in a span
        elif f.label == Label.CODE and re.fullmatch(r"[a-z]{2,}", text[start:end]) and \
                text[start:end] in english_words():
            continue  # an English word is no code ("(mixed)": its pseudonym read "(rgmks)";
            # a user name, "jsmith", is)
        if start >= end or any(s <= start and end <= e for s, e in headers) and not (
                f.label == Label.PERSON and _name_not_column(text, start, end)) or (
                column_name_cell(text, start, end)) or non_word(
                text, start, end) or names_no_one(
                text, start, end) or emergency_number(text, start, end) or (
                f.label != Label.CODE and list_number(text, start, end)) or (
                f.label == Label.QUANTITY and no_count(text[start:end])) or spoken_word(
                text, start, end) or lab_test(
                text[start:end]) or (
                field_label_word(text, start, end, names)) or (
                f.label not in (Label.CODE, Label.DATETIME, Label.PERSON) and not (
                    f.label == Label.QUANTITY and re.search(r"\d", text[start:end]))
                and heading_words(text, start, end, names)) or (
                f.label in (Label.PERSON, Label.ORG, Label.LOC)
                and verb_form(text[start:end])) or (
                f.label in (Label.PERSON, Label.LOC) and common_lower_word(text[start:end])) or (
                f.label != Label.CODE and hyphen_wrapped_word(text[start:end])) or (
                f.label in (Label.DEM, Label.MISC) and (language_level(
                    text, start, end) or driving_licence(text, start, end))):
            continue  # "INCIDENT LOG" (a heading), "seized", "(fluent)", "Full UK"
        if f.label in (Label.CODE, Label.DATETIME) and (
                clock := clock_time_end(text, start, end)):  # "22:21 MW21"
            kept.append(f.with_(span=Span(start, clock), text=text[start:clock],
                                label=Label.DATETIME, subtype="TIME"))
            start = clock + len(text[clock:end]) - len(text[clock:end].lstrip())
            f = f.with_(label=Label.CODE, subtype="")
            if emergency_number(text, start, end):
                continue  # "22:14 999 call"
        if f.label == Label.ORG and (lead := _PART_OF.match(text, start, end)):
            start = lead.end()  # "a branch of Boots": the company is "Boots"
        if (age := _AGE_ABBREVIATION.match(text, start, end)) and re.search(
                r"\d[ \t]?\Z", text[max(0, start - 4):start]):
            start = age.end()  # "y/o" of "46 y/o Hispanic": the age's, not the name's
        if language != "en":  # the English model on a Norwegian, Danish, Swedish, German text
            if f.label == Label.PERSON:  # "Kari møtte"
                end = name_without_lower_tail(text, start, end, language)
                if text[start:end].islower():  # "er gift med": no name
                    f = f.with_(label=Label.MISC, subtype="")
            if f.label in (Label.MISC, Label.DEM, Label.ORG) and not f.subtype and \
                    local_occupation(text[start:end], language):
                f = f.with_(label=Label.DEM, subtype="OCCUPATION")  # "camarero", "commessa"
            elif f.label in (Label.PERSON, Label.ORG, Label.LOC) and common_word_span(
                    text, start, end, language) or f.label in (
                    Label.MISC, Label.DEM) and (common_function_word(
                        text[start:end], language) or common_word_span(
                        text, start, end, language) and text[start:end].casefold()
                        not in KIN_BEFORE_NAME):
                continue  # "Notat", "Bescheid"; "sin" of "för sin lärare"; "Vedtak om"
            if f.label not in (Label.DATETIME, Label.CODE) and month_word(
                    text[start:end], language):
                f = f.with_(label=Label.DATETIME, subtype="DATE")  # "siden mars"
        if f.label == Label.MISC and re.fullmatch(r"\d+(?:[.,]\d+)?", text[start:end]):
            f = f.with_(label=Label.QUANTITY, subtype="")  # "(level 2)": a number, no event
        if f.label != Label.DATETIME and weekday_name(text[start:end]):  # "Tue" as LOC
            f = f.with_(label=Label.DATETIME, subtype="DATE")
        elif f.label == Label.DATETIME and code_not_date(text[start:end]):
            f = f.with_(label=Label.CODE, subtype="")  # "Saksnummer: 22/48213"
        elif f.label == Label.CODE and (kind := code_is_date_or_money(text[start:end])):
            f = f.with_(label=kind[0], subtype=kind[1])  # "05/06/2025", "+£612.10"
        elif f.label == Label.QUANTITY and day_and_month(text[start:end]):
            f = f.with_(label=Label.DATETIME, subtype="DATE")  # "01 Mar"
        elif f.label == Label.QUANTITY and re.fullmatch(r"(?:19|20)\d\d", text[start:end]) and \
                _YEAR_BEFORE.search(text, max(0, start - 16), start):
            f = f.with_(label=Label.DATETIME, subtype="DATE")  # "registered 2019"
        if f.label in (Label.CODE, Label.DATETIME) and (kind := amount_in_a_row(
                text, start, end)):
            f = f.with_(label=kind[0], subtype=kind[1])  # "1,830.40", "160.00 hrs @"
        if f.label == Label.ORG and bare_government(text, start, end):
            continue
        if f.label == Label.ORG and county_name(text[start:end]):
            f = f.with_(label=Label.LOC, subtype="")  # "County Durham"
        elif f.label == Label.ORG and state_or_its_town(text, start, end):
            f = f.with_(label=Label.LOC, subtype="")  # "Nnewi, Anambra State"
        if f.subtype != "LEGAL_PROVISION" and _PROVISION_START.match(text, start, end) and \
                (start, end) in {(start + a, start + b)
                                 for a, b in legal_provisions(text[start:end])}:
            f = f.with_(label=Label.MISC, subtype="LEGAL_PROVISION")  # "section 136" as LOC
        if f.label in (Label.PERSON, Label.LOC, Label.MISC, Label.DEM) and public_body(
                text[start:end]):
            f = f.with_(label=Label.ORG, subtype="")  # "Capita handled the assessment"
        elif f.label in (Label.ORG, Label.MISC, Label.LOC) and ranked_name(text, start, end):
            f = f.with_(label=Label.PERSON, subtype="")  # "Sen Cst Ben O'Sullivan"
        elif f.label in (Label.ORG, Label.MISC, Label.LOC) and (sign_off_name(
                text, start, end, names) or bracketed_signature(text, start, end)):
            f = f.with_(label=Label.PERSON, subtype="")  # "Dan" under an e-mail, "(Lam Wai
            # Kin)" over "Judge of the Court of First Instance"
        elif f.label == Label.PERSON and firm_name(text[start:end]):
            f = f.with_(label=Label.ORG, subtype="")  # "Duncan Lewis Solicitors"
        elif f.label != Label.CODE and (car := vehicle_start(text, start, end)) is not None:
            start, f = car, f.with_(label=Label.MISC, subtype="VEHICLE")  # "Toyota Prius"
        elif f.label != Label.CODE and (phone := device_end(text, start, end)):
            end, f = phone, f.with_(label=Label.MISC, subtype="DEVICE")  # "Samsung Galaxy S21"
        elif f.label != Label.PERSON and anonymised_initials(text, start, end):
            f = f.with_(label=Label.PERSON, subtype="")  # "SH (ANONYMITY DIRECTION MADE)"
        elif f.label in (Label.ORG, Label.LOC, Label.MISC) and listed_judge(text, start, end):
            f = f.with_(label=Label.PERSON, subtype="")  # "Before EASTERBROOK, ROVNER, …"
        elif f.label in (Label.LOC, Label.ORG) and name_after_kin_comma(text, start, end, names):
            f = f.with_(label=Label.PERSON, subtype="")  # "his new partner, Georgia,"
        elif f.label in (Label.ORG, Label.LOC) and _INITIAL_SURNAME.fullmatch(text[start:end]):
            f = f.with_(label=Label.PERSON, subtype="")  # "cc: R. Okonkwo; J. Nwosu-Eze" (ORG)
        elif f.label in (Label.DEM, Label.MISC) and other_script_word(text[start:end]) and (
                language == "en"):
            f = f.with_(label=Label.PERSON, subtype="")  # "signs her name as 王秀英" (a DEM)
        elif f.label in (Label.PERSON, Label.ORG, Label.LOC) and (
                stop := peoples_phrase_end(text, start, end)) is not None:
            end, f = stop, f.with_(label=Label.DEM, subtype="ETHNICITY")  # "Torres Strait
            # [Islander]", which the model tagged a person
        elif (f.label == Label.PERSON or f.label == Label.ORG and _RACE_WORD.search(
                text, start, end)) and (people := peoples_words(text[start:end])):
            f = f.with_(label=Label.DEM, subtype=people)  # "(Kurdish Sorani)", "I am Kurdish"
        elif f.label in (Label.PERSON, Label.ORG, Label.LOC, Label.MISC) and (kin := _KIN_AT_END.match(
                text, start, end)) and kin.group(1).casefold() in KIN_NAMES:  # "at Grandma's"
            start, f = kin.start(1), f.with_(label=Label.DEM, subtype="")  # "Daddy hit
            # mummy": a kin word ("misses Daideo": the verb the model took in goes)
        elif f.label in (Label.ORG, Label.MISC) and (core := capitals_person(
                text, start, end, names)):  # "FROM ANNA NOWAK REF"
            (start, end), f = core, f.with_(label=Label.PERSON, subtype="")
        if f.label != Label.DEM and (adj := nationality_after_cue(text, start, end)):
            (start, end), f = adj, f.with_(label=Label.DEM, subtype="NATIONALITY")
        elif f.label in (Label.ORG, Label.LOC) and (kind := dem_kind(text, start, end)):
            f = f.with_(label=Label.DEM, subtype=kind)
        elif f.label == Label.MISC and occupation_phrase(text, start, end):
            f = f.with_(label=Label.DEM, subtype="OCCUPATION")  # "law student"
        elif f.label == Label.MISC and heritage_phrase(text, start, end):
            f = f.with_(label=Label.DEM, subtype="ETHNICITY")  # "Ghanaian heritage"
        elif f.label == Label.QUANTITY and scale_name(text[start:end]):
            continue  # "PHQ-9": a scale's name
        if f.label == Label.QUANTITY and (start := past_last_digits(text, start, end)
                                          ) >= end:
            continue  # "ending 0032": the last digits of a card (a CODE of the patterns)
        if f.label == Label.CODE and "@" in text[start:end] and not re.search(
                r"[\w.]@\w|(?<!\S)@\w", text[start:end]):
            continue  # "hrs @" of "12.00 hrs @ 17.16": no address, no handle
        if f.label == Label.CODE:
            start, end = widen_code(text, value_start(text, start),
                                    code_end_before_dash(text, start, end))
            if text[start - 1 : start] == "(" and re.match(r"[^()]*\)", text[start:end]):
                start -= 1  # "(11) 91234-5678": the area code's bracket, both halves
            end = drop_trailing_function_word(text, start, end)  # "0417 of"
            if re.search(r"@|://|www\.", text[start:end]) and text[end - 1:end] in ".,;:" \
                    and not text[end:end + 1].strip():  # "claire.dubois@orange.fr." of a
                end -= 1  # sentence's end: the address stops before its full stop
        else:
            start, end = balance_brackets(text, *whole_words(text, start, end))
            if (aside := _OPEN_ASIDE.search(text, start, end)) is not None:
                kept.append(f.with_(span=Span(start, aside.start()),  # "Marathon running"
                                    text=text[start:aside.start()]))  # "(London Marathon"
                start = aside.end()
            if f.label in (Label.ORG, Label.LOC, Label.PERSON):
                end = before_lower_aside(text, start, end)  # "Council (council tax"
                end = before_pronoun_i(text, start, end)  # "From Calais I came"
            end = end_before_dose(text, start, end) if f.label == Label.MISC else end
            start = drop_leading_function_word(text, start, end, f.label in (
                Label.DATETIME, Label.QUANTITY))
            if f.label == Label.DEM or not name_follows(text, end) or \
                    whole_before_conjunction(text, start, end):  # "Kirkstall Road and"
                # "teacher of" [Bangladeshi origin]; not "5th Chamber of the" [Ankara …]:
                # the model's piece of a longer name
                end = drop_trailing_function_word(text, start, end)
            if f.label not in (Label.DATETIME, Label.QUANTITY):  # ("No 2) [2023]": the
                start, end = balance_brackets(text, *clear_of_codes(text, start, end))  # year
                # cut, its bracket goes too)
            end = field_label_tail(text, start, end)  # "Over 18 Occupation:"
            if f.label == Label.DEM:
                end = trailing_participle(text, start, end)
            if f.label in (Label.DEM, Label.ORG, Label.MISC) and start < end:
                start, end = title_case_run(text, start, end, covered)
            if start >= end or names_a_number(text, start, end):
                continue  # "Unique Pupil Number" [H801200001001]: the field, not a name
        letters = letter_list(text, start, end)
        if letters:  # "B, H" of "A, B, H, N and R": people, one finding each
            kept += [f.with_(span=Span(s, s + 1), text=text[s], label=Label.PERSON,
                             subtype="") for s in letters]
            continue
        if f.label == Label.PERSON and (stop := _SENTENCE_END.search(text, start, end)):
            kept.append(f.with_(span=Span(start, stop.start()), text=text[start:stop.start()]))
            start = stop.end()  # "Mr Young. Will was off sick": two people, two findings
        elif f.label == Label.MISC and (stop := _MISC_SENTENCE_END.search(text, start, end)):
            if not spoken_word(text, start, stop.start()):  # "metformin 1000 mg BID. Allergic
                kept.append(f.with_(span=Span(start, stop.start()),  # to penicillin": the
                                    text=text[start:stop.start()]))  # dose's "BID" no one's
            start = stop.end()
        if f.label == Label.PERSON:  # "Estácio de" + "Sá": a name does not end in "de"
            start, end = capitals_name_core(text, start, end, names)  # "J NOWAK"
            if lower_words is None:
                lower_words = {w.group() for w in re.finditer(r"\b[a-z]+\b", text)}
            start, end = caps_name_run(text, start, end, lower_words, common_words("en"),
                                       names)
            start = given_name_before(text, title_start(text, name_start(
                text, start, end)), end, names)
            longer = surname_after_initial(text, start, particle_end(text, start, end))
            if longer > end:
                grown.append((end, longer))
                end = longer
        titled = titled_name_at_end(text, start, end) if f.label == Label.ORG else None
        if titled:  # "am Amtsgericht Dr. Hoffmann": the court, then the judge
            if titled[0] < titled[1]:
                kept.append(f.with_(span=Span(titled[0], titled[1] - 1),
                                    text=text[titled[0]:titled[1] - 1]))
            start, f = titled[1], f.with_(label=Label.PERSON, subtype="NAME")
            if re.search(r"\w['’]s\Z", text[start:end]):
                end -= 2  # "Mdm Siti's" (ORG): the person, without the "'s"
        if f.label == Label.ORG and (to := _ONE_SERVICE_TO_ANOTHER.fullmatch(text, start, end)):
            kept.append(f.with_(span=Span(start, to.end(1)), text=text[start:to.end(1)]))
            start = to.start(2)  # "Springfield Fire Dept Medic 7 to Memorial Medical Center"
        pair = two_given_names(text, start, end, names) if f.label in (
            Label.ORG, Label.MISC, Label.LOC) else None
        if pair:  # "Harvey and Amelia": two people, one finding each
            kept += [f.with_(span=Span(a, b), text=text[a:b], label=Label.PERSON,
                             subtype="", score=max(f.score, 0.9)) for a, b in pair]
            continue
        if f.label not in (Label.CODE, Label.DATETIME, Label.QUANTITY) and (
                relation := _RELATION_END.search(text, start, end)) and relation.start() > start:
            end = relation.start()  # "Lakshmi Devi W/o" [Shri Ravi Shankar]: his name is next
        if f.label == Label.PERSON and (late := re.match(r"[Ll]ate[ \t]+(?=[A-Z])",
                                                          text[start:end])):
            start += late.end()  # "Late Shri K. Narayanaswamy": he has died; not his name
        if f.label == Label.PERSON and (relation := _RELATION_MID.search(text, start, end)):
            kept.append(f.with_(span=Span(start, relation.start()),  # "Smt. Lakshmi Devi W/o
                                text=text[start:relation.start()]))  # Shri Ravi Shankar": two
            start = relation.end()
        if f.label not in (Label.CODE, Label.DATETIME, Label.QUANTITY) and (
                cited := _CITATION_TAIL.search(text, start, end) or (
                    _CITATION_YEAR_TAIL.search(text, start, end) if _CITATION_REST.match(
                        text, end) else None)) and cited.start() > start:
            end = cited.start()  # "R. v. Jordan, 2016 SCC 27": the citation is a code's
        if f.label in (Label.ORG, Label.MISC, Label.LOC) and (
                accused := crown_case(text, start, end)):
            start, f = accused, f.with_(label=Label.PERSON, subtype="NAME")  # "R v [COLE]"
        split = name_of_org(text, start, end) if f.label == Label.ORG else None
        if split:  # "Dr [Owen Price] of [Harehills Medical Practice]"
            kept.append(f.with_(span=Span(start, split[0]), text=text[start:split[0]],
                                label=Label.PERSON, subtype="NAME"))
            start = split[1]
        cut_at = word_before_comma(text, start, end) if f.label == Label.ORG else None
        if cut_at and state_or_its_town(text, start, cut_at):
            cut_at, f = None, f.with_(label=Label.LOC, subtype="")  # "Nnewi, Anambra State"
        if cut_at:  # "Lynn [Sinclair], [Police Scotland]": two findings, no comma
            kept.append(f.with_(span=Span(start, cut_at), text=text[start:cut_at]))
            start = end - len(text[cut_at:end].lstrip(", "))
        if f.label == Label.LOC and (job := occupation_before_address(text, start, end)):
            kept.append(f.with_(span=Span(start, job), text=text[start:job],
                                label=Label.DEM, subtype="OCCUPATION"))  # "Scaffolder, 27 …"
            start = end - len(text[job:end].lstrip(", "))
        if f.label == Label.LOC:
            start = house_number_start(text, start, end)
            if language != "en" and (word := _STREET_WORD_BEFORE.search(
                    text, max(0, start - 14), start)):
                start = word.start()  # "via" of "via Roma 15, 20121 Milano"
        if f.label == Label.ORG and (job := job_title_end(text, start, end)):
            end, f = job, f.with_(label=Label.DEM, subtype="OCCUPATION")  # "… Officer"
        if f.label in (Label.QUANTITY, Label.DEM, Label.MISC) and code_shaped(
                text[start:end], glued=f.label != Label.QUANTITY):
            f = f.with_(label=Label.CODE, subtype="")  # "CI-2291" ("-2291" grown), "FL401"
        if f.label in (Label.ORG, Label.PERSON, Label.LOC) and _CONDITION.fullmatch(
                text, start, end):
            f = f.with_(label=Label.MISC, subtype="HEALTH")  # "hx of T2DM, CKD stage 3b"
        elif f.label in (Label.ORG, Label.LOC, Label.MISC) and _PATRONYMIC_NAME.fullmatch(
                text, start, end):
            f = f.with_(label=Label.PERSON, subtype="NAME")  # "Rajesh s/o Kumaravel" (ORG)

        elif f.label in (Label.ORG, Label.LOC, Label.MISC) and (
                courtesy := _TITLED_NAME.fullmatch(text, start, end)):
            end = courtesy.end(1)  # "Mdm Siti's" (ORG): the person, without the "'s"
            f = f.with_(label=Label.PERSON, subtype="NAME")
        elif f.label == Label.CODE and (age := _AGE_AND_SEX.fullmatch(text, start, end)):
            end = age.end(1)  # a clinical note's "(63 y/o F)": the age, its sex letter apart
            f = f.with_(label=Label.DEM, subtype="AGE")
        dem = field_dem(text, start) if f.label != Label.DEM else None
        if dem is not None:  # "Occupation: Bus driver"
            f = f.with_(label=Label.DEM, subtype=dem)
        elif f.label in (Label.PERSON, Label.DEM, Label.ORG) and text[start:start + 1].isupper() \
                and (place := field_place(text, start, f.label == Label.DEM)) and (
                    f.label != Label.ORG or place == Label.LOC):  # "Ward: Aldbourne Ward",
            f = f.with_(label=place, subtype="")  # "Insurer: Admiral" (a DEM title)
        if (start, end) != (f.span.start, f.span.end):
            f = f.with_(span=Span(start, end), text=text[start:end])
        kept.append(f)
    found = _drop_inside(kept, grown) if grown else kept
    found = people_by_initials(text, join_bracket_pieces(text, join_org_pieces(
        text, surname_first(text, join_nickname(text, join_particle_surname(
            text, one_label_per_name(found, names))), names))))
    found = [f.with_(label=Label.LOC, subtype="") if f.label == Label.ORG and county_name(
        f.text) else f for f in found]  # "Colonia Rivera" + "Hernández" (an ORG piece) joined
    found = [f.with_(span=Span(f.span.start, f.span.end - 1), text=f.text[:-1])
             if f.label in (Label.LOC, Label.ORG) and _SENTENCE_STOP.search(f.text)
             and re.match(r"\s|\Z", text[f.span.end : f.span.end + 1]) else f for f in found]
    return [f for f in listed_children(text, found, detector) if not (  # also what rules made
        _describes_a_field(text, f.span.start, f.span.end, f.label)  # ("s Reporter" grown to
        or names_no_one(text, f.span.start, f.span.end))]  # "Children's Reporter")


#: a clinical condition's abbreviation, maybe with its stage or type ("T2DM", "CKD stage 3b",
#: "COPD"), which the model tagged an organisation
_CONDITION = re.compile(
    r"(?:T[12]DM|IDDM|NIDDM|CKD|COPD|CHF|CCF|CAD|IHD|HTN|CVA|TIA|DVT|UTI|GERD|GORD|OSA|BPH"
    r"|PTSD|ADHD|ASD|OCD|EUPD|BPD|MDD|GAD|HIV|HCV|HBV|MND)"  # not "MS", "AF": initials
    r"(?:[ \t]+(?:stage|type|grade|class)[ \t]+[0-9IV]{1,3}[a-d]?)?")


#: a name with "son/daughter of" and the father's name (Malay, Tamil, Arabic naming)
_PATRONYMIC_NAME = re.compile(r"(?:[A-Z][\w'’-]+[ \t]){1,3}(?:binti|bin|bte|[sd]/o|a/[lp])"
                              r"[ \t][A-Z][\w'’-]+(?:[ \t][A-Z][\w'’-]+){0,2}")
#: a courtesy title and a name, maybe possessive ("Mdm Siti's", which the model tagged ORG)
_TITLED_NAME = re.compile(r"((?:Mr|Mrs|Ms|Miss|Mx|Mdm|Madam|Encik|Puan|Cik|Smt|Shri|Kumari)\.?"
                          r"(?:[ \t][A-Z][\w-]*(?:['’][A-Z][\w-]*)?){1,3})(?:['’]s)?")
#: a neutral citation at a span's end, after a comma ("…, 2019 ONCA 316", "…, [2024] NZHC 12")
_CITATION_TAIL = re.compile(r",[ \t]+(?:\[(?:19|20)\d\d\]|(?:19|20)\d\d)[ \t]+[A-Z][A-Za-z0-9]{1,11}"
                            r"[ \t]+\d{1,5}\Z")
#: a relation's mark after a name in an Indian record ("W/o", "S/o", "D/o" — wife, son,
#: daughter of —, "C/o", "R/o"), maybe with "Late" for a dead relative's name to come
_RELATION_END = re.compile(r"[ \t]+[WSDCRH]/(?:[Oo]\.?)?(?:[ \t]+(?:Late|late))?\Z")
_RELATION_MID = re.compile(r"(?<=\w)[ \t]+[WSDCRH]/[Oo]\.?(?:[ \t]+(?:Late|late))?[ \t]+(?=[A-Z])")
#: the same cut by the model after the year ("R. v. Jordan, 2016" + "SCC 27")
_CITATION_YEAR_TAIL = re.compile(r",[ \t]+(?:\[(?:19|20)\d\d\]|(?:19|20)\d\d)\Z")
_CITATION_REST = re.compile(r"[ \t]+[A-Z][A-Za-z0-9]{1,11}[ \t]+\d{1,5}(?![\w/])")
_AGE_AND_SEX = re.compile(r"(\d{1,3}[ \t]?(?:y/?o|yo|yrs?(?:[ \t]old)?))[ \t]?[MF]\b\.?")


def _name_not_column(text: str, start: int, end: int) -> bool:
    """Whether a PERSON span of two or three capitalised words fills a cell that is no known
    column's name ("Amelia Hart" of "Amelia Hart⏎Pupil", the first row of a table of people
    with no row of column names, had been taken for one and left in clear; "Full Name" is a
    column's)."""
    words = text[start:end].split()
    if not 2 <= len(words) <= 3 or not all(w[:1].isupper() for w in words):
        return False
    cell_start = max(text.rfind("\t", 0, start), text.rfind("\n", 0, start)) + 1
    cell_end = min((i for i in (text.find("\t", end), text.find("\n", end)) if i >= 0),
                   default=len(text))
    return column_kind(text[cell_start:cell_end]) is None


def _describes_a_field(text: str, start: int, end: int, label: Label) -> bool:
    """A demographic or miscellaneous span in a title in capitals or in a form's field name,
    or any such span in a form's question ("SAFEGUARDING ADULTS REFERRAL", "Adult at risk:",
    "Aboriginal and/or Torres Strait Islander: Yes")."""
    if label in (Label.DEM, Label.MISC):  # a title's line ends in a kind of document: not
        # "RE: AHMED HASSAN (SYRIAN NATIONAL)", whose nationality is the person's
        return title_line(text, start, end, capitals=True) or field_name(text, start, end)
    return label in (Label.ORG, Label.LOC) and (field_question(text, start, end) or (
        document_title(text, start, end)) or (title_line(text, start, end, capitals=True)
                                               and names_no_body(text[start:end])))  # "MULTI"


#: a sentence's end inside a person's span, after a word of two letters or more ("Mr Young.
#: Will": not an initial's dot, "J. Smith")
_SENTENCE_END = re.compile(r"(?<=[a-z]{2})\.[ \t]+(?=[A-Z])")


def listed_children(text: str, found: list[Finding], detector: str) -> list[Finding]:
    """``found`` with the names listed after a plural kin noun ("your children Hope, Summer
    and Will") as PERSON findings: a finding of another label there becomes a person, a name
    no finding covers is added (then propagated like the model's)."""
    spans = names_after_kin(text)
    if not spans:
        return found
    at = {(f.span.start, f.span.end): i for i, f in enumerate(found)}
    out = list(found)
    taken = {i for f in found for i in range(f.span.start, f.span.end)}
    for s, e in spans:
        if (s, e) in at:  # a person, as sure as a name ("Sydney" 0.51 beside a town's 0.7)
            i = at[(s, e)]
            out[i] = out[i].with_(label=Label.PERSON, subtype="", score=max(out[i].score, 0.9))
        elif not any(i in taken for i in range(s, e)):
            out.append(Finding(Span(s, e), Label.PERSON, text[s:e], score=0.9, detector=detector,
                               explanation="a name listed after a plural kin noun"))
    return sorted(out, key=lambda f: f.span.start)
