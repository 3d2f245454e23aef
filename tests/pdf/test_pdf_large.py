"""A 500-page PDF reads and exports page by page (slow: run with REDACTOR_SLOW_TESTS=1)."""

from __future__ import annotations

import os
import resource
from pathlib import Path

import pytest
from pdf_fixtures import SECRET
from pdf_helpers import export
from reportlab.pdfgen import canvas

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not os.environ.get("REDACTOR_SLOW_TESTS"),
                       reason="slow: set REDACTOR_SLOW_TESTS=1"),
]


def test_500_pages(tmp_path: Path) -> None:
    src = tmp_path / "big.pdf"
    c = canvas.Canvas(str(src), pagesize=(300, 200))
    for n in range(500):
        c.drawString(20, 150, f"Page {n + 1}: the file of {SECRET}" if n % 5 == 0
                     else f"Page {n + 1}: nothing to see")
        c.drawString(20, 130, "The weather was fine.")
        c.showPage()
    c.save()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = export(src, tmp_path / "out.pdf")
    grown_mib = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert result.verification.ok
    assert result.report is not None
    assert grown_mib < 600, f"peak memory grew by {grown_mib:.0f} MiB"
