"""A user's always-mask term never unmasks what a detector found around it: with ``--deny
Okafor`` the NER's "Peter Okafor" was cut down to "Okafor" and "Peter" came out in clear."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from redactor.core.model import Action, Finding, Label, Span
from redactor.core.policy import LabelRule, Policy
from redactor.pluginhost.hookspecs import hookimpl
from redactor.testing import PipelineRun, run_pipeline

TEXT = ("Peter Okafor was seen at the clinic on Monday.\n"
        "The nurse phoned Okafor later.\n"
        "Peter Okafor's brother Sam Okafor came too.\n")
BUILTINS = ("redactor_plugins.formats.txt.plugin", "redactor_plugins.detectors.terms.plugin",
            "redactor_plugins.strategies.plugin")


class Names:
    """A stand-in name model: every occurrence of ``names``, typed PERSON, never validated."""

    id = "names"
    version = "1"

    def __init__(self, *names: str) -> None:
        self.names = names

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        for name in self.names:
            at = doc.text.find(name)
            while at >= 0:
                yield Finding(Span(at, at + len(name)), Label.PERSON, name, score=0.9,
                              detector=self.id)
                at = doc.text.find(name, at + 1)


def _run(tmp_path: Path, text: str, names: Names, person: str, term: str) -> PipelineRun:
    """The real pipeline over ``text`` with the stand-in model, PERSON's action ``person``
    and the always-mask ``term``."""
    plugin = SimpleNamespace(register_detectors=hookimpl(specname="register_detectors")(
        lambda register: register(names)))
    src = tmp_path / "in.txt"
    src.write_text(text, encoding="utf-8")
    return run_pipeline(src, [("names", plugin)], builtins=BUILTINS,
                        policy=Policy(labels={Label.PERSON: LabelRule(action=person)}),
                        deny=(term,), output=tmp_path / "out.txt")


def test_a_denied_surname_masks_the_whole_name_around_it(tmp_path: Path) -> None:
    # PERSON is kept by the label rule, so only the always-mask term can mask a name
    run = _run(tmp_path, TEXT, Names("Peter Okafor", "Sam Okafor"), "keep", "Okafor")
    got = [(f.text, f.label, d.action, d.reason)
           for f, d in zip(run.findings, run.analysis.decisions, strict=True)]
    assert got == [
        ("Peter Okafor", Label.PERSON, Action.MASK, "on the always-mask list"),
        ("Okafor", Label.MISC, Action.MASK, "on the always-mask list"),
        ("Peter Okafor", Label.PERSON, Action.MASK, "on the always-mask list"),
        ("Sam Okafor", Label.PERSON, Action.MASK, "on the always-mask list"),
    ]
    text = run.output.read_text(encoding="utf-8")
    for word in ("Peter", "Okafor", "Sam"):
        assert word not in text
    assert "was seen at the clinic on Monday" in text


def test_a_term_matches_whole_words_only(tmp_path: Path) -> None:
    """"Oka" is no term of "Peter Okafor": the name keeps its label rule (kept)."""
    run = _run(tmp_path, TEXT, Names("Peter Okafor", "Sam Okafor"), "keep", "Oka")
    assert {d.action for d in run.analysis.decisions} == {Action.KEEP}


def test_a_term_that_overlaps_part_of_a_name_leaves_no_part_of_it_in_clear(
        tmp_path: Path) -> None:
    """``--deny "Okafor of Leeds"`` beside the NER's "Mr Peter Okafor": the term won the
    overlap and "Mr Peter" came out in clear."""
    run = _run(tmp_path, "We met Mr Peter Okafor of Leeds yesterday.\n",
               Names("Mr Peter Okafor"), "mask", "Okafor of Leeds")
    assert [(f.text, f.label) for f in run.findings] == [
        ("Mr Peter", Label.PERSON), ("Okafor of Leeds", Label.PERSON)]
    assert run.output.read_text(encoding="utf-8") == "We met [REDACTED] [REDACTED] yesterday.\n"
