"""Build ``resources/models/ocr_rec``: the OCR recogniser's body quantised to int8, and measure it.

    .venv/bin/python training/ocr/quantize_recogniser.py build    [--data ../shared/data]
    .venv/bin/python training/ocr/quantize_recogniser.py evaluate [--data ../shared/data] [--pages 10]

``build`` takes PP-OCRv6 small's recogniser from the installed ``rapidocr`` wheel, cuts its
classification head off (:func:`redactor_plugins.ocr.rec_head.split_head`: the head stays in
float, evaluated over the kept alphabet), converts the body to opset 17 and quantises its
convolutions with ONNX Runtime's static quantiser (QDQ, per-channel int8 weights, uint8
activations, min/max ranges with a moving average). Calibration: the line images (not
squeezed) the float engine reads on six A4 pages (200 dpi, every other one degraded like a scan) of **Wikipedia
dev** text drawn in three fonts (Vera, DejaVu Serif, Vera Italic). The space bias (the logit
added to the space class, :data:`redactor_plugins.ocr.rec_int8.SPACE_BIAS`) was chosen on the
same pages: the int8 body loses spaces between words ("practisingin") without it.

``evaluate`` reads ten pages of **TAB dev** court text in five other fonts (DejaVu Sans,
DejaVu Serif Condensed, Vera Bold, DejaVu Sans Mono, DejaVu Sans Bold; every other page
degraded) with the float and the int8 recogniser and prints CER (typographic quotes folded to
ASCII: the model reads “ as ") and the recall of capitalised words and numbers, with CPU
seconds per page. Needs the ``train`` extra (``onnx``) and Debian's ``fonts-dejavu-core``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "ocr"))

OUT = ROOT / "resources" / "models" / "ocr_rec"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "„": '"'})


def _fonts(names: list[str]) -> list[str]:
    import reportlab

    vera = Path(reportlab.__file__).parent / "fonts"
    paths = [str((vera if n.startswith("Vera") else DEJAVU) / n) for n in names]
    missing = [p for p in paths if not Path(p).is_file()]
    if missing:
        raise SystemExit(f"fonts missing: {missing} (install fonts-dejavu-core)")
    return paths


CALIBRATION_FONTS = ["Vera.ttf", "DejaVuSerif.ttf", "VeraIt.ttf"]
EVALUATION_FONTS = ["DejaVuSans.ttf", "DejaVuSerifCondensed.ttf", "VeraBd.ttf",
                    "DejaVuSansMono.ttf", "DejaVuSans-Bold.ttf"]


def pages(source: Path, fonts: list[str], n: int, seed: int, lines: int = 36) -> list[tuple]:
    """``n`` A4 pages at 200 dpi of the texts in ``source`` (TAB JSON), 11 pt, fonts in
    turn, every other page degraded (skew 0.5–2°, blur, noise, JPEG): (image, lines)."""
    from ocr_fixtures import degrade
    from PIL import Image, ImageDraw, ImageFont

    rnd = random.Random(seed)
    docs = [d["text"] for d in json.loads(source.read_text(encoding="utf-8"))]
    out = []
    for i in range(n):
        words: list[str] = []
        while len(words) < 1200:
            words += rnd.choice(docs).split()
        font = fonts[i % len(fonts)]
        text = textwrap.wrap(" ".join(words), 62 if "Mono" in font else 76)[:lines]
        dpi, pt = 200, 11.0
        img = Image.new("L", (int(8.27 * dpi), int(11.69 * dpi)), 255)
        draw, face = ImageDraw.Draw(img), ImageFont.truetype(font, round(pt * dpi / 72))
        for k, line in enumerate(text):
            draw.text((int(0.8 * dpi), int(0.8 * dpi) + k * int(pt * dpi / 72 * 1.6)), line,
                      font=face, fill=0)
        if i % 2:
            img = degrade(img, seed=seed + i, skew=rnd.choice([0.5, 1.0, 2.0]))
        out.append((img, text))
    return out


def _engine(recogniser: str):  # type: ignore[no-untyped-def]
    from redactor_plugins.ocr.rapid import RapidOcrEngine
    from redactor_plugins.shared.ocr_run import read_text

    from redactor.core.context import RunContext
    from redactor.core.settings import Settings

    engine = RapidOcrEngine()
    ctx = RunContext(settings=Settings({"ocr": {"threads": 2, "recogniser": recogniser}}))
    ctx.ocr_engines = {engine.id: engine}  # type: ignore[attr-defined]
    from PIL import Image

    read_text(Image.new("L", (200, 60), 255), ctx, engine)  # load the models
    return engine, ctx


def build(data: Path) -> None:
    import onnx
    from onnx import version_converter
    from onnxruntime.quantization import (
        CalibrationDataReader,
        CalibrationMethod,
        QuantFormat,
        QuantType,
        quantize_static,
    )
    from onnxruntime.quantization.shape_inference import quant_pre_process
    from redactor_plugins.ocr import rapid, rec_head, rec_int8
    from redactor_plugins.shared.ocr_run import read_text

    from redactor.models.manifest import build_manifest

    rapid.REC_SQUEEZE = 1.0  # the shipped pack was calibrated on unsqueezed lines
    engine, ctx = _engine("float")
    head = engine._ocr.text_rec.rec.session
    batches = []

    class Capture:
        def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
            return getattr(head, name)

        def __call__(self, batch):  # type: ignore[no-untyped-def]
            batches.append(batch.copy())
            return head(batch)

    engine._ocr.text_rec.rec.session = Capture()
    for img, _ in pages(data / "wiki" / "wiki_dev.json", _fonts(CALIBRATION_FONTS), 6, seed=7):
        read_text(img, ctx, engine)
    print(f"calibration: {len(batches)} batches, {sum(len(b) for b in batches)} lines")

    source = rapid.model_paths()[1]
    cut = rec_head.split_head(source.read_bytes())
    if cut is None:
        raise SystemExit("the recogniser does not end in MatMul → Add → Softmax")
    with tempfile.TemporaryDirectory() as tmp:
        body, pre = Path(tmp) / "body.onnx", Path(tmp) / "pre.onnx"
        onnx.save(version_converter.convert_version(onnx.load_from_string(cut[0]), 17), body)
        quant_pre_process(str(body), str(pre), skip_symbolic_shape=True)

        class Reader(CalibrationDataReader):
            def __init__(self) -> None:
                self.it = iter(batches)

            def get_next(self):  # type: ignore[no-untyped-def]
                batch = next(self.it, None)
                return None if batch is None else {"x": batch}

        OUT.mkdir(parents=True, exist_ok=True)
        quantize_static(str(pre), str(OUT / rec_int8.BODY), Reader(),
                        quant_format=QuantFormat.QDQ, per_channel=True,
                        activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8,
                        op_types_to_quantize=["Conv"], calibrate_method=CalibrationMethod.MinMax,
                        extra_options={"CalibMovingAverage": True})
    (OUT / rec_int8.SOURCE).write_text(json.dumps({
        "model": source.name,
        "sha256": hashlib.sha256(source.read_bytes()).hexdigest(),
        "rapidocr": rapid.package_version(),
        "quantised": "Conv (QDQ, per-channel int8 weights, uint8 activations, min/max "
                     "with moving average), opset 17",
        "calibration": "6 A4 pages, 200 dpi, Wikipedia dev text, Vera / DejaVu Serif / "
                       "Vera Italic, every other page degraded",
    }, indent=1) + "\n", encoding="utf-8")
    build_manifest(OUT, name="ocr_rec", version=rec_int8.VERSION, licence="Apache-2.0")
    print(f"wrote {OUT}")


def evaluate(data: Path, n: int, seed: int) -> None:
    from rapidfuzz.distance import Levenshtein
    from redactor_plugins.shared.ocr_run import read_text

    evaluation = pages(data / "tab" / "tab_dev.json", _fonts(EVALUATION_FONTS), n, seed=seed)

    def flat(text: str) -> str:
        return re.sub(r"\s+", " ", text.translate(QUOTES)).strip()

    print(f"{n} pages of TAB dev text, 5 fonts, every other page degraded (seed {seed})")
    for recogniser in ("float", "int8"):
        engine, ctx = _engine(recogniser)
        edits = chars = found = total = 0
        cpu = 0.0
        for img, lines in evaluation:
            c0 = time.process_time()
            got = flat(read_text(img, ctx, engine).text)
            cpu += time.process_time() - c0
            want = flat(" ".join(lines))
            edits += Levenshtein.distance(want, got)
            chars += len(want)
            words = set(w.strip(".,;:()\"'") for w in got.split())
            pii = [w.strip(".,;:()\"'") for w in want.split()
                   if w[:1].isupper() or any(c.isdigit() for c in w)]
            found += sum(w in words for w in pii)
            total += len(pii)
        print(f"{recogniser:6} CER {edits / chars:.3%} ({edits} edits / {chars} characters), "
              f"capitalised words and numbers read {found / total:.4f} ({total - found} of "
              f"{total} missed), {cpu / n:.2f} CPU s/page")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=["build", "evaluate"])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--pages", type=int, default=10)
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    if args.command == "build":
        build(args.data)
    else:
        evaluate(args.data, args.pages, args.seed)


if __name__ == "__main__":
    main()
