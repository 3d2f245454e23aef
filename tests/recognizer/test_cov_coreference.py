"""Coreference (redactor.core.coreference, used by entity grouping): one entity per person,
never one for two; the case note through the pipeline with ``--strategy label``; the B³
metric of ``redactor evaluate --coreference``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from redactor.core.coreference import coreference_links, parse_person
from redactor.core.entities import group_entities
from redactor.evaluation import parse_documents
from redactor.evaluation.coreference import evaluate_coreference
from redactor.plugin_api import Finding, Label, Span

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _groups(text: str, mentions: list[tuple[str, Label]]) -> list[list[str]]:
    """Entities (as lists of mention texts) of mentions found in ``text`` in order."""
    findings, pos = [], 0
    for value, label in mentions:
        at = text.index(value, pos)
        findings.append(Finding(Span(at, at + len(value)), label, value))
        pos = at + len(value)
    return [[findings[i].text for i in e.mentions] for e in group_entities(findings, text)]


P = Label.PERSON


@pytest.mark.parametrize(("text", "mentions", "expected"), [
    # title + surname joins the one full name whose title fits
    ("Mr Tomas Berg and Mrs Kari Berg came. Mr Berg spoke, then Mrs Berg.",
     [("Mr Tomas Berg", P), ("Mrs Kari Berg", P), ("Mr Berg", P), ("Mrs Berg", P)],
     [["Mr Tomas Berg", "Mr Berg"], ["Mrs Kari Berg", "Mrs Berg"]]),
    # surname alone and a possessive
    ("Laura Mitchell wrote. Mitchell's letter came; Mitchell left.",
     [("Laura Mitchell", P), ("Mitchell's", P), ("Mitchell", P)],
     [["Laura Mitchell", "Mitchell's", "Mitchell"]]),
    # first name alone, when only one person has it
    ("Tomas Berg met Laura Mitchell. Tomas smiled.",
     [("Tomas Berg", P), ("Laura Mitchell", P), ("Tomas", P)],
     [["Tomas Berg", "Tomas"], ["Laura Mitchell"]]),
    # ... and not when two do
    ("Tomas Berg met Tomas Hansen. Tomas smiled.",
     [("Tomas Berg", P), ("Tomas Hansen", P), ("Tomas", P)],
     [["Tomas Berg"], ["Tomas Hansen"], ["Tomas"]]),
    # initials fit one given name (in order)
    ("Tomas Berg and Kari Berg. T. Berg and K. Berg signed.",
     [("Tomas Berg", P), ("Kari Berg", P), ("T. Berg", P), ("K. Berg", P)],
     [["Tomas Berg", "T. Berg"], ["Kari Berg", "K. Berg"]]),
    ("Ponnambala Thyaga Rajan Palanivel Rajan, son of P. T. Rajan.",
     [("Ponnambala Thyaga Rajan Palanivel Rajan", P), ("P. T. Rajan", P)],
     [["Ponnambala Thyaga Rajan Palanivel Rajan", "P. T. Rajan"]]),
    # two people sharing a surname stay apart; a bare surname fitting both joins neither
    ("Tomas Berg and Kari Berg. Berg said no.",
     [("Tomas Berg", P), ("Kari Berg", P), ("Berg", P)],
     [["Tomas Berg"], ["Kari Berg"], ["Berg"]]),
    # gendered titles that differ keep people apart
    ("Mr Okafor and Ms Okafor. Mr John Okafor.",
     [("Mr Okafor", P), ("Ms Okafor", P), ("Mr John Okafor", P)],
     [["Mr Okafor", "Mr John Okafor"], ["Ms Okafor"]]),
    # a longer name closes the chain: Wessel fits only the one person
    ("Horst Ludwig Georg Erich Wessel, called Horst Wessel. Wessel died.",
     [("Horst Ludwig Georg Erich Wessel", P), ("Horst Wessel", P), ("Wessel", P)],
     [["Horst Ludwig Georg Erich Wessel", "Horst Wessel", "Wessel"]]),
    ("Yuji Unozawa (Unozawa Yuji) played.",
     [("Yuji Unozawa", P), ("Unozawa Yuji", P)], [["Yuji Unozawa", "Unozawa Yuji"]]),
    # a person known by one letter is one person however often named; other letters differ
    ("Re: M (A Child). The mother of M and Mr M's friend B. M is seven.",
     [("M", P), ("M", P), ("Mr M's", P), ("B", P), ("M", P)],
     [["M", "M", "Mr M's", "M"], ["B"]]),
    # defined aliases, where the document says so
    ("by Mr Kamil Prus (“the applicant”), on 6 May. The applicant complained.",
     [("Mr Kamil Prus", P), ("The applicant", P)],
     [["Mr Kamil Prus", "The applicant"]]),
    ("Postel Properties Limited (hereinafter “Postel”) sued. Postel lost.",
     [("Postel Properties Limited", Label.ORG), ("Postel", Label.ORG)],
     [["Postel Properties Limited", "Postel"]]),
    # generic short forms and acronyms of organisations are not linked
    ("The Swedish Government (“the Government”) replied. The Government said no.",
     [("Swedish Government", Label.ORG), ("the Government", Label.ORG),
      ("Government", Label.ORG)],
     [["Swedish Government"], ["the Government"], ["Government"]]),
    ("the Crown Prosecution Service (“CPS”) decided; the CPS appealed.",
     [("Crown Prosecution Service", Label.ORG), ("CPS", Label.ORG), ("CPS", Label.ORG)],
     [["Crown Prosecution Service"], ["CPS", "CPS"]]),
])
def test_grouping(text: str, mentions: list[tuple[str, Label]],
                  expected: list[list[str]]) -> None:
    assert _groups(text, mentions) == expected


def test_no_alias_without_the_document_saying_so() -> None:
    text = "Mr Kamil Prus came. The applicant complained."
    findings = [Finding(Span(0, 13), P, "Mr Kamil Prus"), Finding(Span(20, 33), P,
                                                                   "The applicant")]
    assert coreference_links(findings, text) == []


def test_parse_person() -> None:
    p = parse_person("Mr T. Berg's")
    assert (p.gender, p.initials, p.surname, p.given) == ("male", ("t",), "berg", ())
    assert parse_person("Emma").surname == ""
    assert parse_person("Mrs Kari Berg").gender == "female"


def test_case_note_every_person_has_one_number(tmp_path: Path) -> None:
    from redactor.core.context import RunContext
    from redactor.core.pipeline import Pipeline
    from redactor.core.policy import load_policy
    from redactor.pluginhost.manager import PluginHost

    pipe = Pipeline(PluginHost(load_entrypoints=False, load_user_folder=False),
                    load_policy(None).with_strategy("label"))  # as --strategy label
    out = tmp_path / "case_note.txt"
    res = pipe.redact_file(EXAMPLES / "case_note.txt", out, RunContext())
    text = out.read_text(encoding="utf-8")
    labels: dict[str, set[str]] = {}
    for r in res.plan.replacements:
        if r.label == Label.PERSON:
            labels.setdefault(r.replacement, set()).add(r.secret)
    by_secret = {s: lab for lab, secrets in labels.items() for s in secrets}
    assert by_secret["Mr Tomas Berg"] == by_secret["Mr Berg"]
    assert by_secret["Ms Laura Mitchell"] == by_secret["Ms Mitchell"]
    assert by_secret["Mrs Kari Berg"] != by_secret["Mr Berg"]
    assert by_secret["Emma"] not in (by_secret["Mr Berg"], by_secret["Mrs Kari Berg"])
    people = {"Ingrid Solberg", "Tomas Berg", "Laura Mitchell", "Emma", "Kari Berg",
              "Amir Haddad"}
    assert len(labels) == len(people), labels  # one number per person, no more
    assert re.findall(r"\[PERSON \d+\] works as", text)


def test_b_cubed() -> None:
    text = "Mr Tomas Berg met Kari Berg. Mr Berg left. Oslo."
    gold = parse_documents([{
        "doc_id": "d", "text": text, "annotations": {"a1": {"entity_mentions": [
            {"entity_mention_id": f"m{i}", "entity_id": e, "entity_type": t,
             "start_offset": s, "end_offset": s + len(v), "span_text": v,
             "identifier_type": "DIRECT"}
            for i, (e, t, v, s) in enumerate([
                ("e1", "PERSON", "Mr Tomas Berg", 0), ("e2", "PERSON", "Kari Berg", 18),
                ("e1", "PERSON", "Mr Berg", 29), ("e3", "LOC", "Oslo", 43)])]}}}])
    perfect = {"d": [(0, 13, "A"), (18, 27, "B"), (29, 36, "A"), (43, 47, "C")]}
    r = evaluate_coreference(gold, perfect)
    assert (r.precision, r.recall, r.f1, r.mentions) == (1.0, 1.0, 1.0, 4)
    split = {"d": [(0, 13, "A"), (18, 27, "B"), (29, 36, "D")]}  # Oslo undetected
    r = evaluate_coreference(gold, split)
    assert r.mentions == 3 and r.precision == 1.0 and r.recall == pytest.approx(2 / 3)
    merged = {"d": [(0, 13, "A"), (18, 27, "A"), (29, 36, "A"), (43, 47, "C")]}
    r = evaluate_coreference(gold, merged)
    assert r.recall == 1.0 and r.precision == pytest.approx((2 / 3 + 1 / 3 + 2 / 3 + 1) / 4)


def test_evaluate_coreference_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from redactor.cli.main import main

    text = "Mr Tomas Berg met Mrs Kari Berg in Oslo. Mr Berg left."
    mentions = [("e1", "PERSON", "Mr Tomas Berg"), ("e2", "PERSON", "Mrs Kari Berg"),
                ("e3", "LOC", "Oslo"), ("e1", "PERSON", "Mr Berg")]
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps([{"doc_id": "d", "text": text, "annotations": {"a1": {
        "entity_mentions": [
            {"entity_mention_id": f"m{i}", "entity_id": e, "entity_type": t,
             "start_offset": text.index(v), "end_offset": text.index(v) + len(v),
             "span_text": v, "identifier_type": "DIRECT"}
            for i, (e, t, v) in enumerate(mentions)]}}}]), encoding="utf-8")
    code = main(["evaluate", str(gold), "--coreference", "--json", "--no-weighted",
                 "--folds", "0", "--indicators", "span-classifier"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["coreference"]["b3_f1"] == 1.0  # "Mr Berg" joins Mr Tomas Berg, not Mrs Kari
    assert out["coreference"]["detected_mentions"] == 4


def test_evaluate_leaves_out_a_disabled_detector(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """`redactor --disable-plugin gazetteer evaluate …` scores without the gazetteer (the
    option was ignored by evaluate, so a configuration could not be measured)."""
    import json

    from redactor.cli.main import main

    text = "Mr Tomas Berg, a Norwegian national, met a prison officer in Oslo."
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps([{"doc_id": "d", "text": text, "annotations": {"a1": {
        "entity_mentions": [
            {"entity_mention_id": "m0", "entity_id": "e0", "entity_type": "PERSON",
             "start_offset": 0, "end_offset": 13, "span_text": "Mr Tomas Berg",
             "identifier_type": "DIRECT"}]}}}]), encoding="utf-8")
    args = ["evaluate", str(gold), "--json", "--no-weighted", "--folds", "0",
            "--indicators", "span-classifier"]
    assert main(args) == 0
    assert "gazetteer" in json.loads(capsys.readouterr().out)["meta"]["spans"]
    assert main(["--disable-plugin", "gazetteer", *args]) == 0
    spans = json.loads(capsys.readouterr().out)["meta"]["spans"]
    assert "gazetteer" not in spans and "ner" in spans
