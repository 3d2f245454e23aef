"""v2 (keep_text_selectable): glyph-level removal, normalised gaps, fallback to rendering."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from pdf_fixtures import CHANNELS, PASSWORD, SECRET, raw_page_pdf
from pdf_helpers import ONLY_TERMS, assert_secret_absent, extracted_texts, make_pipeline

from redactor.core.context import RunContext
from redactor.core.pipeline import ExportResult
from redactor.core.settings import Settings


def _export_v2(src: Path, out: Path, secret: str = SECRET, password: str | None = None,
               builtins: tuple[str, ...] | None = None, **options: str
               ) -> tuple[ExportResult, dict[int, str]]:
    pipe = make_pipeline(secret, builtins, **{"keep_text_selectable": "true", **options})
    ctx = RunContext(password=password)
    result = pipe.export(pipe.analyze(pipe.read(src, ctx), ctx), out, ctx)
    return result, ctx.memo["pdf-writer"]["pages"]


GLYPH_CHANNELS = ["01", "02", "03", "04", "06", "07", "09", "10", "11", "12", "13", "14", "16",
                  "17", "19", "20"]


@pytest.mark.parametrize("name", [n for n in CHANNELS if n[:2] in GLYPH_CHANNELS])
def test_glyph_path_channels(name: str, tmp_path: Path) -> None:
    src = CHANNELS[name](tmp_path / "in.pdf")
    out = tmp_path / "out.pdf"
    # terms only: the kept words checked below must not be flagged by a model
    result, pages = _export_v2(src, out, password=PASSWORD if name[:2] == "19" else None,
                               builtins=ONLY_TERMS)
    assert result.verification.ok
    assert pages[0] == "glyph"
    assert_secret_absent(out)
    flat = " ".join(extracted_texts(out)["pypdfium2"].split())
    assert any(w in flat for w in ("Report on", "Scan 1 of", "confidential"))  # still text


@pytest.mark.parametrize("name,why", [
    ("05-form-xobject-pattern-appearance-stream", "pattern"),  # invisible text in a pattern
    ("08-vector-graphics-signature", "not supported"),
    ("15-optional-content-hidden-layer", "not supported"),
    ("18-subset-font-tounicode", "not supported"),
])
def test_glyph_path_falls_back_to_rendering(name: str, why: str, tmp_path: Path) -> None:
    src = CHANNELS[name](tmp_path / "in.pdf")
    out = tmp_path / "out.pdf"
    result, pages = _export_v2(src, out)
    assert result.verification.ok
    assert pages[0].startswith("rendered") and why in pages[0]
    assert_secret_absent(out)


def _x_after_gap(path: Path) -> float:
    with pdfplumber.open(path) as pdf:
        chars = pdf.pages[0].chars
    text = "".join(c["text"] for c in chars)
    return float(chars[text.index("today")]["x0"])


def test_gap_width_is_normalised(tmp_path: Path) -> None:
    xs = []
    for n, secret in enumerate(("Al Bo", "Galip Yalman Demirci-Karaosmanoglu")):
        body = f"BT /F1 12 Tf 20 150 Td (Report on {secret} today) Tj ET\n".encode()
        src = raw_page_pdf(tmp_path / f"in{n}.pdf", body)
        out = tmp_path / f"out{n}.pdf"
        result, pages = _export_v2(src, out, secret=secret, builtins=ONLY_TERMS)
        assert result.verification.ok and pages[0] == "glyph"
        assert_secret_absent(out, secret)
        xs.append(_x_after_gap(out))
    assert abs(xs[0] - xs[1]) < 0.01  # the gap does not tell how long the name was


def test_tj_kerning_removed_as_one_gap(tmp_path: Path) -> None:
    import pikepdf

    src = CHANNELS["03-glyph-gap-width-tj-kerning"](tmp_path / "in.pdf")
    out = tmp_path / "out.pdf"
    _export_v2(src, out, builtins=ONLY_TERMS)
    with pikepdf.open(out) as pdf:
        ops = pikepdf.parse_content_stream(pdf.pages[0])
        arrays = [list(o.operands[0]) for o in ops if str(o.operator) == "TJ"]
    assert arrays == [[pikepdf.String("Report on"), -2000, pikepdf.String("today")]]


def test_setting_turns_glyph_path_on(tmp_path: Path) -> None:
    src = CHANNELS["04-same-string-elsewhere-headers-footers"](tmp_path / "in.pdf")
    settings = Settings()
    settings.set("pdf", "keep_text_selectable", True)
    pipe = make_pipeline()
    ctx = RunContext(settings=settings)
    result = pipe.export(pipe.analyze(pipe.read(src, ctx), ctx), tmp_path / "out.pdf", ctx)
    assert result.verification.ok
    assert ctx.memo["pdf-writer"]["pages"] == {0: "glyph", 1: "glyph", 2: "glyph", 3: "copied"}
