"""Start-up (#18): the command line builds its plugin host without numpy, ONNX Runtime,
tokenizers, Pillow, phonenumbers or python-stdnum (the preload threads import them, while the
models load), the pattern detector compiles its expressions in its own ``warm_up`` thread
(not ``prepare``: the desktop app would take it for a slow detector), and a
bundled model's graph is optimised once per machine, with the same outputs. Checked without
timing: which modules are imported, which files are written, which outputs come back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from redactor_plugins.shared import onnx_sessions

from redactor.core.resources import resource_path

HEAVY = ("numpy", "onnxruntime", "tokenizers", "PIL", "phonenumbers", "stdnum")

_HOST_ONLY = """
import json, sys
from redactor.cli import main as cli
from redactor.core.context import RunContext
from redactor.core.pipeline import Pipeline
from redactor.core.policy import load_policy
from redactor.core.settings import Settings
from redactor.pluginhost.manager import PluginHost

registry = cli._plugin_commands(["analyze", "x.txt"])
cli.build_parser(registry).parse_args(["analyze", "--json", "x.txt"])
host = PluginHost(Settings.load())
pipeline = Pipeline(host, load_policy(None))
ids = [cid for cid, _component, _prepare in pipeline.preparable()]
heavy = sorted(m for m in %r if m in sys.modules)
pipeline.preload(RunContext(settings=host.settings))
threads = sorted(t.name for t in pipeline._prepared.values())
for t in pipeline._prepared.values():
    t.join()
print(json.dumps({"heavy": heavy, "preparable": ids, "threads": threads}))
"""


def _run(code: str, tmp_path: Path) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REDACTOR_")}
    env.update({"REDACTOR_CONFIG_DIR": str(tmp_path / "config"),
                "REDACTOR_DATA_DIR": str(tmp_path / "data"),
                "REDACTOR_PLUGINS_DIR": str(tmp_path / "plugins"), "REDACTOR_ORT_CACHE": "0"})
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         timeout=120, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_cli_builds_its_plugin_host_without_the_heavy_libraries(tmp_path: Path) -> None:
    result = _run(_HOST_ONLY % (HEAVY,), tmp_path)
    assert result["heavy"] == []
    # the patterns are compiled while the models load, in a preload thread of their own, but
    # they are no model: the app's fast-first analysis still runs them first
    assert "patterns" not in result["preparable"]
    assert {"ner", "span-classifier", "sequence-labelling"} <= set(result["preparable"])
    assert {"redactor-prepare-patterns", "redactor-prepare-ner"} <= set(result["threads"])


def test_the_pattern_detector_prepares_and_finds_the_same() -> None:
    from redactor_plugins.detectors.patterns.plugin import PatternDetector, detect_text

    from redactor.core.context import RunContext
    from redactor.core.model import Document
    from redactor.core.settings import Settings

    text = "Call +47 22 33 44 55 or 020 7946 0958 on 6 January 2022 (ref. 36110/97)."
    before = detect_text(text)
    ctx = RunContext(settings=Settings())
    detector = PatternDetector()
    assert not hasattr(detector, "prepare")
    detector.warm_up(ctx)
    doc = Document(id="x.txt", source=Path("x.txt"), format="txt", text=text)
    assert [(f.span, f.label, f.subtype) for f in detector.detect(doc, ctx)] == \
        [(f.span, f.label, f.subtype) for f in before]


def _ner_model() -> Path:
    path = resource_path("models", "ner", "model.onnx")
    if not path.is_file():
        pytest.skip("no NER model installed")
    return path


def _outputs(session: object) -> list[np.ndarray]:
    rng = np.random.default_rng(5)
    ids = rng.integers(1000, 5000, size=(2, 48), dtype=np.int64)
    feed = {"input_ids": ids, "attention_mask": np.ones_like(ids),
            "token_type_ids": rng.integers(0, 2, size=ids.shape, dtype=np.int64)}
    names = {i.name for i in session.get_inputs()}  # type: ignore[attr-defined]
    return session.run(None, {k: v for k, v in feed.items() if k in names})  # type: ignore[attr-defined]


def test_a_model_graph_is_optimised_once_with_the_same_outputs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model = _ner_model()
    cpu = ["CPUExecutionProvider"]
    monkeypatch.setenv("REDACTOR_ORT_CACHE", "0")
    plain = onnx_sessions.inference_session(model, onnx_sessions.session_options(1), cpu)
    cache = tmp_path / "onnx"
    monkeypatch.setenv("REDACTOR_ORT_CACHE", str(cache))
    first = onnx_sessions.inference_session(model, onnx_sessions.session_options(1), cpu)
    files = sorted(cache.iterdir())
    assert [f.name.startswith("ner-model-") and f.suffix == ".onnx" for f in files] == [True]
    so = onnx_sessions.session_options(1)
    second = onnx_sessions.inference_session(model, so, cpu)  # from the saved graph
    assert so.graph_optimization_level == onnx_sessions.ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    assert sorted(cache.iterdir()) == files  # nothing new written
    want = _outputs(plain)
    for session in (first, second):
        got = _outputs(session)
        assert all(np.array_equal(a, b) for a, b in zip(want, got, strict=True))
    # another CPU (or runtime, or model file): a new graph, and the old one is removed
    monkeypatch.setattr(onnx_sessions, "_cpu_signature", lambda: "another CPU")
    onnx_sessions.inference_session(model, onnx_sessions.session_options(1), cpu)
    (now,) = sorted(cache.iterdir())
    assert now != files[0] and now.name.startswith("ner-model-")


def test_a_damaged_or_unwritable_cache_only_costs_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model = _ner_model()
    cpu = ["CPUExecutionProvider"]
    cache = tmp_path / "onnx"
    monkeypatch.setenv("REDACTOR_ORT_CACHE", str(cache))
    onnx_sessions.inference_session(model, onnx_sessions.session_options(1), cpu)
    (saved,) = cache.iterdir()
    saved.write_bytes(b"not a model")
    session = onnx_sessions.inference_session(model, onnx_sessions.session_options(1), cpu)
    assert session.get_inputs() and saved.stat().st_size > 1_000_000  # optimised again
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setenv("REDACTOR_ORT_CACHE", str(blocked / "onnx"))  # cannot be created
    assert onnx_sessions.inference_session(model, onnx_sessions.session_options(1), cpu)
    monkeypatch.setenv("REDACTOR_ORT_CACHE", "off")
    assert onnx_sessions.optimized_cache_dir() is None
