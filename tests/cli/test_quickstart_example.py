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
