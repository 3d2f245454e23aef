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
    imgs: list[Any] | None = None
    elapse: float = 0.0


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


class _BatchRec(_FakeRec):
    """Reads each line as its width (so results can be traced back), batching like RapidOCR."""

    rec_batch_num = 2

    def __init__(self) -> None:
        super().__init__()
        self.threads: set[str] = set()
        self.groups: list[list[int]] = []

    def __call__(self, args: _Input) -> _Output:
        import threading

        self.threads.add(threading.current_thread().name)
        widths = [int(img.shape[1]) for img in args.img]
        self.groups.append(widths)
        return _Output(tuple(str(w) for w in widths), [0.99] * len(widths),
                       tuple((str(w),) for w in widths))


def test_lanes_read_every_line_once_and_keep_their_order(monkeypatch) -> None:
    widths = [70, 20, 90, 40, 10, 60, 30, 50, 80]
    lines = [np.zeros((10, w, 3), dtype=np.uint8) for w in widths]
    fake = _BatchRec()
    out = rapid.SqueezedRecognizer(fake, lanes=2)(_Input(lines))
    assert out.txts == tuple(str(w) for w in widths)  # back in the lines' order
    assert [w[0] for w in out.word_results] == [str(w) for w in widths]
    assert sorted(w for g in fake.groups for w in g) == sorted(widths)  # each line once
    # sorted by width, batches of 2 dealt to the lanes in turn
    assert sorted(fake.groups) == [[10, 20, 50, 60, 90], [30, 40, 70, 80]]
    assert all(name.startswith("ocr-rec") for name in fake.threads)


def test_few_lines_are_shared_between_the_lanes() -> None:
    fake = _BatchRec()
    fake.rec_batch_num = 6
    lines = [np.zeros((10, w, 3), dtype=np.uint8) for w in (30, 10, 20)]
    out = rapid.SqueezedRecognizer(fake, lanes=2)(_Input(lines))
    assert out.txts == ("30", "10", "20")
    assert sorted(fake.groups) == [[10, 20], [30]]  # two lanes busy, not one batch of 3
    one = _BatchRec()
    assert rapid.SqueezedRecognizer(one, lanes=2)(_Input([lines[0]])).txts == ("30",)
    assert one.threads == {"MainThread"}  # a single line is read on the caller's thread


@needs_ocr
def test_lanes_read_a_page_as_one_lane_does() -> None:
    from ocr_fixtures import a4_page, page_lines
    from redactor_plugins.ocr.rapid import RapidOcrEngine
    from redactor_plugins.shared.ocr_run import read_text

    from redactor.core.context import RunContext
    from redactor.core.settings import Settings

    page = a4_page(page_lines(5, 20)[0], dpi=200)
    engine = RapidOcrEngine()
    ctx = RunContext(settings=Settings({"ocr": {"threads": 2}}))
    two = read_text(page, ctx, engine)
    recogniser = engine._ocr.text_rec
    assert recogniser.lanes == 2 and recogniser.rec_image_shape[1] == rapid.REC_HEIGHT
    recogniser.lanes = 1
    one = read_text(page, ctx, engine)
    assert two.text == one.text and len(two.text) > 500
    assert two.boxes == one.boxes


@needs_ocr
def test_the_recogniser_reads_lines_of_any_height() -> None:
    import onnxruntime as ort
    from redactor_plugins.ocr.rec_head import free_height, split_head

    _, rec = rapid.model_paths()
    body = split_head(rec.read_bytes())
    assert body is not None
    free = free_height(body[0])
    session = ort.InferenceSession(free, providers=["CPUExecutionProvider"])
    assert session.get_inputs()[0].shape[1:3] == [3, "height"]
    for height in (48, 40):
        line = np.zeros((1, 3, height, 320), dtype=np.float32)
        assert session.run(None, {"x": line})[0].shape == (1, 40, 120)
    assert free_height(free) == free  # nothing left to free
    assert free_height(body[0], height=32) == body[0]  # not that height: unchanged
    with pytest.raises(Exception):  # noqa: B017 - the file's own model refuses other heights
        ort.InferenceSession(body[0], providers=["CPUExecutionProvider"]).run(
            None, {"x": np.zeros((1, 3, 40, 320), dtype=np.float32)})


def test_blas_runs_on_the_calling_thread_inside_the_context() -> None:
    from redactor_plugins.ocr.rec_head import one_blas_thread
    from threadpoolctl import threadpool_info

    def blas() -> list[int]:
        return [i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"]

    before = blas()
    if not before:
        pytest.skip("numpy has no BLAS thread pool here")
    with one_blas_thread():
        assert set(blas()) == {1}
    assert blas() == before
