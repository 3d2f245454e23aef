"""Engine-independent page geometry: grey levels of every mode, skew and line direction,
text height, the upright transform and mapping boxes back, scaling, text assembly."""

from __future__ import annotations

import numpy as np
import pytest
from ocr_fixtures import a4_page, page_lines, text_image
from PIL import Image
from redactor_plugins.shared.ocr_geometry import (
    analyse,
    invert,
    map_box,
    scale_for,
    to_gray,
    upright,
    warp,
)
from redactor_plugins.shared.ocr_run import PageRead, assemble, snap

from redactor.plugin_api import OcrWord


def _turned(img: Image.Image, quarter: int, skew: float) -> Image.Image:
    out = img.rotate(skew, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=255)
    return out.rotate(90 * quarter, expand=True, fillcolor=255) if quarter else out


@pytest.mark.parametrize(("quarter", "skew"), [(0, 0.0), (0, 2.0), (0, -3.0), (1, 0.0),
                                                (3, 1.5), (2, -1.0)])
def test_skew_and_line_direction_are_found(quarter: int, skew: float) -> None:
    lines, _ = page_lines(4, 30)
    page = a4_page(lines, dpi=100)
    layout = analyse(to_gray(_turned(page, quarter, skew)))
    assert layout.vertical == (quarter % 2 == 1)
    assert layout.skew == pytest.approx(skew, abs=0.3)
    assert layout.text_height == pytest.approx(12, abs=4)  # 11 pt at 100 dpi


def test_blank_page_has_no_layout() -> None:
    assert analyse(Image.new("L", (400, 300), 255)).text_height is None


@pytest.mark.parametrize("turns", [0, 1, 2, 3])
def test_boxes_map_back_through_the_upright_transform(turns: int) -> None:
    size = (300, 200)
    m, out_size = upright(size, turns, 2.0, 1.5)
    box = (40.0, 30.0, 90.0, 50.0)
    there = map_box(m, box)
    back = map_box(invert(m), there)
    assert back[0] <= box[0] + 1e-6 and back[1] <= box[1] + 1e-6  # never smaller
    assert back[2] >= box[2] - 1e-6 and back[3] >= box[3] - 1e-6
    assert 0 <= there[0] and there[2] <= out_size[0] + 1 and there[3] <= out_size[1] + 1


def test_warp_turns_pixels_exactly_by_quarter_turns() -> None:
    img = Image.new("L", (30, 20), 255)
    img.putpixel((2, 3), 0)
    m, size = upright(img.size, 1, 0.0, 1.0)
    out = warp(img, m, size)
    assert size == (20, 30)
    x, y = (round(v) for v in map_box(m, (2, 3, 3, 4))[:2])
    assert out.getpixel((x, y)) == 0


@pytest.mark.parametrize("mode", ["1", "L", "P", "RGB", "RGBA", "LA", "CMYK", "I;16", "I", "F"])
def test_every_mode_becomes_grey_without_losing_the_text(mode: str) -> None:
    base = text_image(("Anna",), px=40, size=(200, 80), mode="L")
    if mode == "I;16":
        img = Image.fromarray(np.asarray(base).astype(np.uint16) * 257)
        assert img.mode.startswith("I;16")
    elif mode in ("I", "F"):
        img = base.convert(mode)
    else:
        img = base.convert(mode)
    gray = np.asarray(to_gray(img))
    assert gray.dtype == np.uint8 and gray.min() < 60 and gray.max() > 200


def test_transparent_ground_reads_as_white() -> None:
    img = Image.new("RGBA", (50, 20), (0, 0, 0, 0))
    assert np.asarray(to_gray(img)).min() == 255


def test_small_text_is_enlarged_and_huge_pages_are_bounded() -> None:
    assert scale_for(10.0, (1000, 1000), 40_000_000) > 2.0
    assert scale_for(30.0, (1000, 1000), 40_000_000) == 1.0
    assert scale_for(200.0, (1000, 1000), 40_000_000) < 0.5
    assert 10_000 * 10_000 * scale_for(30.0, (10_000, 10_000), 4_000_000) ** 2 <= 4_000_001


def test_words_become_text_with_one_box_per_character_and_low_confidence_offsets() -> None:
    words = (OcrWord("Anna", (10, 10, 50, 30), 0.99), OcrWord("Berg", (60, 10, 100, 30), 0.5),
             OcrWord("Oslo", (10, 50, 50, 70), 0.95))
    read = PageRead(words, frozenset({0, 2}), engine="x")
    out = assemble(read, 0.8)
    assert out.text == "Anna Berg\nOslo"
    assert len(out.boxes) == len(out.text)
    assert out.boxes[4] is None and out.boxes[9] is None
    assert out.low == [(5, 9)]
    x0, y0, x1, y1 = out.boxes[5]  # padded: never tighter than the word
    assert x0 < 60 and y0 < 10 and x1 > 100 and y1 > 30


def test_a_box_starting_inside_its_first_letter_is_widened_to_the_ink() -> None:
    ink = np.zeros((40, 200), dtype=bool)
    ink[10:30, 50:90] = True   # one word
    ink[10:30, 120:160] = True  # the next, after a gap
    x0, _, x1, _ = snap(ink, (62.0, 8.0, 80.0, 32.0))
    assert x0 <= 50 and 90 <= x1 < 120




LINE = "Peter Yilmaz tribunal the court"


class _SplitEngine:
    """Reads LINE word by word but cuts 'Yilmaz' in two, as PP-OCR sometimes does (with
    ``glue``: reads 'Peter Yilmaz' as one word instead)."""

    id, version = "split", "1"

    def __init__(self, glue: bool = False) -> None:
        self.glue = glue

    def recognize(self, image, ctx):  # type: ignore[no-untyped-def]
        from ocr_fixtures import font
        from PIL import ImageDraw

        draw = ImageDraw.Draw(image.copy())
        f, words, pos = font(40), [], 0
        for word in LINE.split(" "):
            start = LINE.index(word, pos)
            pos = start + len(word)
            pieces = [("Yilm", 0, 4), ("az", 4, 6)] if word == "Yilmaz" else [(word, 0, len(word))]
            for text, a, b in pieces:
                x0 = draw.textbbox((20, 20), LINE[:start + a], font=f)[2] if start + a else 20
                x1 = draw.textbbox((20, 20), LINE[:start + b], font=f)[2]
                words.append(OcrWord(text, (x0 + 1, 22.0, x1 - 1, 68.0), 0.99))
        if self.glue:
            first, *_ = words
            last = words[2]
            words[:3] = [OcrWord("PeterYilmaz", (first.box[0], 22.0, last.box[2], 68.0), 0.99)]
        return words


def test_one_word_read_as_two_is_joined_and_real_words_stay_apart() -> None:
    from redactor_plugins.shared.ocr_run import recognize_page

    from redactor.core.context import RunContext

    img = text_image((LINE,), px=40, size=(760, 90), margin=20)
    read = recognize_page(img, RunContext(), _SplitEngine())
    assert [w.text for w in read.words] == LINE.split(" ")


def test_two_words_read_as_one_are_split_where_the_ink_has_a_space() -> None:
    from redactor_plugins.shared.ocr_run import recognize_page

    from redactor.core.context import RunContext

    img = text_image((LINE,), px=40, size=(760, 90), margin=20)
    read = recognize_page(img, RunContext(), _SplitEngine(glue=True))
    assert [w.text for w in read.words] == LINE.split(" ")
    assert read.words[0].box[2] <= read.words[1].box[0]


def test_ink_is_the_dark_side_of_otsus_threshold_and_a_light_ground_inverts() -> None:
    from redactor_plugins.shared.ocr_geometry import ink_mask

    page = np.full((40, 60), 235, dtype=np.uint8)
    page[10:14, 5:50] = 20  # a dark stroke on a light ground
    mask = ink_mask(page)
    assert mask[12, 20] and not mask[30, 20] and mask.sum() == 4 * 45
    negative = 255 - page  # light text on a dark ground: the text is still the ink
    assert np.array_equal(ink_mask(negative), mask)
    assert not ink_mask(np.full((20, 20), 128, dtype=np.uint8)).any()  # uniform: no ink
    faint = np.full((20, 20), 200, dtype=np.uint8)
    faint[5, 5] = 180  # under 40 grey levels apart: a blank page
    assert not ink_mask(faint).any()


def test_the_widest_blank_run_between_two_words() -> None:
    from redactor_plugins.shared.ocr_run import _blank_run

    ink = np.zeros((10, 100), dtype=bool)
    ink[2:8, 0:20] = True   # word one
    ink[2:8, 32:35] = True  # a letter after a 12-column space
    ink[2:8, 40:60] = True  # word two, 5 blank columns after the letter
    # between the middles of the two words (columns 10 and 50)
    assert _blank_run(ink, (0, 0, 20, 10), (40, 0, 60, 10)) == 12
    assert _blank_run(ink, (0, 0, 20, 10), (0, 0, 20, 10)) == 0   # no columns between
    ink[:, :] = True
    assert _blank_run(ink, (0, 0, 20, 10), (40, 0, 60, 10)) == 0  # no blank at all
