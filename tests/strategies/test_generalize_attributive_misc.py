"""A one-word detail used like an adjective before its noun ("with a cruciate ligament
injury") is generalized to "certain", not to a noun ("a matter ligament injury", session
34)."""

from __future__ import annotations

from redactor_plugins.strategies.generalize import generalize_mention

from redactor.plugin_api import Label

TEXT = "After retiring in 2016 with a cruciate ligament injury, he became a coach."


def test_an_attributive_detail_becomes_certain() -> None:
    at = TEXT.index("cruciate")
    out = generalize_mention(Label.MISC, "cruciate", "", "", doc_text=TEXT, start=at,
                             end=at + len("cruciate"))
    assert out == "certain", out


def test_a_named_qualification_becomes_its_kind() -> None:
    text = "After retiring, he completed a UEFA Pro Licence in 2017."
    at = text.index("UEFA")
    out = generalize_mention(Label.MISC, "UEFA Pro Licence", "", "", doc_text=text, start=at,
                             end=at + len("UEFA Pro Licence"))
    assert out == "licence", out  # it read "matter"
