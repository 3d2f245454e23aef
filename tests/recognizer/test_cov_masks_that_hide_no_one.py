"""Masks that hide no one (issue 15), decided by TAB's and the biographies' annotations:

* the cue word or phrase of an identifier ("IBAN", "National Insurance number") is not part of
  it — TAB marks the value alone, as in "application no. 36110/97";
* digits the NER model tags as a code are not a phone because of their shape, and a year with a
  serial ("2024-1187", "ACME-2024-000123") is a reference number, not a validated phone;
* a relative time with no anchor ("that day", "the summer", "most days") names no date;
* a National Insurance number wrapped between its groups (the case note's PDF) is one
  validated finding.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.recognizer import ner as ner_detector

from redactor.core.context import RunContext
from redactor.core.settings import Settings
from redactor.plugin_api import Document, Finding, Label

NOTE = ("Mr Berg receives EUR 1,500 a month, paid into his account IBAN NO93 8601 1117 947. "
        "Since 2019 he has also held the National Insurance number PW 45 67 89 B.")


def _span(text: str, word: str, nth: int = 0) -> tuple[int, int]:
    at = -1
    for _ in range(nth + 1):
        at = text.index(word, at + 1)
    return at, at + len(word)


# -- the cue of an identifier ---------------------------------------------------------------
@pytest.mark.parametrize(("text", "word", "nth", "inside"), [
    (NOTE, "IBAN", 0, True),
    (NOTE, "National", 0, True),
    (NOTE, "Insurance", 0, True),
    (NOTE, "National Insurance", 0, True),
    ("Her SSN: 536-90-4399 was given.", "SSN", 0, True),
    ("His fødselsnummer is 151086 95088.", "fødselsnummer", 0, True),
    ("held the National Insurance number\nPW 45 67 89 B", "Insurance", 0, True),
    # no value after it: a word like any other
    ("The IBAN of the bank was wrong.", "IBAN", 0, False),
    ("He paid National Insurance contributions for 1990.", "National", 0, False),
    ("She was treated by the National Health Service 2 days later.", "National", 0, False),
    # a span reaching beyond the cue is not dropped
    (NOTE, "account IBAN", 0, False),
    # the cues of further national schemes, a bracket after the cue, a BIC or codice fiscale
    ("Her PESEL is 44051401359.", "PESEL", 0, True),
    ("His BSN: 111222333", "BSN", 0, True),
    ("(T.C. Kimlik No) is 10000000146", "Kimlik", 0, True),
    ("(T.C. Kimlik No) is 10000000146", "T.C.", 0, True),
    ("codice fiscale RSSMRA85T10A562S", "codice fiscale", 0, True),
    ("her partner's NIE is X1234567L", "NIE", 0, True),
    ("his Irish PPS number is 1234567T", "PPS", 0, True),
    ("BIC: DEUTDEFF500", "BIC", 0, True),
    ("VAT number NL004495445B01", "VAT", 0, True),
    ("The BIC HOSPITALS list", "BIC", 0, False),  # a word in capitals, no code
])
def test_inside_identifier_cue(text: str, word: str, nth: int, inside: bool) -> None:
    assert ner_detector.inside_identifier_cue(text, [_span(text, word, nth)]) == [inside]


@pytest.mark.parametrize(("text", "word", "kept"), [
    ("Her Spanish DNI is 12345678Z.", "Spanish DNI", "Spanish"),  # ends in a cue: cut before it
    ("The Belgian national number 85.07.30-033.28", "Belgian national number", "Belgian"),
    ("She is a Spanish national.", "Spanish national", "Spanish national"),  # no value after
])
def test_a_span_that_runs_into_a_cue_stops_before_it(text: str, word: str, kept: str) -> None:
    start, _ = _span(text, word)
    [(s, e)] = ner_detector.trim_identifier_cue(text, [_span(text, word)])
    assert (s, text[s:e]) == (start, kept)


# -- NER codes: no phone by shape -----------------------------------------------------------
@pytest.mark.parametrize(("text", "subtype"), [
    ("2024-1187", ""),
    ("ACME-2024-000123", ""),
    ("123 456 7890", ""),
    ("+47 22 33 44 55", "PHONE"),
    ("(020) 7946 0958", "PHONE"),
    ("0047 22 33 44 55", "PHONE"),
    ("36110/97", "CASE_NUMBER"),
])
def test_ner_code_subtype_from_shape(text: str, subtype: str) -> None:
    assert ner_detector.map_label("CODE", text) == (Label.CODE, subtype)


# -- patterns: a year and a serial is a reference; a wrapped line keeps an ID whole ---
@pytest.mark.parametrize(("text", "value", "full_type", "validated"), [
    ("Her reference is 2024-1187 on the form.", "2024-1187", "CODE/REFERENCE_NUMBER", False),
    ("Case ACME-2024-000123 was merged.", "ACME-2024-000123", "CODE/REFERENCE_NUMBER", False),
    ("It was merged into ACME-2023-004567 by Jane.", "ACME-2023-004567",
     "CODE/REFERENCE_NUMBER", False),
    ("Invoice INV-2019-0042 is unpaid.", "INV-2019-0042", "CODE/REFERENCE_NUMBER", False),
    ("Case no. 2024-1187 was opened.", "2024-1187", "CODE/CASE_NUMBER", False),
    # a phone cue makes the same digits a phone number
    ("Call 2024-1187 after six.", "2024-1187", "CODE/PHONE", True),
    # years stay years
    ("From 1990-1995 he worked abroad.", "1990-1995", "DATETIME/DATE_RANGE", False),
    ("In 2019-2020 he studied.", "2019-2020", "DATETIME/YEAR", False),
    ("On 2023-04-05 he left.", "2023-04-05", "DATETIME/DATE", False),
    # an identifier whose line was wrapped between its groups (the case note's PDF)
    ("held the National Insurance number PW 45 67\n89 B. His", "PW 45 67\n89 B",
     "CODE/NATIONAL_ID_UK", True),
])
def test_year_serial_and_wrapped_codes(text: str, value: str, full_type: str, validated: bool) -> None:
    at = text.index(value)
    hits = [f for f in detect_text(text) if f.span.start < at + len(value) and at < f.span.end]
    assert [(f.text, f.full_type, f.validated) for f in hits] == [(value, full_type, validated)]


# -- the NER detector's filters, with a stand-in model --------------------------------------
class _FakeModel:
    def __init__(self, spans: list[tuple[str, str, int]]) -> None:
        self.spans = spans

    def predict(self, text: str) -> list[tuple[int, int, str, float]]:
        out = []
        for word, label, nth in self.spans:
            start, end = _span(text, word, nth)
            out.append((start, end, label, 0.9))
        return out


def _ner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, text: str,
         spans: list[tuple[str, str, int]]) -> list[Finding]:
    for name in ner_detector.MODEL_FILES:
        (tmp_path / name).write_text("{}")
    monkeypatch.setattr(ner_detector, "load_model", lambda *a, **k: _FakeModel(spans))
    doc = Document("d", Path("d.txt"), "txt", text)
    ctx = RunContext(settings=Settings({"recognizer": {"propagate_mentions": False}}))
    return list(ner_detector.NerDetector(tmp_path).detect(doc, ctx))


def test_ner_drops_identifier_cues(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, NOTE, [
        ("Mr Berg", "PERSON", 0), ("IBAN", "QUANTITY", 0), ("NO93 8601 1117 947", "CODE", 0),
        ("National", "MISC", 0), ("Insurance", "MISC", 0), ("PW 45 67 89 B", "CODE", 0)])
    assert [f.text for f in found] == ["Mr Berg", "NO93 8601 1117 947", "PW 45 67 89 B"]


def test_ner_drops_unanchored_relative_times(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    text = ("On that day the family moved. In the summer she fell ill. They have lived here "
            "since the summer of 2023, and on the morning of 3 May he left. The next day, "
            "Monday, he came back, \"coping most days\".")
    found = _ner(monkeypatch, tmp_path, text, [
        ("that day", "DATETIME", 0), ("the summer", "DATETIME", 0), ("days", "DATETIME", 0),
        ("summer of 2023", "DATETIME", 0), ("morning of 3 May", "DATETIME", 0),
        ("Monday", "DATETIME", 0)])
    assert [f.text for f in found] == ["summer of 2023", "morning of 3 May", "Monday"]


# -- end to end with the shipped NER model --------------------------------------------------
NER_OK, NER_WHY = ner_detector.model_available()


@pytest.mark.skipif(not NER_OK, reason=NER_WHY or "NER model absent")
def test_case_note_cues_and_references_end_to_end() -> None:
    from redactor.core.pipeline import Pipeline
    from redactor.pluginhost.manager import PluginHost

    pipeline = Pipeline(PluginHost(load_entrypoints=False, load_user_folder=False))
    text = ("Case no. 2024-1187\n\nClient: Mr Tomas Berg. " + NOTE
            + " His old file is ACME-2024-000123.")
    found = pipeline.detect(Document("d", Path("d.txt"), "txt", text),
                            RunContext(settings=Settings({})))
    by_text = {f.text: f for f in found}
    for cue in ("IBAN", "National", "Insurance"):
        start, end = _span(text, cue)
        assert not [f.text for f in found if f.span.start < end and start < f.span.end]
    assert by_text["NO93 8601 1117 947"].full_type == "CODE/IBAN"
    assert by_text["PW 45 67 89 B"].full_type == "CODE/NATIONAL_ID_UK"
    assert (by_text["2024-1187"].full_type, by_text["2024-1187"].validated) == (
        "CODE/CASE_NUMBER", False)
    ref = by_text["ACME-2024-000123"]
    assert (ref.full_type, ref.validated) == ("CODE/REFERENCE_NUMBER", False)


# -- "the Government" of a judgment ----------------------------------------------------------
@pytest.mark.parametrize(("text", "word", "bare"), [
    ("The applicant wrote to the Government.", "Government", True),
    ("were represented (“the Government”) by", "Government", True),
    ("said the Government.", "the Government", True),
    ("The Governments of both States", "Governments", True),
    ("The Turkish Government replied.", "Turkish Government", False),
    ("The Turkish Government replied.", "Government", False),     # named by the word before
    ("the Government of Gujarat", "Government", False),           # named after it
    ("The Government of the United Kingdom", "Government", False),
    ("Government ministers met.", "Government", False),           # no article
    ("the government", "government", False),
])
def test_bare_government(text: str, word: str, bare: bool) -> None:
    assert ner_detector.bare_government(text, *_span(text, word)) is bare


@pytest.mark.skipif(not NER_OK, reason=NER_WHY or "NER model absent")
def test_the_government_of_a_judgment_is_no_finding() -> None:
    """The short name a judgment defines ("the Government") and its later mentions name no
    one (TAB masks none of them); the State's own name stays a finding."""
    from redactor.core.pipeline import Pipeline
    from redactor.pluginhost.manager import PluginHost

    pipeline = Pipeline(PluginHost(load_entrypoints=False, load_user_folder=False))
    text = ("The case originated in an application (no. 36110/97) against the Republic of "
            "Turkey lodged with the Court by a Turkish national, Mr Ahmet Yılmaz (“the "
            "applicant”), on 3 May 1999. The applicant was represented by Mr S. Cengiz, a "
            "lawyer practising in İzmir. The Turkish Government (“the Government”) did not "
            "designate an Agent for the purposes of the proceedings before the Court. On 5 "
            "June 2000 the Court decided to communicate the application to the Government. "
            "The Government submitted their observations.")
    found = pipeline.detect(Document("d", Path("d.txt"), "txt", text),
                            RunContext(settings=Settings({})))
    texts = [f.text for f in found]
    assert "Turkish Government" in texts
    assert not [f for f in found if ner_detector.bare_government(text, f.span.start, f.span.end)]
    assert not [t for t in texts if t.lower() in ("government", "the government")]
    assert "Ahmet Yılmaz" in " ".join(texts)
