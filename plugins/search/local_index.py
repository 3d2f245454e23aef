"""The ``local-index`` provider: an SQLite FTS5 index over a folder the organisation chooses
(``redactor index build FOLDER``), for sites that must not search the web. Its "pages" are
the indexed documents, named by their ``file:`` URLs; it needs no network and reports total
hit counts (the number of matching documents).

The index is contentless (``content=''``): it keeps the words' positions for phrase queries
and ranking, not the documents' text. A build writes a new file and replaces the old one.
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from redactor_plugins.search.config import index_path
from redactor_plugins.search.providers import query_id
from redactor_plugins.search.transport import SearchError
from redactor_plugins.search.urls import source_url

from redactor.plugin_api import RunContext, SearchResult

SCHEMA = 1
EXTENSIONS = (".txt", ".docx", ".pdf")
_PHRASE = re.compile(r'"([^"]*)"|(\S+)')
_WORD = re.compile(r"\w+")


def fts_query(query: str) -> str | None:
    """An FTS5 query from a search string: each ``"quoted phrase"`` (or bare word) must
    occur. None when the string holds no word."""
    parts = []
    for quoted, bare in _PHRASE.findall(query):
        words = _WORD.findall(quoted or bare)
        if words:
            parts.append('"' + " ".join(words) + '"')
    return " AND ".join(parts) if parts else None


def _create(conn: sqlite3.Connection) -> None:
    conn.executescript("""
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE pages(id INTEGER PRIMARY KEY, url TEXT UNIQUE NOT NULL,
                           sha256 TEXT NOT NULL, format TEXT NOT NULL, chars INTEGER NOT NULL);
        CREATE VIRTUAL TABLE words USING fts5(body, content='',
                                              tokenize='unicode61 remove_diacritics 2');
    """)


@dataclass
class BuildStats:
    """What a build did."""

    path: Path
    documents: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (file name, why)
    seconds: float = 0.0


def write_index(pages: Iterable[tuple[str, str, str, str]], path: Path,
                meta: dict[str, str] | None = None) -> int:
    """Write an index of ``(url, sha256, format, text)`` pages to ``path`` (atomically);
    returns the number of pages."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.partial-{os.getpid()}")
    tmp.unlink(missing_ok=True)
    n = 0
    try:
        conn = sqlite3.connect(tmp)
        try:
            conn.execute("PRAGMA journal_mode=OFF")
            conn.execute("PRAGMA synchronous=OFF")
            _create(conn)
            with conn:
                for url, sha, fmt, text in pages:
                    cur = conn.execute("INSERT OR IGNORE INTO pages(url, sha256, format, chars) "
                                       "VALUES (?, ?, ?, ?)", (url, sha, fmt, len(text)))
                    if cur.rowcount:
                        conn.execute("INSERT INTO words(rowid, body) VALUES (?, ?)",
                                     (cur.lastrowid, text))
                        n += 1
                info = {"schema": str(SCHEMA), "built": str(time.time()), **(meta or {})}
                conn.executemany("INSERT INTO meta VALUES (?, ?)", info.items())
            conn.execute("INSERT INTO words(words) VALUES ('optimize')")
            conn.commit()
        finally:
            conn.close()
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return n


def iter_files(folder: Path) -> Iterator[Path]:
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.lower().endswith(EXTENSIONS) and not name.startswith("."):
                yield Path(root) / name


_worker_ctx: RunContext | None = None


def _init_worker() -> None:
    global _worker_ctx
    from redactor.plugin_api import user_settings

    _worker_ctx = RunContext(settings=user_settings())


def _read_one(path: str) -> tuple[str, str, str, str] | tuple[str, str]:
    """(url, sha256, format, text) of one file, or (file name, why it was skipped)."""
    from redactor.plugin_api import RedactorError, read_document

    if _worker_ctx is None:
        _init_worker()
    try:
        doc = read_document(path, _worker_ctx)
    except RedactorError as exc:  # messages name the file, never its content
        return Path(path).name, str(exc)
    except Exception as exc:
        return Path(path).name, type(exc).__name__
    return source_url(path), doc.sha256, doc.format, doc.text


def build_index(folder: Path, path: Path, *, workers: int = 2,
                progress: Callable[[int, int], None] | None = None) -> BuildStats:
    """Read every TXT/DOCX/PDF file under ``folder`` with Redactor's readers (``workers``
    processes) and index them into ``path``."""
    t0 = time.perf_counter()
    files = [str(p) for p in iter_files(folder)]
    stats = BuildStats(path)

    def pages() -> Iterator[tuple[str, str, str, str]]:
        if workers <= 1 or len(files) < 8:
            results: Iterable[Any] = map(_read_one, files)
            pool = None
        else:
            from concurrent.futures import ProcessPoolExecutor  # only when indexing (start-up)

            pool = ProcessPoolExecutor(max_workers=workers, initializer=_init_worker)
            results = pool.map(_read_one, files, chunksize=8)
        try:
            for i, res in enumerate(results, 1):
                if progress is not None:
                    progress(i, len(files))
                if len(res) == 2:
                    stats.skipped.append(res)  # type: ignore[arg-type]
                else:
                    yield res  # type: ignore[misc]
        finally:
            if pool is not None:
                pool.shutdown(cancel_futures=True)

    stats.documents = write_index(pages(), path, {"folder": str(folder.resolve())})
    stats.seconds = time.perf_counter() - t0
    return stats


def index_stats(path: Path) -> dict[str, Any]:
    """Documents (by format), build time, folder and size of an index."""
    if not path.is_file():
        raise FileNotFoundError(path)
    conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        formats = dict(conn.execute("SELECT format, count(*) FROM pages GROUP BY format"))
        chars = conn.execute("SELECT coalesce(sum(chars), 0) FROM pages").fetchone()[0]
    finally:
        conn.close()
    return {"path": str(path), "documents": sum(formats.values()), "formats": formats,
            "characters": chars, "folder": meta.get("folder", ""),
            "built": float(meta.get("built", 0)), "bytes": path.stat().st_size}


class LocalIndex:
    """Searches an index built by :func:`build_index` (``web_search.index_path``)."""

    id = "local-index"
    version = "1.0"
    needs_network = False
    reports_total_hits = True

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._conns: dict[str, sqlite3.Connection] = {}
        self._lock = threading.Lock()

    def _conn(self, path: Path) -> sqlite3.Connection:
        key = f"{path.resolve()}:{path.stat().st_mtime_ns}"
        conn = self._conns.get(key)
        if conn is None:
            for old in self._conns.values():
                old.close()
            self._conns.clear()
            conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True,
                                   check_same_thread=False)
            self._conns[key] = conn
        return conn

    def search(self, query: str, k: int, ctx: RunContext) -> SearchResult:
        path = self.path or index_path(ctx)
        if not path.is_file():
            raise SearchError("config", f"no local search index at {path}: build one with "
                                        "`redactor index build FOLDER`")
        match = fts_query(query)
        qid = query_id(self.id, query)
        if match is None:
            return SearchResult(qid, 0, (), 0)
        with self._lock:
            try:
                conn = self._conn(path)
                rows = conn.execute(
                    "SELECT p.url FROM words JOIN pages p ON p.id = words.rowid "
                    "WHERE words MATCH ? ORDER BY bm25(words) LIMIT ?", (match, k)).fetchall()
                total = conn.execute("SELECT count(*) FROM words WHERE words MATCH ?",
                                     (match,)).fetchone()[0]
            except sqlite3.DatabaseError as exc:
                raise SearchError("malformed", f"the local search index {path.name} cannot be "
                                               f"read ({type(exc).__name__})") from exc
        urls = tuple(r[0] for r in rows)
        return SearchResult(qid, len(urls), urls, int(total))


def leave_one_out_index(gold_docs: Iterable[Any], settings: Any) -> Path:
    """For ``redactor evaluate --search-index-loo``: index the gold documents' texts (each page
    named as the evaluation names the document, so each one is left out of its own results)
    in a temporary file, and point ``settings`` at it with web search on."""
    import atexit
    import hashlib
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="redactor-loo-"))
    atexit.register(shutil.rmtree, folder, True)
    path = folder / "index.sqlite"
    write_index(((source_url(Path(g.doc_id)), hashlib.sha256(g.text.encode()).hexdigest(),
                  "txt", g.text) for g in gold_docs), path, {"folder": "gold documents"})
    for key, value in (("enabled", True), ("provider", "local-index"),
                       ("index_path", str(path))):
        settings.set("web_search", key, value)
    return path
