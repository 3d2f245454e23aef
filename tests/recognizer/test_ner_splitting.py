from __future__ import annotations

import pytest
from redactor_plugins.detectors.recognizer.ner import split_at_breaks
from redactor_plugins.detectors.recognizer.ner_runtime import _trim


def test_spans_never_cross_paragraphs_cells_or_pages() -> None:
    text = "Tomas Berg\nPhone\n\n\x0cRiverside Family Services\n \n"
    pieces = [text[s:e] for s, e in split_at_breaks(text, 0, len(text))]
    assert pieces == ["Tomas Berg", "Phone", "Riverside Family Services"]


def test_span_inside_a_line_is_unchanged() -> None:
    text = "Mr Galip Yalman lodged it."
    assert split_at_breaks(text, 3, 15) == [(3, 15)]


def test_pdf_wrapped_lines_stay_one_span() -> None:
    text = "Her solicitor's\noffice is on\n\nPage two"
    assert split_at_breaks(text, 4, 22, soft_newlines=True) == [(4, 22)]
    whole = [text[s:e] for s, e in split_at_breaks(text, 4, len(text), soft_newlines=True)]
    assert whole == ["solicitor's\noffice is on", "Page two"]



@pytest.mark.parametrize(("text", "tagged", "want"), [
    ("Siobhan's house", "Siobhan'", "Siobhan"),
    ("Siobhan’s house", "Siobhan’", "Siobhan"),
    ("the Joneses' house", "Joneses'", "Joneses"),
    ("O'Brien's car", "O'Brien'", "O'Brien"),
    ("'Mac' Smith said", "'Mac'", "Mac"),  # quotes around a word: neither kept
    ("his 'fixer'", "fixer'", "fixer"),
])
def test_a_possessive_apostrophe_is_not_part_of_the_name(text: str, tagged: str,
                                                         want: str) -> None:
    """"Siobhan's" tagged up to its apostrophe came out "[PERSON 3]s house"."""
    start = text.index(tagged)
    s, e = _trim(text, start, start + len(tagged))
    assert text[s:e] == want
