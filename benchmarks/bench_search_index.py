"""Benchmark: build the web-search local index over 1,000 documents, then time phrase queries.

Generates court-judgment-like documents (~900 words each, names, places, dates, courts) as TXT
(80 %), DOCX (10 %) and PDF (10 %, two pages), builds the index with Redactor's readers in
``--workers`` processes (default 2: the target is ≤ 60 s on 2 cores), then times the queries
the indicator sends (a quoted name; one, two and three quoted quasi-identifiers) on the
``local-index`` provider: the target is ≤ 20 ms a query.

    .venv/bin/python benchmarks/bench_search_index.py [--docs 1000] [--workers 2] [--keep DIR]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

WORDS = ("the court held that applicant government article convention hearing evidence "
         "witness decision appeal judgment respondent proceedings domestic authorities "
         "complaint interference necessary democratic society legitimate aim margin "
         "appreciation reasonable time detention lawful remedy effective violation").split()
FIRST = ["Galip", "Ayşe", "Mehmet", "Olga", "Jonas", "Ingrid", "Pierre", "Maria", "Lars",
         "Anna", "Tomasz", "Elif", "Sven", "Clara", "Jan", "Marta"]
LAST = ["Yalman", "Demir", "Kowalski", "Hansen", "Dubois", "Rossi", "Berg", "Novak", "Ek",
        "Lind", "Nowak", "Kaya", "Olsen", "Moreau", "Bianchi", "Horvat"]
PLACES = ["Ankara", "Istanbul", "Warsaw", "Oslo", "Lyon", "Milan", "Zagreb", "Gdańsk",
          "Bergen", "Izmir", "Kraków", "Turin", "Split", "Tromsø", "Nantes", "Bursa"]
COURTS = ["Assize Court", "Court of Appeal", "Regional Court", "Supreme Court",
          "District Court", "Administrative Court"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]


def paragraph(rnd: random.Random, n: int = 120) -> str:
    words = []
    for _ in range(n):
        r = rnd.random()
        if r < 0.02:
            words.append(f"{rnd.choice(FIRST)} {rnd.choice(LAST)}")
        elif r < 0.04:
            words.append(f"in {rnd.choice(PLACES)}")
        elif r < 0.05:
            words.append(f"on {rnd.randint(1, 28)} {rnd.choice(MONTHS)} {rnd.randint(1950, 2020)}")
        elif r < 0.06:
            words.append(f"the {rnd.choice(PLACES)} {rnd.choice(COURTS)}")
        else:
            words.append(rnd.choice(WORDS))
    return " ".join(words) + "."


def make_corpus(folder: Path, n: int, seed: int = 11) -> None:
    import docx
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    rnd = random.Random(seed)
    for i in range(n):
        paras = [paragraph(rnd) for _ in range(7)]
        kind = "pdf" if i % 10 == 9 else "docx" if i % 10 == 8 else "txt"
        path = folder / f"case-{i:04d}.{kind}"
        if kind == "txt":
            path.write_text("\n\n".join(paras), encoding="utf-8")
        elif kind == "docx":
            d = docx.Document()
            for p in paras:
                d.add_paragraph(p)
            d.save(str(path))
        else:
            c = canvas.Canvas(str(path), pagesize=A4)
            y = 800
            for p in paras:
                for j in range(0, len(p), 95):
                    if y < 60:
                        c.showPage()
                        y = 800
                    c.drawString(40, y, p[j:j + 95])
                    y -= 14
            c.save()


def queries(rnd: random.Random, n: int) -> list[str]:
    out = []
    for i in range(n):
        name = f'"{rnd.choice(FIRST)} {rnd.choice(LAST)}"'
        quasi = [f'"{rnd.choice(PLACES)}"', f'"{rnd.randint(1950, 2020)}"',
                 f'"{rnd.choice(PLACES)} {rnd.choice(COURTS)}"',
                 f'"{rnd.randint(1, 28)} {rnd.choice(MONTHS)}"']
        out.append(name if i % 4 == 0 else " ".join(rnd.sample(quasi, 1 + i % 3)))
    return out


def main(argv: list[str] | None = None) -> int:
    from redactor_plugins.search.local_index import LocalIndex, build_index, index_stats

    from redactor.core.context import RunContext

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--queries", type=int, default=400)
    ap.add_argument("--keep", type=Path, default=None, help="keep the corpus in this folder")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp) / "corpus"
        folder.mkdir(parents=True, exist_ok=True)
        if not any(folder.iterdir()):
            t0 = time.perf_counter()
            make_corpus(folder, args.docs)
            print(f"generated {args.docs} documents in {time.perf_counter() - t0:.1f} s "
                  "(not part of the build time)")
        index = Path(tmp) / "index.sqlite"
        stats = build_index(folder, index, workers=args.workers)
        info = index_stats(index)
        ok_build = stats.seconds <= 60
        print(f"build: {stats.documents} documents ({info['formats']}), "
              f"{info['characters']:,} characters, {info['bytes'] / 1e6:.1f} MB, "
              f"{stats.seconds:.1f} s with {args.workers} workers "
              f"[target <= 60 s: {'ok' if ok_build else 'MISSED'}]")
        if stats.skipped:
            print(f"skipped {len(stats.skipped)}: {stats.skipped[:3]}")
        provider, ctx = LocalIndex(index), RunContext()
        qs = queries(random.Random(5), args.queries)
        provider.search(qs[0], 20, ctx)  # open the connection
        times, hits = [], []
        for q in qs:
            t0 = time.perf_counter()
            res = provider.search(q, 20, ctx)
            times.append((time.perf_counter() - t0) * 1000)
            hits.append(res.total_hits or 0)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        ok_query = p95 <= 20
        print(f"query: {len(times)} queries (top 20 + total count), median "
              f"{statistics.median(times):.2f} ms, p95 {p95:.2f} ms, max {times[-1]:.2f} ms, "
              f"median total hits {statistics.median(hits):.0f} "
              f"[target <= 20 ms: {'ok' if ok_query else 'MISSED'}]")
    return 0 if ok_build and ok_query else 1


if __name__ == "__main__":
    sys.exit(main())
