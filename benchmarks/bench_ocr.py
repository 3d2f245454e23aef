"""Benchmark: OCR accuracy, PII recall, redaction by burning, and speed, on a generated set.

    .venv/bin/python benchmarks/bench_ocr.py [--pages 2] [--lines 40] [--engines rapidocr,tesseract]
                                             [--threads 2] [--no-redaction] [--text TAB.json]

Builds every page here (nothing is downloaded): A4 pages of legal prose with names, case
numbers and dates, drawn with reportlab's Vera font by Pillow at 150, 200 and 300 dpi; the
200-dpi pages degraded like scans (noise, blur, JPEG artefacts, 1–3° skew); turned by 90°;
a photo of an ID card pasted into a DOCX; and 200-dpi pages in four other fonts (DejaVu Sans,
DejaVu Serif Condensed, DejaVu Sans Mono from the system's fonts-dejavu, reportlab's Vera
Bold; a font not installed is left out), every other one degraded — with ``--text`` their
lines are real text (a TAB-format JSON file, e.g. ../shared/data/tab/tab_dev.json) and the
"PII words" every capitalised word and number. For each engine and condition it prints:

* ``CER``: character error rate of the read text against the drawn text (edit distance over
  the text's length, spaces collapsed), reading order included;
* ``PII recall``: the share of the PII words (name parts, ID numbers, date parts) read
  exactly (a word of the read text, punctuation aside);
* ``s/page`` and ``CPU s/page``: wall-clock seconds per page, and CPU seconds of the process
  and its children (all threads together: on an idle machine with ``--threads 2`` the wall
  time is about half of it), and ``pages/s`` (wall-clock).

Then (unless ``--no-redaction``) it redacts one page of each condition with the pipeline
(PNG output; the DOCX through the DOCX writer; name parts, ID numbers and years denied:
``--deny``) and reads every output again with each engine: ``readable PII`` (denied words
read in the output) must be 0.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "ocr"))

from ocr_fixtures import (  # noqa: E402
    DEJAVU,
    FONT,
    QUOTES,
    a4_page,
    degrade,
    docx_with_picture,
    id_card,
    page_lines,
)
from PIL import Image  # noqa: E402

from redactor.core.context import RunContext  # noqa: E402
from redactor.core.settings import Settings  # noqa: E402


def distance(a: str, b: str) -> int:
    """Levenshtein distance (two rows)."""
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def _cpu() -> float:
    """CPU seconds of this process and its children (tesseract runs as a child)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


PUNCT = ".,;:()\"'"
OTHER_FONTS = {
    "DejaVu Sans": DEJAVU / "DejaVuSans.ttf",
    "DejaVu Serif Condensed": DEJAVU / "DejaVuSerifCondensed.ttf",
    "DejaVu Sans Mono": DEJAVU / "DejaVuSansMono.ttf",
}


def flat(text: str) -> str:
    """Spaces collapsed, typographic quotes as ASCII (the recogniser reads “ as ")."""
    return " ".join(text.translate(QUOTES).split())


def text_lines(path: Path, seed: int, n: int, width: int) -> tuple[list[str], list[str]]:
    """``n`` lines of ``width`` characters of the texts in ``path`` (TAB JSON), from a
    random document on; and their capitalised words and numbers (the "PII" words)."""
    import json
    import random
    import textwrap

    docs = [d["text"] for d in json.loads(path.read_text(encoding="utf-8"))]
    rng = random.Random(seed)
    words: list[str] = []
    while len(words) < 60 * n:
        words += rng.choice(docs).split()
    lines = textwrap.wrap(" ".join(words), width)[:n]
    pii = [w.strip(PUNCT + "“”’") for line in lines for w in line.split()
           if w[:1].isupper() or any(c.isdigit() for c in w)]
    return lines, [w for w in pii if len(w) > 1]


Condition = tuple[str, Callable[[int], tuple[Image.Image, list[str], list[str]]]]


def conditions(lines: int, text: Path | None = None) -> list[Condition]:
    def page(dpi: int, seed: int, deg: bool = False, turn: int = 0, skew: float = 0.0
             ) -> tuple[Image.Image, list[str], list[str]]:
        text, pii = page_lines(seed, lines)
        img = a4_page(text, dpi=dpi)
        if deg:
            img = degrade(img, seed=seed, skew=skew)
        if turn:
            img = img.rotate(turn, expand=True, fillcolor=255)
        return img, text, pii

    def other_font(face: Path, seed: int) -> tuple[Image.Image, list[str], list[str]]:
        width = 62 if "Mono" in face.name else 76
        drawn, pii = text_lines(text, seed, lines, width) if text else page_lines(seed, lines)
        img = a4_page(drawn, dpi=200, face=str(face))
        if seed % 2:
            img = degrade(img, seed=seed, skew=1.0)
        return img, drawn, pii

    def card(seed: int) -> tuple[Image.Image, list[str], list[str]]:
        from ocr_fixtures import CARD_LINES, DATE, ID_NUMBER, NAME

        img = degrade(id_card(), seed=seed, skew=1.5, noise=6, blur=0.5, quality=70)
        return img, ["IDENTITY CARD", *CARD_LINES], [*NAME.split(), ID_NUMBER, *DATE.split()]

    return [
        ("150 dpi", lambda s: page(150, s)),
        ("200 dpi", lambda s: page(200, s)),
        ("300 dpi", lambda s: page(300, s)),
        ("200 dpi degraded, skew 1°", lambda s: page(200, s, True, skew=1.0)),
        ("200 dpi degraded, skew 3°", lambda s: page(200, s, True, skew=-3.0)),
        ("200 dpi turned 90°", lambda s: page(200, s, turn=90)),
        ("ID card photo (DOCX)", card),
    ] + [(f"200 dpi, {name}{' (text)' if text else ''}",
          lambda s, face=face: other_font(face, s))
         for name, face in [*OTHER_FONTS.items(), ("Vera Bold", Path(FONT).with_name("VeraBd.ttf"))]
         if face.is_file()]


def make_engine(engine_id: str, threads: int) -> tuple[object, RunContext]:
    from redactor_plugins.ocr.rapid import RapidOcrEngine
    from redactor_plugins.ocr.tesseract import TesseractEngine

    engine = RapidOcrEngine() if engine_id == "rapidocr" else TesseractEngine()
    ctx = RunContext(settings=Settings({"ocr": {"threads": threads}}))
    ctx.ocr_engines = {engine.id: engine}  # type: ignore[attr-defined]
    return engine, ctx


def measure(engine_id: str, conds: list[Condition], pages: int, threads: int) -> None:
    from redactor_plugins.shared.ocr_run import read_text

    engine, ctx = make_engine(engine_id, threads)
    read_text(Image.new("L", (200, 60), 255), ctx, engine)  # load the models
    print(f"\n== {engine_id} {engine.version}")  # type: ignore[attr-defined]
    print(f"{'condition':38} {'CER':>7} {'PII recall':>10} {'s/page':>7} {'CPU s/page':>10} "
          f"{'pages/s':>7}")
    for name, make in conds:
        errors = chars = found = total = 0
        wall = cpu = 0.0
        for seed in range(pages):
            img, truth, pii = make(100 + seed)
            t0, c0 = time.perf_counter(), _cpu()
            text = read_text(img, ctx, engine).text
            wall += time.perf_counter() - t0
            cpu += _cpu() - c0
            want = flat("\n".join(truth))
            errors += distance(want, flat(text))
            chars += len(want)
            words = {w.strip(PUNCT) for w in flat(text).replace(",", " ").split()}
            found += sum(1 for p in pii if p.strip(PUNCT) in words)
            total += len(pii)
        print(f"{name:38} {errors / max(1, chars):7.2%} {found / max(1, total):10.3f} "
              f"{wall / pages:7.2f} {cpu / pages:10.2f} {pages / max(wall, 1e-9):7.2f}",
              flush=True)


def redaction(conds: list[Condition], engines: list[str], threads: int) -> None:
    from redactor.core.errors import VerificationError
    from redactor.core.pipeline import Pipeline
    from redactor.core.policy import load_policy
    from redactor.pluginhost.manager import PluginHost

    print("\n== after redaction (pipeline: terms denied, boxes burnt, verified)")
    print(f"{'condition':38} {'replaced':>8} {'verified':>8} " +
          " ".join(f"{'readable PII (' + e + ')':>24}" for e in engines))
    readers = {e: make_engine(e, threads) for e in engines}
    from redactor_plugins.shared.ocr_run import read_text

    builtins = tuple(f"redactor_plugins.{m}.plugin" for m in (
        "formats.docx", "formats.image", "detectors.terms", "strategies", "ocr"))
    with tempfile.TemporaryDirectory() as tmp:
        for name, make in conds:
            img, _, pii = make(200)
            secrets = sorted({p for p in pii if "-" in p or (p.isdigit() and len(p) == 4) or (
                p.istitle() and p.isalpha() and len(p) >= 3 and p not in MONTHS)})
            host = PluginHost(Settings({"ocr": {"threads": threads}}), builtins=builtins,
                              load_entrypoints=False, load_user_folder=False)
            pipe = Pipeline(host, load_policy(None).with_terms(tuple(secrets), ()))
            docx = name.endswith("(DOCX)")
            src = Path(tmp) / ("in.docx" if docx else "in.png")
            if docx:
                docx_with_picture(src, img)
            else:
                img.save(src)
            dest = Path(tmp) / f"out-{conds.index((name, make))}{src.suffix}"
            ctx = RunContext(settings=host.settings)
            analysis = pipe.analyze(pipe.read(src, ctx), ctx)
            try:
                result = pipe.export(analysis, dest, ctx)
            except VerificationError as exc:  # refused: exit 4, no file
                print(f"{name:38} {'':8} {'refused':>8}  {len(exc.issues)} issue(s): "
                      + "; ".join(str(getattr(i, "where", "")) for i in exc.issues[:3]))
                continue
            outs = _images(dest)
            counts = []
            for e in engines:
                engine, ectx = readers[e]
                text = " ".join(flat(read_text(o, ectx, engine).text) for o in outs)
                words = {w.strip(PUNCT) for w in text.replace(",", " ").split()}
                counts.append(sum(1 for s in secrets if s.strip(PUNCT) in words))
            print(f"{name:38} {len(result.plan.replacements):8} "
                  f"{str(result.verification.ok):>8} " + " ".join(f"{c:>24}" for c in counts),
                  flush=True)


MONTHS = {"January", "March", "May", "July", "October", "December"}


def _images(path: Path) -> list[Image.Image]:
    if path.suffix == ".docx":
        import zipfile

        with zipfile.ZipFile(path) as zf:
            return [Image.open(io.BytesIO(zf.read(n))).convert("RGB") for n in zf.namelist()
                    if n.startswith("word/media/")]
    return [Image.open(path).convert("L")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=2, help="pages per condition")
    parser.add_argument("--lines", type=int, default=40, help="text lines per A4 page")
    parser.add_argument("--engines", default="", help="comma-separated (default: installed)")
    parser.add_argument("--threads", type=int, default=2, help="ONNX Runtime threads")
    parser.add_argument("--no-redaction", action="store_true")
    parser.add_argument("--text", type=Path, help="TAB-format JSON: real text for the pages "
                        "in other fonts")
    args = parser.parse_args()
    from redactor_plugins.ocr.tesseract import program

    engines = [e for e in args.engines.split(",") if e] or (
        ["rapidocr", "tesseract"] if program() else ["rapidocr"])
    conds = conditions(args.lines, args.text)
    for engine_id in engines:
        measure(engine_id, conds, args.pages, args.threads)
    if not args.no_redaction:
        redaction(conds, engines, args.threads)


if __name__ == "__main__":
    main()
