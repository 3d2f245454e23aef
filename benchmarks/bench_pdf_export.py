"""Benchmark: export a 100-page text PDF with the render path (v1) and the glyph path (v2).

    .venv/bin/python benchmarks/bench_pdf_export.py [--pages 100] [--dpi 200]

Generates a Letter-size PDF with reportlab (about 40 lines per page, names on every page),
masks the names with the always-mask term list, and prints pages/s for reading+analysis and
for each export path (export includes writing and verification). Only the PDF plugin, the
term-list detector and the strategies are loaded, so detector speed does not count.
"""

from __future__ import annotations

import argparse
import dataclasses
import tempfile
import time
from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from redactor.core.context import RunContext
from redactor.core.pipeline import Pipeline
from redactor.core.policy import load_policy
from redactor.pluginhost.manager import PluginHost

NAMES = ("Galip Yalman", "Ayse Demir", "Jonas Lindqvist", "Maria Fernanda Costa")
FILLER = "The committee reviewed the file and noted the following facts about the case."


def build(path: Path, pages: int) -> None:
    c = canvas.Canvas(str(path), pagesize=letter)
    for p in range(pages):
        c.setFont("Helvetica", 10)
        for line in range(40):
            y = 740 - line * 17
            if line % 8 == 3:
                name = NAMES[(p + line) % len(NAMES)]
                c.drawString(60, y, f"Statement of {name}, reference {p:03d}-{line:02d}, "
                                    f"signed by {name}.")
            else:
                c.drawString(60, y, FILLER)
        c.drawString(60, 30, f"Page {p + 1} - {NAMES[p % len(NAMES)]} - confidential")
        c.showPage()
    c.save()


def run(src: Path, out: Path, **options: str) -> tuple[float, float, dict[int, str]]:
    # only the PDF plugin, the term list and the strategies: this measures the PDF path
    host = PluginHost(builtins=("redactor_plugins.formats.pdf.plugin", "redactor_plugins.detectors.terms.plugin",
                                "redactor_plugins.strategies.plugin"),
                      load_entrypoints=False, load_user_folder=False)
    policy = load_policy("default").with_terms(always=NAMES)
    if options:
        policy = dataclasses.replace(policy, options={**policy.options, **options})
    pipe = Pipeline(host, policy)
    ctx = RunContext()
    t0 = time.perf_counter()
    analysis = pipe.analyze(pipe.read(src, ctx), ctx)
    t1 = time.perf_counter()
    result = pipe.export(analysis, out, ctx)
    t2 = time.perf_counter()
    assert result.verification.ok
    return t1 - t0, t2 - t1, ctx.memo.get("pdf-writer", {}).get("pages", {})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=100)
    ap.add_argument("--dpi", type=int, default=200)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "bench.pdf"
        build(src, args.pages)
        print(f"input: {args.pages} pages, {src.stat().st_size / 1024:.0f} KiB")
        for label, options in (("render (v1)", {"pdf_dpi": str(args.dpi)}),
                               ("glyph (v2)", {"keep_text_selectable": "true"})):
            out = Path(tmp) / f"out-{label[:5]}.pdf"
            analyse, export, pages = run(src, out, **options)
            modes = {m.split(" ")[0] for m in pages.values()}
            print(f"{label:12s} read+analyse {analyse:6.2f} s ({args.pages / analyse:6.1f} pages/s)"
                  f" | export+verify {export:6.2f} s ({args.pages / export:6.1f} pages/s)"
                  f" | output {out.stat().st_size / 1024:.0f} KiB | pages: {sorted(modes)}")


if __name__ == "__main__":
    main()
