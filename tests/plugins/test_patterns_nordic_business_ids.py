"""Pattern detector: Nordic bank account and organisation numbers. Valid values are checked
here by each scheme's own rule (weights and moduli, not the library the detector uses); each
is one validated finding, alone and in a sentence; after its cue a failed check is a
look-alike; without a cue a bare run of digits is nothing of the kind."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text


def mod11(digits: str, weights: tuple[int, ...]) -> bool:
    """The last digit is 11 − (weighted sum mod 11), 0 for 11 (10: no such number)."""
    d = [int(c) for c in digits if c.isdigit()]
    rest = sum(w * x for w, x in zip(weights, d[:-1], strict=True)) % 11
    check = (11 - rest) % 11
    return check != 10 and check == d[-1]


def luhn(digits: str) -> bool:
    d = [int(c) for c in digits if c.isdigit()][::-1]
    return sum(x if i % 2 == 0 else (2 * x - 9 if x > 4 else 2 * x)
               for i, x in enumerate(d)) % 10 == 0


def cvr_ok(digits: str) -> bool:  # weights 2 7 6 5 4 3 2 1, sum ≡ 0 (mod 11)
    d = [int(c) for c in digits if c.isdigit()]
    return sum(w * x for w, x in zip((2, 7, 6, 5, 4, 3, 2, 1), d, strict=True)) % 11 == 0


def ytunnus_ok(v: str) -> bool:  # weights 7 9 10 5 8 4 2, 11 − (sum mod 11), 0 for 11
    d = [int(c) for c in v if c.isdigit()]
    rest = sum(w * x for w, x in zip((7, 9, 10, 5, 8, 4, 2), d[:7], strict=True)) % 11
    return rest != 1 and (0 if rest == 0 else 11 - rest) == d[7]


def account_ok(v: str) -> bool:
    return mod11(v, (5, 4, 3, 2, 7, 6, 5, 4, 3, 2))


def orgnr_ok(v: str) -> bool:
    return mod11(v, (3, 2, 7, 6, 5, 4, 3, 2))


@pytest.mark.parametrize(("sentence", "value", "subtype", "check"), [
    ("Utbetalingen går til kontonummer 8601.11.17947.", "8601.11.17947", "BANK_ACCOUNT_NO",
     account_ok),
    ("Paid into 8601 11 17947 on Monday.", "8601 11 17947", "BANK_ACCOUNT_NO", account_ok),
    ("konto: 86011117947", "86011117947", "BANK_ACCOUNT_NO", account_ok),
    ("Arbeidsgiver: Bergen Bygg AS, org.nr. 988 077 917.", "988 077 917", "ORG_NUMBER_NO",
     orgnr_ok),
    ("Foretaksregisteret: NO 988077917 MVA", "988077917", "ORG_NUMBER_NO", orgnr_ok),
    ("The employer's CVR number is 13585628.", "13585628", "ORG_NUMBER_DK", cvr_ok),
    ("CVR-nr. 13 58 56 28", "13 58 56 28", "ORG_NUMBER_DK", cvr_ok),
    ("The company 556036-0793 (Volvo) was named.", "556036-0793", "ORG_NUMBER_SE", luhn),
    ("organisationsnummer 5560360793", "5560360793", "ORG_NUMBER_SE", luhn),
    ("Finnish business ID (Y-tunnus) 2077474-0.", "2077474-0", "ORG_NUMBER_FI", ytunnus_ok),
    ("Y-tunnus: 20774740", "20774740", "ORG_NUMBER_FI", ytunnus_ok),
])
def test_valid_numbers_are_one_validated_finding(sentence: str, value: str, subtype: str,
                                                 check) -> None:  # type: ignore[no-untyped-def]
    assert check(value)
    at = sentence.index(value)
    found = [f for f in detect_text(sentence) if f.span.start < at + len(value)
             and f.span.end > at]
    assert [(f.text, f.subtype, f.validated) for f in found] == [(value, subtype, True)], found


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    ("kontonummer 8601.11.17948", "8601.11.17948", "BANK_ACCOUNT_NO_LIKE"),
    ("org.nr. 988 077 918", "988 077 918", "ORG_NUMBER_NO_LIKE"),
    ("CVR 13585629", "13585629", "ORG_NUMBER_DK_LIKE"),
    ("organisationsnummer 5560360794", "5560360794", "ORG_NUMBER_SE_LIKE"),
    ("Y-tunnus 2077474-1", "2077474-1", "ORG_NUMBER_FI_LIKE"),
])
def test_a_failed_check_after_its_cue_is_a_look_alike(sentence: str, value: str,
                                                      subtype: str) -> None:
    [f] = [f for f in detect_text(sentence) if f.text == value]
    assert (f.subtype, f.validated) == (subtype, False) and "invalid" in f.explanation


@pytest.mark.parametrize("text", [
    "The total was 13585628 kroner.",  # a valid CVR, but no cue
    "Reference 988077917 was given.",  # a valid org. number, no cue
    "In 86011117947 cases.",  # a valid account, bare and without a cue
    "Ticket 8601.11.17948 is void.",  # the account layout, check fails, no cue
])
def test_no_business_number_without_its_cue_or_layout(text: str) -> None:
    assert not [f for f in detect_text(text) if f.subtype.startswith(("BANK_ACCOUNT_NO",
                                                                      "ORG_NUMBER"))]


# -- a Danish decision: bank details and addresses -----------------------------------------------
@pytest.mark.parametrize(("sentence", "value", "full_type"), [
    # it read "reg.nr. [QUANTITY]" and a validated international phone
    ("til din NemKonto (reg.nr. 1234, kontonr. 0012345678).", "1234", "CODE/BANK_REG_NUMBER"),
    ("til din NemKonto (reg.nr. 1234, kontonr. 0012345678).", "0012345678",
     "CODE/ACCOUNT_NUMBER"),
    ("Du bor på Nørrebrogade 45, 2. tv., 2200 København N, og er gift.",
     "Nørrebrogade 45, 2. tv., 2200 København N", "LOC/ADDRESS"),
    ("Adresse: Storgata 12B, 0155 Oslo.", "Storgata 12B, 0155 Oslo", "LOC/ADDRESS"),
    ("bor i Kongens gate 5, 0153 Oslo", "Kongens gate 5, 0153 Oslo", "LOC/ADDRESS"),
    ("Drottninggatan 10, 111 51 Stockholm", "Drottninggatan 10, 111 51 Stockholm",
     "LOC/ADDRESS"),
    ("Vi bor på Åboulevarden 3 nu.", "Åboulevarden 3", "LOC/ADDRESS"),
])
def test_danish_bank_details_and_nordic_addresses_are_one_finding(
        sentence: str, value: str, full_type: str) -> None:
    at = sentence.index(value)
    found = [f for f in detect_text(sentence) if f.span.start < at + len(value)
             and f.span.end > at]
    assert [(f.text, f.full_type, f.validated) for f in found] == [(value, full_type, False)]


@pytest.mark.parametrize("text", ["In 2005 the Court held that Article 8 applied.",
                                  "The Gate 5 departure was delayed."])
def test_no_address_without_a_street_word(text: str) -> None:
    assert not [f for f in detect_text(text) if f.subtype == "ADDRESS"]


def test_a_swedish_clearing_number_is_one_finding() -> None:
    text = "Pengarna betalas ut till Swedbank, clearingnummer 8327-9, kontonummer 912 345 678-9."
    found = {f.text: f.full_type for f in detect_text(text)}
    assert found.get("8327-9") == "CODE/BANK_REG_NUMBER", found  # it read "9256-10" (scaled)
