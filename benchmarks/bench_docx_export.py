"""Benchmark: read + analyse (term list and patterns only) + export + verify a ~100-page DOCX.

Generates a document with python-docx (~40,000 words, ~400 words a page, names, case numbers,
phone numbers, e-mail addresses and dates sprinkled in, a table every ten pages, a header and a
footer), then times each phase of the real pipeline and prints pages/s and seconds.

    .venv/bin/python benchmarks/bench_docx_export.py [--pages 100] [--keep]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

import docx

from redactor.core.context import RunContext
from redactor.core.pipeline import Pipeline
from redactor.core.policy import load_policy
from redactor.pluginhost.manager import PluginHost

WORDS = ("the court held that applicant government article convention hearing evidence "
         "witness decision appeal judgment respondent proceedings domestic authorities "
         "complaint interference necessary democratic society legitimate aim margin "
         "appreciation reasonable time detention lawful remedy effective violation").split()
FIRST = ["Yalman", "Ayşe", "Mehmet", "Olga", "Jonas", "Ingrid", "Pierre", "Maria", "Lars"]
LAST = ["Galip", "Demir", "Kowalski", "Hansen", "Dubois", "Rossi", "Berg", "Novak", "Ek"]
WORDS_PER_PAGE = 400
BUILTINS = ("redactor_plugins.formats.docx.plugin", "redactor_plugins.detectors.patterns.plugin", "redactor_plugins.detectors.terms.plugin",
            "redactor_plugins.strategies.plugin")


def make_document(path: Path, pages: int, seed: int = 7) -> list[str]:
    rnd = random.Random(seed)
    names = [f"{f} {s}" for f in FIRST for s in LAST]
    d = docx.Document()
    d.sections[0].header.paragraphs[0].text = f"Case of {names[0]} v. State"
    d.sections[0].footer.paragraphs[0].text = "Confidential draft"
    for page in range(pages):
        d.add_heading(f"Part {page + 1}", level=2)
        words = 0
        while words < WORDS_PER_PAGE:
            sentence = [rnd.choice(WORDS) for _ in range(rnd.randint(8, 20))]
            roll = rnd.random()
            if roll < 0.35:
                sentence.insert(rnd.randrange(len(sentence)), rnd.choice(names))
            elif roll < 0.45:
                sentence.append(f"application no. {rnd.randint(10000, 99999)}/"
                                f"{rnd.randint(90, 99)}")
            elif roll < 0.52:
                sentence.append(f"tel. +47 {rnd.randint(400, 999)} {rnd.randint(10, 99)} "
                                f"{rnd.randint(100, 999)}")
            elif roll < 0.58:
                sentence.append(f"on {rnd.randint(1, 28)} March {rnd.randint(1990, 2020)}")
            elif roll < 0.62:
                sentence.append(f"{rnd.choice(FIRST).lower()}.{rnd.choice(LAST).lower()}"
                                "@example.org")
            para = d.add_paragraph()
            text = " ".join(sentence).capitalize() + ". "
            cut = rnd.randrange(1, len(text))
            para.add_run(text[:cut])
            para.add_run(text[cut:]).bold = rnd.random() < 0.2
            words += len(sentence)
        if page % 10 == 9:
            table = d.add_table(rows=3, cols=3)
            for r in range(3):
                for c in range(3):
                    table.cell(r, c).text = rnd.choice(names) if c == 0 else rnd.choice(WORDS)
    d.save(path)
    return names


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=100)
    ap.add_argument("--keep", action="store_true", help="keep the generated files")
    args = ap.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="bench-docx-"))
    src = folder / "bench.docx"
    t0 = time.perf_counter()
    names = make_document(src, args.pages)
    t_gen = time.perf_counter() - t0

    host = PluginHost(builtins=BUILTINS, load_entrypoints=False, load_user_folder=False)
    failed = [r.name for r in host.records if str(r.status) != "loaded"]
    pipe = Pipeline(host, load_policy("default").with_terms(always=tuple(names)))
    ctx = RunContext()
    writer = pipe.writer_for("docx")

    t0 = time.perf_counter()
    doc = pipe.read(src, ctx)
    t_read = time.perf_counter() - t0
    t0 = time.perf_counter()
    analysis = pipe.analyze(doc, ctx)
    t_analyse = time.perf_counter() - t0
    plan = pipe.plan(analysis, ctx)
    out = folder / "out.docx"
    t0 = time.perf_counter()
    writer.component.write(doc, plan, out, ctx)
    t_write = time.perf_counter() - t0
    t0 = time.perf_counter()
    result = writer.component.verify(doc, plan, out, ctx)
    t_verify = time.perf_counter() - t0

    words = len(doc.text.split())
    total = t_read + t_analyse + t_write + t_verify
    print(f"document: {args.pages} pages, {words} words, {len(doc.text)} characters, "
          f"{src.stat().st_size / 1024:.0f} KiB (generated in {t_gen:.1f} s)")
    if failed:
        print(f"plugins not loaded: {', '.join(failed)}")
    print(f"findings: {len(analysis.findings)}, replacements: {len(plan.replacements)}, "
          f"verification: {'ok' if result.ok else 'FAILED'} ({len(result.issues)} issues)")
    for name, secs in (("read", t_read), ("analyse", t_analyse), ("export", t_write),
                       ("verify", t_verify)):
        print(f"  {name:<8} {secs:7.2f} s   {args.pages / secs:8.1f} pages/s")
    print(f"  {'total':<8} {total:7.2f} s   {args.pages / total:8.1f} pages/s")
    if not args.keep:
        for f in folder.iterdir():
            f.unlink()
        folder.rmdir()
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
