"""What a list of British identifiers in sentences (written for the purpose, session 29)
showed: "VAT Reg. No. GB 123 4567 89" left "GB" in clear (the model's code was the digits; no
pattern knew a British VAT number), and "Blue Badge number is AB12 C3456 D7890" left "AB12" in
clear (the model's code started at the second group)."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.recognizer.rules.identifier_cues import value_start
from stdnum.gb import vat as gb_vat
from test_cov_masks_that_hide_no_one import _ner


def _gb_vat_valid() -> str:
    return next(f"GB{n:09d}" for n in range(980780600, 980780700) if gb_vat.is_valid(f"GB{n:09d}"))


@pytest.mark.parametrize(("text", "value", "validated"), [
    ("VAT registration number {v}", None, True),
    ("VAT Reg. No. GB 123 4567 89.", "GB 123 4567 89", False),  # after its cue: a look-alike
    ("the GB 1234 5678 team", None, None),  # no cue, no check: nothing
])
def test_a_british_vat_number_is_one_code(text: str, value: str | None,
                                          validated: bool | None) -> None:
    valid = _gb_vat_valid()
    spaced = f"{valid[:2]} {valid[2:5]} {valid[5:9]} {valid[9:]}"
    text = text.format(v=spaced)
    found = [(f.text, f.validated) for f in detect_text(text) if f.subtype.startswith("VAT")]
    if validated is None:
        assert found == []
    else:
        assert found == [(value or spaced, validated)]


@pytest.mark.parametrize(("text", "group", "expected"), [
    ("Her Blue Badge number is AB12 C3456 D7890.", "C3456", "AB12 C3456 D7890."),
    ("The case number is 5 and C3456", "C3456", "C3456"),
    ("the claim number: K00LS123", "K00LS123", "K00LS123"),
])
def test_a_code_in_groups_starts_at_its_first_group(text: str, group: str, expected: str) -> None:
    assert text[value_start(text, text.index(group)):] == expected


def test_the_badge_through_the_ner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    text = "Her Blue Badge number is AB12 C3456 D7890."
    found = _ner(monkeypatch, tmp_path, text, [("C3456 D7890", "CODE", 0)])
    assert [f.text for f in found] == ["AB12 C3456 D7890"]
