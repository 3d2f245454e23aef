"""Triage (uncertain decisions go to REVIEW), refused exports that name their findings, and
writer failures on damaged input (exit 3)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from test_pipeline import WordDetector, make_host

from redactor.core.combine import triage
from redactor.core.context import RunContext
from redactor.core.errors import InputError, RedactorError, UsageError, VerificationError
from redactor.core.model import (
    Action,
    Box,
    Decision,
    Document,
    Finding,
    Label,
    RiskSignal,
    Segment,
    Span,
)
from redactor.core.pipeline import Pipeline
from redactor.core.policy import load_policy, policy_from_dict, preset_names

DEFAULT = load_policy("default")


def _signals(span_classifier: float, seqlabel: float) -> tuple[RiskSignal, ...]:
    return (RiskSignal("span-classifier", span_classifier, span_classifier >= 0.42),
            RiskSignal("sequence-labelling", seqlabel, seqlabel >= 0.18))


def test_a_weak_hit_goes_to_review_and_a_certain_one_stays_masked() -> None:
    weak = Finding(Span(0, 4), Label.PERSON, "tel.", score=0.38, detector="ner")
    sure = Finding(Span(10, 19), Label.PERSON, "Anna Berg", score=0.97, detector="ner")
    masked = Decision(Action.MASK, "risk", "1 of 2 risk indicators say risky")
    out = triage([weak, sure], [_signals(0.7, 0.05), _signals(0.95, 0.99)],
                 [masked, masked], DEFAULT)
    assert [d.action for d in out] == [Action.REVIEW, Action.MASK]
    assert out[0].decided_by == "triage" and "38 %" in out[0].reason.replace("%", " %")
    assert "person's name" in out[0].reason


def test_a_mention_masked_only_through_its_entity_goes_to_review() -> None:
    nhs = [Finding(Span(10 * i, 10 * i + 3), Label.ORG, "NHS", score=0.9, detector="ner")
           for i in range(4)]
    decisions = [Decision(Action.MASK, "risk", "2 of 2 say risky")] + [
        Decision(Action.MASK, "entity", "another mention of the same entity is masked")] * 3
    out = triage(nhs, [_signals(0.9, 0.9)] + [_signals(0.1, 0.0)] * 3, decisions, DEFAULT)
    assert [d.action for d in out] == [Action.MASK] + [Action.REVIEW] * 3
    assert all("another mention" in d.reason for d in out[1:])


def test_borderline_risk_goes_to_review_per_label() -> None:
    org = Finding(Span(0, 3), Label.ORG, "ACME", score=0.9, detector="ner")
    mask = Decision(Action.MASK, "risk", "")
    near = triage([org], [_signals(0.3, 0.3)], [mask], DEFAULT)  # 0.12 above 0.18
    far = triage([org], [_signals(0.95, 0.95)], [mask], DEFAULT)  # 0.77 above
    assert (near[0].action, far[0].action) == (Action.REVIEW, Action.MASK)


def test_a_code_whose_check_passed_is_no_borderline_case() -> None:
    # a Spanish DNI with its check letter right: masked, not queued for review, however close
    # the risk scores lie to the thresholds; the same code unvalidated is borderline
    dni = Finding(Span(0, 9), Label.CODE, "12345678Z", subtype="NATIONAL_ID_ES", score=1.0,
                  detector="patterns", validated=True)
    mask = Decision(Action.MASK, "risk", "")
    assert triage([dni], [_signals(0.45, 0.4)], [mask], DEFAULT)[0].action == Action.MASK
    unchecked = dataclasses.replace(dni, validated=False, subtype="NATIONAL_ID_ES_LIKE")
    assert triage([unchecked], [_signals(0.45, 0.4)], [mask], DEFAULT)[0].action == \
        Action.REVIEW


def test_the_reviewer_and_the_term_lists_are_never_second_guessed() -> None:
    weak = Finding(Span(0, 4), Label.PERSON, "tel.", score=0.1, detector="ner")
    for d in (Decision(Action.MASK, "user"), Decision(Action.MASK, "policy",
                                                      "on the always-mask list"),
              Decision(Action.KEEP, "risk")):
        assert triage([weak], [()], [d], DEFAULT)[0] == d


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_sends_weak_hits_to_review(name: str) -> None:
    policy = load_policy(name)
    assert policy.review.enabled and policy.review.propagated
    weak = Finding(Span(0, 4), Label.PERSON, "tel.", score=0.38, detector="ner")
    for d in (Decision(Action.MASK, "risk"), Decision(Action.MASK, "policy")):
        assert triage([weak], [()], [d], policy)[0].action == Action.REVIEW


def test_triage_runs_in_the_pipeline(tmp_path: Path) -> None:
    class Weak(WordDetector):
        def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
            for f in super().detect(doc, ctx):
                yield f.with_(score=0.38 if f.text == "Ankara" else 0.95)

    src = tmp_path / "in.txt"
    src.write_text("Galip Yalman met a friend in Ankara.\n", encoding="utf-8")
    pipe = Pipeline(make_host(Weak({"Galip Yalman": Label.PERSON, "Ankara": Label.LOC})),
                    DEFAULT)
    ctx = RunContext()
    a = pipe.analyze(pipe.read(src, ctx), ctx)
    assert {f.text: d.action for f, d in zip(a.findings, a.decisions, strict=True)} == {
        "Galip Yalman": Action.MASK, "Ankara": Action.REVIEW}
    assert pipe.plan(a, ctx).apply_to_text(a.document.text).count("[REDACTED]") == 2


def test_review_tables_are_validated() -> None:
    with pytest.raises(UsageError, match="unknown label"):
        policy_from_dict({"review": {"detection": {"PEOPLE": 0.5}}})
    with pytest.raises(UsageError, match="true or false"):
        policy_from_dict({"review": {"propagated": "yes"}})
    assert not policy_from_dict({}).review.enabled
    rule = policy_from_dict({"review": {"margin": {"org": 0.3}}}).review
    assert rule.enabled and rule.margin_for("ORG") == 0.3 and rule.margin_for("LOC") == 0.0


# -- a refused export names its findings ------------------------------------------------------

def test_a_refused_export_names_the_finding_by_id_page_and_offsets(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from redactor_plugins.formats.txt import plugin as txt_io

    def leaky_write(self, doc, plan, dest, ctx):  # type: ignore[no-untyped-def]
        dest.write_bytes(doc.text.encode())  # forgets to redact

    monkeypatch.setattr(txt_io.TxtWriter, "write", leaky_write)
    text = "Seen by Dr Anna mw- in Oslo.\n"
    pipe = Pipeline(make_host(WordDetector({"mw": Label.PERSON, "Oslo": Label.LOC})))
    ctx = RunContext()
    doc = Document("d", tmp_path / "in.txt", "txt", text, (
        Segment(Span(0, 15), "page:1"), Segment(Span(15, len(text)), "page:2",
                                                 tuple(Box(1, 0, 0, 1, 1) for _ in text[15:]))))
    a = pipe.analyze(doc, ctx)
    with pytest.raises(VerificationError) as info:
        pipe.export(a, tmp_path / "out.txt", ctx)
    refs = {r.finding_id: r for i in info.value.issues for r in i.findings}
    mw = a.findings.index(next(f for f in a.findings if f.text == "mw"))
    ref = refs[f"F{mw + 1}"]
    assert (ref.label, ref.start, ref.end, ref.page) == ("PERSON", 16, 18, 2)
    assert ref.describe() == f"F{mw + 1} (PERSON, page 2, characters 16–18)"
    assert "mw" not in repr(info.value.issues) and "Oslo" not in repr(info.value.issues)


# -- a writer failing on a damaged input --------------------------------------------------------

@pytest.mark.parametrize("exc", [OSError("cannot parse object 12"), AttributeError("x"),
                                 UnicodeDecodeError("utf-8", b"\xf0", 0, 1, "bad")])
def test_a_writer_failing_on_the_input_is_an_input_error(exc: Exception, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from redactor_plugins.formats.txt import plugin as txt_io

    def broken(self, doc, plan, dest, ctx):  # type: ignore[no-untyped-def]
        raise exc

    monkeypatch.setattr(txt_io.TxtWriter, "write", broken)
    src = tmp_path / "in.txt"
    src.write_text("Galip Yalman.\n", encoding="utf-8")
    pipe = Pipeline(make_host(WordDetector({"Galip Yalman": Label.PERSON})))
    ctx = RunContext()
    a = pipe.analyze(pipe.read(src, ctx), ctx)
    with pytest.raises(InputError) as info:
        pipe.export(a, tmp_path / "out.txt", ctx)
    assert info.value.exit_code == 3 and "damaged" in str(info.value)
    assert not (tmp_path / "out.txt").exists()
    full = OSError(28, "No space left on device")
    monkeypatch.setattr(txt_io.TxtWriter, "write", lambda *a, **k: (_ for _ in ()).throw(full))
    with pytest.raises(RedactorError) as disk:
        pipe.export(a, tmp_path / "out.txt", ctx)
    assert not isinstance(disk.value, InputError) and "No space" in str(disk.value)


def test_policies_keep_picklable_review_rules() -> None:
    import pickle

    p = load_policy("default")
    assert pickle.loads(pickle.dumps(dataclasses.asdict(p.review))) == dataclasses.asdict(p.review)
    assert pickle.loads(pickle.dumps(p.review)) == p.review
