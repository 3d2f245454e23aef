"""The batch journal: one SQLite row per input, in WAL mode, committed after every file.

A row holds the input's path (absolute, and relative to the batch root), size, SHA-256, the
key of the policy and settings it was redacted under, its status (``pending``, ``running`` —
in flight when the batch stopped —, ``done``, ``refused``, ``failed``), exit code, output path
and SHA-256, counts by type, words, seconds, attempts, and the error's class and message.
Never document text. Only the process that drives the batch writes to it.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from redactor.core.errors import UsageError
from redactor.core.redact_one import RedactionRecord

PENDING, RUNNING, DONE, REFUSED, FAILED = "pending", "running", "done", "refused", "failed"
STATUSES = (PENDING, RUNNING, DONE, REFUSED, FAILED)
DEFAULT_NAME = ".redactor-journal.sqlite"
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
    input TEXT PRIMARY KEY,
    rel TEXT NOT NULL,
    output TEXT NOT NULL,
    size INTEGER NOT NULL DEFAULT 0,
    sha256 TEXT NOT NULL DEFAULT '',
    config TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'pending',
    exit_code INTEGER,
    output_sha256 TEXT NOT NULL DEFAULT '',
    replacements INTEGER NOT NULL DEFAULT 0,
    counts TEXT NOT NULL DEFAULT '{}',
    words INTEGER NOT NULL DEFAULT 0,
    seconds REAL NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0,
    error_class TEXT NOT NULL DEFAULT '',
    error_message TEXT NOT NULL DEFAULT '',
    updated REAL NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS files_status ON files(status);
"""


@dataclass(frozen=True, slots=True)
class Entry:
    """One journal row."""

    input: str
    rel: str
    output: str
    size: int
    sha256: str
    config: str
    status: str
    exit_code: int | None
    output_sha256: str
    replacements: int
    counts: dict[str, int]
    words: int
    seconds: float
    attempts: int
    error_class: str
    error_message: str
    updated: float


class Journal:
    """A journal file (created if missing). Use as a context manager or call :meth:`close`."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        if not self.path.parent.is_dir():
            raise UsageError(f"{self.path.parent}: journal folder does not exist")
        try:
            self.db = sqlite3.connect(str(self.path), timeout=30, isolation_level=None,
                                      check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(_SCHEMA)
            row = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        except sqlite3.DatabaseError as exc:
            raise UsageError(f"{self.path.name}: not a usable batch journal ({exc})") from exc
        if row is None:
            self.db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif row[0] != str(SCHEMA_VERSION):
            raise UsageError(f"{self.path.name}: journal schema {row[0]} is not supported")

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- reading ---------------------------------------------------------------------------
    def get(self, input_path: str) -> Entry | None:
        cur = self.db.execute("SELECT * FROM files WHERE input=?", (input_path,))
        row = cur.fetchone()
        return _entry(cur, row) if row else None

    def entries(self, inputs: list[str] | None = None) -> list[Entry]:
        """Every row (or the rows of ``inputs``), ordered by relative path."""
        cur = self.db.execute("SELECT * FROM files ORDER BY rel, input")
        rows = [_entry(cur, r) for r in cur.fetchall()]
        if inputs is None:
            return rows
        wanted = set(inputs)
        return [e for e in rows if e.input in wanted]

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(STATUSES, 0)
        for status, n in self.db.execute("SELECT status, COUNT(*) FROM files GROUP BY status"):
            out[status] = n
        return out

    # -- writing ---------------------------------------------------------------------------
    def upsert_pending(self, input_path: str, rel: str, output: str, size: int, sha256: str,
                       config: str, *, reset_attempts: bool) -> None:
        """Register an input to (re)do; its output path becomes this journal's."""
        with self._tx() as db:
            db.execute(
                "INSERT INTO files (input, rel, output, size, sha256, config, status, updated)"
                " VALUES (?,?,?,?,?,?,'pending',?) ON CONFLICT(input) DO UPDATE SET rel="
                "excluded.rel, output=excluded.output, size=excluded.size, sha256=excluded.sha256,"
                " config=excluded.config, status='pending', updated=excluded.updated"
                + (", attempts=0, error_class='', error_message=''" if reset_attempts else ""),
                (input_path, rel, output, size, sha256, config, time.time()))

    def mark_running(self, input_path: str) -> None:
        with self._tx() as db:
            db.execute("UPDATE files SET status='running', attempts=attempts+1, updated=? "
                       "WHERE input=?", (time.time(), input_path))

    def mark_pending(self, input_path: str, *, undo_attempt: bool = True) -> None:
        """Put an in-flight input back (cancelled): it is redone next time."""
        with self._tx() as db:
            db.execute("UPDATE files SET status='pending', updated=?"
                       + (", attempts=MAX(0, attempts-1)" if undo_attempt else "")
                       + " WHERE input=?", (time.time(), input_path))

    def finish(self, input_path: str, rec: RedactionRecord) -> None:
        """Store a finished attempt (``done``, ``refused`` or ``failed``)."""
        with self._tx() as db:
            db.execute(
                "UPDATE files SET status=?, exit_code=?, output_sha256=?, replacements=?, "
                "counts=?, words=?, seconds=?, error_class=?, error_message=?, updated=? "
                "WHERE input=?",
                (rec.status, rec.exit_code, rec.output_sha256, rec.replacements,
                 json.dumps(dict(rec.counts), sort_keys=True), rec.words, rec.seconds,
                 rec.error_class, rec.error_message[:500], time.time(), input_path))

    def set_meta(self, values: Mapping[str, Any]) -> None:
        with self._tx() as db:
            for key, value in values.items():
                db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, json.dumps(value)))

    def meta(self, key: str) -> Any:
        row = self.db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return json.loads(row[0]) if row else None


def _entry(cur: sqlite3.Cursor, row: tuple[Any, ...]) -> Entry:
    data = {d[0]: v for d, v in zip(cur.description, row, strict=True)}
    data["counts"] = json.loads(data["counts"] or "{}")
    return Entry(**data)
