"""A made-up address reads like one: a house number as streets have them, a PO box stays a PO
box with its town and postcode (found in a solicitor's letter, session 32: "14 Albion
Street" became "0 Slater Rise", "PO Box 5521, Birmingham B3 2TA" a street)."""

from __future__ import annotations

import random
import re

import pytest
from redactor_plugins.strategies.generalization.places import address_like


@pytest.mark.parametrize("locale", ["en_GB", "en_US"])
def test_a_house_number_is_one_to_a_few_hundred_without_a_leading_zero(locale: str) -> None:
    numbers = []
    for seed in range(400):
        out = address_like("14 Albion Street, Leeds LS1 6HX", random.Random(seed), locale)
        number = re.match(r"\d+", out)
        assert number is not None, out
        assert not number.group().startswith("0"), out
        numbers.append(int(number.group()))
    assert max(numbers) < 200 and len(set(numbers)) > 40


def test_a_po_box_stays_a_po_box_with_a_new_number_town_and_postcode() -> None:
    seen = set()
    for seed in range(100):
        out = address_like("PO Box 5521, Birmingham B3 2TA", random.Random(seed), "en_GB")
        m = re.fullmatch(r"PO Box ([1-9]\d{3}), (\S.*) [A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}", out)
        assert m is not None, out
        assert "Birmingham" not in out and "5521" not in out and "B3 2TA" not in out, out
        seen.add(m.group(1))
    assert len(seen) > 50
    assert re.fullmatch(r"P\.O\. Box [1-9]\d{4}", address_like("P.O. Box 12626",
                                                             random.Random(3), "en_GB"))
