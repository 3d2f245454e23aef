"""The per-file time limit with real slow inputs, through the real plugin mechanism (user
plugins folder): a detector hook that sleeps without looking at cancellation, a writer that
hangs with half a file written to its temporary path, and a hook that works on and on while
checking cancellation. Each is stopped, recorded as failed with a one-line reason, leaves no
output and no temporary file, and the batch goes on. (The Dask cluster's case is in
test_batch_dask.py.)"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from batch_corpus import install_chaos, journal_rows, run_cli, write_txt

from redactor.batch.options import DEFAULT_TIMEOUT_S
from redactor.batch.runner import BatchOptions, run_batch
from redactor.core.errors import UsageError
from redactor.core.policy import load_policy
from redactor.core.settings import Settings

LIMIT = 8  # seconds: far above what a small file takes, even on a loaded machine


def _leftovers(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*")
                  if p.is_file() and not p.name.startswith(".redactor-journal"))


def test_worker_processes_stop_files_over_the_limit_from_the_settings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src, out = tmp_path / "in", tmp_path / "out"
    state = install_chaos(monkeypatch, tmp_path)
    monkeypatch.setenv("CHAOS_SLOW_S", "600")
    write_txt(src / "a-sleeps.txt", 1, "CHAOS-SLOW\n")  # sleeps before anything is written
    src.joinpath("b-hangs.stuckdoc").write_text("STUCKDOC Anna Berg, Oslo\n")  # in the writer
    for i in range(4):
        write_txt(src / f"c{i}.txt", 10 + i)
    # the limit comes from the settings file (no --timeout)
    settings = Settings()
    settings.set("batch", "timeout", LIMIT)
    settings.save()
    report = tmp_path / "report.json"

    started = time.monotonic()
    res = run_cli("batch", src, "-o", out, "--workers", "2", "--strategy", "label",
                  "--report", report, timeout=300)
    took = time.monotonic() - started
    assert res.returncode == 1, res.stderr
    assert "6 file(s): 4 done" in res.stderr and "2 failed (2 over the time limit)" in res.stderr
    assert took < 150  # nowhere near the 600 s the slow files would take
    # the stuck writer had half a file on disk when it was stopped
    assert any(p.name.startswith("writing-.b-hangs.stuckdoc.partial-") for p in state.iterdir())

    rows = journal_rows(out / ".redactor-journal.sqlite")
    for rel in ("a-sleeps.txt", "b-hangs.stuckdoc"):
        row = rows[rel]
        assert (row["status"], row["exit_code"], row["error_class"]) == (
            "failed", 1, "FileTimeout"), row
        assert row["attempts"] == 1  # not retried in the same run
        reason = str(row["error_message"])
        assert reason.startswith(f"stopped after {LIMIT} s") and "\n" not in reason
        assert LIMIT <= float(str(row["seconds"])) < LIMIT + 30
    assert all(rows[f"c{i}.txt"]["status"] == "done" for i in range(4))
    # no output and no temporary file of the stopped files; the others are there
    assert _leftovers(out) == [f"c{i}.txt" for i in range(4)]

    rep = json.loads(report.read_text())
    assert rep["totals"]["timed_out"] == 2 and rep["totals"]["failed"] == 2
    assert rep["timeout_s"] == LIMIT
    assert {f["file"]: f["error"] for f in rep["failures"]} == {
        "a-sleeps.txt": "FileTimeout", "b-hangs.stuckdoc": "FileTimeout"}

    # the next run tries them again (here with no limit for one of them: --timeout wins)
    monkeypatch.setenv("CHAOS_SLOW_S", "0")
    again = run_cli("batch", src / "a-sleeps.txt", src / "c0.txt", "-o", out, "--workers", "1",
                    "--strategy", "label", "--timeout", "0", "-q")
    assert again.returncode == 0, again.stderr
    assert "1 done, 1 already done" in again.stderr
    assert journal_rows(out / ".redactor-journal.sqlite")["a-sleeps.txt"]["status"] == "done"


def test_inline_engine_stops_a_file_at_its_next_check(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    src, out = tmp_path / "in", tmp_path / "out"
    install_chaos(monkeypatch, tmp_path)
    write_txt(src / "a.txt", 1, "CHAOS-BUSY\n")
    write_txt(src / "b.txt", 2)
    options = BatchOptions(policy=load_policy("default").with_strategy("label"),
                           engine="inline", timeout=1.5)
    summary = run_batch([src], out, options)
    assert (summary.done, summary.failed, summary.timed_out) == (1, 1, 1)
    row = journal_rows(out / ".redactor-journal.sqlite")["a.txt"]
    assert (row["status"], row["error_class"], row["attempts"]) == ("failed", "FileTimeout", 1)
    assert _leftovers(out) == ["b.txt"]


def test_time_limit_resolution_and_usage_errors(tmp_path: Path) -> None:
    settings = Settings()
    assert BatchOptions(settings=settings).time_limit() == DEFAULT_TIMEOUT_S
    settings.set("batch", "timeout", 30)
    assert BatchOptions(settings=settings).time_limit() == 30
    assert BatchOptions(settings=settings, timeout=0).time_limit() == 0
    assert BatchOptions(settings=settings, timeout=2.5).time_limit() == 2.5
    for bad in ("soon", -1, True, float("nan"), float("inf")):
        settings.set("batch", "timeout", bad)
        with pytest.raises(UsageError):
            BatchOptions(settings=settings).time_limit()
    src = tmp_path / "in"
    write_txt(src / "a.txt", 1)
    res = run_cli("batch", src, "-o", tmp_path / "out", "--timeout", "-5")
    assert res.returncode == 2 and "--timeout must not be negative" in res.stderr
    assert not (tmp_path / "out").exists()
