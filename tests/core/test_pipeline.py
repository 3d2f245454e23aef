from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from redactor.core.context import RunContext
from redactor.core.errors import CancelledError, UsageError, VerificationError
from redactor.core.model import Action, Finding, Label, RiskSignal, Span
from redactor.core.pipeline import Pipeline
from redactor.core.policy import Policy, load_policy, policy_from_dict
from redactor.pluginhost.hookspecs import hookimpl
from redactor.pluginhost.manager import PluginHost

CORE = ("redactor_plugins.formats.txt.plugin", "redactor_plugins.detectors.terms.plugin", "redactor_plugins.strategies.plugin")
TEXT = "Mr Galip Yalman met Yalman in Ankara on 6 January 2022.\n"


class WordDetector:
    """Finds fixed words with fixed labels (a real detector, deterministic for tests)."""

    id = "words"
    version = "1"

    def __init__(self, words: dict[str, Label]) -> None:
        self.words = words

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        for word, label in self.words.items():
            start = doc.text.find(word)
            while start >= 0:
                yield Finding(Span(start, start + len(word)), label, word, detector=self.id,
                              score=0.9)
                start = doc.text.find(word, start + 1)


class LengthIndicator:
    """Says risky when the span is longer than ``n`` characters."""

    version = "1"

    def __init__(self, ident: str, n: int) -> None:
        self.id, self.n = ident, n

    def assess(self, doc, findings, entities, ctx):  # type: ignore[no-untyped-def]
        return [RiskSignal(self.id, len(f.text) / 10, len(f.text) > self.n, f"longer than {self.n}")
                for f in findings]


def plugin(**hooks: object) -> SimpleNamespace:
    return SimpleNamespace(**hooks)


def make_host(*components: object, kind: str = "detectors") -> PluginHost:
    objs = []
    for i, comp in enumerate(components):
        hook_name = f"register_{kind}"

        @hookimpl(specname=hook_name)
        def reg(register, _c=comp):  # type: ignore[no-untyped-def]
            register(_c)

        objs.append((f"test{i}", plugin(**{hook_name: reg})))
    return PluginHost(builtins=CORE, load_entrypoints=False, load_user_folder=False, extra_plugins=objs)


@pytest.fixture
def txt(tmp_path: Path) -> Path:
    p = tmp_path / "in.txt"
    p.write_bytes(TEXT.encode())
    return p


WORDS = {"Mr Galip Yalman": Label.PERSON, "Yalman": Label.PERSON, "Ankara": Label.LOC,
         "6 January 2022": Label.DATETIME}


def test_end_to_end_masks_all_detected_without_indicators(txt: Path, tmp_path: Path) -> None:
    host = make_host(WordDetector(WORDS))
    pipe = Pipeline(host, Policy(strategy="label"))
    ctx = RunContext()
    analysis = pipe.analyze(pipe.read(txt, ctx), ctx)
    assert [f.text for f in analysis.findings] == ["Mr Galip Yalman", "Yalman", "Ankara",
                                                   "6 January 2022"]
    assert all(d.action == Action.MASK for d in analysis.decisions)
    # "Mr Galip Yalman" and "Yalman" are one entity -> same label number
    out = tmp_path / "out.txt"
    result = pipe.export(analysis, out, ctx)
    assert out.read_text() == "[PERSON 1] met [PERSON 1] in [LOC 1] on [DATETIME 1].\n"
    assert result.verification.ok
    assert result.report["counts"]["replacements"] == 4
    assert "Yalman" not in str(result.report)


def test_vote_k_and_entity_propagation(txt: Path) -> None:
    host = PluginHost(builtins=CORE, load_entrypoints=False, load_user_folder=False, extra_plugins=[
        ("det", plugin(register_detectors=hookimpl(specname="register_detectors")(
            lambda register: register(WordDetector(WORDS))))),
        ("ind", plugin(register_risk_indicators=hookimpl(specname="register_risk_indicators")(
            lambda register: (register(LengthIndicator("long7", 7)),
                              register(LengthIndicator("long12", 12)))))),
    ])
    ctx = RunContext()
    pipe = Pipeline(host, Policy(k=2))
    a = pipe.analyze(pipe.read(txt, ctx), ctx)
    by_text = {f.text: d.action for f, d in zip(a.findings, a.decisions, strict=True)}
    # both indicators fire for the 15-char name -> MASK, and "Yalman" follows its entity
    assert by_text["Mr Galip Yalman"] == Action.MASK
    assert by_text["Yalman"] == Action.MASK
    assert a.decisions[1].decided_by == "entity"
    assert by_text["Ankara"] == Action.KEEP  # no indicator fires
    assert by_text["6 January 2022"] == Action.MASK  # 14 chars: both fire
    assert "2 of 2 risk indicators" in a.combined[0].explanation
    pipe1 = Pipeline(host, Policy(k=1))
    a1 = pipe1.analyze(pipe1.read(txt, ctx), ctx)
    assert [d.action for d in a1.decisions].count(Action.KEEP) == 1  # Ankara (6 chars)


def test_policy_label_actions_and_term_lists(txt: Path) -> None:
    host = make_host(WordDetector(WORDS))
    policy = policy_from_dict({"labels": {"LOC": {"action": "keep"},
                                          "DATETIME": {"action": "review"}},
                               "terms": {"never_mask": ["yalman"]}})
    pipe = Pipeline(host, policy)
    ctx = RunContext()
    a = pipe.analyze(pipe.read(txt, ctx), ctx)
    actions = {f.text: d.action for f, d in zip(a.findings, a.decisions, strict=True)}
    assert actions["Ankara"] == Action.KEEP
    assert actions["6 January 2022"] == Action.REVIEW
    assert actions["Yalman"] == Action.KEEP  # never-mask beats entity propagation
    assert actions["Mr Galip Yalman"] == Action.MASK


def test_always_mask_terms_find_every_occurrence(txt: Path, tmp_path: Path) -> None:
    host = PluginHost(builtins=CORE, load_entrypoints=False, load_user_folder=False)
    pipe = Pipeline(host, load_policy("default").with_terms(always=("yalman",)))
    ctx = RunContext()
    out = tmp_path / "o.txt"
    pipe.redact_file(txt, out, ctx)
    assert out.read_text().count("[REDACTED]") == 2
    assert "Yalman" not in out.read_text()


def test_user_decisions_apply_to_entity(txt: Path) -> None:
    pipe = Pipeline(make_host(WordDetector(WORDS)))
    ctx = RunContext()
    a = pipe.analyze(pipe.read(txt, ctx), ctx)
    b = a.with_decision(1, Action.KEEP)
    assert [d.action for d in b.decisions[:2]] == [Action.KEEP, Action.KEEP]
    c = a.with_decision(1, Action.KEEP, whole_entity=False)
    assert [d.action for d in c.decisions[:2]] == [Action.MASK, Action.KEEP]
    d = a.with_added_finding(Finding(Span(20, 26), Label.PERSON, "Yalman"))
    assert len(d.findings) == len(a.findings)


def test_a_mark_that_partly_covers_a_masked_finding_grows_over_it(txt: Path) -> None:
    """Marking "Yalman was" (or a word inside a masked name) must not unmask the rest of the
    masked name: the mark covers the whole masked finding it touches."""
    pipe = Pipeline(make_host(WordDetector(WORDS)))
    ctx = RunContext()
    a = pipe.analyze(pipe.read(txt, ctx), ctx)
    text = a.document.text
    name = next(f for f in a.findings if f.text == "Mr Galip Yalman")
    assert a.decisions[a.findings.index(name)].action == Action.MASK
    start = text.index("Yalman", name.span.start)
    b = a.with_added_finding(Finding(Span(start, start + len("Yalman") + 4), Label.MISC,
                                     text[start:start + len("Yalman") + 4]))
    grown = [f for f in b.findings if f.span.start <= name.span.start < f.span.end]
    assert grown and grown[0].span.start == name.span.start
    assert grown[0].span.end == start + len("Yalman") + 4
    assert grown[0].text == text[grown[0].span.start:grown[0].span.end]
    kept = a.with_decision(a.findings.index(name), Action.KEEP, whole_entity=False)
    c = kept.with_added_finding(Finding(Span(start, start + 6), Label.PERSON, "Yalman"))
    assert any(f.span == Span(start, start + 6) for f in c.findings)  # a kept one: no growth


class Boom:
    id = "boom"
    version = "1"

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        raise RuntimeError("detector exploded")


def test_failing_detector_is_isolated(txt: Path) -> None:
    host = make_host(Boom(), WordDetector({"Ankara": Label.LOC}))
    pipe = Pipeline(host)
    ctx = RunContext()
    a = pipe.analyze(pipe.read(txt, ctx), ctx)
    assert [f.text for f in a.findings] == ["Ankara"]
    assert a.failures and a.failures[0].component == "boom"
    # the type and the place, not the message: a plugin's message may quote the document
    assert a.failures[0].error.startswith("RuntimeError (test_pipeline.py:")
    assert "detector exploded" not in a.failures[0].error


def test_a_failing_component_s_own_error_message_is_kept(txt: Path) -> None:
    """Redactor's own errors carry no document text: their message is shown."""
    from redactor.core.errors import InputError

    class Missing:
        id = "missing"
        version = "1"

        def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
            raise InputError("the model file is missing")

    a = Pipeline(make_host(Missing())).analyze(Pipeline(make_host()).read(txt, RunContext()),
                                               RunContext())
    assert a.failures[0].error.startswith("InputError: the model file is missing")


def test_strict_mode_reraises(txt: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDACTOR_STRICT_PLUGINS", "1")
    pipe = Pipeline(make_host(Boom()))
    ctx = RunContext()
    with pytest.raises(RuntimeError):
        pipe.analyze(pipe.read(txt, ctx), ctx)


def test_cancellation_between_components(txt: Path) -> None:
    pipe = Pipeline(make_host(WordDetector(WORDS)))
    ctx = RunContext()
    doc = pipe.read(txt, ctx)
    ctx.cancel.cancel()
    with pytest.raises(CancelledError):
        pipe.analyze(doc, ctx)


def test_export_refuses_input_and_existing(txt: Path, tmp_path: Path) -> None:
    pipe = Pipeline(make_host(WordDetector(WORDS)))
    ctx = RunContext()
    a = pipe.analyze(pipe.read(txt, ctx), ctx)
    with pytest.raises(UsageError):
        pipe.export(a, txt, ctx)
    existing = tmp_path / "exists.txt"
    existing.write_text("x")
    with pytest.raises(UsageError):
        pipe.export(a, existing, ctx)
    assert existing.read_text() == "x"
    assert txt.read_bytes() == TEXT.encode()


def test_verification_failure_leaves_no_file(txt: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from redactor_plugins.formats.txt import plugin as txt_io

    def leaky_write(self, doc, plan, dest, ctx):  # type: ignore[no-untyped-def]
        dest.write_bytes(doc.text.encode())  # forgets to redact

    monkeypatch.setattr(txt_io.TxtWriter, "write", leaky_write)
    pipe = Pipeline(make_host(WordDetector(WORDS)))
    ctx = RunContext()
    a = pipe.analyze(pipe.read(txt, ctx), ctx)
    out = tmp_path / "leak.txt"
    with pytest.raises(VerificationError) as info:
        pipe.export(a, out, ctx)
    assert not out.exists()
    assert list(tmp_path.glob(".leak.txt*")) == []
    assert "Galip Yalman" not in str(info.value)


def test_strategy_returning_original_falls_back(txt: Path, tmp_path: Path) -> None:
    class Echo:
        id = "echo"
        version = "1"

        def replacement(self, request, ctx):  # type: ignore[no-untyped-def]
            return request.finding.text

    host = PluginHost(builtins=CORE, load_entrypoints=False, load_user_folder=False, extra_plugins=[
        ("det", plugin(register_detectors=hookimpl(specname="register_detectors")(
            lambda register: register(WordDetector({"Ankara": Label.LOC}))))),
        ("echo", plugin(register_strategies=hookimpl(specname="register_strategies")(
            lambda register: register(Echo())))),
    ])
    pipe = Pipeline(host, Policy(strategy="echo"))
    ctx = RunContext()
    out = tmp_path / "o.txt"
    pipe.redact_file(txt, out, ctx)
    assert "Ankara" not in out.read_text()
    assert "[REDACTED]" in out.read_text()


def test_policy_presets_and_errors(tmp_path: Path) -> None:
    assert load_policy("default").name == "default"
    with pytest.raises(UsageError):
        load_policy("no-such-preset")
    bad = tmp_path / "bad.toml"
    bad.write_text("[labels.NOPE]\naction='mask'\n")
    with pytest.raises(UsageError):
        load_policy(bad)
    bad.write_text("this is not toml = = =")
    with pytest.raises(UsageError):
        load_policy(bad)


def test_policy_risk_thresholds() -> None:
    pol = policy_from_dict({"risk": {"thresholds": {"span-classifier": 0.25,
                                                    "sequence-labelling": 1}}})
    assert dict(pol.thresholds) == {"span-classifier": 0.25, "sequence-labelling": 1.0}
    assert set(load_policy("default").thresholds) == {"span-classifier", "sequence-labelling"}
    for bad in ({"x": -1}, {"x": "high"}, {"x": True}, 3):
        with pytest.raises(UsageError, match="thresholds"):
            policy_from_dict({"risk": {"thresholds": bad}})


def test_strategy_failure_is_reported_and_falls_back(txt: Path, tmp_path: Path) -> None:
    class Broken:
        id = "broken"
        version = "1"

        def replacement(self, request, ctx):  # type: ignore[no-untyped-def]
            raise RuntimeError("no key available")

    host = PluginHost(builtins=CORE, load_entrypoints=False, load_user_folder=False,
                      extra_plugins=[
        ("det", plugin(register_detectors=hookimpl(specname="register_detectors")(
            lambda register: register(WordDetector({"Ankara": Label.LOC}))))),
        ("brk", plugin(register_strategies=hookimpl(specname="register_strategies")(
            lambda register: register(Broken())))),
    ])
    pipe = Pipeline(host, Policy(strategy="broken"))
    ctx = RunContext()
    out = tmp_path / "o.txt"
    result = pipe.redact_file(txt, out, ctx)
    assert "[REDACTED]" in out.read_text()
    assert [f["component"] for f in result.report["failures"]] == ["broken"]
    assert result.report["counts"]["by_strategy"] == {"redact": 1}


class _Writer:
    """A third-party writer for format "md": ``mode`` says what it (mis)does."""

    id = "md-writer"
    version = "1"
    format = "md"
    extensions = (".md",)

    def __init__(self, mode: str) -> None:
        self.mode = mode

    def write(self, doc, plan, dest, ctx):  # type: ignore[no-untyped-def]
        if self.mode == "copy":
            dest.write_bytes(doc.source.read_bytes())
        elif self.mode == "leaky":  # reformats the ORIGINAL text, so not a byte copy
            dest.write_text("# " + doc.text.upper(), encoding="utf-8")
        elif self.mode in ("good", "no result"):
            dest.write_text("# " + plan.apply_to_text(doc.text), encoding="utf-8")

    def verify(self, doc, plan, output, ctx):  # type: ignore[no-untyped-def]
        from redactor.core.model import VerificationResult

        return None if self.mode == "no result" else VerificationResult(True, ("trust me",))


@pytest.mark.parametrize("mode,error", [
    ("copy", "copy of the input"), ("leaky", "survives"), ("nothing", "wrote no file"),
    ("no result", "returned no result"), ("good", "")])
def test_the_core_checks_a_third_party_writer_itself(mode: str, error: str, txt: Path,
                                                     tmp_path: Path) -> None:
    """A writer plugin that lies in its own verify() cannot get an unredacted file out."""
    from redactor.core.errors import RedactorError

    @hookimpl(specname="register_detectors")
    def detectors(register):  # type: ignore[no-untyped-def]
        register(WordDetector(WORDS))

    @hookimpl(specname="register_writers")
    def writers(register):  # type: ignore[no-untyped-def]
        register(_Writer(mode))

    host = PluginHost(builtins=CORE, load_entrypoints=False, load_user_folder=False,
                      extra_plugins=[("words", plugin(register_detectors=detectors)),
                                     ("md", plugin(register_writers=writers))])
    pipe = Pipeline(host)
    ctx = RunContext()
    out = tmp_path / "out.md"
    if not error:
        result = pipe.redact_file(txt, out, ctx, output_format="md")
        assert "Yalman" not in out.read_text()
        assert result.verification.ok
        return
    with pytest.raises(RedactorError, match=error):
        pipe.redact_file(txt, out, ctx, output_format="md")
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if ".partial" in p.name]


def test_invalid_findings_from_a_detector_are_left_out_and_reported(txt: Path) -> None:
    """Wrong types or offsets outside the text: the run goes on without them."""

    class Sloppy:
        id = "sloppy"
        version = "1"

        def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
            yield "not a finding"
            yield SimpleNamespace(span=SimpleNamespace(start=0, end=3), label="PERSON")
            yield Finding(Span(0, 10_000), Label.PERSON, "x")
            yield Finding(Span(3, 8), Label.PERSON, "Galip")

    pipe = Pipeline(make_host(Sloppy()))
    ctx = RunContext()
    a = pipe.analyze(pipe.read(txt, ctx), ctx)
    assert [f.text for f in a.findings] == ["Galip"]
    assert any("3 invalid finding(s)" in f.error for f in a.failures)


@pytest.mark.parametrize("data,why", [
    ({"labels": "x"}, r"\[labels\] must be a table"), ({"terms": 5}, r"\[terms\] must be a table"),
    ({"risk": [1, 2]}, r"\[risk\] must be a table"), ({"risk": {"k": True}}, "positive integer"),
    ({"risk": {"k": 3, "indicators": ["span-classifier", "sequence-labelling"]}},
     "only 2 indicator"), ({"options": {"redact_marker": "[X\x01]"}}, "control character")])
def test_policy_type_errors_are_clear(data: dict, why: str) -> None:
    with pytest.raises(UsageError, match=why):
        policy_from_dict(data)


def test_an_unknown_risk_indicator_is_reported(txt: Path) -> None:
    """A typo in risk.indicators (or --indicators) is a visible failure, not a silent no-op."""
    policy = policy_from_dict({"risk": {"indicators": ["longer-thn-5"]}})
    pipe = Pipeline(make_host(LengthIndicator("longer-than-5", 5), kind="risk_indicators"),
                    policy)
    ctx = RunContext()
    a = pipe.analyze(pipe.read(txt, ctx), ctx)
    assert any(f.component == "longer-thn-5" and "no such risk indicator" in f.error
               for f in a.failures)
