"""Pattern detector: e-mail, URL, IP, phone numbers and case numbers; plugin registration."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns import plugin as patterns
from redactor_plugins.detectors.patterns.plugin import PatternDetector, detect_text

from redactor.core.settings import Settings
from redactor.plugin_api import Document, Finding, Label, RunContext


def _texts(text: str, subtype: str, regions: tuple[str, ...] | None = None) -> list[str]:
    findings = detect_text(text) if regions is None else detect_text(text, regions)
    for f in findings:
        assert f.text == text[f.span.start : f.span.end]
    return [f.text for f in findings if f.subtype == subtype]


def _one(text: str, subtype: str) -> Finding:
    hits = [f for f in detect_text(text) if f.subtype == subtype]
    assert len(hits) == 1, hits
    return hits[0]


def test_emails() -> None:
    text = "Write to anna.berg+case@example.co.uk or to J_Doe@mail.example.org."
    assert _texts(text, "EMAIL") == ["anna.berg+case@example.co.uk", "J_Doe@mail.example.org"]
    f = detect_text(text)[0]
    assert f.label is Label.CODE and f.validated and f.score == 1.0


def test_not_an_email() -> None:
    assert _texts("The meeting @ 10 was at example dot com; user@localhost.", "EMAIL") == []


@pytest.mark.parametrize(("text", "url"), [
    ("See https://example.org/cases?id=12.", "https://example.org/cases?id=12"),
    ("See http://example.com/a_(b) today", "http://example.com/a_(b)"),
    ("Visit www.example.no, then call.", "www.example.no"),
    ("(https://nav.example/x/y)", "https://nav.example/x/y"),
])
def test_urls(text: str, url: str) -> None:
    assert _texts(text, "URL") == [url]


@pytest.mark.parametrize(("text", "ip"), [
    ("Logged in from 192.168.10.20 at night.", "192.168.10.20"),
    ("Server 2001:db8::8a2e:370:7334 answered.", "2001:db8::8a2e:370:7334"),
    ("Host fe80:0:0:0:200:f8ff:fe21:67cf replied.", "fe80:0:0:0:200:f8ff:fe21:67cf"),
])
def test_ip_addresses(text: str, ip: str) -> None:
    f = _one(text, "IP")
    assert f.text == ip and f.validated


@pytest.mark.parametrize("text", [
    "Version 999.1.1.1 was released.",
    "The meeting ended at 14:05:00 sharp.",
    "Section 1.2.3.4 applies.",
])
def test_not_ip_addresses(text: str) -> None:
    assert _texts(text, "IP") == []


@pytest.mark.parametrize(("text", "phone"), [
    ("Call +47 22 33 44 55 now.", "+47 22 33 44 55"),
    ("Call +44 20 7946 0958 now.", "+44 20 7946 0958"),
    ("Call 0047 22 33 44 55 now.", "0047 22 33 44 55"),
    ("Call 020 7946 0958 now.", "020 7946 0958"),
    ("Mobile: 07911 123456.", "07911 123456"),
    ("Phone (212) 555-0147 today.", "(212) 555-0147"),
    ("Ring 22 33 44 55 in Oslo.", "22 33 44 55"),
    ("Ring 030 1234567 in Berlin.", "030 1234567"),
])
def test_phones(text: str, phone: str) -> None:
    f = _one(text, "PHONE")
    assert f.text == phone
    assert f.label is Label.CODE and f.validated
    assert "phone number" in f.explanation


@pytest.mark.parametrize("text", [
    "On 06.01.2022 the court sat.",
    "On 2022-01-06 the court sat.",
    "Born in 1998, he moved in 2005.",
    "The years 1995-1998 were hard.",
    "In application no. 36110/97 the Court held.",
    "He was awarded EUR 1,500,000 in damages.",
    "The reference 12345678 was rejected.",
    "There were 1234 letters.",
])
def test_ordinary_numbers_are_not_phones(text: str) -> None:
    assert _texts(text, "PHONE") == []


def test_phone_regions_are_configurable() -> None:
    text = "Ring 22 33 44 55 in Oslo."
    assert _texts(text, "PHONE", ("NO",)) == ["22 33 44 55"]
    assert _texts(text, "PHONE", ("GB",)) == []
    # international numbers are found whatever the regions
    assert _texts("Call +47 22 33 44 55.", "PHONE", ("GB",)) == ["+47 22 33 44 55"]


def test_detector_reads_phone_regions_from_settings() -> None:
    doc = Document("d", None, "txt", "Ring 22 33 44 55 in Oslo.")  # type: ignore[arg-type]
    ctx = RunContext(settings=Settings({"patterns": {"phone_regions": ["GB"]}}))
    assert [f.subtype for f in PatternDetector().detect(doc, ctx)] == []
    ctx = RunContext(settings=Settings({"patterns": {"phone_regions": ["NO"]}}))
    assert [f.subtype for f in PatternDetector().detect(doc, ctx)] == ["PHONE"]
    assert [f.subtype for f in PatternDetector().detect(doc, RunContext())] == ["PHONE"]


@pytest.mark.parametrize(("text", "numbers"), [
    ("lodged an application (no. 36110/97) against", ["36110/97"]),
    ("in application no. 12345/06, the Court", ["12345/06"]),
    ("Nos. 123/01 and 456/02 were joined", ["123/01", "456/02"]),
    ("case no. 2019-123 was heard", ["2019-123"]),
    ("App. No. 34127/03). The applicant", ["34127/03"]),
    ("(nos. 60525/00, 60933/00, 62776/00 63388/00 and 64735/01)",
     ["60525/00", "60933/00", "62776/00", "63388/00", "64735/01"]),
    ("M.S. v. Sweden (no. 74/1996/693/885) should", ["74/1996/693/885"]),
])
def test_case_numbers(text: str, numbers: list[str]) -> None:
    findings = detect_text(text)
    assert [f.text for f in findings if f.subtype == "CASE_NUMBER"] == numbers
    for f in findings:
        if f.subtype == "CASE_NUMBER":
            assert f.label is Label.CODE and not f.validated and f.score < 1.0
            assert not f.text.lower().startswith("no")  # TAB leaves "no." outside the span


def test_a_year_inside_a_case_number_is_not_a_date() -> None:
    for text in ("in application no. 1998/05 the", "(no. 74/1996/693/885)",
                 "case no. 2019-123 was", "no. 36110/1997"):
        assert [f.label for f in detect_text(text)] == [Label.CODE], text


@pytest.mark.parametrize("text", [
    "see no. 5 above",
    "Law no. 3713 of the Republic",
    "paragraph no. 12 of the judgment",
    "It was 36110/97 pages long",
])
def test_not_case_numbers(text: str) -> None:
    assert _texts(text, "CASE_NUMBER") == []


def test_plugin_registers_detector_and_settings() -> None:
    detectors: list[object] = []
    patterns.register_detectors(detectors.append)
    assert len(detectors) == 1 and getattr(detectors[0], "id", "") == "patterns"
    sections: list[object] = []
    patterns.register_settings(sections.append)
    assert sections[0].name == "patterns"  # type: ignore[attr-defined]
    assert "NO" in sections[0].defaults["phone_regions"]  # type: ignore[attr-defined]


def test_builtin_list_names_the_plugin() -> None:
    from redactor.pluginhost.builtins import BUILTIN_PLUGINS

    assert "redactor_plugins.detectors.patterns.plugin" in BUILTIN_PLUGINS


def test_plugin_host_loads_the_detector() -> None:
    from redactor.pluginhost.manager import PluginHost

    host = PluginHost(builtins=("redactor_plugins.detectors.patterns.plugin",), load_entrypoints=False,
                      load_user_folder=False, strict=True)
    detectors = [r.component for r in host.components("detectors")]
    assert [d.id for d in detectors] == ["patterns"]
    doc = Document("d", None, "txt", "Mail a@example.org on 6 January 2022.")  # type: ignore[arg-type]
    found = [(f.subtype, f.text) for f in detectors[0].detect(doc, RunContext())]
    assert found == [("EMAIL", "a@example.org"), ("DATE", "6 January 2022")]
