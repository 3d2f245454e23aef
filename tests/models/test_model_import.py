"""Importing a user's model: a tiny random BERT token classifier and a tiny BertForMaskedLM,
converted with ``redactor models import``, listed, verified — all without network."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from redactor.cli.main import main

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
pytest.importorskip("onnx")

VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "the", "applicant", "mr", "mrs", "dr",
         "was", "born", "in", "lives", "and", "on", "to", "of", "a", "at", "for", "she", "he",
         "worked", "as", "nurse", "court", "oslo", "ankara", "turkish", "national", "who",
         "john", "smith", "anna", "berg", "fraud", "years", "may", "march", "contact", "or",
         "no", "application", "hospital", "until", "her", "his", "is", ",", ".", "'", "@", "+",
         "-", "/", "##s", "##ed", "##ing", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
LABELS = ["O", "B-PERSON", "I-PERSON", "B-LOC", "I-LOC"]


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Any attempt to open a network connection fails the test (and is recorded)."""
    attempts: list[str] = []

    def refuse(*args: object, **kwargs: object) -> None:
        attempts.append(repr(args[:2]))
        raise OSError("network access blocked by test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    return attempts


def _tiny(tmp_path: Path, kind: str) -> Path:
    from transformers import (
        BertConfig,
        BertForMaskedLM,
        BertForTokenClassification,
        BertTokenizerFast,
    )

    folder = tmp_path / f"tiny-{kind}"
    folder.mkdir()
    vocab = tmp_path / f"vocab-{kind}.txt"
    vocab.write_text("\n".join(VOCAB) + "\n", encoding="utf-8")
    tok = BertTokenizerFast(vocab_file=str(vocab), do_lower_case=True)
    tok.save_pretrained(folder)
    assert (folder / "tokenizer.json").is_file()
    torch.manual_seed(0)
    cfg = dict(vocab_size=len(VOCAB), hidden_size=32, num_hidden_layers=2,
               num_attention_heads=2, intermediate_size=64, max_position_embeddings=128)
    if kind == "token":
        config = BertConfig(**cfg, num_labels=len(LABELS),
                            id2label=dict(enumerate(LABELS)),
                            label2id={lab: i for i, lab in enumerate(LABELS)})
        model = BertForTokenClassification(config)
        with torch.no_grad():  # confident outputs, so that int8 keeps the top-1 labels
            model.classifier.weight.mul_(20.0)
    else:
        model = BertForMaskedLM(BertConfig(**cfg))
    model.save_pretrained(folder)
    return folder


def test_import_list_verify_token_classifier(tmp_path: Path, no_network: list[str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    src = _tiny(tmp_path, "token")
    assert main(["models", "import", str(src), "--name", "tiny-ner", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["kind"] == "token-classification"
    assert info["labels"] == LABELS
    parity = info["parity"]
    assert parity["fp32"]["max_abs_diff"] < 1e-3
    assert parity["fp32"]["top1_agreement"] == 1.0
    assert parity["int8"] is not None and parity["tokens"] > 20
    if info["quantization"].startswith("int8"):
        assert parity["top1_agreement"] >= 0.98

    from redactor.core.settings import data_dir

    folder = data_dir() / "models" / "tiny-ner"
    for f in ("model.onnx", "tokenizer.json", "config.json", "labels.json", "import.json"):
        assert (folder / f).is_file(), f
    record = json.loads((folder / "import.json").read_text())
    assert set(record["files"]) == {"model.onnx", "tokenizer.json", "config.json", "labels.json"}
    assert not list(folder.glob("*fp32*")) and not list(folder.glob("*int8*"))
    manifest = json.loads((folder / "manifest.json").read_text())  # the same model-pack manifest
    assert {e["file"] for e in manifest["files"]} >= {"model.onnx", "tokenizer.json"}
    from redactor.models.manifest import verify_pack

    verify_pack(folder, force=True)

    assert main(["models", "list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [m["name"] for m in listed] == ["tiny-ner"]

    assert main(["models", "verify", "tiny-ner"]) == 0
    assert "tiny-ner: ok" in capsys.readouterr().out
    assert no_network == []

    # the imported model runs through the NER runtime as a detector backend
    from redactor_plugins.detectors.recognizer.ner_runtime import NerModel

    spans = NerModel(folder).predict("Mr John Smith lives in Oslo.")
    assert all(lab in ("PERSON", "LOC") for _, _, lab, _ in spans)


def test_import_masked_lm_and_tamper_detection(tmp_path: Path, no_network: list[str],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    src = _tiny(tmp_path, "mlm")
    assert main(["models", "import", str(src), "--name", "tiny-mlm", "--no-quantize"]) == 0
    out = capsys.readouterr().out
    assert "imported tiny-mlm (masked-lm)" in out and "parity" in out
    from redactor.core.settings import data_dir

    folder = data_dir() / "models" / "tiny-mlm"
    labels = json.loads((folder / "labels.json").read_text())
    assert labels == {"kind": "masked-lm", "mask_token": "[MASK]", "mask_token_id": 4}
    record = json.loads((folder / "import.json").read_text())
    assert record["parity"]["max_abs_diff"] < 1e-3
    assert record["output_width"] == len(VOCAB)
    assert main(["models", "verify", "tiny-mlm"]) == 0

    # a second import under the same name needs --force
    assert main(["models", "import", str(src), "--name", "tiny-mlm"]) == 2
    # a changed file fails verification (exit 4)
    with (folder / "config.json").open("a") as fh:
        fh.write(" ")
    capsys.readouterr()
    assert main(["models", "verify", "tiny-mlm"]) == 4
    assert "changed since import" in capsys.readouterr().err
    assert main(["models", "remove", "tiny-mlm"]) == 0
    assert main(["models", "list"]) == 0
    assert "no imported models" in capsys.readouterr().out
    assert no_network == []


def test_import_refuses_hub_ids_and_explains_missing_torch(
        tmp_path: Path, no_network: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["models", "import", "bert-base-cased"]) == 3
    assert "local folder" in capsys.readouterr().err
    assert main(["models", "verify", "nothing-here"]) == 2

    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "torch" else real(name, *a))
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / "config.json").write_text("{}")
    assert main(["models", "import", str(tmp_path / "m")]) == 2
    assert "redactor[train]" in capsys.readouterr().err
    assert no_network == []


def test_registry_needs_no_torch() -> None:
    import subprocess
    import sys

    code = ("import sys, redactor.models, redactor.cli.models_cmd; "
            "bad = [m for m in ('torch', 'transformers', 'optimum') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr


def test_a_checkpoint_whose_head_does_not_fit_the_kind_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A token classifier whose config claims BertForMaskedLM: transformers would fill the
    masked-LM head in at random (and the parity check compares against that same head)."""
    src = _tiny(tmp_path, "token")
    cfg = json.loads((src / "config.json").read_text())
    cfg["architectures"] = ["BertForMaskedLM"]
    (src / "config.json").write_text(json.dumps(cfg))
    assert main(["models", "import", str(src), "--name", "liar"]) == 3
    err = capsys.readouterr().err
    assert "output layer are missing" in err and "unexpected error" not in err
    from redactor.core.settings import data_dir

    assert not (data_dir() / "models" / "liar").exists()
    assert not list((data_dir() / "models").glob(".import-*"))


def test_damaged_model_folders_are_refused_clearly(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    src = _tiny(tmp_path, "mlm")
    weights = next(p for p in src.iterdir() if p.suffix in (".safetensors", ".bin"))
    weights.write_bytes(weights.read_bytes()[: weights.stat().st_size // 2])
    assert main(["models", "import", str(src), "--name", "damaged"]) == 3
    err = capsys.readouterr().err
    assert "cannot load the model" in err and "unexpected error" not in err
    (src / "config.json").write_text("[1, 2]")
    assert main(["models", "import", str(src), "--name", "damaged"]) == 3
    assert "config.json cannot be read" in capsys.readouterr().err
