"""What a police custody record and a debt charity's letter (written for the purpose, session
29) showed: "Interpreter required: Yes" made "Yes" a person; "s.39 CJA 1988" read "[MISC]
[DATETIME]"; "1 x Samsung Galaxy S21" was a QUANTITY, an ORG and a QUANTITY; "(Monzo, ending
0032)" a measure and "Vanquis Bank (ending 0045, £1,250)" one amount of money; "Leeds City
Council (council tax" an organisation that took the aside in."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.recognizer.rules.legal_rules import legal_provisions
from redactor_plugins.detectors.recognizer.rules.no_one_words import names_no_one
from redactor_plugins.detectors.recognizer.rules.span_numbers import (
    no_count,
)
from test_cov_masks_that_hide_no_one import _ner

RECORD = """Interpreter required: Yes (Polish)
Arrested on suspicion of assault by beating (s.39 CJA 1988) and criminal damage.
Property: 1 x Samsung Galaxy S21 (IMEI 356938035643809), 1 x bank card (Monzo, ending 0032).
Your creditors are: Vanquis Bank (ending 0045, £1,250), Leeds City Council (council tax arrears, £612.40).
"""


def test_a_forms_yes_names_no_one() -> None:
    start = RECORD.index("Yes")
    assert names_no_one(RECORD, start, start + 3)
    text = "Yes, he said."
    assert not names_no_one(text, 0, 3)


@pytest.mark.parametrize(("text", "provision"), [
    ("assault by beating (s.39 CJA 1988) and", "s.39 CJA 1988"),
    ("detained under s. 2 MHA 1983.", "s. 2 MHA 1983"),
    ("ss.47-48 OAPA 1861 apply", "ss.47-48 OAPA 1861"),
])
def test_a_section_of_an_act_by_its_initials(text: str, provision: str) -> None:
    assert [text[s:e] for s, e in legal_provisions(text)] == [provision]


@pytest.mark.parametrize(("text", "digits"), [
    ("1 x bank card (Monzo, ending 0032), door keys", "0032"),
    ("Vanquis Bank (ending 0045, £1,250)", "0045"),
    ("account ending 7731", "7731"),
    ("the year ending 2019", None),
])
def test_the_last_digits_after_ending(text: str, digits: str | None) -> None:
    found = [f.text for f in detect_text(text) if f.subtype == "LAST_DIGITS"]
    assert found == ([digits] if digits else [])


@pytest.mark.parametrize(("text", "yes"), [("1 x", True), ("2×", True), ("12 x 4", False)])
def test_an_items_count_in_a_property_list(text: str, yes: bool) -> None:
    assert no_count(text) is yes


def test_the_record_through_the_ner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, RECORD, [
        ("Yes", "PERSON", 0), ("1 x", "QUANTITY", 0), ("Samsung Galaxy", "ORG", 0),
        ("S21", "QUANTITY", 0), ("ending 0032", "QUANTITY", 0),
        ("ending 0045, £1,250", "QUANTITY", 0), ("Leeds City Council (council tax", "ORG", 0)])
    got = sorted((f.text, f.full_type) for f in found)
    assert ("Samsung Galaxy S21", "MISC/DEVICE") in got
    assert ("£1,250", "QUANTITY/MONEY") in got
    assert ("Leeds City Council", "ORG") in got
    texts = [t for t, _ in got]
    assert "Yes" not in texts and "1 x" not in texts and "ending 0032" not in texts


def test_a_lower_case_aside_that_goes_on_in_capitals_stays() -> None:
    from redactor_plugins.detectors.recognizer.rules.span_edges import before_lower_aside

    text = "the TKP/ML-TIKKO (the Turkish Communist Party/Marxist Leninist) was named."
    start = text.index("TKP")
    end = text.index(" Turkish")  # the model's piece: "TKP/ML-TIKKO (the"
    assert before_lower_aside(text, start, end) == end  # TAB's official sample: one name
    text = "Leeds City Council (council tax arrears, £612.40)"
    assert text[:before_lower_aside(text, 0, text.index(" arrears"))] == "Leeds City Council"
