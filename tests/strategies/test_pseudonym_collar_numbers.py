"""An officer's collar number gets another number that no number of the document holds in any
spelling: a draw of "1105" beside a time "11:05" had made the export's check fail (no file
written; a test flaked on it about once in a few thousand runs)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "recognizer"))

TEXT = ("Sent: 14 October 2025 11:05\nCc: PC 2231 Daniel Ashworth\n\nPC 2231 Daniel Ashworth "
        "attended at 11:05 and spoke to the family.\n")


class _Rigged(random.Random):
    """Draws "1", "1", "0", "5" for its first four digits, as bad luck would."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._first = list("1105")

    def choice(self, seq):  # type: ignore[no-untyped-def, override]
        if seq == "0123456789" and self._first:
            return self._first.pop(0)
        return super().choice(seq)


def test_a_collar_number_never_spells_another_number(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    from probe_helpers import redacted
    from redactor_plugins.strategies import pseudonym_choice

    original = pseudonym_choice.Seeder.rng

    def rng(self: pseudonym_choice.Seeder, *parts: object) -> random.Random:
        if parts and parts[0] == "PERSON-NUMBER":
            return _Rigged(self.seed(*parts))
        return original(self, *parts)

    monkeypatch.setattr(pseudonym_choice.Seeder, "rng", rng)
    out = redacted(tmp_path, TEXT, "pseudonym")  # raises when the export's check fails
    assert "PC 1105" not in out and "PC 2231" not in out and out.count("PC ") == 2, out
