"""What a social worker's e-mail thread (written for the purpose, session 29) showed: "Gemma -
Ellie-Grace (NHS …) was brought" — the greeting's name and the child's one ORG across the
dash (a pseudonym made them a company)."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.shared.text_pieces import split_at_dashes
from test_cov_masks_that_hide_no_one import _ner

TEXT = ("Gemma - Ellie-Grace (NHS 485 777 3456) was brought to A&E by her mother.\n"
        "Copenhagen City Court (Københavns Byret – hereafter “the City Court”) held a hearing.")


@pytest.mark.parametrize(("span", "pieces"), [
    ("Gemma - Ellie-Grace", ["Gemma", "Ellie-Grace"]),
    ("Housing Options Service — Homelessness Assessment",
     ["Housing Options Service", "Homelessness Assessment"]),
    ("Copenhagen City Court (Københavns Byret – hereafter “the City Court”)",
     ["Copenhagen City Court (Københavns Byret – hereafter “the City Court”)"]),  # TAB's gold
    ("Jean-Paul Sartre", ["Jean-Paul Sartre"]),
])
def test_a_names_span_is_cut_at_a_spaced_dash_outside_brackets(span: str,
                                                                pieces: list[str]) -> None:
    assert [span[s:e] for s, e in split_at_dashes(span, 0, len(span))] == pieces


def test_the_thread_through_the_ner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, TEXT, [
        ("Gemma - Ellie-Grace", "ORG", 0),
        ("Copenhagen City Court (Københavns Byret – hereafter “the City Court”)", "ORG", 0),
        ("A&E by her", "MISC", 0)])
    assert [f.text for f in found][:2] == ["Gemma", "Ellie-Grace"]
    assert "Copenhagen City Court (Københavns Byret – hereafter “the City Court”)" in [
        f.text for f in found]
    assert "A&E by her" in [f.text for f in found] or "A&E" in [f.text for f in found]
