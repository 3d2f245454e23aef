"""The full batch on the local engine: 40 mixed files with real worker processes and the
real pipeline (built-in models), an injected worker crash and injected exceptions; then a
rerun that redoes nothing."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from batch_corpus import NAMES, install_chaos, journal_rows, mixed_corpus, run_cli, write_txt

from redactor.core.redact_one import RedactionSetup, build_pipeline


def _no_names(data: bytes) -> bool:
    return not any(n.encode() in data for n in NAMES)


def test_forty_mixed_files_two_workers_crash_and_faults(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    src, out = tmp_path / "archive", tmp_path / "out"
    kinds = mixed_corpus(src, txt=14, docx=10, pdf=10)
    install_chaos(monkeypatch, tmp_path)
    # three of the notes inject faults: a worker killed (SIGKILL) in the middle of the file,
    # an exception on the first attempt only, an exception on every attempt
    write_txt(src / "notes" / "n00.txt", 0, "CHAOS-CRASH\n")
    write_txt(src / "notes" / "n01.txt", 1, "CHAOS-ONCE\n")
    write_txt(src / "notes" / "n02.txt", 2, "CHAOS-RAISE\n")
    assert len(kinds) == 40
    inputs_before = {p: p.read_bytes() for p in src.rglob("*") if p.is_file()}
    report = tmp_path / "report.json"

    res = run_cli("batch", src, "-o", out, "--recursive", "--workers", "2", "--retries", "2",
                  "--report", report)
    assert res.returncode == 1, res.stderr  # one file failed for good (after its retries)
    assert "40 file(s): 33 done" in res.stderr

    rows = journal_rows(out / ".redactor-journal.sqlite")
    assert sorted(rows) == sorted(kinds)  # every input once: none lost, none duplicated
    for rel, kind in kinds.items():
        row = rows[rel]
        if rel == "notes/n02.txt":
            assert (row["status"], row["exit_code"], row["attempts"]) == ("failed", 1, 3)
            assert row["error_class"] == "RuntimeError"
            assert row["error_message"] == "unexpected error (RuntimeError)"
        elif kind == "good":
            assert row["status"] == "done", (rel, row)
            data = (out / rel).read_bytes()
            assert hashlib.sha256(data).hexdigest() == row["output_sha256"]
            assert json.loads(str(row["counts"])).get("PERSON", 0) >= 2
        else:
            assert (row["status"], row["exit_code"]) == ("refused", 3), (rel, row)
            assert Path(rel).name in str(row["error_message"])
            assert not (out / rel).exists()
    assert rows["notes/n00.txt"]["attempts"] == 2  # its first worker was killed
    assert rows["notes/n01.txt"]["attempts"] == 2
    assert "encrypted" in str(rows["bad/locked1.pdf"]["error_message"])

    # outputs: exactly the done files, nothing partial, and nothing of the names left
    outputs = sorted(p.relative_to(out).as_posix() for p in out.rglob("*")
                     if p.is_file() and not p.name.startswith(".redactor-journal"))
    assert outputs == sorted(r for r, row in rows.items() if row["status"] == "done")
    pipe = build_pipeline(RedactionSetup(load_plugins=False))
    from redactor.core.context import RunContext as Ctx

    for rel in outputs:
        text = pipe.read(out / rel, Ctx()).text
        assert not any(n in text for n in NAMES), rel
    assert {p: p.read_bytes() for p in src.rglob("*") if p.is_file()} == inputs_before

    rep = json.loads(report.read_text())
    assert rep["totals"]["done"] == 33 and rep["totals"]["refused"] == 6
    assert rep["totals"]["failed"] == 1 and rep["by_type"]["PERSON"] >= 66
    assert {r["file"] for r in rep["refusals"]} == {r for r, k in kinds.items() if k == "bad"}
    assert rep["throughput"]["files_per_s"] > 0
    for blob in (report.read_bytes(), *(p.read_bytes() for p in out.glob(".redactor-journal*"))):
        assert _no_names(blob)

    # rerun: nothing redone; only the failed file is tried again
    stamps = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()
              and not p.name.startswith(".redactor-journal")}
    again = run_cli("batch", src, "-o", out, "--recursive", "--workers", "2", "--retries", "0")
    assert again.returncode == 1, again.stderr
    assert "40 file(s): 0 done, 33 already done, 6 refused, 1 failed" in again.stderr
    assert {p: p.stat().st_mtime_ns for p in stamps} == stamps
    assert journal_rows(out / ".redactor-journal.sqlite")["notes/n02.txt"]["attempts"] == 1
