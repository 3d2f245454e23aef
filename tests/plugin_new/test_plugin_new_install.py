"""Acceptance: a generated project installs offline, its own tests pass as generated, and the
installed plugin is picked up by ``redactor plugins``, ``analyze`` and ``redact`` at once.

Installs go to a private ``--target`` folder (``pip --no-index --no-build-isolation``) that is
put on PYTHONPATH for the commands that should see the plugin; the shared virtualenv is never
touched."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from plugin_kit_helpers import install, redactor_cmd, run, run_project_tests

LETTER = ("Dear Ms Doe,\n\nOur reference is ACME-2024-000123. Please quote it when you "
          "reply.\n\nYours sincerely,\nJohn Smith\n")


def _plugin_record(site: Path | None, name: str) -> dict[str, object] | None:
    listing = json.loads(run([*redactor_cmd(), "plugins", "--json"], site=site).stdout)
    return next((p for p in listing["plugins"] if p["name"] == name), None)


def test_detector_project_end_to_end(tmp_path: Path,
                                     new_project: Callable[[str, str], Path]) -> None:
    project = new_project("acme-case-numbers", "detector")
    site = tmp_path / "site"
    install(project, site)
    assert (site / "redactor_acme_case_numbers" / "plugin.py").is_file()

    tests = run_project_tests(project, site)
    assert " passed" in tests.stdout and "failed" not in tests.stdout

    record = _plugin_record(site, "acme-case-numbers")
    assert record is not None
    assert record["origin"] == "entry-point" and record["status"] == "loaded"
    assert record["hooks"] == ["register_detectors"] and record["version"] == "0.1.0"
    assert _plugin_record(None, "acme-case-numbers") is None

    letter = tmp_path / "letter.txt"
    letter.write_text(LETTER)
    with_plugin = json.loads(run([*redactor_cmd(), "analyze", "--json", str(letter)],
                                 site=site).stdout)
    mine = [f for f in with_plugin["findings"] if "acme-case-numbers" in f["detectors"]]
    assert [(f["text"], f["label"]) for f in mine] == [("ACME-2024-000123", "CODE")]
    assert mine[0]["validated"] is True
    assert with_plugin["failures"] == []
    without = json.loads(run([*redactor_cmd(), "analyze", "--json", str(letter)]).stdout)
    assert not [f for f in without["findings"] if "acme-case-numbers" in f["detectors"]]


def test_strategy_project_end_to_end(tmp_path: Path,
                                     new_project: Callable[[str, str], Path]) -> None:
    project = new_project("initials-demo", "strategy")
    site = tmp_path / "site"
    install(project, site)
    tests = run_project_tests(project, site)
    assert " passed" in tests.stdout and "failed" not in tests.stdout

    record = _plugin_record(site, "initials-demo")
    assert record is not None and record["origin"] == "entry-point"

    letter = tmp_path / "letter.txt"
    letter.write_text("Jane Doe met John Smith on Monday.\n")
    out = tmp_path / "out.txt"
    run([*redactor_cmd(), "redact", str(letter), "-o", str(out), "--policy", "foia",
         "--strategy", "initials-demo"], site=site)
    text = out.read_text()
    assert "Jane Doe" not in text and "J. D." in text

    refused = run([*redactor_cmd(), "redact", str(letter), "-o", str(tmp_path / "o2.txt"),
                   "--policy", "foia", "--strategy", "initials-demo"], check=False)
    assert refused.returncode == 2 and "initials-demo" in refused.stderr
    assert not (tmp_path / "o2.txt").exists()
