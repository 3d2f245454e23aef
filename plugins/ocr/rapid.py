"""The built-in OCR engine ``rapidocr``: PaddleOCR's PP-OCRv6 (small) detection and
recognition models, run by RapidOCR on ONNX Runtime.

The ONNX models ship inside the ``rapidocr`` wheel (Apache-2.0, see
docs/model-attributions.md); they are loaded by explicit path, so RapidOCR never looks for
(or downloads) another model. Loaded lazily on the first page, once per process; calls are
serialised by a lock (one engine, many threads); within a page the recogniser reads its
batches of lines in concurrent lanes, lines 40 pixels high (:data:`REC_HEIGHT`). Text
orientation is the caller's job (:mod:`redactor_plugins.shared.ocr_run`), so RapidOCR's
line classifier is not used.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import threading
from importlib import metadata
from pathlib import Path
from typing import Any

from redactor_plugins.shared.ocr_settings import LINE_HEIGHT

from redactor.plugin_api import OcrWord, RunContext

DET_MODEL = "PP-OCRv6_det_small.onnx"
REC_MODEL = "PP-OCRv6_rec_small.onnx"
#: Lines read below this score are dropped by RapidOCR (lower than its 0.5: a doubtful word
#: is better flagged for review than never seen).
LINE_SCORE = 0.3
#: Detection runs on the page scaled to at most this side (recognition reads the full page)
#: and, where the caller knows the height of the text lines (:data:`LINE_HEIGHT`), so that
#: they are about DET_LINE pixels high; never below DET_MIN_SIDE.
DET_SIDE, DET_LINE, DET_MIN_SIDE = 1536, 12.0, 960
#: Text lines recognised per ONNX Runtime call.
REC_BATCH = 6
#: The recogniser reads a line image 48 pixels high and emits one CTC step per 4 pixels of
#: width; at the line's own aspect ratio a Latin character gets about 4 steps, far more than
#: CTC needs. Lines are squeezed horizontally to this share of their width (its cost goes
#: with the width): measured on the generated set, 0.6 reads as well as 1.0, 0.5 starts to
#: drop characters, 0.4 fails. A line read below REC_RETRY_SCORE (mean of its characters) is
#: read again unsqueezed and the better reading kept (a condensed font, a dense line).
#: **0.8 by default** (session 19, with the int8 body): on the calibration pages of
#: :mod:`.int8_pack` 0.8 reads as well as 1.0 (CER 0.350 % both) and 0.7 worse (0.400 %);
#: at 0.6 and 0.7 the re-read of a redacted PNG/TIFF export in the writer conformance check
#: (tests/kit) misread a kept word with a score above the retry threshold; 0.8 passes it.
REC_SQUEEZE, REC_RETRY_SCORE = 0.8, 0.9
#: The height in pixels of the line images the recogniser reads (its file says 48: the input
#: dimension is freed in memory, :func:`~.rec_head.free_height`). The work goes with the
#: square of it (the width follows the height). Session 20, on the calibration pages of
#: :mod:`.int8_pack` (int8 body, squeeze 0.8): 48 → CER 0.356 %, 2.16 CPU s/page; 44 →
#: 0.356 %, 1.88; **40 → 0.362 %, 1.60**; 36 → 0.412 %; 32 → 0.949 % (11 → 26 capitalised
#: words misread).
REC_HEIGHT = 40


def available() -> bool:
    """Whether the ``rapidocr`` package is installed (nothing is imported)."""
    return importlib.util.find_spec("rapidocr") is not None


def package_version() -> str:
    try:
        return metadata.version("rapidocr")
    except metadata.PackageNotFoundError:
        return "?"


def model_paths() -> tuple[Path, Path]:
    """The detection and recognition models inside the installed package."""
    spec = importlib.util.find_spec("rapidocr")
    if spec is None or not spec.origin:
        raise RuntimeError("the rapidocr package is not installed")
    folder = Path(spec.origin).parent / "models"
    det, rec = folder / DET_MODEL, folder / REC_MODEL
    if not det.is_file() or not rec.is_file():
        raise RuntimeError("rapidocr's models are not inside the installed package "
                           f"({DET_MODEL}, {REC_MODEL}); nothing is downloaded: install "
                           "rapidocr>=3.10")
    return det, rec


class RapidOcrEngine:
    """``rapidocr``: words with boxes and confidences from PP-OCRv6 small (see module)."""

    id = "rapidocr"

    def __init__(self) -> None:
        self.version = f"{package_version()} (PP-OCRv6 small det+rec)"
        self._ocr: Any = None
        self._lock = threading.Lock()

    def _engine(self, ctx: RunContext | None) -> Any:
        if self._ocr is None:
            self._ocr = build(_threads(ctx), _alphabet(ctx), _precision(ctx))
            int8 = "+".join(getattr(self._ocr, "int8_models", ()))
            if int8:
                self.version = f"{package_version()} (PP-OCRv6 small det+rec, {int8} int8)"
        return self._ocr

    def recognize(self, image: Any, ctx: RunContext) -> list[OcrWord]:
        """The words of ``image`` (a PIL image), in reading order, boxes in its pixels."""
        width, height = image.size
        if width < 2 or height < 2:
            return []
        page = image if image.mode in ("RGB", "L") else image.convert("RGB")
        from redactor_plugins.ocr.rec_head import one_blas_thread

        side = detection_side(page.size, LINE_HEIGHT.get())
        with self._lock:
            ocr = self._engine(ctx)
            ocr.text_det.limit_side_len = side
            with one_blas_thread():
                result = ocr(page, use_cls=False, return_word_box=True)
        return words_of(result, width, height)


def _threads(ctx: RunContext | None) -> int:
    threads = 0
    if ctx is not None:
        try:
            threads = int(ctx.settings.get("ocr", "threads", 0) or 0)
        except (TypeError, ValueError):
            threads = 0
    return threads if threads > 0 else min(4, os.cpu_count() or 1)


def _precision(ctx: RunContext | None) -> str:
    value = str(ctx.settings.get("ocr", "precision", "int8") if ctx is not None else "int8")
    return "float" if value.strip().lower() == "float" else "int8"


def _alphabet(ctx: RunContext | None) -> str:
    value = str(ctx.settings.get("ocr", "alphabet", "latin") if ctx is not None else "latin")
    return value.strip().lower() if value.strip().lower() in ("latin", "all") else "latin"


def detection_side(size: tuple[int, int], line_height: float | None) -> int:
    """The longest side of the image the detector reads: the page scaled so that its text
    lines are :data:`DET_LINE` pixels high (they are found as well as at full size, and the
    detector's time goes with its pixels), at most :data:`DET_SIDE` and never above the
    page's own size; :data:`DET_SIDE` when the line height is unknown."""
    longest = max(size)
    if not line_height or line_height <= 0:
        return min(DET_SIDE, longest)
    side = longest * min(1.0, DET_LINE / line_height)
    return int(min(DET_SIDE, longest, max(DET_MIN_SIDE, side)))


def build(threads: int, alphabet: str, precision: str = "int8") -> Any:
    """RapidOCR over our own ONNX Runtime sessions (:func:`~redactor_plugins.shared.
    onnx_sessions.session_options`: spinning off, memory arena on), the detector and the
    recogniser's body in int8 where ``precision`` says so and the pack matches the wheel
    (:mod:`.int8_pack`), the recogniser's head evaluated over ``alphabet`` (:mod:`.rec_head`)
    with the space bias of the body in use; RapidOCR's own classifier is not used."""
    import onnxruntime as ort
    from omegaconf import flag_override
    from rapidocr import RapidOCR
    from rapidocr.ch_ppocr_det.utils import DetPreProcess
    from rapidocr.ch_ppocr_rec.utils import CTCLabelDecode
    from redactor_plugins.ocr.int8_pack import SPACE_BIAS, int8_models
    from redactor_plugins.ocr.rec_head import (
        HeadSession,
        characters,
        free_height,
        keep,
        split_head,
    )
    from redactor_plugins.shared.onnx_sessions import (  # telemetry off first
        parallel_runs,
        session_options,
    )

    det_path, rec_path = model_paths()
    logging.getLogger("RapidOCR").setLevel(logging.ERROR)
    ocr = RapidOCR(params={
        "Global.log_level": "error",
        "Global.use_cls": False,
        "Global.text_score": LINE_SCORE,
        "Global.max_side_len": 100_000,  # the caller scales the page
        "Global.return_word_box": True,
        "Det.model_path": str(det_path),
        "Det.limit_type": "max",
        "Det.limit_side_len": DET_SIDE,
        "Rec.model_path": str(rec_path),
        "Rec.rec_batch_num": REC_BATCH,
    })
    opts = session_options(threads)
    opts.enable_cpu_mem_arena = True
    providers = ["CPUExecutionProvider"]
    rec_bytes = rec_path.read_bytes()
    cut = split_head(rec_bytes)
    chars = characters(rec_bytes)
    wanted = {"det": det_path, **({"rec": rec_path} if cut and chars else {})}
    packed = int8_models(wanted) if precision == "int8" else {}
    det_int8, body = packed.get("det"), packed.get("rec")
    det_session = ort.InferenceSession(det_int8 or str(det_path), opts, providers=providers)
    form = "int8" if body is not None else "float"
    rec_model = body or (cut[0] if cut and chars else rec_bytes)
    free = free_height(rec_model) if REC_HEIGHT != 48 else rec_model
    height = REC_HEIGHT if free is not rec_model else 48
    lanes, rec_opts = parallel_runs(threads, providers)  # lanes of one thread each
    rec_opts.enable_cpu_mem_arena = True
    rec_session = ort.InferenceSession(free, rec_opts, providers=providers)
    with flag_override(ocr.cfg, "allow_objects", True):  # RapidOCR's "custom session"
        ocr.cfg.Det.session = det_session
        ocr.cfg.Rec.session = rec_session
        ocr._load_det_model()
        rec = ocr._load_rec_model()
    if cut and chars:
        kept = keep(chars, alphabet)
        columns = [0, *(1 + i for i in kept), cut[1].shape[1] - 1]  # blank, kept, space
        rec.session = HeadSession(rec_session, cut[1], cut[2], columns, SPACE_BIAS[form])
        rec.postprocess_op = CTCLabelDecode(character=[chars[i] for i in kept])
    rec.rec_image_shape = [3, height, round(320 * height / 48)]  # RapidOCR's 320 wide at 48
    ocr.text_rec = SqueezedRecognizer(rec, lanes)
    ocr.int8_models = tuple(k for k, v in (("det", det_int8), ("rec", body)) if v is not None)
    det = ocr.text_det
    det.get_preprocess = lambda: FastDetPreProcess(DetPreProcess(
        det.limit_side_len, det.limit_type, det.mean, det.std))
    # RapidOCR orders the 4 corners of every word box with a dozen numpy calls per word
    # (~0.2 CPU s a page); :func:`words_of` only takes their extent, so the order is not needed
    ocr.cal_rec_boxes.order_points = lambda box: box
    return ocr


class FastDetPreProcess:
    """RapidOCR's detector input (``base``, its ``DetPreProcess``: resize to a multiple of 32,
    normalise, channels first) with the normalisation as one table look-up per channel into
    the float32 batch: the same values to float32 rounding, in a fifth of the time (RapidOCR
    computes in float64)."""

    def __init__(self, base: Any) -> None:
        self.base = base

    def __call__(self, img: Any) -> Any:
        import numpy as np

        resized = self.base.resize(img)
        if resized is None:
            return None
        levels = np.arange(256, dtype=np.float64)[None, :] * self.base.scale
        mean = np.asarray(self.base.mean, dtype=np.float64).reshape(-1)[:, None]
        std = np.asarray(self.base.std, dtype=np.float64).reshape(-1)[:, None]
        table = ((levels - mean) / std).astype(np.float32)
        out = np.empty((1, resized.shape[2], *resized.shape[:2]), dtype=np.float32)
        for c in range(resized.shape[2]):
            np.take(table[c], resized[:, :, c], out=out[0, c])
        return out


def _resize_norm(img: Any, height: int, max_wh_ratio: float, squeeze: float) -> Any:
    """RapidOCR's ``resize_norm_img`` with the width scaled by ``squeeze``: the line image
    ``height`` pixels high, its width ``squeeze`` × its own aspect ratio, padded to the
    batch's widest (same squeeze, so word positions keep their share of the width)."""
    import math

    import cv2
    import numpy as np

    width = max(1, int(math.ceil(height * max_wh_ratio * squeeze)))
    h, w = img.shape[:2]
    resized_w = max(1, min(width, int(math.ceil(height * w / max(1, h) * squeeze))))
    resized = cv2.resize(img, (resized_w, height)).astype(np.float32)
    out = np.zeros((img.shape[2], height, width), dtype=np.float32)
    out[:, :, :resized_w] = resized.transpose((2, 0, 1)) * (2.0 / 255.0) - 1.0
    return out


class SqueezedRecognizer:
    """RapidOCR's text recogniser reading lines squeezed to :data:`REC_SQUEEZE` of their
    width, in ``lanes`` concurrent batches (:meth:`_lanes`), the lines it doubts (score
    below :data:`REC_RETRY_SCORE`) read again at full width; everything else is the wrapped
    recogniser's."""

    def __init__(self, rec: Any, lanes: int = 1) -> None:
        self.rec = rec
        self.lanes = max(1, lanes)
        self._pool: Any = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rec, name)

    def _run(self, args: Any, squeeze: float) -> Any:
        height = int(self.rec.rec_image_shape[1])
        self.rec.resize_norm_img = lambda img, ratio: _resize_norm(img, height, ratio, squeeze)
        try:
            return self._lanes(args)
        finally:
            del self.rec.resize_norm_img

    def _lanes(self, args: Any) -> Any:
        """The wrapped recogniser over ``args``' lines in :attr:`lanes` concurrent calls
        (ONNX Runtime releases the GIL; each lane's run has one intra-op thread): the lines
        sorted by width, cut into batches of at most :data:`REC_BATCH` (fewer where that
        gives every lane work), batch ``k`` read by lane ``k mod lanes``; the results back
        in the lines' order. One line, or one lane: the wrapped recogniser's own call."""
        import math
        from dataclasses import replace

        imgs = args.img if isinstance(args.img, list) else [args.img]
        if self.lanes < 2 or len(imgs) < 2:
            return self.rec(args)
        batch = min(int(self.rec.rec_batch_num), math.ceil(len(imgs) / self.lanes))
        order = sorted(range(len(imgs)), key=lambda i: imgs[i].shape[1] / imgs[i].shape[0])
        chunks = [order[k:k + batch] for k in range(0, len(order), batch)]
        groups = [[i for c in chunks[lane::self.lanes] for i in c] for lane in range(self.lanes)]
        groups = [g for g in groups if g]
        outs = list(self.pool().map(
            lambda g: self.rec(replace(args, img=[imgs[i] for i in g])), groups))
        txts: list[Any] = [""] * len(imgs)
        scores: list[Any] = [0.0] * len(imgs)
        words: list[Any] = [()] * len(imgs)
        for g, out in zip(groups, outs, strict=True):
            for k, i in enumerate(g):
                txts[i], scores[i] = out.txts[k], out.scores[k]
                if out.word_results is not None:
                    words[i] = out.word_results[k]
        first = outs[0]
        return replace(first, imgs=imgs, txts=tuple(txts), scores=scores,
                       word_results=tuple(words), elapse=max(o.elapse or 0.0 for o in outs))

    def pool(self) -> Any:
        """The lanes' threads (named ``ocr-rec``), started on first use, kept for the
        engine's life."""
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self._pool = ThreadPoolExecutor(self.lanes, thread_name_prefix="ocr-rec")
        return self._pool

    def __call__(self, args: Any) -> Any:
        from dataclasses import replace

        out = self._run(args, REC_SQUEEZE)
        imgs = args.img if isinstance(args.img, list) else [args.img]
        doubt = [i for i, s in enumerate(out.scores) if float(s) < REC_RETRY_SCORE]
        if REC_SQUEEZE >= 1.0 or not doubt or out.txts is None:
            return out
        again = self._run(replace(args, img=[imgs[i] for i in doubt]), 1.0)
        txts, scores = list(out.txts), list(out.scores)
        words = list(out.word_results) if out.word_results is not None else None
        for k, i in enumerate(doubt):
            if float(again.scores[k]) > float(scores[i]):
                txts[i], scores[i] = again.txts[k], again.scores[k]
                if words is not None and again.word_results is not None:
                    words[i] = again.word_results[k]
        out.txts, out.scores = tuple(txts), scores
        if words is not None:
            out.word_results = tuple(words)
        return out


def words_of(result: Any, width: int, height: int) -> list[OcrWord]:
    """RapidOCR's word results as :class:`OcrWord` (boxes clipped to the image); a line
    without word boxes is split on spaces along its own box."""
    txts = getattr(result, "txts", None) or ()
    lines = getattr(result, "word_results", None) or ()
    boxes = getattr(result, "boxes", None)
    scores = getattr(result, "scores", None) or ()
    out: list[OcrWord] = []
    for n, text in enumerate(txts):
        line = lines[n] if n < len(lines) else ()
        found = [(t, s, b) for t, s, b in line if b is not None and str(t).strip()] \
            if line and all(len(w) == 3 for w in line) else []
        if not found and boxes is not None and n < len(boxes):
            found = _split_line(str(text), float(scores[n]) if n < len(scores) else 0.0,
                                boxes[n])
        for t, s, b in found:
            xs = [float(p[0]) for p in b]
            ys = [float(p[1]) for p in b]
            x0, y0 = min(max(0.0, min(xs)), width), min(max(0.0, min(ys)), height)
            x1, y1 = min(max(xs), float(width)), min(max(ys), float(height))
            for piece in str(t).split():
                out.append(OcrWord(piece, (x0, y0, max(x0, x1), max(y0, y1)),
                                   min(1.0, max(0.0, float(s)))))
    return out


def _split_line(text: str, score: float, box: Any) -> list[tuple[str, float, Any]]:
    """Words of a line spread along its box by their share of its characters."""
    xs = [float(p[0]) for p in box]
    ys = [float(p[1]) for p in box]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    total = max(1, len(text))
    out, pos = [], 0
    for word in text.split(" "):
        if word:
            a = x0 + (x1 - x0) * pos / total
            b = x0 + (x1 - x0) * (pos + len(word)) / total
            out.append((word, score, [[a, y0], [b, y0], [b, y1], [a, y1]]))
        pos += len(word) + 1
    return out
