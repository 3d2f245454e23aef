"""One end-to-end case per PDF leak channel of REDACTION_CHECKLIST.md (PDF 1–20)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest
from pdf_fixtures import CHANNELS, IMAGE_RECT, PASSWORD, SIZE
from pdf_helpers import assert_secret_absent, export

from redactor.core.errors import UsageError

ALLOWED_OPS = {"q", "Q", "cm", "Do", "BT", "ET", "Tr", "Tf", "Tz", "Tm", "Tj", "g"}


def _render(path: Path, index: int, password: str | None = None) -> np.ndarray:
    doc = pdfium.PdfDocument(path, password=password)
    try:
        return np.asarray(doc[index].render(scale=2).to_pil().convert("L"))
    finally:
        doc.close()


def _ops(page: pikepdf.Page) -> set[str]:
    return {str(op) for _, op in pikepdf.parse_content_stream(page)}


def _check_channel(name: str, src: Path, out: Path) -> None:
    """What each channel must look like in the output, beyond the secret being gone."""
    with pikepdf.open(out) as pdf:
        root_keys = set(pdf.Root.keys())
        assert root_keys <= {"/Type", "/Pages"}, root_keys
        assert set(pdf.docinfo.keys()) == {"/Producer"}
        assert str(pdf.docinfo.Producer) == "Redactor"
        for page in pdf.pages:
            assert "/Annots" not in page.obj and "/AA" not in page.obj
            assert "/PieceInfo" not in page.obj and "/Thumb" not in page.obj
        first = pdf.pages[0]
        if name.startswith(("02", "08")):
            assert _ops(first) <= ALLOWED_OPS  # vectors and rectangles flattened into pixels
        if name.startswith("05"):
            assert "/Pattern" not in first.Resources
            xobjs = first.Resources.XObject
            assert all(x.Subtype == "/Image" for _, x in xobjs.items())
        if name.startswith("18"):
            fonts = [o for o in pdf.objects if isinstance(o, pikepdf.Dictionary)
                     and o.get("/Type") == "/Font"]
            assert all(str(f.get("/BaseFont")) == "/Helvetica" for f in fonts)
            assert not any(isinstance(o, pikepdf.Stream) and "/Length1" in o
                           for o in pdf.objects)
        if name.startswith("19"):
            assert not pdf.is_encrypted
            assert len(pdf.pages) == 2
    data = out.read_bytes()
    assert data.count(b"%%EOF") == 1 and b"/Prev" not in data
    if name.startswith("19"):
        encrypted = re.findall(rb"stream\r?\n(.{32})", src.read_bytes(), re.S)
        assert encrypted
        for chunk in encrypted:
            assert chunk not in data  # no encrypted stream copied through
    if name.startswith("07"):
        x, y, w, h = IMAGE_RECT
        top, left = int((SIZE[1] - y - h) * 2), int(x * 2)
        for i in range(2):
            before = _render(src, i)[top: top + int(h * 2), left: left + int(w * 2)]
            after = _render(out, i)[top: top + int(h * 2), left: left + int(w * 2)]
            ink = before < 128  # the name's pixels in the scanned image
            assert ink.sum() > 50
            assert (after[ink] < 60).mean() > 0.97, "image pixels under the box not overwritten"


@pytest.mark.parametrize("name", list(CHANNELS))
def test_channel_removed(name: str, tmp_path: Path) -> None:
    src = CHANNELS[name](tmp_path / "in.pdf")
    before = hashlib.sha256(src.read_bytes()).hexdigest()
    out = tmp_path / "out.pdf"
    password = PASSWORD if name.startswith("19") else None
    if name.startswith("20"):
        with pytest.raises(UsageError):
            export(src, src, password=password)
    result = export(src, out, password=password)
    assert result.verification.ok, result.verification.issues
    assert result.plan.replacements
    assert_secret_absent(out)
    _check_channel(name, src, out)
    assert hashlib.sha256(src.read_bytes()).hexdigest() == before  # input untouched
    assert not out.read_bytes().startswith(src.read_bytes()[:200])
