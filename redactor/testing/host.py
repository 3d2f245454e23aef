"""A plugin host for tests: the built-ins plus your plugin objects, nothing autoloaded."""

from __future__ import annotations

from collections.abc import Iterable

from redactor.pluginhost.manager import PluginHost


def isolated_host(*plugins: tuple[str, object], builtins: Iterable[str] | None = None,
                  strict: bool | None = None) -> PluginHost:
    """A host with the built-ins (or the given built-in modules) plus your plugin objects,
    and without autoloading anything installed on the machine (no entry points, no user
    plugins folder). ``strict=True`` re-raises a component's exception instead of isolating
    it."""
    kwargs = {} if builtins is None else {"builtins": tuple(builtins)}
    return PluginHost(load_entrypoints=False, load_user_folder=False,
                      extra_plugins=list(plugins), strict=strict, **kwargs)  # type: ignore[arg-type]
