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
