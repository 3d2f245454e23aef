from __future__ import annotations

from redactor_plugins.ner_detector import split_at_breaks


def test_spans_never_cross_paragraphs_cells_or_pages() -> None:
    text = "Tomas Berg\nPhone\n\n\x0cRiverside Family Services\n \n"
    pieces = [text[s:e] for s, e in split_at_breaks(text, 0, len(text))]
    assert pieces == ["Tomas Berg", "Phone", "Riverside Family Services"]


def test_span_inside_a_line_is_unchanged() -> None:
    text = "Mr Galip Yalman lodged it."
    assert split_at_breaks(text, 3, 15) == [(3, 15)]
