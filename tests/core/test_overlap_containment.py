"""A finding that strictly contains another detector's (validated) finding is not cut down to
it: no part of a detected span is left in clear ("ACME-2024-000123" came out
"ACME-[REDACTED]" when the built-in pattern validated only "2024-000123")."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from redactor.core.context import RunContext
from redactor.core.model import Finding, Label, Span
from redactor.core.overlaps import resolve_overlaps
from redactor.core.pipeline import Pipeline
from redactor.core.policy import Policy
from redactor.pluginhost.hookspecs import hookimpl
from redactor.pluginhost.manager import PluginHost

TEXT = "Your case number is ACME-2024-000123, filed today.\n"
CASE = "ACME-2024-000123"


def finding(text: str, label: Label = Label.CODE, *, detector: str, validated: bool = False,
            score: float = 0.9, subtype: str = "") -> Finding:
    start = TEXT.index(text)
    return Finding(Span(start, start + len(text)), label, text, subtype=subtype, score=score,
                   detector=detector, validated=validated)


def test_containing_finding_keeps_its_extent_and_the_validated_type() -> None:
    outer = finding(CASE, Label.MISC, detector="acme")
    inner = finding("2024-000123", detector="patterns", validated=True, score=0.95,
                    subtype="CASE")
    [out] = resolve_overlaps([inner, outer])
    assert (out.span, out.text) == (outer.span, CASE)
    assert (out.label, out.subtype, out.validated) == (Label.CODE, "CASE", True)
    assert set(out.detectors) == {"acme", "patterns"}


def test_containing_several_validated_findings_masks_them_all_as_one() -> None:
    outer = finding(CASE, detector="acme")
    parts = [finding("2024", detector="p", validated=True),
             finding("000123", detector="p", validated=True)]
    assert [f.span for f in resolve_overlaps([*parts, outer])] == [outer.span]


def test_partial_overlap_still_goes_to_the_validated_finding() -> None:
    """Only strict containment changed: a longer guess that merely overlaps still loses."""
    guess = finding("number is ACME", detector="ner")
    code = finding(CASE, detector="patterns", validated=True)
    assert [f.span for f in resolve_overlaps([guess, code])] == [code.span]


class Acme:
    """A newcomer's detector: whole case numbers, not validated."""

    id = "acme"
    version = "1"

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        start = doc.text.find("ACME-")
        if start >= 0:
            yield Finding(Span(start, start + len(CASE)), Label.CODE,
                          doc.text[start:start + len(CASE)], score=0.9, detector=self.id)


def test_plugin_detection_around_a_builtin_pattern_is_redacted_whole(tmp_path: Path) -> None:
    plugin = SimpleNamespace(register_detectors=hookimpl(specname="register_detectors")(
        lambda register: register(Acme())))
    host = PluginHost(builtins=("redactor_plugins.formats.txt.plugin",
                                "redactor_plugins.detectors.patterns.plugin",
                                "redactor_plugins.strategies.plugin"),
                      load_entrypoints=False, load_user_folder=False,
                      extra_plugins=[("acme", plugin)])
    src = tmp_path / "in.txt"
    src.write_text(TEXT, encoding="utf-8")
    pipe = Pipeline(host, Policy())
    ctx = RunContext()
    analysis = pipe.analyze(pipe.read(src, ctx), ctx)
    assert [f.text for f in analysis.findings] == [CASE]
    out = tmp_path / "out.txt"
    pipe.export(analysis, out, ctx)
    assert out.read_text(encoding="utf-8") == "Your case number is [REDACTED], filed today.\n"
