"""Low-confidence OCR words put the findings beside them under review; OCR reports progress
and honours cancellation; the GUI-facing metadata carries numbers only."""

from __future__ import annotations

from pathlib import Path

import pytest
from ocr_fixtures import ID_NUMBER, NAME, text_image
from ocr_helpers import make_pipeline, needs_ocr

from redactor.core.context import CancelToken, RunContext
from redactor.core.errors import CancelledError
from redactor.core.model import Action, Decision, Document, Entity, Finding, Label, Span
from redactor.core.ocr_review import review_low_confidence

TEXT = "Met Anna Berg in Oslo"


def _doc(low: str) -> Document:
    return Document("d", Path("d.png"), "png", TEXT, metadata={"ocr_low_confidence": low})


def _findings() -> tuple[list[Finding], list[Entity], list[Decision]]:
    findings = [Finding(Span(4, 13), Label.PERSON, "Anna Berg"),
                Finding(Span(17, 21), Label.LOC, "Oslo")]
    entities = [Entity("E1", Label.PERSON, (0,)), Entity("E2", Label.LOC, (1,))]
    decisions = [Decision(Action.KEEP, "risk", "low risk"), Decision(Action.KEEP, "risk", "")]
    return findings, entities, decisions


def test_a_kept_finding_beside_a_doubtful_word_goes_to_review() -> None:
    findings, entities, decisions = _findings()
    out, notes = review_low_confidence(_doc("0-3"), findings, entities, decisions)  # "Met"
    assert out[0].action == Action.REVIEW and out[0].decided_by == "ocr"
    assert out[1].action == Action.KEEP
    assert len(notes) == 1 and "1 finding(s)" in notes[0] and "Anna" not in notes[0]


def test_a_doubtful_word_inside_a_finding_and_far_ones() -> None:
    findings, entities, decisions = _findings()
    out, _ = review_low_confidence(_doc("9-13"), findings, entities, decisions)  # "Berg"
    assert out[0].action == Action.REVIEW
    out, notes = review_low_confidence(_doc(""), findings, entities, decisions)
    assert out == tuple(decisions) and notes == ()


def test_the_users_and_the_never_mask_lists_choices_stand() -> None:
    findings, entities, _ = _findings()
    decisions = [Decision(Action.KEEP, "user", "kept"),
                 Decision(Action.KEEP, "policy", "on the never-mask list")]
    out, notes = review_low_confidence(_doc("0-3,14-16"), findings, entities, decisions)
    assert [d.action for d in out] == [Action.KEEP, Action.KEEP]
    assert notes  # still reported


def test_masked_findings_stay_masked() -> None:
    findings, entities, _ = _findings()
    decisions = [Decision(Action.MASK, "policy", ""), Decision(Action.MASK, "policy", "")]
    out, notes = review_low_confidence(_doc("0-3"), findings, entities, decisions)
    assert [d.action for d in out] == [Action.MASK, Action.MASK] and notes


@needs_ocr
def test_every_word_below_the_threshold_flags_the_findings(tmp_path: Path) -> None:
    src = tmp_path / "card.png"
    text_image().save(src)
    pipe = make_pipeline(deny=(NAME,), settings={"ocr": {"min_confidence": 1.01}})
    ctx = RunContext(settings=pipe.host.settings)
    doc = pipe.read(src, ctx)
    assert doc.metadata["ocr_low_confidence"]
    assert all(c.isdigit() or c in ",-" for c in doc.metadata["ocr_low_confidence"])
    assert any("low confidence" in w for w in doc.warnings)
    analysis = pipe.analyze(doc, ctx)
    assert any("low confidence" in w for w in analysis.warnings)
    assert NAME not in " ".join(analysis.warnings + doc.warnings)


@needs_ocr
def test_ocr_reports_progress_and_can_be_cancelled(tmp_path: Path) -> None:
    src = tmp_path / "two.tif"
    page = text_image((f"Holder {NAME}", f"Number {ID_NUMBER}"), px=30, size=(700, 160))
    page.save(src, save_all=True, append_images=[page])
    pipe = make_pipeline()
    phases: list[tuple[str, float]] = []
    ctx = RunContext(settings=pipe.host.settings, progress=lambda p, f: phases.append((p, f)))
    doc = pipe.read(src, ctx)
    assert doc.page_count == 2 and doc.metadata["ocr_pages"] == "1,2"
    assert [f for p, f in phases if p == "ocr"] == [0.0, 0.5, 1.0]
    token = CancelToken()

    def cancel_on_second_page(phase: str, fraction: float) -> None:
        if phase == "ocr" and fraction >= 0.5:
            token.cancel()

    with pytest.raises(CancelledError):
        pipe.read(src, RunContext(settings=pipe.host.settings, cancel=token,
                                  progress=cancel_on_second_page))
