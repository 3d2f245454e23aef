"""Formats with no checksum: vehicle registration plates, British postcodes, Nordic street
addresses, a place's coordinates and what3words addresses.

Each is one span however it is spaced, validated when its format check passes:

* German plates (``B MW 1234``, ``M-AB 123``, ``HH-AB 1234E``): district of 1–3 letters,
  1–2 letters, 1–4 digits, at most 8 letters and digits, an optional E/H suffix; the form is
  so short that it needs a cue ("plate", "Kennzeichen", "car" …) within 60 characters before;
* Turkish plates (``34 ABC 123``): province 01–81, then 1 letter and 4–5 digits, 2 letters and
  3–4 digits or 3 letters and 2–3 digits (no Q, W, X);
* British plates (``AB12 CDE``, since 2001): two letters (no I, Q, Z first), the age
  identifier (02–29 or 51–79) and three letters (no I, Q);
* any other plate right after "plate" or "registration" (``AV 38211`` in "Illinois plate AV
  38211"): 4–8 letters and digits, both kinds (not validated);
* British postcodes (``SW1A 1AA``, ``M1 1AE``, ``GIR 0AA``): the Royal Mail outward and
  inward code letter rules (LOC/POSTCODE);
* British driving licence numbers (``MORGA753116SM9IJ``, also spaced ``MORGA 753116 SM9IJ``):
  five letters of the surname (padded with 9), the decade digit of the birth year, the birth
  month (plus 50 for a woman: 01–12 or 51–62), the day (01–31), the year digit, two initials
  (9 for none), a digit and two check letters (CODE/DRIVING_LICENCE_UK; its check letters are
  not published, so the format is the check).
* Nordic street addresses (``Nørrebrogade 45, 2. tv., 2200 København N``, ``Storgata 12B,
  0155 Oslo``, ``Kongens gate 5``, ``Drottninggatan 10, 111 51 Stockholm``): a street whose
  name ends in the street's word (gade, vej, allé, gate, vei, gata, vägen …, joined or after
  a space), the house number, a Danish floor ("2. tv."), a postcode and town; one LOC/ADDRESS
  span, not validated (the model had cut it into a MISC, a "45, 2." and a town).
* Geographic coordinates (``51.7489, -1.2867``, ``51.7489° N, 1.2867° W``, ``51°44'56"N
  1°17'12"W``, ``N 51° 44.934' W 1° 17.202'``): a latitude and a longitude in range, one
  LOC/COORDINATES span (validated); plain decimals need four places each or a cue ("GPS",
  "coordinates", "lat/long" …) before them (a pair of measurements is not a place).
* what3words addresses (``///filled.count.soap``, or three words after "what3words"/"w3w"):
  a 3-metre square, one LOC/WHAT3WORDS span (validated by its form).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import RANK_CASE, RANK_VALIDATED, Hit
from redactor_plugins.shared.identifiers.coordinates import coordinate_spans

from redactor.plugin_api import Label

_CUE = re.compile(
    r"(?i)(?:\b(?:plates?|registration|registered|reg\.|kennzeichen|nummernschild|plaka|"
    r"cars?|vehicles?|vans?|lorry|lorries|trucks?|taxis?|motorbikes?|motorcycles?|"
    r"kfz|pkw|lkw|auto|wagen|araç|aracı)\b)[^\n]{0,60}$")
_DE = re.compile(
    r"(?<![\w-])(?P<d>[A-ZÄÖÜ]{1,3})(?:[ -]|[ ]?-[ ]?)(?P<l>[A-Z]{1,2})[ ]?(?P<n>[1-9]\d{0,3})"
    r"[EH]?(?![\w-]|[.,]\d)")
_TR_LETTER = "A-PR-VYZ"
#: not after a time's colon or a decimal point ("22:15 PC 4471 NOLAN" is a time, an officer's
#: rank, collar number and name), nor a police rank with its number before a name
_TR = re.compile(
    rf"(?<![\w:.-])(?!\d\d[ -]?(?:PC|DC|PS|DS|DI|CI|SC)[ -]?\d{{4}}[ ]+[A-Z])(?:0[1-9]|[1-7]\d|8[01])[ -]?(?:[{_TR_LETTER}][ -]?\d{{4,5}}"
    rf"|[{_TR_LETTER}]{{2}}[ -]?\d{{3,4}}|[{_TR_LETTER}]{{3}}[ -]?\d{{2,3}})(?![\w-]|[.,]\d)")
_TR_NOT = frozenset({"AM", "PM", "BC", "AD", "CE", "BCE", "UTC", "GMT", "CET", "EET", "EUR",
                     "USD", "TRY", "TL", "YTL", "KM", "KG", "CM", "MM", "HP", "KW", "MB", "GB",
                     "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV",
                     "DEC"})
_UK_PLATE = re.compile(
    r"(?<![\w-])[A-HJ-PR-Y][A-HJ-PR-Z](?P<age>0[2-9]|[1-2]\d|5[1-9]|[67]\d) {0,2}"
    r"[A-HJ-PR-Z]{3}(?![\w-])")  # two spaces: a scanned page's ("YD18  XKP")
_POSTCODE = re.compile(
    r"(?<![\w-])(?:GIR ?0AA|(?:[A-PR-UWYZ](?:\d[A-HJKPSTUW]|\d{1,2}|[A-HK-Y]\d[ABEHMNPRVWXY]"
    r"|[A-HK-Y]\d{1,2})) ?\d[ABD-HJLNP-UW-Z]{2})(?![\w-])")


_UK_LICENCE = re.compile(
    r"(?<![\w-])[A-Z9]{5} ?\d(?:0[1-9]|1[0-2]|5[1-9]|6[0-2])(?:0[1-9]|[12]\d|3[01])\d ?"
    r"[A-Z9]{2}\d[A-Z]{2}(?![\w-])")


def _plate(start: int, end: int, country: str) -> Hit:
    return Hit(start, end, Label.CODE, "VEHICLE_PLATE", 0.95,
               f"vehicle registration plate ({country}), valid format", RANK_VALIDATED, True)


#: any country's plate right after its cue ("Illinois plate AV 38211", "registration number
#: 7XYZ123"): letters and digits, at most two spaces or hyphens, 4–8 of them, both kinds
_CUED_PLATE = re.compile(
    r"(?i:\b(?:(?:licen[cs]e|number|registration)[ \t]+)?plates?|\bregistration(?:[ \t]+"
    r"(?:number|mark|no\.?))?|\breg\.?[ \t]+no\.?)[ \t]*(?:[:#]|(?i:number|no\.?))?"
    r"(?:[ \t]+(?:was|is))?[ \t]*(?P<p>[A-Z0-9]{1,8}(?:[ -][A-Z0-9]{1,5}){0,2})(?![\w-]|[.,]\d)")


def find_cued_plates(text: str) -> Iterable[Hit]:
    """A plate of no known country's format right after "plate" or "registration"."""
    for m in _CUED_PLATE.finditer(text):
        plate = re.sub(r"[ -]", "", m.group("p"))
        if 4 <= len(plate) <= 8 and re.search(r"\d", plate) and re.search(r"[A-Z]", plate):
            yield Hit(m.start("p"), m.end("p"), Label.CODE, "VEHICLE_PLATE", 0.9,
                      "vehicle registration plate after its cue", RANK_CASE)


def find_plates(text: str) -> Iterable[Hit]:
    for m in _DE.finditer(text):
        chars = len(m.group("d")) + len(m.group("l")) + len(m.group("n"))
        if chars <= 8 and _CUE.search(text[max(0, m.start() - 80) : m.start()]):
            yield _plate(m.start(), m.end(), "DE")
    for m in _TR.finditer(text):
        letters = re.sub(r"[^A-Z]", "", m.group(0))
        if letters not in _TR_NOT:
            yield _plate(m.start(), m.end(), "TR")
    for m in _UK_PLATE.finditer(text):
        yield _plate(m.start(), m.end(), "GB")


def find_postcodes(text: str) -> Iterable[Hit]:
    for m in _POSTCODE.finditer(text):
        yield Hit(m.start(), m.end(), Label.LOC, "POSTCODE", 0.95,
                  "British postcode, valid format", RANK_VALIDATED, True)


#: a post office box and the town after it ("P.O. Box 1234-00100 Nairobi", "PO Box 42,
#: Gaborone", "Postfach 10 20 30"): an address, one span
_PO_BOX = re.compile(
    r"(?<![\w.])(?:P\.?[ ]?O\.?|Post[ ]Office)[ ]Box[ ]\d{1,6}(?:[-–]\d{3,5})?"
    r"(?:,?[ ][A-Z][a-z]+(?:[ ][A-Z][a-z]+)?)?|(?<![\w.])Postfach[ ]\d{1,3}(?:[ ]\d{2}){0,3}")


def find_po_boxes(text: str) -> Iterable[Hit]:
    for m in _PO_BOX.finditer(text) if "Box" in text or "Postfach" in text else ():
        yield Hit(m.start(), m.end(), Label.LOC, "ADDRESS", 0.95,
                  "a post office box (and its town)", RANK_CASE)


def find_driving_licences(text: str) -> Iterable[Hit]:
    for m in _UK_LICENCE.finditer(text):
        if re.match(r"[A-Z]", m.group(0)):  # a surname starts with a letter
            yield Hit(m.start(), m.end(), Label.CODE, "DRIVING_LICENCE_UK", 0.95,
                      "British driving licence number, valid format", RANK_VALIDATED, True)


_UP = "A-ZÆØÅÄÖÜÉ"
_LOW = "a-zæøåäöüé"
_STREET_END = (r"(?:gade|gaden|vej|vejen|allé|alle|plads|stræde|torv|vænge|gate|gaten|gata|vei"
               r"|veien|veg|vegen|plass|gatan|vägen|väg|torget|stig|stien|bakken|boulevard|boulevarden"
               r"|straße|strasse)")
_NORDIC_ADDRESS = re.compile(
    rf"(?<![\w-])(?:[{_UP}][{_LOW}'-]+[ ]){{0,2}}(?:[{_UP}][{_LOW}'-]*{_STREET_END}"
    rf"|[{_UP}][{_LOW}'-]+[ ]{_STREET_END})[ ]\d{{1,4}}[ ]?[A-Za-z]?(?![\w-])"
    rf"(?:,[ ]\d{{1,2}}\.[ ]?(?:tv|th|mf|sal)\.?)?"  # a Danish floor and side: "2. tv."
    rf"(?:,?[ ](?:\d{{4}}|\d{{3}}[ ]\d{{2}})[ ][{_UP}][{_LOW}-]+(?:[ ][{_UP}](?![\w-])"
    rf"|[ -][{_UP}][{_LOW}-]+)?)?")


def find_nordic_addresses(text: str) -> Iterable[Hit]:
    for m in _NORDIC_ADDRESS.finditer(text):
        yield Hit(m.start(), m.end(), Label.LOC, "ADDRESS", 0.95,
                  "Nordic street address (street word, house number)", RANK_CASE)




def find_coordinates(text: str) -> Iterable[Hit]:
    """A latitude and longitude pair (decimal degrees, or degrees and minutes)."""
    for start, end, why in coordinate_spans(text):
        yield Hit(start, end, Label.LOC, "COORDINATES", 0.95, why, RANK_VALIDATED, True)

_W3W = re.compile(r"(?<![\w/])///(?:[^\W\d_]+\.){2}[^\W\d_]+(?![\w.]|\.\w)")
_W3W_AFTER_CUE = re.compile(r"(?i)\b(?:what3words|w3w)\b[^\S\n]*(?:address)?[^\S\n]*:?[^\S\n]*"
                            r"(?-i:((?:[a-z]+\.){2}[a-z]+))(?![\w.]|\.\w)")


def find_what3words(text: str) -> Iterable[Hit]:
    """what3words addresses: "///" and three words with dots between, or three words after
    the name of the scheme."""
    spans = {m.span() for m in _W3W.finditer(text)}
    spans |= {m.span(1) for m in _W3W_AFTER_CUE.finditer(text)}
    for start, end in sorted(spans):
        yield Hit(start, end, Label.LOC, "WHAT3WORDS", 0.95, "a what3words address",
                  RANK_VALIDATED, True)
