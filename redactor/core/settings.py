"""Versioned, Qt-free user settings shared by the CLI and the GUI.

Stored as JSON in the platformdirs config folder (override with ``REDACTOR_CONFIG_DIR``).
Each plugin owns a section named after it. Secrets never go here: they live in the keyring.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import platformdirs

from redactor.core.errors import UsageError

SETTINGS_VERSION = 1

DEFAULTS: dict[str, Any] = {
    "version": SETTINGS_VERSION,
    "core": {
        "policy": "default",
        "strategy": "redact",
        "redact_marker": "[REDACTED]",
        "redact_style": "marker",  # marker | blocks
        "vote_k": 1,
        "combiner": "vote",
        "network_allowed": False,
    },
    "plugins": {"blocked": []},
}

_SECRET_HINTS = ("password", "secret", "token", "api_key", "apikey")


def config_dir() -> Path:
    override = os.environ.get("REDACTOR_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir("redactor"))


def data_dir() -> Path:
    override = os.environ.get("REDACTOR_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("redactor"))


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


class Settings:
    """A dictionary of sections with defaults; ``section(name)`` returns a copy."""

    def __init__(self, data: dict[str, Any] | None = None) -> None:
        self._data = _merge(DEFAULTS, data or {})

    def section(self, name: str) -> dict[str, Any]:
        value = self._data.get(name, {})
        return copy.deepcopy(value) if isinstance(value, dict) else {}

    def get(self, section: str, key: str, default: Any = None) -> Any:
        """One setting (a copy: changing it changes nothing here)."""
        value = self._data.get(section, {})
        return copy.deepcopy(value.get(key, default)) if isinstance(value, dict) else default

    def strings(self, section: str, key: str) -> list[str]:
        """A list-of-strings setting (a term list …); one string counts as one item, never
        as its letters, and other items are left out."""
        value = self.get(section, key, [])
        if isinstance(value, str):
            return [value]
        return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []

    def set(self, section: str, key: str, value: Any) -> None:
        if any(h in key.lower() for h in _SECRET_HINTS):
            raise ValueError("secrets belong in the OS keyring, not in the settings file")
        self._data.setdefault(section, {})[key] = copy.deepcopy(value)

    def register_defaults(self, section: str, defaults: dict[str, Any]) -> None:
        """Add a plugin's defaults without overriding what the user set."""
        self._data[section] = _merge(defaults, self._data.get(section, {}))

    def to_dict(self) -> dict[str, Any]:
        return copy.deepcopy(self._data)

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """The settings in ``path``; defaults when there is no file. A file that exists but
        cannot be used raises :class:`UsageError` rather than falling back to defaults: it may
        hold always-mask terms or blocked plugins, which must not be dropped silently."""
        path = path or config_dir() / "settings.json"
        if not path.exists():
            return cls()
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise UsageError(f"settings file {path} cannot be read ({type(exc).__name__}); "
                             "fix it or move it away") from exc
        if not isinstance(raw, dict):
            raise UsageError(f"settings file {path} is not a JSON object; fix it or move it away")
        version = raw.get("version", 0)
        if not isinstance(version, int) or isinstance(version, bool) or \
                not 0 <= version <= SETTINGS_VERSION:
            raise UsageError(f"settings file {path} has an unknown version; fix it or move it "
                             "away")
        return cls(_migrate(raw))

    def save(self, path: Path | None = None) -> Path:
        path = path or config_dir() / "settings.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".settings-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(self._data, fh, indent=2, sort_keys=True)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path


def _migrate(raw: dict[str, Any]) -> dict[str, Any]:
    """Bring an older settings file up to :data:`SETTINGS_VERSION`."""
    version = raw.get("version", 0)
    if not isinstance(version, int) or version > SETTINGS_VERSION:
        return {}
    raw = dict(raw)
    raw["version"] = SETTINGS_VERSION
    return raw
