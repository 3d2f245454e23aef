"""Rendered pages' images wait on disk, not in the output document in memory
(``render_redact.ImageSpool``): memory no longer grows by each rendered page's image (about
25 MB per 100 pages at 200 dpi). The output is the same: every rendered page draws its own
image, and the temporary folder is gone afterwards."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from redactor_plugins.formats.pdf import render_redact

from redactor.core.context import RunContext
from redactor.core.pipeline import Pipeline
from redactor.core.policy import load_policy
from redactor.pluginhost.manager import PluginHost

NAME = "Kristoffer Haugland"
BUILTINS = ("redactor_plugins.formats.pdf.plugin", "redactor_plugins.detectors.terms.plugin",
            "redactor_plugins.strategies.plugin")


def _pdf(path: Path, pages: int) -> None:
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=(612, 792))
    for p in range(pages):
        c.setFont("Helvetica", 10)
        c.drawString(50, 700, f"Page {p}: a statement by {NAME}." if p != 2 else "Nothing.")
        c.showPage()
    c.save()


def test_rendered_images_are_not_held_in_the_output_in_memory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src, dest = tmp_path / "in.pdf", tmp_path / "out.pdf"
    _pdf(src, 5)
    seen: dict[str, object] = {}
    finish = render_redact.ImageSpool.finish

    def spy(self: render_redact.ImageSpool, out: pikepdf.Pdf) -> pikepdf.Pdf:
        seen["images in memory"] = sum(
            1 for o in out.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image")
        seen["spooled"] = len(self.offsets)
        seen["folder"] = Path(self.folder.name)
        return finish(self, out)

    monkeypatch.setattr(render_redact.ImageSpool, "finish", spy)
    host = PluginHost(builtins=BUILTINS, load_entrypoints=False, load_user_folder=False)
    pipe = Pipeline(host, load_policy("default").with_terms(always=(NAME,)))
    ctx = RunContext()
    result = pipe.export(pipe.analyze(pipe.read(src, ctx), ctx), dest, ctx)
    assert result.verification.ok
    assert seen["images in memory"] == 0 and seen["spooled"] == 4
    assert not seen["folder"].exists()  # type: ignore[union-attr]
    with pikepdf.open(dest) as pdf:
        assert len(pdf.pages) == 5
        drawn = [page.Resources.XObject.get("/Im0") if "/XObject" in page.Resources else None
                 for page in pdf.pages]
        assert [d is not None for d in drawn] == [True, True, False, True, True]
        assert len({d.objgen for d in drawn if d is not None}) == 4
        assert all(int(d.Width) > 1000 for d in drawn if d is not None)
        assert "/RedactorSpool" not in str(pdf.pages[0].Resources.XObject.keys())
