"""Pattern detector: social media handles and profile addresses written without a scheme.
A harassment complaint (written for the purpose, session 27) left "@leahs_ex_mark" — with
the complainant's name in it — in clear, and cut "facebook.com/leah.carter.311" into a CODE,
an ORG and a number."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text


@pytest.mark.parametrize(("sentence", "value", "full_type"), [
    ("harassed on Instagram by the account @leahs_ex_mark and", "@leahs_ex_mark",
     "CODE/HANDLE"),
    ("on X (formerly Twitter) by @markd1985.", "@markd1985", "CODE/HANDLE"),
    ("sent from the Snapchat username markyd85 and", "markyd85", "CODE/HANDLE"),
    ("a TikTok profile tiktok.com/@mark.davies.85.", "tiktok.com/@mark.davies.85", "CODE/URL"),
    ("Her profile is linkedin.com/in/leah-carter-4b2a91 and", "linkedin.com/in/leah-carter-4b2a91",
     "CODE/URL"),
    ("her page is facebook.com/leah.carter.311.", "facebook.com/leah.carter.311", "CODE/URL"),
    ("Write to leah.carter@example.com today.", "leah.carter@example.com", "CODE/EMAIL"),
])
def test_handles_and_profile_addresses_are_one_finding(sentence: str, value: str,
                                                       full_type: str) -> None:
    at = sentence.index(value)
    found = [f for f in detect_text(sentence) if f.span.start < at + len(value)
             and f.span.end > at]
    assert [(f.text, f.full_type, f.validated) for f in found] == [
        (value, full_type, full_type == "CODE/EMAIL")]


@pytest.mark.parametrize("text", [
    "Meet me @ 5 tomorrow.", "He paid 3 @ £2 each.", "The username was forgotten.",
    "See e.g./i.e. the notes.", "It costs 2.5/month.",
])
def test_no_handle_or_address_without_its_shape(text: str) -> None:
    assert not [f for f in detect_text(text) if f.subtype in ("HANDLE", "URL")]
