"""Pattern detector: identity, tax and health numbers of South Africa, Brazil, Mexico, Chile,
Switzerland, Austria, Portugal, Greece, Czechia/Slovakia, Romania, China, South Korea, Japan,
Singapore, Hong Kong, India (PAN) and Israel. The checks below are written here from each
scheme's published rule (not from python-stdnum, which the detector uses): each valid value is
exactly one validated finding of its scheme in its common spellings and inside a sentence;
a failed check is a look-alike where the layout or the cue says the scheme, nothing where
only a bare number stands; the scheme's acronym before its value names no one; a pseudonym
keeps the scheme, the layout and a right check."""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.strategies.generalization.fakes import fake_identifier
from scheme_fakes import assert_fakes_keep_the_scheme


def _digits(value: str) -> list[int]:
    return [int(c) for c in value if c.isdigit()]


def luhn(value: str) -> bool:
    total = 0
    for i, d in enumerate(reversed(_digits(value))):
        d *= 2 if i % 2 else 1
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _date(yy: int, mm: int, dd: int, centuries: tuple[int, ...] = (1900, 2000)) -> bool:
    for century in centuries:
        try:
            dt.date(century + yy, mm, dd)
            return True
        except ValueError:
            pass
    return False


def za(v: str) -> bool:  # YYMMDD SSSS C A Z, Luhn
    d = "".join(c for c in v if c.isdigit())
    return len(d) == 13 and _date(int(d[:2]), int(d[2:4]), int(d[4:6])) and luhn(d)


def cpf(v: str) -> bool:  # two modulus-11 digits, weights 10..2 and 11..2
    d = _digits(v)
    ok = len(d) == 11
    for n in (9, 10):
        ok = ok and sum(x * (n + 1 - i) for i, x in enumerate(d[:n])) * 10 % 11 % 10 == d[n]
    return ok


_CURP_ALPHABET = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"


def curp(v: str) -> bool:  # 17 characters weighted 18..2, (10 - sum mod 10) mod 10
    if not re.fullmatch(r"[A-Z]{4}\d{6}[HMX][A-Z]{5}[0-9A-Z]\d", v):
        return False
    total = sum(_CURP_ALPHABET.index(c) * (18 - i) for i, c in enumerate(v[:17]))
    return (10 - total % 10) % 10 == int(v[17])


def rut(v: str) -> bool:  # weights 2..7 from the right, 11 - sum mod 11 (10: K, 11: 0)
    body, check = re.sub(r"[.\s]", "", v).split("-")
    total = sum(int(c) * (2 + i % 6) for i, c in enumerate(reversed(body)))
    return "0123456789K0"[11 - total % 11] == check.upper()


def ahv(v: str) -> bool:  # 756, EAN-13: weights 1, 3 from the left, (10 - sum mod 10) mod 10
    d = _digits(v)
    return len(d) == 13 and d[:3] == [7, 5, 6] and (
        10 - sum(x * (3 if i % 2 else 1) for i, x in enumerate(d[:12])) % 10) % 10 == d[12]


def at_vnr(v: str) -> bool:  # weights 3 7 9 0 5 8 4 2 1 6 mod 11 = the fourth digit
    d = _digits(v)
    return len(d) == 10 and sum(x * w for x, w in zip(d, (3, 7, 9, 0, 5, 8, 4, 2, 1, 6),
                                                       strict=True)) % 11 == d[3]


def pt_nif(v: str) -> bool:  # weights 9..2, 11 - sum mod 11, 10 and 11 → 0
    d = _digits(v)
    check = 11 - sum(x * (9 - i) for i, x in enumerate(d[:8])) % 11
    return len(d) == 9 and (0 if check >= 10 else check) == d[8]


def amka(v: str) -> bool:  # DDMMYY, four digits, Luhn
    d = "".join(c for c in v if c.isdigit())
    return len(d) == 11 and _date(int(d[4:6]), int(d[2:4]), int(d[:2])) and luhn(d)


def rodne_cislo(v: str) -> bool:  # YYMMDD/SSSC, month + 50 for a woman, a multiple of 11
    d = v.replace("/", "")
    month = int(d[2:4]) % 50
    return len(d) == 10 and _date(int(d[:2]), month, int(d[4:6])) and int(d) % 11 == 0


def cnp(v: str) -> bool:  # weights 2 7 9 1 4 6 3 5 8 2 7 9, mod 11, 10 → 1
    d = _digits(v)
    r = sum(x * w for x, w in zip(d[:12], (2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9), strict=True)) % 11
    return len(d) == 13 and (1 if r == 10 else r) == d[12]


def cn_ric(v: str) -> bool:  # ISO 7064 MOD 11-2 over 17 digits, a birth date YYYYMMDD
    d = _digits(v[:17])
    total = sum(x * pow(2, 17 - i, 11) for i, x in enumerate(d)) % 11
    return "10X98765432"[total] == v[17].upper() and _date(int(v[8:10]), int(v[10:12]),
                                                           int(v[12:14]), (int(v[6:8]) * 100,))


def kr_rrn(v: str) -> bool:  # weights 2..9, 2..5; (11 - sum mod 11) mod 10
    d = _digits(v)
    weights = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
    return len(d) == 13 and (11 - sum(
        x * w for x, w in zip(d[:12], weights, strict=True)) % 11) % 10 == d[12]


def jp_number(v: str) -> bool:  # weights n + 1 (n = 1–6) and n - 5 (n = 7–11) from the right
    d = _digits(v)
    total = sum(x * (n + 1 if n <= 6 else n - 5) for n, x in enumerate(reversed(d[:11]), 1))
    return len(d) == 12 and (0 if total % 11 <= 1 else 11 - total % 11) == d[11]


def nric(v: str) -> bool:  # weights 2 7 6 5 4 3 2, + 4 for T/G, tables by prefix
    table = {"S": "JZIHGFEDCBA", "T": "JZIHGFEDCBA", "F": "XWUTRQPNMLK", "G": "XWUTRQPNMLK"}
    total = sum(int(c) * w for c, w in zip(v[1:8], (2, 7, 6, 5, 4, 3, 2), strict=True))
    return table[v[0]][(total + (4 if v[0] in "TG" else 0)) % 11] == v[8]


def hkid(v: str) -> bool:  # letters (space 36, A 10 …) weighted 9, 8; digits 7..2; mod 11
    m = re.fullmatch(r"([A-Z]{1,2})(\d{6})\(?([0-9A])\)?", v)
    assert m
    pair = m.group(1).rjust(2)
    total = sum((36 if c == " " else ord(c) - 55) * w
                for c, w in zip(pair, (9, 8), strict=True)) + sum(
        int(c) * w for c, w in zip(m.group(2), range(7, 1, -1), strict=True))
    return "0123456789A"[(11 - total % 11) % 11] == m.group(3)


def pan(v: str) -> bool:  # AAAPA9999A: the fourth letter the holder's kind
    return re.fullmatch(r"[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]", v) is not None


def il_id(v: str) -> bool:
    return len(_digits(v)) in (8, 9) and luhn(v)


CHECKS: dict[str, Callable[[str], bool]] = {
    "NATIONAL_ID_ZA": za, "NATIONAL_ID_BR": cpf, "NATIONAL_ID_MX": curp, "NATIONAL_ID_CL": rut,
    "NATIONAL_ID_CH": ahv, "NATIONAL_ID_AT": at_vnr, "TAX_ID_PT": pt_nif,
    "HEALTH_ID_GR": amka, "NATIONAL_ID_CZ": rodne_cislo, "NATIONAL_ID_RO": cnp,
    "NATIONAL_ID_CN": cn_ric, "NATIONAL_ID_KR": kr_rrn, "NATIONAL_ID_JP": jp_number,
    "NATIONAL_ID_SG": nric, "NATIONAL_ID_HK": hkid, "TAX_ID_IN": pan, "NATIONAL_ID_IL": il_id,
}

#: (sentence, value, subtype): valid values in their common spellings
VALID = [
    ("Her South African ID number is 8001015009087.", "8001015009087", "NATIONAL_ID_ZA"),
    ("ID: 800101 5009 087 (Gauteng)", "800101 5009 087", "NATIONAL_ID_ZA"),
    ("CPF 111.444.777-35, RG on file", "111.444.777-35", "NATIONAL_ID_BR"),
    ("Her CPF: 11144477735.", "11144477735", "NATIONAL_ID_BR"),
    ("CURP BOXW310820HNERXN09 issued in Nuevo León", "BOXW310820HNERXN09", "NATIONAL_ID_MX"),
    ("His RUT is 12.345.678-5 and", "12.345.678-5", "NATIONAL_ID_CL"),
    ("RUN 7.654.321-6 (Chile)", "7.654.321-6", "NATIONAL_ID_CL"),
    ("AHV-Nr. 756.9217.0769.85", "756.9217.0769.85", "NATIONAL_ID_CH"),
    ("numéro AVS 7569217076985 selon", "7569217076985", "NATIONAL_ID_CH"),
    ("SVNR 1237 010180 (Wien)", "1237 010180", "NATIONAL_ID_AT"),
    ("Sozialversicherungsnummer: 1237010180", "1237010180", "NATIONAL_ID_AT"),
    ("NIF 123456789 (contribuinte)", "123456789", "TAX_ID_PT"),
    ("número de contribuinte 123 456 789", "123 456 789", "TAX_ID_PT"),
    ("AMKA 01013099997, Athens", "01013099997", "HEALTH_ID_GR"),
    ("rodné číslo 710319/2745", "710319/2745", "NATIONAL_ID_CZ"),
    ("Her birth number 715319/1001 was", "715319/1001", "NATIONAL_ID_CZ"),
    ("CNP 1800101221144 eliberat", "1800101221144", "NATIONAL_ID_RO"),
    ("Resident ID 11010519491231002X (Beijing)", "11010519491231002X", "NATIONAL_ID_CN"),
    ("RRN 971013-9019902.", "971013-9019902", "NATIONAL_ID_KR"),
    ("My Number: 1234 5678 9018", "1234 5678 9018", "NATIONAL_ID_JP"),
    ("マイナンバー 123456789018", "123456789018", "NATIONAL_ID_JP"),
    ("Her NRIC is S1234567D; she", "S1234567D", "NATIONAL_ID_SG"),
    ("FIN G1234567X (work pass)", "G1234567X", "NATIONAL_ID_SG"),
    ("Hong Kong identity card A123456(3).", "A123456(3)", "NATIONAL_ID_HK"),
    ("HKID G123456A on the form", "G123456A", "NATIONAL_ID_HK"),
    ("He gave his PAN as ABCPM1234K.", "ABCPM1234K", "TAX_ID_IN"),
    ("Teudat Zehut 123456782 (Haifa)", "123456782", "NATIONAL_ID_IL"),
]


def codes(text: str) -> list[tuple[str, str, bool]]:
    return [(f.text, f.subtype, f.validated) for f in detect_text(text)
            if str(f.label) == "CODE"]


@pytest.mark.parametrize(("sentence", "value", "subtype"), VALID)
def test_the_checks_written_here_accept_the_examples(sentence: str, value: str,
                                                     subtype: str) -> None:
    assert CHECKS[subtype](value)


@pytest.mark.parametrize(("sentence", "value", "subtype"), VALID)
def test_a_valid_number_is_one_validated_finding(sentence: str, value: str,
                                                 subtype: str) -> None:
    assert codes(sentence) == [(value, subtype, True)]


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    ("CPF 111.444.777-36", "111.444.777-36", "NATIONAL_ID_BR_LIKE"),  # its layout says so
    ("CURP BOXW310820HNERXN08", "BOXW310820HNERXN08", "NATIONAL_ID_MX_LIKE"),
    ("AHV 756.9217.0769.84", "756.9217.0769.84", "NATIONAL_ID_CH_LIKE"),
    ("birth number 800101/1234", "800101/1234", "NATIONAL_ID_CZ_LIKE"),  # not a case number
    ("rodné číslo 530101/123", "530101/123", "NATIONAL_ID_CZ_LIKE"),  # before 1954: no check
    ("CNP 1800101221145", "1800101221145", "NATIONAL_ID_RO_LIKE"),
    ("RRN 800101-1234567", "800101-1234567", "NATIONAL_ID_KR_LIKE"),
    ("NRIC S1234567A", "S1234567A", "NATIONAL_ID_SG_LIKE"),
    ("Hong Kong identity card A123456(4)", "A123456(4)", "NATIONAL_ID_HK_LIKE"),
    ("AMKA 01018012345", "01018012345", "HEALTH_ID_GR_LIKE"),
    ("South African ID number 8001015009088", "8001015009088", "NATIONAL_ID_ZA_LIKE"),
])
def test_a_failed_check_in_the_scheme_s_layout_or_after_its_cue_is_a_look_alike(
        sentence: str, value: str, subtype: str) -> None:
    found = codes(sentence)
    assert found == [(value, subtype, False)], found
    assert not CHECKS[subtype.removesuffix("_LIKE")](value)


@pytest.mark.parametrize("sentence", [
    "Invoice 12345678 was paid.",  # eight digits: no Israeli ID without its cue
    "Order 123456789018 shipped",  # twelve digits: no My Number without its cue
    "Ref 1237010180 received",  # ten digits: no Austrian number without its cue
    "Line A123456 7 of the log",  # an HKID shape without brackets or a cue
    "File 530101/123 was closed",  # nine slashed digits with a date's shape: no check digit
])
def test_without_layout_or_cue_no_scheme(sentence: str) -> None:
    schemes = [s for _, s, _ in codes(sentence)]
    assert not any(s.removesuffix("_LIKE") in CHECKS for s in schemes), schemes


def test_the_scheme_s_acronym_before_its_value_names_no_one(tmp_path: Path) -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "recognizer"))
    from probe_helpers import detected

    text = ("Client record: Thabo Mokoena. His NRIC is S1234567D. He gave his PAN as "
            "ABCPM1234K. The CPF on file is 111.444.777-35. CNP 1800101221144. AMKA "
            "01013099997. Hong Kong identity card A123456(3). His colleague Fin Walsh "
            "signed. His Czech birth number is 710319/2745 and his Slovak one 715319/1001.\n")
    read, found, _ = detected(tmp_path, text)
    texts = {f.text: str(f.label) for f in found}
    for word in ("NRIC", "PAN", "CPF", "CNP", "AMKA"):
        assert word not in texts, texts
    assert texts.get("Hong Kong") == "LOC", texts  # a country's name, not a person's
    assert any("Fin" in t and lab == "PERSON" for t, lab in texts.items()), texts
    assert "one" not in texts, texts  # a pronoun, no count (its pseudonym read "his … two")


@pytest.mark.parametrize(("sentence", "value", "subtype"), VALID)
def test_a_pseudonym_keeps_the_scheme_the_layout_and_the_check(sentence: str, value: str,
                                                               subtype: str) -> None:
    assert_fakes_keep_the_scheme(value, subtype, CHECKS[subtype])


def test_a_pseudonym_keeps_what_the_layout_says_of_sex_and_kind() -> None:
    rng = random.Random(5)
    woman_za = fake_identifier("8001015009087", "NATIONAL_ID_ZA", rng)  # serial 5009: a man
    assert woman_za and int(woman_za[6:10]) >= 5000 and woman_za[10] == "0"
    assert int(fake_identifier("715319/1001", "NATIONAL_ID_CZ", rng)[2:4]) > 50  # a woman
    assert fake_identifier("ABCPM1234K", "TAX_ID_IN", rng)[3] == "P"  # a person's PAN
    assert fake_identifier("G1234567X", "NATIONAL_ID_SG", rng)[0] == "G"
    assert fake_identifier("971013-9019902", "NATIONAL_ID_KR", rng)[7] == "9"
