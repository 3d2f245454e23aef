"""Fast tests of the batch parts: input expansion, journal, the one-document core function."""

from __future__ import annotations

import pickle
import sqlite3
from pathlib import Path

import pytest
from batch_corpus import write_txt

from redactor.batch.inputs import expand_inputs
from redactor.batch.journal import Journal
from redactor.batch.runner import BatchSummary
from redactor.core.errors import UsageError, VerificationError
from redactor.core.policy import load_policy
from redactor.core.redact_one import (
    RedactionRecord,
    RedactionSetup,
    build_pipeline,
    error_fields,
    redact_one,
)


def _files(root: Path, *rels: str) -> None:
    for rel in rels:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("x", encoding="utf-8")


def test_expand_folder_recursive_glob_and_exclusions(tmp_path: Path) -> None:
    src = tmp_path / "archive"
    _files(src, "a.txt", "sub/b.txt", "sub/deep/c.docx", ".hidden.txt", ".git/x.txt",
           "sub/.cache/y.txt", "out/old.txt")
    out = src / "out"
    flat = expand_inputs([src], out)
    assert [s.rel for s in flat] == ["a.txt"]
    deep = expand_inputs([src], out, recursive=True)
    assert [s.rel for s in deep] == ["a.txt", "sub/b.txt", "sub/deep/c.docx"]
    assert deep[2].output == out.resolve() / "sub" / "deep" / "c.docx"
    globbed = expand_inputs([str(src / "**" / "*.txt")], out, recursive=True)
    assert [s.rel for s in globbed] == ["a.txt", "sub/b.txt"]
    # several inputs mirror under their common folder; an explicit hidden file is an input
    both = expand_inputs([src / "a.txt", src / "sub" / "deep", src / ".hidden.txt"],
                         tmp_path / "o")
    assert [s.rel for s in both] == [".hidden.txt", "a.txt", "sub/deep/c.docx"]
    # a link to a file elsewhere keeps its place in the tree
    (tmp_path / "elsewhere.txt").write_text("x")
    (src / "sub" / "link.txt").symlink_to(tmp_path / "elsewhere.txt")
    linked = expand_inputs([src], out, recursive=True)
    assert "sub/link.txt" in [s.rel for s in linked]


def test_expand_refuses_bad_usage(tmp_path: Path) -> None:
    src = tmp_path / "in"
    _files(src, "a.txt")
    with pytest.raises(UsageError):
        expand_inputs([src], src)
    with pytest.raises(UsageError):
        expand_inputs([tmp_path / "missing"], tmp_path / "o")
    with pytest.raises(UsageError):
        expand_inputs([str(tmp_path / "*.nothing")], tmp_path / "o")
    with pytest.raises(UsageError):
        expand_inputs([src / "x"], src / "x")  # missing
    with pytest.raises(UsageError):
        expand_inputs([src], tmp_path)  # the input folder inside the output folder


def test_journal_roundtrip_and_wal(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    with Journal(path) as j:
        j.upsert_pending("/in/a.txt", "a.txt", "/out/a.txt", 10, "ab" * 32, "k1",
                         reset_attempts=True)
        j.mark_running("/in/a.txt")
        j.finish("/in/a.txt", RedactionRecord("failed", 1, 0.5, error_class="RuntimeError",
                                              error_message="unexpected error (RuntimeError)"))
        j.mark_running("/in/a.txt")
        j.finish("/in/a.txt", RedactionRecord("done", 0, 0.25, output_sha256="cd" * 32,
                                              replacements=3, counts={"PERSON": 2, "CODE": 1},
                                              words=12))
        e = j.get("/in/a.txt")
        assert e is not None and e.status == "done" and e.attempts == 2
        assert e.counts == {"CODE": 1, "PERSON": 2} and e.words == 12
        assert j.counts()["done"] == 1
        j.mark_pending("/in/a.txt")
        assert j.get("/in/a.txt").attempts == 1  # type: ignore[union-attr]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()
    (tmp_path / "junk.sqlite").write_bytes(b"not a database at all" * 100)
    with pytest.raises(UsageError):
        Journal(tmp_path / "junk.sqlite")


def test_setup_pickles_and_key_follows_what_decides_the_output() -> None:
    a = RedactionSetup(policy=load_policy("default").with_strategy("label"))
    b = pickle.loads(pickle.dumps(a))
    assert b == a and b.key() == a.key()
    assert RedactionSetup(policy=load_policy("default")).key() != a.key()
    threads = {"recognizer": {"threads": 4}, "risk": {"threads": 4}, "ocr": {"threads": 2}}
    assert RedactionSetup(policy=a.policy, settings=threads).key() == a.key()
    run = {"batch": {"timeout": 60}}  # how the batch runs, not what it writes
    assert RedactionSetup(policy=a.policy, settings=run).key() == a.key()
    assert RedactionSetup(policy=a.policy, password="pw").key() != a.key()


def test_error_fields_keep_only_the_class_of_foreign_errors() -> None:
    assert error_fields(RuntimeError("Anna Berg lives here")) == (
        "RuntimeError", "unexpected error (RuntimeError)")
    assert error_fields(UsageError("x.txt: output exists")) == ("UsageError",
                                                                "x.txt: output exists")
    msg = "verification failed: word/document.xml: DATETIME '19…' (4 characters) survives"
    assert error_fields(VerificationError(msg)) == (
        "VerificationError",
        "verification failed: word/document.xml: DATETIME '…' (4 characters) survives")


def test_batch_exit_code_order() -> None:
    s = BatchSummary()
    assert s.exit_code == 0
    s.codes[3] += 1
    assert s.exit_code == 3
    s.codes[4] += 1
    assert s.exit_code == 4
    s.failed = 1
    assert s.exit_code == 1
    s.cancelled = True
    assert s.exit_code == 130


def test_redact_one_done_refused_and_stale_partials(tmp_path: Path) -> None:
    setup = RedactionSetup(policy=load_policy("default").with_strategy("label"),
                           load_plugins=False)
    pipe = build_pipeline(setup)
    src = write_txt(tmp_path / "in" / "a.txt", 3)
    out = tmp_path / "out"
    out.mkdir()
    stale = out / ".a.txt.partial-deadbeef"
    stale.write_text("half a file")
    rec = redact_one(pipe, src, out / "a.txt", setup=setup)
    assert rec.status == "done" and rec.exit_code == 0 and rec.words > 10
    assert rec.counts.get("PERSON", 0) >= 2 and len(rec.input_sha256) == 64
    assert not stale.exists()
    text = (out / "a.txt").read_text(encoding="utf-8")
    assert "Peter Novak" not in text and "[PERSON 1]" in text
    again = redact_one(pipe, src, out / "a.txt", setup=setup)
    assert (again.status, again.exit_code, again.error_class) == ("refused", 2, "UsageError")
    forced = redact_one(pipe, src, out / "a.txt", setup=setup, overwrite=True)
    assert forced.status == "done" and forced.output_sha256 == rec.output_sha256
    bad = tmp_path / "in" / "bad.pdf"
    bad.write_bytes(b"not a pdf")
    refused = redact_one(pipe, bad, out / "bad.pdf", setup=setup)
    assert (refused.status, refused.exit_code) == ("refused", 3)
    assert "bad.pdf" in refused.error_message and not (out / "bad.pdf").exists()
    assert sorted(p.name for p in out.iterdir()) == ["a.txt"]
