"""The local index: built with Redactor's readers over TXT/DOCX/PDF, phrase search, totals,
FTS syntax never injected, the CLI (`redactor index build|stats`), and the indicator on it
without any network."""

from __future__ import annotations

from pathlib import Path

import pytest
from search_helpers import make_doc

from redactor.core.context import RunContext
from redactor.core.settings import Settings


def _docx(path: Path, text: str) -> None:
    import docx

    d = docx.Document()
    d.add_paragraph(text)
    d.save(str(path))


def _pdf(path: Path, text: str) -> None:
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path))
    c.drawString(72, 720, text)
    c.save()


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.txt").write_text("Galip Yalman was born in Ankara in 1970.", encoding="utf-8")
    (folder / "sub" / "b.txt").write_text("Ankara is the capital of Turkey.", encoding="utf-8")
    (folder / "c.txt").write_text("The Istanbul Assize Court tried Galip Yalman.")
    _pdf(folder / "d.pdf", "Anadolu Textiles employs Galip Yalman in Ankara.")
    (folder / "broken.pdf").write_bytes(b"%PDF-1.4 this is not a pdf")
    (folder / "notes.md").write_text("Galip Yalman", encoding="utf-8")  # not indexed
    (folder / ".hidden.txt").write_text("Galip Yalman", encoding="utf-8")
    return folder


def test_build_reads_every_format_and_skips_what_it_cannot(corpus, tmp_path) -> None:
    from redactor_plugins.search.local_index import build_index, index_stats

    path = tmp_path / "idx.sqlite"
    stats = build_index(corpus, path, workers=1)
    assert stats.documents == 4
    assert [name for name, _ in stats.skipped] == ["broken.pdf"]
    info = index_stats(path)
    assert info["documents"] == 4 and info["formats"] == {"pdf": 1, "txt": 3}
    assert b"capital of" not in path.read_bytes()  # contentless: words, not the text


def test_docx_files_are_indexed(tmp_path) -> None:
    from redactor_plugins.search.local_index import build_index

    from redactor.pluginhost.manager import PluginHost

    host = PluginHost(load_entrypoints=False, load_user_folder=False)
    if "docx" not in {r.component.format for r in host.components("readers")}:
        pytest.skip("the DOCX reader does not load in this checkout")
    folder = tmp_path / "d"
    folder.mkdir()
    _docx(folder / "c.docx", "The Istanbul Assize Court tried Galip Yalman.")
    stats = build_index(folder, tmp_path / "idx.sqlite", workers=1)
    assert stats.documents == 1 and not stats.skipped


def test_phrase_search_ranks_and_counts(corpus, tmp_path) -> None:
    from redactor_plugins.search.local_index import LocalIndex, build_index
    from redactor_plugins.search.urls import source_url

    path = tmp_path / "idx.sqlite"
    build_index(corpus, path, workers=1)
    idx = LocalIndex(path)
    ctx = RunContext()
    res = idx.search('"Galip Yalman"', 20, ctx)
    assert res.total_hits == 3 and set(res.urls) == {
        source_url(corpus / "a.txt"), source_url(corpus / "c.txt"), source_url(corpus / "d.pdf")}
    assert idx.search('"galip yalman" "ANKARA"', 20, ctx).total_hits == 2
    assert idx.search('"Yalman Galip"', 20, ctx).total_hits == 0
    assert len(idx.search('"Ankara"', 1, ctx).urls) == 1
    assert idx.search('"1970" "Ankara"', 20, ctx).urls == (source_url(corpus / "a.txt"),)


@pytest.mark.parametrize("query", ['NEAR(a b)', '"x" OR -y*', 'a:b ^c', '"', '()', 'AND'])
def test_query_syntax_is_never_passed_through(query, corpus, tmp_path) -> None:
    from redactor_plugins.search.local_index import LocalIndex, build_index, fts_query

    path = tmp_path / "idx.sqlite"
    build_index(corpus, path, workers=1)
    match = fts_query(query)
    assert match is None or all(part.startswith('"') for part in match.split(" AND "))
    LocalIndex(path).search(query, 20, RunContext())  # no sqlite error


def test_parallel_build_and_rebuild_replace_the_index(tmp_path) -> None:
    from redactor_plugins.search.local_index import build_index, index_stats

    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(12):
        (folder / f"{i}.txt").write_text(f"document number {i} about Ankara", encoding="utf-8")
    path = tmp_path / "idx.sqlite"
    assert build_index(folder, path, workers=2).documents == 12
    (folder / "0.txt").unlink()
    assert build_index(folder, path, workers=2).documents == 11
    assert index_stats(path)["documents"] == 11
    assert not list(tmp_path.glob(".idx.sqlite.partial*"))


def test_missing_index_is_a_clear_error(tmp_path) -> None:
    from redactor_plugins.search.local_index import LocalIndex
    from redactor_plugins.search.transport import SearchError

    with pytest.raises(SearchError, match="redactor index build"):
        LocalIndex(tmp_path / "none.sqlite").search('"x"', 5, RunContext())


def test_cli_index_build_and_stats(corpus, tmp_path, capsys) -> None:
    from redactor.cli.main import main

    path = tmp_path / "cli.sqlite"
    assert main(["index", "build", str(corpus), "--index", str(path)]) == 0
    out = capsys.readouterr()
    assert "indexed 4 documents" in out.out and "skipped broken.pdf" in out.err
    assert main(["index", "stats", "--index", str(path)]) == 0
    out = capsys.readouterr().out
    assert "documents: 4 (pdf 1, txt 3)" in out and str(corpus) in out
    assert main(["index", "stats", "--index", str(tmp_path / "nope.sqlite")]) == 2


def test_indicator_on_the_local_index_needs_no_consent(corpus, tmp_path) -> None:
    from redactor_plugins.search import guard
    from redactor_plugins.search.indicator import WebSearchIndicator
    from redactor_plugins.search.local_index import build_index

    doc, findings, entities = make_doc(corpus)  # writes corpus/case.txt: indexed too
    path = tmp_path / "idx.sqlite"
    build_index(corpus, path, workers=1)
    ctx = RunContext(settings=Settings({"web_search": {"enabled": True,
                                                       "index_path": str(path)}}))
    by = dict(zip([f.text for f in findings],
                  WebSearchIndicator().assess(doc, findings, entities, ctx), strict=True))
    assert guard.installed() and not ctx.network_allowed
    # the person's pages: a.txt, c.txt, d.pdf — not case.txt, the document itself
    assert "shares 2 pages with the 3 found" in by["Ankara"].explanation
    assert by["Ankara"].risky and by["Istanbul Assize Court"].risky
    assert not by["Turkey"].risky  # only b.txt and the document itself
    assert "local-index" in by["Turkey"].explanation
    assert "in all" not in by["Turkey"].explanation  # hits: auto = off for the local index
    ctx.settings.set("web_search", "hits_mode", "below")
    ctx.settings.set("web_search", "hits_threshold", 1)
    by = dict(zip([f.text for f in findings],
                  WebSearchIndicator().assess(doc, findings, entities, ctx), strict=True))
    assert by["Turkey"].risky and "1 page in all besides this document — rare" in \
        by["Turkey"].explanation
