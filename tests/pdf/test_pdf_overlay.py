"""Overlay text (replacement or exemption code) is actually drawn inside the boxes."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pypdfium2 as pdfium
from reportlab.pdfgen import canvas

from redactor.core.context import RunContext
from redactor.core.pipeline import Pipeline
from redactor.core.policy import load_policy
from redactor.pluginhost.manager import PluginHost

ONLY = ("redactor_plugins.formats.pdf.plugin", "redactor_plugins.detectors.terms.plugin", "redactor_plugins.strategies.plugin")


def _white_pixels_in_box(path: Path) -> tuple[int, int]:
    page = pdfium.PdfDocument(str(path))[0]
    img = page.render(scale=2).to_pil().convert("L")
    # the box of "Galip Yalman" starts at x = 72 + width("Applicant: ") at y = 700 (points)
    crop = img.crop((2 * 130, 2 * (842 - 712), 2 * 210, 2 * (842 - 696)))
    data = list(crop.tobytes())  # one byte per pixel in mode "L"
    return sum(1 for v in data if v > 200), sum(1 for v in data if v < 50)


def test_exemption_code_overlay_is_visible(tmp_path: Path) -> None:
    src = tmp_path / "in.pdf"
    c = canvas.Canvas(str(src), pagesize=(595, 842))
    c.setFont("Helvetica", 14)
    c.drawString(72, 700, "Applicant: Galip Yalman lives in Ankara.")
    c.save()
    policy = load_policy("default").with_terms(always=("Galip Yalman",))
    results = {}
    for overlay in ("", "code"):
        pol = dataclasses.replace(policy, options={**policy.options, "overlay": overlay,
                                                   "exemption_code": "(b)(6)"})
        pipe = Pipeline(PluginHost(builtins=ONLY, load_entrypoints=False,
                                   load_user_folder=False), pol)
        ctx = RunContext()
        out = tmp_path / f"out-{overlay or 'none'}.pdf"
        pipe.redact_file(src, out, ctx)
        results[overlay] = _white_pixels_in_box(out)
    white_plain, black_plain = results[""]
    white_code, black_code = results["code"]
    assert black_plain > 0 and black_code > 0  # the box is painted in both
    assert white_code > white_plain + 20  # white overlay glyphs drawn inside the box
