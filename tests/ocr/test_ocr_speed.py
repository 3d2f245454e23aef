"""The built-in engine's speed measures keep its readings: lines are recognised squeezed
(issue #16's speed target) and the doubtful ones read again at full width; detection is sized
by the text's line height."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest
from ocr_helpers import needs_ocr

rapid = pytest.importorskip("redactor_plugins.ocr.rapid")


@dataclass
class _Input:
    img: list[Any]
    return_word_box: bool = True


@dataclass
class _Output:
    txts: tuple[str, ...]
    scores: list[float]
    word_results: tuple[Any, ...] = field(default_factory=tuple)


class _FakeRec:
    """Reads a line as "squeezed"/"full" by the width its resize gives; a line image whose
    first pixel is 1 is doubtful when squeezed."""

    rec_image_shape = [3, 48, 320]

    def __init__(self) -> None:
        self.calls: list[int] = []

    def __call__(self, args: _Input) -> _Output:
        self.calls.append(len(args.img))
        txts, scores = [], []
        for img in args.img:
            width = self.resize_norm_img(img, 10.0).shape[2]  # type: ignore[attr-defined]
            full = width == 480
            txts.append("full" if full else "squeezed")
            scores.append(0.97 if full else 0.5 if img[0, 0, 0] == 1 else 0.95)
        return _Output(tuple(txts), scores, tuple((t,) for t in txts))


def _line(doubtful: bool) -> np.ndarray:
    img = np.zeros((10, 100, 3), dtype=np.uint8)
    img[0, 0, 0] = 1 if doubtful else 0
    return img


def test_lines_are_read_squeezed_and_doubtful_ones_again_at_full_width(monkeypatch) -> None:
    monkeypatch.setattr(rapid, "REC_SQUEEZE", 0.6)  # off by default (see rapid.REC_SQUEEZE)
    fake = _FakeRec()
    rec = rapid.SqueezedRecognizer(fake)
    out = rec(_Input([_line(False), _line(True), _line(False)]))
    assert out.txts == ("squeezed", "full", "squeezed")
    assert out.scores == [0.95, 0.97, 0.95]
    assert out.word_results[1] == ("full",)
    assert fake.calls == [3, 1]  # only the doubtful line is read twice
    assert not hasattr(fake, "resize_norm_img")  # the recogniser is left as it was


def test_the_squeezed_line_keeps_the_batch_geometry() -> None:
    img = np.full((20, 200, 3), 255, dtype=np.uint8)
    out = rapid._resize_norm(img, 48, 12.0, 0.5)
    assert out.shape == (3, 48, 288)  # 48 × 12 × 0.5: the batch's widest line, squeezed
    assert np.allclose(out[:, :, :240], 1.0) and np.allclose(out[:, :, 240:], 0.0)


def test_detection_is_sized_by_the_line_height() -> None:
    assert rapid.detection_side((1654, 2338), None) == rapid.DET_SIDE
    side = rapid.detection_side((1654, 2338), 23.4)  # 200 dpi, 11 pt
    assert rapid.DET_MIN_SIDE <= side < rapid.DET_SIDE
    assert rapid.detection_side((300, 200), 40.0) == 300  # never above the image


@needs_ocr
def test_a_page_reads_the_same_squeezed() -> None:
    from ocr_fixtures import text_image
    from ocr_helpers import engine
    from redactor_plugins.shared.ocr_run import read_text

    from redactor.core.context import RunContext

    img = text_image(("Anna Yilmaz was born on 12 March 1984.", "Case 2024-CV-0193"))
    text = read_text(img, RunContext(), engine("rapidocr")).text
    assert "Yilmaz" in text and "2024-CV-0193" in text and "1984" in text
