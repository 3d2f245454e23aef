"""Documents batched together for a GPU (issue #18: "≥ 100,000 words/s … with batched
documents"): the windows of several documents share forward calls, each document's numbers
come back to it, and ``redactor analyze`` reads a group of files ahead when a detector asks.
No GPU is needed: the NER model is given a batch size above one, as on a GPU."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import pytest

from tests.perf.test_parallel_windows import _Plugin  # registers one detector

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "tab" / "tab_dev.json"
GENERATED = (
    "The applicant, Mr Jan Kowalski, was born in 1961 and lives in Gdansk. On 3 May 2004 the "
    "Regional Court in Gdansk ordered him to pay PLN 12,000. His lawyer, Ms A. Nowak, lodged "
    "application no. 36110/97 with the Court.\n\n"
)


def _texts() -> list[str]:
    if SHARED.is_file():
        return [d["text"][:5000] for d in json.loads(SHARED.read_text(encoding="utf-8"))[:5]]
    return [GENERATED * k for k in (3, 5, 2, 7, 4)]


def _row_forward(x: np.ndarray, att: np.ndarray) -> list[np.ndarray]:
    """A forward whose every row depends on its own tokens only (position by position)."""
    logits = np.stack([np.sin(x * (k + 1) * 0.01) for k in range(5)], axis=-1)
    return [logits.astype(np.float32), (logits[..., :3] * 2).astype(np.float32)]


def test_windows_of_several_documents_come_back_to_each():
    from redactor_plugins.shared.encoders.windows import (
        windowed_probabilities,
        windowed_probabilities_many,
    )

    rng = np.random.default_rng(3)
    docs = [(list(rng.integers(1000, 5000, size=n)), None) for n in (700, 0, 90, 333, 1)]
    docs[2] = (docs[2][0], [30, 60, 89])  # sentence ends
    calls: list[int] = []

    def forward(x, att):  # noqa: ANN001, ANN202
        calls.append(len(x))
        return _row_forward(x, att)

    kw = {"window": 128, "overlap": 32, "cls_id": 101, "sep_id": 102, "pad_id": 0}
    many = windowed_probabilities_many(docs, forward, batch_size=8, **kw)
    assert len(many) == len(docs) and many[1] == []
    assert max(calls) == 8 and len(calls) < sum(1 for d in docs if d[0]) + 4
    for (ids, breaks), got in zip(docs, many, strict=True):
        if not ids:
            continue
        alone = windowed_probabilities(ids, _row_forward, batch_size=1, breaks=breaks, **kw)
        assert len(got) == len(alone) == 2
        for a, b in zip(got, alone, strict=True):
            np.testing.assert_allclose(a, b, atol=1e-6)


@pytest.fixture(scope="module")
def batched_model():
    """The NER as it runs on a GPU: batches of 8 windows, the float graph."""
    from redactor_plugins.detectors.recognizer.ner_runtime import NerModel

    return NerModel(threads=1, batch_size=8, float_graph=True)


def test_the_float_graph_computes_every_window_alone():
    """The int8 graph quantises a batch's activations with one scale, so a window's logits
    move with its neighbours; the float copy made for batches does not."""
    import onnxruntime as ort
    from redactor_plugins.detectors.recognizer.ner import default_model_dir
    from redactor_plugins.shared.encoders.float_graph import (
        dequantized_model,
        is_dynamically_quantized,
    )

    path = default_model_dir() / "model.onnx"
    onnx = pytest.importorskip("onnx")
    assert is_dynamically_quantized(onnx.load(str(path)))
    data = dequantized_model(path)
    assert not is_dynamically_quantized(onnx.load_from_string(data))
    rng = np.random.default_rng(0)
    x = rng.integers(1000, 15000, size=(4, 90))
    x[:, 0], x[:, -1] = 101, 102
    att = np.ones_like(x)
    x[2, 50:], att[2, 50:] = 0, 0  # a padded window
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    float_s = ort.InferenceSession(data, so, providers=["CPUExecutionProvider"])
    int8_s = ort.InferenceSession(str(path), so, providers=["CPUExecutionProvider"])
    outs = {o.name for o in float_s.get_outputs()}
    assert outs == {o.name for o in int8_s.get_outputs()}

    types = rng.integers(0, 2, size=x.shape) * att  # case flags (pack 1.2 reads them)
    inputs = {i.name for i in int8_s.get_inputs()}

    def logits(session, rows):  # noqa: ANN001, ANN202
        feed = {"input_ids": x[rows], "attention_mask": att[rows], "token_type_ids": types[rows]}
        return session.run(["logits"], {k: v for k, v in feed.items() if k in inputs})[0]

    np.testing.assert_allclose(logits(float_s, [1, 2, 3])[0], logits(float_s, [1])[0],
                               atol=1e-5)
    assert np.abs(logits(int8_s, [1, 2, 3])[0] - logits(int8_s, [1])[0]).max() > 1e-3


def test_prefetch_many_hands_each_text_its_own_pass(batched_model):
    from redactor_plugins.detectors.recognizer.ner_runtime import NerModel
    from redactor_plugins.shared import onnx_runs

    texts = _texts()
    batched_model.prefetch_many(texts)
    for text in texts:  # wait for the job: then nothing is computed again
        batched_model._pending[text].result(timeout=120)
    onnx_runs.record_calls(True)
    try:
        got = [batched_model.token_probabilities(text) for text in texts]
        assert onnx_runs.recorded_calls() == []
    finally:
        onnx_runs.record_calls(False)
    alone = NerModel(threads=1, batch_size=1, float_graph=True)
    cpu = NerModel(threads=1)
    agree = total = 0
    for text, (pieces, probs) in zip(texts, got, strict=True):
        # each text's numbers are the ones it gets alone, whatever shared its batches
        ref_pieces, ref = alone._pass(text)
        assert pieces == ref_pieces
        np.testing.assert_allclose(probs, ref, atol=1e-5)
        spans = {s[:3] for s in batched_model.predict(text)}
        ref_spans = {s[:3] for s in cpu.predict(text)}
        agree += len(spans & ref_spans)
        total += len(ref_spans)
    # against the CPU's int8 graph: the same spans within the quantisation's tolerance
    assert agree / total >= 0.95


def test_prefetch_many_on_the_cpu_is_one_pass_per_text():
    from redactor_plugins.detectors.recognizer.ner_runtime import NerModel

    model = NerModel(threads=1)
    assert model.batch_size == 1
    texts = [GENERATED, GENERATED * 2]
    model.prefetch_many(texts)
    assert all(model._pending[t].result(timeout=60) for t in texts)


class _Grouping:
    """A detector that asks for groups of three and records what it is handed."""

    id = "grouping"
    version = "1"

    def __init__(self) -> None:
        self.groups: list[list[str]] = []

    def prefetch_group(self, ctx):  # noqa: ANN001, ANN201
        return 3

    def prefetch_many(self, docs, ctx):  # noqa: ANN001, ANN201
        self.groups.append([d.text[:6] for d in docs])

    def detect(self, doc, ctx):  # noqa: ANN001, ANN201
        return iter(())


def test_analyze_reads_a_group_ahead_when_a_detector_asks(tmp_path):
    from redactor.cli.main import _read_ahead
    from redactor.core.pipeline import Pipeline
    from redactor.core.settings import Settings
    from redactor.pluginhost.manager import PluginHost

    det = _Grouping()
    settings = Settings({"recognizer": {"ner": False}})
    host = PluginHost(settings, load_entrypoints=False, load_user_folder=False,
                      extra_plugins=[("grouping", _Plugin(det))])
    pipeline = Pipeline(host)
    files = []
    for i in range(5):
        f = tmp_path / f"{i}.txt"
        f.write_text(f"file {i}: Mr Jan Kowalski lives in Gdansk.", encoding="utf-8")
        files.append(f)
    bad = tmp_path / "bad.docx"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    files.insert(2, bad)
    args = argparse.Namespace(files=files, password=None)
    seen = []
    for path, _ctx, doc in _read_ahead(pipeline, args, host):
        seen.append(path.name)
        if path == bad:
            assert isinstance(doc, Exception)
        if len(seen) == 1:  # the second group is started before the first is handed out
            assert det.groups == [["file 0", "file 1"], ["file 2", "file 3", "file 4"]]
    assert seen == [f.name for f in files]
    analysis = pipeline.analyze(pipeline.read(files[0], pipeline_ctx := _ctx), pipeline_ctx)
    assert analysis.document.text.startswith("file 0")
