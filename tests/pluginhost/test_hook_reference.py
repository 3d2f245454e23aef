"""docs/hook-reference.md is generated from the hook specifications and the plugin API; it
must be regenerated when they change (python scripts/gen_hook_reference.py)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

from redactor.core.components import ReplacementRequest
from redactor.core.context import RunContext
from redactor.core.model import RiskSignal
from redactor.pluginhost import hookspecs
from redactor.pluginhost.reference import render

ROOT = Path(__file__).resolve().parents[2]


def test_hook_reference_is_up_to_date() -> None:
    committed = (ROOT / "docs" / "hook-reference.md").read_text(encoding="utf-8")
    assert committed == render(), (
        "docs/hook-reference.md is stale: run .venv/bin/python scripts/gen_hook_reference.py")


def test_reference_covers_every_hook_protocol_and_field() -> None:
    text = render()
    hooks = [n for n in dir(hookspecs)
             if getattr(getattr(hookspecs, n), f"{hookspecs.PROJECT}_spec", None) is not None]
    for name in hooks:
        assert f"### {name}\n" in text
    for proto in ("Detector", "RiskIndicator", "Strategy", "DocumentReader", "DocumentWriter",
                  "SearchProvider", "OcrEngine", "Finding", "Span", "Label", "OcrWord"):
        assert f"### {proto}\n" in text
    for cls in (RiskSignal, ReplacementRequest, RunContext):
        section = text.split(f"### {cls.__name__}\n", 1)[1].split("\n### ", 1)[0]
        for f in dataclasses.fields(cls):
            row = next((line for line in section.splitlines()
                        if line.startswith(f"| `{f.name}` |")), "")
            assert row and not row.endswith("|  |"), f"{cls.__name__}.{f.name} is undocumented"


def test_strategy_and_run_context_agree_on_memo() -> None:
    text = render()
    assert "ctx.memo_for(self.id)" in text
    assert text.count("lasts as long as the `RunContext`") + text.count(
        "kept as long as this context") == 2


def test_generator_check_mode(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    script = ROOT / "scripts" / "gen_hook_reference.py"
    res = subprocess.run([sys.executable, str(script), "--check", "--root", str(tmp_path)],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 1 and "stale" in res.stderr
    res = subprocess.run([sys.executable, str(script), "--root", str(tmp_path)],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0
    assert (tmp_path / "docs" / "hook-reference.md").read_text(encoding="utf-8") == render()
