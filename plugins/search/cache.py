"""A local, expiring cache of search results (SQLite, ``web_search.cache_path``).

Rows hold a keyed hash of (provider, query) — HMAC-SHA256 with a random salt made for this
cache file — the result URLs, the total hit count and when they were fetched: never a query
in clear. The URLs themselves may tell whom a document is about: the file is created
readable by its owner only, rows expire after ``web_search.cache_days`` and deleting the file
is always safe. Only providers that need the network are cached.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Cached:
    urls: tuple[str, ...]
    total_hits: int | None
    fetched: float


class Cache:
    """Results by (provider, query), expiring after ``days``."""

    def __init__(self, path: Path, days: float) -> None:
        self.path = path
        self.ttl = days * 86400.0
        self._lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        self._conn = sqlite3.connect(path, check_same_thread=False, timeout=10)
        with self._conn:
            self._conn.execute("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, "
                               "value TEXT NOT NULL)")
            self._conn.execute("CREATE TABLE IF NOT EXISTS results(provider TEXT NOT NULL, "
                               "qhash TEXT NOT NULL, fetched REAL NOT NULL, total INTEGER, "
                               "urls TEXT NOT NULL, PRIMARY KEY(provider, qhash))")
            self._conn.execute("INSERT OR IGNORE INTO meta VALUES ('salt', ?)",
                               (secrets.token_hex(32),))
            self._conn.execute("DELETE FROM results WHERE fetched < ?",
                               (time.time() - self.ttl,))
        row = self._conn.execute("SELECT value FROM meta WHERE key = 'salt'").fetchone()
        self._salt = bytes.fromhex(row[0])

    def key(self, provider: str, query: str) -> str:
        return hmac.new(self._salt, f"{provider}\x00{query}".encode(), hashlib.sha256).hexdigest()

    def get(self, provider: str, query: str) -> Cached | None:
        with self._lock:
            row = self._conn.execute(
                "SELECT fetched, total, urls FROM results WHERE provider = ? AND qhash = ? "
                "AND fetched >= ?", (provider, self.key(provider, query),
                                     time.time() - self.ttl)).fetchone()
        if row is None:
            return None
        try:
            urls = tuple(str(u) for u in json.loads(row[2]))
        except ValueError:
            return None
        return Cached(urls, row[1], float(row[0]))

    def put(self, provider: str, query: str, urls: tuple[str, ...],
            total_hits: int | None) -> None:
        with self._lock, self._conn:
            self._conn.execute("INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?)",
                               (provider, self.key(provider, query), time.time(), total_hits,
                                json.dumps(list(urls))))

    def close(self) -> None:
        self._conn.close()


_open: dict[tuple[str, float], Cache] = {}
_open_lock = threading.Lock()


def open_cache(path: Path, days: float) -> Cache | None:
    """The cache at ``path`` (one connection per process), or None when caching is off."""
    if days <= 0:
        return None
    key = (str(path.expanduser().resolve()), days)
    with _open_lock:
        cache = _open.get(key)
        if cache is None or not Path(key[0]).exists():
            cache = _open[key] = Cache(path, days)
    return cache
