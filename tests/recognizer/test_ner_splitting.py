from __future__ import annotations

import pytest
from redactor_plugins.detectors.recognizer.ner import split_at_breaks
from redactor_plugins.detectors.recognizer.ner_runtime import _trim
from redactor_plugins.shared.text_pieces import wrap_width


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


WRAPPED = (
    "The Designated Safeguarding Lead, Mr Paul Ashworth, phoned Children's Social Care (Bradford\n"
    "Council) at 15:40 and spoke to the social worker on duty, who gave a reference number for\n"
    "the referral. She said that the family had been known to the service since the spring of\n"
    "2024, when the school first raised concerns about the children's attendance and health.\n"
    "Pupil: Leyla Demir\nParents: Mehmet Demir and Zeynep Demir\n")


def test_a_wrapped_line_of_plain_text_does_not_cut_a_name() -> None:
    """"(Bradford⏎Council)" in a hard-wrapped e-mail came out as two organisations."""
    wrap = wrap_width(WRAPPED)
    assert 60 <= wrap <= 90
    start = WRAPPED.index("Bradford")
    end = WRAPPED.index("Council") + len("Council")
    assert split_at_breaks(WRAPPED, start, end, wrap=wrap) == [(start, end)]
    assert len(split_at_breaks(WRAPPED, start, end)) == 2          # without: two pieces


def test_short_lines_and_finished_lines_still_end_a_span() -> None:
    wrap = wrap_width(WRAPPED)
    start = WRAPPED.index("Leyla")
    end = WRAPPED.index("Mehmet") + len("Mehmet")                    # a form's next field
    assert [WRAPPED[s:e] for s, e in split_at_breaks(WRAPPED, start, end, wrap=wrap)] == [
        "Leyla Demir", "Parents: Mehmet"]
    start = WRAPPED.index("health")
    assert len(split_at_breaks(WRAPPED, start, end, wrap=wrap)) == 3  # a line ending in "."


@pytest.mark.parametrize("text", [
    "Name: Tomas Berg\nPhone: 07700 900461\n",                       # a form
    "one long paragraph per line, as in a word processor's export, " * 3 + "\nNext",  # one line
])
def test_texts_without_hard_wraps_have_no_wrap_width(text: str) -> None:
    assert wrap_width(text) == 0


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


def test_a_wrapped_name_gets_one_label_in_a_plain_text_export(tmp_path) -> None:
    from redactor_plugins.detectors.recognizer import ner as ner_detector

    from redactor.testing import run_pipeline

    ok, why = ner_detector.model_available()
    if not ok:
        pytest.skip(why)
    src = tmp_path / "referral.txt"
    src.write_text(WRAPPED, encoding="utf-8")
    run = run_pipeline(src, strategy="label", output=tmp_path / "out.txt")
    assert "Bradford" not in run.output_text and "Council" not in run.output_text
    assert not any(f.text in ("Bradford", "Council") for f in run.findings)
    bradford, council = WRAPPED.index("Bradford"), WRAPPED.index("Council)")
    [org] = [f for f in run.findings if f.span.start <= bradford < f.span.end]
    assert org.span.end > council and org.label.value == "ORG"  # one finding, one label
