"""What a solicitor's personal-injury letter (written for the purpose, session 32) showed
through every default detector and the shipped models: "Kirkstall Road and" one place (the
label strategy wrote "junction of [LOC 4] [LOC 5]", the pseudonym one lost the "and"), "the
Emergency Department" an organisation, "Our client is 37" a count."""

from __future__ import annotations

from pathlib import Path

import pytest
from probe_helpers import detected, redacted, uncovered
from redactor_plugins.detectors.patterns.plugin import detect_text

from redactor.core.model import Label

LETTER = """Harrowgate Lane Solicitors LLP
14 Albion Street, Leeds LS1 6HX
Our ref: PI/22/0913/KW    Your ref: CLM-4471902

Re: Our client Mr Callum Fairbairn (DOB 17/04/1988) — road traffic accident on 22 November 2025

We act for Mr Fairbairn of 7 Heather Close, Horsforth, Leeds LS18 4QP, in connection with
the collision at the junction of Kirkstall Road and Viaduct Road. Your insured, Mrs Denise
Whitlock, was driving a silver Vauxhall Astra, registration YK19 FTP, which struck the rear of
our client's Ford Fiesta (registration LD66 XRW) while he was stationary at the lights.

Our client is 37, works as a scaffolder for Elland Access Ltd and is the father of two young
children. He attended the Emergency Department at Leeds General Infirmary the same evening
(hospital number RR8 442190). His National Insurance number is JK 44 71 90 C and his NHS
number is 485 777 3457.
"""


def test_the_letter(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, LETTER)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, [
        "Callum Fairbairn", "17/04/1988", "7 Heather Close", "LS18 4QP", "Kirkstall Road",
        "Viaduct Road", "Denise", "Whitlock", "YK19 FTP", "LD66 XRW", "Elland Access Ltd",
        "Leeds General Infirmary", "RR8 442190", "JK 44 71 90 C", "485 777 3457"])
    assert kinds["Kirkstall Road"][0] == Label.LOC and kinds["Viaduct Road"][0] == Label.LOC
    at = text.index("Road and Viaduct") + len("Road ")
    assert at not in covered, kinds  # the "and" between two streets is no place's
    assert kinds["37"] == (Label.DEM, "AGE")
    department = text.index("Emergency Department")
    assert not covered & set(range(department, department + len("Emergency Department")))


def test_the_letter_with_labels_keeps_the_and(tmp_path: Path) -> None:
    out = redacted(tmp_path, LETTER, "label")
    assert "junction of [LOC " in out and "] and [LOC " in out, out
    assert "the Emergency Department at [ORG " in out, out


@pytest.mark.parametrize(("sentence", "name"), [
    ("The lorry turned from Mill Lane or Station Road.", "Mill Lane"),
    ("Invoices from Acme Ltd and Brightwater plc were enclosed.", "Acme Ltd"),
])
def test_a_name_that_is_whole_before_and_or_or_leaves_the_conjunction(
        tmp_path: Path, sentence: str, name: str) -> None:
    text, found, covered = detected(tmp_path, sentence)
    assert any(f.text == name for f in found), [(f.text, f.label) for f in found]
    gap = text.index(name) + len(name) + 1
    assert gap not in covered


@pytest.mark.parametrize(("sentence", "age"), [
    ("Our client is 37, works as a scaffolder.", "37"),
    ("The patient was 82 when she fell.", "82"),
    ("Mrs Okafor is 52 and lives alone.", "52"),
    ("She is 19 and on a visa.", "19"),
])
def test_an_age_said_of_a_person(sentence: str, age: str) -> None:
    assert any(f.text == age and f.label == Label.DEM and f.subtype == "AGE"
               for f in detect_text(sentence)), [(f.text, f.label) for f in detect_text(sentence)]


@pytest.mark.parametrize("sentence", [
    "The room is 12, the hall 40.",
    "The total is 37, as before.",
    "The applicant was one of three brothers.",
])
def test_a_number_said_of_a_thing_is_no_age(sentence: str) -> None:
    assert not any(f.subtype == "AGE" for f in detect_text(sentence))
