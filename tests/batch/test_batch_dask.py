"""The Dask adapter on a real LocalCluster (2 worker processes, loopback, no dashboard),
reached through its scheduler address as ``--scheduler`` would: mixed files, a worker killed
in the middle of a file, an injected exception, a rerun, and ``--stream`` giving the same
bytes as the shared-path mode. A last test lets ``--engine dask`` start its own cluster.

The cluster test uses 18 files (6 TXT, 3 DOCX, 3 PDF and the 6 bad ones) rather than 40 to
keep it within CI's time on 2 cores; the 40-file run is test_batch_local.py.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from batch_corpus import install_chaos, journal_rows, mixed_corpus, run_cli, tree, write_txt

from redactor.batch.runner import BatchOptions, run_batch
from redactor.core.policy import load_policy

pytest.importorskip("distributed")


def _options(scheduler: str, **kw: object) -> BatchOptions:
    base: dict[str, object] = {"policy": load_policy("default").with_strategy("label"),
                               "scheduler": scheduler, "threads": 1, "recursive": True,
                               "retries": 1}
    return BatchOptions(**{**base, **kw})  # type: ignore[arg-type]


def test_cluster_crash_fault_rerun_and_stream(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from distributed import LocalCluster

    src, out = tmp_path / "archive", tmp_path / "out"
    kinds = mixed_corpus(src, txt=6, docx=3, pdf=3)
    state = install_chaos(monkeypatch, tmp_path)  # before the workers start: they see it
    write_txt(src / "notes" / "n00.txt", 0, "CHAOS-CRASH\n")
    write_txt(src / "notes" / "n01.txt", 1, "CHAOS-RAISE\n")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster:
        _run(cluster.scheduler_address, src, out, kinds, state, tmp_path)


def _run(address: str, src: Path, out: Path, kinds: dict[str, str], state: Path,
         tmp_path: Path) -> None:
    summary = run_batch([src], out, _options(address))
    assert (state / "crash-n00.txt").exists()  # the worker really was killed mid-file
    assert (summary.done, summary.refused, summary.failed, summary.pending) == (11, 6, 1, 0)
    assert summary.exit_code == 1 and summary.engine == "dask"
    rows = journal_rows(out / ".redactor-journal.sqlite")
    assert sorted(rows) == sorted(kinds)
    for rel, kind in kinds.items():
        row = rows[rel]
        if rel == "notes/n01.txt":
            assert (row["status"], row["error_class"], row["attempts"]) == (
                "failed", "RuntimeError", 2)
        elif kind == "good":
            assert row["status"] == "done", (rel, row)
            assert hashlib.sha256((out / rel).read_bytes()).hexdigest() == row["output_sha256"]
        else:
            assert (row["status"], row["exit_code"]) == ("refused", 3), (rel, row)
    written = {r for r in tree(out) if not r.startswith(".redactor-journal")}
    assert written == {r for r, row in rows.items() if row["status"] == "done"}

    again = run_batch([src], out, _options(address, retries=0))
    assert (again.done, again.skipped, again.refused, again.failed) == (0, 11, 6, 1)

    # --stream: the files travel as bytes; TXT outputs are the same bytes as above
    streamed = tmp_path / "streamed"
    notes = src / "notes"
    s2 = run_batch([notes], streamed, _options(address, stream=True))
    assert (s2.done, s2.failed) == (5, 1)
    for rel, data in tree(streamed).items():
        if not rel.startswith(".redactor-journal"):
            assert data == (out / "notes" / rel).read_bytes(), rel


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
