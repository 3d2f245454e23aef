"""Every component of every built-in plugin passes its conformance check (the huge-document
case at its default size, about 1 MB)."""

from __future__ import annotations

import base64
import math
from pathlib import Path
from typing import Any

import pytest

from redactor.pluginhost.manager import KINDS, PluginHost
from redactor.testing import build_docx, build_pdf, build_txt, check_component
from redactor.testing.checks import CHECKS
from redactor.testing.samples import SAMPLES

#: The model-backed detectors take over a minute on the 1 MB document on two cores.
SLOW = {("detectors", "ner"), ("detectors", "rampart"), ("risk_indicators", "sequence-labelling")}
#: Per-component options: switch on what is off by default, so that the check exercises it.
OPTIONS: dict[tuple[str, str], dict[str, Any]] = {
    ("detectors", "terms"): {"settings": {"terms": {"always_mask": ["Zebulon Quillfeather",
                                                                   "Oslo"]}}},
    ("detectors", "rampart"): {"settings": {"recognizer": {"rampart": True}}},
    # a real threshold runs the masked LM (the tuned 0 marks everything risky without it);
    # the perturbation score is a log-probability drop (>= 0), not a probability
    ("risk_indicators", "perturbation"): {"settings": {"risk": {"perturbation_threshold": 2.0}},
                                          "score_range": (0.0, math.inf)},
    # AES-GCM with a random nonce per mention: random by design (docs/strategies.md)
    ("strategies", "encrypt"): {"deterministic": False},
}
TEXT = "\n".join(SAMPLES[n] for n in ("plain", "crlf", "rtl", "combining", "fullwidth"))


def _components() -> list[Any]:
    host = PluginHost(load_entrypoints=False, load_user_folder=False)
    params = []
    for kind in KINDS:
        for reg in host.components(kind):
            marks = [pytest.mark.slow] if (kind, reg.id) in SLOW else []
            params.append(pytest.param(kind, reg.id, id=f"{kind}:{reg.id}", marks=marks))
    return params


@pytest.fixture(scope="module")
def host() -> PluginHost:
    return PluginHost(load_entrypoints=False, load_user_folder=False)


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("builtin-samples")
    return {"txt": build_txt(folder / "sample.txt", TEXT.replace("\n", "\r\n")),
            "docx": build_docx(folder / "sample.docx", TEXT),
            "pdf": build_pdf(folder / "sample.pdf", [TEXT, SAMPLES["plain"]])}


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keys for the keyed strategies from the environment: the check never touches the OS
    keyring."""
    for name, byte in (("PSEUDONYM", b"p"), ("HASH", b"h"), ("ENCRYPTION", b"e")):
        monkeypatch.setenv(f"REDACTOR_KEY_{name}", base64.b64encode(byte * 32).decode())


@pytest.mark.parametrize(("kind", "component_id"), _components())
def test_builtin_component_conforms(host: PluginHost, samples: dict[str, Path], kind: str,
                                    component_id: str) -> None:
    reg = host.component(kind, component_id)
    assert reg is not None
    kw = dict(OPTIONS.get((kind, component_id), {}))
    fmt = getattr(reg.component, "format", "")
    if kind == "readers":
        kw["sample"] = samples[fmt]
    if kind == "writers":
        reader = next(r.component for r in host.components("readers")
                      if r.component.format == fmt)
        kw.update(reader=reader, sample=samples[fmt])
    check_component(kind, reg.component, **kw)


def test_every_kind_has_a_check_and_the_builtins_are_all_covered() -> None:
    assert set(CHECKS) == set(KINDS)
    covered = {(p.values[0], p.values[1]) for p in _components()}
    for kind in ("detectors", "risk_indicators", "strategies", "readers", "writers"):
        assert any(k == kind for k, _ in covered), kind
    assert {("detectors", "patterns"), ("detectors", "terms"), ("readers", "pdf-reader"),
            ("writers", "docx-writer"), ("strategies", "pseudonym")} <= covered


def test_builtin_readers_read_the_canaries(host: PluginHost, samples: dict[str, Path]) -> None:
    """The samples really hold the canary words (so the leak checks have something to find)."""
    from redactor.plugin_api import RunContext

    for fmt, path in samples.items():
        reader = next(r.component for r in host.components("readers")
                      if r.component.format == fmt)
        text = reader.read(path, RunContext()).text
        assert "Quillfeather" in text and "Vantongeren" in text, fmt
