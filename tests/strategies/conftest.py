"""Fixtures for the strategy tests: an in-memory keyring, keys from the environment."""

from __future__ import annotations

import base64
import os
from collections.abc import Iterator

import keyring
import keyring.backend
import pytest


class MemoryKeyring(keyring.backend.KeyringBackend):
    """A keyring that lives in a dict (never the user's real keyring)."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.store: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.store.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.store[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self.store.pop((service, username), None)


@pytest.fixture(autouse=True)
def _no_env_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("PSEUDONYM", "HASH", "ENCRYPTION"):
        monkeypatch.delenv(f"REDACTOR_KEY_{name}", raising=False)


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    old = keyring.get_keyring()
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    try:
        yield ring
    finally:
        keyring.set_keyring(old)


@pytest.fixture
def fail_keyring() -> Iterator[None]:
    from keyring.backends import fail

    old = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        yield
    finally:
        keyring.set_keyring(old)


def new_key() -> str:
    return base64.b64encode(os.urandom(32)).decode("ascii")


@pytest.fixture
def env_keys(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    keys = {name: new_key() for name in ("PSEUDONYM", "HASH", "ENCRYPTION")}
    for name, value in keys.items():
        monkeypatch.setenv(f"REDACTOR_KEY_{name}", value)
    return keys
