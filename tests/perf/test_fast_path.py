"""The fast path changes no output: the same findings, decisions and scores as the reference
path (``REDACTOR_REFERENCE_PATH=1``: log-softmax over every logit in numpy, classifiers tree by
tree) on development documents, and the pieces of the fast path match their reference."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

#: risk scores may differ by float rounding (the log-softmax runs in another kernel)
SCORE_TOLERANCE = 1e-4

GENERATED = (
    "The applicant, Mr Jan Kowalski, was born in 1961 and lives in Gdansk. On 3 May 2004 the "
    "Regional Court in Gdansk ordered him to pay PLN 12,000. His lawyer, Ms A. Nowak, lodged "
    "application no. 36110/97 with the Court. He works as a taxi driver and is a Polish "
    "national; his wife, Maria Kowalska, is a nurse at the municipal hospital.\n\n"
)


def documents(shared: Path | None, tmp_path: Path) -> list[Path]:
    """A few TAB and Wikipedia dev texts when ../shared/data is here, else generated text."""
    texts: list[str] = []
    if shared is not None:
        for name, n in (("tab/tab_dev.json", 3), ("wiki/wiki_dev.json", 3)):
            path = shared / name
            if path.is_file():
                texts += [d["text"] for d in json.loads(path.read_text(encoding="utf-8"))[:n]]
    if not texts:
        texts = [GENERATED * 6, GENERATED.replace("Kowalski", "Smith") * 3]
    out = []
    for i, text in enumerate(texts):
        f = tmp_path / f"doc{i}.txt"
        f.write_text(text, encoding="utf-8")
        out.append(f)
    return out


def analyse(files: list[Path]) -> list[list[tuple]]:
    from redactor.core.context import RunContext
    from redactor.core.pipeline import Pipeline
    from redactor.core.policy import load_policy
    from redactor.pluginhost.manager import PluginHost

    host = PluginHost(load_entrypoints=False, load_user_folder=False)
    pipeline = Pipeline(host, load_policy(None))
    out = []
    for f in files:
        ctx = RunContext(settings=host.settings)
        a = pipeline.analyze(pipeline.read(f, ctx), ctx)
        rows = []
        for i, finding in enumerate(a.findings):
            rows.append((finding.span.start, finding.span.end, str(finding.label),
                         str(a.decisions[i].action), a.decisions[i].decided_by,
                         {s.indicator: (s.score, s.risky) for s in a.signals[i]}))
        out.append(rows)
    return out


def test_fast_and_reference_paths_agree(tmp_path, monkeypatch):
    shared = Path(__file__).resolve().parents[2].parent / "shared" / "data"
    files = documents(shared if shared.is_dir() else None, tmp_path)
    monkeypatch.setenv("REDACTOR_REFERENCE_PATH", "0")
    fast = analyse(files)
    monkeypatch.setenv("REDACTOR_REFERENCE_PATH", "1")
    ref = analyse(files)
    n_scores = 0
    for doc_fast, doc_ref in zip(fast, ref, strict=True):
        assert [r[:5] for r in doc_fast] == [r[:5] for r in doc_ref]  # findings and decisions
        for a, b in zip(doc_fast, doc_ref, strict=True):
            assert a[5].keys() == b[5].keys()
            for ind, (score, risky) in a[5].items():
                assert risky == b[5][ind][1], ind
                assert abs(score - b[5][ind][0]) <= SCORE_TOLERANCE, ind
                n_scores += 1
    assert n_scores > 50  # the comparison covered real risk scores


def test_in_graph_log_probabilities_match_the_logits(monkeypatch):
    from redactor_plugins.indicators.mlm import ScoreRequest, load_mlm

    mlm = load_mlm(threads=1)
    assert mlm.has_targets  # the shipped pack picks log p(target) in the graph
    doc = mlm.encode("The applicant, Mr Jan Kowalski, lives in Gdansk and works as a driver.")
    requests = [ScoreRequest((i, i + n)) for i in range(1, 10) for n in (1, 2, 3)]
    monkeypatch.setenv("REDACTOR_REFERENCE_PATH", "0")
    fast = mlm.score(doc, requests, window=16, batch_size=4)
    monkeypatch.setenv("REDACTOR_REFERENCE_PATH", "1")
    ref = mlm.score(doc, requests, window=16, batch_size=4)
    for a, b in zip(fast, ref, strict=True):
        assert a.shape == b.shape and a.size > 0
        np.testing.assert_allclose(a, b, atol=1e-4)
    assert all(np.all(a < 0) for a in fast)


def test_vectorised_trees_equal_tree_by_tree():
    from redactor_plugins.indicators.models import load_model

    from redactor.plugin_api import resource_path

    model = load_model(resource_path("risk", "span_classifier.json"))
    rng = np.random.default_rng(3)
    for n in (0, 1, 7, 400):
        X = rng.normal(size=(n, len(model.features)))
        X[::4, 1] = np.nan  # missing values follow the trees' missing-value branch
        assert np.array_equal(model.decision_function(X), model.decision_function_reference(X))


def test_stage_timings_are_recorded(tmp_path):
    from redactor_plugins.shared.onnx_runs import model_seconds, reset_model_seconds

    from redactor.core.context import RunContext
    from redactor.core.pipeline import Pipeline
    from redactor.pluginhost.manager import PluginHost

    f = tmp_path / "a.txt"
    f.write_text(GENERATED, encoding="utf-8")
    host = PluginHost(load_entrypoints=False, load_user_folder=False)
    pipeline = Pipeline(host)
    ctx = RunContext(settings=host.settings)
    reset_model_seconds()
    pipeline.analyze(pipeline.read(f, ctx), ctx)
    for stage in ("read", "detect:ner", "detect:patterns", "overlaps", "entities", "decide",
                  "risk:span-classifier", "risk:sequence-labelling"):
        assert ctx.timings.get(stage, -1) >= 0, stage
    # the sequence labeller is a head of the NER graph: the NER's pass gave its numbers
    assert set(model_seconds()) >= {"ner", "mlm"} and "seqlabel" not in model_seconds()
    assert all(calls > 0 for _, calls in model_seconds().values())


def test_one_encoder_pass_serves_the_ner_and_the_sequence_labeller(monkeypatch):
    from redactor_plugins.detectors.recognizer.ner_runtime import NerModel
    from redactor_plugins.indicators.seqlabel import SeqLabeller, default_seqlabel_dir
    from redactor_plugins.shared.encoders import head_memo
    from redactor_plugins.shared.onnx_runs import model_seconds, reset_model_seconds

    from redactor.plugin_api import resource_path

    pack = default_seqlabel_dir()
    assert pack == resource_path("models", "ner")
    ner = NerModel(pack, threads=1)
    assert ner.extra_heads == {"mask": "mask_logits"}
    text = GENERATED * 4  # several 256-piece windows
    head_memo.clear()
    reset_model_seconds()
    monkeypatch.setenv("REDACTOR_REFERENCE_PATH", "0")
    ner.predict(text)
    seq = SeqLabeller(pack, threads=1)
    shared = seq.token_probs(text)
    assert seq._session is None  # never built: the NER's pass supplied the head
    assert set(model_seconds()) == {"ner"}
    monkeypatch.setenv("REDACTOR_REFERENCE_PATH", "1")  # the head run on its own
    own = seq.token_probs(text)
    assert model_seconds()["seqlabel"][1] >= 1
    for a, b in zip(shared, own, strict=True):
        np.testing.assert_array_equal(a, b)
    # the head means something: the name is to be masked, "the Court" is not
    st, en, pr = shared
    name = (st >= text.index("Jan Kowalski")) & (en <= text.index("Jan Kowalski") + 12)
    court = (st >= text.index("the Court")) & (en <= text.index("the Court") + 9)
    assert pr[name].min() > 0.5 > pr[court].max()
    # another text is never answered from the memo
    monkeypatch.setenv("REDACTOR_REFERENCE_PATH", "0")
    other = text.replace("Kowalski", "Nowicki")
    assert head_memo.recall(seq.model_key, "mask", other) is None


def test_a_text_read_through_a_view_is_still_one_pass(tmp_path):
    """Invisible characters and look-alikes make the detectors read a view of the text; the
    sequence labeller reads the same view, so it still takes the NER's pass."""
    from redactor_plugins.indicators.seqlabel import reading_spans
    from redactor_plugins.shared.onnx_runs import model_seconds, reset_model_seconds

    from redactor.core.context import RunContext
    from redactor.core.pipeline import Pipeline
    from redactor.core.policy import load_policy
    from redactor.pluginhost.manager import PluginHost

    text = GENERATED.replace("Kowalski", "Kowal\u200bski").replace("36110/97", "36110\u201197") * 2
    view, spans = reading_spans(text, [(text.index("Kowal"), text.index("ski") + 3)])
    assert view[slice(*spans[0])] == "Kowalski" and len(view) < len(text)
    f = tmp_path / "a.txt"
    f.write_text(text, encoding="utf-8")
    host = PluginHost(load_entrypoints=False, load_user_folder=False)
    pipeline = Pipeline(host, load_policy(None))
    ctx = RunContext(settings=host.settings)
    reset_model_seconds()
    a = pipeline.analyze(pipeline.read(f, ctx), ctx)
    assert any(s.indicator == "sequence-labelling" for sig in a.signals for s in sig)
    assert "ner" in model_seconds() and "seqlabel" not in model_seconds()
