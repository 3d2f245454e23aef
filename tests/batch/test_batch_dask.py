"""The Dask adapter on a real LocalCluster (2 worker processes under nannies, loopback, no
dashboard), reached through its scheduler address as ``--scheduler`` would.

40 files (28 short TXT, 3 DOCX, 3 PDF and the 6 bad ones): one redaction process killed in the
middle of a file, one Dask worker process killed (SIGKILL) mid-run, one exception on every
attempt and one file over the per-file time limit; every good file ends done and verified,
every bad one refused with its reason, the report complete; a rerun redoes nothing; and
``--stream`` gives the same bytes as the shared-path mode. A last test lets ``--engine dask``
start its own cluster.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from batch_corpus import (
    NAMES,
    install_chaos,
    journal_rows,
    mixed_corpus,
    run_cli,
    tree,
    write_txt,
)

from redactor.batch.runner import BatchOptions, BatchProgress, run_batch
from redactor.core.context import RunContext
from redactor.core.policy import load_policy
from redactor.core.redact_one import RedactionSetup, build_pipeline

pytest.importorskip("distributed")

LIMIT = 15.0  # seconds per file: small files take well under 2 s even on a loaded machine
FAULTS = {"notes/n00.txt": "CHAOS-CRASH", "notes/n01.txt": "CHAOS-RAISE",
          "notes/n02.txt": "CHAOS-SLOW"}


def _options(scheduler: str, **kw: object) -> BatchOptions:
    base: dict[str, object] = {"policy": load_policy("default").with_strategy("label"),
                               "scheduler": scheduler, "threads": 1, "recursive": True,
                               "retries": 1, "timeout": LIMIT}
    return BatchOptions(**{**base, **kw})  # type: ignore[arg-type]


def test_cluster_forty_files_crashes_fault_timeout_rerun_and_stream(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from distributed import Client, LocalCluster

    src, out = tmp_path / "archive", tmp_path / "out"
    kinds = mixed_corpus(src, txt=28, docx=3, pdf=3)
    assert len(kinds) == 40
    state = install_chaos(monkeypatch, tmp_path)  # before the workers start: they see it
    monkeypatch.setenv("CHAOS_SLOW_S", "600")
    for i, (rel, marker) in enumerate(FAULTS.items()):
        write_txt(src / rel, i, marker + "\n")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        pids = sorted(client.run(os.getpid).values())
        _run(cluster.scheduler_address, pids, src, out, kinds, state, tmp_path)


def _run(address: str, pids: list[int], src: Path, out: Path, kinds: dict[str, str],
         state: Path, tmp_path: Path) -> None:
    killed: list[int] = []

    def kill_a_worker(p: BatchProgress) -> None:  # a Dask worker process dies mid-run
        if p.finished >= 12 and not killed:
            killed.append(pids[0])
            os.kill(pids[0], signal.SIGKILL)

    report = tmp_path / "report.json"
    summary = run_batch([src], out, _options(address, report=report), progress=kill_a_worker)
    assert killed and (state / "crash-n00.txt").exists()  # both kinds of crash happened
    assert (summary.done, summary.refused, summary.failed, summary.pending) == (32, 6, 2, 0)
    assert summary.timed_out == 1 and summary.exit_code == 1 and summary.engine == "dask"
    rows = journal_rows(out / ".redactor-journal.sqlite")
    assert sorted(rows) == sorted(kinds)  # every input once: none lost, none duplicated
    pipe = build_pipeline(RedactionSetup(load_plugins=False))
    for rel, kind in kinds.items():
        row = rows[rel]
        if rel == "notes/n01.txt":
            assert (row["status"], row["error_class"], row["attempts"]) == (
                "failed", "RuntimeError", 2)
        elif rel == "notes/n02.txt":
            assert (row["status"], row["error_class"], row["attempts"]) == (
                "failed", "FileTimeout", 1)
            assert str(row["error_message"]).startswith(f"stopped after {LIMIT:g} s")
        elif kind == "good":
            assert row["status"] == "done", (rel, row)
            data = (out / rel).read_bytes()
            assert hashlib.sha256(data).hexdigest() == row["output_sha256"], rel
            text = pipe.read(out / rel, RunContext()).text  # verified: no name readable
            assert text.strip() and not any(n in text for n in NAMES), rel
        else:
            assert (row["status"], row["exit_code"]) == ("refused", 3), (rel, row)
            assert Path(rel).name in str(row["error_message"])
    assert rows["notes/n00.txt"]["attempts"] == 2  # its redaction process was killed
    written = {r for r in tree(out) if not r.startswith(".redactor-journal")}
    assert written == {r for r, row in rows.items() if row["status"] == "done"}  # no partial

    rep = json.loads(report.read_text())
    assert rep["totals"] == {"files": 40, "done": 32, "done_this_run": 32,
                             "skipped_done_before": 0, "refused": 6, "failed": 2,
                             "timed_out": 1, "not_finished": 0,
                             "replacements": rep["totals"]["replacements"]}
    assert rep["by_type"]["PERSON"] >= 2 * 32 and rep["timeout_s"] == LIMIT
    assert {r["file"] for r in rep["refusals"]} == {r for r, k in kinds.items() if k == "bad"}
    assert {f["file"]: f["error"] for f in rep["failures"]} == {
        "notes/n01.txt": "RuntimeError", "notes/n02.txt": "FileTimeout"}
    assert all(r["reason"] for r in rep["refusals"] + rep["failures"])

    # rerun: nothing redone; the two failed files are tried again (the slow one with a short
    # limit) and fail again
    again = run_batch([src], out, _options(address, retries=0, timeout=1))
    assert (again.done, again.skipped, again.refused, again.failed) == (0, 32, 6, 2)

    # --stream: the files travel as bytes; TXT outputs are the same bytes as above
    streamed = tmp_path / "streamed"
    notes = [src / "notes" / f"n{i:02d}.txt" for i in (1, *range(3, 12))]
    s2 = run_batch(notes, streamed, _options(address, stream=True))
    assert (s2.done, s2.failed) == (9, 1)
    for rel, data in tree(streamed).items():
        if not rel.startswith(".redactor-journal"):
            assert data == (out / "notes" / rel).read_bytes(), rel

    # two batches with different strategies on the cluster at the same time: each file is
    # redacted under its own batch's policy
    some = notes[1:5]
    with ThreadPoolExecutor(2) as pool:
        runs = {strategy: pool.submit(run_batch, some, tmp_path / strategy, _options(
            address, policy=load_policy("default").with_strategy(strategy)))
                for strategy in ("label", "redact")}
    assert all(r.result().done == len(some) for r in runs.values())
    for path in some:
        assert "[PERSON 1]" in (tmp_path / "label" / path.name).read_text(encoding="utf-8")
        redacted = (tmp_path / "redact" / path.name).read_text(encoding="utf-8")
        assert "[REDACTED]" in redacted and "[PERSON" not in redacted


def test_engine_dask_starts_its_own_local_cluster(tmp_path: Path) -> None:
    src, out = tmp_path / "in", tmp_path / "out"
    write_txt(src / "a.txt", 1)
    write_txt(src / "b.txt", 2)
    res = run_cli("batch", src, "-o", out, "--engine", "dask", "--workers", "1",
                  "--strategy", "label", "-q")
    assert res.returncode == 0, res.stderr
    assert "2 done" in res.stderr and "(dask, 1 worker(s))" in res.stderr
    assert "INFO" not in res.stderr  # the cluster's own logs stay quiet
    assert "[PERSON 1]" in (out / "a.txt").read_text(encoding="utf-8")
