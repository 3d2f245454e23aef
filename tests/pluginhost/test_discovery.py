"""Plugin discovery from real installed distributions, the user folder, blocking and
isolation of broken plugins."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from redactor.pluginhost.discovery import PluginOrigin, PluginStatus
from redactor.pluginhost.manager import PluginHost

GOOD_PLUGIN = '''
from redactor.plugin_api import Finding, Label, Span, hookimpl

REDACTOR_API = ">=1,<2"
__version__ = "2.3.4"


class ShipNames:
    id = "ship-names"
    version = "2.3.4"

    def detect(self, doc, ctx):
        start = doc.text.find("Titanic")
        while start >= 0:
            yield Finding(Span(start, start + 7), Label.MISC, "Titanic", subtype="SHIP",
                          detector=self.id)
            start = doc.text.find("Titanic", start + 1)


@hookimpl
def register_detectors(register):
    register(ShipNames())
'''

BROKEN_PLUGIN = '''
raise RuntimeError("this plugin is broken on import")
'''


def build_distribution(root: Path, name: str, module_source: str, target: Path) -> None:
    """Build and install a real distribution with an entry point in group ``redactor``."""
    pkg = root / name
    (pkg / name).mkdir(parents=True)
    (pkg / name / "__init__.py").write_text(textwrap.dedent(module_source))
    (pkg / "pyproject.toml").write_text(textwrap.dedent(f'''
        [build-system]
        requires = ["setuptools"]
        build-backend = "setuptools.build_meta"
        [project]
        name = "{name.replace('_', '-')}"
        version = "2.3.4"
        [project.entry-points.redactor]
        {name} = "{name}"
        [tool.setuptools]
        packages = ["{name}"]
    '''))
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-build-isolation", "--no-index", "--target", str(target), str(pkg)],
                   check=True, capture_output=True)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("dists")
    target = root / "site"
    build_distribution(root, "redactor_ships", GOOD_PLUGIN, target)
    build_distribution(root, "redactor_broken", BROKEN_PLUGIN, target)
    return target


def run_cli(site: Path, *args: str, env_extra: dict[str, str] | None = None
            ) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(site) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "redactor.cli.main", *args],
                          capture_output=True, text=True, env=env, timeout=300)


def test_entry_point_plugin_is_found_and_used(site: Path, tmp_path: Path) -> None:
    res = run_cli(site, "plugins", "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    records = {r["name"]: r for r in data["plugins"]}
    assert records["redactor_ships"]["status"] == "loaded"
    assert records["redactor_ships"]["origin"] == "entry-point"
    assert records["redactor_ships"]["version"] == "2.3.4"
    assert records["redactor_ships"]["hooks"] == ["register_detectors"]
    assert records["redactor_broken"]["status"] == "failed"
    assert "broken on import" in records["redactor_broken"]["error"]
    assert "ship-names" in [d["id"] for d in data["components"]["detectors"]]

    doc = tmp_path / "voyage.txt"
    doc.write_text("She sailed on the Titanic in 1912. The Titanic sank.\n")
    # the models are off so that only the plugin under test can claim "Titanic"
    res = run_cli(site, "--disable-plugin", "recognizer", "analyze", str(doc), "--json")
    assert res.returncode == 0, res.stderr
    found = [f for f in json.loads(res.stdout)["findings"] if "ship-names" in f["detectors"]]
    assert [(f["start"], f["end"], f["label"]) for f in found] == [(18, 25, "MISC"),
                                                                    (39, 46, "MISC")]


def test_broken_plugin_does_not_stop_a_redaction(site: Path, tmp_path: Path) -> None:
    doc = tmp_path / "voyage.txt"
    doc.write_text("The Titanic sank.\n")
    out = tmp_path / "out.txt"
    # the models are off: only the working plugin claims "Titanic" (the NER's spans vary)
    res = run_cli(site, "--disable-plugin", "recognizer", "redact", str(doc), "-o", str(out))
    assert res.returncode == 0, res.stderr
    assert out.read_text() == "The [REDACTED] sank.\n"


def test_strict_mode_reraises_broken_plugin(site: Path) -> None:
    res = run_cli(site, "plugins", "--json", env_extra={"REDACTOR_STRICT_PLUGINS": "1"})
    assert res.returncode == 1
    assert "unexpected error" in res.stderr


def test_blocked_plugin_is_recorded(site: Path) -> None:
    res = run_cli(site, "--disable-plugin", "redactor_ships", "plugins", "--json")
    records = {r["name"]: r for r in json.loads(res.stdout)["plugins"]}
    assert records["redactor_ships"]["status"] == "blocked"
    res = run_cli(site, "plugins", "--json", env_extra={"REDACTOR_DISABLE_PLUGINS": "redactor_ships"})
    records = {r["name"]: r for r in json.loads(res.stdout)["plugins"]}
    assert records["redactor_ships"]["status"] == "blocked"


def test_user_folder_plugins_and_incompatible_api(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "userplugins"
    folder.mkdir()
    (folder / "ships.py").write_text(GOOD_PLUGIN)
    (folder / "future.py").write_text('REDACTOR_API = ">=2"\n')
    (folder / "unknown_hook.py").write_text(
        "from redactor.plugin_api import hookimpl\n\n@hookimpl\ndef no_such_hook():\n    pass\n")
    (folder / "exits.py").write_text("import sys\nsys.exit(7)\n")  # must not end the run
    monkeypatch.setenv("REDACTOR_PLUGINS_DIR", str(folder))
    host = PluginHost(load_entrypoints=False, load_user_folder=True)
    records = {r.name: r for r in host.plugin_records()}
    assert records["ships"].origin == PluginOrigin.USER_FOLDER
    assert records["ships"].status == PluginStatus.LOADED
    assert records["future"].status == PluginStatus.INCOMPATIBLE
    assert "needs Redactor plugin API >=2" in records["future"].error
    assert records["unknown_hook"].status == PluginStatus.FAILED
    assert "unknown hooks: no_such_hook" in records["unknown_hook"].error
    assert records["exits"].status == PluginStatus.FAILED
    assert records["exits"].error.startswith("SystemExit")
    assert host.component("detectors", "ship-names") is not None


def test_builtins_are_plugins_with_records(host: PluginHost) -> None:
    records = {r.name: r for r in host.plugin_records()}
    assert records["txt"].origin == PluginOrigin.BUILTIN
    assert records["txt"].status == PluginStatus.LOADED
    assert {r.id for r in host.components("readers")} >= {"txt-reader"}
    assert {r.id for r in host.components("strategies")} >= {"redact", "label"}


def test_every_hook_is_documented() -> None:
    from redactor.pluginhost import hookspecs

    names = [n for n in dir(hookspecs) if not n.startswith("_")
             and callable(getattr(hookspecs, n))
             and getattr(getattr(hookspecs, n), "redactor_spec", None) is not None]
    assert len(names) == 15
    for n in names:
        doc = getattr(hookspecs, n).__doc__ or ""
        assert len(doc.strip()) > 30, f"hook {n} lacks a docstring"
