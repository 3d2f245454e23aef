"""The app readies readers and fast detectors (their ``warm_up``) once its window is up."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from gui_support import PluginOf  # noqa: E402

from redactor.core.model import Finding, Label, Span  # noqa: E402


class WarmDetector:
    """A fast detector (no ``prepare``) that records its ``warm_up`` calls."""

    id = "warm-names"
    version = "1.0"

    def __init__(self, fail: bool = False) -> None:
        self.warmed: list[str] = []
        self.fail = fail

    def warm_up(self, ctx):  # type: ignore[no-untyped-def]
        self.warmed.append(threading.current_thread().name)
        if self.fail:
            raise RuntimeError("no lists")

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        start = doc.text.find("Olaf Lund")
        if start >= 0:
            yield Finding(Span(start, start + 9), Label.PERSON, "Olaf Lund", detector=self.id)


class SlowModelDetector(WarmDetector):
    """A detector with a model (``prepare``): not warmed up, its model is not loaded."""

    id = "model-names"

    def __init__(self) -> None:
        super().__init__()
        self.prepared = 0

    def prepare(self, ctx):  # type: ignore[no-untyped-def]
        self.prepared += 1


def test_readers_and_fast_detectors_are_warmed_in_the_background(
        qtbot, make_window, make_host) -> None:  # type: ignore[no-untyped-def]
    fast, slow = WarmDetector(), SlowModelDetector()
    host = make_host(("warm", PluginOf(fast, slow)),
                     builtins=("redactor_plugins.formats.pdf.plugin",))
    window = make_window(host=host, prepare=True)
    qtbot.waitUntil(lambda: window.prepare_job is not None and window.prepare_job.done,
                    timeout=10_000)
    job = window.prepare_job
    assert job.status == "succeeded"
    # the fast detector once, off the GUI thread; the model detector neither warmed nor loaded
    assert len(fast.warmed) == 1 and fast.warmed[0] != threading.main_thread().name
    assert slow.warmed == [] and slow.prepared == 0
    reader = next(r.component for r in window.session.host.components("readers")
                  if r.id == "pdf-reader")
    assert reader._reader is not None  # the PDF reader's libraries are loaded


def test_a_failing_warm_up_is_left_to_the_run(qtbot, make_window, txt_file) -> None:  # type: ignore[no-untyped-def]
    broken = WarmDetector(fail=True)
    window = make_window(("warm", PluginOf(broken)), prepare=True)
    # opened at once: the analysis runs after the warm-up, which failed quietly
    window.open_files([txt_file], analyse=True)
    entry = window.queue.current
    qtbot.waitUntil(lambda: entry.analysis is not None, timeout=10_000)
    job = window.prepare_job
    assert job is not None
    qtbot.waitUntil(lambda: job.done, timeout=10_000)
    assert job.status == "succeeded"
    assert broken.warmed and any(f.text == "Olaf Lund" for f in entry.analysis.findings)
    assert window.session.host.failures == []  # warm-up failures are not the file's


def test_no_warm_up_without_prepare(qtbot, make_window) -> None:  # type: ignore[no-untyped-def]
    fast = WarmDetector()
    window = make_window(("warm", PluginOf(fast)))
    qtbot.wait(100)
    assert window.prepare_job is None and fast.warmed == []


def test_native_libraries_load_those_installed() -> None:
    from redactor.gui.native_libraries import NATIVE_LIBRARIES, load_native_libraries

    assert load_native_libraries(("json", "no_such_module_for_redactor")) == ["json"]
    assert set(load_native_libraries()) == set(NATIVE_LIBRARIES)  # all are dependencies
