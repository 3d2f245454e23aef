"""What a Norwegian child welfare decision (written for the purpose, session 29) showed:
"Line Hansen og Tor Erik Olsen" made the father an ORG that started at "og" (a pseudonym read
"… Simonsen AS"), and "Sofie går i 2. klasse" made the child a place beside "Sofie Hansen"."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cov_masks_that_hide_no_one import _ner

TEXT = ("Barneverntjenesten i Bergen kommune har mottatt en bekymringsmelding fra skolen. Barn: "
        "Sofie Hansen, født 12.03.2017. Foreldre: Line Hansen og Tor Erik Olsen. Sofie går i 2. "
        "klasse og bor hos mor. Far har vært sykmeldt siden mars og bor alene i leiligheten sin "
        "i sentrum av byen.")


def test_the_decision_through_the_ner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = _ner(monkeypatch, tmp_path, TEXT, [
        ("Sofie Hansen", "PERSON", 0), ("Line Hansen", "PERSON", 0),
        ("og Tor Erik Olsen", "ORG", 0), ("Sofie", "LOC", 1)])
    got = sorted((f.text, str(f.label)) for f in found)
    assert ("Tor Erik Olsen", "ORG") in got or ("Tor Erik Olsen", "PERSON") in got
    assert not [t for t, _ in got if t.startswith("og ")]
    assert ("Sofie", "PERSON") in got and ("Sofie", "LOC") not in got


def test_a_place_that_only_shares_a_surname_stays_a_place(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    text = "Abraham Lincoln spoke in Lincoln, Nebraska, on the way west to the coast."
    found = _ner(monkeypatch, tmp_path, text, [("Abraham Lincoln", "PERSON", 0),
                                               ("Lincoln", "LOC", 1)])
    assert ("Lincoln", "LOC") in [(f.text, str(f.label)) for f in found]


HEADINGS = ("Vedtak om hjelpetiltak etter barnevernsloven § 3-1\n\nBarneverntjenesten mottok en "
            "bekymringsmelding fra skolen den 15. januar 2024, og saken er nå under oppfølging av "
            "saksbehandler. Mor og far er informert om vedtaket og om retten til å klage på det. "
            "Barneverntjenesten vil følge opp saken og vurdere om det er behov for flere tiltak "
            "for barnet, og vi vil ta kontakt med familien igjen etter jul.")
SWEDISH = ("Anmälan inkom den 4 mars 2024 från skolan. Socialtjänsten har inlett en utredning "
           "och vårdnadshavarna är informerade om att utredningen pågår och att de kan lämna "
           "synpunkter på den under hela tiden som utredningen pågår. Vi kommer att kontakta "
           "familjen igen och vi kommer också att prata med skolan om hur barnet har det där.")


@pytest.mark.parametrize(("text", "spans"), [
    (HEADINGS, [("Vedtak", "DEM", 0), ("Barneverntjenesten", "ORG", 0)]),
    (SWEDISH, [("Anmälan", "LOC", 0), ("Socialtjänsten", "ORG", 0)]),
])
def test_a_case_files_words_at_a_sentences_start_are_no_findings(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, text: str,
        spans: list[tuple[str, str, int]]) -> None:
    # "Vedtak" (a decision) and "Anmälan" (a report) had become "local" and "Lidingö"
    assert _ner(monkeypatch, tmp_path, text, spans) == []
