"""Pattern detector: identity, tax and health numbers of Hungary (TAJ, személyi azonosító,
adóazonosító jel), Bulgaria (EGN), Croatia (OIB), Slovenia (EMŠO), Estonia (isikukood),
Lithuania (asmens kodas) and Latvia (personas kods). The checks below are written here from
each scheme's published rule (not from python-stdnum or the detector's code), and the valid
values are completed with them: each valid value is exactly one validated finding of its
scheme in its common spellings and inside a sentence; a failed check is a look-alike after the
scheme's cue, nothing without it; a bare number of a common length is no finding of these
schemes; a pseudonym keeps the scheme, the layout, what the layout says of the holder and a
right check, and one value gets one fake in every mention."""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.detectors.patterns.schemes import eastern_european_ids
from redactor_plugins.strategies.generalization.fakes import fake_identifier
from redactor_plugins.strategies.pseudonym import PseudonymStrategy
from scheme_fakes import assert_fakes_keep_the_scheme

from redactor.core.entities import entity_index, group_entities
from redactor.plugin_api import Document, Finding, Label, ReplacementRequest, RunContext, Span


def _digits(value: str) -> list[int]:
    return [int(c) for c in value if c.isdigit()]


def _weighted(value: str, weights: tuple[int, ...] | range) -> int:
    return sum(d * w for d, w in zip(_digits(value), weights, strict=False))


def _date(year: int, month: int, day: int) -> dt.date | None:
    try:
        born = dt.date(year, month, day)
    except ValueError:
        return None
    return born if born <= dt.date.today() else None


# --- the published rules -------------------------------------------------------------------

def taj_check(first_eight: str) -> str:  # weights 3, 7, 3, 7 …, modulo 10
    return str(_weighted(first_eight, (3, 7) * 4) % 10)


def hu_pid_check(first_ten: str, born: dt.date) -> str:
    """1996. évi XX. törvény: born before 1997 the ten digits weighted by their place (1 … 10),
    from 1997 by eleven minus it (10 … 1); the sum modulo 11 (10: never issued)."""
    weights = range(1, 11) if born < dt.date(1997, 1, 1) else range(10, 0, -1)
    r = _weighted(first_ten, weights) % 11
    return "" if r == 10 else str(r)


def hu_pid_born(v: str) -> list[dt.date]:  # 1, 2, 5, 6: 1900s; 3, 4: 1800s or 2000s; 7, 8
    d = "".join(c for c in v if c.isdigit())
    centuries = {"1": (1900,), "2": (1900,), "3": (1800, 2000), "4": (1800, 2000),
                 "5": (1900,), "6": (1900,), "7": (1800, 1900), "8": (1800, 1900)}
    return [b for c in centuries.get(d[0], ()) if (b := _date(c + int(d[1:3]), int(d[3:5]),
                                                               int(d[5:7])))]


def hu_pid(v: str) -> bool:
    d = "".join(c for c in v if c.isdigit())
    return len(d) == 11 and any(hu_pid_check(d[:10], b) == d[10] for b in hu_pid_born(d))


def taj(v: str) -> bool:
    d = "".join(c for c in v if c.isdigit())
    return len(d) == 9 and taj_check(d[:8]) == d[8]


def hu_tax_check(first_nine: str) -> str:  # weights 1 … 9, modulo 11 (10: never issued)
    r = _weighted(first_nine, range(1, 10)) % 11
    return "" if r == 10 else str(r)


def hu_tax_days(born: dt.date) -> str:  # digits 2–6: days since 1 January 1867
    return f"{(born - dt.date(1867, 1, 1)).days:05d}"


def hu_tax(v: str) -> bool:
    return len(v) == 10 and v[0] == "8" and hu_tax_check(v[:9]) == v[9]


def egn_check(first_nine: str) -> str:  # weights 2 4 8 5 10 9 7 3 6, modulo 11, 10 → 0
    return str(_weighted(first_nine, (2, 4, 8, 5, 10, 9, 7, 3, 6)) % 11 % 10)


def egn(v: str) -> bool:  # YYMMDD, month + 20 (1800s) or + 40 (2000s)
    month = int(v[2:4])
    century = 2000 if month > 40 else 1800 if month > 20 else 1900
    return len(v) == 10 and _date(century + int(v[:2]), month % 20, int(v[4:6])) is not None \
        and egn_check(v[:9]) == v[9]


def oib_check(first_ten: str) -> str:  # ISO 7064, MOD 11,10
    t = 10
    for d in _digits(first_ten):
        t = (t + d) % 10 or 10
        t = t * 2 % 11
    return str((11 - t) % 10)


def oib(v: str) -> bool:
    return len(v) == 11 and oib_check(v[:10]) == v[10]


def emso_check(first_twelve: str) -> str:  # weights 7..2 twice, 11 - sum mod 11; 10, 11 → 0
    m = 11 - _weighted(first_twelve, (7, 6, 5, 4, 3, 2) * 2) % 11
    return "0" if m >= 10 else str(m)


def emso(v: str) -> bool:  # DDMMYYY (YYY ≥ 800: 1800s–1900s, else 2000s), register, serial
    year = int(v[4:7]) + (1000 if int(v[4:7]) >= 800 else 2000)
    return len(v) == 13 and _date(year, int(v[2:4]), int(v[:2])) is not None and \
        emso_check(v[:12]) == v[12]


def baltic_check(first_ten: str) -> str:  # weights 1–9, 1; if 10: 3–9, 1–3; if 10 again: 0
    r = _weighted(first_ten, (1, 2, 3, 4, 5, 6, 7, 8, 9, 1)) % 11
    if r == 10:
        r = _weighted(first_ten, (3, 4, 5, 6, 7, 8, 9, 1, 2, 3)) % 11 % 10
    return str(r)


def baltic(v: str) -> bool:  # first digit: sex and century (1–2: 1800s, 3–4: 1900s, 5–6)
    century = {"1": 1800, "2": 1800, "3": 1900, "4": 1900, "5": 2000, "6": 2000}.get(v[0])
    return len(v) == 11 and century is not None and _date(
        century + int(v[1:3]), int(v[3:5]), int(v[5:7])) is not None and \
        baltic_check(v[:10]) == v[10]


def lv_check(first_ten: str) -> str:  # (1101 - Σ 1 6 3 7 9 10 5 8 4 2) mod 11 (10: not used)
    r = (1101 - _weighted(first_ten, (1, 6, 3, 7, 9, 10, 5, 8, 4, 2))) % 11
    return "" if r == 10 else str(r)


def lv(v: str) -> bool:  # DDMMYY-CNNNN, C: 0 1800s, 1 1900s, 2 2000s; since 2017 "3[2-9]…"
    d = v.replace("-", "")
    if d[0] == "3" and d[1] in "23456789":
        return len(d) == 11 and d.isdigit()  # the 2017 layout: random digits, no check
    return len(d) == 11 and d[6] in "012" and _date(1800 + 100 * int(d[6]) + int(d[4:6]),
                                                     int(d[2:4]), int(d[:2])) is not None \
        and lv_check(d[:10]) == d[10]


def complete(body: str, check: Callable[[str], str]) -> str:
    digit = check(body)
    assert digit, body  # a body whose check digit is never issued: choose another
    return body + digit


def spaced(value: str, *groups: int, sep: str = " ") -> str:
    out, at = [], 0
    for n in groups:
        out.append(value[at : at + n])
        at += n
    return sep.join(out)


CHECKS: dict[str, Callable[[str], bool]] = {
    "HEALTH_ID_HU": taj, "NATIONAL_ID_HU": hu_pid, "TAX_ID_HU": hu_tax,
    "NATIONAL_ID_BG": egn, "TAX_ID_HR": oib, "NATIONAL_ID_SI": emso, "NATIONAL_ID_EE": baltic,
    "NATIONAL_ID_LT": baltic, "NATIONAL_ID_LV": lv,
}

# --- the values, completed by the rules above ----------------------------------------------

TAJ = complete("12345678", taj_check)
TAJ2 = complete("03745128", taj_check)
HU_1985 = complete("1850101123", lambda b: hu_pid_check(b, dt.date(1985, 1, 1)))  # a man
HU_2003 = complete("4030512007", lambda b: hu_pid_check(b, dt.date(2003, 5, 12)))  # a girl
HU_1998 = complete("1980715002", lambda b: hu_pid_check(b, dt.date(1998, 7, 15)))  # 10 … 1
HU_TAX = complete("8" + hu_tax_days(dt.date(1980, 6, 15)) + "123", hu_tax_check)
EGN_1980 = complete("800101123", egn_check)
EGN_2005 = complete("054515002", egn_check)  # 15 May 2005: month + 40
OIB = complete("1234567890", oib_check)
OIB2 = complete("6912345678", oib_check)
EMSO = complete("010198550012", emso_check)  # 1 January 1985, register 50 (Slovenia)
EMSO_ELSEWHERE = complete("150396271050", emso_check)  # register 71: only after its cue
EE = complete("3870318174", baltic_check)  # a man born 18 March 1987
LT = complete("4900101023", baltic_check)  # a woman born 1 January 1990
EE_2005 = complete("6050607001", baltic_check)
LV = complete("1611751999", lv_check)  # 16 November 1975
LV_1800S = complete("0102850123", lv_check)  # century digit 0: only after its cue

#: (sentence, value, subtype): valid values in their common spellings
VALID = [
    (f"TAJ szám: {spaced(TAJ, 3, 3, 3)}", spaced(TAJ, 3, 3, 3), "HEALTH_ID_HU"),
    (f"A TAJ-szám {TAJ} volt.", TAJ, "HEALTH_ID_HU"),
    (f"társadalombiztosítási azonosító jel {spaced(TAJ2, 3, 3, 3, sep='-')}",
     spaced(TAJ2, 3, 3, 3, sep="-"), "HEALTH_ID_HU"),
    (f"személyi azonosító: {spaced(HU_1985, 1, 6, 4)}", spaced(HU_1985, 1, 6, 4),
     "NATIONAL_ID_HU"),
    (f"Személyi szám {HU_2003}, Budapest", HU_2003, "NATIONAL_ID_HU"),
    (f"Her Hungarian personal ID is {HU_1998}.", HU_1998, "NATIONAL_ID_HU"),
    (f"adóazonosító jel: {HU_TAX}", HU_TAX, "TAX_ID_HU"),
    (f"ЕГН {EGN_1980}, София", EGN_1980, "NATIONAL_ID_BG"),
    (f"His EGN is {EGN_2005}.", EGN_2005, "NATIONAL_ID_BG"),
    (f"OIB: {OIB}", OIB, "TAX_ID_HR"),
    (f"Her OIB is {OIB2} (Zagreb).", OIB2, "TAX_ID_HR"),
    (f"EMŠO {EMSO}", EMSO, "NATIONAL_ID_SI"),
    (f"EMSO: {EMSO_ELSEWHERE}", EMSO_ELSEWHERE, "NATIONAL_ID_SI"),
    (f"The form gave {EMSO} as her number.", EMSO, "NATIONAL_ID_SI"),  # 50: Slovenia's
    (f"isikukood {EE}", EE, "NATIONAL_ID_EE"),
    (f"Her personal code is {EE_2005}.", EE_2005, "NATIONAL_ID_EE"),  # no country: Estonia
    (f"asmens kodas {LT}", LT, "NATIONAL_ID_LT"),
    (f"Lithuanian personal code {LT}", LT, "NATIONAL_ID_LT"),
    (f"personas kods {LV[:6]}-{LV[6:]}", f"{LV[:6]}-{LV[6:]}", "NATIONAL_ID_LV"),
    (f"She gave {LV[:6]}-{LV[6:]} at the desk.", f"{LV[:6]}-{LV[6:]}", "NATIONAL_ID_LV"),
    (f"Personas kods: {LV}", LV, "NATIONAL_ID_LV"),
    (f"personas kods {LV_1800S[:6]}-{LV_1800S[6:]}", f"{LV_1800S[:6]}-{LV_1800S[6:]}",
     "NATIONAL_ID_LV"),
]


def codes(text: str) -> list[tuple[str, str, bool]]:
    return [(f.text, f.subtype, f.validated) for f in detect_text(text)
            if str(f.label) == "CODE"]


def _bad(value: str) -> str:
    """``value`` with its last digit changed: its check fails."""
    return value[:-1] + str((int(value[-1]) + 1) % 10)


@pytest.mark.parametrize(("sentence", "value", "subtype"), VALID)
def test_the_checks_written_here_accept_the_examples(sentence: str, value: str,
                                                     subtype: str) -> None:
    assert CHECKS[subtype](value.replace(" ", "").replace("-", "") if subtype != "NATIONAL_ID_LV"
                           else value)


@pytest.mark.parametrize(("sentence", "value", "subtype"), VALID)
def test_a_valid_number_is_one_validated_finding(sentence: str, value: str,
                                                 subtype: str) -> None:
    assert codes(sentence) == [(value, subtype, True)]


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    (f"TAJ {spaced(_bad(TAJ), 3, 3, 3)}", spaced(_bad(TAJ), 3, 3, 3), "HEALTH_ID_HU_LIKE"),
    (f"személyi azonosító {spaced(_bad(HU_1985), 1, 6, 4)}", spaced(_bad(HU_1985), 1, 6, 4),
     "NATIONAL_ID_HU_LIKE"),  # (unbroken, these digits pass PESEL's check: a PESEL)
    (f"adóazonosító jel {_bad(HU_TAX)}", _bad(HU_TAX), "TAX_ID_HU_LIKE"),
    (f"ЕГН {_bad(EGN_1980)}", _bad(EGN_1980), "NATIONAL_ID_BG_LIKE"),
    ("EGN 8013011236", "8013011236", "NATIONAL_ID_BG_LIKE"),  # no 13th month
    (f"OIB {_bad(OIB)}", _bad(OIB), "TAX_ID_HR_LIKE"),
    (f"EMŠO {_bad(EMSO)}", _bad(EMSO), "NATIONAL_ID_SI_LIKE"),
    (f"isikukood {_bad(EE)}", _bad(EE), "NATIONAL_ID_EE_LIKE"),
    (f"asmens kodas {_bad(LT)}", _bad(LT), "NATIONAL_ID_LT_LIKE"),
    (f"personas kods {LV[:6]}-{_bad(LV)[6:]}", f"{LV[:6]}-{_bad(LV)[6:]}",
     "NATIONAL_ID_LV_LIKE"),
    ("personas kods 321234-56789", "321234-56789", "NATIONAL_ID_LV_LIKE"),  # 2017: no check
    ("personas kods 38765432101", "38765432101", "NATIONAL_ID_LV_LIKE"),
])
def test_a_failed_check_after_the_scheme_s_cue_is_a_look_alike(
        sentence: str, value: str, subtype: str) -> None:
    found = codes(sentence)
    assert found == [(value, subtype, False)], found
    if value not in ("321234-56789", "38765432101"):  # the 2017 layout has no check
        assert not CHECKS[subtype.removesuffix("_LIKE")](value.replace(" ", ""))


@pytest.mark.parametrize("sentence", [
    f"Invoice {TAJ} was paid.",  # nine digits: no TAJ without its cue
    f"Ref {spaced(TAJ, 3, 3, 3)} received",
    f"Order {EGN_1980} shipped on Monday.",  # ten digits: no EGN without its cue
    f"Call centre ticket {HU_TAX} closed.",
    f"Reference {OIB} was quoted.",  # eleven digits: no OIB, isikukood, asmens kodas
    f"Reference {EE} was quoted.",
    f"Reference {LT} was quoted.",
    f"Reference {HU_1985} was quoted.",
    f"Reference {spaced(HU_1985, 1, 6, 4)} was quoted.",
    f"Reference {LV} was quoted.",  # unbroken: no Latvian code without its cue
    f"Line {EMSO_ELSEWHERE} of the log",  # another register than Slovenia's
    f"Call {LV[:6]}-{_bad(LV)[6:]} today",  # the layout, a failed check
    f"File {LV_1800S[:6]}-{LV_1800S[6:]} closed",  # born in the 1800s: only after a cue
    "File 321234-56789 was closed",  # the 2017 layout: random digits
])
def test_without_its_cue_no_scheme(sentence: str) -> None:
    schemes = [s for _, s, _ in codes(sentence)]
    assert not any(s.removesuffix("_LIKE") in CHECKS for s in schemes), schemes


def test_estonia_and_lithuania_are_told_apart_by_their_cue() -> None:
    value = complete("3900101002", baltic_check)
    assert codes(f"isikukood {value}") == [(value, "NATIONAL_ID_EE", True)]
    assert codes(f"asmens kodas {value}") == [(value, "NATIONAL_ID_LT", True)]
    assert codes(f"Lithuanian personal code: {value}") == [(value, "NATIONAL_ID_LT", True)]
    assert codes(f"Estonian personal code: {value}") == [(value, "NATIONAL_ID_EE", True)]
    assert codes(f"personal identification code {value}") == [(value, "NATIONAL_ID_EE", True)]
    assert all(s.removesuffix("_LIKE") not in CHECKS
               for _, s, _ in codes(f"The number {value} was given."))


def test_a_cue_beyond_its_reach_or_line_does_not_count() -> None:
    far = f"OIB{' ' * 45}{OIB}"  # more than 40 characters before the value
    assert all(s.removesuffix("_LIKE") not in CHECKS for _, s, _ in codes(far))
    wrapped = f"EGN\n{EGN_1980}"
    assert all(s.removesuffix("_LIKE") not in CHECKS for _, s, _ in codes(wrapped))


def test_random_numbers_in_english_are_not_validated_by_these_schemes() -> None:
    """A few thousand random digit runs of the schemes' lengths and layouts in an English
    sentence: none of the cued schemes, and the two that stand alone (EMŠO of register 50,
    the hyphenated Latvian code) very rarely."""
    rng = random.Random(7)
    found = 0
    for n in (9, 10, 11, 13):
        for _ in range(1500):
            number = "".join(rng.choice("0123456789") for _ in range(n))
            hits = eastern_european_ids.find(f"The reference {number} was quoted in the letter.")
            found += sum(h.validated for h in hits)
    assert found == 0, found
    hyphenated = 0
    for _ in range(3000):
        number = "".join(rng.choice("0123456789") for _ in range(11))
        hits = eastern_european_ids.find(f"Please quote {number[:6]}-{number[6:]} when calling.")
        hyphenated += sum(h.validated for h in hits)
    assert hyphenated <= 6, hyphenated  # about one in 2 000


# --- pseudonyms ----------------------------------------------------------------------------

def _compact(value: str) -> str:
    return re.sub(r"[ -]", "", value)


@pytest.mark.parametrize(("sentence", "value", "subtype"), VALID)
def test_a_pseudonym_keeps_the_scheme_the_layout_and_the_check(sentence: str, value: str,
                                                               subtype: str) -> None:
    assert_fakes_keep_the_scheme(value, subtype, CHECKS[subtype], str.isdigit,
                                 lambda out: out if subtype == "NATIONAL_ID_LV" else _compact(out))


def test_a_pseudonym_keeps_what_the_layout_says_of_the_holder() -> None:
    rng = random.Random(3)
    for value in (HU_1985, HU_2003, HU_1998):  # sex, century (and citizenship) kept
        assert fake_identifier(value, "NATIONAL_ID_HU", rng)[0] == value[0]
    for value, subtype in ((EE, "NATIONAL_ID_EE"), (LT, "NATIONAL_ID_LT"),
                           (EE_2005, "NATIONAL_ID_EE")):
        assert fake_identifier(value, subtype, rng)[0] == value[0]
    woman_2005 = fake_identifier(EGN_2005, "NATIONAL_ID_BG", rng)  # month + 40, even serial
    assert int(woman_2005[2:4]) > 40 and int(woman_2005[8]) % 2 == int(EGN_2005[8]) % 2
    assert int(fake_identifier(EGN_1980, "NATIONAL_ID_BG", rng)[2:4]) <= 12
    si = fake_identifier(EMSO, "NATIONAL_ID_SI", rng)
    assert si[7:9] == "50" and int(si[9:12]) < 500  # Slovenia's register, a man
    lv_fake = fake_identifier(f"{LV[:6]}-{LV[6:]}", "NATIONAL_ID_LV", rng)
    assert lv_fake[7] == "1"  # born in the 1900s
    new = fake_identifier("321234-56789", "NATIONAL_ID_LV", rng)
    assert new.startswith("32") and new[6] == "-" and new != "321234-56789"
    assert fake_identifier(HU_TAX, "TAX_ID_HU", rng)[0] == "8"


def replace(text: str, items: list[tuple[str, str]]) -> list[str]:
    """The pseudonyms of (value, subtype) CODE findings, found left to right in ``text``."""
    findings, pos = [], 0
    for value, subtype in items:
        at = text.index(value, pos)
        findings.append(Finding(Span(at, at + len(value)), Label("CODE"), value,
                                subtype=subtype, detector="test", validated=True))
        pos = at + len(value)
    entities = group_entities(findings, text)
    of = entity_index(entities, len(findings))
    doc = Document("d", Path("d.txt"), "txt", text)
    ctx = RunContext()
    return [PseudonymStrategy().replacement(
        ReplacementRequest(f, entities[of[i]], doc, "", {}), ctx) for i, f in enumerate(findings)]


@pytest.mark.parametrize(("value", "other", "subtype"), [
    (spaced(TAJ, 3, 3, 3), spaced(TAJ2, 3, 3, 3), "HEALTH_ID_HU"),
    (HU_1985, HU_1998, "NATIONAL_ID_HU"),
    (HU_TAX, complete("8" + hu_tax_days(dt.date(1962, 3, 2)) + "045", hu_tax_check),
     "TAX_ID_HU"),
    (EGN_1980, EGN_2005, "NATIONAL_ID_BG"),
    (OIB, OIB2, "TAX_ID_HR"),
    (EMSO, EMSO_ELSEWHERE, "NATIONAL_ID_SI"),
    (EE, EE_2005, "NATIONAL_ID_EE"),
    (LT, complete("3900101002", baltic_check), "NATIONAL_ID_LT"),
    (f"{LV[:6]}-{LV[6:]}", f"{LV_1800S[:6]}-{LV_1800S[6:]}", "NATIONAL_ID_LV"),
])
def test_one_value_one_fake_in_every_mention(value: str, other: str, subtype: str) -> None:
    text = f"Number {value} was checked; {value} again; the other one {other}."
    first, again, second = replace(text, [(value, subtype), (value, subtype), (other, subtype)])
    assert first == again and first != second and first != value, (first, again, second)
    assert CHECKS[subtype](first if subtype == "NATIONAL_ID_LV" else _compact(first)), first
    assert [c.isdigit() for c in first] == [c.isdigit() for c in value]
