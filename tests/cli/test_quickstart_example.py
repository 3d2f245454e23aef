"""The README's first command: redacting the bundled example replaces every e-mail, phone,
IBAN, card and ID number, and leaves every byte outside the redacted spans unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from redactor.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "case_note.txt"
DIRECT = ["ingrid.solberg@riverside-family.example", "laura.mitchell@mailbox.example",
          "amir.haddad@riverside-family.example", "+47 22 33 44 55", "07911 123456",
          "020 7946 0958", "NO93 8601 1117 947", "4111 1111 1111 1111", "151086 95088",
          "PW 45 67 89 B", "536-90-4399"]


def test_bundled_example_is_redacted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "case_note.redacted.txt"
    report = tmp_path / "report.json"
    assert main(["redact", str(EXAMPLE), "-o", str(out), "--report", str(report)]) == 0
    original = EXAMPLE.read_text(encoding="utf-8")
    redacted = out.read_text(encoding="utf-8")
    for value in DIRECT:
        assert value in original
        assert value not in redacted
        assert value.replace(" ", "") not in redacted.replace(" ", "")
    # every byte outside the redacted spans is unchanged: rebuild the output from the audit
    audit = sorted(json.loads(report.read_text())["audit"], key=lambda e: e["start"])
    assert audit, "nothing was redacted"
    pos, out_pos = 0, 0
    for entry in audit:
        kept = original[pos:entry["start"]]
        assert redacted[out_pos:out_pos + len(kept)] == kept
        out_pos += len(kept) + len("[REDACTED]")
        assert redacted[out_pos - len("[REDACTED]"):out_pos] == "[REDACTED]"
        pos = entry["end"]
    assert redacted[out_pos:] == original[pos:]


def test_label_strategy_numbers_people_by_who_they_are(tmp_path: Path) -> None:
    """'Mr Tomas Berg' and 'Mr Berg' are one person ([PERSON n] twice); 'Mrs Kari Berg'
    another (the case note's grandmother)."""
    out = tmp_path / "labelled.txt"
    report = tmp_path / "report.json"
    assert main(["redact", str(EXAMPLE), "-o", str(out), "--strategy", "label",
                 "--report", str(report)]) == 0
    original = EXAMPLE.read_text(encoding="utf-8")
    audit = json.loads(report.read_text())["audit"]
    entity_of = {original[e["start"]:e["end"]]: e["entity_id"] for e in audit}
    assert entity_of["Mr Tomas Berg"] == entity_of["Mr Berg"]
    assert entity_of["Mrs Kari Berg"] != entity_of["Mr Berg"]
    redacted = out.read_text(encoding="utf-8")
    assert "Client: [PERSON 2]" in redacted and "Contact: [PERSON 2] can be reached" in redacted
