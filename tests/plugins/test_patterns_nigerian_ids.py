"""Pattern detector: Nigeria's National Identification Number (NIN) and Bank Verification
Number (BVN). Neither has a published check digit (NIMC issues the NIN as eleven digits; a
BVN is eleven digits that start with "22"), so each is a finding only after its cue and is
validated by its format; a pseudonym keeps eleven digits (a BVN its "22"). The cue words of
these and of the Central and Eastern European schemes name no one."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text
from redactor_plugins.strategies.generalization.fakes import fake_identifier


def codes(text: str) -> list[tuple[str, str, bool]]:
    return [(f.text, f.subtype, f.validated) for f in detect_text(text)
            if str(f.label) == "CODE"]


@pytest.mark.parametrize(("sentence", "value", "subtype"), [
    ("Her NIN is 12345678901.", "12345678901", "NATIONAL_ID_NG"),
    ("National Identification Number: 70123456789", "70123456789", "NATIONAL_ID_NG"),
    ("The Defendant's BVN, 22198765432, was disclosed.", "22198765432", "BANK_ID_NG"),
    ("Bank Verification Number 22012345678 on file", "22012345678", "BANK_ID_NG"),
])
def test_after_its_cue_one_finding(sentence: str, value: str, subtype: str) -> None:
    assert codes(sentence) == [(value, subtype, True)]


@pytest.mark.parametrize("sentence", [
    "Invoice 12345678901 was paid.",  # eleven digits alone: no NIN
    "BVN 12345678901",  # a BVN starts with 22
    "NIN 1234567890",  # ten digits
])
def test_no_scheme_without_its_cue_or_shape(sentence: str) -> None:
    assert not [s for _, s, _ in codes(sentence) if s.endswith("_NG")], codes(sentence)


@pytest.mark.parametrize(("value", "subtype"), [("12345678901", "NATIONAL_ID_NG"),
                                                ("22198765432", "BANK_ID_NG")])
def test_a_pseudonym_keeps_the_shape(value: str, subtype: str) -> None:
    fakes = {fake_identifier(value, subtype, random.Random(seed)) for seed in range(10)}
    assert len(fakes) > 6 and value not in fakes, fakes
    for out in fakes:
        assert out is not None and len(out) == 11 and out.isdigit(), out
        assert out.startswith("22") == (subtype == "BANK_ID_NG"), out


def test_the_cue_words_name_no_one(tmp_path: Path) -> None:
    sys.path.insert(0, str(Path(__file__).parents[1] / "recognizer"))
    from probe_helpers import detected

    text = ("Her TAJ szám 123 456 788 was on the card. His ЕГН is 7523169263. OIB: "
            "69435151530. Isikukood 38703181745. EMŠO 0101006500006. NIN 12345678901, BVN "
            "22198765432. Client: Ngozi Eze.\n")
    _, found, _ = detected(tmp_path, text)
    texts = {f.text: str(f.label) for f in found}
    for word in ("TAJ", "ЕГН", "OIB", "Isikukood", "EMŠO", "NIN", "BVN"):
        assert not any(word in t for t in texts), (word, texts)
    assert texts.get("Ngozi Eze") == "PERSON", texts
