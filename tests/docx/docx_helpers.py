"""Shared assertions and pipeline set-up for the DOCX tests."""

from __future__ import annotations

import zipfile
from pathlib import Path

import docx
from docx_fixtures import SECRET, TOKENS
from lxml import etree

from redactor.core.context import RunContext
from redactor.core.pipeline import ExportResult, Pipeline
from redactor.core.policy import load_policy
from redactor.core.verify import digits_only, norm_text
from redactor.plugin_api import Document
from redactor.pluginhost.manager import PluginHost

# Round-trip tests compare exact text, so they run only the term-list detector (other
# detectors, e.g. patterns or NER, may legitimately mask more words).
TERMS_ONLY = ("redactor_plugins.formats.docx.plugin", "redactor_plugins.detectors.terms.plugin",
              "redactor_plugins.strategies.plugin")


def pipeline(*terms: str, terms_only: bool = False) -> Pipeline:
    if terms_only:
        host = PluginHost(builtins=TERMS_ONLY, load_entrypoints=False, load_user_folder=False)
    else:
        host = PluginHost(load_entrypoints=False, load_user_folder=False)
    return Pipeline(host, load_policy("default").with_terms(always=terms or (SECRET,)))


def export(src: Path, out: Path, *terms: str,
           terms_only: bool = False) -> tuple[ExportResult, Document]:
    pipe = pipeline(*terms, terms_only=terms_only)
    ctx = RunContext()
    doc = pipe.read(src, ctx)
    analysis = pipe.analyze(doc, ctx)
    return pipe.export(analysis, out, ctx), doc


def docx_view(path: Path) -> str:
    """Everything python-docx shows: paragraphs, tables, headers/footers, core properties."""
    d = docx.Document(str(path))
    chunks = [p.text for p in d.paragraphs]
    for table in d.tables:
        chunks += [c.text for row in table.rows for c in row.cells]
    for s in d.sections:
        for hf in (s.header, s.footer, s.first_page_header, s.first_page_footer,
                   s.even_page_header, s.even_page_footer):
            chunks += [p.text for p in hf.paragraphs]
    cp = d.core_properties
    chunks += [str(getattr(cp, a) or "") for a in ("author", "title", "subject", "comments",
                                                    "last_modified_by", "keywords", "category")]
    return "\n".join(chunks)


def assert_secret_gone(out: Path, secret: str = SECRET, tokens: tuple[str, ...] = TOKENS) -> None:
    raw = out.read_bytes()
    for token in tokens:
        assert token.encode() not in raw.lower(), f"{token!r} in the raw file"
    needle = norm_text(secret)
    digits = digits_only(secret)
    with zipfile.ZipFile(out) as zf:
        assert not zf.comment
        for info in zf.infolist():
            assert not info.comment and not info.extra, info.filename
            assert not any(t in info.filename.lower() for t in tokens), info.filename
            data = zf.read(info)
            for view in (data.decode("latin-1"), data.decode("utf-8", "ignore"),
                         data.decode("utf-16-le", "ignore")):
                low = view.lower()
                assert not any(t in low for t in tokens), f"secret token in {info.filename}"
                assert needle not in norm_text(view), f"secret in {info.filename}"
            if info.filename.endswith((".xml", ".rels")):
                root = etree.fromstring(data)
                joined = "".join(t for t in root.itertext())
                assert needle not in norm_text(joined), f"split secret in {info.filename}"
                assert digits not in digits_only(joined), f"secret digits in {info.filename}"
    view = docx_view(out)
    assert not any(t in view.lower() for t in tokens), "secret in python-docx's view"
