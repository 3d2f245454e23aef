"""What the pipeline does with components that break their contract: findings whose text is
not the document's slice, invalid findings, wrong signal counts, strategies that fall back,
and installed risk indicators the policy does not run."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from redactor.core.context import RunContext
from redactor.core.errors import PluginContractError
from redactor.core.model import Finding, Label, RiskSignal, Span
from redactor.core.pipeline import Pipeline
from redactor.core.policy import Policy
from redactor.pluginhost.hookspecs import hookimpl
from redactor.pluginhost.manager import PluginHost

CORE = ("redactor_plugins.formats.txt.plugin", "redactor_plugins.strategies.plugin")
TEXT = "Mr Galip Yalman met Yalman in Ankara on 6 January 2022.\n"
SECRET_WORDS = ("Galip", "Yalman", "Ankara", "January")


def registering(kind: str, *components: object) -> SimpleNamespace:
    hook = f"register_{kind}"

    @hookimpl(specname=hook)
    def reg(register):  # type: ignore[no-untyped-def]
        for comp in components:
            register(comp)

    return SimpleNamespace(**{hook: reg})


def host_with(*plugins: tuple[str, SimpleNamespace], strict: bool = False) -> PluginHost:
    return PluginHost(builtins=CORE, load_entrypoints=False, load_user_folder=False,
                      extra_plugins=list(plugins), strict=strict)


class Fixed:
    """A detector returning exactly the findings it was given (built for each test)."""

    version = "1"

    def __init__(self, ident: str, findings: list[object]) -> None:
        self.id, self.findings = ident, findings

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        return list(self.findings)


def at(word: str, label: object = Label.PERSON, text: str | None = None) -> Finding:
    start = TEXT.index(word)
    return Finding(Span(start, start + len(word)), label, word if text is None else text,  # type: ignore[arg-type]
                   detector="fixed")


@pytest.fixture
def txt(tmp_path: Path) -> Path:
    p = tmp_path / "in.txt"
    p.write_text(TEXT, encoding="utf-8")
    return p


def analyse(host: PluginHost, txt: Path, policy: Policy | None = None):  # type: ignore[no-untyped-def]
    pipe = Pipeline(host, policy)
    ctx = RunContext()
    return pipe.analyze(pipe.read(txt, ctx), ctx)


def no_text(*messages: str) -> None:
    for message in messages:
        assert not any(w in message for w in SECRET_WORDS), message


# -- defect 3: finding.text must equal the document's slice ------------------------------
def test_finding_whose_text_differs_from_the_document_is_left_out_and_reported(
        txt: Path) -> None:
    wrong = at("Ankara", Label.LOC, text="Ankara Province")  # masks 6 chars, shows 15
    good = at("Yalman")
    a = analyse(host_with(("acme", registering("detectors", Fixed("acme-det", [wrong, good])))),
                txt)
    assert [f.text for f in a.findings] == ["Yalman"]  # the wrong one is left out
    [fail] = a.failures
    assert (fail.plugin, fail.component, fail.phase) == ("acme", "acme-det", "detect")
    assert fail.error == ("returned 1 invalid finding(s), left out: finding #0 has a text "
                          "that differs from doc.text[span.start:span.end] (they must be equal)")
    no_text(fail.error)


# -- defect 4: invalid findings say why, strict mode raises -------------------------------
def test_invalid_findings_are_reported_with_rule_and_index(txt: Path) -> None:
    outside = Finding(Span(len(TEXT) - 2, len(TEXT) + 5), Label.MISC, "x", detector="fixed")
    string_label = at("Ankara", "LOC")
    findings = [at("Yalman"), outside, string_label, at("Galip", "PERSON")]
    a = analyse(host_with(("acme", registering("detectors", Fixed("acme-det", findings)))), txt)
    [fail] = a.failures
    assert (fail.plugin, fail.component, fail.phase) == ("acme", "acme-det", "detect")
    assert fail.error == (
        f"returned 3 invalid finding(s), left out: finding #1 has a span [{len(TEXT) - 2}, "
        f"{len(TEXT) + 5}) outside the text (length {len(TEXT)}); finding #2 (and 1 more) has "
        "a label of type str, not a Label (use Label.PERSON …)")
    no_text(fail.error)
    assert [f.text for f in a.findings] == ["Yalman"]


def test_strict_mode_raises_on_an_invalid_finding(txt: Path) -> None:
    host = host_with(("acme", registering("detectors", Fixed("acme-det", [at("Ankara", "LOC")]))),
                     strict=True)
    with pytest.raises(PluginContractError, match=r"plugin 'acme', component 'acme-det' "
                                                  r"\(detect\): returned 1 invalid finding\(s\), "
                                                  r"left out: finding #0 has a label of type"):
        analyse(host, txt)


class Miscounting:
    id = "miscount"
    version = "1"

    def assess(self, doc, findings, entities, ctx):  # type: ignore[no-untyped-def]
        return [RiskSignal(self.id, 0.5, True)] * (len(findings) - 2)


def test_wrong_number_of_signals_names_the_indicator_and_the_contract(txt: Path) -> None:
    words = [at("Mr Galip Yalman"), at("Ankara", Label.LOC), at("6 January 2022", Label.DATETIME)]
    host = host_with(("det", registering("detectors", Fixed("words", words))),
                     ("risky", registering("risk_indicators", Miscounting())))
    a = analyse(host, txt)
    [fail] = a.failures
    assert (fail.plugin, fail.component, fail.phase) == ("risky", "miscount", "assess")
    assert fail.error.startswith("returned 1 signals for 3 findings")
    assert "pipeline.py" not in fail.error
    assert all(s == () for s in a.signals)  # its signals are left out, nothing else


def test_strict_mode_raises_on_a_wrong_signal_count(txt: Path) -> None:
    host = host_with(("det", registering("detectors", Fixed("words", [at("Ankara", Label.LOC),
                                                                     at("Yalman")]))),
                     ("risky", registering("risk_indicators", Miscounting())), strict=True)
    with pytest.raises(PluginContractError, match="returned 0 signals for 2 findings"):
        analyse(host, txt)


# -- defect 1: an installed indicator the policy does not run is reported -----------------
class Quiet:
    version = "1"

    def __init__(self, ident: str) -> None:
        self.id = ident

    def assess(self, doc, findings, entities, ctx):  # type: ignore[no-untyped-def]
        return [RiskSignal(self.id, 0.9, True, "") for _ in findings]


def test_installed_indicator_not_in_the_policy_is_reported(txt: Path) -> None:
    host = host_with(("det", registering("detectors", Fixed("words", [at("Ankara", Label.LOC)]))),
                     ("mine", registering("risk_indicators", Quiet("listed"), Quiet("new-one"))))
    policy = Policy(name="house", indicators=("listed",))
    a = analyse(host, txt, policy)
    assert [s.indicator for s in a.signals[0]] == ["listed"]
    assert a.warnings == (
        "risk indicator 'new-one' (plugin 'mine') is installed but policy 'house' does not run "
        "it: add it to [risk] indicators in a policy file (docs/policies.md) or pass "
        "--indicators listed,new-one",)
    # a policy that lists no indicators runs them all: nothing to report
    assert analyse(host, txt, Policy()).warnings == ()


# -- defect 5: a strategy that falls back is named, with a count --------------------------
class Echo:
    id = "echo"
    version = "1"

    def replacement(self, request, ctx):  # type: ignore[no-untyped-def]
        return request.finding.text.upper()


class Raising:
    id = "raising"
    version = "1"

    def replacement(self, request, ctx):  # type: ignore[no-untyped-def]
        raise RuntimeError(f"cannot replace {request.finding.text}")


@pytest.mark.parametrize(("strategy", "why"), [("echo", "returned the original text"),
                                               ("raising", "failed (raised an error)")])
def test_strategy_fallback_is_a_warning_naming_it_with_a_count(
        strategy: str, why: str, txt: Path, tmp_path: Path) -> None:
    words = [at("Mr Galip Yalman"), at("Ankara", Label.LOC), at("6 January 2022", Label.DATETIME)]
    host = host_with(("det", registering("detectors", Fixed("words", words))),
                     ("strats", registering("strategies", Echo(), Raising())))
    pipe = Pipeline(host, Policy(strategy=strategy))
    ctx = RunContext()
    out = tmp_path / "out.txt"
    result = pipe.redact_file(txt, out, ctx)
    written = out.read_text(encoding="utf-8")
    assert "Ankara" not in written and "[REDACTED]" in written  # still masked: privacy first
    expected = (f"strategy {strategy!r} (plugin 'strats') {why} for 3 mention(s); they were "
                "masked with 'redact' instead")
    assert expected in result.report["warnings"]
    failures = result.report["failures"]
    if strategy == "raising":  # recorded once, with how often, not once per mention
        assert len(failures) == 1 and failures[0]["error"].endswith("(3 times)")
        assert failures[0]["error"].startswith("RuntimeError (test_plugin_contracts.py:")
    else:
        assert failures == []
    no_text(*result.report["warnings"], *(f["error"] for f in failures))


class BadSpan:
    id = "bad-span"
    version = "1"

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        return [Finding(Span(5, 3), Label.PERSON, "", detector=self.id)]


def test_an_error_raised_inside_redactor_names_the_plugin_line_too(txt: Path) -> None:
    """Span(5, 3) raises in Redactor's model.py; the failure also names the plugin's line."""
    a = analyse(host_with(("acme", registering("detectors", BadSpan()))), txt)
    [fail] = a.failures
    assert fail.error.startswith("ValueError (model.py:")
    assert ", called from test_plugin_contracts.py:" in fail.error
