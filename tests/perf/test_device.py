"""``--device``: cpu runs on the CPU provider; cuda without a GPU build is a clear usage error."""

from __future__ import annotations

import onnxruntime
import pytest

from redactor.cli.main import main

NO_CUDA = "CUDAExecutionProvider" not in onnxruntime.get_available_providers()


def test_device_cpu_analyses(tmp_path, capsys):
    f = tmp_path / "a.txt"
    f.write_text("Mr Jan Kowalski lives in Gdansk.", encoding="utf-8")
    assert main(["--device", "cpu", "analyze", "--json", str(f)]) == 0
    assert '"findings"' in capsys.readouterr().out


@pytest.mark.skipif(not NO_CUDA, reason="this machine has a CUDA provider")
def test_device_cuda_without_gpu_is_a_usage_error(tmp_path, capsys):
    f = tmp_path / "a.txt"
    f.write_text("Mr Jan Kowalski lives in Gdansk.", encoding="utf-8")
    assert main(["--device", "cuda", "analyze", str(f)]) == 2
    err = capsys.readouterr().err
    assert "CUDA" in err and "--device cpu" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_unknown_device_in_the_environment_is_a_usage_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("REDACTOR_DEVICE", "tpu")
    f = tmp_path / "a.txt"
    f.write_text("x", encoding="utf-8")
    assert main(["analyze", str(f)]) == 2
    assert "--device must be one of" in capsys.readouterr().err


@pytest.mark.skipif(not NO_CUDA, reason="this machine has a CUDA provider")
def test_runtimes_refuse_cuda_when_absent(monkeypatch):
    from redactor_plugins.shared.onnx_sessions import default_providers

    monkeypatch.setenv("REDACTOR_DEVICE", "cuda")
    with pytest.raises(RuntimeError, match="CUDA"):
        default_providers()
    monkeypatch.setenv("REDACTOR_DEVICE", "cpu")
    assert default_providers() == ["CPUExecutionProvider"]


@pytest.mark.skipif(NO_CUDA, reason="needs onnxruntime-gpu and a CUDA device")
def test_cuda_gives_the_cpu_findings(tmp_path, monkeypatch):
    """On a GPU machine: the CPU's findings and decisions within the model's tolerance — the
    GPU runs the float copy of the int8 graph (batches of windows, ``float_graph``), which
    agreed with the int8 graph on 97 % of the NER's spans over five TAB texts."""
    from tests.perf.test_fast_path import GENERATED, analyse

    f = tmp_path / "a.txt"
    f.write_text(GENERATED * 4, encoding="utf-8")
    monkeypatch.setenv("REDACTOR_DEVICE", "cpu")
    cpu = analyse([f])
    monkeypatch.setenv("REDACTOR_DEVICE", "cuda")
    gpu = analyse([f])
    on_cpu = {r[:3]: r[3] for r in cpu[0]}
    on_gpu = {r[:3]: r[3] for r in gpu[0]}
    shared = set(on_cpu) & set(on_gpu)
    assert len(shared) >= 0.95 * max(len(on_cpu), len(on_gpu))
    assert sum(on_cpu[k] == on_gpu[k] for k in shared) >= 0.95 * len(shared)


def test_the_device_value_is_not_taken_for_a_command():
    from redactor.cli.main import _command_name

    assert _command_name(["--device", "cpu", "analyze", "x.txt"]) == "analyze"
    assert _command_name(["--disable-plugin", "ner", "--debug", "redact", "a"]) == "redact"
    assert _command_name(["--debug"]) is None
