"""Context findings (policy key ``context``): a kept legal provision shapes detection but is
not listed; a masked one is; the policy checks the key."""

from __future__ import annotations

import pytest
from test_pipeline import make_host

from redactor.core.analysis import kept_context
from redactor.core.context import RunContext
from redactor.core.errors import UsageError
from redactor.core.model import Action, Decision, Document, Finding, Label, Span
from redactor.core.pipeline import Pipeline
from redactor.core.policy import load_policy, policy_from_dict

TEXT = "Mr Anna Berg relied on Article 125 of the Criminal Code and on Article 6."
PROVISION = "Article 125 of the Criminal Code"


class ProvisionDetector:
    """A person and a legal provision (MISC/LEGAL_PROVISION), as the recognizer reports them."""

    id = "provisions"
    version = "1"

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        for text, label, subtype in (("Anna Berg", Label.PERSON, "NAME"),
                                     (PROVISION, Label.MISC, "LEGAL_PROVISION"),
                                     ("Article 6", Label.MISC, "LEGAL_PROVISION")):
            start = doc.text.find(text)
            yield Finding(Span(start, start + len(text)), label, text, subtype=subtype,
                          detector=self.id, score=0.9)


def _analyse(policy: dict) -> list[tuple[str, Action]]:
    pipe = Pipeline(make_host(ProvisionDetector()), policy_from_dict(policy))
    ctx = RunContext()
    analysis = pipe.analyze(Document("d", None, "txt", TEXT), ctx)  # type: ignore[arg-type]
    assert len(analysis.findings) == len(analysis.decisions) == len(analysis.entity_of)
    assert all(max(e.mentions) < len(analysis.findings) for e in analysis.entities)
    return [(f.text, d.action) for f, d in zip(analysis.findings, analysis.decisions,
                                                strict=True)]


def test_kept_provisions_are_not_listed_and_masked_ones_are() -> None:
    context = ["MISC/LEGAL_PROVISION"]
    kept = _analyse({"context": context, "labels": {"MISC": {"action": "keep"},
                                                    "PERSON": {"action": "mask"}}})
    assert kept == [("Anna Berg", Action.MASK)]
    masked = _analyse({"context": context, "labels": {"MISC": {"action": "mask"}}})
    assert ("Article 125 of the Criminal Code", Action.MASK) in masked
    under_review = _analyse({"context": context, "labels": {"MISC": {"action": "review"}}})
    assert ("Article 6", Action.REVIEW) in under_review


def test_without_the_key_every_finding_is_listed() -> None:
    listed = _analyse({"labels": {"MISC": {"action": "keep"}}})
    assert [t for t, _ in listed] == ["Anna Berg", PROVISION, "Article 6"]


def test_a_whole_label_can_be_context() -> None:
    policy = policy_from_dict({"context": ["MISC"]})
    assert policy.is_context(Label.MISC, "") and policy.is_context(Label.MISC, "EVENT")
    assert not policy.is_context(Label.PERSON, "NAME")
    findings = [Finding(Span(0, 4), Label.MISC, "Acts"), Finding(Span(5, 9), Label.PERSON, "Anna")]
    keep = Decision(Action.KEEP, "risk", "")
    assert kept_context(findings, [keep, keep], policy) == [0]


def test_the_presets_make_legal_provisions_context_and_the_key_is_checked() -> None:
    assert load_policy("default").context == ("MISC/LEGAL_PROVISION",)
    with pytest.raises(UsageError, match="unknown label"):
        policy_from_dict({"context": ["STATUTE/LEGAL_PROVISION"]})
    with pytest.raises(UsageError):
        policy_from_dict({"context": "MISC"})


@pytest.mark.parametrize("misc", ["keep", "mask"])
def test_evaluate_scores_the_findings_the_analysis_lists(misc: str) -> None:
    from redactor.cli.evaluate_cmd import DocRun, listed_findings
    from redactor.core.entities import entity_index, group_entities

    policy = {"context": ["MISC/LEGAL_PROVISION"],
              "labels": {"MISC": {"action": misc}, "PERSON": {"action": "mask"}}}
    doc = Document("d", None, "txt", TEXT)  # type: ignore[arg-type]
    findings = list(ProvisionDetector().detect(doc, RunContext()))
    entities = group_entities(findings, TEXT)
    run = DocRun("d", findings, entities, entity_index(entities, len(findings)))
    scored = [f.text for f in listed_findings(run, policy_from_dict(policy), [], 1)]
    assert scored == [text for text, _ in _analyse(policy)]
