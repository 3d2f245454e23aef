"""Helpers for the PDF tests: the real pipeline end to end, and leak assertions."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pdfplumber
import pikepdf
import pypdfium2 as pdfium
from pdf_fixtures import SECRET

from redactor.core.context import RunContext
from redactor.core.pipeline import ExportResult, Pipeline
from redactor.core.policy import load_policy
from redactor.core.verify import secret_variants
from redactor.pluginhost.manager import PluginHost

ONLY_TERMS = ("redactor_plugins.formats.pdf.plugin", "redactor_plugins.detectors.terms.plugin",
              "redactor_plugins.strategies.plugin")


def make_pipeline(secret: str = SECRET, builtins: tuple[str, ...] | None = None,
                  **options: str) -> Pipeline:
    """The real pipeline; ``builtins=ONLY_TERMS`` keeps other detectors out of a test."""
    if builtins is None:
        host = PluginHost(load_entrypoints=False, load_user_folder=False)
    else:
        host = PluginHost(builtins=builtins, load_entrypoints=False, load_user_folder=False)
    policy = load_policy("default").with_terms(always=(secret,))
    if options:
        policy = dataclasses.replace(policy, options={**policy.options, **options})
    return Pipeline(host, policy)


def export(src: Path, dest: Path, password: str | None = None, secret: str = SECRET,
           builtins: tuple[str, ...] | None = None, **options: str) -> ExportResult:
    pipe = make_pipeline(secret, builtins, **options)
    ctx = RunContext(password=password)
    doc = pipe.read(src, ctx)
    analysis = pipe.analyze(doc, ctx)
    return pipe.export(analysis, dest, ctx)


def decompressed_channels(path: Path) -> dict[str, str]:
    """Every stream decompressed, every string object, and the raw bytes, as text."""
    streams, strings = [], []
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Stream):
                try:
                    streams.append(obj.read_bytes().decode("latin-1"))
                except pikepdf.PdfError:
                    streams.append(obj.read_raw_bytes().decode("latin-1"))
            if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream | pikepdf.Array):
                strings.append(repr(obj))
            elif isinstance(obj, pikepdf.String):
                strings.append(str(obj))
        strings.append(repr(pdf.trailer))
    return {"streams": "\n".join(streams), "strings": "\n".join(strings),
            "raw": path.read_bytes().decode("latin-1")}


def extracted_texts(path: Path) -> dict[str, str]:
    with pdfplumber.open(path) as pdf:
        plumber = "\n".join((p.extract_text() or "") + "".join(c["text"] for c in p.chars)
                            for p in pdf.pages)
    doc = pdfium.PdfDocument(path)
    try:
        parts = []
        for i in range(len(doc)):
            tp = doc[i].get_textpage()
            parts.append(tp.get_text_range())
            tp.close()
    finally:
        doc.close()
    return {"pdfplumber": plumber, "pypdfium2": "\n".join(parts)}


def assert_secret_absent(path: Path, secret: str = SECRET) -> None:
    channels = {**decompressed_channels(path), **extracted_texts(path)}
    for where, text in channels.items():
        for needle, normalise in secret_variants(secret):
            assert needle not in normalise(text), f"{secret[:2]}… survives in {where}"
