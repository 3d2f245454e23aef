"""Kill the batch process (SIGKILL) in the middle of a run, run it again, and compare the
outputs with an uninterrupted run byte for byte (TXT with the label strategy: deterministic)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from pathlib import Path

import psutil
import pytest
from batch_corpus import install_chaos, journal_rows, redactor_cmd, run_cli, tree, write_txt

from redactor.batch.runner import BatchOptions, run_batch
from redactor.core.policy import load_policy

N = 24


def _outputs(root: Path) -> dict[str, bytes]:
    return {r: b for r, b in tree(root).items() if not r.startswith(".redactor-journal")}


def test_sigkill_mid_run_then_resume_gives_identical_outputs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "in"
    for i in range(N):  # CHAOS-SLOW: each file takes a little longer, to stop the run midway
        write_txt(src / f"part{i % 3}" / f"f{i:02d}.txt", i, "CHAOS-SLOW\n")
    install_chaos(monkeypatch, tmp_path)
    monkeypatch.setenv("CHAOS_SLOW_S", "0")
    ref = tmp_path / "ref"
    policy = load_policy("default").with_strategy("label")
    summary = run_batch([src], ref, BatchOptions(policy=policy, engine="inline", recursive=True))
    assert summary.done == N and summary.exit_code == 0
    expected = _outputs(ref)
    assert len(expected) == N

    monkeypatch.setenv("CHAOS_SLOW_S", "0.4")
    out = tmp_path / "out"
    args = ("batch", src, "-o", out, "-r", "--workers", "2", "--strategy", "label", "-q")
    proc = subprocess.Popen(redactor_cmd(*args), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    journal = out / ".redactor-journal.sqlite"
    workers: list[psutil.Process] = []
    deadline = time.monotonic() + 300
    done = 0
    while time.monotonic() < deadline and proc.poll() is None:
        workers = psutil.Process(proc.pid).children(recursive=True) or workers
        if journal.exists():
            try:
                done = sum(1 for r in journal_rows(journal).values() if r["status"] == "done")
            except Exception:  # the journal is being created
                done = 0
        if done >= 4:
            break
        time.sleep(0.1)
    assert proc.poll() is None, proc.communicate()[1]
    assert 4 <= done < N
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate()
    gone, alive = psutil.wait_procs(workers, timeout=30)  # orphaned workers stop by themselves
    assert not alive

    # what the killed run left: only whole, verified outputs (atomic writes)
    left = _outputs(out)
    partial = {r: b for r, b in left.items() if ".partial-" in r}
    finished = {r: b for r, b in left.items() if ".partial-" not in r}
    assert 4 <= len(finished) < N
    for rel, data in finished.items():
        assert data == expected[rel], rel
    rows = journal_rows(journal)
    assert {r["status"] for r in rows.values()} <= {"pending", "running", "done"}

    monkeypatch.setenv("CHAOS_SLOW_S", "0")
    res = run_cli(*args)
    assert res.returncode == 0, res.stderr
    match = re.search(r"(\d+) done, (\d+) already done", res.stderr)
    assert match and int(match[2]) >= done and int(match[1]) + int(match[2]) == N
    assert _outputs(out) == expected  # byte for byte, and no temporary file left
    rows = journal_rows(journal)
    assert len(rows) == N and all(r["status"] == "done" for r in rows.values())
    assert not partial or all(r not in _outputs(out) for r in partial)
