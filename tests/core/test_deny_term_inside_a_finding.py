"""A user's always-mask term never unmasks what a detector found around it: with ``--deny
Okafor`` the NER's "Peter Okafor" was cut down to "Okafor" and "Peter" came out in clear."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from redactor.core.context import RunContext
from redactor.core.model import Action, Finding, Label, Span
from redactor.core.pipeline import Pipeline
from redactor.core.policy import LabelRule, Policy
from redactor.pluginhost.hookspecs import hookimpl
from redactor.pluginhost.manager import PluginHost

TEXT = ("Peter Okafor was seen at the clinic on Monday.\n"
        "The nurse phoned Okafor later.\n"
        "Peter Okafor's brother Sam Okafor came too.\n")


class Names:
    """A stand-in name model: whole names, typed PERSON, never validated."""

    id = "names"
    version = "1"

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        for name in ("Peter Okafor", "Sam Okafor"):
            at = doc.text.find(name)
            while at >= 0:
                yield Finding(Span(at, at + len(name)), Label.PERSON, name, score=0.9,
                              detector=self.id)
                at = doc.text.find(name, at + 1)


def _pipeline(policy: Policy) -> Pipeline:
    plugin = SimpleNamespace(register_detectors=hookimpl(specname="register_detectors")(
        lambda register: register(Names())))
    host = PluginHost(builtins=("redactor_plugins.formats.txt.plugin",
                                "redactor_plugins.detectors.terms.plugin",
                                "redactor_plugins.strategies.plugin"),
                      load_entrypoints=False, load_user_folder=False,
                      extra_plugins=[("names", plugin)])
    return Pipeline(host, policy)


def test_a_denied_surname_masks_the_whole_name_around_it(tmp_path: Path) -> None:
    # PERSON is kept by the label rule, so only the always-mask term can mask a name
    policy = Policy(labels={Label.PERSON: LabelRule(action="keep")}, always_mask=("Okafor",))
    pipe = _pipeline(policy)
    src = tmp_path / "in.txt"
    src.write_text(TEXT, encoding="utf-8")
    ctx = RunContext()
    analysis = pipe.analyze(pipe.read(src, ctx), ctx)
    got = [(f.text, f.label, d.action, d.reason)
           for f, d in zip(analysis.findings, analysis.decisions, strict=True)]
    assert got == [
        ("Peter Okafor", Label.PERSON, Action.MASK, "on the always-mask list"),
        ("Okafor", Label.MISC, Action.MASK, "on the always-mask list"),
        ("Peter Okafor", Label.PERSON, Action.MASK, "on the always-mask list"),
        ("Sam Okafor", Label.PERSON, Action.MASK, "on the always-mask list"),
    ]
    out = tmp_path / "out.txt"
    pipe.export(analysis, out, ctx)
    text = out.read_text(encoding="utf-8")
    for word in ("Peter", "Okafor", "Sam"):
        assert word not in text
    assert "was seen at the clinic on Monday" in text


def test_a_term_matches_whole_words_only(tmp_path: Path) -> None:
    """"Oka" is no term of "Peter Okafor": the name keeps its label rule (kept)."""
    pipe = _pipeline(Policy(labels={Label.PERSON: LabelRule(action="keep")},
                            always_mask=("Oka",)))
    src = tmp_path / "in.txt"
    src.write_text(TEXT, encoding="utf-8")
    ctx = RunContext()
    analysis = pipe.analyze(pipe.read(src, ctx), ctx)
    assert {d.action for d in analysis.decisions} == {Action.KEEP}


def test_a_term_that_overlaps_part_of_a_name_leaves_no_part_of_it_in_clear(
        tmp_path: Path) -> None:
    """``--deny "Okafor of Leeds"`` beside the NER's "Mr Peter Okafor": the term won the
    overlap and "Mr Peter" came out in clear."""
    text = "We met Mr Peter Okafor of Leeds yesterday.\n"

    class Mister:
        id = "names"
        version = "1"

        def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
            at = doc.text.find("Mr Peter Okafor")
            yield Finding(Span(at, at + 15), Label.PERSON, "Mr Peter Okafor", score=0.9,
                          detector=self.id)

    plugin = SimpleNamespace(register_detectors=hookimpl(specname="register_detectors")(
        lambda register: register(Mister())))
    host = PluginHost(builtins=("redactor_plugins.formats.txt.plugin",
                                "redactor_plugins.detectors.terms.plugin",
                                "redactor_plugins.strategies.plugin"),
                      load_entrypoints=False, load_user_folder=False,
                      extra_plugins=[("names", plugin)])
    pipe = Pipeline(host, Policy(labels={Label.PERSON: LabelRule(action="mask")},
                                 always_mask=("Okafor of Leeds",)))
    src = tmp_path / "in.txt"
    src.write_text(text, encoding="utf-8")
    ctx = RunContext()
    analysis = pipe.analyze(pipe.read(src, ctx), ctx)
    assert [(f.text, f.label) for f in analysis.findings] == [
        ("Mr Peter", Label.PERSON), ("Okafor of Leeds", Label.PERSON)]
    out = tmp_path / "out.txt"
    pipe.export(analysis, out, ctx)
    assert out.read_text(encoding="utf-8") == "We met [REDACTED] [REDACTED] yesterday.\n"
