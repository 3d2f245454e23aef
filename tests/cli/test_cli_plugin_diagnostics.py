"""What the CLI tells a plugin author: failed and incompatible plugins, indicators the policy
does not run, strategies that fell back, unknown --disable-plugin names, the user plugins
folder and per-plugin details in ``redactor plugins``, and a quiet exit on a closed pipe."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from redactor.cli.main import main

MINE = '''
from redactor.plugin_api import Finding, Label, RiskSignal, Span, hookimpl

__version__ = "0.3"


class Ships:
    id = "ship-names"
    version = "0.3"

    def detect(self, doc, ctx):
        start = doc.text.find("Titanic")
        if start >= 0:
            yield Finding(Span(start, start + 7), Label.MISC, "Titanic", detector=self.id)


class Always:
    version = "0.3"

    def __init__(self, ident):
        self.id = ident

    def assess(self, doc, findings, entities, ctx):
        return [RiskSignal(self.id, 1.0, True) for _ in findings]


class Echo:
    id = "echo"
    version = "0.3"

    def replacement(self, request, ctx):
        return request.finding.text


@hookimpl
def register_detectors(register):
    register(Ships())


@hookimpl
def register_risk_indicators(register):
    register(Always("mine-a"))
    register(Always("mine-b"))


@hookimpl
def register_strategies(register):
    register(Echo())
'''


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    plugins = tmp_path / "user-plugins"
    plugins.mkdir()
    (plugins / "mine.py").write_text(MINE, encoding="utf-8")
    (plugins / "broken.py").write_text('raise RuntimeError("broken on import")\n')
    (plugins / "future.py").write_text('REDACTOR_API = ">=2"\n')
    monkeypatch.setenv("REDACTOR_PLUGINS_DIR", str(plugins))
    monkeypatch.delenv("REDACTOR_NO_PLUGINS", raising=False)
    return plugins


@pytest.fixture
def doc(tmp_path: Path) -> tuple[Path, Path]:
    src = tmp_path / "voyage.txt"
    src.write_text("She sailed on the Titanic.\n", encoding="utf-8")
    policy = tmp_path / "house.toml"
    policy.write_text('name = "house"\n[risk]\nindicators = ["mine-a"]\n', encoding="utf-8")
    return src, policy


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


FAILED = ("redactor: warning: plugin 'broken' (user folder) failed to load and is not used: "
          "RuntimeError: broken on import (broken.py:1)")
FUTURE = ("redactor: warning: plugin 'future' needs Redactor plugin API >=2, this Redactor "
          "provides 1.0 — upgrade Redactor")
NOT_RUN = ("risk indicator 'mine-b' (plugin 'mine') is installed but policy 'house' does not "
           "run it: add it to [risk] indicators in a policy file (docs/policies.md) or pass "
           "--indicators mine-a,mine-b")


def test_analyze_reports_plugin_problems_and_indicators_not_run(
        folder: Path, doc: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    src, policy = doc
    code, out, err = run(capsys, "--disable-plugin", "recognizer", "analyze", str(src),
                         "--policy", str(policy), "--json")
    assert code == 0  # as before: a broken plugin does not fail the run
    assert err.splitlines() == [FAILED, FUTURE]
    data = json.loads(out)
    assert NOT_RUN in data["warnings"]
    [ship] = [f for f in data["findings"] if "ship-names" in f["detectors"]]
    assert list(ship["risk"]) == ["mine-a"]
    code, out, err = run(capsys, "--disable-plugin", "recognizer", "analyze", str(src),
                         "--policy", str(policy))
    assert f"  warning: {NOT_RUN}" in out.splitlines()
    assert "Titanic" not in err


def test_redact_warns_about_plugins_indicators_and_strategy_fallback(
        folder: Path, doc: tuple[Path, Path], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    src, policy = doc
    out_file, report = tmp_path / "out.txt", tmp_path / "report.json"
    code, _, err = run(capsys, "--disable-plugin", "recognizer", "redact", str(src), "-o",
                       str(out_file), "--policy", str(policy), "--strategy", "echo",
                       "--report", str(report))
    assert code == 0
    assert out_file.read_text(encoding="utf-8") == "She sailed on the [REDACTED].\n"
    fallback = ("strategy 'echo' (plugin 'mine') returned the original text for 1 mention(s); "
                "they were masked with 'redact' instead")
    lines = err.splitlines()
    assert lines[:2] == [FAILED, FUTURE]
    assert f"warning: {NOT_RUN}" in lines and f"warning: {fallback}" in lines
    warnings = json.loads(report.read_text(encoding="utf-8"))["warnings"]
    assert fallback in warnings and NOT_RUN in warnings
    assert "Titanic" not in err + report.read_text(encoding="utf-8")


def test_plugins_shows_folder_kinds_source_hooks_and_status(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "plugins", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["user_plugins_dir"] == {"path": str(folder), "exists": True}
    plugins = {p["name"]: p for p in data["plugins"]}
    mine = plugins["mine"]
    assert (mine["status"], mine["source"], mine["version"]) == ("loaded", "user folder", "0.3")
    assert mine["kinds"] == ["detectors", "risk_indicators", "strategies"]
    assert mine["hooks"] == ["register_detectors", "register_risk_indicators",
                             "register_strategies"]
    assert (plugins["txt"]["source"], plugins["txt"]["kinds"]) == ("built-in",
                                                                   ["readers", "writers"])
    assert plugins["broken"]["status"] == "failed"
    assert plugins["future"]["status"] == "incompatible"
    assert FUTURE.removeprefix("redactor: warning: ") in data["warnings"]
    not_run = {i["id"] for i in data["policy"]["indicators_not_run"]}
    assert {"mine-a", "mine-b"} <= not_run  # the default policy lists only its own two
    code, out, _ = run(capsys, "plugins")
    lines = out.splitlines()
    assert f"user plugins folder: {folder} (exists)" in lines
    row = next(line for line in lines if line.startswith("mine "))
    assert row.split()[:4] == ["mine", "loaded", "user", "folder"]
    assert "detectors, risk_indicators, strategies" in row and "register_strategies" in row
    assert "    failed: RuntimeError: broken on import (broken.py:1)" in lines
    assert "warning: " + FUTURE.removeprefix("redactor: warning: ") in lines
    assert any(line.startswith("  not run: ") and "mine-b (mine)" in line for line in lines)


def test_plugins_says_when_the_folder_does_not_exist(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere"
    monkeypatch.setenv("REDACTOR_PLUGINS_DIR", str(missing))
    code, out, _ = run(capsys, "plugins")
    assert code == 0
    assert (f"user plugins folder: {missing} (does not exist; create it to add *.py plugins)"
            in out.splitlines())


def test_disable_plugin_typo_is_a_usage_error(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDACTOR_NO_PLUGINS", "1")
    code, out, err = run(capsys, "--disable-plugin", "recognizr", "plugins")
    assert code == 2 and out == ""
    assert err.startswith("redactor: error: --disable-plugin: unknown plugin or component "
                          "'recognizr' (plugins: ")
    assert "recognizer" in err and "redact" in err


def test_disable_plugin_takes_a_component_id(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDACTOR_NO_PLUGINS", "1")
    code, out, _ = run(capsys, "plugins", "--json")
    components = json.loads(out)["components"]
    victims = [("strategies", "hash")]  # the ner detector is there when its model is installed
    victims += [("detectors", "ner")] if "ner" in [c["id"] for c in components["detectors"]] \
        else []
    args = [a for _, v in victims for a in ("--disable-plugin", v)]
    code, out, _ = run(capsys, *args, "plugins", "--json")
    assert code == 0
    data = json.loads(out)
    for kind, victim in victims:
        assert victim not in [c["id"] for c in data["components"][kind]]
        assert {"kind": kind, "id": victim} in [
            {"kind": d["kind"], "id": d["id"]} for d in data["disabled_components"]]
    assert "redact" in [c["id"] for c in data["components"]["strategies"]]


def test_a_closed_pipe_ends_quietly() -> None:
    env = dict(os.environ, REDACTOR_NO_PLUGINS="1")
    proc = subprocess.Popen([sys.executable, "-m", "redactor.cli.main", "plugins", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # like `| head` that has already exited
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=300) == 141
    assert err == ""
