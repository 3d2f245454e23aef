"""Fixtures for the GUI tests (pytest-qt, offscreen). Skipped cleanly without PySide6."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import importlib.util  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

# Without PySide6 (the core-only CI job) the GUI tests are not collected at all; each test
# module also starts with pytest.importorskip("PySide6").
HAVE_QT = (importlib.util.find_spec("PySide6") is not None
           and importlib.util.find_spec("pytestqt") is not None)
collect_ignore_glob = [] if HAVE_QT else ["test_*.py"]

from gui_support import TERMS, TEXT, NameDetector, PluginOf  # noqa: E402,F401

from redactor.core.policy import load_policy  # noqa: E402
from redactor.core.settings import Settings  # noqa: E402
from redactor.pluginhost.manager import PluginHost  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDACTOR_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("REDACTOR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("REDACTOR_STRICT_PLUGINS", raising=False)


# A fixed set of built-ins keeps the findings deterministic while other detectors evolve.
BASE_BUILTINS = ("redactor_plugins.formats.txt.plugin", "redactor_plugins.detectors.terms.plugin",
                 "redactor_plugins.strategies.plugin")


@pytest.fixture
def make_host() -> Callable[..., PluginHost]:
    def make(*extra: tuple[str, object], settings: Settings | None = None,
             builtins: tuple[str, ...] = ()) -> PluginHost:
        return PluginHost(settings or Settings(), builtins=BASE_BUILTINS + tuple(builtins),
                          load_entrypoints=False, load_user_folder=False,
                          extra_plugins=list(extra), strict=False)
    return make


@pytest.fixture
def policy():  # type: ignore[no-untyped-def]
    return load_policy("default").with_terms(always=TERMS)


@pytest.fixture
def txt_file(tmp_path: Path) -> Path:
    path = tmp_path / "case.txt"
    path.write_bytes(TEXT.encode("utf-8"))
    return path


@pytest.fixture
def make_window(qtbot, tmp_path: Path, make_host, policy):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QSettings

    from redactor.gui.main_window import MainWindow

    windows = []

    def make(*extra: tuple[str, object], host: PluginHost | None = None, **kw: object):
        qs = QSettings(str(tmp_path / f"gui-{len(windows)}.ini"), QSettings.Format.IniFormat)
        # tests analyse when they say so (the app's default analyses files when opened)
        qs.setValue("review/analyse_on_open", bool(kw.pop("analyse_on_open", False)))
        w = MainWindow(host or make_host(*extra), policy=kw.pop("policy", policy),
                       qsettings=qs, settings_path=tmp_path / "config" / "settings.json",
                       poll_ms=20, warm_up=False, prepare=bool(kw.pop("prepare", False)),
                       **kw)
        w.confirm_close = False
        qtbot.addWidget(w)
        windows.append(w)
        return w

    yield make
    for w in windows:
        w.runner.shutdown(5000)


@pytest.fixture
def analysed(qtbot, make_window, txt_file) -> Iterator[object]:  # type: ignore[no-untyped-def]
    w = make_window(("names", PluginOf(NameDetector())))
    w.open_files([txt_file])
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        w.analyse_current()
    yield w
