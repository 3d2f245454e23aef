"""End to end (every default detector, overlaps resolved): identifiers and codes that the NER
model cuts into pieces come out as ONE finding; titles and direction marks stay in names."""

from __future__ import annotations

from pathlib import Path

import pytest
from redactor_plugins.detectors.recognizer import ner as ner_detector

from redactor.core.context import RunContext
from redactor.core.pipeline import Pipeline
from redactor.core.settings import Settings
from redactor.plugin_api import Document, Finding

NER_OK, NER_WHY = ner_detector.model_available()
pytestmark = pytest.mark.skipif(not NER_OK, reason=NER_WHY or "NER model absent")


@pytest.fixture(scope="module")
def detect():  # type: ignore[no-untyped-def]
    from redactor.pluginhost.manager import PluginHost

    pipeline = Pipeline(PluginHost(load_entrypoints=False, load_user_folder=False))

    def run(text: str) -> list[Finding]:
        doc = Document("d", Path("d.txt"), "txt", text)
        return pipeline.detect(doc, RunContext(settings=Settings({})))

    return run


CASES = [
    ("The MAC address 00:1A:2B:3C:4D:5E was logged.", "00:1A:2B:3C:4D:5E", "CODE/MAC_ADDRESS"),
    ("It came from 00-1a-2b-3c-4d-5e and left.", "00-1a-2b-3c-4d-5e", "CODE/MAC_ADDRESS"),
    ("The switch saw 001a.2b3c.4d5e at noon.", "001a.2b3c.4d5e", "CODE/MAC_ADDRESS"),
    ("Host 0:0:0:0:0:ffff:192.168.1.1 answered.", "0:0:0:0:0:ffff:192.168.1.1", "CODE/IP"),
    ("Network 2001:db8::1/64 was used.", "2001:db8::1/64", "CODE/IP"),
    ("Link fe80::1%eth0 was up.", "fe80::1%eth0", "CODE/IP"),
    ("At 2023-04-05T14:30:15.123+02:00 the log said.", "2023-04-05T14:30:15.123+02:00",
     "DATETIME/TIMESTAMP"),
    ("His car B MW 1234 was seen.", "B MW 1234", "CODE/VEHICLE_PLATE"),
    ("The car, plate M-AB 123, left.", "M-AB 123", "CODE/VEHICLE_PLATE"),
    ("The lorry 34 ABC 123 crossed.", "34 ABC 123", "CODE/VEHICLE_PLATE"),
    ("Her car AB12 CDE was clamped.", "AB12 CDE", "CODE/VEHICLE_PLATE"),
    ("Postcode SW1A 1AA is central.", "SW1A 1AA", "LOC/POSTCODE"),
    ("Write to GIR 0AA for details.", "GIR 0AA", "LOC/POSTCODE"),
    ("Her Aadhaar is 2341 2341 2346 now.", "2341 2341 2346", "CODE/NATIONAL_ID_IN"),
    ("Her Aadhaar is 2341-2341-2346 now.", "2341-2341-2346", "CODE/NATIONAL_ID_IN"),
    ("He was placed in cell 11/15W.2 and later moved.", "cell 11/15W.2", "CODE/ROOM_NUMBER"),
    ("He was later held in cell no. 2 alone.", "cell no. 2", "CODE/ROOM_NUMBER"),
    ("By decision 128/14 of the prosecutor he was freed.", "128/14", "CODE/REFERENCE_NUMBER"),
    ("The records in file 13/40 were lost.", "13/40", "CODE/REFERENCE_NUMBER"),
    ("See the CPT report CPT/Inf (2002) 8 on Turkey.", "CPT/Inf (2002) 8",
     "CODE/DOCUMENT_REFERENCE"),
    ("Under the Act 1962:381 and Förvaltningsprocesslagen 1971:291 the court held.",
     "1971:291", "CODE/STATUTE_NUMBER"),
    ("In the 1990/91 season he played for Ajax.", "1990/91 season", "DATETIME/YEAR"),
    ("Application no. 68 was lodged. Dr Darby examined him.", "Dr Darby", "PERSON/NAME"),
    # session 26: a card's expiry was the NER's CODE "exp. 09/27" (its pseudonym "yrc. 38/24"),
    # a driving licence its ORG, a Norwegian case number its DATETIME
    ("Card 4111 1111 1111 1111 (exp. 09/27), sort code 20-00-00.", "09/27", "DATETIME/DATE"),
    ("His driving licence number is MORGA753116SM9IJ. The van", "MORGA753116SM9IJ",
     "CODE/DRIVING_LICENCE_UK"),
    ("sykmeldt siden 12. januar 2026 på grunn av depresjon", "12. januar 2026", "DATETIME/DATE"),
]


@pytest.mark.parametrize(("text", "value", "full_type"), CASES)
def test_one_finding_end_to_end(detect, text: str, value: str, full_type: str) -> None:  # type: ignore[no-untyped-def]
    at = text.index(value)
    hits = [f for f in detect(text) if f.span.start < at + len(value) and at < f.span.end]
    assert [(f.text, f.full_type) for f in hits] == [(value, full_type)]


@pytest.mark.parametrize(("text", "name"), [
    ("Saman Faezi (Persian: \u0633\u0627\u0645\u0627\u0646 \u0641\u0627\u0626\u0632\u06cc"
     "\u200e, born 23 August 1991) is an Iranian volleyball player.",
     "\u0633\u0627\u0645\u0627\u0646 \u0641\u0627\u0626\u0632\u06cc\u200e"),
    ("David Ben-Gurion (Hebrew: \u05d3\u05d5\u05d3 \u05d1\u05df-\u05d2\u05d5\u05e8\u05d9\u05d5"
     "\u05df\u200f, born 16 October 1886) was the founder.",
     "\u05d3\u05d5\u05d3 \u05d1\u05df-\u05d2\u05d5\u05e8\u05d9\u05d5\u05df\u200f"),
])
def test_direction_mark_stays_in_the_name(detect, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    at = text.index(name)
    hits = [f for f in detect(text) if f.span.start < at + len(name) and at < f.span.end]
    assert [(f.text, str(f.label)) for f in hits] == [(name, "PERSON")]
