"""Pipeline.preload: components' ``prepare`` runs in threads of their own when the first
document is read, concurrently, and ``detect`` waits for its own component's; an error in
``prepare`` is reported by the component's call, as before."""

from __future__ import annotations

import threading
import types
from pathlib import Path

from redactor.core.context import RunContext
from redactor.core.pipeline import Pipeline
from redactor.core.policy import Policy
from redactor.plugin_api import Finding, Label, Span, hookimpl
from redactor.pluginhost.manager import PluginHost


class SlowModel:
    """A detector whose ``prepare`` blocks until the test lets it go."""

    id = "slow-model"
    version = "1"

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.loaded = False
        self.threads: list[str] = []

    def prepare(self, ctx: RunContext) -> None:
        self.threads.append(threading.current_thread().name)
        self.started.set()
        assert self.release.wait(10)
        self.loaded = True

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        assert self.loaded, "detect ran before prepare finished"
        i = doc.text.index("Berg")
        return [Finding(Span(i, i + 4), Label.PERSON, "Berg", detector=self.id)]


class BrokenPrepare:
    id = "broken-prepare"
    version = "1"

    def prepare(self, ctx: RunContext) -> None:
        raise RuntimeError("model file damaged")

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        raise RuntimeError("model file damaged")


def _host(*detectors: object) -> PluginHost:
    plugin = types.SimpleNamespace()

    @hookimpl
    def register_detectors(register):  # type: ignore[no-untyped-def]
        for d in detectors:
            register(d)

    plugin.register_detectors = register_detectors
    return PluginHost(builtins=("redactor_plugins.formats.txt.plugin",), load_entrypoints=False,
                      load_user_folder=False, extra_plugins=[("preload_test", plugin)],
                      strict=False)


def test_prepare_runs_in_its_own_thread_while_the_document_is_read(tmp_path: Path) -> None:
    slow = SlowModel()
    pipe = Pipeline(_host(slow), Policy())
    src = tmp_path / "note.txt"
    src.write_text("Mr Berg called.\n", encoding="utf-8")
    ctx = RunContext()
    doc = pipe.read(src, ctx)  # returns while the model is still "loading"
    assert slow.started.wait(10)
    assert not slow.loaded
    assert slow.threads == ["redactor-prepare-slow-model"]
    threading.Timer(0.2, slow.release.set).start()
    found = pipe.detect(doc, ctx)  # waits for prepare, then detects
    assert [f.text for f in found] == ["Berg"]
    pipe.preload(ctx)  # once per pipeline
    assert slow.threads == ["redactor-prepare-slow-model"]


def test_an_error_in_prepare_is_reported_by_the_detector_call(tmp_path: Path) -> None:
    pipe = Pipeline(_host(BrokenPrepare()), Policy())
    src = tmp_path / "note.txt"
    src.write_text("Mr Berg called.\n", encoding="utf-8")
    ctx = RunContext()
    doc = pipe.read(src, ctx)
    assert pipe.detect(doc, ctx) == []
    failures = pipe.host.take_failures()
    assert [(f.component, f.phase) for f in failures] == [("broken-prepare", "detect")]
