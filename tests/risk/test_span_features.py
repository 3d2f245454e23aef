"""The span classifier's features follow the classifier's JSON: the text-and-context classifier
never runs the masked LM; a classifier that names masked-LM features still gets them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
import redactor_plugins.indicators.plugin as ri
from redactor_plugins.indicators import features as rf
from redactor_plugins.indicators.models import HashedPrior

from redactor.core.context import RunContext
from redactor.core.entities import group_entities
from redactor.core.model import Document, Finding, Label, Span
from redactor.core.resources import resource_path
from redactor.core.settings import Settings

TEXT = ("The applicant, Mr Tomas Berg, was born in 1961 and lives in Bergen. "
        "Article 6 of the Convention was invoked. Mr Berg works as a nurse.")


def _finding(text: str, part: str, label: Label, nth: int = 0) -> Finding:
    start = -1
    for _ in range(nth + 1):
        start = text.index(part, start + 1)
    return Finding(Span(start, start + len(part)), label, part, detector="test")


def _doc():
    fs = [_finding(TEXT, "Tomas Berg", Label.PERSON), _finding(TEXT, "1961", Label.DATETIME),
          _finding(TEXT, "Bergen", Label.LOC), _finding(TEXT, "Article 6", Label.MISC),
          _finding(TEXT, "Berg", Label.PERSON, nth=1), _finding(TEXT, "nurse", Label.DEM)]
    return Document("d", Path("d.txt"), "txt", TEXT), fs, group_entities(fs, TEXT)


def _logistic(names, weights: dict[str, float]) -> dict:
    return {"kind": "logistic", "version": 1, "features": list(names),
            "coef": [weights.get(n, 0.0) for n in names], "intercept": 0.0, "threshold": 0.5}


def _folder(tmp_path: Path, names, weights) -> Path:
    """A classifiers folder with a hand-written span classifier and fitted priors."""
    folder = tmp_path / "risk"
    folder.mkdir()
    (folder / "span_classifier.json").write_text(json.dumps(_logistic(names, weights)))
    prior = HashedPrior.fit(["Tomas Berg", "Convention"], ["PERSON", "MISC"], [1, 0])
    (folder / "text_prior.json").write_text(json.dumps(prior.d))
    # words before a name ("applicant , Mr") go with masked spans; "was invoked" with kept ones
    left = HashedPrior.fit(["The applicant , Mr", "was invoked ."], ["PERSON", "MISC"], [1, 0])
    right = HashedPrior.fit([", was born", "of the Convention"], ["PERSON", "MISC"], [1, 0])
    (folder / "context_left_prior.json").write_text(json.dumps(left.d))
    (folder / "context_right_prior.json").write_text(json.dumps(right.d))
    return folder


def test_context_words_reads_four_words_before_and_three_after():
    text = "He said that the applicant, Mr Smith, was born there."
    start = text.index("Smith")
    assert rf.context_words(text, start, start + 5) == ("the applicant , Mr", ", was born")
    assert rf.context_words("Smith", 0, 5) == ("", "")


def test_needs_mlm_follows_the_feature_names():
    assert not rf.needs_mlm(rf.TEXT_SPAN_FEATURES)
    assert rf.needs_mlm(rf.SPAN_FEATURES)
    assert rf.needs_mlm(("type_PERSON", "n_subtokens"))


def test_text_classifier_never_loads_the_masked_lm(tmp_path, monkeypatch):
    folder = _folder(tmp_path, rf.TEXT_SPAN_FEATURES, {"ctx_left_prior": 3.0, "text_prior": 1.0})
    ri._json_cache.clear()

    def refuse(ctx):  # type: ignore[no-untyped-def]
        raise AssertionError("the masked LM was loaded")

    monkeypatch.setattr(ri, "mlm_for", refuse)
    ctx = RunContext(settings=Settings({"risk": {"classifiers_path": str(folder)}}))
    comp = ri.SpanClassifier()
    comp.prepare(ctx)
    doc, fs, ents = _doc()
    sig = comp.assess(doc, fs, ents, ctx)
    assert len(sig) == len(fs)
    by_text = {f.text: s for f, s in zip(fs, sig, strict=True)}
    # "Tomas Berg" follows "The applicant , Mr" (a masked span's context): a higher score than
    # "Article 6", whose context was seen only around kept spans
    assert by_text["Tomas Berg"].score > by_text["Article 6"].score
    assert "the words around it usually surround masked spans" in by_text["Tomas Berg"].explanation
    assert "guess" not in by_text["Tomas Berg"].explanation  # no masked-LM reason given


def test_context_features_change_the_score_only_through_the_context(tmp_path):
    """The same span text scores differently in two contexts; without context weight, equally."""
    ri._json_cache.clear()
    folder = _folder(tmp_path, rf.TEXT_SPAN_FEATURES, {"ctx_left_prior": 3.0})
    ctx = RunContext(settings=Settings({"risk": {"classifiers_path": str(folder)}}))
    text = "The applicant , Mr Berg said so. It was invoked . Berg said so."
    fs = [_finding(text, "Berg", Label.PERSON), _finding(text, "Berg", Label.PERSON, nth=1)]
    doc = Document("c", Path("c.txt"), "txt", text)
    dr = ri.doc_risk(doc, fs, group_entities(fs, text), ctx)
    X = ri.SpanClassifier().features(doc, dr, ctx)
    names = list(rf.TEXT_SPAN_FEATURES)
    left = X[:, names.index("ctx_left_prior")]
    assert left[0] > left[1]
    same = [n for n in names if not n.startswith("ctx_") and n != "rel_position"]
    idx = [names.index(n) for n in same]
    assert np.array_equal(X[0, idx], X[1, idx])


def test_mlm_classifier_gets_the_masked_lm_features(tmp_path, mlm_dir):
    """A classifier of pack 1.0 (features named lp_*, n_words, n_subtokens) is fed exactly the
    vector it was trained on."""
    ri._json_cache.clear()
    folder = _folder(tmp_path, rf.SPAN_FEATURES, {"lp_mean": -0.5})
    ctx = RunContext(settings=Settings({"risk": {"classifiers_path": str(folder),
                                                 "mlm_path": str(mlm_dir)}}))
    doc, fs, ents = _doc()
    dr = ri.doc_risk(doc, fs, ents, ctx)
    X = ri.SpanClassifier().features(doc, dr, ctx)
    sc = dr.scores
    assert sc is not None  # the masked LM ran
    prior = HashedPrior(json.loads((folder / "text_prior.json").read_text()))
    old = np.asarray([rf.span_vector(lp, s, nw, prior.score(s.text, s.label))
                      for lp, s, nw in zip(sc.logprobs, dr.spans, sc.n_words, strict=True)])
    assert np.allclose(X, old)
    sig = ri.SpanClassifier().assess(doc, fs, ents, ctx)
    assert all("guess" in s.explanation for s in sig)


def test_shipped_span_classifier_names_features_the_plugin_knows():
    path = resource_path("risk", "span_classifier.json")
    if not path.is_file():
        pytest.skip("classifiers not built")
    names = json.loads(path.read_text())["features"]
    known = set(rf.TEXT_SPAN_FEATURES) | set(rf.SPAN_FEATURES)
    assert set(names) <= known
    if "ctx_left_prior" in names:
        for side in ("left", "right"):
            assert resource_path("risk", f"context_{side}_prior.json").is_file()


def test_missing_context_prior_is_a_clear_error(tmp_path):
    ri._json_cache.clear()
    folder = _folder(tmp_path, rf.TEXT_SPAN_FEATURES, {})
    (folder / "context_right_prior.json").unlink()
    ctx = RunContext(settings=Settings({"risk": {"classifiers_path": str(folder)}}))
    with pytest.raises(OSError):
        ri.SpanClassifier().prepare(ctx)
    shutil.rmtree(folder)


def test_vocabulary_values_tell_common_words_from_rare_names():
    from redactor_plugins.shared.tokenizer_calls import load_tokenizer

    tok = load_tokenizer(ri.resolve(rf.DEFAULT_VOCABULARY))[0]
    common, rare, digits = rf.vocabulary_values(tok, ["the Government", "Zbigniewski", "36110/97"])
    assert common["vocab_whole_ratio"] == 1.0 and common["vocab_pieces_max"] == 1.0
    assert rare["vocab_pieces_max"] >= 3 and rare["vocab_whole_ratio"] == 0.0
    assert rare["vocab_log_id"] == 12.0  # no one-piece word: as rare as it gets
    assert digits == dict.fromkeys(rf.VOCAB_FEATURES, 0.0)  # letters only


def test_detector_confidence_is_a_feature(tmp_path):
    ri._json_cache.clear()
    folder = _folder(tmp_path, rf.TEXT_SPAN_FEATURES, {"det_score": 4.0})
    ctx = RunContext(settings=Settings({"risk": {"classifiers_path": str(folder)}}))
    doc, fs, ents = _doc()
    import dataclasses

    sure = list(fs)
    sure[2] = dataclasses.replace(fs[2], score=0.99)
    unsure = list(fs)
    unsure[2] = dataclasses.replace(fs[2], score=0.2)
    hi = ri.SpanClassifier().assess(doc, sure, ents, ctx)[2].score
    lo = ri.SpanClassifier().assess(doc, unsure, ents, ctx)[2].score
    assert hi > lo
