"""The encoder's windows run side by side on the cores, one window per forward call, and the
next document's pass starts while this one is assessed — without changing a single number."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from redactor.plugin_api import hookimpl

TEXT = (
    "The applicant, Mr Jan Kowalski, was born in 1961 and lives in Gdansk. On 3 May 2004 the "
    "Regional Court in Gdansk ordered him to pay PLN 12,000. His lawyer, Ms A. Nowak, lodged "
    "application no. 36110/97 with the Court. He works as a taxi driver and is a Polish "
    "national; his wife, Maria Kowalska, is a nurse at the municipal hospital.\n\n"
) * 5  # several 128-piece windows


def _windows(model, text, pieces):
    from redactor_plugins.shared.encoders.windows import sentence_breaks, sentence_windows

    offsets = [(p.start, p.end) for p in pieces]
    return sentence_windows(len(pieces), model.window - 2, model.overlap,
                            sentence_breaks(text, offsets))


@pytest.fixture(scope="module")
def models():
    from redactor_plugins.detectors.recognizer.ner_runtime import NerModel

    return NerModel(threads=1), NerModel(threads=2)


def test_two_workers_give_the_numbers_of_one(models):
    from redactor_plugins.shared.encoders import head_memo

    one, two = models
    assert (one.workers, two.workers) == (1, 2) and one.batch_size == two.batch_size == 1
    head_memo.clear()
    pieces1, p1 = one.token_probabilities(TEXT)
    head1 = head_memo.recall(one._model_key, "mask", TEXT)
    head_memo.clear()
    pieces2, p2 = two.token_probabilities(TEXT)
    head2 = head_memo.recall(two._model_key, "mask", TEXT)
    assert len(_windows(one, TEXT, pieces1)) >= 3
    assert pieces1 == pieces2
    np.testing.assert_array_equal(p1, p2)
    for a, b in zip(head1, head2, strict=True):
        np.testing.assert_array_equal(a, b)
    assert two.predict(TEXT) == one.predict(TEXT)


def test_a_window_gives_the_same_numbers_whatever_follows_it(models):
    """One window per call: dynamic int8 quantisation reads only that window's range, so the
    first window's pieces do not change when the document goes on (in batches of several
    windows they would)."""
    _, ner = models
    short, p_short = ner.token_probabilities(TEXT)
    longer = TEXT + "Mr Kowalski's brother, Piotr, is a notary in Sopot. " * 40
    long_, p_long = ner.token_probabilities(longer)
    first = ner.window - 2 - ner.overlap // 2  # pieces that window 1 supplies in both
    assert short[:first] == long_[:first]
    np.testing.assert_array_equal(p_short[:first], p_long[:first])


def test_overlapping_runs_count_their_union_once():
    from redactor_plugins.shared.onnx_runs import model_seconds, reset_model_seconds, run

    class Slow:
        def run(self, outputs, feed):
            time.sleep(0.3)
            return [feed["x"]]

    reset_model_seconds()
    threads = [threading.Thread(target=run, args=(Slow(), "slow", None, {"x": i}))
               for i in range(2)]
    for t in threads:
        t.start()
    time.sleep(0.15)
    in_flight, none_done = model_seconds()["slow"]  # calls still running count up to now
    assert none_done == 0 and 0.1 <= in_flight < 0.3
    for t in threads:
        t.join()
    seconds, calls = model_seconds()["slow"]
    assert calls == 2 and 0.28 <= seconds < 0.5  # side by side: ~0.3 s, not 0.6
    run(Slow(), "slow", None, {"x": 3})  # one after the other: added
    assert model_seconds()["slow"][0] >= seconds + 0.28


def test_a_prefetched_pass_is_taken_once_and_equals_a_fresh_one(models, monkeypatch):
    from redactor_plugins.shared.onnx_runs import model_seconds, reset_model_seconds

    one, two = models
    text = TEXT.replace("Kowalski", "Wiśniewski")
    expected = one.predict(text)
    pieces, _ = one.token_probabilities(text)
    windows = len(_windows(two, text, pieces))
    reset_model_seconds()
    two.prefetch(text)
    two.prefetch(text)  # asked twice: one pass
    assert two.predict(text) == expected
    calls = model_seconds()["ner"][1]
    assert calls == windows and text not in two._pending  # one pass, taken
    reset_model_seconds()
    two.predict(text)  # no longer pending: computed again
    assert model_seconds()["ner"][1] == calls

    # a prefetch that failed is computed again where its error would surface
    broken = text.replace("Gdansk", "Gdynia")
    real = type(two)._pass
    failures = []

    def fail_once(self, t):
        if not failures:
            failures.append(t)
            raise RuntimeError("prefetch failed")
        return real(self, t)

    monkeypatch.setattr(type(two), "_pass", fail_once)
    two.prefetch(broken)
    assert two.predict(broken) == one.predict(broken) and failures == [broken]


class _Seen:
    """A detector that records its prefetches and detect calls; its prefetch can fail."""

    id = "seen"
    version = "1.0"

    def __init__(self, fail: bool) -> None:
        self.fail, self.calls = fail, []

    def prefetch(self, doc, ctx):  # noqa: ANN001, ANN201
        self.calls.append(("prefetch", doc.text))
        if self.fail:
            raise RuntimeError("no")

    def detect(self, doc, ctx):  # noqa: ANN001, ANN201
        self.calls.append(("detect", doc.text))
        return iter(())


class _Plugin:
    def __init__(self, det: _Seen) -> None:
        self.det = det

    @hookimpl
    def register_detectors(self, register):  # noqa: ANN001, ANN201
        register(self.det)


@pytest.mark.parametrize("fail", [False, True])
def test_detectors_are_prefetched_on_the_text_they_read(tmp_path, fail):
    from redactor.core.context import RunContext
    from redactor.core.pipeline import Pipeline
    from redactor.core.settings import Settings
    from redactor.pluginhost.manager import PluginHost

    det = _Seen(fail)
    settings = Settings({"recognizer": {"ner": False}})
    host = PluginHost(settings, load_entrypoints=False, load_user_folder=False,
                      extra_plugins=[("seen", _Plugin(det))])
    f = tmp_path / "a.txt"
    f.write_text("Mr Jan Kowal\u200bski lives in Gdansk.\n", encoding="utf-8")
    pipeline = Pipeline(host)
    ctx = RunContext(settings=settings)
    analysis = pipeline.analyze(pipeline.read(f, ctx), ctx)
    # the view without the zero-width space, first prefetched, then detected
    assert det.calls == [("prefetch", "Mr Jan Kowalski lives in Gdansk.\n"),
                         ("detect", "Mr Jan Kowalski lives in Gdansk.\n")]
    assert not [x for x in analysis.failures if x.component == "seen"]


def test_analyze_reads_ahead_and_reports_each_file_in_turn(tmp_path, capsys, monkeypatch):
    from redactor.cli.main import main

    monkeypatch.setenv("REDACTOR_NO_PLUGINS", "1")
    a, bad, c = tmp_path / "a.txt", tmp_path / "b.docx", tmp_path / "c.txt"
    a.write_text(TEXT, encoding="utf-8")
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    c.write_text(TEXT.replace("Kowalski", "Nowicki"), encoding="utf-8")
    code = main(["analyze", str(a), str(bad), str(c), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert [Path(d["path"]).name for d in out] == ["a.txt", "b.docx", "c.txt"]
    assert "error" in out[1] and code == out[1]["exit_code"] != 0
    assert any("Nowicki" in f["text"] for f in out[2]["findings"])
    assert any("Kowalski" in f["text"] for f in out[0]["findings"])


def test_a_pass_left_running_does_not_hold_the_exit(tmp_path):
    """A prefetched pass over a long text stops at its next window when the program ends
    (it held the exit until the whole pass was done: ~37 s for this text on 2 AVX2 cores)."""
    import subprocess
    import sys

    script = tmp_path / "quit.py"
    script.write_text(
        "import time\n"
        "from redactor_plugins.detectors.recognizer.ner_runtime import NerModel\n"
        "from redactor_plugins.shared.onnx_runs import model_seconds\n"
        "m = NerModel(threads=2)\n"
        "print('loaded', time.monotonic(), flush=True)\n"
        "m.prefetch('The applicant, Mr Jan Kowalski, lives in Gdansk. ' * 12000)\n"
        "while model_seconds().get('ner', (0, 0))[1] < 4:  # windows are running\n"
        "    time.sleep(0.01)\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=300)
    ended = time.monotonic()
    assert proc.returncode == 0, proc.stderr[-2000:]
    loaded = float(proc.stdout.split()[-1])
    assert ended - loaded < 10.0  # the pass itself: ~1,700 windows


def test_recorded_calls_replay_the_same_passes(models):
    """The benchmark's "forward passes alone" replays the calls :mod:`onnx_runs` kept: every
    window of a document, with inputs that give the same numbers again; off, nothing is kept."""
    from redactor_plugins.shared import onnx_runs

    _, two = models
    onnx_runs.record_calls(True)
    try:
        pieces, probs = two._pass(TEXT + " recorded")
        calls = onnx_runs.recorded_calls()
    finally:
        onnx_runs.record_calls(False)
    assert len(calls) == len(_windows(two, TEXT + " recorded", pieces)) > 1
    assert {model for _, model, _, _ in calls} == {"ner"}
    session, _, outputs, feed = calls[0]
    first = session.run(outputs, feed)[0]
    assert first.shape[1] == feed["input_ids"].shape[1]
    again = session.run(outputs, feed)[0]
    np.testing.assert_array_equal(first, again)
    two._pass(TEXT + " not recorded")
    assert onnx_runs.recorded_calls() == []
