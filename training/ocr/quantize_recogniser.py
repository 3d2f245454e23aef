"""Build ``resources/models/ocr_int8``: the OCR engine's detector and recogniser with their
convolutions in int8, and measure them.

    .venv/bin/python training/ocr/quantize_recogniser.py build    [--data ../shared/data]
    .venv/bin/python training/ocr/quantize_recogniser.py evaluate [--data ../shared/data] [--pages 10]

``build`` takes PP-OCRv6 small's detector and recogniser from the installed ``rapidocr``
wheel, cuts the recogniser's classification head off
(:func:`redactor_plugins.ocr.rec_head.split_head`: the head stays in float, evaluated over the
kept alphabet), converts both to opset 17, quantises their convolutions with ONNX Runtime's
static quantiser (QDQ, per-channel int8 weights, uint8 activations, min/max ranges with a
moving average) and writes their GELUs as single ``Gelu`` nodes (:func:`fuse_gelu`).
Calibration: the pages and the line images (not squeezed) the float engine reads on six A4
pages (200 dpi, every other one degraded like a scan) of **Wikipedia dev** text drawn in
three fonts (Vera, DejaVu Serif, Vera Italic). The space bias (the logit added to the space
class, :data:`redactor_plugins.ocr.int8_pack.SPACE_BIAS`) was chosen on the same pages: the
int8 body loses spaces between words ("practisingin") without it.

``evaluate`` reads ten pages of **TAB dev** court text in five other fonts (DejaVu Sans,
DejaVu Serif Condensed, Vera Bold, DejaVu Sans Mono, DejaVu Sans Bold; every other page
degraded) with the float and the int8 models and prints CER (typographic quotes folded to
ASCII: the model reads “ as ") and the recall of capitalised words and numbers, with CPU
seconds per page. Needs the ``train`` extra (``onnx``, ``rapidfuzz``) and Debian's
``fonts-dejavu-core``.
"""

from __future__ import annotations

import argparse
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

from ocr_fixtures import DEJAVU, QUOTES  # noqa: E402

from redactor.plugin_api import sha256_file  # noqa: E402

OUT = ROOT / "resources" / "models" / "ocr_int8"
#: 7-bit weights: without VNNI, ONNX Runtime multiplies u8 by s8 in pairs summed in 16 bits, which
#: saturates with full 8-bit weights (a model quantised without this reads well only on VNNI CPUs).
REDUCE_RANGE = True


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


def _engine(precision: str):  # type: ignore[no-untyped-def]
    from redactor_plugins.ocr.rapid import RapidOcrEngine
    from redactor_plugins.shared.ocr_run import read_text

    from redactor.core.context import RunContext
    from redactor.core.settings import Settings

    engine = RapidOcrEngine()
    ctx = RunContext(settings=Settings({"ocr": {"threads": 2, "precision": precision}}))
    ctx.ocr_engines = {engine.id: engine}  # type: ignore[attr-defined]
    from PIL import Image

    read_text(Image.new("L", (200, 60), 255), ctx, engine)  # load the models
    return engine, ctx


def _scalar(values: dict, name: str) -> float | None:
    value = values.get(name)
    return None if value is None or value.size != 1 else float(value.reshape(-1)[0])


def fuse_gelu(model) -> int:  # type: ignore[no-untyped-def]
    """Replace each x·½(1 + erf(x/√2)) (Div, Erf, Add, Mul, Mul) by one ``com.microsoft``
    ``Gelu`` node, in place; return how many. ONNX Runtime fuses the pattern itself in the
    float graph, but not between the quantised convolutions' Q/DQ nodes, where the five
    element-wise passes cost ~18 % of the body's time."""
    from onnx import helper, numpy_helper

    graph = model.graph
    producer = {o: n for n in graph.node for o in n.output}
    consumers: dict[str, list] = {}
    for node in graph.node:
        for name in node.input:
            consumers.setdefault(name, []).append(node)
    values = {t.name: numpy_helper.to_array(t) for t in graph.initializer}

    def only(name: str, op: str):  # type: ignore[no-untyped-def]
        nodes = consumers.get(name, [])
        return nodes[0] if len(nodes) == 1 and nodes[0].op_type == op else None

    replaced: dict[int, object] = {}
    dropped: set[int] = set()
    for erf in [n for n in graph.node if n.op_type == "Erf"]:
        div = producer.get(erf.input[0])
        if div is None or div.op_type != "Div" or abs((_scalar(values, div.input[1]) or 0.0)
                                                      - 2 ** 0.5) > 1e-4:
            continue
        x = div.input[0]
        add = only(erf.output[0], "Add")
        if add is None or [_scalar(values, i) for i in add.input if i != erf.output[0]] != [1.0]:
            continue
        times_x = only(add.output[0], "Mul")
        if times_x is None or x not in times_x.input:
            continue
        half = only(times_x.output[0], "Mul")
        if half is None or [_scalar(values, i) for i in half.input
                            if i != times_x.output[0]] != [0.5]:
            continue
        dropped |= {id(div), id(erf), id(add), id(times_x)}
        replaced[id(half)] = helper.make_node("Gelu", [x], [half.output[0]],
                                              name=f"{erf.name}_gelu", domain="com.microsoft")
    nodes = [replaced.get(id(n), n) for n in graph.node if id(n) not in dropped]
    del graph.node[:]
    graph.node.extend(nodes)
    used = {i for n in graph.node for i in n.input}
    kept = [t for t in graph.initializer if t.name in used]
    del graph.initializer[:]
    graph.initializer.extend(kept)
    if replaced and not any(o.domain == "com.microsoft" for o in model.opset_import):
        model.opset_import.append(helper.make_opsetid("com.microsoft", 1))
    return len(replaced)


class _Capture:
    """Wraps a session-like callable, keeping a copy of every input it is given."""

    def __init__(self, inner) -> None:  # type: ignore[no-untyped-def]
        self.inner, self.inputs = inner, []

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(self.inner, name)

    def __call__(self, batch):  # type: ignore[no-untyped-def]
        self.inputs.append(batch.copy())
        return self.inner(batch)


def quantise(model: bytes, inputs: list, out: Path) -> None:
    """``model`` (ONNX bytes, input ``x``) → opset 17 → convolutions quantised (QDQ,
    per-channel int8 weights, uint8 activations, min/max ranges with a moving average over
    ``inputs``) → GELUs fused → ``out``."""
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

    class Reader(CalibrationDataReader):
        def __init__(self) -> None:
            self.it = iter(inputs)

        def get_next(self):  # type: ignore[no-untyped-def]
            batch = next(self.it, None)
            return None if batch is None else {"x": batch}

    with tempfile.TemporaryDirectory() as tmp:
        plain, pre = Path(tmp) / "plain.onnx", Path(tmp) / "pre.onnx"
        onnx.save(version_converter.convert_version(onnx.load_from_string(model), 17), plain)
        quant_pre_process(str(plain), str(pre), skip_symbolic_shape=True)
        quantize_static(str(pre), str(out), Reader(), quant_format=QuantFormat.QDQ,
                        per_channel=True, reduce_range=REDUCE_RANGE, activation_type=QuantType.QUInt8,
                        weight_type=QuantType.QInt8, op_types_to_quantize=["Conv"],
                        calibrate_method=CalibrationMethod.MinMax,
                        extra_options={"CalibMovingAverage": True})
    quantised = onnx.load(out)
    print(f"{out.name}: {fuse_gelu(quantised)} GELUs fused")
    onnx.save(quantised, out)


def build(data: Path) -> None:
    from redactor_plugins.ocr import int8_pack, rapid, rec_head
    from redactor_plugins.shared.ocr_run import read_text

    from redactor.models.manifest import build_manifest

    rapid.REC_SQUEEZE = 1.0  # the shipped pack was calibrated on unsqueezed lines,
    rapid.REC_HEIGHT = 48  # 48 pixels high (a pack calibrated at 40 read no better, session 20)
    engine, ctx = _engine("float")
    engine._ocr.text_rec.lanes = 1  # batches in page order (the calibration is order-dependent)
    del engine._ocr.text_det.get_preprocess  # RapidOCR's own input (float64), as when built
    det = engine._ocr.text_det.session = _Capture(engine._ocr.text_det.session)
    rec = engine._ocr.text_rec.rec.session = _Capture(engine._ocr.text_rec.rec.session)
    for img, _ in pages(data / "wiki" / "wiki_dev.json", _fonts(CALIBRATION_FONTS), 6, seed=7):
        read_text(img, ctx, engine)
    print(f"calibration: {len(det.inputs)} pages, {len(rec.inputs)} batches of "
          f"{sum(len(b) for b in rec.inputs)} lines")

    det_path, rec_path = rapid.model_paths()
    cut = rec_head.split_head(rec_path.read_bytes())
    if cut is None:
        raise SystemExit("the recogniser does not end in MatMul → Add → Softmax")
    OUT.mkdir(parents=True, exist_ok=True)
    quantise(det_path.read_bytes(), det.inputs, OUT / int8_pack.FILES["det"])
    quantise(cut[0], rec.inputs, OUT / int8_pack.FILES["rec"])
    source = {kind: {"model": path.name, "sha256": sha256_file(path)}
              for kind, path in (("det", det_path), ("rec", rec_path))}
    (OUT / int8_pack.SOURCE).write_text(json.dumps({
        **source,
        "rapidocr": rapid.package_version(),
        "quantised": "Conv (QDQ, per-channel int8 weights in 7 bits, uint8 activations, min/max "
                     "with moving average), opset 17; GELU as com.microsoft Gelu; the "
                     "recogniser without its last linear layer",
        "calibration": "6 A4 pages, 200 dpi, Wikipedia dev text, Vera / DejaVu Serif / "
                       "Vera Italic, every other page degraded",
    }, indent=1) + "\n", encoding="utf-8")
    build_manifest(OUT, name="ocr_int8", version=int8_pack.VERSION, licence="Apache-2.0")
    print(f"wrote {OUT}")


def evaluate(data: Path, n: int, seed: int) -> None:
    from rapidfuzz.distance import Levenshtein
    from redactor_plugins.shared.ocr_run import read_text

    evaluation = pages(data / "tab" / "tab_dev.json", _fonts(EVALUATION_FONTS), n, seed=seed)

    def flat(text: str) -> str:
        return re.sub(r"\s+", " ", text.translate(QUOTES)).strip()

    print(f"{n} pages of TAB dev text, 5 fonts, every other page degraded (seed {seed})")
    for precision in ("float", "int8"):
        engine, ctx = _engine(precision)
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
        print(f"{precision:6} CER {edits / chars:.3%} ({edits} edits / {chars} characters), "
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
