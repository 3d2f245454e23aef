"""Pattern detector: vehicle identification numbers (the check digit of 49 CFR 565, computed
here from the regulation's own table), a place's coordinates and what3words addresses. Each
is one finding from its first to its last character, labelled as what it is."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text

_VALUE = dict(zip("0123456789ABCDEFGHJKLMNPRSTUVWXYZ",
                  [*range(10), 1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7,
                   8, 9], strict=True))
_WEIGHTS = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)


def with_check_digit(vin: str) -> str:
    """``vin`` with its ninth character set to the check digit."""
    rest = sum(_VALUE[c] * w for c, w in zip(vin, _WEIGHTS, strict=True)) % 11
    return vin[:8] + ("X" if rest == 10 else str(rest)) + vin[9:]


NA_VIN = with_check_digit("1HGCM82630A004352")  # a North American VIN
EU_VIN = "WF0DXXGAKDFT12345"  # a European VIN: its ninth place is the maker's ("X")
assert with_check_digit(EU_VIN) != EU_VIN


def found(text: str) -> list[tuple[str, str, str, bool]]:
    return [(f.text, str(f.label), f.subtype, f.validated) for f in detect_text(text)
            if str(f.label) in ("CODE", "LOC")]


@pytest.mark.parametrize(("sentence", "value", "validated"), [
    (f"The car ({NA_VIN}) was seized.", NA_VIN, True),
    (f"VIN: {NA_VIN}", NA_VIN, True),
    (f"Vehicle 1: Ford Fiesta, VIN {EU_VIN}, driven by", EU_VIN, False),
    (f"Fahrgestellnummer {EU_VIN}", EU_VIN, False),
])
def test_a_vin_is_one_code(sentence: str, value: str, validated: bool) -> None:
    assert found(sentence) == [(value, "CODE", "VIN", validated)]


def test_a_vin_shape_without_check_digit_or_cue_is_no_vin() -> None:
    assert all(s != "VIN" for _v, _l, s, _ok in found(f"code {EU_VIN} in the log"))


@pytest.mark.parametrize(("sentence", "value"), [
    ("GPS: 51.7489, -1.2867 (what3words ///filled.count.soap)", "51.7489, -1.2867"),
    ("found at 51.7489° N, 1.2867° W at dusk", "51.7489° N, 1.2867° W"),
    ("position 51°44'56\"N 1°17'12\"W.", "51°44'56\"N 1°17'12\"W"),
    ("N 51° 44.934' W 1° 17.202' was logged", "N 51° 44.934' W 1° 17.202'"),
    ("lat 59.913, lon 10.752 (phone data)", "59.913, lon 10.752"),
    ("-33.8688, 151.2093 is the flat", "-33.8688, 151.2093"),
])
def test_coordinates_are_one_place(sentence: str, value: str) -> None:
    assert (value, "LOC", "COORDINATES", True) in found(sentence)


@pytest.mark.parametrize("sentence", [
    "paid 12.500, 13.200 kr",  # three places, no cue: amounts
    "readings 95.1234, 200.5678 today",  # out of range
    "ratio 1.234, 2.345 only",
])
def test_numbers_that_are_no_coordinates(sentence: str) -> None:
    assert all(s != "COORDINATES" for _v, _l, s, _ok in found(sentence))


@pytest.mark.parametrize(("sentence", "value"), [
    ("GPS: 51.7489, -1.2867 (what3words ///filled.count.soap)", "///filled.count.soap"),
    ("w3w: index.home.raft near the gate", "index.home.raft"),
    ("what3words address ///índice.casa.balsa here", "///índice.casa.balsa"),
])
def test_what3words_addresses_are_one_place(sentence: str, value: str) -> None:
    assert (value, "LOC", "WHAT3WORDS", True) in found(sentence)


def test_three_dotted_words_without_the_scheme_are_no_place() -> None:
    assert all(s != "WHAT3WORDS" for _v, _l, s, _ok in found("see index.home.raft for it"))
