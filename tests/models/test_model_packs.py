"""Model packs: every shipped model folder has a manifest that verifies, and a tampered or
missing file is reported as a failure of the model's component, naming the file."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from redactor.core.resources import resource_path
from redactor.models.manifest import (
    MANIFEST,
    ModelIntegrityError,
    build_manifest,
    read_manifest,
    verify_pack,
)

SHIPPED = ("ner", "mlm")  # the sequence labeller is a head of the NER graph


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_packs_have_a_complete_manifest(name: str) -> None:
    folder = resource_path("models", name)
    manifest = read_manifest(folder)
    listed = {e["file"] for e in manifest["files"]}
    assert "model.onnx" in listed and "tokenizer.json" in listed
    assert manifest["licence"] and manifest["version"]
    on_disk = {p.name for p in folder.iterdir() if p.is_file()} - {MANIFEST, "MODEL_CARD.md"}
    assert listed == on_disk, "rebuild the manifest: python -m redactor.models.manifest"
    verify_pack(folder, force=True)


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "ner"
    shutil.copytree(resource_path("models", "ner"), folder)
    return folder


def test_changed_missing_and_absent_manifest_are_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    with (folder / "config.json").open("a") as fh:
        fh.write(" ")
    with pytest.raises(ModelIntegrityError, match="config.json does not match"):
        verify_pack(folder, force=True)
    build_manifest(folder, name="ner", version="t", licence="CC-BY-4.0")
    verify_pack(folder, force=True)
    (folder / "tokenizer.json").unlink()
    with pytest.raises(ModelIntegrityError, match="tokenizer.json is missing"):
        verify_pack(folder, force=True)
    (folder / MANIFEST).unlink()
    with pytest.raises(ModelIntegrityError, match="has no manifest.json"):
        verify_pack(folder, force=True)


def test_a_tampered_model_marks_its_component_failed(tmp_path: Path) -> None:
    resources = tmp_path / "resources"
    shutil.copytree(resource_path(), resources,
                    ignore=shutil.ignore_patterns("__pycache__"))
    with (resources / "models" / "ner" / "model.onnx").open("ab") as fh:
        fh.write(b"\0")
    doc = tmp_path / "note.txt"
    doc.write_text("Mr Tomas Berg met the nurse in Bergen on 3 May 2021.\n", encoding="utf-8")
    exe = Path(sys.executable).with_name("redactor")
    out = subprocess.run([str(exe), "analyze", "--json", str(doc)], capture_output=True,
                         text=True, timeout=300,
                         env={"REDACTOR_RESOURCES": str(resources), "PATH": "/usr/bin:/bin",
                              "HOME": str(tmp_path), "REDACTOR_DATA_DIR": str(tmp_path)})
    data = json.loads(out.stdout)
    failures = [f for f in data["failures"] if f["component"] == "ner"]
    assert failures, data["failures"]
    assert "model.onnx" in failures[0]["error"] and "manifest" in failures[0]["error"]
    assert "Berg" not in out.stderr + json.dumps(data["failures"])


def test_the_ocr_int8_pack_is_complete() -> None:
    folder = resource_path("models", "ocr_int8")
    manifest = read_manifest(folder)
    listed = {e["file"] for e in manifest["files"]}
    assert listed == {"det_int8.onnx", "rec_body_int8.onnx", "source.json"}
    assert manifest["licence"] == "Apache-2.0"
    assert (folder / "MODEL_CARD.md").is_file()
    on_disk = {p.name for p in folder.iterdir() if p.is_file()} - {MANIFEST, "MODEL_CARD.md"}
    assert listed == on_disk, "rebuild: training/ocr/quantize_recogniser.py build"
    verify_pack(folder, force=True)
