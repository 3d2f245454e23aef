"""Plugin discovery with a record of every outcome.

Order: (1) blocked names (settings ``plugins.blocked``, ``--disable-plugin``,
``REDACTOR_DISABLE_PLUGINS``); (2) built-ins, by the explicit list in
:mod:`redactor.pluginhost.builtins`; (3) the ``redactor`` entry-point group, each entry point
loaded in its own try/except; (4) ``*.py`` files in the user plugins folder
(``<platformdirs user data>/plugins``, override with ``REDACTOR_PLUGINS_DIR``); (5) a check
that drops any plugin implementing hooks Redactor does not know.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from dataclasses import dataclass
from enum import StrEnum
from importlib import metadata
from pathlib import Path
from types import ModuleType

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import Version

from redactor.core.settings import data_dir

ENTRY_POINT_GROUP = "redactor"


class PluginStatus(StrEnum):
    LOADED = "loaded"
    BLOCKED = "blocked"
    FAILED = "failed"
    INCOMPATIBLE = "incompatible"


class PluginOrigin(StrEnum):
    BUILTIN = "builtin"
    ENTRY_POINT = "entry-point"
    USER_FOLDER = "user-folder"
    MANUAL = "manual"


@dataclass(frozen=True, slots=True)
class PluginRecord:
    """What happened to one plugin during discovery (or later, during a run)."""

    name: str
    origin: PluginOrigin
    version: str = ""
    hooks: tuple[str, ...] = ()
    status: PluginStatus = PluginStatus.LOADED
    error: str = ""

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "origin": str(self.origin),
            "version": self.version,
            "hooks": list(self.hooks),
            "status": str(self.status),
            "error": self.error,
        }


def strict_plugins() -> bool:
    """True when ``REDACTOR_STRICT_PLUGINS=1``: plugin errors are re-raised."""
    return os.environ.get("REDACTOR_STRICT_PLUGINS", "") not in ("", "0", "false", "no")


def blocked_from_env() -> set[str]:
    raw = os.environ.get("REDACTOR_DISABLE_PLUGINS", "")
    return {part.strip() for part in raw.split(",") if part.strip()}


def user_plugins_dir() -> Path:
    override = os.environ.get("REDACTOR_PLUGINS_DIR")
    return Path(override) if override else data_dir() / "plugins"


def api_incompatibility(module: object, api_version: str) -> str:
    """Why ``module.REDACTOR_API`` (a specifier such as ``">=1,<2"``) excludes
    ``api_version``, or ``""`` when it does not (or the plugin declares nothing).

    The reason reads "needs Redactor plugin API >=2, this Redactor provides 1.0 — upgrade
    Redactor" (or "— upgrade the plugin" when only older APIs would do); callers put
    "plugin 'name' " in front.
    """
    spec = getattr(module, "REDACTOR_API", None)
    if spec is None:
        return ""
    try:
        specifier = SpecifierSet(str(spec))
    except InvalidSpecifier:
        return f"declares an invalid REDACTOR_API specifier {str(spec)!r} — fix the plugin"
    current = Version(api_version)
    if current in specifier:
        return ""
    newer = any(v in specifier for v in _newer_versions(current))
    fix = "upgrade Redactor" if newer else "upgrade the plugin (it was written for an older one)"
    return f"needs Redactor plugin API {spec}, this Redactor provides {api_version} — {fix}"


def _newer_versions(current: Version) -> list[Version]:
    """Plausible future plugin API versions (ten majors, fifty minors each)."""
    out = [Version(f"{major}.{minor}") for major in range(current.major, current.major + 10)
           for minor in range(50)]
    return [v for v in out if v > current]


def import_builtin(module_name: str) -> ModuleType:
    return importlib.import_module(module_name)


def iter_entry_points() -> list[metadata.EntryPoint]:
    return sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name)


def entry_point_version(ep: metadata.EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    return str(getattr(dist, "version", "") or "")


def import_user_plugin(path: Path) -> ModuleType:
    """Import a single-file plugin from the user plugins folder under a private name."""
    mod_name = f"redactor_user_plugin_{path.stem}"
    spec = importlib.util.spec_from_file_location(mod_name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path.name}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[mod_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(mod_name, None)
        raise
    return module
