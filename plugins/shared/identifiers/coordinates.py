"""A place's geographic coordinates: a latitude (±90) and a longitude (±180) in decimal
degrees ("51.7489, -1.2867", "51.7489° N, 1.2867° W") or in degrees and minutes
("51°44'56"N 1°17'12"W", "N 51° 44.934' W 1° 17.202'"). Plain decimals count with four
places each, or with a cue before them ("GPS", "coordinates", "lat" …)."""

from __future__ import annotations

import re

_COORD_CUE = re.compile(r"(?i)\b(?:GPS|co-?ordinates?|lat(?:itude)?|lon(?:g(?:itude)?)?|"
                        r"location|position|grid|map|pin)\b[^\n]{0,30}$")
_DEC = r"[-+\u2212]?\d{1,3}\.\d{3,8}"
_DECIMAL_PAIR = re.compile(
    rf"(?<![\w.+\-\u2212])(?P<lat>{_DEC})[ ]?(?P<deg1>°)?[ ]?(?P<ns>[NS])?(?![\w])[ ]?[,;/]?"
    rf"[ ]{{0,2}}(?:(?i:lon(?:g(?:itude)?)?|lng)[ ]?[:=]?[ ]?)?"  # "lat 59.913, lon 10.752"
    rf"(?P<lon>{_DEC})[ ]?(?P<deg2>°)?[ ]?(?P<ew>[EW])?(?![\w.]|\d)")
_DMS_PART = (r"(?:[NSEW][ ]?)?\d{1,3}°[ ]?\d{1,2}(?:\.\d+)?['′’][ ]?"
             r"(?:\d{1,2}(?:\.\d+)?(?:\"|″|”|'')[ ]?)?(?:[NSEW](?!\w))?")
_DMS_PAIR = re.compile(rf"(?<![\w°])(?P<a>{_DMS_PART})[ ]?,?[ ]{{0,2}}(?P<b>{_DMS_PART})")


def _number(value: str) -> float:
    return float(value.replace("\u2212", "-"))


def coordinate_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, why) of each latitude and longitude pair (decimal degrees, or degrees and
    minutes) in ``text``."""
    out: list[tuple[int, int, str]] = []
    for m in _DECIMAL_PAIR.finditer(text):
        lat, lon = _number(m.group("lat")), _number(m.group("lon"))
        marked = bool(m.group("deg1") or m.group("ns") or m.group("deg2") or m.group("ew"))
        places = min(len(m.group("lat").split(".")[1]), len(m.group("lon").split(".")[1]))
        if abs(lat) > 90 or abs(lon) > 180 or not (
                marked or places >= 4 or _COORD_CUE.search(text, max(0, m.start() - 40),
                                                           m.start())):
            continue
        out.append((m.start(), m.start() + len(m.group(0).rstrip()),
                    "a latitude and a longitude in range"))
    for m in _DMS_PAIR.finditer(text):
        a, b = m.group("a"), m.group("b")
        if re.search(r"[NS]", a + b) and re.search(r"[EW]", a + b) and int(
                re.findall(r"\d+", a)[0]) <= 90 and int(re.findall(r"\d+", b)[0]) <= 180:
            out.append((m.start(), m.start() + len(m.group(0).rstrip()),
                        "a latitude and a longitude in degrees and minutes"))
    return out

