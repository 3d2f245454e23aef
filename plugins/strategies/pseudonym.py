"""The ``pseudonym`` strategy: realistic, consistent replacements of the same type.

* PERSON: Faker names in the document's locale (detected cheaply from function words and
  letters, or ``[options] locale = "nb_NO"``), of the same gender where the original's is
  clear (a title such as Mr/Mrs, or a first name that Faker's locale providers list only as
  male or only as female). Every name part maps consistently for the whole batch: "Mr Galip
  Yalman" → "Mr Eirik Dahl", "Yalman" → "Dahl", "Galip" → "Eirik", "G." → "E.". Titles stay.
* ORG → a fake company (a lower-case description such as "solicitor's office" → its kind,
  "law firm"); LOC → a fake city, country, street, address or postcode; CODE → an
  identifier of the same scheme, format and checksum (an IBAN of the same country, a
  Luhn-valid card of the same network, a national ID number of the same country, a phone
  number of the same country …: :mod:`~redactor_plugins.strategies.generalization.fakes`),
  else a random code of the same shape (digits→digits, letters→letters, separators kept);
  DATETIME → the date shifted by one offset per batch, in the same format, and every clock
  time by one offset too (durations between dates and times are kept); QUANTITY → a nearby number in the same format (words stay words); DEM → the
  same kind, with the article before it still right (a nationality for a nationality, a
  kinship term for a kinship term, another age …:
  :mod:`~redactor_plugins.strategies.generalization.demographics`); MISC has no same-type fake
  and is generalized.

Consistency: choices live in ``ctx.memo_for("pseudonym")`` (batch-scoped), keyed by the
normalised original. Reproducibility: with a pseudonym key (``redactor keys init
pseudonym`` or ``REDACTOR_KEY_PSEUDONYM``) every choice is seeded from HMAC-SHA256(key,
normalised text), so the same key gives the same pseudonyms in every run; without a key the
choices are fresh random ones. ``[options] pseudonym_key = "none"`` ignores a stored key.

A pseudonym never equals a word of the document (no collision with a real name), never
shares a word with its original, and is never reused for another original in the batch.
(Checked against the document where the name is first seen; later documents reuse it.)
"""

from __future__ import annotations

import dataclasses
import random
import re
import string
from typing import Any

from redactor_plugins.shared.language.local_jobs import other_job
from redactor_plugins.shared.text_pieces import fit_for_cell
from redactor_plugins.strategies.generalization import numbers as numbers
from redactor_plugins.strategies.generalization import time as times
from redactor_plugins.strategies.generalization.date_times import (
    birth_date_days,
    day_months,
    shift_date_and_time,
    shift_day_list,
    shift_days,
    shift_form_date,
    shift_minutes,
    shift_month_list,
    shift_open_range,
    shift_times_inside,
    shift_years_of_age,
)
from redactor_plugins.strategies.generalization.demographics import (
    JOB_LOCALES,
    PERSON_NOUNS,
    dem_pseudonym,
    grade_like,
    is_kin_term,
    local_job,
    neutral_person_noun,
    role_like,
)
from redactor_plugins.strategies.generalization.fakes import (
    case_number_like,
    code_like,
    count_bounds,
    fake_identifier,
    layout,
    place_code,
    place_like,
    quantity_like,
    street_parts,
)
from redactor_plugins.strategies.generalization.kinds import JUDICIAL_TITLE, RANK_TITLES
from redactor_plugins.strategies.generalization.localized import other_kin, other_nationality
from redactor_plugins.strategies.generalization.names import (  # noqa: F401 - re-exported
    DEFAULT_LOCALE,
    FEMALE_TITLES,
    LANGUAGES,
    MALE_TITLES,
    SCRIPT_LOCALES,
    _faker,
    _name_votes,
    _person_provider,
    a_surname_here,
    beside_a_first_name,
    detect_locale,
    faker_with,
    first_name_votes,
    gender_of,
    gender_table,
    is_first_name,
    kin_before,
    letter_pseudonym,
)
from redactor_plugins.strategies.generalization.org_names import (  # noqa: F401 - re-exported
    a_town,
    names_an_org,
    org_like,
    org_parts,
)
from redactor_plugins.strategies.generalization.places import lookup
from redactor_plugins.strategies.generalization.text import (
    DETERMINERS,
    capitalise,
    fold,
    indefinite_article,
    keyword_table,
    kind_of,
    normalise,
    noun_follows,
    previous_word,
)
from redactor_plugins.strategies.generalize import WEEKDAY_AND_DIGITS, generalize_mention
from redactor_plugins.strategies.keys import get_key
from redactor_plugins.strategies.pseudonym_choice import (
    Seeder,
    choose,
    document_words,
)
from redactor_plugins.strategies.pseudonym_emails import named_email
from redactor_plugins.strategies.pseudonym_people import _NAME_PART, _locale, person_pseudonym

from redactor.plugin_api import (
    Label,
    ReplacementRequest,
    RunContext,
    UsageError,
)


def _state(request: ReplacementRequest, ctx: RunContext) -> dict[str, Any]:
    memo = ctx.memo_for(PseudonymStrategy.id)
    if "seeder" not in memo:
        opt = (request.options.get("pseudonym_key") or "").strip().lower()
        key = None if opt in ("none", "off", "false", "random") else get_key(
            "pseudonym", required=False)
        memo["seeder"] = Seeder(key)
        memo["tokens"] = {}  # folded original name part → pseudonym part
        memo["used"] = set()  # folded pseudonyms already given to some original
        memo["values"] = {}  # (label, normalised original) → pseudonym
        memo["locales"] = {}  # document id → locale
        memo["doc_words"] = {}  # document id → folded words of the document
    return memo


def _names_a_date(text: str) -> bool:
    """Whether ``text`` holds a calendar date or year (a range "1 March and 12 March 2024"
    that no date shift could rewrite whole): such a mention is generalized, never changed in
    one number only — that kept the rest of the range, the real dates, in clear."""
    return bool(_YEAR.search(text) or times.MONTH_NAME.search(text)
                or WEEKDAY_AND_DIGITS.search(text))  # "Friday 3/7": not two numbers to scale


_YEAR = re.compile(r"(?<!\d)(?:1[5-9]|2[0-1])\d\d(?!\d)")


#: a noun a pattern took into a code ("cell H-2-17", "Badge 4471"): kept before the code's fake
_CODE_NOUN = re.compile(r"[A-Z]?[a-z]{2,}\.?[ \t]+(?:[Nn]o\.?[ \t]*)?(?=[A-Z]{0,3}[-/]?\d)")


def value_pseudonym(request: ReplacementRequest, memo: dict[str, Any]) -> str:
    f = request.finding
    label = f.label
    text = f.text
    if label == Label.CODE and (noun := _CODE_NOUN.match(text)):  # the same fake as the code
        value = f.with_(text=text[noun.end():])  # alone ("Location: H-2-17") gets
        return noun.group(0) + value_pseudonym(dataclasses.replace(request, finding=value), memo)
    if label == Label.MISC and names_an_org(text):  # "Document Examination Unit" read "matter"
        label = Label.ORG
    elif label == Label.MISC and is_kin_term(text):  # "her daughter's home" read "her matter's"
        label = Label.DEM
    scheme = label == Label.CODE or (label == Label.LOC and bool(place_code(text, f.subtype)))
    # an identifier is the same one however it is spaced ("NO93 8601…" and "NO938601…")
    key = (str(label), _compact(text) if scheme else normalise(text))
    values: dict[tuple[str, str], str] = memo["values"]
    if key in values:
        known = values[key]
        same_size = scheme and len(_compact(known)) == len(key[1]) and not re.search(
            r"@|://", text)  # an address is reused whole: laid out again it read "gera.rd65e@…"
        return layout(text, _compact(known)) if same_size else _cased_like(text, label, known)
    doc = request.document
    locale = _locale(memo, request)
    doc_words = document_words(memo, doc)
    seed = (str(label), key[1])
    result: str
    if label == Label.DATETIME:
        days = shift_days(memo, doc.text) + birth_date_days(doc.text, f.span.start,
                                                              shift_years_of_age(memo))
        minutes = shift_minutes(memo)
        shifted = None
        with times.document_dates(locale[:2], doc.text):  # its month names, its day order
            for delta in (0, 7, -7, 30):
                shifted = (times.shift_date(text, days + delta) or times.shift_range(
                    text, days + delta) or times.shift_timestamp(text, days + delta)
                    or shift_date_and_time(text, days + delta, minutes)
                    or times.shift_season(text, days + delta)
                    or times.shift_weekday(text, days + delta)
                    or shift_day_list(text, days + delta)  # "3, 4 and 5 May 2024"
                    or shift_form_date(text, days + delta)  # "03-Mar-2024", "Q3 2023"
                    or shift_open_range(text, days + delta)  # "2019 - present"
                    or shift_month_list(text, days + delta))  # "March, April and May 2024"
                # no day and month of the original left in it ("1 March" in "21 March")
                if shifted is None or not any(fold(part) in fold(shifted) for part in [
                        text.strip(), *day_months(text)]):
                    break
        if shifted is None:  # a clock time: another time of day in the same form
            shifted = shift_times_inside(text, minutes)
            if shifted is not None and _names_a_date(text):
                shifted = None  # only the time moved: the date would stay in clear
        if shifted is None and not _names_a_date(text):  # a duration ("three years")
            q = numbers.parse_quantity(text)
            shifted = choose(memo, frozenset(), text, lambda r, _a: quantity_like(text, r), *seed,
                              word_check=False) if q else None
        result = shifted if shifted is not None and fold(text).strip() not in fold(shifted) else \
            generalize_mention(label, text, request.entity.canonical, "year",
                               doc_text=doc.text, start=f.span.start, end=f.span.end)
    elif label == Label.QUANTITY:
        low, high = count_bounds(doc.text, f.span.start, f.span.end)
        if high == 1 and text.casefold() in ("one", "1"):  # "one brother": "a brother"
            article = indefinite_article(doc.text[f.span.end : f.span.end + 30])
            result = article.capitalize() if text[:1].isupper() else article
        else:  # a school grade moves with the ages ("Grade: 7"); else a nearby number
            result = grade_like(doc.text, f.span.start, text, shift_years_of_age(memo)) or \
                choose(memo, frozenset(), text, lambda r, _a: quantity_like(text, r, low, high),
                       *seed, word_check=False)
    elif label == Label.CODE:
        if ("@" in text or f.subtype == "EMAIL") and f.subtype not in ("HANDLE", "URL"):
            local = re.split(r"@|\s", text, maxsplit=1)[0]  # the domain's words ("com") may
            result = choose(memo, frozenset(), local,  # repeat; "[at]" spelled out stays so
                            lambda r, _a: named_email(text, local, memo["tokens"], r, locale),
                            *seed)
        elif fake_identifier(text, f.subtype, memo["seeder"].rng(*seed, "probe")):
            # the same scheme, format and checksum (a kept country or network prefix is no
            # shared word)
            result = choose(memo, frozenset(), text, lambda r, a: fake_identifier(
                text, f.subtype, r, a) or code_like(text, r), *seed, word_check=False)
        elif f.subtype == "CASE_NUMBER" and _YEAR_OR_COURT.search(text):  # "HCMP 1234/2023"
            result = choose(memo, frozenset(), text, lambda r, _a: case_number_like(text, r),
                            *seed, word_check=False)
        else:  # look-alikes and unknown codes: the same shape; a prefix that the cue before
            keep = _cued_prefix(doc.text, f.span.start, text)  # it names stays ("GWF
            result = choose(memo, doc_words, text, lambda r, _a: keep + code_like(  # reference:
                text[len(keep):], r), *seed, min_len=3)  # GWF071234567" read "UUU9180…")
    elif label == Label.ORG and (not any(c.isupper() for c in text)
                                 or kind_of(text, "org_kinds") == "department"):
        # a description, not a name ("her solicitor's office", "HR Team"): a made-up company
        # would read wrong ("Her Wolfe-Nicholson is on …"); its kind does not ("Her law firm")
        result = generalize_mention(label, text, request.entity.canonical, "",
                                    doc_text=doc.text, start=f.span.start, end=f.span.end)
        return result
    elif label == Label.ORG and a_town(text):  # "the Rotterdam warehouse": another town
        result = choose(memo, doc_words, text, lambda r, _a: place_like(text, r, locale), *seed)
    elif label == Label.ORG:
        shout = text.isupper() and len(text) > 5  # a letterhead: "ST MUNGO'S … NHS TRUST"
        parts = _ORG_DASH.split(text.title() if shout else text)
        result = "".join(  # "Northmoor Borough Council — Children's Services": part by part
            part if i % 2 or (len(parts) > 1 and _generic_org(part))
            else _org_name(part, memo, doc_words, locale) for i, part in enumerate(parts))
    elif label == Label.LOC and (kind := place_code(text, f.subtype)):  # postcode, coordinates
        result = choose(memo, frozenset(), text, lambda r, _a: fake_identifier(
            text, kind, r) or code_like(text, r), *seed, word_check=False)
    elif label == Label.LOC and (street := street_parts(text)):  # "<surname> Lane"
        result = choose(memo, doc_words, street[0], lambda r, _a: str(
            faker_with(locale, r).last_name()), *seed) + street[1]
    elif label == Label.LOC and noun_follows(doc.text, f.span.end) and (
            place := lookup(text.strip())) is not None and place.kind == "country":
        result = choose(memo, frozenset(), text, lambda r, _a: dem_pseudonym(  # "his UK
            text, r, doc.text, f.span.start, locale.startswith("en")), *seed,  # mobile" read
            word_check=False)  # "his Ghana mobile": a country before its noun is an adjective
    elif label == Label.LOC:
        the = previous_word(doc.text, f.span.start) == "the"  # "the United Kingdom"
        result = choose(memo, doc_words, text,
                         lambda r, _a: place_like(text, r, locale, the), *seed)
    elif label == Label.DEM and f.subtype == "HEALTH":  # "suffer from a mental disorder" had
        result = generalize_mention(label, text, request.entity.canonical, "",  # read "… from
                                    doc_text=doc.text, start=f.span.start,  # a contracting
                                    end=f.span.end)  # civil engineer"
    elif label == Label.DEM and fold(text.strip()) in PERSON_NOUNS:
        return neutral_person_noun(text, doc.text, f.span.start)  # "a 29-year-old man" read
        # "… Sami"; now "… person"
    elif label == Label.DEM and f.subtype == "TITLE" and fold(text.strip()) in RANK_TITLES:
        return text  # a rank before a name names no one
    elif label == Label.DEM and (kin := other_kin(text.strip(), locale[:2].replace(
            "no", "nb"), memo["seeder"].seed(*seed))):  # "Mutter" → "Tante" (German, Nordic)
        result = kin
    elif label == Label.DEM and (people := other_nationality(text, locale[:2], memo[
            "seeder"].seed(*seed))):  # "française" → "italienne" (French, Spanish, Italian …)
        result = people
    elif label == Label.DEM and JUDICIAL_TITLE.fullmatch(text.strip()):  # a judge's title, no
        result = _other_judicial_title(text.strip())  # made-up job ("…, Prosecutor")
    elif label == Label.DEM and f.subtype == "EDUCATION" and (course := _COURSE.fullmatch(text)):
        result = choose(memo, frozenset(), text, lambda r, _a: _course_like(course, r), *seed,
                        word_check=False, share=True)  # "BSc (Hons) Nursing (Adult)"
    elif label == Label.DEM and _ACRONYM.fullmatch(text) and not dem_pseudonym(
            text, random.Random(0), doc.text, f.span.start, any_job=False):  # "DSL", "OSG"
        result = _org_name(text, memo, doc_words, locale)  # another acronym
    elif label == Label.DEM and f.subtype != "OCCUPATION" and not role_like(text) and not dem_pseudonym(
            text, random.Random(0), doc.text, f.span.start, locale.startswith("en"),
            any_job=False):  # no kind fits ("dizzy"): a made-up job would read wrong
        result = generalize_mention(label, text, request.entity.canonical, "",
                                    doc_text=doc.text, start=f.span.start, end=f.span.end)
        return result
    elif label == Label.DEM and (job := other_job(text, locale[:2], memo["seeder"].seed(
            *seed))):  # "commessa" → "parrucchiera" (Italian, Dutch: Faker's jobs are English)
        result = job
    elif label == Label.DEM and f.subtype == "OCCUPATION" and locale in JOB_LOCALES:
        result = choose(memo, frozenset(), text, lambda r, _a: local_job(locale, r), *seed,
                        word_check=False)  # a German or Danish job, not an English one
    elif label == Label.DEM:  # the same kind (nationality, kin, age …) and article
        result = choose(memo, frozenset(), text, lambda r, _a: dem_pseudonym(
            text, r, doc.text, f.span.start, locale.startswith("en"),
            age_shift=shift_years_of_age(memo)), *seed, word_check=False, share=True)
    else:  # MISC (and anything new): no same-type fake; generalize
        result = generalize_mention(label, text, request.entity.canonical, "",
                                    doc_text=doc.text, start=f.span.start, end=f.span.end,
                                    subtype=f.subtype)
        return result
    values[key] = result
    return _cased_like(text, label, result)


#: a case number with a court's letters or a year in it (what :func:`case_number_like` keeps)
_YEAR_OR_COURT = re.compile(r"\A[A-Z]{2,5}[ \u00a0/-]?\d|(?<!\d)(?:19|20)\d\d(?!\d)")


def _cued_prefix(doc_text: str, start: int, code: str) -> str:
    """The letters a code starts with when its cue says them just before it ("GWF" of "GWF
    reference: GWF071234567"): the scheme's mark, no one's; else ""."""
    m = re.match(r"[A-Z]{2,5}(?=[-/ ]?\d)", code)
    return m.group(0) if m and re.search(rf"\b{m.group(0)}\b", doc_text[max(0, start - 40):start]) \
        else ""


def _cased_like(text: str, label: Label, result: str) -> str:
    """``result`` in the case of the mention it replaces: capitalised, or in capitals ("THE
    FAMILY COURT AT LEEDS" read "… AT Paulchester"; "CITY OF ROCKFORD" then "the City of
    Rockford" had read "the TURNER LLC")."""
    if label == Label.DEM and len(words := text.split()) > 1 and all(
            w[:1].isupper() for w in words) and result.islower():  # "Business Partner" in a
        return " ".join(w.capitalize() for w in result.split())  # signature: "Civil Engineer"
    if text[:1].isupper() and not text.isupper() and label in (Label.DEM, Label.LOC, Label.ORG):
        return capitalise(result)
    if text.isupper() and len(text) > 2 and label in (Label.DEM, Label.LOC, Label.ORG):
        return result.upper()
    return result


_ACRONYM = re.compile(r"[A-Z]{2,6}")
_COURSE = re.compile(r"(?P<degree>(?:[A-Z][A-Za-z]{1,6})(?:[ \t]*\((?:Hons|Hon|Honours)\))?)"
                     r"(?P<subject>[ \t]+.+)?", re.DOTALL)
_SUBJECTS = ("Geography", "History", "Chemistry", "Economics", "Psychology", "Mathematics",
             "Sociology", "Computer Science", "Biology", "Physics", "Business Studies")
_DEGREES = ("BSc", "BA", "MSc", "MA", "PhD", "LLB", "MPhil", "BEng")


def _other_judicial_title(title: str) -> str:
    """A judge's title said another way: without its court ("Circuit Judges" → "Judges"), or
    "Judge" ↔ "Justice" (the original may not stay: the pipeline would mask it whole)."""
    words = title.split()
    if len(words) > 1:
        return words[-1]
    plural = "s" if title.endswith("s") else ""
    return ("Justice" if title.startswith("Judge") else "Judge") + plural


def _course_like(course: re.Match[str], rng: random.Random) -> str:
    """Another course at the same degree ("BSc (Hons) Nursing (Adult)" → "BSc (Hons)
    Economics"), or another degree for a degree alone ("PhD" → "MPhil")."""
    if course.group("subject"):
        return f"{course.group('degree')} {rng.choice(_SUBJECTS)}"
    return rng.choice([d for d in _DEGREES if d != course.group("degree")])
_ORG_DASH = re.compile(r"(\s+[-—–]\s+)")


def _generic_org(part: str) -> bool:
    """A part of an organisation's name that names no one: one of its kinds' own words
    ("Children's Services", "Social Services")."""
    return any(p.fullmatch(part.strip()) for p, _kind in keyword_table("org_kinds"))


def _org_name(text: str, memo: dict[str, Any], doc_words: frozenset[str], locale: str) -> str:
    """A made-up name for one organisation's name, its form and kind kept (:func:`org_parts`)."""
    if _ACRONYM.fullmatch(text):  # "MARAC" read "Rodriguez-Miller": another acronym
        return choose(memo, doc_words, text, lambda r, _a: "".join(
            r.choice(string.ascii_uppercase) for _ in text), "ORG", normalise(text))
    before, name, after = org_parts(text)
    made = choose(memo, doc_words, name, lambda r, _a: org_like(before, after, r, locale),
                  "ORG", normalise(text))
    if before.endswith(("d'", "d’")) and made[:1].casefold() not in "aeiouyhâéèêîôû":
        before = before[:-2] + "de "  # "Cour d'appel d'Orléans" → "… de Lyon", not "d'Lyon"
    return before + made + after


def _name_shaped(text: str) -> bool:
    """Capitalised words only ("Kayden", "Mr Berg's"), not a described alias ("the
    applicant") that coreference joined to a person."""
    words = _NAME_PART.findall(re.sub(r"['’]s\b", "", text))  # "Chelsea's": her name
    return bool(words) and all(w[:1].isupper() for w in words) and \
        words[0].casefold() not in DETERMINERS  # "The Applicant"


def _compact(text: str) -> str:
    return re.sub(r"[\W_]", "", text).upper()


class PseudonymStrategy:
    """Replace with a consistent, realistic pseudonym of the same type (see module doc)."""

    id = "pseudonym"
    version = "1.0"

    def replacement(self, request: ReplacementRequest, ctx: RunContext) -> str:
        memo = _state(request, ctx)
        if not request.finding.text.strip():
            raise UsageError("pseudonym: empty mention")
        entity_label = getattr(request.entity, "label", None)
        finding = request.finding
        if entity_label is not None and entity_label != finding.label and (
                entity_label != Label.PERSON or _name_shaped(finding.text)):
            # one entity, one pseudonym: a mention a detector typed otherwise ("Kayden" tagged
            # MISC once; "NAV Oslo" ORG, then PERSON) is replaced as its entity's type
            request = dataclasses.replace(request, finding=finding.with_(
                label=entity_label, subtype=""))
        if request.finding.label == Label.PERSON:
            out = person_pseudonym(request, memo)
        else:
            out = value_pseudonym(request, memo)
        return fit_for_cell(request.document.text, out)  # a CSV's row keeps its columns
