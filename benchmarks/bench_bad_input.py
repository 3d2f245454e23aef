"""Benchmark: inputs built to exhaust the machine, and one large honest input.

    .venv/bin/python benchmarks/bench_bad_input.py [--pages 10000] [--every 10] [--only NAME ...]

Builds each input in a temporary folder and redacts it in a child process (the PDF or TXT
reader, the term list, the pattern detector and the strategies; ``--deny`` a name), then
prints the exit code, wall-clock seconds and the child's peak memory (``ru_maxrss`` from
``os.wait4``):

* ``flate-bomb``: a 1 MB PDF whose Form XObject inflates to 1 GiB (refused: exit 3,
  ``limits.stream_bytes``);
* ``huge-page``: a 14,400 × 14,400 pt page, 1.6 billion pixels at 200 dpi (exit 3,
  ``limits.page_pixels``);
* ``many-pages``: an honest text PDF of ``--pages`` pages (default 10,000), 40 lines each,
  the name on every tenth page (those pages are rendered, the others copied; exit 0, time
  linear in the pages; rendered pages' images wait on disk until the output is saved, so
  memory grows with the text only, not with the rendered pages, see
  ``docs/leak-channels.md``);
* ``pattern-stress``: 1 MB of text built against the patterns (dense random digit groups,
  near-miss dates, amounts and URLs; exit 0).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

NAME = "Kristoffer Haugland"
BUILTINS = ("redactor_plugins.formats.pdf.plugin", "redactor_plugins.formats.txt.plugin",
            "redactor_plugins.detectors.terms.plugin", "redactor_plugins.detectors.patterns.plugin",
            "redactor_plugins.strategies.plugin")


def _pdf(path: Path, media: tuple[float, float], extra: bytes = b"",
         xobject: object = None) -> None:
    import pikepdf

    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica,
        Encoding=pikepdf.Name.WinAnsiEncoding))
    res = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
    if xobject is not None:
        res.XObject = pikepdf.Dictionary(Fm0=pdf.make_indirect(xobject(pdf)))  # type: ignore[operator]
    body = f"BT /F1 12 Tf 20 100 Td (Report on {NAME}) Tj ET\n".encode() + extra
    pdf.pages.append(pikepdf.Page(pikepdf.Dictionary(
        Type=pikepdf.Name.Page, MediaBox=[0, 0, *media], Resources=res,
        Contents=pikepdf.Stream(pdf, body))))
    pdf.save(path)


def flate_bomb(path: Path) -> None:
    import pikepdf

    comp = zlib.compressobj(9)
    zeros = bytes(1 << 20)
    data = b"".join(comp.compress(zeros) for _ in range(1024)) + comp.flush()

    def form(pdf: pikepdf.Pdf) -> pikepdf.Stream:
        return pikepdf.Stream(pdf, data, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                              BBox=[0, 0, 1, 1], Filter=pikepdf.Name.FlateDecode)

    _pdf(path, (300, 200), b"q /Fm0 Do Q\n", form)


def huge_page(path: Path) -> None:
    _pdf(path, (14400, 14400))


def many_pages(path: Path, pages: int, every: int = 10) -> None:
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=(612, 792))
    for p in range(pages):
        c.setFont("Helvetica", 10)
        for line in range(40):
            named = line == 3 and p % every == 0  # the name on every tenth page: rendered
            c.drawString(50, 750 - 18 * line, f"Page {p} line {line}: the committee noted "
                         + (f"a statement by {NAME}." if named else "nothing new."))
        c.showPage()
    c.save()


def pattern_stress(path: Path) -> None:
    rng = random.Random(1)
    pieces: list[str] = []
    size = 0
    shapes = [lambda: " ".join(f"{rng.randrange(100):02d}" for _ in range(12)),
              lambda: " ".join(str(rng.randrange(10**9, 10**10)) for _ in range(4)),
              lambda: "1 Jan 1 Jan 2020- 12:12: 1,000,000, €1 1% 1 kg " * 2,
              lambda: "http://a.b/" + ")" * 80,
              lambda: "+47 " + " ".join(f"{rng.randrange(100):02d}" for _ in range(4))]
    while size < 1 << 20:
        piece = rng.choice(shapes)()
        pieces.append(piece)
        size += len(piece) + 1
    path.write_text(" ".join(pieces)[: 1 << 20] + f"\nSigned {NAME}\n", encoding="utf-8")


def child(src: str, dest: str) -> int:
    """Run in the child: read, analyse and export ``src``; the exit code as the CLI's."""
    from redactor.core.context import RunContext
    from redactor.core.errors import RedactorError
    from redactor.core.pipeline import Pipeline
    from redactor.core.policy import load_policy
    from redactor.pluginhost.manager import PluginHost

    host = PluginHost(builtins=BUILTINS, load_entrypoints=False, load_user_folder=False)
    pipe = Pipeline(host, load_policy("default").with_terms(always=(NAME,)))
    ctx = RunContext()
    try:
        doc = pipe.read(Path(src), ctx)
        pipe.export(pipe.analyze(doc, ctx), Path(dest), ctx)
    except RedactorError as exc:
        print(f"  {type(exc).__name__}: {exc}", file=sys.stderr)
        return exc.exit_code
    return 0


def measure(src: Path, dest: Path) -> tuple[int, float, float]:
    """(exit code, seconds, peak MiB) of one child run."""
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, __file__, "--child", str(src), str(dest)])
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    peak = usage.ru_maxrss / 1024 if sys.platform != "darwin" else usage.ru_maxrss / 2**20
    return proc.returncode, time.monotonic() - start, peak


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=10_000)
    ap.add_argument("--every", type=int, default=10,
                    help="many-pages: the name (a rendered page) on every N-th page")
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--child", nargs=2, metavar=("SRC", "DEST"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        sys.exit(child(*args.child))
    cases = {"flate-bomb": ("pdf", flate_bomb), "huge-page": ("pdf", huge_page),
             "many-pages": ("pdf", lambda p: many_pages(p, args.pages, args.every)),
             "pattern-stress": ("txt", pattern_stress)}
    with tempfile.TemporaryDirectory() as tmp:
        for name, (ext, build) in cases.items():
            if args.only and name not in args.only:
                continue
            src = Path(tmp) / f"{name}.{ext}"
            build(src)
            code, seconds, peak = measure(src, Path(tmp) / f"{name}-out.{ext}")
            print(f"{name:15s} input {src.stat().st_size / 2**20:7.2f} MiB | exit {code} | "
                  f"{seconds:7.1f} s | peak {peak:7.0f} MiB", flush=True)


if __name__ == "__main__":
    main()
