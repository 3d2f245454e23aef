"""Discovery diagnostics: plugins without hooks, incompatible plugin API versions, disabling
a component by id and refusing unknown names, and the one-line load problems."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from redactor.core.errors import PluginContractError, UsageError
from redactor.plugin_api import API_VERSION, Finding, Label, Span, hookimpl
from redactor.pluginhost.discovery import PluginStatus, api_incompatibility
from redactor.pluginhost.manager import PluginHost

CORE = ("redactor_plugins.formats.txt.plugin", "redactor_plugins.strategies.plugin")


class Ships:
    id = "ship-names"
    version = "1"

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        return [Finding(Span(0, 1), Label.MISC, doc.text[:1], detector=self.id)]


SHIPS = SimpleNamespace(register_detectors=hookimpl(specname="register_detectors")(
    lambda register: register(Ships())))


def host(*plugins: tuple[str, object], blocked: tuple[str, ...] = (),
         strict: bool = False) -> PluginHost:
    return PluginHost(builtins=CORE, load_entrypoints=False, load_user_folder=False,
                      extra_plugins=list(plugins), blocked=blocked, strict=strict)


def test_a_plugin_without_hooks_is_recorded_as_failed() -> None:
    h = host(("forgot", SimpleNamespace(register_detectors=lambda register: None)))
    rec = h.record("forgot")
    assert rec is not None and rec.status == PluginStatus.FAILED
    assert rec.error.startswith("implements no hooks: decorate its functions with @hookimpl")
    assert not h.pm.has_plugin("forgot")
    assert h.load_problems() == [
        f"plugin 'forgot' (manual) failed to load and is not used: {rec.error}"]
    with pytest.raises(PluginContractError, match="plugin 'forgot': implements no hooks"):
        host(("forgot", SimpleNamespace()), strict=True)


def test_a_plugin_needing_a_newer_api_says_so(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "x.py").write_text('REDACTOR_API = ">=2"\n')
    monkeypatch.setenv("REDACTOR_PLUGINS_DIR", str(folder))
    h = PluginHost(builtins=CORE, load_entrypoints=False, load_user_folder=True)
    assert h.record("x").status == PluginStatus.INCOMPATIBLE  # type: ignore[union-attr]
    assert h.load_problems() == [
        f"plugin 'x' needs Redactor plugin API >=2, this Redactor provides {API_VERSION} — "
        "upgrade Redactor"]


@pytest.mark.parametrize(("spec", "reason"), [
    (">=1,<2", ""),
    (">=2", "needs Redactor plugin API >=2, this Redactor provides 1.0 — upgrade Redactor"),
    ("<1", "needs Redactor plugin API <1, this Redactor provides 1.0 — upgrade the plugin "
           "(it was written for an older one)"),
    ("not a spec", "declares an invalid REDACTOR_API specifier 'not a spec' — fix the plugin"),
])
def test_api_incompatibility_reasons(spec: str, reason: str) -> None:
    assert api_incompatibility(SimpleNamespace(REDACTOR_API=spec), "1.0") == reason


def test_disable_plugin_accepts_a_component_id() -> None:
    h = host(("ships", SHIPS), blocked=("ship-names", "hash"))
    assert h.component("detectors", "ship-names") is None
    assert h.component("strategies", "hash") is None
    assert h.component("strategies", "redact") is not None  # the rest of its plugin stays
    assert h.record("ships").status == PluginStatus.LOADED  # type: ignore[union-attr]
    assert [(kind, r.id) for kind, r in h.disabled_components] == [
        ("detectors", "ship-names"), ("strategies", "hash")]
    assert h.kinds_of("ships") == ["detectors"]
    h.check_names(["ship-names", "ships", "txt", "basic_strategies"])  # all known


def test_an_unknown_disable_name_is_a_usage_error_listing_the_known_ones() -> None:
    h = host(("ships", SHIPS), blocked=("shps",))
    with pytest.raises(UsageError) as info:
        h.check_names(["shps"])
    message = str(info.value)
    assert info.value.exit_code == 2
    assert message.startswith("--disable-plugin: unknown plugin or component 'shps'")
    assert "plugins: ships, strategies, txt" in message
    assert "ship-names" in message and "redact" in message
