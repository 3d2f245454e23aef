"""The OCR engines: registered as plugins, conform to the OcrEngine contract (test kit), read
offline (an audit hook blocks the network), and read turned and skewed pictures."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from network_guard import BLOCK_NETWORK
from ocr_fixtures import CARD_LINES, ID_NUMBER, NAME, text_image
from ocr_helpers import ROOT, engine, make_pipeline, needs_ocr, needs_tesseract, tesseract_installed
from PIL import Image
from redactor_plugins.shared.ocr_run import assemble, recognize_page

from redactor.core.context import RunContext


@needs_ocr
def test_engines_and_settings_are_registered() -> None:
    host = make_pipeline().host
    ids = [r.id for r in host.components("ocr_engines")]
    assert ids[0] == "rapidocr"
    assert ("tesseract" in ids) == tesseract_installed()
    assert host.settings.get("ocr", "min_confidence") == 0.8
    assert "PP-OCRv6" in host.components("ocr_engines")[0].component.version


@needs_ocr
def test_rapidocr_conforms_to_the_engine_contract() -> None:
    from redactor.testing import check_ocr_engine

    check_ocr_engine(engine("rapidocr"))


@needs_tesseract
def test_tesseract_conforms_to_the_engine_contract() -> None:
    from redactor.testing import check_ocr_engine

    check_ocr_engine(engine("tesseract"))


#: urllib3 (imported by rapidocr through requests) binds a socket to ::1 once at import to see
#: whether IPv6 works: loopback, never connected. Everything else is a network attempt.
PROBE = BLOCK_NETWORK.replace(
    'if event in ("socket.connect", "socket.getaddrinfo", "socket.sendto", "socket.bind"):',
    'if event == "socket.bind" and args[1][0] in ("::1", "127.0.0.1"):\n        return\n'
    '    if event in ("socket.connect", "socket.getaddrinfo", "socket.sendto", "socket.bind"):',
) + textwrap.dedent('''
    from PIL import Image, ImageDraw, ImageFont
    import os, reportlab
    from redactor.core.context import RunContext
    from redactor_plugins.ocr.rapid import RapidOcrEngine
    font = ImageFont.truetype(os.path.join(os.path.dirname(reportlab.__file__), "fonts",
                                           "Vera.ttf"), 40)
    img = Image.new("RGB", (600, 100), "white")
    ImageDraw.Draw(img).text((20, 25), "Offline reading", font=font, fill="black")
    words = RapidOcrEngine().recognize(img, RunContext())
    print("WORDS", " ".join(w.text for w in words))
    print("ATTEMPTS", len(attempts))
''')


@needs_ocr
def test_the_engine_reads_with_the_network_blocked() -> None:
    assert PROBE.count('event == "socket.bind" and args[1][0]') == 1  # the guard was adapted
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "ATTEMPTS 0" in out.stdout
    assert "Offline" in out.stdout and "reading" in out.stdout


def _turned(img: Image.Image, quarter: int, skew: float) -> Image.Image:
    out = img.rotate(skew, resample=Image.Resampling.BICUBIC, expand=True, fillcolor="white")
    return out.rotate(90 * quarter, expand=True, fillcolor="white") if quarter else out


@needs_ocr
@pytest.mark.parametrize(("quarter", "skew"), [(0, 0.0), (1, 2.0), (2, 0.0), (3, -1.5)])
def test_turned_and_skewed_pictures_are_read_upright(quarter: int, skew: float) -> None:
    img = _turned(text_image(CARD_LINES, px=30, size=(760, 220)), quarter, skew)
    found = engine("rapidocr")
    ctx = RunContext()
    read = recognize_page(img, ctx, found)
    text = assemble(read, 0.8).text
    assert NAME in text and ID_NUMBER in text
    assert read.quarter_turns == quarter  # PIL turns anticlockwise, the reader clockwise
    for w in read.words:  # boxes are in the picture's own pixels
        assert 0 <= w.box[0] <= w.box[2] <= img.width and 0 <= w.box[1] <= w.box[3] <= img.height


@needs_ocr
def test_small_text_is_enlarged_for_recognition() -> None:
    img = text_image(("Case 4471-2209 of Olga Novak",), px=13, size=(330, 40), margin=8)
    read = recognize_page(img, RunContext(), engine("rapidocr"))
    assert read.scale > 1.4
    assert "4471-2209" in assemble(read, 0.8).text
