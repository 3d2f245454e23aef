"""``redactor batch`` and ``redactor watch`` on the command line, and the API the desktop
app uses (progress callback, cancel token)."""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

from batch_corpus import NAMES, journal_rows, redactor_cmd, run_cli, write_pdf, write_txt

from redactor.batch.runner import BatchOptions, BatchProgress, run_batch
from redactor.core.context import CancelToken
from redactor.core.policy import load_policy


def test_usage_errors_touch_nothing(tmp_path: Path) -> None:
    src = tmp_path / "in"
    write_txt(src / "a.txt", 1)
    out = tmp_path / "out"
    res = run_cli("batch", src, "-o", out, "--strategy", "no-such-strategy")
    assert res.returncode == 2 and "unknown strategy" in res.stderr
    assert not out.exists()
    assert run_cli("batch", src, "-o", out, "--stream").returncode == 2
    assert run_cli("batch", src, "-o", src).returncode == 2
    assert run_cli("batch", tmp_path / "missing", "-o", out).returncode == 2
    assert run_cli("batch", src, "-o", out, "--workers", "-1").returncode == 2
    assert not out.exists()


def test_existing_output_needs_force_and_reports_hold_no_text(tmp_path: Path) -> None:
    src, out = tmp_path / "in", tmp_path / "out"
    write_txt(src / "a.txt", 1)
    write_pdf(src / "b.pdf", 2)
    (src / "c.docx").write_bytes(b"PK\x03\x04 broken")
    out.mkdir()
    (out / "a.txt").write_text("someone else's file")
    html = tmp_path / "report.html"
    res = run_cli("batch", src, "-o", out, "--engine", "inline", "--report", html)
    assert res.returncode == 3, res.stderr  # the bad DOCX (3) outranks the existing output (2)
    assert "[1/3] refused a.txt: a.txt: output exists" in res.stderr
    assert (out / "a.txt").read_text() == "someone else's file"
    rows = journal_rows(out / ".redactor-journal.sqlite")
    assert (rows["a.txt"]["status"], rows["a.txt"]["exit_code"]) == ("refused", 2)
    assert (rows["c.docx"]["status"], rows["c.docx"]["exit_code"]) == ("refused", 3)
    assert rows["b.pdf"]["status"] == "done"
    page = html.read_text()
    assert "Batch redaction report" in page and "c.docx" in page
    assert not any(n in page for n in NAMES)

    # a second run without --force must not take the foreign file as its own
    res = run_cli("batch", src, "-o", out, "--engine", "inline", "-q")
    assert (out / "a.txt").read_text() == "someone else's file", res.stderr

    res = run_cli("batch", src, "-o", out, "--engine", "inline", "--force", "-q")
    assert res.returncode == 3, res.stderr  # only the broken DOCX is left
    assert "someone else" not in (out / "a.txt").read_text()
    assert "1 done, 1 already done, 1 refused" in res.stderr


def test_gui_api_progress_and_cancel_then_resume(tmp_path: Path) -> None:
    src, out = tmp_path / "in", tmp_path / "out"
    for i in range(4):
        write_txt(src / f"f{i}.txt", i)
    cancel = CancelToken()
    seen: list[BatchProgress] = []

    def progress(p: BatchProgress) -> None:
        seen.append(p)
        if p.done >= 1:
            cancel.cancel()

    options = BatchOptions(policy=load_policy("default").with_strategy("label"),
                           engine="inline")
    first = run_batch([src], out, options, progress=progress, cancel=cancel)
    assert first.cancelled and first.exit_code == 130
    assert first.done == 1 and first.pending == 3
    assert seen[0].total == 4 and seen[0].finished == 0 and seen[-1].last.endswith(".txt")
    assert seen[-1].files_per_s > 0
    statuses = sorted(r["status"] for r in journal_rows(out / ".redactor-journal.sqlite")
                      .values())
    assert statuses == ["done", "pending", "pending", "pending"]
    second = run_batch([src], out, options)
    assert (second.done, second.skipped, second.exit_code) == (3, 1, 0)


def test_watch_takes_settled_files_until_sigterm(tmp_path: Path) -> None:
    inbox, out = tmp_path / "inbox", tmp_path / "out"
    inbox.mkdir()
    write_txt(inbox / "early.txt", 1)
    proc = subprocess.Popen(redactor_cmd("watch", inbox, "-o", out, "--settle", "1",
                                         "--interval", "0.2", "--workers", "1",
                                         "--strategy", "label"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(1.5)
        with (inbox / "slow.txt").open("w", encoding="utf-8") as fh:  # written in two goes
            fh.write("Anna Berg wrote the first half.\n")
            fh.flush()
            time.sleep(0.4)
            fh.write("SECOND HALF by Tomas Lund.\n")
        (inbox / "junk.pdf").write_bytes(b"not a pdf")
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and not all(
                (out / n).exists() for n in ("early.txt", "slow.txt")):
            assert proc.poll() is None, proc.communicate()[1]
            time.sleep(0.2)
        time.sleep(1.0)
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    slow = (out / "slow.txt").read_text(encoding="utf-8")
    assert "SECOND HALF" in slow and "Anna Berg" not in slow and "Tomas Lund" not in slow
    rows = journal_rows(out / ".redactor-journal.sqlite")
    assert rows["early.txt"]["status"] == rows["slow.txt"]["status"] == "done"
    assert (rows["junk.pdf"]["status"], rows["junk.pdf"]["exit_code"]) == ("refused", 3)
    assert "done slow.txt" in err and not list(out.glob(".*.partial-*"))
