"""Pattern detector: which phone numbers are validated. A national number (no "+" or "00")
valid only in a configured region that the text's language does not make likely is a
look-alike unless a phone cue stands before it (an English text's ISSN "0378-5955" had been a
validated Finnish number); the text's own regions are tried first; a police URN's tail is no
phone; a short record with many numbers still has its mobile checked (session 34)."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text


def phones(text: str) -> list[tuple[str, str, bool]]:
    return [(f.text, f.subtype, f.validated) for f in detect_text(text)
            if f.subtype.startswith("PHONE")]


def test_a_number_valid_only_abroad_in_an_english_text_is_a_look_alike() -> None:
    assert phones("The journal's ISSN is 0378-5955 and its impact factor 2.1.") == [
        ("0378-5955", "PHONE_LIKE", False)]


@pytest.mark.parametrize(("text", "value"), [
    ("puh. 040 123 4567", "040 123 4567"),  # Finnish, after its cue
    ("Mobil: 412 34 567", "412 34 567"),  # Norwegian, after its cue
    ("Ring meg på 41 23 45 67 i morgen, takk. Jeg er hjemme hele dagen og venter på svar "
     "fra deg om saken.", "41 23 45 67"),  # a Norwegian text: Norway's plan is its own
    ("Please call 020 7946 0018 tomorrow.", "020 7946 0018"),
    ("contact +358 40 123 4567 (Helsinki)", "+358 40 123 4567"),  # international: anywhere
])
def test_valid_numbers_stay_validated(text: str, value: str) -> None:
    assert (value, "PHONE", True) in phones(text), phones(text)


def test_a_police_urn_s_tail_is_no_phone() -> None:
    assert phones("URN: 01 / YX / 04417 / 24") == []


def test_a_record_with_many_numbers_checks_its_mobile() -> None:
    record = ("Patient: Delgado, Rosa M.  MRN: 004817263  DOB: 02/17/1961\n"
              "Admit: 03/04/2024  Discharge: 03/09/2024  NPI 1234567893\n"
              "Insurance: CIN 91234567A; member ID XEH123456789; DEA: AB1234563\n"
              "Fax (916) 555-0143. Her son is her emergency contact, cell 916-555-0178.\n")
    assert ("916-555-0178", "PHONE", True) in phones(record), phones(record)
