"""Each indicator on a small document with known answers, through the plugin host too."""

from __future__ import annotations

import pytest
from redactor_plugins.indicators import plugin as ri

from redactor.core.context import RunContext
from redactor.core.model import RiskSignal
from redactor.core.settings import Settings


def _by_text(findings, signals):
    return {f.text: s for f, s in zip(findings, signals, strict=True)}


@pytest.mark.parametrize("cls", [ri.LLMProbability, ri.SpanClassifier, ri.Perturbation,
                                 ri.SequenceLabelling])
def test_one_signal_per_finding_with_explanations(cls, risk_ready, small_doc):
    doc, fs, ents = small_doc
    sig = cls().assess(doc, fs, ents, RunContext())
    assert len(sig) == len(fs)
    assert all(isinstance(s, RiskSignal) and s.indicator == cls.id for s in sig)
    assert all(s.explanation and len(s.explanation) < 300 for s in sig)
    assert cls().assess(doc, [], (), RunContext()) == []


def test_names_and_codes_are_risky(risk_ready, small_doc):
    doc, fs, ents = small_doc
    ctx = RunContext()
    for cls in (ri.SpanClassifier, ri.SequenceLabelling):
        by = _by_text(fs, cls().assess(doc, fs, ents, ctx))
        assert by["Galip Yalman"].risky, cls.id
        assert by["34567/98"].risky, cls.id
    llm = _by_text(fs, ri.LLMProbability().assess(doc, fs, ents, ctx))
    assert llm["Galip Yalman"].score > 0.5
    assert "guess" in llm["Galip Yalman"].explanation


def test_strict_is_never_riskier_than_partial(risk_ready, small_doc):
    doc, fs, ents = small_doc
    ctx = RunContext(settings=Settings({"risk": {"seqlabel_threshold": 0.5}}))
    strict = ri.SequenceLabelling("strict").assess(doc, fs, ents, ctx)
    partial = ri.SequenceLabelling("partial").assess(doc, fs, ents, ctx)
    for s, p in zip(strict, partial, strict=True):
        assert s.score <= p.score + 1e-9
        assert p.risky or not s.risky


def test_thresholds_are_settings(risk_ready, small_doc):
    doc, fs, ents = small_doc
    ctx = RunContext(settings=Settings({"risk": {"seqlabel_threshold": 1.01,
                                                  "span_threshold": 0.0}}))
    assert not any(s.risky for s in ri.SequenceLabelling().assess(doc, fs, ents, ctx))
    assert all(s.risky for s in ri.SpanClassifier().assess(doc, fs, ents, ctx))


def test_perturbation_explains_in_words(risk_ready, small_doc):
    doc, fs, ents = small_doc
    ctx = RunContext(settings=Settings({"risk": {"perturbation_threshold": 1e-6}}))
    sig = ri.Perturbation().assess(doc, fs, ents, ctx)
    assert any("reveals '" in s.explanation and "together with '" in s.explanation for s in sig)
    assert any(s.score > 0 for s in sig)


def test_perturbation_threshold_zero_masks_everything_without_computing(risk_ready, small_doc):
    doc, fs, ents = small_doc
    ctx = RunContext(settings=Settings({"risk": {"perturbation_threshold": 0.0}}))
    sig = ri.Perturbation().assess(doc, fs, ents, ctx)
    assert all(s.risky for s in sig)
    assert ctx.memo_for("risk-indicators") == {}  # the masked LM was not run


def test_user_mlm_path_setting(risk_ready, small_doc, tmp_path, mlm_dir):
    import shutil

    d = tmp_path / "my-mlm"
    shutil.copytree(mlm_dir, d)
    doc, fs, ents = small_doc
    ctx = RunContext(settings=Settings({"risk": {"mlm_path": str(d)}}))
    sig = ri.LLMProbability().assess(doc, fs, ents, ctx)
    assert len(sig) == len(fs)
    missing = RunContext(settings=Settings({"risk": {"mlm_path": str(tmp_path / "none")}}))
    from redactor.plugin_api import ModelIntegrityError

    with pytest.raises(ModelIntegrityError, match="does not exist"):
        ri.LLMProbability().assess(doc, fs, ents, missing)


def test_plugin_registers_indicators_settings_and_learned_combiner(risk_ready):
    from redactor.pluginhost.manager import PluginHost

    host = PluginHost(load_entrypoints=False, load_user_folder=False,
                      extra_plugins=[("risk_test", ri)])
    ids = {r.id for r in host.components("risk_indicators")}
    assert set(ri.IDS) <= ids
    assert host.settings.get("risk", "mlm_path") == "resources/models/mlm"
    sig = [RiskSignal("sequence-labelling", 0.99, True, ""), RiskSignal("span-classifier", 0.9, True, "")]
    assert ri.combine_risk(signals=sig, finding=None, k=1, combiner="vote") is None
    if (ri.resolve("resources/risk") / "combiner.json").is_file():
        res = host.pm.hook.combine_risk(signals=sig, finding=None, k=1, combiner="learned")
        assert res.risky and "learned combination" in res.explanation


def test_pipeline_end_to_end_with_risk(risk_ready, small_doc):
    from redactor.core.pipeline import Pipeline
    from redactor.core.policy import load_policy
    from redactor.pluginhost.manager import PluginHost

    host = PluginHost(load_entrypoints=False, load_user_folder=False,
                      extra_plugins=[("risk_test", ri)])
    pipe = Pipeline(host, load_policy("default"))
    doc, fs, ents = small_doc
    signals = pipe.assess(doc, fs, ents, RunContext())
    assert all(len(s) >= 1 for s in signals)
    combined = pipe.combine(fs, signals)
    assert len(combined) == len(fs)


def test_seqlabeller_covers_every_word_piece_of_a_long_document(seq_dir):
    from redactor_plugins.indicators.seqlabel import SeqLabeller

    model = SeqLabeller(seq_dir, threads=1)
    text = " ".join(f"On {d} March 1998 Mr Galip Yalman met Ms Ayşe Demir in Ankara." for d in range(1, 40))
    st, en, pr = model.token_probs(text)
    assert len(st) == len(en) == len(pr) > 300  # several overlapping windows
    assert ((pr >= 0) & (pr <= 1)).all()
    i = text.index("Galip", 2000)
    (hi, lo), = model.span_scores(text, [(i, i + len("Galip Yalman"))])
    assert hi >= lo and hi > 0.5


def test_learned_combiner_ignores_disabled_indicators(risk_ready):
    comb = ri.learned_combination([RiskSignal("span-classifier", 0.99, True, "")])
    assert comb is not None and comb.risky
    low = ri.learned_combination([RiskSignal("span-classifier", 0.01, False, ""),
                                  RiskSignal("sequence-labelling", 0.01, False, "")])
    assert low is not None and not low.risky and low.score < comb.score


def test_feature_window_follows_the_classifiers(risk_ready, small_doc, tmp_path):
    """Features are computed with the window the classifiers were trained with, unless set."""
    import json
    import shutil

    from redactor.core.resources import resource_path

    assert ri.mlm_window(RunContext()) == json.loads(
        resource_path("risk", "llm_probability.json").read_text())["window"]
    folder = tmp_path / "risk"
    shutil.copytree(resource_path("risk"), folder)
    art = json.loads((folder / "llm_probability.json").read_text())
    art["window"] = 48
    (folder / "llm_probability.json").write_text(json.dumps(art))
    ctx = RunContext(settings=Settings({"risk": {"classifiers_path": str(folder)}}))
    assert ri.mlm_window(ctx) == 48
    ctx = RunContext(settings=Settings({"risk": {"classifiers_path": str(folder), "window": 24}}))
    assert ri.mlm_window(ctx) == 24
    doc, fs, ents = small_doc
    assert len(ri.LLMProbability().assess(doc, fs, ents, ctx)) == len(fs)


def test_policy_sets_the_operating_point(risk_ready, small_doc):
    """A policy's [risk.thresholds] beat the tuned ones; a user's setting beats the policy."""
    from redactor.core.policy import policy_from_dict

    doc, fs, ents = small_doc
    everything = policy_from_dict({"risk": {"thresholds": {"span-classifier": 0.0,
                                                           "sequence-labelling": 0.0}}})
    nothing = policy_from_dict({"risk": {"thresholds": {"span-classifier": 1.01,
                                                        "sequence-labelling (partial)": 1.01}}})
    for cls in (ri.SpanClassifier, ri.SequenceLabelling):
        assert all(s.risky for s in cls().assess(doc, fs, ents, RunContext(policy=everything)))
        assert not any(s.risky for s in cls().assess(doc, fs, ents, RunContext(policy=nothing)))
    user = Settings({"risk": {"span_threshold": 0.0}})
    assert all(s.risky for s in ri.SpanClassifier().assess(
        doc, fs, ents, RunContext(settings=user, policy=nothing)))


SWEDISH = ("Utredning enligt 11 kap. 1 § socialtjänstlagen (2001:453). Anmälan inkom den 4 mars "
           "2024 från skolan. Elias, som går i årskurs 3, berättade för sin lärare Anna Berg att "
           "pappa slår honom. Mamma arbetar som undersköterska på sjukhuset och pappa är arbetslös "
           "sedan 2022 och har diagnosen bipolär sjukdom. Handläggare är Karin Nilsson.")


def test_an_english_classifier_clears_nothing_in_another_language(risk_ready) -> None:
    """A Swedish note: the English-trained classifiers had left "bipolär sjukdom" (a diagnosis
    the rules found) in clear; in a Norwegian, Danish, Swedish or German text the span
    classifier now says every span is risky, and it and the sequence labeller keep a legal
    provision, which names no one."""
    from pathlib import Path

    from redactor.core.entities import group_entities
    from redactor.core.model import Document, Finding, Label, Span

    def finding(text: str, label: Label, subtype: str = "") -> Finding:
        start = SWEDISH.index(text)
        return Finding(Span(start, start + len(text)), label, text, subtype=subtype,
                       detector="test")

    fs = [finding("11 kap. 1 § socialtjänstlagen (2001:453)", Label.MISC, "LEGAL_PROVISION"),
          finding("bipolär sjukdom", Label.MISC, "HEALTH"), finding("Anna Berg", Label.PERSON)]
    doc = Document("sv", Path("sv.txt"), "txt", SWEDISH)
    ctx = RunContext()
    span = ri.SpanClassifier().assess(doc, fs, group_entities(fs), ctx)
    assert [s.risky for s in span] == [False, True, True]
    assert "Swedish" in span[1].explanation and "legal provision" in span[0].explanation
    seq = ri.SequenceLabelling().assess(doc, fs, group_entities(fs), ctx)
    assert not seq[0].risky


def test_a_name_in_another_script_makes_no_other_language() -> None:
    # Wikipedia dev's "Glafcos Ioannou Clerides (Greek: Γλαύκος Ιωάννου Κληρίδης; …)" is
    # English: a script alone must not switch the classifier off (policy P had dropped)
    english = ("Glafcos Ioannou Clerides (Greek: Γλαύκος Ιωάννου Κληρίδης; 24 April 1919 – 15 "
               "November 2013) was a Cypriot politician and barrister who served as the fourth "
               "President of Cyprus from 1993 to 2003. He was born in Nicosia and studied law "
               "in London before he served in the Royal Air Force during the war years.")
    assert ri._other_language(english) == ""
    assert ri._other_language(SWEDISH) == "Swedish"
