"""The int8 OCR pack (``resources/models/ocr_int8``): each model used only when it was built
from the installed wheel's file and the files match their manifest; the int8 models read a
page as the float ones do; the space bias turns a near-tie towards the space."""

from __future__ import annotations

import difflib
import json
import logging
import shutil
from pathlib import Path

import numpy as np
import pytest
from ocr_fixtures import a4_page, page_lines
from ocr_helpers import needs_ocr
from redactor_plugins.ocr import int8_pack
from redactor_plugins.ocr.rec_head import HeadSession

from redactor.core.context import RunContext
from redactor.core.settings import Settings
from redactor.models.manifest import ModelIntegrityError, build_manifest


def _copy_pack(tmp_path: Path) -> Path:
    folder = tmp_path / "ocr_int8"
    shutil.copytree(int8_pack.pack_folder(), folder)
    return folder


def _wheel(kind: str) -> Path:
    from redactor_plugins.ocr.rapid import model_paths

    return dict(zip(("det", "rec"), model_paths(), strict=True))[kind]


@needs_ocr
@pytest.mark.parametrize("kind", ["det", "rec"])
def test_the_shipped_pack_was_built_from_the_installed_models(kind: str) -> None:
    model = int8_pack.int8_model(kind, _wheel(kind))
    assert model is not None, (f"the int8 pack does not match rapidocr's {kind} model: "
                               "rebuild it (training/ocr/quantize_recogniser.py build)")
    assert model == (int8_pack.pack_folder() / int8_pack.FILES[kind]).read_bytes()


@needs_ocr
def test_a_pack_built_from_another_model_is_not_used(tmp_path: Path,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    folder = _copy_pack(tmp_path)
    source = json.loads((folder / int8_pack.SOURCE).read_text(encoding="utf-8"))
    source["rec"]["sha256"] = "0" * 64
    (folder / int8_pack.SOURCE).write_text(json.dumps(source), encoding="utf-8")
    build_manifest(folder, name="ocr_int8", version=int8_pack.VERSION, licence="Apache-2.0")
    with caplog.at_level(logging.WARNING):
        assert int8_pack.int8_model("rec", _wheel("rec"), folder) is None
        assert int8_pack.int8_model("det", _wheel("det"), folder) is not None
    assert "reading it in float" in caplog.text


@needs_ocr
def test_a_changed_body_fails_its_manifest(tmp_path: Path) -> None:
    folder = _copy_pack(tmp_path)
    data = bytearray((folder / int8_pack.FILES["det"]).read_bytes())
    data[len(data) // 2] ^= 0xFF
    (folder / int8_pack.FILES["det"]).write_bytes(bytes(data))
    with pytest.raises(ModelIntegrityError, match="does not match"):
        int8_pack.int8_model("rec", _wheel("rec"), folder)


def test_a_missing_pack_reads_in_float(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        assert int8_pack.int8_model("rec", tmp_path / "model.onnx", tmp_path / "absent") is None
    assert "not installed" in caplog.text


def test_the_space_bias_decides_a_near_tie_for_the_space() -> None:
    class Features:  # one line, three steps, two features
        def get_inputs(self):  # type: ignore[no-untyped-def]
            return [type("I", (), {"name": "x"})()]

        def get_outputs(self):  # type: ignore[no-untyped-def]
            return [type("O", (), {"name": "y"})()]

        def run(self, _names, _feeds):  # type: ignore[no-untyped-def]
            return [np.array([[[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]]], dtype=np.float32)]

    # classes: blank, "a", space; step 2 gives "a" 1.0 and the space 0.5
    weight = np.array([[2.0, 0.0, 0.0], [0.0, 1.0, 0.5]], dtype=np.float32)
    bias = np.zeros(3, dtype=np.float32)
    plain = HeadSession(Features(), weight, bias, [0, 1, 2])(np.zeros((1, 3, 48, 8)))
    biased = HeadSession(Features(), weight, bias, [0, 1, 2], 1.0)(np.zeros((1, 3, 48, 8)))
    assert plain[0].argmax(-1).tolist() == [0, 1, 0]
    assert biased[0].argmax(-1).tolist() == [0, 2, 0]
    assert np.allclose(biased.sum(-1), 1.0)


@needs_ocr
def test_int8_reads_a_page_as_the_float_models_do() -> None:
    from redactor_plugins.ocr.rapid import RapidOcrEngine
    from redactor_plugins.shared.ocr_run import read_text

    lines, pii = page_lines(7, 24)
    page = a4_page(lines, dpi=200)
    texts = {}
    for form in ("int8", "float"):
        engine = RapidOcrEngine()
        ctx = RunContext(settings=Settings({"ocr": {"precision": form, "threads": 2}}))
        texts[form] = read_text(page, ctx, engine).text
        assert ("det+rec int8" in engine.version) == (form == "int8")
    for form, text in texts.items():
        words = set(text.replace(",", " ").replace(".", " ").split())
        missed = [w for w in pii if w.strip(".,") not in words]
        assert not missed, (form, len(missed))
    # the same reading up to a stray character (CPUs without VNNI round int8 differently)
    same = difflib.SequenceMatcher(None, " ".join(texts["int8"].split()),
                                   " ".join(texts["float"].split())).ratio()
    assert same >= 0.995, same


@needs_ocr
def test_the_fast_detector_input_equals_rapidocrs() -> None:
    from rapidocr.ch_ppocr_det.utils import DetPreProcess
    from redactor_plugins.ocr.rapid import FastDetPreProcess

    image = (np.random.default_rng(3).random((700, 500, 3)) * 255).astype(np.uint8)
    base = DetPreProcess(640, "max", [0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
    theirs, ours = base(image), FastDetPreProcess(base)(image)
    assert ours.shape == theirs.shape == (1, 3, 640, 448) and ours.dtype == np.float32
    assert np.allclose(ours, theirs, atol=1e-5)
