"""Shared fixtures: isolated config/data folders, a built-ins-only plugin host, sample files."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never read or write the real user's settings, plugins or models."""
    base = tmp_path_factory.mktemp("redactor-home")
    monkeypatch.setenv("REDACTOR_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("REDACTOR_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("REDACTOR_PLUGINS_DIR", str(base / "plugins"))
    # no optimised model graphs in the user's cache (tests/perf/test_startup.py sets its own)
    monkeypatch.setenv("REDACTOR_ORT_CACHE", "0")
    monkeypatch.delenv("REDACTOR_DISABLE_PLUGINS", raising=False)
    monkeypatch.delenv("REDACTOR_STRICT_PLUGINS", raising=False)


@pytest.fixture
def host() -> Iterator[object]:
    from redactor.pluginhost.manager import PluginHost

    yield PluginHost(load_entrypoints=False, load_user_folder=False)


@pytest.fixture
def shared_data() -> Path:
    path = SHARED / "data"
    if not path.is_dir():
        pytest.skip("../shared/data is not available")
    return path


def pytest_configure(config: pytest.Config) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
