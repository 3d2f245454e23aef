"""Fonts whose glyphs their own encoding cannot read, behind a lying ``/ToUnicode`` map
(CID fonts: TrueType without a ``cmap``, a ``CIDFontType0`` program): the text layer says
other letters while the pixels show the redacted name. Such a page is never passed
silently: the verifier reads it again by OCR, and without an OCR engine the export is
refused (exit 4, no file, a reason naming the page, never the text)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path

import leaks_pdf_attacks as attacks
import leaks_pdf_cid as cid
import pikepdf
import pytest
from leaks_pdf_attacks import NAME, ONLY_TERMS
from leaks_pdf_scan import render

from redactor.core.context import RunContext
from redactor.core.errors import VerificationError
from redactor.core.pipeline import Pipeline
from redactor.core.policy import load_policy
from redactor.core.settings import Settings
from redactor.pluginhost.manager import PluginHost


def _rapidocr() -> bool:
    from redactor_plugins.ocr.rapid import available

    return available()


needs_ocr = pytest.mark.skipif(not _rapidocr(), reason="rapidocr is not installed")


def export_with_ocr(src: Path, dest: Path, path: str = "v1") -> object:
    """Like :func:`leaks_pdf_attacks.export`, with the built-in OCR engine (re-reading by
    the primary engine only: fast)."""
    host = PluginHost(Settings({"ocr": {"verify_engines": "primary"}}),
                      builtins=(*ONLY_TERMS, "redactor_plugins.ocr.plugin"),
                      load_entrypoints=False, load_user_folder=False)
    policy = load_policy("default").with_terms(always=(NAME,)).with_strategy("redact")
    if path == "v2":
        policy = dataclasses.replace(policy, options={**policy.options,
                                                      "keep_text_selectable": "1"})
    pipe = Pipeline(host, policy)
    ctx = RunContext(settings=host.settings)
    return pipe.export(pipe.analyze(pipe.read(src, ctx), ctx), dest, ctx)


def refused(export: Callable[[], object], out: Path) -> str:
    """Run ``export``, which must be refused: no file at ``out``, and reasons that never
    hold the name; returns the reasons (``where: what`` of each issue)."""
    with pytest.raises(VerificationError) as err:
        export()
    assert not out.exists()
    message = " ".join(f"{i.where}: {i.what}" for i in err.value.issues)
    assert "Kristoffer" not in message + str(err.value) and "Haugland" not in message
    return message


@pytest.mark.parametrize("path", ["v1", "v2"])
@pytest.mark.parametrize("kind", cid.KINDS)
def test_leaks_pdf_unreadable_font_lying_map_is_refused_without_ocr(
        kind: str, path: str, tmp_path: Path) -> None:
    """The name is drawn on page 2 by a font nothing reads, its map says other letters:
    copied (or kept by v2) it would pass every text check. Without OCR: refused."""
    src = cid.unreadable_font(tmp_path / "in.pdf", kind)
    message = refused(lambda: attacks.export(src, tmp_path / "out.pdf", "redact", path),
                      tmp_path / "out.pdf")
    assert "page 2" in message and "OCR" in message, message


def test_leaks_pdf_type3_glyphs_nothing_reads_are_refused_without_ocr(tmp_path: Path) -> None:
    """Type3 glyphs named ``g1``, ``g2`` … without a map (they draw bars here, but could
    draw letters): a review warning, and without OCR to read the pixels no "passed"."""
    src = attacks.type3_opaque(tmp_path / "in.pdf")
    message = refused(lambda: attacks.export(src, tmp_path / "out.pdf"),
                      tmp_path / "out.pdf")
    assert message.startswith("page 2:") and "OCR" in message, message


def test_leaks_pdf_unreadable_font_on_a_rendered_page_is_refused_without_ocr(
        tmp_path: Path) -> None:
    """The same glyphs on the page that is rendered for the plain name: the pixels still show
    them (no box, nothing found them), so the rendered page is not passed either."""
    src = cid.unreadable_font(tmp_path / "in.pdf", "cid-type0", same_page=True)
    message = refused(lambda: attacks.export(src, tmp_path / "out.pdf", "redact", "v1"),
                      tmp_path / "out.pdf")
    assert re.search(r"pages? 1\b", message), message


def test_leaks_pdf_unreadable_font_without_a_redacted_string_is_left_alone(
        tmp_path: Path) -> None:
    """Readable glyphs that rule every secret out (a page in a font nothing reads, drawing
    fewer glyphs than the shortest secret) do not stop an export."""
    src = cid.unreadable_font(tmp_path / "in.pdf", "cid-truetype", lying=False)
    result = attacks.export(src, tmp_path / "out.pdf", "redact", "v1",
                            secret="Kristoffer Haugland of Bergen and Trondheim")
    assert result.verification.ok


@needs_ocr
def test_leaks_pdf_unreadable_font_lying_map_is_found_by_ocr(tmp_path: Path) -> None:
    src = cid.unreadable_font(tmp_path / "in.pdf", "cid-type0")
    message = refused(lambda: export_with_ocr(src, tmp_path / "out.pdf"),
                      tmp_path / "out.pdf")
    assert "page 2" in message and "OCR" in message, message


@needs_ocr
def test_leaks_pdf_unreadable_font_honest_page_passes_with_ocr(tmp_path: Path) -> None:
    """A page in a font nothing reads that shows no redacted string (the CJK fonts of many
    real exports) is read by OCR and exported: not unexportable."""
    src = cid.unreadable_font(tmp_path / "in.pdf", "cid-type0", lying=False)
    result = export_with_ocr(src, tmp_path / "out.pdf")
    assert result.verification.ok, result.verification.issues
    assert any("whose glyphs no font encoding reads again by OCR" in c
               for c in result.verification.checks)
    assert attacks.kept_text_stays(tmp_path / "out.pdf")


@pytest.mark.parametrize("kind", cid.KINDS)
def test_leaks_pdf_copied_composite_font_keeps_its_named_encoding(kind: str,
                                                                  tmp_path: Path) -> None:
    """A copied page's fonts keep a named ``/Encoding`` (``/Identity-H``, ``/WinAnsiEncoding``):
    the carrier dropped it, and a composite font without one draws other glyphs (the
    fixture's page 2 drew ``. U L V …`` instead of its text)."""
    src = cid.unreadable_font(tmp_path / "in.pdf", kind, lying=False)
    out = tmp_path / "out.pdf"
    attacks.export(src, out, "redact", "v1",
                   secret="Kristoffer Haugland of Bergen and Trondheim")
    assert (render(src, 1) == render(out, 1)).mean() > 0.999
    with pikepdf.open(out) as pdf:
        fonts = pdf.pages[1].Resources.Font
        assert {str(f.get("/Encoding")) for _, f in fonts.items()} == \
            {"/WinAnsiEncoding", "/Identity-H"}


@needs_ocr
@pytest.mark.parametrize("recorded", [True, False], ids=["writer-recorded", "input-read-again"])
def test_leaks_pdf_unreadable_font_on_a_rendered_page_is_found_by_ocr(
        recorded: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rendered page keeps the hidden name in its pixels (no box: nothing found it): the
    verifier reads it by OCR — the page the writer recorded, or (verification without the
    writer's record) the input's page read again."""
    from redactor_plugins.formats.pdf import verify

    if not recorded:
        monkeypatch.setattr(verify, "UNREADABLE_MEMO", "nothing recorded here")
    src = cid.unreadable_font(tmp_path / "in.pdf", "cid-truetype", same_page=True)
    message = refused(lambda: export_with_ocr(src, tmp_path / "out.pdf"),
                      tmp_path / "out.pdf")
    assert "page 1 (re-read by OCR" in message, message


@pytest.mark.parametrize("path", ["v1", "v2"])
def test_leaks_pdf_symbolic_truetype_drawing_other_letters_is_refused_without_ocr(
        path: str, tmp_path: Path) -> None:
    """A simple TrueType font without ``/Encoding`` whose own cmap sends the codes of
    ``Xevfgbssre Unhtynaq`` to the glyphs of the name: codes, map and every extractor agree on
    the decoy, the pixels show the name. Its glyphs are unreadable, so: refused without OCR."""
    src = cid.symbolic_truetype_font(tmp_path / "in.pdf")
    message = refused(lambda: attacks.export(src, tmp_path / "out.pdf", "redact", path),
                      tmp_path / "out.pdf")
    assert "page 2" in message and "OCR" in message, message


@needs_ocr
def test_leaks_pdf_symbolic_truetype_drawing_other_letters_is_found_by_ocr(
        tmp_path: Path) -> None:
    src = cid.symbolic_truetype_font(tmp_path / "in.pdf")
    message = refused(lambda: export_with_ocr(src, tmp_path / "out.pdf"),
                      tmp_path / "out.pdf")
    assert "page 2" in message and "OCR" in message, message


@needs_ocr
def test_leaks_pdf_symbolic_truetype_honest_page_passes_with_ocr(tmp_path: Path) -> None:
    src = cid.symbolic_truetype_font(tmp_path / "in.pdf", lying=False)
    result = export_with_ocr(src, tmp_path / "out.pdf")
    assert result.verification.ok, result.verification.issues
    assert attacks.kept_text_stays(tmp_path / "out.pdf")

