"""Gazetteer detector: longest match, the ambiguity rule, DEM/MISC in ECHR-like sentences."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from redactor_plugins.detectors.recognizer import gazetteer as gz
from redactor_plugins.detectors.recognizer.gazetteer import GazetteerDetector, find, load_gazetteer

from redactor.core.settings import Settings
from redactor.plugin_api import Document, Label, RunContext


def spans(text: str, **kw: object) -> list[tuple[str, str, str]]:
    """(matched text, label, subtype) for every match."""
    return [(text[s:e], str(lab), sub) for s, e, lab, sub, _, _ in find(text, **kw)]


def texts(text: str, label: str | None = None, **kw: object) -> list[str]:
    return [t for t, lab, _ in spans(text, **kw) if label is None or lab == label]


def test_shipped_file_has_flags_and_no_runtime_wordfreq() -> None:
    data = json.loads(gz.default_path().read_text(encoding="utf-8"))
    occ = dict(data["lists"]["occupations"]["entries"])
    assert occ["judge"] == 1 and occ["nurse"] == 1 and occ["cook"] == 1
    assert occ["footballer"] == 0 and occ["politician"] == 0
    surnames = dict(data["lists"]["surnames"]["entries"])
    assert surnames["Baker"] == 1 and surnames["Brown"] == 1 and surnames["Smith"] == 0
    source = Path(gz.__file__).read_text(encoding="utf-8")
    assert "wordfreq" not in source.split('"""', 2)[2]  # only mentioned in the docstring


def test_longest_match_wins() -> None:
    found = spans("He was employed as a police officer and later as a chief constable.")
    assert ("police officer", "DEM", "OCCUPATION") in found
    assert ("chief constable", "DEM", "TITLE") in found
    assert not any(t in ("officer", "constable") for t, _, _ in found)
    assert texts("She won a gold medal at the 2008 Summer Olympics.", "MISC") == [
        "gold medal", "Summer Olympics"]
    assert texts("He was convicted of attempted murder.", "MISC") == ["attempted murder"]


def test_word_boundaries_and_case() -> None:
    assert texts("The Turkishness of the dish") == []
    assert texts("polish the table") == []          # cased list: "Polish" only capitalised
    assert texts("He is Polish.") == ["Polish"]
    assert texts("A FOOTBALLER and a Footballer.", "DEM") == ["FOOTBALLER", "Footballer"]


@pytest.mark.parametrize("word", ["judge", "nurse", "cook"])
def test_ambiguous_occupation_needs_context(word: str) -> None:
    assert texts(f"The {word} said that the hearing had ended.", "DEM") == []
    assert texts(f"The applicant worked as a {word} in Izmir.", "DEM") == [word]
    assert texts(f"She was a {word} until 1999.", "DEM") == [word]
    assert texts(f"He is a {word} by profession.", "DEM") == [word]
    # capitalised mid-sentence, as a title before a name ("Cook Hale" is a person's name)
    if word != "cook":
            assert texts(f"The hearing before {word.capitalize()} Hale ended.", "DEM") == [
            word.capitalize()]


def test_capitalised_institutional_roles_are_not_enough() -> None:
    text = ("The Government were represented by their Agent. The Registrar and the Lawyer of "
            "the Prosecutor General replied. The applicant's lawyer objected.")
    assert texts(text, "DEM") == []
    assert texts("She had worked as a lawyer in Izmir.", "DEM") == ["lawyer"]


def test_unambiguous_occupation_needs_no_context() -> None:
    assert texts("The footballer said nothing.", "DEM") == ["footballer"]


@pytest.mark.parametrize("surname", ["Baker", "Brown"])
def test_ambiguous_surname_needs_context(surname: str) -> None:
    assert texts(f"{surname} bread was served.", "PERSON") == []
    assert texts(f"The report by {surname} was filed.", "PERSON") == []
    assert texts(f"The report by Mr {surname} was filed.", "PERSON") == [f"Mr {surname}"]
    assert texts(f"The report by Gordon {surname} was filed.", "PERSON") == [f"Gordon {surname}"]
    assert texts(f"The report by J. {surname} was filed.", "PERSON") == [f"J. {surname}"]


def test_ambiguous_place_needs_a_preposition() -> None:
    assert texts("Reading the file, the judge frowned.", "LOC") == []
    assert texts("The applicant was born in Reading.", "LOC") == ["Reading"]
    assert texts("The applicant lives in Ankara.", "LOC") == ["Ankara"]


def test_person_names() -> None:
    # TAB's name spans include a courtesy title (and never a possessive "'s")
    assert texts("The applicant, Mr Galip Yalman, complained.", "PERSON") == ["Mr Galip Yalman"]
    assert texts("Dr Darby's report came.", "PERSON") == ["Dr Darby"]
    assert texts("Maria Rossi and John Smith attended.", "PERSON") == ["Maria Rossi",
                                                                       "John Smith"]
    assert texts("The European Court of Human Rights decided.", "PERSON") == []
    assert texts("In May the Government replied.", "PERSON") == []


def test_nationality_in_an_organisation_name_is_left_to_org() -> None:
    assert texts("The Turkish Government and the Swedish Migration Board replied.", "DEM") == []
    assert texts("She is a United Kingdom citizen.", "DEM") == ["United Kingdom citizen"]


def test_echr_dem_and_misc_examples() -> None:
    text = ("The applicant, a British national of Kurdish origin, is a Muslim who speaks "
            "Arabic. In 1996 she was diagnosed with schizophrenia and in 1999 she was "
            "convicted of fraud and sentenced under section 3 of the Theft Act 1968. She was "
            "charged with assault. The Court notes the Government's arguments under Article 8 "
            "of the Convention.")
    found = spans(text)
    assert ("British national", "DEM", "NATIONALITY") in found
    assert ("Kurdish origin", "DEM", "ETHNICITY") in found
    assert ("Muslim", "DEM", "RELIGION") in found
    assert ("Arabic", "DEM", "LANGUAGE") in found
    assert ("schizophrenia", "DEM", "HEALTH") in found
    assert ("fraud", "MISC", "OFFENCE") in found
    assert ("assault", "MISC", "OFFENCE") in found
    assert ("section 3 of the Theft Act 1968", "MISC", "LEGAL_PROVISION") in found
    assert not any("Convention" in t for t, _, _ in found)      # off by default
    with_conv = texts(text, convention=True)
    assert "Article 8 of the Convention" in with_conv
    assert texts("Law no. 3083 and the Army Act 1955 apply.", "MISC") == [
        "Law no. 3083", "Army Act 1955"]
    # a building named like a person is no person ("Field" and "House" are in the name lists)
    assert texts("Heard at Field House on 14 July.", "PERSON") == []
    assert texts("She was seen by Dr House; Mr John House said so.", "PERSON") == [
        "Dr House", "Mr John House"]                      # after a title: a person
    # a name from the lists inside an identifier's cue is no name ("Chi" is a given name)
    assert texts("Re: Mr Callum Fraser, CHI 2211851234, tel. 0131 496 0872", "PERSON") == [
        "Mr Callum Fraser"]
    # a name with parts in brackets, over a wrapped line (its words were four MISC findings)
    act = ("section 36 of the Mental Health (Care\nand Treatment) (Scotland) Act 2003")
    assert texts(f"He was admitted under {act} after an overdose.", "MISC") == [act]


def test_ambiguous_health_and_offence_words_need_cues() -> None:
    assert texts("The depression of prices worried the bank.", "DEM") == []
    assert texts("He suffered from depression.", "DEM") == ["depression"]
    assert texts("The murder rate fell.", "MISC") == []
    assert texts("He was suspected of murder.", "MISC") == ["murder"]


def test_detector_yields_findings_and_honours_settings() -> None:
    text = "Mr Galip Yalman, a Turkish national, worked as a nurse in Ankara."
    doc = Document("d", Path("d.txt"), "txt", text)
    det = GazetteerDetector()
    found = list(det.detect(doc, RunContext()))
    assert {(f.text, f.label, f.subtype) for f in found} == {
        ("Mr Galip Yalman", Label.PERSON, "NAME"), ("Turkish national", Label.DEM, "NATIONALITY"),
        ("nurse", Label.DEM, "OCCUPATION"), ("Ankara", Label.LOC, "CITY")}
    assert all(f.detector == "gazetteer" and 0 < f.score < 1 and not f.validated for f in found)
    assert all(doc.text[f.span.start:f.span.end] == f.text for f in found)
    settings = Settings({"recognizer": {"gazetteer_names": False, "gazetteer_places": False}})
    found = list(det.detect(doc, RunContext(settings=settings)))
    assert {f.label for f in found} == {Label.DEM}
    off = Settings({"recognizer": {"gazetteer": False}})
    assert list(det.detect(doc, RunContext(settings=off))) == []


def test_loaded_once_per_process() -> None:
    assert load_gazetteer() is load_gazetteer()


def test_field_names_of_a_form_are_not_occupations() -> None:
    assert texts("Social worker:\tTom Hansen\n", "DEM") == []
    assert texts("Notes\n  Social worker : see file\n", "DEM") == []
    assert texts("She was a social worker: and a mother.", "DEM") == ["social worker"]
    # up to two lower-case words before the colon: "Supervisor sign-off:" (the case note)
    assert texts("Supervisor sign-off: Dr Amir Haddad, 15.03.2024.\n", "DEM") == []
    assert texts("Social worker Jane Berg: see file\n", "DEM") == ["Social worker"]  # a name
    assert texts("The social worker said: no\n", "DEM") == ["social worker"]  # not first
    # a run-in header after a sentence's end (the case note's DOCX), a field name wrapped
    assert texts("Date: 14 March 2024, 10.30 a.m. Author: Ingrid Solberg", "DEM") == []
    assert texts("in three weeks. Supervisor\nsign-off: Dr Amir Haddad", "DEM") == []
    assert texts("She met the social worker: Tom.", "DEM") == ["social worker"]


def test_names_do_not_run_over_a_line_break_except_in_pdf_text() -> None:
    text = "Author: Jane Doe\nSupervisor: Tom Berg\n"
    assert texts(text, "PERSON") == ["Jane Doe", "Tom Berg"]
    assert texts("Signed by Jane\nDoe on Monday.", "PERSON") == ["Jane", "Doe"]
    assert texts("Signed by Jane\nDoe on Monday.", "PERSON", soft_newlines=True) == ["Jane\nDoe"]
    doc = Document("d", Path("d.pdf"), "pdf", "Signed by Jane\nDoe on Monday.")
    found = list(GazetteerDetector().detect(doc, RunContext()))
    assert [f.text for f in found if f.label == Label.PERSON] == ["Jane\nDoe"]


def test_hr_in_capitals_is_a_department_not_a_title() -> None:
    """"HR Business Partner" in an e-mail signature and the "HR Casework" mailbox were
    persons: "HR" read as the Scandinavian title "Hr" (Mr)."""
    text = ("To: HR Casework <hr.casework@example.co.uk>\n"
            "Gemma Hollis | HR Business Partner | Brightwater Logistics Ltd\n"
            "Hr Olsen og fru Dahl møtte.")
    people = texts(text, "PERSON")
    assert not any(p.startswith("HR") for p in people), people
    assert "Gemma Hollis" in people and any("Olsen" in p for p in people), people
