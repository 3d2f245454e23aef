"""Export all and Export folder run through the batch engine and its journal: verified outputs,
resuming, the reviewer's decisions honoured, saved reviews, cancelling and refused files."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import sqlite3  # noqa: E402
from pathlib import Path  # noqa: E402

from gui_support import NameDetector, PluginOf, SlowDetector  # noqa: E402

from redactor.core.model import Action  # noqa: E402
from redactor.core.review_file import save_review  # noqa: E402
from redactor.gui.document_entry import Status  # noqa: E402

DOCX = ("redactor_plugins.formats.docx.plugin",)
JOURNAL = ".redactor-journal.sqlite"


def note(i: int) -> str:
    return f"Anna Berg met Olaf Lund in Oslo, note {i}.\n"


def write_docx(path: Path, text: str) -> Path:
    import docx

    d = docx.Document()
    d.add_paragraph(text)
    d.save(str(path))
    return path


def docx_text(path: Path) -> str:
    import docx

    return "\n".join(p.text for p in docx.Document(str(path)).paragraphs)


def corpus(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    a, b = folder / "a.txt", folder / "b.txt"
    a.write_text(note(1), encoding="utf-8")
    b.write_text(note(2), encoding="utf-8")
    return [a, b, write_docx(folder / "c.docx", note(3))]


def journal_rows(out: Path) -> dict[str, tuple[str, str]]:
    with sqlite3.connect(out / JOURNAL) as db:
        return {Path(i).name: (s, m) for i, s, m in
                db.execute("SELECT input, status, error_message FROM files")}


def outputs(out: Path) -> list[str]:
    return sorted(p.name for p in out.rglob("*") if p.is_file() and not p.name.startswith("."))


def run(qtbot, w, start):  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not w.jobs.busy, timeout=15000)  # files opened are read first
    with qtbot.waitSignal(w.export.batch.batchFinished, timeout=60000) as blocker:
        jobs = start()
        assert len(jobs) == 1
    return blocker.args[0]


@pytest.fixture
def window(make_window, make_host):  # type: ignore[no-untyped-def]
    return make_window(host=make_host(("names", PluginOf(NameDetector())), builtins=DOCX))


def test_export_all_writes_verified_outputs_and_a_journal_then_resumes(
        qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    w = window
    files = corpus(tmp_path / "in")
    w.open_files(files)
    out = tmp_path / "out"
    outcome = run(qtbot, w, lambda: w.export_all(out))
    assert outcome.count("done") == 3 and not outcome.cancelled
    assert outputs(out) == ["a.txt", "b.txt", "c.docx"]
    for text in ((out / "a.txt").read_text(encoding="utf-8"),
                 (out / "b.txt").read_text(encoding="utf-8"), docx_text(out / "c.docx")):
        assert "Anna Berg" not in text and "Olaf Lund" not in text and "Oslo" not in text
        assert "note" in text
    assert {k: v[0] for k, v in journal_rows(out).items()} == dict.fromkeys(
        ("a.txt", "b.txt", "c.docx"), "done")
    assert [e.status for e in w.entries] == [Status.EXPORTED] * 3
    p = w.export.batch.last_progress
    assert (p.finished, p.total, p.done) == (3, 3, 3)
    assert w.progress.isHidden()
    assert "3 exported and verified" in w.last_message
    # the same export again: everything is done already, nothing is rewritten
    stamps = {p.name: p.stat().st_mtime_ns for p in out.iterdir()}
    outcome = run(qtbot, w, lambda: w.export_all(out))
    assert outcome.count("skipped") == 3 and outcome.count("done") == 0
    assert "3 already done" in w.last_message
    assert all(p.stat().st_mtime_ns == stamps[p.name] for p in out.iterdir()
               if not p.name.startswith("."))


def test_the_reviewers_decisions_are_exported_and_journalled(
        qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    w = window
    files = corpus(tmp_path / "in")
    w.open_files(files)
    w.queue.setCurrentRow(0)
    with qtbot.waitSignal(w.analysisFinished, timeout=15000):
        w.analyse_current()
    entry = w.entries[0]
    oslo = next(i for i, f in enumerate(entry.analysis.findings) if f.text == "Oslo")
    w.decide(Action.KEEP, index=oslo)
    assert entry.undo is not None and not entry.undo.isClean()
    out = tmp_path / "out"
    outcome = run(qtbot, w, lambda: w.export_all(out))
    assert outcome.count("done") == 3
    assert "Oslo" in (out / "a.txt").read_text(encoding="utf-8")  # kept by the reviewer
    assert "Oslo" not in (out / "b.txt").read_text(encoding="utf-8")
    assert entry.status == Status.EXPORTED and entry.export is not None
    assert entry.undo.isClean()
    assert journal_rows(out)["a.txt"][0] == "done"
    outcome = run(qtbot, w, lambda: w.export_all(out))
    assert outcome.count("skipped") == 3
    # a change after the export: that file alone is exported again
    w.decide(Action.MASK, index=oslo)
    outcome = run(qtbot, w, lambda: w.export_all(out))
    assert (outcome.count("done"), outcome.count("skipped")) == (1, 2)
    assert "Oslo" not in (out / "a.txt").read_text(encoding="utf-8")


def test_export_folder_mirrors_the_tree_and_applies_saved_reviews(
        qtbot, make_window, make_host, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    def host():  # type: ignore[no-untyped-def]
        return make_host(("names", PluginOf(NameDetector())), builtins=DOCX)

    src = tmp_path / "archive"
    corpus(src / "sub")
    (src / "top.txt").write_text(note(4), encoding="utf-8")
    # a review saved in an earlier session: Oslo kept in sub/a.txt
    earlier = make_window(host=host())
    earlier.open_files([src / "sub" / "a.txt"])
    with qtbot.waitSignal(earlier.analysisFinished, timeout=15000):
        earlier.analyse_current()
    a = earlier.entries[0].analysis
    earlier.decide(Action.KEEP,
                   index=next(i for i, f in enumerate(a.findings) if f.text == "Oslo"))
    save_review(earlier.entries[0].analysis)
    w = make_window(host=host())
    out = tmp_path / "out"
    outcome = run(qtbot, w, lambda: w.export_folder(src, out))
    assert outcome.count("done") == 4
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")
                  if p.is_file() and not p.name.startswith(".")) == [
        "sub/a.txt", "sub/b.txt", "sub/c.docx", "top.txt"]
    assert "Oslo" in (out / "sub" / "a.txt").read_text(encoding="utf-8")
    assert "Anna Berg" not in (out / "sub" / "a.txt").read_text(encoding="utf-8")
    assert "Oslo" not in (out / "top.txt").read_text(encoding="utf-8")
    assert set(journal_rows(out)) == {"a.txt", "b.txt", "c.docx", "top.txt"}
    outcome = run(qtbot, w, lambda: w.export_folder(src, out))
    assert outcome.count("skipped") == 4


def test_cancel_mid_run_leaves_no_partial_output(
        qtbot, make_window, make_host, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    slow = SlowDetector(30.0)
    w = make_window(host=make_host(("slow", PluginOf(slow))))
    files = corpus(tmp_path / "in")[:2]
    w.open_files(files)
    out = tmp_path / "out"
    qtbot.waitUntil(lambda: not w.jobs.busy, timeout=15000)
    with qtbot.waitSignal(w.export.batch.batchFinished, timeout=30000) as blocker:
        w.export_all(out)
        qtbot.waitUntil(slow.started.is_set, timeout=15000)
        assert not w.jobs.cancel_button.isHidden()
        w.cancel()
    outcome = blocker.args[0]
    assert outcome.cancelled and outcome.count("pending") == 2
    assert [p.name for p in out.iterdir() if not p.name.startswith(JOURNAL)] == []
    assert {v[0] for v in journal_rows(out).values()} <= {"pending"}
    assert all(e.status == Status.PENDING and e.note == "export cancelled" for e in w.entries)
    assert "Export cancelled" in w.last_message


def test_a_corrupt_file_is_refused_with_its_reason(
        qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    w = window
    good = corpus(tmp_path / "in")[0]
    broken = tmp_path / "in" / "broken.docx"
    broken.write_bytes(b"PK\x03\x04 this is not a zip archive at all")
    gone = tmp_path / "in" / "gone.txt"
    gone.write_text(note(9), encoding="utf-8")
    w.open_files([good, broken, gone])
    qtbot.waitUntil(lambda: not w.jobs.busy, timeout=15000)
    gone.unlink()  # deleted after it was opened
    out = tmp_path / "out"
    outcome = run(qtbot, w, lambda: w.export_all(out))
    assert (outcome.count("done"), outcome.count("refused")) == (1, 2)
    assert w.entries[2].status == Status.FAILED and "file not found" in w.entries[2].note
    refused = next(f for f in outcome.files if f.status == "refused")
    assert refused.rel == "broken.docx" and "broken.docx" in refused.reason
    assert not (out / "broken.docx").exists()
    assert journal_rows(out)["broken.docx"] == ("refused", refused.reason)
    entry = w.entries[1]
    assert entry.status == Status.FAILED and refused.reason in entry.note
    assert "2 file(s) not exported: broken.docx — refused" in w.banner.text()
    assert "2 refused" in w.last_message
