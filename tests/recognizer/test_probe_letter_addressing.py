"""A letter's addressing lines (session 33): "Attn" of "Attn. Kwabena Asante-Mensah" was a
place, and "J. Nwosu-Eze" of "cc: R. Okonkwo; J. Nwosu-Eze" an organisation."""

from __future__ import annotations

from pathlib import Path

from probe_helpers import covers, detected, uncovered

from redactor.core.model import Label

LINES = """FAO: Tendai Moyo, Duty Team
Attn. Kwabena Asante-Mensah
cc: R. Okonkwo; J. Nwosu-Eze
"""


def test_the_addressing_lines(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, LINES)
    kinds = {f.text: f.label for f in found}
    assert not uncovered(text, covered, ["Tendai Moyo", "Kwabena Asante-Mensah", "R. Okonkwo",
                                         "J. Nwosu-Eze"]), kinds
    assert kinds["J. Nwosu-Eze"] == Label.PERSON, kinds
    assert not covers(covered, text, "Attn") and not covers(covered, text, "FAO"), kinds


COUPLE = "The foster carers (Mr & Mrs Pemberton-Hughes) will attend. Mr and Mrs Okafor agreed.\n"


def test_a_couple_named_by_two_titles_and_a_surname(tmp_path: Path) -> None:
    """"Mr &" was an organisation and "Mr" of "Mr and Mrs Okafor" a person of its own (a
    pseudonym read "(James-Humphrey Mrs Christina-Brady)", "[REDACTED] and Mrs Johnson");
    "foster carers" was a DEM and a MISC ("The editor matter")."""
    from probe_helpers import redacted

    text, found, covered = detected(tmp_path, COUPLE)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert "Mr &" not in kinds and "Mr" not in kinds, kinds
    assert kinds["foster carers"] == (Label.DEM, "OCCUPATION"), kinds
    out = redacted(tmp_path, COUPLE, "pseudonym")
    assert "(Mr & Mrs " in out and "Mr and Mrs " in out and "[REDACTED]" not in out, out
    assert "Pemberton" not in out and "Okafor" not in out, out


def test_a_verb_before_a_name_is_not_part_of_it(tmp_path: Path) -> None:
    """"Saw Amelia at home" had "Saw Amelia" as one person (the name lists know "Saw"), so the
    label strategy gave her another number than "Amelia Hart" in the DOCX header."""
    from probe_helpers import redacted

    note = "Saw Amelia at home. Met Kelly Hart later.\nRe: Amelia Hart\n"
    text, found, covered = detected(tmp_path, note)
    texts = [f.text for f in found]
    assert "Amelia" in texts and "Kelly Hart" in texts, texts
    assert not covers(covered, text, "Saw") and not covers(covered, text, "Met"), texts
    out = redacted(tmp_path, note, "label")
    assert out.startswith("Saw [PERSON 1] at home.") and out.endswith("Re: [PERSON 1]\n"), out
