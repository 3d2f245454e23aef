"""Fixtures for the search plugin: a keyring we control, the loopback fake search server,
and no network guard or key left behind by a test."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fake_search import FakeSearch  # noqa: E402
from search_helpers import KEY, PAGES  # noqa: E402


@pytest.fixture
def memory_keyring() -> Iterator[Any]:
    import keyring
    from keyring.backend import KeyringBackend
    from keyring.errors import PasswordDeleteError

    class Memory(KeyringBackend):
        priority = 1  # type: ignore[assignment]

        def __init__(self) -> None:
            super().__init__()
            self.store: dict[tuple[str, str], str] = {}

        def get_password(self, service: str, username: str) -> str | None:
            return self.store.get((service, username))

        def set_password(self, service: str, username: str, password: str) -> None:
            self.store[(service, username)] = password

        def delete_password(self, service: str, username: str) -> None:
            if self.store.pop((service, username), None) is None:
                raise PasswordDeleteError("no such password")

    previous = keyring.get_keyring()
    backend = Memory()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


@pytest.fixture
def no_keyring() -> Iterator[None]:
    import keyring
    from keyring.backends import fail

    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.set_keyring(previous)


@pytest.fixture(autouse=True)
def _no_guard_left(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts and ends without the network guard; no key in the environment."""
    from redactor_plugins.search import guard

    for name in ("BRAVE", "MOJEEK", "SEARXNG"):
        monkeypatch.delenv(f"REDACTOR_SEARCH_KEY_{name}", raising=False)
    guard.uninstall()
    yield
    guard.uninstall()


@pytest.fixture
def server() -> Iterator[FakeSearch]:
    srv = FakeSearch(dict(PAGES), KEY, totals={'"Anadolu Textiles"': 3}).start()
    yield srv
    srv.stop()
