"""People and institutions named by a fixed rule (issue 15): letters for co-accused, titles of
rule, police officers, a detected name's parts standing alone, prisons, companies, places of
care, streets and case names."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.recognizer import gazetteer as gaz
from redactor_plugins.detectors.recognizer import ner as ner_detector
from redactor_plugins.detectors.recognizer.mention_propagation import propagate
from redactor_plugins.detectors.recognizer.rules import person_rules
from redactor_plugins.detectors.recognizer.rules.institution_rules import (
    care_institutions,
    case_names,
    company_names,
    prisons,
    street_names,
)
from redactor_plugins.detectors.recognizer.rules.person_rules import (
    letter_names,
    name_parts,
    name_start,
    officers,
    particle_end,
    titles_of_rule,
)

from redactor.core.model import Finding, Label, Span

NER_OK, _WHY = ner_detector.model_available()


def texts(text: str, spans: list[tuple[int, int]]) -> list[str]:
    return [text[s:e] for s, e in spans]


# -- letters standing for people -------------------------------------------------------------

def test_letters_after_a_word_for_people_are_people() -> None:
    t = ("the applicant (and five co-accused, A, B, H, N and R) were charged. The cases "
         "against [the co-accused B and R] could not proceed before those against [H], N and A.")
    assert texts(t, letter_names(t)) == ["A", "B", "H", "N", "R", "B", "R", "H", "N", "A"]


def test_a_single_letter_after_witness_or_co_accused() -> None:
    t = "Witness X said that the co-defendant Y had left. The applicant I think was present."
    assert texts(t, letter_names(t)) == ["X", "Y"]


@pytest.mark.parametrize("text", [
    "See Annexes A, B and C to the report.",           # no word for people
    "prisoners in Categories A, B, C and D",           # a word for people, but not just before
    "The applicants J. and M. Smith appealed.",         # initials of a name
    "the cases against H, N and A were heard",          # letters never introduced as people
])
def test_letters_that_are_not_people(text: str) -> None:
    assert letter_names(text) == []


def test_gazetteer_labels_the_letters_person() -> None:
    t = "The applicant (and five co-accused, A, B, H, N and R) were charged with fraud."
    found = {(t[s:e], str(label)) for s, e, label, *_ in gaz.find(t, names=True)}
    assert {("A", "PERSON"), ("R", "PERSON"), ("H", "PERSON")} <= found


# -- titles of rule ----------------------------------------------------------------------------

def test_titles_of_rule_name_one_person() -> None:
    t = ("Marie-Claire Bonheur,Empress of Hayti (1758 – 1858) was the Empress of Haiti. "
         "The Duke of Edinburgh's wife met the Archbishop of Canterbury. The King spoke.")
    assert texts(t, titles_of_rule(t)) == ["Empress of Hayti", "Empress of Haiti",
                                          "Duke of Edinburgh", "Archbishop of Canterbury"]


def test_titles_of_rule_need_a_capitalised_place() -> None:
    assert titles_of_rule("the king of the castle and a duke of some kind") == []


# -- a name's parts standing alone -------------------------------------------------------------

def _person(text: str, name: str) -> Finding:
    s = text.index(name)
    return Finding(Span(s, s + len(name)), Label.PERSON, name, subtype="NAME", score=0.96,
                   detector="ner")


def test_surname_alone_is_found_after_the_full_name() -> None:
    t = "Estácio de Sá (1520 – 1567) was a Portuguese soldier. Sá travelled to Brazil."
    full = _person(t, "Estácio de Sá")
    parts = name_parts(t, [full], "ner")
    assert [p.text for p in parts] == ["Estácio", "Sá"]
    new = propagate(t, [full], "ner", always=parts)
    assert [(t[f.span.start:f.span.end], f.label) for f in new] == [("Sá", Label.PERSON)]


def test_parts_that_are_common_words_titles_or_shared_given_names_stay() -> None:
    t = ("Mr Tom Green and Tom Berg met. The green door. Green was tired; Tom left; "
         "Berg stayed. Dr John Smith Jr arrived; Smith sat.")
    found = [_person(t, "Mr Tom Green"), _person(t, "Tom Berg"), _person(t, "Dr John Smith Jr")]
    parts = {p.text for p in name_parts(t, found, "ner")}
    assert "Green" not in parts          # "green" is a word of the document
    assert "Tom" not in parts            # two detected people are called Tom
    assert {"Berg", "Smith"} <= parts    # "Jr" is a suffix, "Dr" a title
    assert "Dr" not in parts and "Mr" not in parts


@pytest.mark.skipif(not NER_OK, reason=_WHY or "NER model absent")
def test_ner_detector_finds_the_surname_alone() -> None:
    from redactor.core.context import RunContext
    from redactor.core.settings import Settings
    from redactor.plugin_api import Document

    text = ("Estácio de Sá (1520 – February 20, 1567) was a Portuguese soldier and officer. "
            "Sá travelled to the colony of Brazil on the orders of the Portuguese crown.")
    doc = Document(id="t", source=Path("t.txt"), format="txt", text=text)
    settings = Settings({})
    found = list(ner_detector.NerDetector().detect(doc, RunContext(settings=settings)))
    later = text.index("Sá travelled")
    assert any(f.span.start == later and f.span.end == later + 2 and f.label == Label.PERSON
               for f in found)


@pytest.mark.parametrize(("piece", "name"), [
    ("Estácio de", "Estácio de Sá"),
    ("Ludwig van", "Ludwig van Beethoven-Smith"),
    ("Anna de la", "Anna de la Cruz"),
    ("Jan van der", "Jan van der Berg's"),
    ("Carlos da", "Carlos da"),            # the next word is not capitalised
    ("Maria de", "Maria de"),              # the next word is on the next line
    ("Anna", "Anna"),                      # no particle
    ("de", "de"),                          # a particle alone is not a name
])
def test_a_name_does_not_end_in_a_particle(piece: str, name: str) -> None:
    t = ("Estácio de Sá (1520) and Ludwig van Beethoven-Smith met Anna de la Cruz, "
         "Jan van der Berg's son, Carlos da silva and Maria de\nSilva. de Vries")
    start = t.index(piece)
    assert t[start:particle_end(t, start, start + len(piece))] == name


@pytest.mark.parametrize(("span", "name"), [
    ("biathlete Henrik Lund", "Henrik Lund"),  # a pseudonym read "donna Debbie Obrien"
    ("former coach Anna Berg", "Anna Berg"),
    ("de Sá", "de Sá"),                       # a particle starts a name
    ("sergeant major", "sergeant major"),     # nothing capitalised follows: left to the model
    ("Henrik Lund", "Henrik Lund"),
    ("Grievance - Daniel Mensah", "Daniel Mensah"),  # a subject line run into the name
    ("Re: Kerry Webb", "Kerry Webb"),
    ("Smith – Jones", "Smith – Jones"),  # one word after the dash: left to the model
])
def test_a_name_does_not_start_with_lower_case_words(span: str, name: str) -> None:
    t = ("the Swedish biathlete Henrik Lund, the former coach Anna Berg, Estácio de Sá and a "
         "sergeant major.\nSubject: Grievance - Daniel Mensah\nRe: Kerry Webb; Smith – Jones")
    start = t.index(span)
    assert t[name_start(t, start, start + len(span)):start + len(span)] == name


@pytest.mark.parametrize(("rule", "text", "word", "yes"), [
    # a nationality before a noun
    ("adjectival_nationality", "married to the Swedish biathlete Henrik Lund", "Swedish", True),
    ("adjectival_nationality", "an English court", "English", True),
    ("adjectival_nationality", "She moved to Swedish Lapland.", "Swedish", False),  # a name
    ("adjectival_nationality", "He spoke Swedish.", "Swedish", False),
    ("adjectival_nationality", "the Commission decided", "Commission", False),
    # a language after its cue
    ("language_in_use", "He shouted at me in Polish and then in English.", "English", True),
    ("language_in_use", "She speaks Swahili at home", "Swahili", True),
    ("language_in_use", "a letter translated from Turkish", "Turkish", True),
    ("language_in_use", "He moved to England in 2001.", "England", False),  # a place
    ("language_in_use", "He lived in Jersey.", "Jersey", False),            # no language
    ("language_in_use", "the English were", "English", False),              # no cue before it
    # a lower-case occupation
    ("occupation_word", "married to the former footballer Arne Haugen", "footballer", True),
    ("occupation_word", "worked as a prosecutor in Bodø", "prosecutor", True),
    ("occupation_word", "the Footballer of the Year", "Footballer", False),  # a name's word
    ("occupation_word", "the football club", "football", False),            # no occupation
    # a people and "heritage", "origin" …
    ("heritage_phrase", "an assistant of Tamil heritage, raised", "Tamil heritage", True),
    ("heritage_phrase", "a British national of Kurdish origin", "Kurdish origin", True),
    ("heritage_phrase", "of Somali descent", "Somali descent", True),
    ("heritage_phrase", "the Oxford background", "Oxford background", False),  # a place
    ("heritage_phrase", "Tamil Nadu", "Tamil Nadu", False),
])
def test_a_demographic_word_the_model_tagged_org_or_loc(rule: str, text: str, word: str,
                                                        yes: bool) -> None:
    """Each rule of :func:`span_kinds.dem_kind` on its own."""
    from redactor_plugins.detectors.recognizer.rules import span_kinds

    at = text.index(word)
    assert getattr(span_kinds, rule)(text, at, at + len(word)) is yes


def test_a_finding_inside_a_grown_name_is_dropped() -> None:
    t = "Estácio de Sá was a soldier in Rio."
    person = Finding(Span(0, 13), Label.PERSON, t[:13], detector="ner")
    org = Finding(Span(11, 13), Label.ORG, "Sá", detector="ner")
    loc = Finding(Span(31, 34), Label.LOC, "Rio", detector="ner")
    assert ner_detector._drop_inside([person, org, loc], [(10, 13)]) == [person, loc]


# -- police officers --------------------------------------------------------------------------

def test_police_officers_are_named_by_rank_number_and_name() -> None:
    t = ("PC 4471 Hollings arrived at 22:31. Witnessed by DC Sarah Pemberton, collar number "
         "2209. Detective Sergeant Okoro's notes were read by DCI Smith They and Sgt. Mills "
         "and WPC 112 Patel.")
    assert texts(t, officers(t)) == ["PC 4471 Hollings", "DC Sarah Pemberton",
                                     "Detective Sergeant Okoro", "DCI Smith", "Sgt. Mills",
                                     "WPC 112 Patel"]


@pytest.mark.parametrize("text", [
    "the Inspector General said", "the Chief Constable of Kent", "PS I love you",
    "a police constable arrived", "the Sergeant Major shouted",
])
def test_ranks_without_an_officer_name_no_one(text: str) -> None:
    assert officers(text) == []


# -- prisons, companies, streets, case names -------------------------------------------------------------

def test_prisons() -> None:
    t = ("He is serving his sentence in Her Majesty’s Prison Long Lartin, in Worcestershire, "
         "after HM Prison Wymott and HMP Belmarsh. HM Prison Service replied.")
    assert texts(t, prisons(t)) == ["Her Majesty’s Prison Long Lartin", "HM Prison Wymott",
                                    "HMP Belmarsh"]


def test_companies_and_firms() -> None:
    t = ("He was represented by OA Solicitors, a firm in London. The land is owned by Postel "
         "Properties Limited (“Postel”). Latem A/S and Smith & Jones LLP replied; so did "
         "the Bank of England Ltd. Mr Smith and Postel Properties Limited agreed.")
    assert texts(t, company_names(t)) == [
        "OA Solicitors", "Postel Properties Limited", "Latem A/S", "Smith & Jones LLP",
        "Bank of England Ltd.", "Postel Properties Limited"]


def test_a_person_of_a_company_is_not_the_company() -> None:
    t = "his landlord, Mr Darren Pickles of Pickles Lettings Ltd, changed the locks"
    assert texts(t, company_names(t)) == ["Pickles Lettings Ltd"]
    t = "the Bank of England Ltd and Dr Jones of Leeds"
    assert texts(t, company_names(t)) == ["Bank of England Ltd"]


def test_no_company_without_a_legal_form() -> None:
    assert company_names("The Limited Company Act and the solicitors of the applicant") == []


def test_places_of_care() -> None:
    t = ("GP: Dr R. Okonkwo, Hillside Surgery. Admitted to St Columba's Hospital, then Leeds "
         "General Infirmary; she now lives at The Ashgrove Care Home and sees St Thomas’ "
         "Hospital staff.")
    assert texts(t, care_institutions(t)) == [
        "Hillside Surgery", "St Columba's Hospital", "Leeds General Infirmary",
        "Ashgrove Care Home", "St Thomas’ Hospital"]


@pytest.mark.parametrize("text", [
    "She was taken to the District Hospital.", "Her Surgery was closed.",
    "The Royal Infirmary wrote.", "In Hospital she slept.", "The Mental Health Clinic.",
    "the hospital and the surgery",
])
def test_generic_places_of_care_are_no_names(text: str) -> None:
    assert care_institutions(text) == []


def test_streets() -> None:
    t = ("walking home from Roundhay Road. She lived at Flat 4, 27 Harehills Lane, Leeds, near "
         "Kensington Gardens and 12 High Street; Abbey Road Studios.")
    # a house number is part of the address ("at 38 Princes Street": the "38" read as a date)
    assert texts(t, street_names(t)) == ["Roundhay Road", "27 Harehills Lane",
                                         "Kensington Gardens", "12 High Street", "Abbey Road"]
    assert texts("Flat 4/12 High Street", street_names("Flat 4/12 High Street")) == [
        "High Street"]  # "4/12": no house number of its own


@pytest.mark.parametrize("text", [
    "In Road safety matters", "He was on Death Row.", "the Third Way", "St James's Place",
    "the road and the street", "The Street was empty",
])
def test_no_street_without_a_name(text: str) -> None:
    assert street_names(text) == []


def test_case_names() -> None:
    t = ("which was lodged by the applicant (Figiel v. Poland (no. 2)) and the case of Maxwell "
         "v. the United Kingdom (no. 31/1993/426/505); see also R v. Brown.")
    assert texts(t, case_names(t)) == ["Figiel v. Poland (no. 2)",
                                       "Maxwell v. the United Kingdom (no. 31/1993/426/505)"]
    # a criminal case's accused is a person; the Crown and "v." name no one (session 30)
    from redactor_plugins.detectors.recognizer.rules.institution_rules import accused_names

    assert texts(t, accused_names(t)) == ["Brown"]


def test_gazetteer_labels_institutions() -> None:
    t = ("He is detained in HM Prison Wymott. The land is owned by Postel Properties Limited. "
         "Compare Figiel v. Poland (no. 2).")
    found = {(t[s:e], str(label), sub) for s, e, label, sub, *_ in gaz.find(t)}
    assert ("HM Prison Wymott", "ORG", "PRISON") in found
    assert ("Postel Properties Limited", "ORG", "COMPANY") in found
    assert ("Figiel v. Poland (no. 2)", "MISC", "CASE") in found
    t = "PC 4471 Hollings met her on Roundhay Road."
    found = {(t[s:e], str(label), sub) for s, e, label, sub, *_ in gaz.find(t)}
    assert ("PC 4471 Hollings", "PERSON", "NAME") in found
    assert ("Roundhay Road", "LOC", "STREET") in found


# -- a model's span never cuts a word ------------------------------------------------------------

@pytest.mark.parametrize(("piece", "whole"), [
    ("co-", "co-accused"),          # a dangling hyphen: the mask would leave "[MISC]accused"
    ("Berg", "Bergström"),          # half a word
    ("-based", "London-based"),     # a dangling hyphen at the start: the whole word
    ("London", "London"),           # stops at the hyphen without taking it: stays
    ("accused", "accused"),
])
def test_ner_spans_are_whole_words(piece: str, whole: str) -> None:
    t = "five co-accused were Bergström and London-based, well-known"
    start = t.index(piece, 5) if piece != "accused" else t.index("accused")
    s, e = ner_detector.whole_words(t, start, start + len(piece))
    assert t[s:e] == whole


def test_a_model_span_over_letters_is_one_finding_per_letter() -> None:
    t = "five co-accused, A, B, H, N and R, were charged"
    start = t.index("B, H")
    assert [t[i] for i in person_rules.letter_list(t, start, start + 4)] == ["B", "H"]
    start = t.index("N and R")
    assert [t[i] for i in person_rules.letter_list(t, start, start + 7)] == ["N", "R"]
    assert person_rules.letter_list(t, t.index("co-"), t.index("co-") + 10) == []
    assert person_rules.letter_list("Mr AB and C", 3, 11) == []


# -- what the label strategy makes of letters -----------------------------------------------------

@pytest.mark.parametrize(("original", "replacement", "shown"), [
    ("R", "[PERSON 6]", False),          # a letter inside a word of the label is not "R"
    ("R", "R. Smith", True),
    ("A", "a person", False),            # one letter: only in its own case
    ("A", "Mr A.", True),
    ("Sá", "Mr Sá", True),
    ("Berg", "Bergman", True),           # longer originals: any substring shows them
    ("Berg", "[PERSON 1]", False),
])
def test_keeps_original(original: str, replacement: str, shown: bool) -> None:
    from redactor.core.pipeline import keeps_original

    assert keeps_original(original, replacement) is shown


@pytest.mark.skipif(not NER_OK, reason=_WHY or "NER model absent")
def test_label_strategy_numbers_each_co_accused_once(tmp_path: Path) -> None:
    from redactor.cli.main import main

    src = tmp_path / "case.txt"
    src.write_text("The applicant, Mr Tomas Berg, was tried with five co-accused, A, B, H, N "
                   "and R. The co-accused B and R were acquitted.\n", encoding="utf-8")
    out = tmp_path / "out.txt"
    assert main(["redact", str(src), "--strategy", "label", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    import re

    listed = re.search(r"tried with (.*?)\. The", text)
    assert "[REDACTED]" not in text
    labels = re.findall(r"\[PERSON \d+\]", listed.group(1)) if listed else []
    assert len(labels) == 5 and len(set(labels)) == 5, text
    later = re.findall(r"\[PERSON \d+\]", text.split(". The", 1)[1])
    assert later == [labels[1], labels[4]], text   # B and R keep their numbers


@pytest.mark.skipif(not NER_OK, reason=_WHY or "NER model absent")
def test_a_title_of_rule_is_a_person_whatever_the_model_says() -> None:
    from redactor.core.context import RunContext
    from redactor.core.pipeline import Pipeline
    from redactor.core.policy import load_policy
    from redactor.core.settings import Settings
    from redactor.plugin_api import Document
    from redactor.pluginhost.manager import PluginHost

    settings = Settings({})
    pipe = Pipeline(PluginHost(settings), load_policy("default"))
    text = "In 1953 he wrote to the Duke of Edinburgh about the Empress of Haiti."
    doc = Document(id="t", source=Path("t.txt"), format="txt", text=text)
    found = {f.text: f.label for f in pipe.detect(doc, RunContext(settings=settings))}
    assert found.get("Duke of Edinburgh") == Label.PERSON
    assert found.get("Empress of Haiti") == Label.PERSON
    text = ("I was walking home on Roundhay Road when he shouted at me in English. PC 4471 "
            "Hollings arrived at 22:31.")
    doc = Document(id="t", source=Path("t.txt"), format="txt", text=text)
    found = {f.text: f.label for f in pipe.detect(doc, RunContext(settings=settings))}
    assert found.get("Roundhay Road") == Label.LOC and "Road" not in found
    assert found.get("PC 4471 Hollings") == Label.PERSON
    assert found.get("English", Label.DEM) == Label.DEM


def test_a_given_name_before_a_lone_surname_joins_it() -> None:
    """A Norwegian decision signed "Per Hansen, saksbehandler": the model found "Hansen" and
    left "Per" (also an English word) in clear."""
    from redactor_plugins.detectors.recognizer.ner import _default_gazetteer
    from redactor_plugins.detectors.recognizer.rules.person_rules import given_name_before

    names = _default_gazetteer().names
    text = "Med vennlig hilsen\nPer Hansen, saksbehandler. Dear Hansen, the Ola Nordmann file."
    at = text.index("Hansen")
    assert given_name_before(text, at, at + 6, names) == text.index("Per")
    at2 = text.index("Hansen", at + 1)  # "Dear" is no given name
    assert given_name_before(text, at2, at2 + 6, names) == at2
    full = text.index("Ola Nordmann")  # a full name is left as it is
    assert given_name_before(text, full, full + 12, names) == full
