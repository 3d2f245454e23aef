"""The settings file: a file that cannot be used stops the run instead of dropping the user's
always-mask terms; a term list written as one string is one term."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from redactor.cli.main import main
from redactor.core.errors import UsageError
from redactor.core.settings import Settings

TERMS = {"version": 1, "terms": {"always_mask": ["CONFIDENTIAL"]}}


@pytest.mark.parametrize("content", [
    b'{"version": 1, "terms": {"always_mask": ["CONFI',  # truncated
    b'{"version": 99, "terms": {"always_mask": ["CONFIDENTIAL"]}}',  # from a newer version
    b'{"version": "1"}', b"[1, 2]", b"\x00\xff\x00binary"])
def test_an_unusable_settings_file_is_refused(content: bytes, tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    with pytest.raises(UsageError, match="settings file"):
        Settings.load(path)


def test_a_missing_settings_file_gives_the_defaults(tmp_path: Path) -> None:
    assert Settings.load(tmp_path / "none.json").get("terms", "always_mask", []) == []


def test_the_cli_refuses_to_run_on_a_corrupt_settings_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("REDACTOR_NO_PLUGINS", "1")
    monkeypatch.setenv("REDACTOR_CONFIG_DIR", str(tmp_path / "cfg"))
    (tmp_path / "cfg").mkdir()
    settings = tmp_path / "cfg" / "settings.json"
    doc = tmp_path / "a.txt"
    doc.write_text("This is CONFIDENTIAL.\n", encoding="utf-8")
    out = tmp_path / "o.txt"
    settings.write_text(json.dumps(TERMS))
    assert main(["--disable-plugin", "recognizer", "redact", str(doc), "-o", str(out)]) == 0
    assert "CONFIDENTIAL" not in out.read_text()
    settings.write_text(json.dumps(TERMS)[:30])  # truncated
    out.unlink()
    assert main(["--disable-plugin", "recognizer", "redact", str(doc), "-o", str(out)]) == 2
    assert "settings file" in capsys.readouterr().err
    assert not out.exists()
    # one string is one term (it was split into letters, each masked as a word: "I", "a")
    settings.write_text(json.dumps({"version": 1, "terms": {"always_mask": "CONFIDENTIAL"}}))
    doc.write_text("This is CONFIDENTIAL, and I saw a cat.\n", encoding="utf-8")
    assert main(["--disable-plugin", "recognizer", "--disable-plugin", "patterns", "redact",
                 str(doc), "-o", str(out)]) == 0
    text = out.read_text()
    assert "CONFIDENTIAL" not in text and "I saw a cat." in text


def test_the_settings_term_lists_decide_whatever_the_risk_vote_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A user's always-mask term is masked and a never-mask term kept by the policy itself
    (decided_by "policy"), not left to the risk indicators."""
    monkeypatch.setenv("REDACTOR_NO_PLUGINS", "1")
    monkeypatch.setenv("REDACTOR_CONFIG_DIR", str(tmp_path / "cfg"))
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "settings.json").write_text(json.dumps(
        {"version": 1, "terms": {"always_mask": ["CONFIDENTIAL"], "never_mask": ["Oslo"]}}))
    doc = tmp_path / "a.txt"
    doc.write_text("This is CONFIDENTIAL. Mr Jonas Berg lives in Oslo.\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["analyze", str(doc), "--json"]) == 0
    found = {f["text"]: f for f in json.loads(capsys.readouterr().out)["findings"]}
    assert found["CONFIDENTIAL"]["decision"] == "MASK"
    assert found["CONFIDENTIAL"]["decided_by"] == "policy"
    assert found["Oslo"]["decision"] == "KEEP" and found["Oslo"]["decided_by"] == "policy"
