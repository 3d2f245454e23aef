"""A TXT file through the real pipeline under the ``research`` preset: a readable copy with
consistent pseudonyms (within a document and across the documents of a batch)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from redactor.core.context import RunContext
from redactor.core.pipeline import Pipeline
from redactor.core.policy import load_policy
from redactor.core.settings import Settings
from redactor.plugin_api import Document, Finding, Label, Span, hookimpl
from redactor.pluginhost.manager import PluginHost

NAMES = ("Galip Yalman", "Yalman", "Ayse Demir")


class Gazetteer:
    """Stands in for the NER model: typed findings for a few fixed words."""

    id = "test-gazetteer"
    version = "1.0"
    TERMS = {"Oslo": "LOC", "Trondheim": "LOC", "St. Olav Hospital": "ORG",
             "Norwegian": "DEM", "lawyer": "DEM", "6 January 2022": "DATETIME",
             "3 May 2021": "DATETIME", "3,200 euros": "QUANTITY", "42 years old": "QUANTITY"}

    def detect(self, doc: Document, ctx: RunContext) -> Iterator[Finding]:
        for term, label in self.TERMS.items():
            for m in re.finditer(re.escape(term) + r"\b", doc.text):
                yield Finding(Span(m.start(), m.end()), Label(label), m.group(0),
                              detector=self.id)


class GazetteerPlugin:
    @hookimpl
    def register_detectors(self, register):  # type: ignore[no-untyped-def]
        register(Gazetteer())


def test_research_policy_txt_end_to_end(tmp_path: Path, env_keys: dict[str, str]) -> None:
    settings = Settings({"terms": {"label": "PERSON"}})  # always-mask terms are names here
    host = PluginHost(settings, load_entrypoints=False, load_user_folder=False,
                      extra_plugins=[("gazetteer", GazetteerPlugin())])
    pipe = Pipeline(host, load_policy("research").with_terms(always=NAMES))
    ctx = RunContext(settings=settings)
    a = tmp_path / "a.txt"
    a.write_text("Galip Yalman, a Norwegian lawyer, is 42 years old. He was admitted to "
                 "St. Olav Hospital in Trondheim on 6 January 2022. Yalman paid 3,200 euros."
                 "\n\nYalman later moved to Oslo with Ayse Demir.\n", encoding="utf-8")
    b = tmp_path / "b.txt"
    b.write_text("On 3 May 2021 Galip Yalman wrote to the court.\n", encoding="utf-8")

    res_a = pipe.redact_file(a, tmp_path / "out-a.txt", ctx)
    res_b = pipe.redact_file(b, tmp_path / "out-b.txt", ctx)
    out_a = res_a.output.read_text(encoding="utf-8")
    out_b = res_b.output.read_text(encoding="utf-8")

    for name in ("Galip", "Yalman", "Ayse", "Demir", "Trondheim", "Oslo", "Olav", "3,200"):
        assert name not in out_a and name not in out_b
    persons = {r.secret: r.replacement for r in res_a.plan.replacements if r.label == Label.PERSON}
    first, last = persons["Galip Yalman"].split(" ")
    assert persons["Yalman"] == last
    assert persons["Ayse Demir"].split(" ")[1] != last
    assert {r.strategy for r in res_a.plan.replacements if r.label == Label.PERSON} == {"pseudonym"}
    assert f"{first} {last}, a European legal professional, is in their forties." in out_a
    assert "admitted to a hospital in a city in Norway on a day in 2022." in out_a
    assert f"{last} paid between 1,000 and 5,000 euros." in out_a
    assert f"{last} later moved to a city in Norway with " in out_a
    assert out_b == f"On a day in 2021 {first} {last} wrote to the court.\n"
    assert res_a.verification.ok and res_b.verification.ok


def test_research_preset_levels() -> None:
    policy = load_policy("research")
    assert policy.strategy_for(Label.PERSON) == "pseudonym"
    assert (policy.rule(Label.LOC).strategy, policy.rule(Label.LOC).level) == ("generalize",
                                                                               "country")
    assert policy.rule(Label.DATETIME).level == "year"
    assert policy.rule(Label.QUANTITY).level == "range"
    assert policy.rule(Label.DEM).level == "broader"
    assert policy.rule(Label.CODE).level == "number"


def test_publication_and_foia_presets() -> None:
    pub = load_policy("publication")
    assert pub.strategy_for(Label.PERSON) == "pseudonym"
    assert pub.strategy_for(Label.CODE) == "redact"
    assert pub.rule(Label.DATETIME).level == "year"
    foia = load_policy("foia")
    assert foia.options["overlay"] == "code"
    assert foia.options["exemption_code"] == "(b)(6)"
    assert foia.strategy_for(Label.PERSON) == "redact"
