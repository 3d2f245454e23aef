"""``redactor plugin new``: every kind generates a complete project; names and existing folders
are checked. (Installing and running generated projects: test_plugin_new_install.py.)"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from redactor.cli import plugin_cmd
from redactor.cli.main import main
from redactor.core.components import (
    Detector,
    DocumentReader,
    DocumentWriter,
    OcrEngine,
    RiskIndicator,
    SearchProvider,
    Strategy,
)

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "resources" / "plugin_template"
PROTOCOLS = {"detector": Detector, "indicator": RiskIndicator, "strategy": Strategy,
             "reader": DocumentReader, "writer": DocumentWriter, "ocr": OcrEngine,
             "search": SearchProvider}


def _new(tmp_path: Path, *args: str) -> int:
    return main(["plugin", "new", *args, "--dir", str(tmp_path)])


@pytest.mark.parametrize("kind", sorted(plugin_cmd.KINDS))
def test_every_kind_generates_a_project(kind: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    name = f"my-{kind}-plugin"
    package = "redactor_" + name.replace("-", "_")
    assert _new(tmp_path, name, "--kind", kind) == 0
    out = capsys.readouterr().out
    assert "next steps" in out and "pip install -e ." in out and "pytest" in out
    project = tmp_path / name
    config = tomllib.loads((project / "pyproject.toml").read_text())
    assert config["project"]["entry-points"]["redactor"] == {name: f"{package}.plugin"}
    assert config["build-system"]["build-backend"] == "setuptools.build_meta"
    files = sorted(p.relative_to(project).as_posix() for p in project.rglob("*") if p.is_file())
    assert f"src/{package}/plugin.py" in files and f"tests/test_{package}.py" in files
    assert {"README.md", ".gitignore", "tests/conftest.py"} <= set(files)
    assert not [f for f in files if f.endswith(".tmpl")]
    for py in project.rglob("*.py"):
        text = py.read_text()
        assert "$" not in text.replace("$$", ""), f"unsubstituted placeholder in {py.name}"
        compile(text, str(py), "exec")
    plugin = ast.parse((project / "src" / package / "plugin.py").read_text())
    hooks = {n.name for n in plugin.body if isinstance(n, ast.FunctionDef)}
    assert plugin_cmd.KINDS[kind].hook in hooks
    assert any(isinstance(n, ast.Assign) and n.targets[0].id == "REDACTOR_API"  # type: ignore[attr-defined]
               for n in plugin.body if isinstance(n, ast.Assign))
    conftest = (project / "tests" / "conftest.py").read_text()
    assert 'pytest_plugins = ["redactor.testing.pytest_plugin"]' in conftest
    tests = (project / "tests" / f"test_{package}.py").read_text()
    assert "from redactor.testing import" in tests and "def test_entry_point" in tests
    readme = (project / "README.md").read_text()
    for heading in ("## Install", "## Run the tests", "## What it does", "## Build a wheel",
                    "## Publish"):
        assert heading in readme
    assert "$" not in readme.replace("$$", "")


@pytest.mark.parametrize("kind", sorted(plugin_cmd.KINDS))
def test_generated_component_satisfies_its_protocol(kind: str, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"proto-{kind}"
    assert _new(tmp_path, name, "--kind", kind) == 0
    monkeypatch.syspath_prepend(str(tmp_path / name / "src"))
    module = __import__(f"redactor_proto_{kind}.plugin", fromlist=["plugin"])
    registered: list[object] = []
    getattr(module, plugin_cmd.KINDS[kind].hook)(registered.append)
    protocol = PROTOCOLS[kind]
    mine = [c for c in registered if isinstance(c, protocol)]
    assert mine, f"{kind}: nothing registered satisfies {protocol.__name__}"
    assert all(isinstance(c.id, str) and c.id and isinstance(c.version, str) for c in mine)
    for mod in [m for m in sys.modules if m.startswith(f"redactor_proto_{kind}")]:
        del sys.modules[mod]


def test_generated_projects_are_ruff_clean(tmp_path: Path) -> None:
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent))
    if ruff is None:
        pytest.skip("ruff is not installed")
    for kind in plugin_cmd.KINDS:
        assert _new(tmp_path, f"a-rather-long-plugin-name-for-{kind}", "--kind", kind) == 0
    res = subprocess.run([ruff, "check", "--no-cache", "."], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120)
    assert res.returncode == 0, res.stdout[-3000:]


@pytest.mark.parametrize("name", ["Acme", "1acme", "acme_codes", "-acme", "acme-", "acme--x",
                                  "acme codes", "acmé", "a" * 41, "txt", "strategies"])
def test_bad_names_are_refused(name: str, tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    assert _new(tmp_path, name, "--kind", "detector") == 2
    err = capsys.readouterr().err
    assert err.startswith("redactor: error: ") and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_existing_folder_needs_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _new(tmp_path, "acme-codes", "--kind", "detector") == 0
    plugin = tmp_path / "acme-codes" / "src" / "redactor_acme_codes" / "plugin.py"
    plugin.write_text("# my edits\n")
    (tmp_path / "acme-codes" / "NOTES.txt").write_text("mine")
    capsys.readouterr()
    assert _new(tmp_path, "acme-codes", "--kind", "detector") == 2
    err = capsys.readouterr().err
    assert "exists" in err and "--force" in err and err.count("\n") == 1
    assert plugin.read_text() == "# my edits\n"
    assert _new(tmp_path, "acme-codes", "--kind", "detector", "--force") == 0
    assert "class AcmeCodesDetector" in plugin.read_text()
    assert (tmp_path / "acme-codes" / "NOTES.txt").read_text() == "mine"  # others are kept
    (tmp_path / "empty").mkdir()
    assert _new(tmp_path, "empty", "--kind", "strategy") == 0  # nothing to overwrite


def test_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _new(tmp_path, "acme-codes") == 2  # --kind is required
    assert _new(tmp_path, "acme-codes", "--kind", "translator") == 2
    assert main(["plugin"]) == 2
    assert main(["plugin", "new", "x-y", "--kind", "ocr", "--dir", str(tmp_path / "no")]) == 2
    (tmp_path / "a-file").write_text("")
    assert _new(tmp_path, "a-file", "--kind", "ocr", "--force") == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_template_is_package_data_without_dotfiles() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "**/*" in config["tool"]["setuptools"]["package-data"]["redactor_resources"]
    files = [p for p in TEMPLATE.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    assert files and not [p for p in files if p.name.startswith(".")]
    assert not list(TEMPLATE.rglob("*.py")), "template sources are *.tmpl, not Python"
    assert plugin_cmd.template_root().resolve() == TEMPLATE.resolve()
