"""Round trips keep what should be kept: text, tables, styles, run formatting, headers."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import docx
import pytest
from docx_fixtures import SECRET, Pkg, base, build, formatted_document, run
from docx_helpers import assert_secret_gone, pipeline
from redactor_plugins.formats.docx.plugin import DocxReader

from redactor.core.context import RunContext
from redactor.core.policy import load_policy
from redactor.pluginhost.manager import PluginHost

MARK = "[REDACTED]"


def _export(src: Path, out: Path, policy=None):  # type: ignore[no-untyped-def]
    pipe = pipeline(terms_only=True)
    if policy is not None:
        pipe.policy = policy
    ctx = RunContext()
    doc = pipe.read(src, ctx)
    return pipe.export(pipe.analyze(doc, ctx), out, ctx), doc


def test_formatting_tables_styles_and_headers_survive(tmp_path: Path) -> None:
    src = formatted_document(tmp_path / "in.docx")
    out = tmp_path / "out.docx"
    result, _ = _export(src, out)
    assert result.verification.ok
    assert len(result.plan.replacements) == 3
    d = docx.Document(str(out))
    texts = [p.text for p in d.paragraphs]
    assert texts[0] == "Case summary"
    assert d.paragraphs[0].style.name == "Heading 1"
    assert texts[1] == f"The applicant {MARK} was heard on Monday. Italic remark and red text."
    assert texts[2] == "Quoted passage stays."
    assert d.paragraphs[2].style.name == "Quote"
    runs = d.paragraphs[1].runs
    masked = next(r for r in runs if r.text == MARK)
    assert masked.bold  # the replacement takes the formatting of the run it replaces
    assert next(r for r in runs if r.text == "Italic remark").italic
    red = next(r for r in runs if r.text == " and red text.")
    assert str(red.font.color.rgb) == "FF0000" and red.font.size.pt == 14
    table = d.tables[0]
    assert table.style.name == "Table Grid"
    assert [[c.text for c in row.cells] for row in table.rows] == [
        ["Name", MARK], ["Court", "Second Section"]]
    assert d.sections[0].header.paragraphs[0].text == f"Header for {MARK}"
    assert d.sections[0].footer.paragraphs[0].text == "Page footer"
    assert_secret_gone(out)


def test_no_findings_keeps_the_text_exactly(tmp_path: Path) -> None:
    src = formatted_document(tmp_path / "in.docx")
    out = tmp_path / "out.docx"
    pipe = pipeline("no such term anywhere", terms_only=True)
    ctx = RunContext()
    doc = pipe.read(src, ctx)
    result = pipe.export(pipe.analyze(doc, ctx), out, ctx)
    assert not result.plan.replacements and result.verification.ok
    again = DocxReader().read(out, ctx)
    assert again.text == doc.text
    assert [s.locator for s in again.segments] == [s.locator for s in doc.segments]


@pytest.mark.parametrize("style", ["label", "blocks"])
def test_every_strategy_works(style: str, tmp_path: Path) -> None:
    src = formatted_document(tmp_path / "in.docx")
    policy = load_policy("default").with_terms(always=(SECRET,))
    if style == "label":
        policy = policy.with_strategy("label")
        expected = "[MISC 1]"
    else:
        policy = dataclasses.replace(policy, options={**policy.options, "redact_style": "blocks"})
        expected = "\u2588" * len(SECRET)
    out = tmp_path / "out.docx"
    result, _ = _export(src, out, policy)
    assert result.verification.ok
    d = docx.Document(str(out))
    assert d.tables[0].cell(0, 1).text == expected
    assert expected in d.paragraphs[1].text
    assert_secret_gone(out)


def test_reader_text_segments_and_reading_order(tmp_path: Path) -> None:
    src = build("footnotes_endnotes", tmp_path / "a.docx")
    doc = DocxReader().read(src, RunContext())
    assert doc.format == "docx" and doc.sha256
    parts = [s.locator.split("#")[0] for s in doc.segments]
    assert parts.index("word/document.xml") < parts.index("word/footnotes.xml") < parts.index(
        "word/endnotes.xml")
    for seg in doc.segments:
        assert doc.text[seg.span.start:seg.span.end].count("\n") == 0
        assert seg.locator.rsplit("#", 1)[1].isdigit()
    assert "\n".join(doc.text[s.span.start:s.span.end] for s in doc.segments) == doc.text


def test_identifier_split_over_runs_is_one_span(tmp_path: Path) -> None:
    src = build("split_runs", tmp_path / "s.docx")
    out = tmp_path / "out.docx"
    result, doc = _export(src, out)
    assert SECRET in doc.text
    assert len(result.plan.replacements) == 1
    d = docx.Document(str(out))
    para = next(p for p in d.paragraphs if p.text.startswith("Client"))
    assert para.text == f"Client: {MARK} signed."
    assert next(r for r in para.runs if MARK in r.text).bold  # first run's formatting


def test_span_across_paragraphs_is_replaced_once(tmp_path: Path) -> None:
    pkg = Pkg(base())
    pkg.add(f"<w:p>{run('Name: Yalman')}</w:p>")
    pkg.add(f"<w:p>{run('Galip 36110/97 end')}</w:p>")
    src = pkg.save(tmp_path / "x.docx")
    out = tmp_path / "out.docx"
    result, _ = _export(src, out)
    assert result.verification.ok and len(result.plan.replacements) == 1
    texts = [p.text for p in docx.Document(str(out)).paragraphs]
    assert texts[1:] == [f"Name: {MARK}", " end"]
    assert_secret_gone(out)


def test_sniff_uses_content_not_extension(tmp_path: Path) -> None:
    src = formatted_document(tmp_path / "in.docx")
    renamed = tmp_path / "renamed.bin"
    renamed.write_bytes(src.read_bytes())
    reader = DocxReader()
    assert reader.sniff(renamed, renamed.read_bytes()[:8192])
    fake = tmp_path / "fake.docx"
    fake.write_text("just text")
    assert not reader.sniff(fake, fake.read_bytes())
    host = PluginHost(load_entrypoints=False, load_user_folder=False)
    assert any(r.id == "docx-reader" for r in host.components("readers"))
    assert any(r.id == "docx-writer" for r in host.components("writers"))


@pytest.mark.parametrize("style", ["label", "blocks"])
@pytest.mark.parametrize("channel", ["bookmarks_styles_lists", "textboxes_shapes_charts",
                                     "headers_footers_watermark", "split_runs"])
def test_strategies_on_awkward_places(channel: str, style: str, tmp_path: Path) -> None:
    src = build(channel, tmp_path / "in.docx")
    policy = load_policy("default").with_terms(always=(SECRET,))
    if style == "label":
        policy = policy.with_strategy("label")
    else:
        policy = dataclasses.replace(policy, options={**policy.options, "redact_style": "blocks"})
    out = tmp_path / "out.docx"
    result, _ = _export(src, out, policy)
    assert result.verification.ok and result.plan.replacements
    assert_secret_gone(out)


def test_output_reads_as_planned_and_exports_again(tmp_path: Path) -> None:
    src = build("tracked_insertions_deletions", tmp_path / "in.docx")
    out = tmp_path / "out.docx"
    result, doc = _export(src, out)
    again = DocxReader().read(out, RunContext())
    assert again.text == result.plan.apply_to_text(doc.text)
    assert not again.warnings  # nothing left to accept or remove
    second, _ = _export(out, tmp_path / "out2.docx")
    assert second.verification.ok and not second.plan.replacements
