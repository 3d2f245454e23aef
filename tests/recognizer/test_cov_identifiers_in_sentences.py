"""Identifiers inside sentences, through the whole recognizer (issue 15): one span, one label,
no cue word or conjunction masked with them, no piece left in clear, and no model finding on
strings that are no words ("std::cout", "000000000").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from redactor_plugins.detectors.recognizer import ner as ner_detector
from redactor_plugins.detectors.recognizer.rules.legal_rules import legal_provisions

from redactor.core.model import Finding, Label, Span
from redactor.core.overlaps import only_fills_between, resolve_overlaps

NER_OK, _WHY = ner_detector.model_available()
needs_ner = pytest.mark.skipif(not NER_OK, reason=_WHY or "NER model absent")


@pytest.fixture(scope="module")
def detect():
    from redactor.core.context import RunContext
    from redactor.core.pipeline import Pipeline
    from redactor.core.policy import load_policy
    from redactor.core.settings import Settings
    from redactor.plugin_api import Document
    from redactor.pluginhost.manager import PluginHost

    settings = Settings({})
    pipe = Pipeline(PluginHost(settings), load_policy("default"))

    def run(text: str) -> list[tuple[str, str]]:
        doc = Document(id="t", source=Path("t.txt"), format="txt", text=text)
        return [(f.text, f"{f.label}/{f.subtype}") for f in
                pipe.detect(doc, RunContext(settings=settings))]
    return run


@needs_ner
@pytest.mark.parametrize(("text", "want"), [
    ("His MAC is 00:1A:2B:3C:4D:5E today.", [("00:1A:2B:3C:4D:5E", "CODE/MAC_ADDRESS")]),
    ("MAC 00-1a-2b-3c-4d-5e seen.", [("00-1a-2b-3c-4d-5e", "CODE/MAC_ADDRESS")]),
    ("Card 378282246310005 here.", [("378282246310005", "CODE/PAYMENT_CARD")]),
    ("Plate B MW 1234 and 34 ABC 123 and AB12 CDE.",
     [("B MW 1234", "CODE/VEHICLE_PLATE"), ("34 ABC 123", "CODE/VEHICLE_PLATE"),
      ("AB12 CDE", "CODE/VEHICLE_PLATE")]),
    ("See CPT/Inf (2002) 8 and number 5299 and no. 68.",
     [("CPT/Inf (2002) 8", "CODE/DOCUMENT_REFERENCE"), ("5299", "CODE/REFERENCE_NUMBER"),
      ("68", "CODE/REFERENCE_NUMBER")]),
    ("hello world std::cout 000000000 xqzvbnmwr", []),
])
def test_identifiers_in_a_sentence(detect, text: str, want: list[tuple[str, str]]) -> None:
    assert detect(text) == want


@needs_ner
def test_a_code_the_model_cuts_is_masked_whole(detect) -> None:
    """Twelve digits in colon-separated groups that no checksum accepts (an Aadhaar must
    not start with 1): no group is left in clear, and nothing claims it is validated."""
    found = detect("Aadhaar 1234:5678:9012 is his.")
    assert [t for t, _ in found] == ["1234:5678:9012"]
    assert found[0][1].startswith("CODE/")


@needs_ner
def test_a_statute_number_stays_with_its_act(detect) -> None:
    found = detect("Under Act 1962:381 and Förvaltningsprocesslagen 1971:291.")
    assert ("Act 1962:381", "MISC/LEGAL_PROVISION") in found
    assert ("1971:291", "CODE/STATUTE_NUMBER") in found
    assert not any(t in ("381", "Under Act 1962") for t, _ in found)


# -- the rules one by one (no model needed) -------------------------------------------------
@pytest.mark.parametrize(("text", "span", "want"), [
    ("Card 378282246310005 here.", "Card 378282246310005", "378282246310005"),
    ("IBAN: NO93 8601 1117 947 paid", "IBAN: NO93 8601 1117 947", "NO93 8601 1117 947"),
    ("His phone is +47 22 33 44 55.", "phone is +47 22 33 44 55", "+47 22 33 44 55"),
    ("MAC address 00:1A:2B:3C:4D:5E", "MAC address", ""),
    ("licence plate B MW 1234 seen", "plate B MW 1234", "B MW 1234"),
    ("Mrs Brennan (DOB 14/03/1961)", "DOB", ""),  # a form's label, not a code
    ("Mrs Brennan (D.O.B.: 14/03/1961)", "D.O.B.", ""),
    ("NHS number 943 476 5919", "NHS number 943 476 5919", "943 476 5919"),
    ("Pupil: Leyla (Year 4), UPN A123456789012", "UPN", ""),  # unique pupil number's cue
    ("MRN 00451234 on the wristband", "MRN 00451234", "00451234"),
    # a span that starts before the cue, or no value after the cue: unchanged
    ("Mr Berg's card 4111 1111 1111 1111", "Mr Berg", "Mr Berg"),
    ("The card was lost.", "card", "card"),
])
def test_trim_identifier_cue(text: str, span: str, want: str) -> None:
    start = text.index(span)
    (got,) = ner_detector.trim_identifier_cue(text, [(start, start + len(span))])
    assert text[got[0]:got[1]] == want


@pytest.mark.parametrize(("text", "span", "non_word"), [
    ("hello world std::cout", "cout", True),
    ("call ptr->next now", "next", True),
    ("run main() first", "main", True),
    ("the value 000000000 was", "000000000", True),
    ("Mrs Aisha Rahman (née Siddiqui)", "née", True),       # it announces the name
    ("Mrs Aisha Rahman (née Siddiqui)", "Siddiqui", False),
    ("a xqzvbnmwr string", "xqzvbnmwr", True),
    ("use my_variable here", "my_variable", True),
    ("Mr Llwyd of Brno", "Llwyd", False),
    ("Mr Smith. He left", "Smith", False),
    ("the 1000 euros", "1000", False),
    ("in 1999.", "1999", False),
    ("Her solicitor's office", "s", True),                   # a possessive ending alone
    ("Her solicitor’s office", "s", True),
    ("the letter s was", "s", False),
])
def test_non_word(text: str, span: str, non_word: bool) -> None:
    start = re.search(rf"(?<!\w){re.escape(span)}(?!\w)", text).start()  # the whole word
    assert ner_detector.non_word(text, start, start + len(span)) is non_word


@pytest.mark.parametrize(("text", "span", "want"), [
    ("Aadhaar 1234:5678:9012 is his.", "5678:9012", "1234:5678:9012"),
    ("ref AB12345/2020.", "12345", "AB12345/2020"),
    ("application no.36110/97 was", "36110/97", "36110/97"),   # "no." is no part of it
    ("ID:12345 given", "12345", "12345"),
    ("on 12/03, then", "12/03", "12/03"),
    ("(tenancy ref NH/0045/2219), a", "NH", "NH/0045/2219"),        # the model cut it in two
    ("(tenancy ref NH/0045/2219), a", "0045/2219", "NH/0045/2219"),
    ("ACME-2024-000123 was", "2024-000123", "ACME-2024-000123"),
    ("the A-B road and/or 12", "12", "12"),
])
def test_widen_code(text: str, span: str, want: str) -> None:
    start = text.index(span)
    got = ner_detector.widen_code(text, start, start + len(span))
    assert text[got[0]:got[1]] == want


def _f(text: str, part: str, label: Label, validated: bool, detector: str,
       nth: int = 0) -> Finding:
    at = -1
    for _ in range(nth + 1):
        at = text.index(part, at + 1)
    return Finding(Span(at, at + len(part)), label, part, subtype="X" if validated else "",
                   score=0.9, detector=detector, validated=validated)


def test_a_model_span_stringing_identifiers_together_leaves_them_apart() -> None:
    text = "Plates B MW 1234 and 34 ABC 123, then"
    outer = _f(text, "B MW 1234 and 34 ABC 123", Label.CODE, False, "ner")
    a = _f(text, "B MW 1234", Label.CODE, True, "patterns")
    b = _f(text, "34 ABC 123", Label.CODE, True, "patterns")
    assert only_fills_between(outer, [a, b])
    assert [f.text for f in resolve_overlaps([outer, a, b])] == ["B MW 1234", "34 ABC 123"]


def test_a_model_span_with_words_between_identifiers_stays_whole() -> None:
    """Anything else between them is masked with them (every detected character stays
    masked): "Tomas Berg" between two numbers is no filler."""
    text = "No. 12345678 Tomas Berg 87654321 x"
    outer = _f(text, "12345678 Tomas Berg 87654321", Label.CODE, False, "ner")
    a = _f(text, "12345678", Label.CODE, True, "patterns")
    b = _f(text, "87654321", Label.CODE, True, "patterns")
    assert not only_fills_between(outer, [a, b])
    assert [f.text for f in resolve_overlaps([outer, a, b])] == [outer.text]
    # one identifier inside a longer span: enclosed, as before ("ACME-2024-000123")
    text2 = "Case ACME-2024-000123 merged"
    outer2 = _f(text2, "ACME-2024-000123", Label.CODE, False, "plugin")
    inner2 = _f(text2, "2024-000123", Label.CODE, True, "patterns")
    assert [f.text for f in resolve_overlaps([outer2, inner2])] == ["ACME-2024-000123"]


@pytest.mark.parametrize(("text", "want"), [
    ("Under Act 1962:381 he was heard.", "Act 1962:381"),
    ("According to Social Services Act 2001:453 the", "Social Services Act 2001:453"),
    ("In Criminal Justice Act 1988 cases", "Criminal Justice Act 1988"),
])
def test_a_law_name_starts_at_its_own_words(text: str, want: str) -> None:
    assert [text[s:e] for s, e in legal_provisions(text)] == [want]


@pytest.mark.parametrize(("text", "name", "native"), [
    ("Sithu Aung (Burmese: စည်သူအောင်; also spelled Si Thu Aung; born 1978) plays.",
     "Sithu Aung", "စည်သူအောင်"),
    ("Shimon Peres (Hebrew: שמעון פרס\u200e; 2 August 1923) was", "Shimon Peres",
     "שמעון פרס\u200e"),   # the direction mark is part of the name (as TAB marks it)
    ("Ivan Petrov (Russian: Иван Петров, born 1970) is", "Ivan Petrov", "Иван Петров"),
    ("Li Na (simplified Chinese: 李娜) won", "Li Na", "李娜"),
])
def test_a_name_in_its_own_script_is_the_same_name(text: str, name: str, native: str) -> None:
    from redactor_plugins.detectors.recognizer.mention_propagation import native_names

    start = text.index(name)
    f = Finding(Span(start, start + len(name)), Label.PERSON, name, score=0.9, detector="ner")
    (got,) = native_names(text, [f], "ner")
    assert got.text == native and got.label == Label.PERSON
    assert text[got.span.start:got.span.end] == native


def test_latin_text_in_brackets_is_no_native_name() -> None:
    from redactor_plugins.detectors.recognizer.mention_propagation import native_names

    text = "Mr Berg (Norwegian: Tomas Berg) and Oslo (born: 1950)"
    f = Finding(Span(0, 7), Label.PERSON, "Mr Berg", score=0.9, detector="ner")
    assert native_names(text, [f], "ner") == []
